import { describe, expect, it } from '@jest/globals';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { Random } from '../__fixtures__/fuzz/random.js';
import { worstCaseTokenCount } from '../__fixtures__/messages-server.js';
import type { RequestBody } from '../__fixtures__/messages.js';
import { BASH_TOOL } from '../src/agent/bash-tool.js';
import { MessageHistory, sizeOfPrefix } from '../src/agent/conversation.js';
import { priceFor } from '../src/agent/pricing.js';
import {
  FRAMING_TOKENS_PER_PART,
  RequestSizer,
  TOOL_USE_PROMPT_BOUND_TOKENS,
  type CountTokens,
  type PromptSize,
} from '../src/agent/request-size.js';

const sonnet = priceFor('claude-sonnet-5-5').price;
const request = {
  model: 'claude-sonnet-5-5',
  messages: [{ role: 'user' as const, content: 'hi' }],
};

const SYSTEM = 'You are working in a repository checkout. Ünïcode too: 日本語.';
const PREFIX = sizeOfPrefix(SYSTEM, [BASH_TOOL]);

function sizer(
  countTokens: CountTokens | undefined,
  clock = () => 0,
  failures: unknown[] = [],
  exceeded: Array<[number, number]> = [],
) {
  return new RequestSizer({
    prefix: PREFIX,
    countTokens,
    useCounter: true,
    signal: new AbortController().signal,
    timeLeftMs: () => 60_000,
    onCounterFailed: (error) => failures.push(error),
    onBoundExceeded: (counted, bound) => exceeded.push([counted, bound]),
    clock,
  });
}

/** A counter whose answers the test gives, one per call, recording the signal of each. */
function heldCounter() {
  const calls: Array<{ signal?: AbortSignal; answer: (tokens: number | Error) => void }> = [];
  const counter: CountTokens = (_params, options) =>
    new Promise((resolve, reject) => {
      calls.push({
        signal: options?.signal,
        answer: (tokens) =>
          tokens instanceof Error ? reject(tokens) : resolve({ input_tokens: tokens }),
      });
    });
  return { counter, calls };
}

/** Lets the event loop turn once: a check's count starts only then, after the request it checks. */
const nextTurn = (): Promise<unknown> => new Promise((resolve) => setImmediate(resolve));

/** The request a sizer would be asked about for this conversation. */
const reqOf = (conversation: MessageHistory) => ({
  model: 'claude-sonnet-5-5',
  messages: conversation.requestMessages(),
});

/** Characters of the tools' JSON, which the estimate counts with the system prompt. */
const PREFIX_JSON_CHARS = JSON.stringify([BASH_TOOL]).length;

/** The worst case of the request the sizer's prompt would make, with these messages. */
const worstCaseTokens = (messages: readonly MessageParam[]): number =>
  worstCaseTokenCount({
    system: [{ type: 'text', text: SYSTEM }],
    tools: [{ ...BASH_TOOL }],
    messages: messages as RequestBody['messages'],
  });

/** Text of every width UTF-8 has: ASCII, line breaks, accents, CJK, emoji, controls. */
function randomText(random: Random, most: number): string {
  const pieces = ['ok ', '\n', 'é', 'ß', '日本', '語', '🙂', '👩‍💻', '\u0000', '\t', '"quoted"', 'x'];
  let text = '';
  const length = 1 + random.below(most);
  while (text.length < length) text += random.pick(pieces);
  return text;
}

