// `npm test [-- jest arguments]`: the fast tier (see jest.config.js), or the named test files, in
// whichever tier they are. `npm test -- --all` (what `npm run check` runs): both tiers, with the
// fuzzer's whole set. Two workers either way: jest's default leaves one of a 2-core machine's cores
// idle, and most tests wait on processes (bash, git, the bundle) as much as they compute. Plain JavaScript: a TypeScript loader would add its start-up
// to every run.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const all = args.includes('--all');
const rest = args.filter((arg) => arg !== '--all');
// A word that is not an option names test files (jest reads it as a path pattern).
const namesFiles = rest.some((arg) => !arg.startsWith('-'));
const jest = fileURLToPath(new URL('../node_modules/jest/bin/jest.js', import.meta.url));
const tier = all || namesFiles ? [] : ['--selectProjects', 'fast'];
const result = spawnSync(process.execPath, [jest, '--maxWorkers=2', ...tier, ...rest], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
    NODE_NO_WARNINGS: '1',
    ...(all ? { BASH_AGENT_TESTS: 'all' } : {}),
  },
});
process.exit(result.status ?? 1);
