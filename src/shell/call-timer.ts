/**
 * The time limit of the call running in a session, kept on one timer for all its calls. Arming and
 * clearing a Node timer costs microseconds each (timers live in lists under a priority queue), and a
 * burst of quick commands would pay that hundreds of times (2.4 µs a call on Node 24, 6.6 µs while
 * cold). Instead, a timer armed for an earlier call is left to run out; when it does, it is armed
 * again for what is left of the running call's limit, if a call is running, and otherwise it stops.
 */
export class CallTimer {
  readonly #clock: () => number;
  #timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires, on `#clock`. */
  #firesAt = 0;
  /** When the running call's limit is reached, on `#clock`. */
  #deadline = 0;
  #onExpiry: (() => void) | undefined;

  constructor(clock: () => number = () => performance.now()) {
    this.#clock = clock;
  }

  /** Calls `onExpiry` once `ms` have passed, unless `stop` comes first. One call at a time. */
  start(ms: number, onExpiry: () => void): void {
    const now = this.#clock();
    this.#deadline = now + ms;
    this.#onExpiry = onExpiry;
    // A timer that fires before this deadline arms itself again for the rest.
    if (this.#timer !== undefined && this.#firesAt <= this.#deadline) return;
    this.#arm(ms, now);
  }

  /** The running call ended: its `onExpiry` is not called. */
  stop(): void {
    this.#onExpiry = undefined;
  }

  #arm(ms: number, now: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#firesAt = now + ms;
    this.#timer = setTimeout(() => this.#fire(), ms);
    // Left armed after its call ended, it must not keep the process alive; while a call runs, the
    // shell's pipes do.
    this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    const onExpiry = this.#onExpiry;
    if (onExpiry === undefined) return;
    const now = this.#clock();
    const left = this.#deadline - now;
    if (left > 0) {
      this.#arm(left, now);
      return;
    }
    this.#onExpiry = undefined;
    onExpiry();
  }
}
