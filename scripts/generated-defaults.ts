// The inputs' defaults as code: src/base/action-defaults.ts, made from action.yml so that the values a
// run outside a runner applies (tests, `npm run agent`) are the ones the runner would. `npm run docs`
// writes it; a test compares it with the file, as it does the generated parts of the documents.
import { formatted } from './formatted.js';
import { localDefault, parseActionYml } from './action-yml.js';

/** Where the generated module lives, relative to the repository root. */
export const ACTION_DEFAULTS_MODULE = 'src/base/action-defaults.ts';

/** The text of the generated module for action.yml's `text`, formatted as `prettier --write` would. */
export async function actionDefaultsModule(text: string, root: string): Promise<string> {
  const entries = parseActionYml(text)
    .inputs.map((input) => [input.name, localDefault(input)] as const)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `  ${JSON.stringify(name)}: ${JSON.stringify(value)},`);
  const source = [
    '// Generated from action.yml by `npm run docs`: change the default there, not here.',
    '',
    '/**',
    " * action.yml's defaults, applied when an input is empty. The runner applies them itself, but a run",
    ' * of `dist/index.js` outside a runner (tests, `npm run agent`) does not, so they must hold here',
    ' * too. An expression default (`${{ github.token }}`) has no value outside a runner and is left out.',
    ' */',
    'export const INPUT_DEFAULTS: Readonly<Record<string, string>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
  return formatted(source, root, ACTION_DEFAULTS_MODULE);
}
