import { describe, expect, it } from '@jest/globals';
import { CallTimer } from '../src/shell/call-timer.js';

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a call of `ms` on `timer`; resolves with the milliseconds until it expired. */
const timeToExpiry = (timer: CallTimer, ms: number): Promise<number> =>
  new Promise((resolve) => {
    const started = performance.now();
    timer.start(ms, () => resolve(performance.now() - started));
  });

describe('CallTimer', () => {
  it('calls back once the limit has passed, not before', async () => {
    expect(await timeToExpiry(new CallTimer(), 60)).toBeGreaterThanOrEqual(59);
  });

  it('does not call back for a call that stopped', async () => {
    const timer = new CallTimer();
    let calls = 0;
    timer.start(20, () => (calls += 1));
    timer.stop();
    await delay(60);
    expect(calls).toBe(0);
  });

  it('gives a later call its whole limit, though the timer was armed for an earlier one', async () => {
    const timer = new CallTimer();
    const first = () => {
      throw new Error('the first call had stopped');
    };
    timer.start(40, first);
    timer.stop();
    await delay(25);
    // The timer armed for the first call fires 15 ms into this one: too soon for its 80 ms.
    expect(await timeToExpiry(timer, 80)).toBeGreaterThanOrEqual(79);
  });

  it('brings a limit shorter than the armed timer forward', async () => {
    const timer = new CallTimer();
    timer.start(10_000, () => undefined);
    timer.stop();
    const elapsed = await timeToExpiry(timer, 30);
    expect(elapsed).toBeGreaterThanOrEqual(29);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('arms one timer for a burst of calls, and does not keep the process alive with it', () => {
    const timer = new CallTimer();
    const realSetTimeout = globalThis.setTimeout;
    const armed: NodeJS.Timeout[] = [];
    globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
      const made = realSetTimeout(...args);
      armed.push(made);
      return made;
    }) as typeof setTimeout;
    try {
      for (let i = 0; i < 100; i++) {
        timer.start(120_000, () => undefined);
        timer.stop();
      }
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    expect(armed).toHaveLength(1);
    expect(armed[0]?.hasRef()).toBe(false);
  });
});
