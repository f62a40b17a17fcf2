// The action's entry point: the only module with a side effect on import.
import { run } from './main.js';

await run();