describe('RequestSizer', () => {
  it('counts when the bound cannot decide, and estimates for good once the counter fails', async () => {
    let calls = 0;
    const failures: unknown[] = [];
    const counter: CountTokens = async () => {
      calls += 1;
      if (calls === 1) return { input_tokens: 1_234 };
      throw new Error('404 not found');
    };
    const size = sizer(counter, () => 0, failures);
    const conversation = new MessageHistory('x'.repeat(350 - SYSTEM.length - PREFIX_JSON_CHARS));
    const undecided = () => false;

    expect(await size.measure(request, conversation, undecided)).toEqual({
      tokens: 1_234,
      measure: 'counted',
    });
    // 350 characters at 3.5 a token, and 600 for tool use.
    const estimated = { tokens: 700, measure: 'estimated' };
    expect(await size.measure(request, conversation, undecided)).toEqual(estimated);
    expect(await size.measure(request, conversation, undecided)).toEqual(estimated);
    expect(calls).toBe(2);
    expect(failures).toHaveLength(1);
  });

  it('takes the bound when the limits decide on it, and counts when they do not', async () => {
    let calls = 0;
    const counter: CountTokens = async () => {
      calls += 1;
      return { input_tokens: 42 };
    };
    const size = sizer(counter);
    const conversation = new MessageHistory('Fix the failing test.');
    const offered: PromptSize[] = [];

    const bounded = await size.measure(request, conversation, (bound) => {
      offered.push(bound);
      return true;
    });
    expect(bounded.measure).toBe('bounded');
    expect(bounded.tokens).toBeGreaterThanOrEqual(worstCaseTokens(conversation.requestMessages()));
    expect(offered).toEqual([bounded]);
    // The one count so far checks that bound, once the request is on its way (the test below).
    expect(calls).toBe(0);
    await nextTurn();
    expect(calls).toBe(1);

    expect(await size.measure(request, conversation, () => false)).toEqual({
      tokens: 42,
      measure: 'counted',
    });
    expect(calls).toBe(2);
  });

  it('checks the first bound it uses with a count made alongside, and stops bounding when the count is above it', async () => {
    const { counter, calls } = heldCounter();
    const exceeded: Array<[number, number]> = [];
    const size = sizer(counter, () => 0, [], exceeded);
    const conversation = new MessageHistory('Fix the failing test.');
    const decides = () => true;

    // The bound is the size at once; the check's count starts after, and is still out.
    const first = await size.measure(request, conversation, decides);
    expect(first.measure).toBe('bounded');
    expect(calls).toHaveLength(0);
    await nextTurn();
    expect(calls).toHaveLength(1);
    calls[0]!.answer(first.tokens + 1);

    // The next measure applies the verdict before anything else: from now on, every prompt is counted.
    const second = size.measure(request, conversation, decides);
    await nextTurn();
    expect(exceeded).toEqual([[first.tokens + 1, first.tokens]]);
    expect(calls).toHaveLength(2);
    calls[1]!.answer(7);
    expect(await second).toEqual({ tokens: 7, measure: 'counted' });
    const third = size.measure(request, conversation, decides);
    await nextTurn();
    calls[2]!.answer(8);
    expect(await third).toEqual({ tokens: 8, measure: 'counted' });
    expect(exceeded).toHaveLength(1);
  });

  it('checks once for each prefix: a count within the bound leaves every later decision to bounds', async () => {
    const { counter, calls } = heldCounter();
    const exceeded: Array<[number, number]> = [];
    const size = sizer(counter, () => 0, [], exceeded);
    const conversation = new MessageHistory('Fix the failing test.');

    const first = await size.measure(request, conversation, () => true);
    await nextTurn();
    calls[0]!.answer(first.tokens);
    for (let request = 0; request < 3; request += 1) {
      conversation.addUser([{ type: 'text', text: `more ${request}` }]);
      expect((await size.measure(reqOf(conversation), conversation, () => true)).measure).toBe(
        'bounded',
      );
    }
    expect(calls).toHaveLength(1);
    expect(exceeded).toEqual([]);

    // Another model (or a rewritten middle): its first bound is checked again, and only that one.
    size.forgetPrefix();
    const afterSwitch = await size.measure(reqOf(conversation), conversation, () => true);
    await nextTurn();
    expect(calls).toHaveLength(2);
    calls[1]!.answer(afterSwitch.tokens + 1);
    const next = size.measure(reqOf(conversation), conversation, () => true);
    await nextTurn();
    expect(exceeded).toEqual([[afterSwitch.tokens + 1, afterSwitch.tokens]]);
    calls[2]!.answer(9);
    expect(await next).toEqual({ tokens: 9, measure: 'counted' });
  });

  it('turns counting off at the next measure when the check fails, and aborts a check still out at the end', async () => {
    const failures: unknown[] = [];
    const failing = heldCounter();
    const size = sizer(failing.counter, () => 0, failures);
    const conversation = new MessageHistory('Fix the failing test.');
    await size.measure(request, conversation, () => true);
    await nextTurn();
    failing.calls[0]!.answer(new Error('404 not found'));
    await nextTurn();
    // Told between requests, not when the answer came.
    expect(failures).toEqual([]);
    expect((await size.measure(request, conversation, () => false)).measure).toBe('estimated');
    expect(failures).toHaveLength(1);
    expect(failing.calls).toHaveLength(1);

    const held = heldCounter();
    const ending = sizer(held.counter, () => 0, failures);
    await ending.measure(request, conversation, () => true);
    await nextTurn();
    expect(held.calls[0]!.signal!.aborted).toBe(false);
    ending.dispose();
    expect(held.calls[0]!.signal!.aborted).toBe(true);
    expect(failures).toHaveLength(1);
  });

  it('offers no bound when there is no counter: the estimate is the size', async () => {
    const size = sizer(undefined);
    let offered = 0;
    const prompt = await size.measure(request, new MessageHistory('task'), () => {
      offered += 1;
      return true;
    });
    expect(prompt.measure).toBe('estimated');
    expect(offered).toBe(0);
  });

  it('bounds every prompt at least as high as a tokenizer of one token per byte, through a long run', () => {
    const random = new Random(20261201);
    const size = sizer(undefined);
    const conversation = new MessageHistory(randomText(random, 2_000));
    let tightest = Infinity;
    const check = (): void => {
      const worst = worstCaseTokens(conversation.requestMessages());
      const bound = size.boundTokens(conversation);
      expect({ bound, atLeast: worst }).toEqual({ bound: Math.max(bound, worst), atLeast: worst });
      tightest = Math.min(tightest, bound - worst);
    };
    check();
    for (let turn = 0; turn < 40; turn += 1) {
      // The request is sent and answered with its size at the worst case, the next one grows from it.
      conversation.markSent();
      size.sent({ tokens: size.boundTokens(conversation), measure: 'bounded' });
      size.answered({
        input_tokens: worstCaseTokens(conversation.requestMessages()),
        output_tokens: 10,
      });
      const calls = 1 + random.below(4);
      conversation.addAssistant([
        { type: 'text', text: randomText(random, 200), citations: null },
        ...Array.from({ length: calls }, (_, call) => ({
          type: 'tool_use' as const,
          id: `toolu_${turn}_${call}`,
          name: 'bash',
          input: { command: randomText(random, 120) },
          caller: { type: 'direct' as const },
        })),
      ]);
      check();
      conversation.addUser(
        Array.from({ length: calls }, (_, call) => ({
          type: 'tool_result' as const,
          tool_use_id: `toolu_${turn}_${call}`,
          content: randomText(random, random.chance(0.2) ? 6_000 : 300),
        })),
      );
      check();
      if (random.chance(0.2)) {
        conversation.appendUserText(randomText(random, 100));
        check();
      }
      if (random.chance(0.1) && conversation.condense(2_000).results > 0) {
        size.forgetPrefix();
        check();
      }
    }
    // Framing aside, the bound is tight: the worst case meets it somewhere.
    expect(tightest).toBeLessThan(TOOL_USE_PROMPT_BOUND_TOKENS + 10 * FRAMING_TOKENS_PER_PART);
  });

  it('grows the next bound from the size the last response reported, until the prefix is rewritten', () => {
    const size = sizer(undefined);
    const conversation = new MessageHistory('a'.repeat(40_000));
    const whole = size.boundTokens(conversation);
    conversation.markSent();
    size.sent({ tokens: whole, measure: 'bounded' });
    // The API counted the prompt at a quarter of its bound.
    size.answered({ input_tokens: 10_000, output_tokens: 10 });
    conversation.addAssistant([{ type: 'text', text: 'b'.repeat(400), citations: null }]);

    const grown = 10_000 + 400 + 2 * FRAMING_TOKENS_PER_PART;
    expect(size.boundTokens(conversation)).toBe(grown);
    expect(size.boundTokens(conversation)).toBeLessThan(whole);
    // Another model, or a condensed middle: the last size bounds nothing; the whole request does.
    size.forgetPrefix();
    expect(size.boundTokens(conversation)).toBe(sizer(undefined).boundTokens(conversation));
    expect(size.boundTokens(conversation)).toBeGreaterThan(grown);
  });

  it('grows from the sizes responses report, not the bounds the prompts were sent with', () => {
    const size = sizer(undefined);
    const growth = (next: number): number => {
      const cost = size.cost(sonnet, { tokens: next, measure: 'counted' });
      return Math.round((cost.nextWindDownPromptUsd - cost.windDownPromptUsd) / (2.5 / 1_000_000));
    };
    size.sent({ tokens: 50_000, measure: 'bounded' });
    size.answered({ input_tokens: 10_000, output_tokens: 10 });
    expect(growth(12_000)).toBe(2_000);
    size.sent({ tokens: 60_000, measure: 'bounded' });
    size.answered({ input_tokens: 15_000, output_tokens: 10 });
    // Grew by 5,000 from 10,000 to 15,000, as reported; the bound's 50,000 is forgotten.
    expect(growth(16_000)).toBe(5_000);
  });

  it('prices the prefix the last response cached as reads while the cache lives, as writes after', () => {
    let now = 0;
    const size = sizer(undefined, () => now);
    size.sent({ tokens: 10_000, measure: 'counted' });
    size.answered({ input_tokens: 0, output_tokens: 10, cache_creation_input_tokens: 10_000 });

    const next: PromptSize = { tokens: 12_000, measure: 'counted' };
    expect(size.cost(sonnet, next).promptUsd).toBeCloseTo(
      (10_000 * 0.2 + 2_000 * 2.5) / 1_000_000,
      12,
    );
    now = 5 * 60_000;
    expect(size.cost(sonnet, next).promptUsd).toBeCloseTo((12_000 * 2.5) / 1_000_000, 12);
  });

  it('expects nothing cached after a response that used no cache, or after a rewrite', () => {
    const size = sizer(undefined);
    size.sent({ tokens: 10_000, measure: 'counted' });
    size.answered({ input_tokens: 10_000, output_tokens: 10 });
    const next: PromptSize = { tokens: 12_000, measure: 'counted' };
    expect(size.cost(sonnet, next).promptUsd).toBeCloseTo((12_000 * 2.5) / 1_000_000, 12);

    size.answered({ input_tokens: 0, output_tokens: 10, cache_read_input_tokens: 10_000 });
    size.forgetPrefix();
    expect(size.cost(sonnet, next).promptUsd).toBeCloseTo((12_000 * 2.5) / 1_000_000, 12);
  });

  it('reserves for a wind-down grown as much as the prompt grew last time', () => {
    const size = sizer(undefined);
    // Before any request nothing is known of growth.
    const first = size.cost(sonnet, { tokens: 1_000, measure: 'counted' });
    expect(first.nextWindDownPromptUsd).toBeCloseTo(first.windDownPromptUsd, 12);
    size.sent({ tokens: 1_000, measure: 'counted' });
    size.sent({ tokens: 6_000, measure: 'counted' });

    // Grew by 5,000 last time and by 1,000 since: the larger is expected again.
    const next = size.cost(sonnet, { tokens: 7_000, measure: 'counted' });
    expect(next.nextWindDownPromptUsd - next.windDownPromptUsd).toBeCloseTo(
      (5_000 * 2.5) / 1_000_000,
      12,
    );
  });
});
