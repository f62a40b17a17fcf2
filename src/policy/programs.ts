import {
  codeDanger,
  emptyAnalysis,
  optionDanger,
  unresolvable,
  type Analysis,
  type AnalysisContext,
  type Analyzer,
  type RuntimeCheck,
} from './analysis.js';
import { guardableTarget, wordTemplate } from './read/guards.js';
import {
  GIT_COMMON_OPTIONS,
  GIT_GLOBAL_OPTIONS,
  GIT_INERT_CONFIG,
  GIT_RISKY_SUBCOMMANDS,
  GIT_SUBCOMMAND_OPTIONS,
  OPTION_TABLES,
} from './dangerous-options.js';
import {
  absorb,
  compileTable,
  optionValue,
  scanOptions,
  type CompiledTable,
  type FoundOption,
  type OptionTable,
  type ScanResult,
} from './options.js';
import { awkProgramDangers, sedScriptDangers } from './scripts.js';
import {
  analyseBusybox,
  analyseEnv,
  analyseEval,
  analyseFd,
  analyseFind,
  analyseGenericWrapper,
  analyseScript,
  analyseShell,
  analyseSource,
  analyseTrap,
  analyseWatch,
  analyseXargs,
} from './wrappers.js';
import { programName, programsWithRole } from './registry.js';
import { literalWord, mayBeOption, valueOf, type Word } from './read/words.js';

export { programName } from './registry.js';

const compiled = new Map<string, CompiledTable>();

function table(name: string, source?: OptionTable): CompiledTable | undefined {
  let result = compiled.get(name);
  if (!result) {
    const spec = source ?? OPTION_TABLES[name];
    if (!spec) return undefined;
    result = compileTable(spec);
    compiled.set(name, result);
  }
  return result;
}

function tableAnalysis(name: string, words: readonly Word[]): Analysis {
  const result = emptyAnalysis();
  const t = table(name);
  if (t) absorb(result, scanOptions(words, 1, t));
  return result;
}

const GIT_CONFIG_READS = new Set([
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--get-color',
  '--get-colorbool',
  '-l',
  '--list',
  'get',
  'list',
]);
const GIT_CONFIG_WRITES = new Set([
  '--add',
  '--unset',
  '--unset-all',
  '--replace-all',
  '--rename-section',
  '--remove-section',
  '-e',
  '--edit',
  'set',
  'unset',
  'rename-section',
  'remove-section',
  'edit',
]);

const GIT_GLOBAL = compileTable(GIT_GLOBAL_OPTIONS);

const gitTables = new Map<string, CompiledTable>();

function gitTable(subcommand: string): CompiledTable {
  let t = gitTables.get(subcommand);
  if (!t) {
    const own = GIT_SUBCOMMAND_OPTIONS[subcommand] ?? {};
    t = compileTable({
      values: [...(own.values ?? [])],
      dangerous: { ...GIT_COMMON_OPTIONS.dangerous, ...own.dangerous },
      safe: GIT_COMMON_OPTIONS.safe,
    });
    gitTables.set(subcommand, t);
  }
  return t;
}

/** git [global options] SUBCOMMAND [options and operands] */
export const analyseGit: Analyzer = (words) => {
  const result = emptyAnalysis();
  const global = scanOptions(words, 1, GIT_GLOBAL);
  absorb(result, global);
  const at = global.operands[0];
  if (at === undefined) return result;
  const sub = valueOf(words[at]);
  if (sub === undefined) return result;
  const risky = GIT_RISKY_SUBCOMMANDS[sub];
  if (risky) result.dangers.push(optionDanger(at, sub.length, `${risky} (git ${sub})`));
  const scan = scanOptions(words, at + 1, gitTable(sub));
  absorb(result, scan);
  const operandText = scan.operands.map((i) => valueOf(words[i]));
  if (sub === 'config') {
    const rest = words
      .slice(at + 1)
      .map((w) => (w.literal ? w.text.replace(/=.*$/, '') : undefined));
    const reads = rest.some((u) => u !== undefined && GIT_CONFIG_READS.has(u));
    const writes = rest.some((u) => u === undefined || GIT_CONFIG_WRITES.has(u));
    const positional = rest.filter((u) => u === undefined || !u.startsWith('-')).length;
    // `git config NAME` reads; `git config NAME VALUE` writes.
    if (writes || (!reads && positional !== 1)) {
      result.dangers.push(
        optionDanger(
          at,
          sub.length,
          'changes git configuration, which can name programs git runs (git config)',
        ),
      );
    }
  }
  if (sub === 'submodule' && operandText.includes('foreach')) {
    const i = scan.operands[operandText.indexOf('foreach')] as number;
    result.dangers.push(
      optionDanger(
        i,
        'foreach'.length,
        'runs a command in every submodule (git submodule foreach)',
      ),
    );
  }
  if (sub === 'bisect' && operandText[0] === 'run') {
    const start = (scan.operands[0] as number) + 1;
    if (start < words.length) {
      const from: number[] = [];
      for (let i = start; i < words.length; i++) from.push(i);
      result.inner.push({ words: words.slice(start), from, where: 'run by git bisect run' });
    }
  }
  return result;
};

