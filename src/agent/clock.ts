/**
 * The time a run goes by: its deadline, its durations, and the timer that aborts it at the deadline
 * all read one clock. The real one by default; tests give one they move forward themselves, so a
 * deadline comes when they say, without being waited for.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls `fire` once `ms` have passed, unless cancelled first. It never keeps the process alive. */
  timer(ms: number, fire: () => void): { cancel(): void };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  timer(ms, fire) {
    const timer = setTimeout(fire, ms);
    // Unref'd: a finished run must not be kept alive by the deadline of a limit it no longer needs.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
