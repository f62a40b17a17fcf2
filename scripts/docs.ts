// `npm run docs`: makes the generated parts of README.md and docs/*.md again (the inputs and
// outputs tables from action.yml, the example workflows from examples/), the inputs' defaults as
// code (src/base/action-defaults.ts, from action.yml) and the table of what programs execute
// (src/policy/programs/executes-table.ts, from the program specs), and writes each file that changed.
// `npm run docs -- --check` writes nothing and fails when a file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTION_DEFAULTS_MODULE, actionDefaultsModule } from './generated-defaults.js';
import { documentPaths, regenerateDocument, repositorySources } from './generated-docs.js';
import { EXECUTES_MODULE, executesModule } from './generated-executes.js';
import { PROGRAMS } from '../src/policy/programs/index.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const check = process.argv.includes('--check');
const sources = repositorySources(ROOT);
const generated: Array<[string, (current: string) => Promise<string>]> = [
  ...documentPaths(ROOT).map(
    (document) =>
      [document, (current: string) => regenerateDocument(current, sources, ROOT, document)] as [
        string,
        (current: string) => Promise<string>,
      ],
  ),
  [ACTION_DEFAULTS_MODULE, () => actionDefaultsModule(sources.actionYml, ROOT)],
  [EXECUTES_MODULE, () => executesModule(PROGRAMS, ROOT)],
];
for (const [relative, regenerate] of generated) {
  const file = path.join(ROOT, relative);
  const current = readFileSync(file, 'utf8');
  const wanted = await regenerate(current);
  if (wanted === current) {
    process.stdout.write(`${relative} is up to date\n`);
  } else if (check) {
    process.stderr.write(`${relative} is out of date: run \`npm run docs\`\n`);
    process.exitCode = 1;
  } else {
    writeFileSync(file, wanted);
    process.stdout.write(`${relative} regenerated\n`);
  }
}
