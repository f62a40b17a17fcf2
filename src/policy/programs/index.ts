import type { Word } from '../read/words.js';
import { emptyAnalysis, type Analysis, type AnalysisContext, type Analyzer } from './analysis.js';
import { BUILTINS } from './builtins.js';
import { unaliasedName } from './names.js';
import { tableAnalysis } from './common.js';
import { EDITORS } from './editors.js';
import { ARCHIVES } from './archives.js';
import { FILE_TOOLS } from './file-tools.js';
import { FINDERS } from './find.js';
import { VERSION_CONTROL } from './git.js';
import { analyseInterpreter, INTERPRETERS } from './interpreters.js';
import { NETWORK } from './network.js';
import { PACKAGE_MANAGERS } from './package-managers.js';
import { analyseStringRunner, RUNNERS } from './runners.js';
import { analyseShell, SHELLS } from './shells.js';
import type { ProgramFamily, ProgramLookup, ProgramSpec, Role } from './spec.js';
import { TEXT_TOOLS } from './text-tools.js';
import { analyseWrapper, WRAPPERS } from './wrappers.js';

export type { Executes, ProgramSpec, Role } from './spec.js';
export { canonicalGit, withoutGitGlobalOptions } from './git.js';

/*
 * The lookup table of every program the policy knows, built from one file per family. A name is
 * either a program's own or one of its aliases, never both, and belongs to one family only.
 */

export const FAMILIES: Readonly<Record<string, ProgramFamily>> = {
  shells: SHELLS,
  interpreters: INTERPRETERS,
  wrappers: WRAPPERS,
  runners: RUNNERS,
  builtins: BUILTINS,
  find: FINDERS,
  'file-tools': FILE_TOOLS,
  archives: ARCHIVES,
  'text-tools': TEXT_TOOLS,
  network: NETWORK,
  git: VERSION_CONTROL,
  'package-managers': PACKAGE_MANAGERS,
  editors: EDITORS,
};

function buildTable(): {
  programs: ReadonlyMap<string, ProgramSpec>;
  aliases: ReadonlyMap<string, string>;
} {
  const programs = new Map<string, ProgramSpec>();
  const aliases = new Map<string, string>();
  const taken = (name: string): boolean => programs.has(name) || aliases.has(name);
  for (const [family, members] of Object.entries(FAMILIES)) {
    for (const [name, spec] of Object.entries(members)) {
      if (taken(name)) throw new Error(`program '${name}' of ${family} is named twice`);
      programs.set(name, spec);
      for (const alias of spec.aliases ?? []) {
        if (taken(alias)) throw new Error(`alias '${alias}' of ${name} is named twice`);
        aliases.set(alias, name);
      }
    }
  }
  return { programs, aliases };
}

const TABLE = buildTable();

/** Every program with a spec, by the name `programName` gives. */
export const PROGRAMS: ReadonlyMap<string, ProgramSpec> = TABLE.programs;

/** The program a command word names: `/usr/bin/python3.12` → `python`, `gawk` → `awk`. */
export function programName(word: string): string {
  const unaliased = unaliasedName(word);
  return TABLE.aliases.get(unaliased) ?? unaliased;
}

/** The spec of a program, by the name `programName` gives. */
export function specOf(name: string): ProgramSpec | undefined {
  return TABLE.programs.get(name);
}

/** The role of a program, by the name `programName` gives. */
export function roleOf(name: string): Role {
  return specOf(name)?.role ?? 'plain';
}

/** Programs that run their arguments as commands or code: never fed words by xargs. */
export function runsItsArguments(name: string): boolean {
  return roleOf(name) !== 'plain';
}

/** A builtin that only steers loops and functions, by its word as written (`break`). */
export function controlsFlow(word: string): boolean {
  return specOf(word)?.controlsFlow === true;
}

/** A keyword that runs the command after it, by its word as written (`time`). */
export function isTransparent(word: string): boolean {
  return specOf(word)?.transparent === true;
}

const LOOKUP: ProgramLookup = { nameOf: programName, specOf };

/** The analyser a spec names, or the one its role implies, or its option table's. */
function analyserOf(name: string, spec: ProgramSpec): Analyzer {
  if (spec.analyse) return spec.analyse;
  switch (spec.role) {
    case 'shell':
      return analyseShell(name);
    case 'interpreter':
      return analyseInterpreter(name, spec.options);
    case 'wrapper':
      return analyseWrapper(name, spec.wrapper);
    case 'string-runner':
      return analyseStringRunner;
    default:
      return (words) => tableAnalysis(spec.options, words);
  }
}

const ANALYSERS = new Map<string, Analyzer>(
  [...TABLE.programs].map(([name, spec]) => [name, analyserOf(name, spec)]),
);

/** What running these words does beyond what their pattern shows. */
export function analyseProgram(words: readonly Word[], context: AnalysisContext): Analysis {
  const first = words[0];
  if (!first) return emptyAnalysis();
  const analyse = ANALYSERS.get(programName(first.text));
  if (!analyse) return emptyAnalysis();
  return analyse(words, { ...context, programs: LOOKUP });
}
