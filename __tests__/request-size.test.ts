import { describe, expect, it } from '@jest/globals';
import { priceFor } from '../src/agent/pricing.js';
import { RequestSizer, type CountTokens } from '../src/agent/request-size.js';

const sonnet = priceFor('claude-sonnet-5-5').price;
const request = {
  model: 'claude-sonnet-5-5',
  messages: [{ role: 'user' as const, content: 'hi' }],
};

function sizer(countTokens: CountTokens | undefined, clock = () => 0, failures: unknown[] = []) {
  return new RequestSizer({
    countTokens,
    useCounter: true,
    signal: new AbortController().signal,
    timeLeftMs: () => 60_000,
    onCounterFailed: (error) => failures.push(error),
    clock,
  });
}

describe('RequestSizer', () => {
  it('uses the count when the counter answers, and estimates for good once it fails', async () => {
    let calls = 0;
    const failures: unknown[] = [];
    const counter: CountTokens = async () => {
      calls += 1;
      if (calls === 1) return { input_tokens: 1_234 };
      throw new Error('404 not found');
    };
    const size = sizer(counter, () => 0, failures);

    expect(await size.measure(request, 100)).toEqual({ tokens: 1_234, counted: true });
    expect(await size.measure(request, 100)).toEqual({ tokens: 700, counted: false });
    expect(await size.measure(request, 100)).toEqual({ tokens: 700, counted: false });
    expect(calls).toBe(2);
    expect(failures).toHaveLength(1);
  });

  it('prices the prefix the last response cached as reads while the cache lives, as writes after', () => {
    let now = 0;
    const size = sizer(undefined, () => now);
    size.sent({ tokens: 10_000, counted: true });
    size.answered({ input_tokens: 0, output_tokens: 10, cache_creation_input_tokens: 10_000 });

    const next = { tokens: 12_000, counted: true };
    expect(size.cost(sonnet, next).promptUsd).toBeCloseTo(
      (10_000 * 0.2 + 2_000 * 2.5) / 1_000_000,
      12,
    );
    now = 5 * 60_000;
    expect(size.cost(sonnet, next).promptUsd).toBeCloseTo((12_000 * 2.5) / 1_000_000, 12);
  });

  it('expects nothing cached after a response that used no cache, or after a rewrite', () => {
    const size = sizer(undefined);
    size.sent({ tokens: 10_000, counted: true });
    size.answered({ input_tokens: 10_000, output_tokens: 10 });
    const next = { tokens: 12_000, counted: true };
    expect(size.cost(sonnet, next).promptUsd).toBeCloseTo((12_000 * 2.5) / 1_000_000, 12);

    size.answered({ input_tokens: 0, output_tokens: 10, cache_read_input_tokens: 10_000 });
    size.forgetCache();
    expect(size.cost(sonnet, next).promptUsd).toBeCloseTo((12_000 * 2.5) / 1_000_000, 12);
  });

  it('reserves for a wind-down grown as much as the prompt grew last time', () => {
    const size = sizer(undefined);
    // Before any request nothing is known of growth.
    const first = size.cost(sonnet, { tokens: 1_000, counted: true });
    expect(first.nextWindDownPromptUsd).toBeCloseTo(first.windDownPromptUsd, 12);
    size.sent({ tokens: 1_000, counted: true });
    size.sent({ tokens: 6_000, counted: true });

    // Grew by 5,000 last time and by 1,000 since: the larger is expected again.
    const next = size.cost(sonnet, { tokens: 7_000, counted: true });
    expect(next.nextWindDownPromptUsd - next.windDownPromptUsd).toBeCloseTo(
      (5_000 * 2.5) / 1_000_000,
      12,
    );
  });
});
