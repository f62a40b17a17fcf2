import {
  spells,
  wordMatches,
  type CommandPattern,
  type Match,
  type WordPattern,
} from './patterns.js';
import type { RefusalCode } from './refusal.js';
import type { Failure } from './check-context.js';
import type { Assignment, Scope } from '../read/parse.js';
import type { Danger } from '../programs/analysis.js';
import { programName, roleOf } from '../programs/index.js';
import type { Word } from '../read/words.js';

/**
 * A pattern that lets an interpreter or a shell run any file (`node *`, `python3 *`, `bash *`,
 * `deno run *`): the program's name, maybe a `run` subcommand, and the final `*`.
 */
export function runsAnyFile(pattern: CommandPattern, program: string): boolean {
  const role = roleOf(program);
  if (pattern.universal || !pattern.rest || (role !== 'interpreter' && role !== 'shell'))
    return false;
  const words = pattern.words.map((w) => w.text);
  return words.length === 1 || (words.length === 2 && words[1] === 'run');
}

export function assignmentMatches(pattern: WordPattern, assignment: Assignment): boolean {
  if (assignment.word.literal) return wordMatches(pattern, assignment.word.text);
  // A value known only at run time is allowed by `NAME=*` alone.
  return pattern.text === `${assignment.name}=*`;
}

/** A reason the policy has for refusing one match, before it becomes a Failure. */
export interface Issue {
  readonly code: RefusalCode;
  readonly why: string;
}

export function dangerCode(danger: Danger): RefusalCode {
  if (danger.severity === 'unresolvable') return 'unresolvable';
  return danger.severity === 'code' ? 'inline-code' : 'dangerous-option';
}

export function dangerAccepted(danger: Danger, match: Match): boolean {
  if (danger.severity === 'unresolvable') return false;
  return danger.spell > 0 && spells(match.coverage[danger.index], danger.spell);
}

export function dangerWhy(danger: Danger, words: readonly Word[]): string {
  if (danger.severity === 'unresolvable') return `cannot be checked: ${danger.why}`;
  const word = words[danger.index];
  const option = word && danger.spell > 0 ? word.text.slice(0, danger.spell) : undefined;
  const example = option
    ? ` (e.g. '${[...words.slice(0, danger.index).map((w) => w.text), option, '*'].join(' ')}')`
    : '';
  const hint = danger.spell > 0 ? `; allow it with a pattern that spells it out${example}` : '';
  return `${danger.why}${hint}`;
}

/** A match where a literal pattern word covers each word (the outer pattern spelled them out). */
export function spelledMatch(words: readonly Word[]): Match {
  return {
    pattern: {
      kind: 'command',
      source: '(spelled out by the outer pattern)',
      assignments: [],
      words: [],
      rest: false,
      universal: false,
    },
    coverage: words.map((w) => ({
      text: w.text,
      literalPrefix: w.text,
      anyWord: false,
      regex: undefined,
      pieces: [w.text],
    })),
  };
}

export function literallyCovered(match: Match, index: number): boolean {
  if (match.pattern.universal) return false;
  const p = match.coverage[index];
  return p !== undefined && p.regex === undefined;
}

/**
 * Text the parser cannot read, under `*` with deny patterns: it runs, unless it names a denied
 * program, so that unreadable spelling (`{touch,x}`) is not the easy way around a deny pattern.
 */
export function deniedMention(
  text: string,
  scope: Scope,
  denyCommands: readonly CommandPattern[],
): Failure | undefined {
  const words = text.replace(/['"\\]/g, '').split(/[^\w./+-]+/);
  const tokens = new Set(words.map(programName));
  for (const pattern of denyCommands) {
    const first = pattern.words[0];
    if (!first || !tokens.has(programName(first.text))) continue;
    return {
      code: 'unparsable',
      offender: text,
      where: scope.where,
      why: `could not be parsed as bash, and names '${first.text}', which a denied pattern covers`,
      suggest: {},
    };
  }
  return undefined;
}
