// What each program executes, as a table the sandbox can load without the program specs:
// src/policy/programs/executes-table.ts, made from the specs' `executes` so that the specs stay the
// one place a program is described. `npm run docs` writes it; a test compares it with the file.
import { formatted } from './formatted.js';
import type { Executes, ProgramSpec } from '../src/policy/programs/spec.js';

/** Where the generated module lives, relative to the repository root. */
export const EXECUTES_MODULE = 'src/policy/programs/executes-table.ts';

function literal(executes: Executes): string {
  if (typeof executes === 'string') return JSON.stringify(executes);
  return `{ gitHelpers: new Set(${JSON.stringify([...executes.gitHelpers])}) }`;
}

/**
 * The text of the generated module for `programs` (name → spec, as PROGRAMS holds them), formatted
 * as `prettier --write` would: every program that says what it executes, and each of its aliases.
 */
export async function executesModule(
  programs: ReadonlyMap<string, ProgramSpec>,
  root: string,
): Promise<string> {
  const entries: Array<[string, Executes]> = [];
  for (const [name, spec] of programs) {
    if (spec.executes === undefined) continue;
    for (const key of [name, ...(spec.aliases ?? [])]) entries.push([key, spec.executes]);
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const source = [
    "// Generated from the program specs' `executes` by `npm run docs`: change a spec, not this table.",
    '',
    "import type { Executes } from './spec.js';",
    '',
    '/**',
    ' * What each program and alias executes on its own (spec.ts, `Executes`), keyed by the name',
    ' * `unaliasedName` gives. The sandbox decides exec confinement from it before the first request,',
    ' * which does not need the specs. A name that is not here may run anything.',
    ' */',
    'export const EXECUTES: ReadonlyMap<string, Executes> = new Map<string, Executes>([',
    ...entries.map(([key, executes]) => `  [${JSON.stringify(key)}, ${literal(executes)}],`),
    ']);',
    '',
  ].join('\n');
  return formatted(source, root, EXECUTES_MODULE);
}