/** tar also takes old-style options: `tar cvfI archive prog` (letters without a dash, values after). */
export const analyseTar: Analyzer = (words) => {
  const result = emptyAnalysis();
  const t = table('tar') as CompiledTable;
  let from = 1;
  const first = words[1];
  if (first?.literal && /^[A-Za-z]+$/.test(first.text)) {
    let next = 2;
    for (const letter of first.text) {
      const spec = t.short.get(letter);
      if (spec?.danger) {
        result.dangers.push(
          optionDanger(
            1,
            first.text.length,
            `${typeof spec.danger === 'string' ? spec.danger : spec.danger.why} (tar ${letter})`,
          ),
        );
      }
      if (letter === 'f') {
        const archive = valueOf(words[next]);
        if (archive?.includes(':'))
          result.dangers.push(
            optionDanger(next, archive.length, 'uses an archive on another host, through rsh'),
          );
      }
      if (spec && spec.arity === 'required') next++;
    }
    from = next;
  }
  const scan = scanOptions(words, from, t);
  absorb(result, scan);
  // As the scan reads it: after `--` the word is a file name and forces nothing.
  const forceLocal = scan.options.some((option) => option.name === '--force-local');
  for (const option of scan.options) {
    const value = optionValue(option);
    if ((option.name === '-f' || option.name === '--file') && value?.includes(':') && !forceLocal) {
      result.dangers.push(
        optionDanger(option.index, option.spell, 'uses an archive on another host, through rsh'),
      );
    }
  }
  return result;
};

export const analyseZip: Analyzer = (words) => {
  const result = tableAnalysis('zip', words);
  words.forEach((w, i) => {
    if (i > 0 && w.literal && /^-[^-]*TT/.test(w.text)) {
      result.dangers.push(
        optionDanger(i, w.text.indexOf('TT') + 2, 'runs a program to test the archive (zip -TT)'),
      );
    }
  });
  return result;
};

/**
 * sed: -i and -f are table options; the script itself may run programs (e) or write files (w).
 * `--sandbox` earns nothing: after `--` it is a file name, and the script is judged the same either way.
 */
export const analyseSed: Analyzer = (words) => {
  const result = emptyAnalysis();
  const t = table('sed') as CompiledTable;
  const scan = scanOptions(words, 1, t);
  absorb(result, scan);
  const scripts: Array<{ index: number; value: Word | string | undefined }> = scan.options
    .filter((o) => o.name === '-e' || o.name === '--expression')
    .map((o) => ({ index: o.valueIndex ?? o.index, value: o.value }));
  const fromFile = scan.options.some((o) => o.name === '-f' || o.name === '--file');
  let files = scan.operands;
  if (scripts.length === 0 && !fromFile && scan.operands[0] !== undefined) {
    scripts.push({ index: scan.operands[0], value: words[scan.operands[0]] });
    files = scan.operands.slice(1);
  }
  const commands: string[] = [];
  const read = (text: string): string[] => sedScriptDangers(text, commands);
  for (const { index, value } of scripts)
    addProgramDangers(result, index, value, read, 'sed script', SED_STRUCTURE);
  for (const text of commands)
    result.scripts.push({ text, where: 'in the command run by sed e', index: undefined });
  const inPlace = scan.options.find((o) => o.name === '-i' || o.name === '--in-place');
  const unknown = possibleOperands(words, scan).filter((i) => !scan.operands.includes(i));
  if (inPlace) addInPlaceWrites(result, words, inPlace, [...files, ...unknown]);
  return result;
};

