// `npm run docs`: makes the generated parts of README.md and docs/*.md again (the inputs and
// outputs tables from action.yml, the example workflows from examples/) and writes each file that
// changed. `npm run docs -- --check` writes nothing and fails when a file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentPaths, regenerateDocument, repositorySources } from './generated-docs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const check = process.argv.includes('--check');
const sources = repositorySources(ROOT);
for (const document of documentPaths(ROOT)) {
  const file = path.join(ROOT, document);
  const current = readFileSync(file, 'utf8');
  const wanted = await regenerateDocument(current, sources, ROOT, document);
  if (wanted === current) {
    process.stdout.write(`${document} is up to date\n`);
  } else if (check) {
    process.stderr.write(`${document} is out of date: run \`npm run docs\`\n`);
    process.exitCode = 1;
  } else {
    writeFileSync(file, wanted);
    process.stdout.write(`${document} regenerated\n`);
  }
}
