/*
 * The run-time guard of the deny patterns under `*`: bash text that goes before a word of a
 * command whose words are not all known, which matches the words' values against the deny patterns
 * the command may match once they exist, and stops the command when one does (as the guards of
 * guards.ts stop theirs: `0` when the values pass, `@` after a message otherwise).
 *
 * It is spliced into the text as typed (see decide/deny-guards.ts), which may put it inside a
 * single-quoted word (a trap's text): its literal text is double-quoted and its message's quotes are
 * printf escapes, so only a deny pattern that holds a single quote puts one in it (and such a guard
 * is kept out of single-quoted text). That is why its stop is its own and not guards.ts's
 * stopCommand, which single-quotes its message. It names no variable: the values are the words
 * themselves, expanded again in the guard's substitution, which gives the same values because each
 * is plain (guardableTarget: quoted variables and literal characters) and no variable it reads is a
 * reference to another (`declare -n`), whose subscript would be evaluated at each expansion; the
 * guard checks that first.
 */
import { guardExpansion, STOPPED_NOTE } from './guards.js';
import type { Word } from './words.js';
import type { CommandPattern, WordPattern } from '../decide/patterns.js';

/** A value of the command's, and the pattern word it must match for a deny pattern to match. */
export interface ValueTest {
  readonly word: Word;
  readonly pattern: WordPattern;
  /** The command's name: matched by its last path segment when the pattern word names no path. */
  readonly name: boolean;
}

/** A deny pattern the command may match, in each of the ways it may (all tests of one way hold). */
export interface DenyTest {
  readonly pattern: CommandPattern;
  readonly ways: readonly (readonly ValueTest[])[];
}

/** `text` as one double-quoted bash word: the same value in every quoting context around it. */
export function doubleQuoted(text: string): string {
  return `"${text.replace(/[\\"$`]/g, '\\$&')}"`;
}

/**
 * A pattern word as a bash pattern (for `[[ value == … ]]`): its literal pieces double-quoted, each
 * unquoted `*` bare, so that it matches what wordMatches matches (`*` spans any characters, `/` and
 * line breaks included). Under `nocasematch` it matches more values, never fewer.
 */
function bashPattern(pattern: WordPattern): string {
  return pattern.pieces.map(doubleQuoted).join('*');
}

/** `[[ … ]]` operands: the word as typed, after `""` so that no word is read as an operator. */
function valueTest({ word, pattern, name }: ValueTest): string {
  const value = `""${word.source}`;
  const glob = bashPattern(pattern);
  if (!name || pattern.text.includes('/')) return `${value} == ${glob}`;
  // commandName: `/usr/bin/rm` is `rm`.
  return `( ${value} == ${glob} || ${value} == */${glob} )`;
}

/**
 * An argument of printf's `%b`, which reads backslash escapes: double-quoted, each backslash
 * doubled and each single quote written as the escape `\x27`, so that the guard holds none.
 */
function messageArgument(text: string): string {
  return doubleQuoted(text.replace(/\\/g, '\\\\').replace(/'/g, '\\x27'));
}

function stop(offender: string, why: string): string {
  return (
    `{ \\builtin printf "Command denied by policy: \\x27%b\\x27 %b (%b)\\n" ` +
    `${[offender, why, STOPPED_NOTE].map(messageArgument).join(' ')} >&2; \\builtin printf @; }`
  );
}

/** One guard: `condition` must hold for the command to run. */
function guard(condition: string, offender: string, why: string): string {
  return guardExpansion(`[[ ${condition} ]] && \\builtin printf 0 || ${stop(offender, why)}`);
}

/**
 * What goes before the first word of unknown value of a command (see the top of this file): a guard
 * that the variables its words read are no references, then one per deny pattern the command may
 * match. `variables` are those of every word of unknown value in the command.
 */
export function denyGuard(
  tests: readonly DenyTest[],
  variables: readonly string[],
  offender: string,
): string {
  const names = [...new Set(variables)].filter((v) => !/^[0-9]/.test(v));
  const references =
    names.length === 0
      ? ''
      : guard(
          names.map((name) => `! -R ${name}`).join(' && '),
          offender,
          `reads ${names.join(', ')}, and a variable that refers to another (declare -n) cannot be checked against the deny patterns when the command runs`,
        );
  return (
    references +
    tests
      .map(({ pattern, ways }) =>
        guard(
          `! ( ${ways.map((way) => `( ${way.map(valueTest).join(' && ')} )`).join(' || ')} )`,
          offender,
          `matches the denied pattern '${pattern.source}'`,
        ),
      )
      .join('')
  );
}
