/*
 * Deny patterns under `*` where a word's value is known only at run time (`rm -rf "$tmp"` under
 * `rm -rf /*`). A static reading must take such a word as matching anything and refuse the command;
 * instead, when each word of unknown value is plain (guardableTarget: double-quoted variables and
 * literal characters, whose value a guard can read once more and find the same), the command runs
 * behind a guard that matches the values against the deny patterns when they exist
 * (read/deny-guard.ts), and is refused only when one matches.
 *
 * Why the guard is spliced into the text as typed rather than the command printed: under `*` bash
 * runs the text as typed, and the policy's print, faithful as it is, is a second reading with its own
 * limits (text it cannot print, the run-time checks of arithmetic an allowlist adds) that `*` has
 * never imposed. A splice adds one expansion before a word and changes nothing else: the guard
 * expands to the empty string when it passes, joined to a word that is not a literal name (no alias,
 * keyword or assignment is at stake), so bash reads every other character as typed. It goes where
 * the policy can tell exactly where a word stands in the typed text, and where a guard's stop is
 * contained: the typed text itself (the session hands bash text that is not the policy's print as
 * the word of `eval`: see shell/frame.ts frameCall) and the single-quoted text of `trap` and `eval`
 * (whose stop ends that text), never a function body (called by a later call, a function runs
 * outside any `eval`, where the stop would end the session's own line), nor text with backquotes,
 * whose escapes change the text inside them.
 *
 * A guard names no function a command could replace and no variable: see read/deny-guard.ts. The
 * values are read once more in its substitution; for them to be those bash gives the command's
 * words, every word of unknown value in the command is plain, so that no expansion of the command
 * changes a variable between the guard and the word.
 */
import { denyAlignments, OPEN_WORD, type CommandPattern, type DenyAlignment } from './patterns.js';
import type { PolicyRules } from './check-context.js';
import type { InnerScript } from '../programs/analysis.js';
import { withoutGitGlobalOptions } from '../programs/index.js';
import { denyGuard, type DenyTest, type ValueTest } from '../read/deny-guard.js';
import { guardableTarget, wordTemplate } from '../read/guards.js';
import type { Scope, SimpleCommand } from '../read/parse.js';
import type { Word } from '../read/words.js';

/** Where the text being checked stands in the typed text, when a guard can be spliced into it. */
export interface SpliceBase {
  /** Offset in the typed text of the text's first character. */
  readonly offset: number;
  /** Offset in the typed text just past its last character. */
  readonly end: number;
  /** The text is the value of a single-quoted word: a guard there may hold no `'`. */
  readonly singleQuoted: boolean;
}

/** A command checked under `*`: where a guard of its may go. */
export interface GuardSite {
  readonly base: SpliceBase | undefined;
  readonly scope: Scope;
  /** The simple command's words as bash expands them; the words checked are among them. */
  readonly words: readonly Word[];
  readonly offender: string;
}

/**
 * Under `*` with deny patterns, where a guard of a command's may go; undefined elsewhere (an
 * allowlist, and text a shell allowed to run anything runs, where deny patterns refuse as read).
 */
export function guardSite(
  policy: PolicyRules,
  base: SpliceBase | undefined,
  command: SimpleCommand,
  offender: string,
): GuardSite | undefined {
  if (!policy.universal || policy.denyCommands.length === 0) return undefined;
  return { base, scope: command.scope, words: command.words, offender };
}

/** The readings of a command the deny patterns are matched against: git's without its global options too. */
export function denyReadings(program: string, words: readonly Word[]): (readonly Word[])[] {
  const bare = program === 'git' ? withoutGitGlobalOptions(words) : words;
  return bare === words ? [words] : [words, bare];
}

/** Programs of the shell itself that run the text of a word in a context a guard's stop ends. */
const SAME_SHELL = new Set(['trap', 'eval']);

/** A character that may stand next to a word: a blank or an operator. */
const WORD_BOUNDARY = /^[\s;&|()<>]$/;

/** The guards of one typed text, gathered as its commands are checked. */
export class DenyGuards {
  /** Offset in the typed text, and what goes there. */
  private readonly splices = new Map<number, string>();

  constructor(private readonly text: string) {}

  /** The base of the typed text itself. */
  get top(): SpliceBase | undefined {
    if (this.text.includes('`')) return undefined;
    return { offset: 0, end: this.text.length, singleQuoted: false };
  }

