import {
  codeDanger,
  optionDanger,
  type Analysis,
  type Danger,
  type InnerCommand,
  type InnerScript,
  type OptionWrite,
} from './analysis.js';
import { literalWord, mayBeOption, unknownWords, type Word } from '../read/words.js';

/**
 * A program's options, written the way its man page writes them, so the tables read like the
 * documentation they come from:
 *
 *   values:    options that take a value, e.g. '-k, --key=KEYDEF', '-i[SUFFIX], --in-place[=SUFFIX]'
 *   dangerous: options that write files or run programs, with what they do ("runs …" marks code
 *              the policy cannot follow: the single pattern `*` does not allow it, a spelling
 *              pattern does)
 *
 * Options not listed are flags. A long option may be abbreviated to any prefix (GNU getopt_long
 * accepts unique prefixes); a prefix of a dangerous option counts as that option.
 */
export interface OptionTable {
  readonly values?: readonly string[];
  /** Options without a value that matter to an analysis (`command -v`); others need no listing. */
  readonly flags?: readonly string[];
  readonly dangerous?: Readonly<Record<string, DangerSpec>>;
  /** Long options that are prefixes of dangerous ones but are safe when spelled exactly. */
  readonly safe?: readonly string[];
  /** Options are recognised only before the first operand (POSIX builtins, python, perl…). */
  readonly optionsFirst?: boolean;
  /** Options after which everything is an operand (`python -c CODE args…`). */
  readonly terminal?: readonly string[];
  /** Multi-letter options take one dash (`go -toolexec`, `gdb -ex`); letters do not bundle. */
  readonly singleDashLong?: boolean;
}

/**
 * Why an option is dangerous; with `when`, only for some values (ssh -o ProxyCommand=…); with
 * `code`, the value is code the policy cannot read (python -c), which `*` alone does not allow.
 */
export type DangerSpec =
  | string
  | {
      readonly why: string;
      readonly when?: (value: string | undefined) => boolean;
      readonly code?: boolean;
      /**
       * What the value is, when the policy can check it like any other command or write: a file
       * written (checked against the write patterns), a program run with the words of the value
       * (checked like a command), or shell text (checked like a script). A value not known until
       * run time stays a danger.
       */
      readonly effect?: 'writes' | 'runs-program' | 'runs-shell';
    };

type Arity = 'none' | 'required' | 'optional';

interface OptionSpec {
  readonly spelling: string;
  readonly arity: Arity;
  readonly danger: DangerSpec | undefined;
  readonly terminal: boolean;
}

export interface CompiledTable {
  readonly short: ReadonlyMap<string, OptionSpec>;
  readonly long: ReadonlyMap<string, OptionSpec>;
  readonly safe: ReadonlySet<string>;
  readonly optionsFirst: boolean;
  readonly hasDangers: boolean;
  readonly singleDashLong: boolean;
}

/** An option found on a command line. */
export interface FoundOption {
  /** Index of the word holding the option. */
  readonly index: number;
  /** Canonical spelling: `-o` or `--output`. */
  readonly name: string;
  /** The value, when known: attached (`-ofile`, `--output=file`) or the next word. */
  readonly value: Word | string | undefined;
  /** Index of the word holding a separate value. */
  readonly valueIndex: number | undefined;
  /** Characters of the word up to and including the option letter (`-no` → 3 for o). */
  readonly spell: number;
}

export interface ScanResult {
  readonly options: FoundOption[];
  readonly operands: number[];
  readonly dangers: Danger[];
  /** Files options write, commands and scripts they run, when their values are known. */
  readonly writes: OptionWrite[];
  readonly inner: InnerCommand[];
  readonly scripts: InnerScript[];
  /** Index of the first word after a terminal option (e.g. the code after python -c), if any. */
  readonly terminalAt: number | undefined;
}

const SHORT = /^-([^-\s[=])(?:\[[^\]]+\]| \S+)?$/;
const LONG = /^--?([\w.-]{2,})(?:\[=[^\]]+\]|=\S+| \S+)?$/;

function arityOf(spelling: string): Arity {
  if (/\[=?[^\]]+\]$/.test(spelling)) return 'optional';
  if (/[= ]\S+$/.test(spelling)) return 'required';
  return 'none';
}

