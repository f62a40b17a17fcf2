// The post step's entry point (`runs.post`): its own bundle, so that nothing but the post step's
// work can ever run in it, whatever the main step got to record before it was killed.
import { startClean } from './run/clean-start.js';

// Leftovers of the run may still be running: they must not find the inputs in this process's
// environment either.
startClean();
const { runPost } = await import('./post.js');
await runPost();
