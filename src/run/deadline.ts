/**
 * A bound on a stage as a whole, whatever its parts do: a stage made of requests that each have a
 * deadline can still add up (retries, pagination, one call after another) past what a run's end may
 * wait for.
 */

/** The error of a stage that ran out of time; callers decide on it by type. */
export class DeadlineError extends Error {
  constructor(
    readonly what: string,
    readonly deadlineMs: number,
  ) {
    super(`${what} did not finish within ${deadlineMs / 1000} s`);
    this.name = 'DeadlineError';
  }
}

/**
 * `work()`'s result, or a DeadlineError once `deadlineMs` have passed. The work is not stopped (it
 * has deadlines of its own); it is only no longer waited for, and what it settles to later is
 * ignored.
 */
export function withinDeadline<T>(
  what: string,
  deadlineMs: number,
  work: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    // unref: a finished stage's bound must not keep the process alive.
    timer = setTimeout(() => reject(new DeadlineError(what, deadlineMs)), deadlineMs);
    timer.unref();
  });
  const running = work();
  running.catch(() => undefined);
  return Promise.race([running, expired]).finally(() => clearTimeout(timer));
}
