import {
  codeDanger,
  emptyAnalysis,
  optionDanger,
  unresolvable,
  type Analysis,
  type InnerCommand,
  type OptionWrite,
  type ProgramContext,
} from './analysis.js';
import {
  absorb,
  compiled,
  scanOptions,
  type FoundOption,
  type OptionTable,
  type ScanResult,
} from './options.js';
import { literalWord, valueOf, type Word } from '../read/words.js';

/* Pieces the analysers of several families share. */

/** The analysis of a program that has only an option table. */
export function tableAnalysis(options: OptionTable | undefined, words: readonly Word[]): Analysis {
  const result = emptyAnalysis();
  if (options) absorb(result, scanOptions(words, 1, compiled(options)));
  return result;
}

export function innerFrom(
  words: readonly Word[],
  start: number,
  where: string,
  end = words.length,
): InnerCommand {
  const from: number[] = [];
  for (let i = start; i < end; i++) from.push(i);
  return { words: words.slice(start, end), from, where };
}

export function addScript(
  result: Analysis,
  value: Word | string | undefined,
  index: number,
  where: string,
): void {
  const text = typeof value === 'string' ? value : valueOf(value);
  if (text === undefined) {
    result.dangers.push(unresolvable(index, 'runs shell text that is not known until run time'));
  } else {
    result.scripts.push({ text, where, index });
  }
}

/**
 * NAME=VALUE words before a command (env, sudo): environment variables of the command. `origin` maps
 * a position in `words` to the word of the original command it came from (env -S splits one into many).
 */
export function takeAssignments(
  words: readonly Word[],
  start: number,
  result: Analysis,
  origin: (i: number) => number = (i) => i,
): number {
  let i = start;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    const known = word.literal ? word.text : word.prefix;
    const eq = known.indexOf('=');
    if (eq <= 0) break;
    result.variables.push({
      index: origin(i),
      name: known.slice(0, eq),
      exported: true,
      spell: eq + 1,
      value: valueAfter(word, eq),
    });
  }
  return i;
}

/** The part of a NAME=VALUE word after the `=`. */
function valueAfter(word: Word, eq: number): Word {
  return { ...word, text: word.text.slice(eq + 1), prefix: word.prefix.slice(eq + 1) };
}

/** A shell (or `source /dev/stdin`) reading its commands from standard input. */
export function addStdinScript(result: Analysis, name: string, context: ProgramContext): void {
  const stdin = context.stdin;
  if (stdin.kind === 'text') {
    if (stdin.literal) {
      result.scripts.push({
        text: stdin.text,
        where: `in the text fed to ${name}`,
        index: undefined,
        stdin: { kind: 'inherited' },
      });
    } else {
      result.dangers.push(
        unresolvable(
          0,
          `${name} reads commands from a heredoc whose text is not known until run time`,
        ),
      );
    }
  } else if (stdin.kind === 'pipe') {
    result.dangers.push(unresolvable(0, `${name} reads commands from a pipe`));
  }
}

export function addStdinCode(result: Analysis, name: string, context: ProgramContext): void {
  if (context.stdin.kind === 'text') {
    result.dangers.push(codeDanger(0, 0, `runs ${name} code from standard input`));
  } else if (context.stdin.kind === 'pipe') {
    result.dangers.push(unresolvable(0, `${name} runs code read from a pipe`));
  }
}

/**
 * The words a program may take as file operands: the scan's operands, and the words whose value is
 * unknown that the scan set aside as possible options (`"$f"` may as well be a file name).
 */
export function possibleOperands(words: readonly Word[], scan: ScanResult): number[] {
  const values = new Set(scan.options.map((o) => o.valueIndex));
  const operands = new Set(scan.operands);
  for (let i = 1; i < words.length; i++)
    if (!(words[i] as Word).literal && !values.has(i)) operands.add(i);
  return [...operands].sort((a, b) => a - b);
}

/** A single-quoted shell word. */
export function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * `-i[SUFFIX]` (sed, perl, ruby) rewrites each file it reads, and writes FILE+SUFFIX as a backup:
 * writes of those files. A suffix with `/` or `*` names the backup's place, which is refused.
 */
export function addInPlaceWrites(
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

/** An operand the program creates, changes, moves or deletes (see OptionWrite.gitOnly). */
export function changed(index: number, spell: number, option: string, target: Word): OptionWrite {
  return { index, spell, option, target, gitOnly: true };
}

/** The operand at `index` as a file the program changes; a pattern that spells it out allows it. */
export function addChanged(
  result: Analysis,
  words: readonly Word[],
  index: number,
  program: string,
): void {
  const word = words[index] as Word;
  result.writes.push(changed(index, word.literal ? word.text.length : 0, program, word));
}
