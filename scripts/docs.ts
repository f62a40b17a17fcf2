// `npm run docs`: makes the generated parts of README.md again (the inputs and outputs tables from
// action.yml, the example workflows from examples/) and writes the file when they changed.
// `npm run docs -- --check` writes nothing and fails when README.md is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { regenerateReadme, repositorySources } from './readme.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = path.join(ROOT, 'README.md');

const check = process.argv.includes('--check');
const current = readFileSync(README, 'utf8');
const wanted = await regenerateReadme(current, repositorySources(ROOT), README);
if (wanted === current) {
  process.stdout.write('README.md is up to date\n');
} else if (check) {
  process.stderr.write('README.md is out of date: run `npm run docs`\n');
  process.exitCode = 1;
} else {
  writeFileSync(README, wanted);
  process.stdout.write('README.md regenerated\n');
}
