/**
 * The action's error vocabulary: one way to put any thrown value into words, and the typed errors of
 * the parts outside the process (the shell's start, git), which carry what callers decide on as
 * fields, never as text to match.
 */

/** The message of anything thrown: an Error's message, anything else as a string. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