  /**
   * The base of text a command runs (`script`), when a guard can be spliced into it: the value of a
   * single-quoted word of `trap` or `eval` in text that has a base itself and is not quoted.
   */
  innerBase(
    outer: SpliceBase | undefined,
    script: InnerScript,
    words: readonly Word[],
  ): SpliceBase | undefined {
    const runner = words[0];
    const holder = script.index === undefined ? undefined : words[script.index];
    if (!outer || outer.singleQuoted || !runner?.literal || !SAME_SHELL.has(runner.text))
      return undefined;
    if (!holder?.literal || holder.source !== `'${script.text}'`) return undefined;
    const offset = outer.offset + holder.start + 1;
    return { offset, end: offset + script.text.length, singleQuoted: true };
  }

  /**
   * The deny pattern that refuses a command (`readings`: its words, and git's without its global
   * options), or undefined: none may match, or, under `*` (`site`), each that may is left to a guard,
   * spliced in now.
   */
  refusing(
    patterns: readonly CommandPattern[],
    readings: readonly (readonly Word[])[],
    site?: GuardSite,
  ): CommandPattern | undefined {
    const tests: DenyTest[] = [];
    for (const pattern of patterns) {
      const ways = readings.flatMap((words) =>
        denyAlignments(pattern, words).map((way) => ({ words, way })),
      );
      if (ways.length === 0) continue;
      const checked = site && valueTests(pattern, ways, site.words);
      if (!checked) return pattern;
      tests.push({ pattern, ways: checked });
    }
    if (tests.length === 0 || !site) return undefined;
    return this.splice(tests, site) ? undefined : (tests[0] as DenyTest).pattern;
  }

  /** The typed text with the guards in it, or undefined when it needs none. */
  guarded(): string | undefined {
    if (this.splices.size === 0) return undefined;
    let text = this.text;
    for (const [at, guard] of [...this.splices].sort((a, b) => b[0] - a[0]))
      text = text.slice(0, at) + guard + text.slice(at);
    return text;
  }

  /** Puts the guard before the command's first word of unknown value; false where it cannot go. */
  private splice(tests: readonly DenyTest[], site: GuardSite): boolean {
    const { base, scope } = site;
    if (!base || scope.inFunction === true) return false;
    const unknown = site.words.filter((w) => !w.literal);
    if (!unknown.every(guardableTarget)) return false;
    const anchor = unknown.reduce<Word | undefined>(
      (first, w) => (first === undefined || w.start < first.start ? w : first),
      undefined,
    );
    if (!anchor) return false;
    const at = base.offset + anchor.start;
    const end = at + anchor.source.length;
    if (
      this.text.slice(at, end) !== anchor.source ||
      (at > base.offset && !WORD_BOUNDARY.test(this.text.slice(at - 1, at))) ||
      (end < base.end && !WORD_BOUNDARY.test(this.text.slice(end, end + 1)))
    )
      return false;
    const variables = unknown.flatMap((w) => wordTemplate(w.source, '').variables);
    const guard = denyGuard(tests, variables, site.offender);
    if (base.singleQuoted && guard.includes("'")) return false;
    const before = this.splices.get(at) ?? '';
    if (!before.includes(guard)) this.splices.set(at, before + guard);
    return true;
  }
}

/**
 * The tests of the values a pattern's ways to match rely on, or undefined when a way needs none
 * (the known words match), or takes a word no guard can read once: one that may split, that is not
 * the command's own (a word xargs or find makes up), or that is not plain.
 */
function valueTests(
  pattern: CommandPattern,
  ways: readonly { readonly words: readonly Word[]; readonly way: DenyAlignment }[],
  commandWords: readonly Word[],
): ValueTest[][] | undefined {
  const out: ValueTest[][] = [];
  for (const { words, way } of ways) {
    if (way.length === 0) return undefined;
    const tests: ValueTest[] = [];
    for (const [index, at] of way) {
      const word = words[index];
      const patternWord = pattern.words[at];
      if (at === OPEN_WORD || !word || !patternWord) return undefined;
      if (!commandWords.includes(word) || !guardableTarget(word)) return undefined;
      tests.push({ word, pattern: patternWord, name: at === 0 });
    }
    out.push(tests);
  }
  return out;
}
