import { isAbsolute, relative, sep } from 'node:path';
import type { Word } from '../read/words.js';
import { messageOf } from '../../base/errors.js';

/** One word of a command pattern: literal text with `*` globbing inside the word. */
export interface WordPattern {
  /** As written (quotes removed), for messages. */
  readonly text: string;
  /** Text before the first unquoted `*`: what the pattern spells out literally. */
  readonly literalPrefix: string;
  /** Exactly `*`: stands for any one word. */
  readonly anyWord: boolean;
  readonly regex: RegExp | undefined;
  /** The literal text around each unquoted `*`, in order (the whole text when there is none). */
  readonly pieces: readonly string[];
}

export interface CommandPattern {
  readonly kind: 'command';
  readonly source: string;
  /** Leading NAME=VALUE words: assignments the pattern allows before the command. */
  readonly assignments: readonly WordPattern[];
  readonly words: readonly WordPattern[];
  /** Ends with a `*` word: any further words. */
  readonly rest: boolean;
  /** The single pattern `*`. */
  readonly universal: boolean;
}

export interface WritePattern {
  readonly kind: 'write';
  readonly source: string;
  readonly glob: string;
  readonly regex: RegExp;
  /** Names `.git` literally: only such patterns reach into .git/ directories. */
  readonly namesGit: boolean;
  /** Starts with `~/`: matched against targets written with a leading `~`. */
  readonly home: boolean;
  /** `**`: any path. */
  readonly anyPath: boolean;
}

export type Pattern = CommandPattern | WritePattern;

/** How a command's words were matched: for each word, the pattern word that matched it. */
export interface Match {
  readonly pattern: CommandPattern;
  /** Same length as the command's words; undefined where the final `*` covered the word. */
  readonly coverage: readonly (WordPattern | undefined)[];
}

const GIT_SEGMENT = /(^|\/)\.git(\/|$)/i;

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/**
 * Parses one line of `allowed-commands`/`denied-commands`. Returns undefined for blank lines and
 * comments; throws an Error naming the input and the line when the line is not a pattern.
 */
export function parsePattern(line: string, input: string): Pattern | undefined {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  const fail = (why: string): never => {
    throw new Error(`Input '${input}' has a pattern that cannot be parsed: '${trimmed}' (${why})`);
  };
  if (trimmed.startsWith('>')) {
    const rest = trimmed.replace(/^>{1,2}\|?/, '').trim();
    const words = splitPatternWords(rest, fail);
    if (words.length !== 1) fail('a write pattern is `> PATH-GLOB` with one path');
    return writePattern(trimmed, (words[0] as PatternWord).text, fail);
  }
  const words = splitPatternWords(trimmed, fail);
  if (words.length === 0) fail('no words');
  if (words.length === 1 && words[0]?.text === '*' && !words[0].quotedStar) {
    return {
      kind: 'command',
      source: trimmed,
      assignments: [],
      words: [],
      rest: true,
      universal: true,
    };
  }
  const assignments: WordPattern[] = [];
  let i = 0;
  while (i < words.length && ASSIGNMENT.test((words[i] as PatternWord).text)) {
    assignments.push(wordPattern(words[i] as PatternWord));
    i++;
  }
  const commandWords = words.slice(i);
  let rest = false;
  const last = commandWords[commandWords.length - 1];
  if (last && last.text === '*' && !last.quotedStar) {
    rest = true;
    commandWords.pop();
  }
  if (commandWords.length === 0 && assignments.length === 0) fail('no command');
  const first = commandWords[0];
  if (first && first.globs.length > 0) fail('the command name must be spelled out');
  return {
    kind: 'command',
    source: trimmed,
    assignments,
    words: commandWords.map(wordPattern),
    rest,
    universal: false,
  };
}

/** The two pattern inputs of a policy, each line parsed once. */
export interface PolicyPatterns {
  /** `allowed-commands`, in order. */
  readonly allow: readonly Pattern[];
  /** `denied-commands`, in order. */
  readonly deny: readonly Pattern[];
}

/** A line of a pattern input that is not a pattern; the message names the input and the line. */
export class PatternError extends Error {
  constructor(
    readonly input: string,
    /** 1-based, counting blank and comment lines as the workflow file shows them. */
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'PatternError';
  }
}

/**
 * Parses every line of one pattern input, given as its text or as a list of texts (each may hold
 * several lines: the whole input passed as one string is tolerated). Blank lines and comments are
 * skipped; a line that is not a pattern throws a PatternError.
 */
export function parsePatternInput(value: string | readonly string[], input: string): Pattern[] {
  const lines = (typeof value === 'string' ? value : value.join('\n')).split('\n');
  const patterns: Pattern[] = [];
  lines.forEach((line, index) => {
    let pattern: Pattern | undefined;
    try {
      pattern = parsePattern(line, input);
    } catch (error) {
      const why = messageOf(error);
      throw new PatternError(input, index + 1, `${why} on line ${index + 1}`);
    }
    if (pattern) patterns.push(pattern);
  });
  return patterns;
}

