/**
 * The inputs' defaults as code (src/base/action-defaults.ts) are generated from action.yml by
 * `npm run docs`: the file must be exactly what that makes, so a default changed in action.yml and
 * not regenerated fails here instead of running with the old value outside a runner.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseActionYml } from '../scripts/action-yml.js';
import { ACTION_DEFAULTS_MODULE, actionDefaultsModule } from '../scripts/generated-defaults.js';
import { INPUT_DEFAULTS } from '../src/base/action-defaults.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ACTION_YML = readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
const MODULE = readFileSync(path.join(ROOT, ACTION_DEFAULTS_MODULE), 'utf8');

describe('the generated defaults', () => {
  it('are what `npm run docs` makes of action.yml (run it after changing a default)', async () => {
    expect(await actionDefaultsModule(ACTION_YML, ROOT)).toBe(MODULE);
  });

  it('are out of date as soon as a default changes in action.yml', async () => {
    const changed = ACTION_YML.replace(
      /(\n {2}max-turns:\n(?: {4}.*\n)*? {4}default: )'?30'?\n/,
      "$1'45'\n",
    );
    expect(changed).not.toBe(ACTION_YML);
    const wanted = await actionDefaultsModule(changed, ROOT);
    expect(wanted).not.toBe(MODULE);
    expect(wanted).toContain("'max-turns': '45'");
  });

  it('leave out a default only a runner can give (an expression), so the input reads as empty', () => {
    const declared = parseActionYml(ACTION_YML).inputs.find(
      (input) => input.name === 'github-token',
    );
    expect(declared?.default).toContain('${{');
    expect(INPUT_DEFAULTS).not.toHaveProperty('github-token');
  });
});