export function compileTable(table: OptionTable): CompiledTable {
  const short = new Map<string, OptionSpec>();
  const long = new Map<string, OptionSpec>();
  const add = (line: string, danger: DangerSpec | undefined): void => {
    const spellings = line.split(/,\s*/);
    // A man page gives the value once: `-o, --output=FILE` means -o takes FILE too.
    const arities = spellings.map(arityOf);
    const arity: Arity = arities.includes('required')
      ? 'required'
      : arities.includes('optional')
        ? 'optional'
        : 'none';
    for (const spelling of spellings) {
      const s = SHORT.exec(spelling);
      const l = LONG.exec(spelling);
      const terminal = table.terminal?.includes(spelling.split(/[[= ]/)[0] as string) ?? false;
      if (s) {
        const own = arityOf(spelling);
        short.set(s[1] as string, {
          spelling: `-${s[1]}`,
          arity: own === 'none' ? arity : own,
          danger,
          terminal,
        });
      } else if (l && (spelling.startsWith('--') || table.singleDashLong)) {
        const dashes = spelling.startsWith('--') ? '--' : '-';
        long.set(l[1] as string, { spelling: `${dashes}${l[1]}`, arity, danger, terminal });
      } else {
        throw new Error(`bad option spelling in a policy table: '${spelling}'`);
      }
    }
  };
  for (const line of table.values ?? []) add(line, undefined);
  for (const line of table.flags ?? []) add(line, undefined);
  for (const [line, danger] of Object.entries(table.dangerous ?? {})) add(line, danger);
  for (const t of table.terminal ?? []) {
    const name = t.replace(/^-+/, '');
    const map = t.startsWith('--') ? long : short;
    const existing = map.get(name);
    map.set(
      name,
      existing
        ? { ...existing, terminal: true }
        : { spelling: t, arity: 'required', danger: undefined, terminal: true },
    );
  }
  return {
    short,
    long,
    safe: new Set(table.safe ?? []),
    optionsFirst: table.optionsFirst ?? false,
    hasDangers: Object.keys(table.dangerous ?? {}).length > 0,
    singleDashLong: table.singleDashLong ?? false,
  };
}

const compiledTables = new WeakMap<OptionTable, CompiledTable>();

/** A table compiled once, on first use: most programs are never met in a run. */
export function compiled(table: OptionTable): CompiledTable {
  let result = compiledTables.get(table);
  if (!result) {
    result = compileTable(table);
    compiledTables.set(table, result);
  }
  return result;
}

/** Resolves a long option name the way getopt_long does, leaning towards the dangerous reading. */
export function resolveLong(table: CompiledTable, name: string): OptionSpec | undefined {
  const exact = table.long.get(name);
  if (exact) return exact;
  if (table.safe.has(name) || name.startsWith('no-') || name === '') return undefined;
  let unique: OptionSpec | undefined;
  let count = 0;
  for (const [full, spec] of table.long) {
    // Single-dash long options may carry their value attached (`-oNfile`).
    const attached = table.singleDashLong && spec.danger !== undefined && name.startsWith(full);
    if (!full.startsWith(name) && !attached) continue;
    if (spec.danger) return spec;
    unique = spec;
    count++;
  }
  return count === 1 ? unique : undefined;
}

function dangerApplies(spec: OptionSpec, value: Word | string | undefined): string | undefined {
  const danger = spec.danger;
  if (danger === undefined) return undefined;
  if (typeof danger === 'string') return danger;
  const text = typeof value === 'string' ? value : value?.literal ? value.text : undefined;
  // A value unknown until run time could be the dangerous one.
  if (value !== undefined && text === undefined) return danger.why;
  return !danger.when || danger.when(text) ? danger.why : undefined;
}

function describe(spec: OptionSpec, why: string): string {
  return `${why} (${spec.spelling})`;
}

/**
 * Walks a command's words from `from`, separating options (with their values) from operands and
 * collecting the dangerous ones. A word whose value is unknown and could be an option is itself a
 * danger when the program has dangerous options.
 */
export function scanOptions(
  words: readonly Word[],
  from: number,
  table: CompiledTable,
  until = words.length,
): ScanResult {
  const options: FoundOption[] = [];
  const operands: number[] = [];
  const dangers: Danger[] = [];
  const writes: OptionWrite[] = [];
  const inner: InnerCommand[] = [];
  const scripts: InnerScript[] = [];
  let endOfOptions = false;
  let terminalAt: number | undefined;
  const found = (
    index: number,
    spec: OptionSpec,
    value: Word | string | undefined,
    valueIndex: number | undefined,
    spell: number,
  ): void => {
    options.push({ index, name: spec.spelling, value, valueIndex, spell });
    const why = dangerApplies(spec, value);
    const effect = typeof spec.danger === 'object' ? spec.danger.effect : undefined;
    const known =
      typeof value === 'string' ? literalWord(value) : value?.literal ? value : undefined;
    const at = valueIndex ?? index;
    if (why && effect === 'writes' && value !== undefined) {
      // A name known only at run time is a write to an unknown target, refused as such.
      const target = typeof value === 'string' ? literalWord(value) : value;
      writes.push({ index, spell, option: spec.spelling, target });
      return;
    }
    if (why && effect && known) {
      const where = `${spec.spelling} of ${String(words[0]?.text ?? '')}`;
      if (effect === 'runs-shell') {
        // `index` names a word holding exactly the text, so not `--exec=TEXT`.
        scripts.push({ text: known.text, where: `in the text run by ${where}`, index: valueIndex });
      } else {
        const program = programWords(known);
        // It reads what the outer program feeds it, which the policy cannot see.
        const stdin = { kind: 'pipe' } as const;
        if (program) inner.push({ words: program, from: [at], where: `run by ${where}`, stdin });
        else dangers.push(codeDanger(index, spell, describe(spec, why)));
      }
      return;
    }
    if (why) {
      // What runs a program is code the policy cannot follow; `*` alone does not allow it.
      const isCode =
        typeof spec.danger === 'object'
          ? spec.danger.code === true
          : spec.danger?.startsWith('runs') === true;
      dangers.push((isCode ? codeDanger : optionDanger)(index, spell, describe(spec, why)));
    }
  };
  for (let i = from; i < until; i++) {
    const word = words[i] as Word;
    if (endOfOptions || !mayBeOption(word)) {
      operands.push(i);
      if (table.optionsFirst) endOfOptions = true;
      continue;
    }
    if (!word.literal) {
      const hazard = unknownWordHazard(word, table);
      if (hazard) dangers.push(optionDanger(i, 0, hazard));
      if (table.optionsFirst) {
        // It may as well be the first operand (for a wrapper: the command it runs).
        operands.push(i);
        endOfOptions = true;
      }
      continue;
    }
    const text = word.text;
    if (text === '--') {
      endOfOptions = true;
      continue;
    }
    if (text === '-') {
      operands.push(i);
      if (table.optionsFirst) endOfOptions = true;
      continue;
    }
    if (text.startsWith('--') || (table.singleDashLong && text.length > 2)) {
      const dashes = text.startsWith('--') ? 2 : 1;
      const eq = text.indexOf('=');
      const name = eq < 0 ? text.slice(dashes) : text.slice(dashes, eq);
      const spec = resolveLong(table, name);
      if (!spec) continue;
      let value: Word | string | undefined = eq < 0 ? undefined : text.slice(eq + 1);
      let valueIndex: number | undefined;
      if (eq < 0 && spec.arity === 'required' && i + 1 < until) {
        valueIndex = i + 1;
        value = words[i + 1];
      }
      found(i, spec, value, valueIndex, eq < 0 ? text.length : eq);
      if (valueIndex !== undefined) i++;
      if (spec.terminal) {
        terminalAt = i + 1;
        break;
      }
      continue;
    }
    // A bundle of short options: `-no file` is -n then -o with the next word as its value.
    let terminal = false;
    for (let k = 1; k < text.length; k++) {
      const spec = table.short.get(text[k] as string);
      if (!spec) continue;
      if (spec.arity === 'none') {
        found(i, spec, undefined, undefined, k + 1);
      } else if (k + 1 < text.length) {
        found(i, spec, text.slice(k + 1), undefined, k + 1);
        terminal = spec.terminal;
        break;
      } else if (spec.arity === 'required' && i + 1 < until) {
        found(i, spec, words[i + 1], i + 1, k + 1);
        i++;
        terminal = spec.terminal;
        break;
      } else {
        found(i, spec, undefined, undefined, k + 1);
        terminal = spec.terminal;
        break;
      }
    }
    if (terminal) {
      terminalAt = i + 1;
      break;
    }
  }
  return { options, operands, dangers, writes, inner, scripts, terminalAt };
}

/**
 * The words of a program named by an option value (`--compress-program='zstd -T0'`): split at
 * spaces the way these programs split it, or undefined when the value holds anything a shell
 * would read differently.
 */
function programWords(value: Word): Word[] | undefined {
  if (!/^[\w./:=,+-]+( [\w./:=,+-]+)*$/.test(value.text)) return undefined;
  const words = value.text.split(' ').map((part) => literalWord(part, value.start));
  // The outer program adds words of its own (`gzip -d`, the file for `rg --pre`).
  return [...words, unknownWords('<words the outer program adds>', value.start)];
}

/** Adds what a scan found to an analysis. */
export function absorb(result: Analysis, scan: ScanResult): void {
  result.dangers.push(...scan.dangers);
  result.writes.push(...scan.writes);
  result.inner.push(...scan.inner);
  result.scripts.push(...scan.scripts);
}

/** Why a word whose value is unknown may be a dangerous option, or undefined if it cannot be. */
function unknownWordHazard(word: Word, table: CompiledTable): string | undefined {
  if (!table.hasDangers) return undefined;
  const known = word.prefix;
  const what = `'${word.source}' could expand to an option`;
  if (known.startsWith('--')) {
    const eq = known.indexOf('=');
    if (eq >= 0) {
      const spec = resolveLong(table, known.slice(2, eq));
      const why = spec ? dangerApplies(spec, word) : undefined;
      return why ? describe(spec as OptionSpec, why) : undefined;
    }
    const name = known.slice(2);
    for (const [full, spec] of table.long)
      if (spec.danger && full.startsWith(name)) return `${what} like ${spec.spelling}`;
    return undefined;
  }
  if (known.startsWith('-')) {
    for (let k = 1; k < known.length; k++) {
      const spec = table.short.get(known[k] as string);
      // `-o"$x"`: a value unknown until run time could be the dangerous one.
      const why = spec && dangerApplies(spec, word);
      if (why) return describe(spec as OptionSpec, why);
      if (spec && spec.arity !== 'none') return undefined;
    }
  }
  return `${what} this program treats as writing files or running programs`;
}

/** The literal value of an option value, or undefined. */
export function optionValue(option: FoundOption): string | undefined {
  const v = option.value;
  if (typeof v === 'string') return v;
  return v?.literal ? v.text : undefined;
}