/**
 * The characters that end a sed command or escape out of a field (a line break, `\\`, `;`, braces,
 * a comment): with none of them, nor a delimiter of the script's own, a variable's value stays
 * inside the field it is written in.
 */
const SED_STRUCTURE = '\n\r\\;{}#';

/**
 * A word built from variables (`"s/$OLD/$NEW/"`) whose reading is safe wherever a variable's value
 * stays in the field it is written in: read with `e` (sed's command that runs a program, and a
 * flag of `s` that does) in each variable's place, it has no danger, so no value is read as a
 * command or a flag; the guard then forbids, in the values, the characters that would leave a
 * field (`structure`) and every other punctuation of the script itself (its delimiters).
 */
function runtimeCheck(
  word: Word,
  index: number,
  read: (text: string) => string[],
  what: string,
  structure: string,
): RuntimeCheck | undefined {
  if (!guardableTarget(word)) return undefined;
  const template = wordTemplate(word.source, 'e');
  if (template.variables.length === 0 || read(template.text).length > 0) return undefined;
  const punctuation = template.literal.replace(/[A-Za-z0-9 ]/g, '');
  return { index, variables: template.variables, forbidden: structure + punctuation, what };
}

/**
 * awk: the program (first operand, or -e/--source) may run programs or write files. gawk's `-S` is
 * no excuse: mawk and busybox awk have no sandbox, and after the program `-S` is only an operand.
 */
export const analyseAwk: Analyzer = (words) => {
  const result = emptyAnalysis();
  const t = table('awk') as CompiledTable;
  const scan = scanOptions(words, 1, t);
  absorb(result, scan);
  const programs: Array<{ index: number; value: Word | string | undefined }> = scan.options
    .filter((o) => o.name === '-e' || o.name === '--source')
    .map((o) => ({ index: o.valueIndex ?? o.index, value: o.value }));
  const fromFile = scan.options.some((o) => ['-f', '--file', '-E', '--exec'].includes(o.name));
  if (programs.length === 0 && !fromFile && scan.operands[0] !== undefined) {
    programs.push({ index: scan.operands[0], value: words[scan.operands[0]] });
  }
  for (const { index, value } of programs)
    addProgramDangers(result, index, value, awkProgramDangers, 'awk program');
  return result;
};

function addProgramDangers(
  result: Analysis,
  index: number,
  value: Word | string | undefined,
  read: (text: string) => string[],
  what: string,
  guardRule?: string,
): void {
  const text = typeof value === 'string' ? value : valueOf(value);
  const length = typeof value === 'string' ? value.length : (value?.text.length ?? 0);
  if (text === undefined) {
    const check =
      typeof value === 'object' && guardRule
        ? runtimeCheck(value, index, read, what, guardRule)
        : undefined;
    if (check) (result.runtimeChecks ??= []).push(check);
    else
      result.dangers.push(codeDanger(index, 0, `runs a ${what} that is not known until run time`));
    return;
  }
  // A pattern that spells the whole program out allows it; writing a file is an ordinary
  // option-like danger, running a program is code the policy cannot follow.
  for (const why of read(text)) {
    result.dangers.push((why.startsWith('writes') ? optionDanger : codeDanger)(index, length, why));
  }
}

/**
 * `-i[SUFFIX]` (sed, perl, ruby) rewrites each file it reads, and writes FILE+SUFFIX as a backup:
 * writes of those files. A suffix with `/` or `*` names the backup's place, which is refused.
 */
