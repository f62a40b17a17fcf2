/**
 * The action's error vocabulary: one way to put any thrown value into words, and the typed errors of
 * the parts outside the process (the shell's start, git) and of an unusable input, which carry what
 * callers decide on as fields, never as text to match.
 */

/**
 * The message of anything thrown: an error's message, anything else as a string. Duck-typed: an
 * error made in another realm (a VM context, a worker) is no `Error` of this one.
 */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

/** messageOf, followed by its cause's message where that says more (`fetch failed: other side closed`). */
export function messageWithCause(error: unknown): string {
  const text = messageOf(error);
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause?.message;
  return typeof cause === 'string' && cause !== text ? `${text}: ${cause}` : text;
}

/** How a git command failed: its exit status, a signal, its deadline, or it never ran. */
export type GitFailure = 'exit' | 'signal' | 'timeout' | 'spawn';

/** A git command of the action's that failed; the message is for people, the fields for callers. */
export class GitError extends Error {
  constructor(
    message: string,
    /** `git <verb>`, without the rest of argv (which may carry a configuration value). */
    readonly verb: string,
    readonly failure: GitFailure,
    /** The exit status; null when git did not exit by itself. */
    readonly exitCode: number | null,
    /** What git printed on stderr (empty when it never ran). */
    readonly stderr: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'GitError';
  }
}

/** The shell could not be started (a missing working directory, bash not answering). */
export class ShellStartError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ShellStartError';
  }
}

/** An input whose value is unusable; the message names the input, quotes the value and says what was expected. */
export class InputError extends Error {
  constructor(
    readonly input: string,
    message: string,
  ) {
    super(message);
    this.name = 'InputError';
  }
}
