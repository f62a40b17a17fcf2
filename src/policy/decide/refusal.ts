/**
 * Why the policy refuses a command, as a typed vocabulary. Every refusal — a parser problem, a
 * dangerous option, a pattern miss, a write target — is one of these codes; the English the model
 * reads is rendered from it in one place.
 */

export type RefusalCode =
  /** The text does not parse as bash, or parses into something the policy does not read. */
  | 'unparsable'
  /** A construct the policy reads differently from bash, or cannot read at all. */
  | 'unsupported-syntax'
  /**
   * The policy read the text but cannot print it back in its own words (an escape it does not
   * decode, shell text it cannot put in place of the word that held it), so bash would have to
   * read text whose meaning the policy did not establish.
   */
  | 'unprintable'
  | 'too-long'
  | 'control-character'
  | 'nested-too-deeply'
  /** The command name is only known at run time. */
  | 'dynamic-command'
  | 'denied-pattern'
  | 'no-matching-pattern'
  /** An option that writes a file or runs a program, not spelled out by a pattern. */
  | 'dangerous-option'
  /** Inline code of a program the policy cannot read, not allowed by a pattern. */
  | 'inline-code'
  /** What runs cannot be known before it runs (`eval "$X"`, xargs feeding a runner). */
  | 'unresolvable'
  /** An assignment to a variable that changes what programs run or load. */
  | 'risky-variable'
  /** A write whose target no `> PATH` pattern allows (or a deny pattern covers). */
  | 'write-not-allowed'
  /** A write into `.git/` without a pattern that names `.git/`. */
  | 'write-into-git'
  /** A write whose target or directory is only known at run time. */
  | 'write-target-unknown'
  /** A directory change in code that runs later (function body, trap). */
  | 'deferred-directory-change'
  /**
   * A function definition, `enable` or alias that would redefine, disable or replace a name the
   * session's frame relies on (FRAME_NAMES), or a command naming the variables of the policy's
   * run-time checks (`__policy_…`, see guards.ts): no pattern allows it.
   */
  | 'frame-name'
  /**
   * A descriptor above 9 (those belong to the session's frame: bash's saved copies and the frame's
   * channel), or one held in a variable or given by an expansion, which cannot be checked: no
   * pattern allows it.
   */
  | 'frame-descriptor'
  /** The checker itself failed: refused in production, a failure in tests. */
  | 'internal-error';

export interface Refusal {
  readonly code: RefusalCode;
  /** The sub-command or word refused, as written. */
  readonly offender: string;
  /** Outermost first, e.g. ['inside $(…)', 'run by find -exec']. */
  readonly where: readonly string[];
  /** The specific reason, as a phrase (`writes .git/config`, `-o writes a file`). */
  readonly detail: string;
}

/**
 * The one place a refusal becomes English: the tool_result text the model reads. `allowed` lists
 * the patterns most likely to help it correct itself.
 */
export function renderRefusal(refusal: Refusal, allowed: string): string {
  const where = refusal.where.length > 0 ? ` (${[...refusal.where].reverse().join(', ')})` : '';
  return `Command denied by policy: '${shorten(refusal.offender)}'${where} ${refusal.detail}. Allowed: ${allowed}`;
}

function shorten(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return flat.length > 160 ? flat.slice(0, 157) + '…' : flat;
}