function addInPlaceWrites(
  result: Analysis,
  words: readonly Word[],
  option: FoundOption,
  files: readonly number[],
): void {
  const value = option.value;
  const suffix = typeof value === 'string' ? value : value === undefined ? '' : valueOf(value);
  if (suffix === undefined || /[/*]/.test(suffix)) {
    result.dangers.push(
      optionDanger(option.index, 0, `puts backups where its suffix says (${option.name})`),
    );
    return;
  }
  const write = (target: Word): void => {
    result.writes.push({ index: option.index, spell: option.spell, option: option.name, target });
  };
  for (const file of files) {
    const word = words[file] as Word;
    write(word);
    if (suffix !== '') write(word.literal ? literalWord(word.text + suffix, word.start) : word);
  }
}

/** Interpreters: code options are table dangers; with no script they read code from stdin. */
function analyseInterpreter(name: string): Analyzer {
  return (words, context) => {
    const result = emptyAnalysis();
    const t = table(name);
    if (!t) return result;
    const scan = scanOptions(words, 1, t);
    absorb(result, scan);
    const inPlace = scan.options.find((o) => o.name === '-i');
    if (inPlace) {
      // With -e the operands are all files; without, the first one is the script.
      const inline = scan.options.some((o) => o.name === '-e' || o.name === '-E');
      addInPlaceWrites(result, words, inPlace, scan.operands.slice(inline ? 0 : 1));
    }
    if (scan.terminalAt !== undefined || scan.dangers.length > 0) return result;
    if (name === 'deno' && valueOf(words[1]) === 'eval') {
      result.dangers.push(codeDanger(1, 4, 'runs code given on the command line (deno eval)'));
      return result;
    }
    const script = scan.operands[0];
    if (script !== undefined && valueOf(words[script]) !== '-') {
      const word = words[script] as Word;
      if (!word.literal && word.source.startsWith('<(')) {
        result.dangers.push(unresolvable(script, `${name} runs code produced by a command`));
      }
      return result;
    }
    if (['deno', 'bun', 'R', 'osascript', 'jrunscript', 'expect'].includes(name)) return result;
    addStdinCode(result, name, context);
    return result;
  };
}

function addStdinCode(result: Analysis, name: string, context: AnalysisContext): void {
  if (context.stdin.kind === 'text') {
    result.dangers.push(codeDanger(0, 0, `runs ${name} code from standard input`));
  } else if (context.stdin.kind === 'pipe') {
    result.dangers.push(unresolvable(0, `${name} runs code read from a pipe`));
  }
}

/** ed and ex read editing commands, which include `!command`, from standard input. */
function analyseLineEditor(name: string): Analyzer {
  return (words, context) => {
    const result = name === 'vim' ? tableAnalysis('vim', words) : tableAnalysis(name, words);
    if (context.stdin.kind === 'text' || context.stdin.kind === 'pipe') {
      result.dangers.push(
        optionDanger(
          0,
          0,
          `${name} reads editing commands from standard input, which can run programs`,
        ),
      );
    }
    return result;
  };
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variable part of NAME, NAME=VALUE, NAME+=VALUE or NAME[N]=VALUE. */
function variableOf(
  word: Word,
): { name: string; length: number; subscript: string | undefined } | undefined {
  const known = word.literal ? word.text : word.prefix;
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?=|$)/.exec(known);
  if (!m) return undefined;
  if (!word.literal && m[3] === '' && m[0] === known) return undefined;
  return {
    name: m[1] as string,
    length: (m[1] as string).length + (m[2]?.length ?? 0) + (m[3]?.length ?? 0),
    subscript: m[2],
  };
}

/** declare, typeset, local, export, readonly: options, then NAME[=VALUE] words. */
function analyseDeclaration(name: string): Analyzer {
  return (words) => {
    const result = emptyAnalysis();
    const flags = new Set<string>();
    let i = 1;
    for (; i < words.length; i++) {
      const word = words[i] as Word;
      if (!word.literal) {
        if (mayBeOption(word) || word.text.startsWith('+')) {
          result.dangers.push(unresolvable(i, `'${word.source}' could change what ${name} does`));
          return result;
        }
        break;
      }
      if (word.text === '--') {
        i++;
        break;
      }
      if (!/^[-+][a-zA-Z]+$/.test(word.text)) break;
      if (word.text.startsWith('-')) for (const c of word.text.slice(1)) flags.add(c);
    }
    const exported = name === 'export' ? !flags.has('n') : flags.has('x');
    if (flags.has('n') && name !== 'export') {
      result.dangers.push(
        optionDanger(1, 0, `makes a name refer to another variable (${name} -n)`),
      );
    }
    if (flags.has('f') && exported) {
      result.dangers.push(optionDanger(1, 0, `exports a shell function to programs (${name} -f)`));
      return result;
    }
    if (flags.has('f') || flags.has('F')) return result;
    for (; i < words.length; i++) {
      const word = words[i] as Word;
      const variable = variableOf(word);
      if (!variable) {
        result.dangers.push(
          unresolvable(i, `sets a variable whose name is not known until run time (${name})`),
        );
        continue;
      }
      if (variable.subscript !== undefined && !/^\[[0-9]+\]$/.test(variable.subscript)) {
        result.dangers.push(
          unresolvable(
            i,
            'uses an array subscript the policy cannot check (subscripts run commands)',
          ),
        );
        continue;
      }
      if (
        flags.has('i') &&
        word.text.includes('=') &&
        !(word.literal && /=[0-9]+$/.test(word.text))
      ) {
        result.dangers.push(
          unresolvable(i, 'gives an integer variable a value that is evaluated as arithmetic'),
        );
      }
      const eq = word.text.indexOf('=');
      const value =
        eq < 0
          ? undefined
          : { ...word, text: word.text.slice(eq + 1), prefix: word.prefix.slice(eq + 1) };
      result.variables.push({
        index: i,
        name: variable.name,
        exported,
        spell: variable.length,
        value,
      });
    }
    return result;
  };
}

/** read, mapfile/readarray, getopts, printf -v: the names they assign. */
const analyseRead: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, table('read') as CompiledTable);
  absorb(result, scan);
  const names = [...scan.operands];
  for (const option of scan.options)
    if (option.name === '-a' && option.valueIndex !== undefined) names.push(option.valueIndex);
  addNames(result, words, names, 'read');
  return result;
};

const analyseMapfile: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, table('mapfile') as CompiledTable);
  absorb(result, scan);
  addNames(result, words, scan.operands.slice(0, 1), 'mapfile');
  return result;
};

