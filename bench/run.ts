// `npm run bench [-- name…]`: runs every bench/*.bench.ts (or those whose names contain a given word)
// in its own process (a fresh heap for each, so one benchmark's garbage never lands in another's RSS
// figures), one after the other, on the Node the action ships for, whatever Node runs this script.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { shippedNode } from '../__fixtures__/node24.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();

const node = shippedNode();
let failed = 0;
for (const name of files) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(node, ['--import', 'tsx', '--expose-gc', `${here}${name}`], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
