/**
 * The table of what programs execute (src/policy/programs/executes-table.ts) is generated from the
 * program specs by `npm run docs`, so that the sandbox can decide exec confinement before the first
 * request without loading the specs. It must say exactly what the specs say, for every spelling of
 * a program the policy reads.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXECUTES_MODULE, executesModule } from '../scripts/generated-executes.js';
import { EXECUTES } from '../src/policy/programs/executes-table.js';
import { PROGRAMS, programName, specOf } from '../src/policy/programs/index.js';
import { unaliasedName } from '../src/policy/programs/names.js';
import type { ProgramSpec } from '../src/policy/programs/spec.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MODULE = readFileSync(path.join(ROOT, EXECUTES_MODULE), 'utf8');

/** What the policy reads for `word`, and what the sandbox reads from the table. */
const fromSpecs = (word: string) => specOf(programName(word))?.executes;
const fromTable = (word: string) => EXECUTES.get(unaliasedName(word));

describe('the generated table of what programs execute', () => {
  it('is what `npm run docs` makes of the specs (run it after changing a spec)', async () => {
    expect(await executesModule(PROGRAMS, ROOT)).toBe(MODULE);
  });

  it('is out of date as soon as a spec says more or less', async () => {
    const changed = new Map<string, ProgramSpec>(PROGRAMS);
    changed.set('sort', { ...changed.get('sort'), executes: 'nothing' });
    const { executes: _dropped, ...ls } = changed.get('ls')!;
    changed.set('ls', ls);
    const wanted = await executesModule(changed, ROOT);
    expect(wanted).toContain("['sort', 'nothing']");
    expect(wanted).not.toContain("['ls',");
    expect(MODULE).not.toContain("['sort',");
    expect(MODULE).toContain("['ls', 'nothing']");
  });

  it('says what the specs say for every program, alias, path and versioned name', () => {
    const words = new Set<string>();
    for (const [name, spec] of PROGRAMS) {
      for (const word of [name, ...(spec.aliases ?? [])]) {
        words.add(word).add(`/usr/bin/${word}`).add(`./${word}3`);
      }
    }
    // Versioned interpreters, names no spec has, and the names an object's prototype answers to.
    for (const word of ['python3.12', '/usr/local/bin/node22', 'pip3', 'gawk', 'egrep']) {
      words.add(word);
    }
    for (const word of ['make', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '']) {
      words.add(word);
    }
    const differing = [...words].filter((word) => {
      const specs = fromSpecs(word);
      const table = fromTable(word);
      if (typeof specs === 'object' && typeof table === 'object') {
        return [...specs.gitHelpers].join() !== [...table.gitHelpers].join();
      }
      return specs !== table;
    });
    expect(differing).toEqual([]);
    // The comparison would see a difference: the table holds git's helpers and the programs the
    // read-only default names, and nothing for a program that may run anything.
    expect(fromTable('/usr/bin/git')).toEqual(fromSpecs('git'));
    expect(fromTable('git')).toMatchObject({ gitHelpers: expect.any(Set) });
    expect(fromTable('egrep')).toBe('nothing');
    expect(fromTable('find')).toBe('its-commands');
    expect(fromTable('python3.12')).toBeUndefined();
    expect(fromTable('constructor')).toBeUndefined();
  });
});