const analyseGetopts: Analyzer = (words) => {
  const result = emptyAnalysis();
  addNames(result, words, words.length > 2 ? [2] : [], 'getopts');
  return result;
};

const analysePrintf: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, table('printf') as CompiledTable);
  absorb(result, scan);
  for (const option of scan.options) {
    if (option.name === '-v') {
      if (option.valueIndex !== undefined)
        addNames(result, words, [option.valueIndex], 'printf -v');
      else if (typeof option.value === 'string' && NAME.test(option.value)) {
        result.variables.push({
          index: option.index,
          name: option.value,
          exported: false,
          spell: option.spell + option.value.length,
        });
      } else {
        result.dangers.push(
          unresolvable(option.index, 'printf -v assigns a name the policy cannot check'),
        );
      }
    }
  }
  return result;
};

function addNames(
  result: Analysis,
  words: readonly Word[],
  indices: readonly number[],
  what: string,
): void {
  for (const i of indices) {
    const word = words[i] as Word;
    if (!word.literal || !NAME.test(word.text)) {
      result.dangers.push(
        unresolvable(
          i,
          `${what} assigns a name the policy cannot check (array subscripts run commands)`,
        ),
      );
    } else {
      result.variables.push({
        index: i,
        name: word.text,
        exported: false,
        spell: word.text.length,
      });
    }
  }
}

const analyseUnset: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (word.literal && /^-[fvn]+$/.test(word.text)) continue;
    if (
      !word.literal ||
      (word.text.includes('[') && !/^[A-Za-z_][A-Za-z0-9_]*\[-?[0-9]+\]$/.test(word.text))
    ) {
      result.dangers.push(
        unresolvable(i, 'unsets a name the policy cannot check (array subscripts run commands)'),
      );
    }
  }
  return result;
};

/** Arithmetic on literal numbers only. */
const LET_NUMBERS = /^[0-9\s+\-*/%()<>=!&|^~]*$/;
/** `NAME=EXPR` where EXPR is arithmetic on literal numbers (`==` is a comparison, not this). */
const LET_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(?!=)([0-9\s+\-*/%()<>!&|^~]*)$/;

/**
 * `let` evaluates arithmetic, which runs commands hidden in variable values: it may compute on
 * numbers and assign the result to a plain name (`let a=4*5`), checked as any assignment is, but it
 * may not read a variable (`let a=b+1` evaluates b's value).
 */