interface PatternWord {
  text: string;
  /** Positions in `text` of unquoted `*`. */
  globs: number[];
  quotedStar: boolean;
}

/** Splits a pattern line into words, honouring '…', "…" and backslash like the shell does. */
function splitPatternWords(line: string, fail: (why: string) => never): PatternWord[] {
  const words: PatternWord[] = [];
  let current: PatternWord | undefined;
  const start = (): PatternWord => (current ??= { text: '', globs: [], quotedStar: false });
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (/\s/.test(c)) {
      if (current) words.push(current);
      current = undefined;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) fail('unterminated quote');
      const w = start();
      const quoted = line.slice(i + 1, end);
      if (quoted.includes('*')) w.quotedStar = true;
      w.text += quoted;
      i = end;
    } else if (c === '"') {
      const w = start();
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1] as string)) j++;
        if (line[j] === '*') w.quotedStar = true;
        w.text += line[j];
      }
      if (j >= line.length) fail('unterminated quote');
      i = j;
    } else if (c === '\\') {
      const next = line[i + 1];
      if (next === undefined) fail('ends with a backslash');
      const w = start();
      if (next === '*') w.quotedStar = true;
      w.text += next;
      i++;
    } else if (/[;&|<>()`]/.test(c) || (c === '$' && line[i + 1] === '(')) {
      fail(`'${c}' is shell syntax; a pattern is one command's words`);
    } else {
      const w = start();
      if (c === '*') w.globs.push(w.text.length);
      w.text += c;
    }
  }
  if (current) words.push(current);
  return words;
}

function wordPattern(word: PatternWord): WordPattern {
  if (word.globs.length === 0) {
    return {
      text: word.text,
      literalPrefix: word.text,
      anyWord: false,
      regex: undefined,
      pieces: [word.text],
    };
  }
  const pieces: string[] = [];
  let at = 0;
  for (const g of word.globs) {
    pieces.push(word.text.slice(at, g));
    at = g + 1;
  }
  pieces.push(word.text.slice(at));
  return {
    text: word.text,
    literalPrefix: word.text.slice(0, word.globs[0]),
    anyWord: word.text === '*',
    regex: new RegExp(`^${pieces.map(escapeRegex).join('[\\s\\S]*')}$`),
    pieces,
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function writePattern(source: string, glob: string, fail: (why: string) => never): WritePattern {
  if (glob === '') fail('no path');
  const home = glob.startsWith('~/');
  let body = home ? glob.slice(2) : glob;
  if (body.startsWith('./')) body = body.slice(2);
  let regex = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '*' && body[i + 1] === '*') {
      if (body[i + 2] === '/') {
        regex += '(?:.*/)?';
        i += 2;
      } else {
        regex += '.*';
        i += 1;
      }
    } else if (c === '*') {
      regex += '[^/]*';
    } else if (c === '?') {
      regex += '[^/]';
    } else {
      regex += escapeRegex(c);
    }
  }
  return {
    kind: 'write',
    source,
    glob,
    regex: new RegExp(`^${regex}$`),
    namesGit: /(^|\/)\.git(\/|$)/.test(body),
    home,
    anyPath: body === '**',
  };
}

/** Whether a literal word matches a pattern word. */
export function wordMatches(pattern: WordPattern, text: string): boolean {
  return pattern.regex ? pattern.regex.test(text) : pattern.text === text;
}

/**
 * Matches a command's words against an allow pattern. Words whose value is unknown match only the
 * final `*`: the pattern cannot vouch for what they turn into.
 */
export function matchAllow(pattern: CommandPattern, words: readonly Word[]): Match | undefined {
  if (pattern.universal) return { pattern, coverage: words.map(() => undefined) };
  if (words.length < pattern.words.length) return undefined;
  if (!pattern.rest && words.length !== pattern.words.length) return undefined;
  const coverage: (WordPattern | undefined)[] = [];
  for (let i = 0; i < pattern.words.length; i++) {
    const p = pattern.words[i] as WordPattern;
    const w = words[i] as Word;
    if (!w.literal || !wordMatches(p, w.text)) return undefined;
    coverage.push(p);
  }
  for (let i = pattern.words.length; i < words.length; i++) coverage.push(undefined);
  return { pattern, coverage };
}

/**
 * Matches a command against a deny pattern, generously: a word whose value is unknown may be
 * anything (and a splitting one any number of words), and a `*` word in the middle of a deny pattern
 * stands for any number of words, so `find * -delete` denies `find . -name x -delete`.
 */
export function matchDeny(pattern: CommandPattern, words: readonly Word[]): boolean {
  return denyAlignments(pattern, words).length > 0;
}

/**
 * One way a deny pattern may match a command: the words of unknown value it takes, each with the
 * index of the pattern word its value must match (OPEN_WORD: a word that may split, whose values no
 * one test can name). Empty: the known words alone match.
 */
