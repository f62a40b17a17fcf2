// `npm run bench`: runs every bench/*.bench.ts in its own process (a fresh heap for each, so one
// benchmark's garbage never lands in another's RSS figures), one after the other, on this machine.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();

let failed = 0;
for (const name of files) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', `${here}${name}`], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