const analyseLet: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    const assigns = word.literal ? LET_ASSIGNMENT.exec(word.text) : null;
    if (assigns) {
      const name = assigns[1] as string;
      result.variables.push({ index: i, name, exported: false, spell: name.length + 1 });
      continue;
    }
    if (!word.literal || !LET_NUMBERS.test(word.text)) {
      result.dangers.push(
        unresolvable(
          i,
          'evaluates arithmetic on variables, which can run commands hidden in their values',
        ),
      );
    }
  }
  return result;
};

/** test / [: `-v NAME` with a subscript runs commands. */
const analyseTest: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) continue;
    if (word.text === '-v' || word.text === '-R') {
      const operand = words[i + 1];
      if (operand && (!operand.literal || operand.text.includes('['))) {
        result.dangers.push(
          unresolvable(
            i + 1,
            `tests ${word.text} on a name the policy cannot check (array subscripts run commands)`,
          ),
        );
      }
    }
  }
  return result;
};

/** cd, pushd, popd change the directory later redirections resolve against. */
const analyseCd: Analyzer = (words) => {
  const result: Analysis = { ...emptyAnalysis(), changesDirectory: { target: undefined } };
  let i = 1;
  for (; i < words.length; i++) {
    const text = valueOf(words[i]);
    if (text === '--') {
      i++;
      break;
    }
    if (text === undefined || !/^-[LPe@]+$/.test(text)) break;
  }
  return { ...result, changesDirectory: { target: words[i] } };
};

const analysePushd: Analyzer = (words) => {
  const target = words[1];
  const text = valueOf(target);
  const known = target && text !== undefined && !/^[-+]/.test(text) ? target : undefined;
  return { ...emptyAnalysis(), changesDirectory: { target: known } };
};

const analysePopd: Analyzer = () => ({
  ...emptyAnalysis(),
  changesDirectory: { target: undefined },
});

/** alias NAME=VALUE changes what a later command word runs. */
const analyseAlias: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    const known = word.literal ? word.text : word.prefix;
    if (word.literal && !known.includes('=')) continue;
    const eq = known.indexOf('=');
    result.dangers.push(
      optionDanger(
        i,
        eq < 0 ? 0 : word.text.length,
        'defines an alias, which changes what a later command runs',
      ),
    );
    result.renames.push({ index: i, text: word.literal ? word.text.slice(eq + 1) : undefined });
  }
  return result;
};

/** hash -p PATH NAME makes NAME run PATH. */
const analyseHash: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, table('hash') as CompiledTable);
  absorb(result, scan);
  for (const option of scan.options) {
    if (option.name !== '-p') continue;
    const path = optionValue(option);
    result.renames.push({
      index: option.index,
      text: path === undefined ? undefined : quoted(path),
    });
  }
  return result;
};

/**
 * ln, cp, mv, install: a link or copy of a program runs that program under the new name
 * (`ln -s /bin/rm del`). The sources are what the new names will stand for.
 */
const COPY_TABLE = compileTable({
  values: ['-t, --target-directory=DIRECTORY', '-S, --suffix=SUFFIX', '-m, --mode=MODE'],
});

const analyseCopy: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, COPY_TABLE);
  const intoDirectory = scan.options.some(
    (o) => o.name === '-t' || o.name === '--target-directory',
  );
  const sources = intoDirectory ? scan.operands : scan.operands.slice(0, -1);
  for (const i of sources) {
    const word = words[i] as Word;
    result.renames.push({ index: i, text: word.literal ? quoted(word.text) : undefined });
  }
  return result;
};

/** tee FILE…: writes each file it names. */
const TEE_TABLE = compileTable({ values: ['--output-error[=MODE]'] });

const analyseTee: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, TEE_TABLE);
  for (const i of possibleOperands(words, scan)) {
    const word = words[i] as Word;
    if (word.literal && word.text === '-') continue;
    result.writes.push({ index: i, spell: word.text.length, option: 'tee', target: word });
  }
  return result;
};

/**
 * The words a program may take as file operands: the scan's operands, and the words whose value is
 * unknown that the scan set aside as possible options (`"$f"` may as well be a file name).
 */
