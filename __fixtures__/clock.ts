/**
 * A clock that stands still until the test moves it: time is what the test says, so a deadline
 * minutes away comes at once, and a duration is exactly what was advanced.
 */
import type { Clock } from '../src/agent/clock.js';

interface PendingTimer {
  due: number;
  fire: () => void;
}

export class FakeClock implements Clock {
  #time: number;
  #timers = new Set<PendingTimer>();

  constructor(start = 1_000_000) {
    this.#time = start;
  }

  now(): number {
    return this.#time;
  }

  timer(ms: number, fire: () => void): { cancel(): void } {
    const timer: PendingTimer = { due: this.#time + ms, fire };
    this.#timers.add(timer);
    // A timer already due fires as a real one would: soon, not inside the call that set it.
    if (ms <= 0) setImmediate(() => this.#fireDue());
    return { cancel: () => this.#timers.delete(timer) };
  }

  /** Moves time forward by `ms`, firing the timers that come due, earliest first. */
  advance(ms: number): void {
    this.#time += ms;
    this.#fireDue();
  }

  #fireDue(): void {
    const due = [...this.#timers].filter((timer) => timer.due <= this.#time);
    due.sort((a, b) => a.due - b.due);
    for (const timer of due) {
      this.#timers.delete(timer);
      timer.fire();
    }
  }
}