export type DenyAlignment = readonly (readonly [word: number, pattern: number])[];

/** The pattern index of a word that may split into any number of words. */
export const OPEN_WORD = -1;

/** Beyond this many ways to match, the command is taken as matching in a way no test can name. */
const MAX_ALIGNMENTS = 16;

const NO_WAY: readonly DenyAlignment[] = [];
const BARE: readonly DenyAlignment[] = [[]];
const TOO_MANY: readonly DenyAlignment[] = [[[OPEN_WORD, OPEN_WORD]]];

/**
 * Every way a deny pattern may match a command (see DenyAlignment; matchDeny's reading): none when
 * it cannot. A run-time guard checks the values the ways rely on (deny-guard.ts).
 */
export function denyAlignments(
  pattern: CommandPattern,
  words: readonly Word[],
): readonly DenyAlignment[] {
  if (pattern.universal) return BARE;
  const p = pattern.words;
  const memo = new Map<number, readonly DenyAlignment[]>();
  const go = (i: number, j: number): readonly DenyAlignment[] => {
    const key = i * 1024 + j;
    let result = memo.get(key);
    if (result === undefined) {
      result = j === p.length ? afterPattern(i) : atWord(i, j);
      memo.set(key, result);
    }
    return result;
  };
  const afterPattern = (i: number): readonly DenyAlignment[] => {
    if (pattern.rest || i === words.length) return BARE;
    const rest = words.slice(i);
    return rest.every((w) => w.splits && !w.literal)
      ? [rest.map((_, k) => [i + k, OPEN_WORD] as const)]
      : NO_WAY;
  };
  const atWord = (i: number, j: number): readonly DenyAlignment[] => {
    const pw = p[j] as WordPattern;
    const w = words[i];
    // A `*` after the first pattern word may stand for no word, or for this one and more.
    const spans = pw.anyWord && j > 0;
    const ways = [spans ? go(i, j + 1) : NO_WAY];
    if (!w) return union(ways);
    if (!w.literal) {
      const taken: readonly [number, number] = [i, w.splits ? OPEN_WORD : j];
      const next = go(i + 1, j + 1);
      ways.push(pw.anyWord && !w.splits ? next : withCondition(taken, next));
      if (spans) ways.push(go(i + 1, j));
      if (w.splits)
        ways.push(withCondition(taken, go(i + 1, j)), withCondition(taken, go(i, j + 1)));
    } else if (wordMatches(pw, j === 0 ? commandName(w.text, pw) : w.text)) {
      ways.push(go(i + 1, j + 1));
      if (spans) ways.push(go(i + 1, j));
    }
    return union(ways);
  };
  return go(0, 0);
}

function withCondition(
  condition: readonly [number, number],
  ways: readonly DenyAlignment[],
): readonly DenyAlignment[] {
  return ways.map((way) => [condition, ...way]);
}

function union(lists: readonly (readonly DenyAlignment[])[]): readonly DenyAlignment[] {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? NO_WAY;
  const seen = new Map<string, DenyAlignment>();
  for (const way of nonEmpty.flat()) seen.set(way.map(([w, p]) => `${w}:${p}`).join(','), way);
  return seen.size > MAX_ALIGNMENTS ? TOO_MANY : [...seen.values()];
}

/** `/usr/bin/rm` is `rm` for a deny pattern that does not name a path. */
export function commandName(text: string, pattern: WordPattern): string {
  if (pattern.text.includes('/')) return text;
  const slash = text.lastIndexOf('/');
  return slash >= 0 ? text.slice(slash + 1) : text;
}

/** Whether `pattern` spells out the first `length` characters of the command word it matched. */
export function spells(pattern: WordPattern | undefined, length: number): boolean {
  if (!pattern) return false;
  return !pattern.anyWord && pattern.literalPrefix.length >= Math.max(1, length);
}

/**
 * Whether a write target (absolute, symlinks resolved) is allowed by a write pattern. Globs are
 * matched against the path relative to the working directory (or the absolute path for absolute
 * patterns); a `.git` directory is reached only by a pattern that names it.
 */
export function writeAllowed(
  pattern: WritePattern,
  target: string,
  workingDirectory: string,
): boolean {
  if (pattern.home) return false;
  const path = isAbsolute(pattern.glob)
    ? target
    : relative(workingDirectory, target).split(sep).join('/');
  if (!pattern.namesGit && GIT_SEGMENT.test(path)) return false;
  return pattern.anyPath || pattern.regex.test(path);
}

/** Whether a target written as `~/…` (home unknown) is allowed by a write pattern. */
export function homeWriteAllowed(pattern: WritePattern, tildePath: string): boolean {
  if (!pattern.namesGit && GIT_SEGMENT.test(tildePath)) return false;
  if (pattern.anyPath && !pattern.home) return true;
  return pattern.home && pattern.regex.test(tildePath.replace(/^~\//, ''));
}