function possibleOperands(words: readonly Word[], scan: ScanResult): number[] {
  const values = new Set(scan.options.map((o) => o.valueIndex));
  const operands = new Set(scan.operands);
  for (let i = 1; i < words.length; i++)
    if (!(words[i] as Word).literal && !values.has(i)) operands.add(i);
  return [...operands].sort((a, b) => a - b);
}

/** A single-quoted shell word. */
function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** make NAME=VALUE overrides a variable of the makefile, which can change the commands it runs. */
const analyseMake: Analyzer = (words) => {
  const result = tableAnalysis('make', words);
  const scan = scanOptions(words, 1, table('make') as CompiledTable);
  for (const i of scan.operands) {
    const word = words[i] as Word;
    const known = word.literal ? word.text : word.prefix;
    if (/^[^=\s]+=/.test(known)) {
      result.dangers.push(
        optionDanger(
          i,
          known.indexOf('=') + 1,
          'overrides a make variable, which can change the commands make runs',
        ),
      );
    }
  }
  return result;
};

const analyseNpm: Analyzer = (words) => {
  const result = tableAnalysis('npm', words);
  const scan = scanOptions(words, 1, table('npm') as CompiledTable);
  const sub = scan.operands[0];
  if (sub !== undefined && valueOf(words[sub]) === 'explore') {
    result.dangers.push(
      optionDanger(sub, 'explore'.length, 'runs a shell command in a package (npm explore)'),
    );
  }
  return result;
};

/** Programs whose second file operand is written (uniq IN OUT, xxd IN OUT). */
function analyseOutputOperand(name: string, source: OptionTable, position: number): Analyzer {
  return (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, table(name, source) as CompiledTable);
    absorb(result, scan);
    const operands = possibleOperands(words, scan);
    // A word that splits before the output may put any later word in its place.
    const split = operands.slice(0, position + 1).find((i) => (words[i] as Word).splits);
    const out = split ?? operands[position];
    if (out !== undefined) {
      const word = words[out] as Word;
      if (!(word.literal && word.text === '-')) {
        const spell = word.literal ? word.text.length : 0;
        result.writes.push({ index: out, spell, option: `${name}'s output file`, target: word });
      }
    }
    return result;
  };
}

const analyseDd: Analyzer = (words) => {
  const result = emptyAnalysis();
  words.forEach((w, i) => {
    const known = w.literal ? w.text : w.prefix;
    if (i > 0 && known.startsWith('of=')) {
      const target = w.literal ? literalWord(w.text.slice(3), w.start) : { ...w, literal: false };
      result.writes.push({ index: i, spell: 3, option: 'of=', target });
    } else if (i > 0 && !w.literal && known === '') {
      result.dangers.push(optionDanger(i, 3, 'may write a file (dd of=)'));
    }
  });
  return result;
};

const analyseSocat: Analyzer = (words) => {
  const result = emptyAnalysis();
  words.forEach((w, i) => {
    if (i === 0) return;
    if (!w.literal) {
      result.dangers.push(optionDanger(i, 0, 'uses a socat address not known until run time'));
    } else if (/^(exec|system)[:,]/i.test(w.text)) {
      result.dangers.push(optionDanger(i, w.text.length, 'runs a program (socat EXEC/SYSTEM)'));
    } else if (
      /^(open|create|gopen|pipe|unix-listen|unix-connect|unix-sendto|unix-recvfrom|unix-recv|unix-client)[:,]/i.test(
        w.text,
      ) ||
      /^[./~]/.test(w.text)
    ) {
      result.dangers.push(optionDanger(i, w.text.length, 'opens a file (socat)'));
    }
  });
  return result;
};

const analyseStringRunner: Analyzer = (words) => {
  const result = emptyAnalysis();
  result.dangers.push(
    codeDanger(
      0,
      0,
      `${programName(words[0]?.text ?? '')} runs command strings through a shell in ways the policy cannot check`,
    ),
  );
  return result;
};

const SPECIAL: Record<string, Analyzer> = {
  git: analyseGit,
  find: analyseFind,
  fd: analyseFd,
  fdfind: analyseFd,
  xargs: analyseXargs,
  env: analyseEnv,
  eval: analyseEval,
  source: analyseSource('source'),
  '.': analyseSource('.'),
  trap: analyseTrap,
  watch: analyseWatch,
  script: analyseScript,
  busybox: analyseBusybox,
  tar: analyseTar,
  zip: analyseZip,
  sed: analyseSed,
  awk: analyseAwk,
  declare: analyseDeclaration('declare'),
  typeset: analyseDeclaration('typeset'),
  local: analyseDeclaration('local'),
  export: analyseDeclaration('export'),
  readonly: analyseDeclaration('readonly'),
  read: analyseRead,
  mapfile: analyseMapfile,
  getopts: analyseGetopts,
  printf: analysePrintf,
  unset: analyseUnset,
  let: analyseLet,
  test: analyseTest,
  '[': analyseTest,
  cd: analyseCd,
  pushd: analysePushd,
  popd: analysePopd,
  alias: analyseAlias,
  hash: analyseHash,
  ln: analyseCopy,
  cp: analyseCopy,
  mv: analyseCopy,
  install: analyseCopy,
  tee: analyseTee,
  make: analyseMake,
  gmake: analyseMake,
  npm: analyseNpm,
  uniq: analyseOutputOperand(
    'uniq',
    {
      values: [
        '-f, --skip-fields=N',
        '-s, --skip-chars=N',
        '-w, --check-chars=N',
        '--all-repeated[=METHOD]',
        '--group[=METHOD]',
      ],
    },
    1,
  ),
  xxd: analyseOutputOperand(
    'xxd',
    { values: ['-c COLS', '-g BYTES', '-l LEN', '-o OFFSET', '-s SEEK', '-n NAME'] },
    1,
  ),
  sponge: analyseOutputOperand('sponge', {}, 0),
  dd: analyseDd,
  socat: analyseSocat,
  ed: analyseLineEditor('ed'),
  red: analyseLineEditor('ed'),
};

for (const shell of programsWithRole('shell')) SPECIAL[shell] = analyseShell(shell);
for (const name of programsWithRole('wrapper')) SPECIAL[name] ??= analyseGenericWrapper(name);
for (const name of programsWithRole('string-runner')) SPECIAL[name] = analyseStringRunner;
for (const name of programsWithRole('interpreter')) SPECIAL[name] = analyseInterpreter(name);

/** What running these words does beyond what their pattern shows. */
export function analyseProgram(words: readonly Word[], context: AnalysisContext): Analysis {
  const first = words[0];
  if (!first) return emptyAnalysis();
  const name = programName(first.text);
  if (name === 'vim' && first.text.endsWith('ex')) return analyseLineEditor('vim')(words, context);
  const special = SPECIAL[name];
  if (special) return special(words, context);
  return tableAnalysis(name, words);
}

/** Keywords that run the command after them and need no pattern of their own. */
export const TRANSPARENT = new Set(['time']);

/** Global options of git that change nothing a pattern is about: skipped before matching. */
const HARMLESS_GIT_GLOBAL = new Set([
  '--no-pager',
  '-P',
  '--no-optional-locks',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-replace-objects',
  '--no-advice',
  '--no-lazy-fetch',
]);

/**
 * git's words as a pattern should see them: harmless global options and configuration that names
 * no program (`-c color.ui=never`) dropped, and `-C DIR` taken out as the directories git moves
 * to first (checked as `cd DIR`). Stops at the first global option it does not know to be plain.
 */
export function canonicalGit(words: readonly Word[]): {
  words: readonly Word[];
  directories: Word[];
} {
  const directories: Word[] = [];
  let i = 1;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) break;
    if (HARMLESS_GIT_GLOBAL.has(word.text)) continue;
    const value = words[i + 1];
    if (word.text === '-C' && value?.literal && value.text !== '' && !value.tilde) {
      directories.push(value);
      i++;
      continue;
    }
    if (word.text === '-c' && value?.literal && GIT_INERT_CONFIG.test(value.text)) {
      i++;
      continue;
    }
    break;
  }
  if (i === 1) return { words, directories };
  return { words: [words[0] as Word, ...words.slice(i)], directories };
}

/** `git -C x push` as `git push`, so a deny pattern cannot be stepped around with global options. */
export function withoutGitGlobalOptions(words: readonly Word[]): readonly Word[] {
  const scan = scanOptions(words, 1, GIT_GLOBAL);
  const at = scan.operands[0];
  if (at === undefined || at === 1) return words;
  return [words[0] as Word, ...words.slice(at)];
}
