/**
 * The fallback model through the real loop and the real SDK against a scripted Messages API: which
 * failures hand the run to the fallback, what each request was sent to, and what the run is priced at.
 */
import { describe, expect, it } from '@jest/globals';
import { runScripted } from '../__fixtures__/agent-harness.js';
import type { Script } from '../__fixtures__/messages-server.js';
import { apiError, final, message, toolUse } from '../__fixtures__/messages.js';
import { recorded } from '../__fixtures__/run-events.js';
import { isModelUnavailable } from '../src/agent/fallback.js';
import { costOfUsage, priceFor } from '../src/agent/pricing.js';
import { factsOf } from '../src/report/facts.js';
import { escapeInline } from '../src/report/markdown.js';
import { renderSummary } from '../src/report/summary.js';
import type { TranscriptEvent } from '../src/transcript.js';

const PRIMARY = 'claude-sonnet-5-5';
const FALLBACK = 'claude-haiku-4-5';
const FALLBACK_CHOICE = { model: FALLBACK, price: priceFor(FALLBACK).price };
/** Large enough that the price ratio shows in dollars, the same on every response. */
const USAGE = { input_tokens: 50_000, output_tokens: 4_000 };
/** retry-after-ms keeps the SDK's backoff between attempts short. */
const overloaded = () => apiError(529, 'overloaded_error', 'Overloaded', { 'retry-after-ms': '5' });

/** The primary model answers every attempt with `failure`; the fallback runs a command, then ends. */
function primaryFails(failure: () => ReturnType<typeof apiError>): Script {
  let fallbackAnswers = 0;
  return (request) => {
    if (request.body.model === PRIMARY) return failure();
    fallbackAnswers += 1;
    return fallbackAnswers === 1
      ? message([toolUse({ command: 'echo on-fallback' })], 'tool_use', { usage: USAGE })
      : final('done on the fallback', USAGE);
  };
}

const requestEvents = (events: TranscriptEvent[]) =>
  events.filter((event): event is Extract<TranscriptEvent, { type: 'request' }> => {
    return event.type === 'request';
  });
const warnings = (events: TranscriptEvent[]) =>
  events.flatMap((event) =>
    event.type === 'notice' && event.level === 'warning' ? [event.message] : [],
  );

describe('fallback model', () => {
  it('takes over after the model stays overloaded through the retries, and prices the rest at its rate', async () => {
    const { result, server, events } = await runScripted(primaryFails(overloaded), {
      fallback: FALLBACK_CHOICE,
      maxRetries: 2,
      maxCostUsd: 100,
    });

    expect(result.conclusion).toBe('success');
    expect(result.result).toBe('done on the fallback');
    expect(result.commands).toBe(1);
    // Three attempts at the primary (the SDK's retries), then every request to the fallback.
    expect(server.requests.map((request) => request.body.model)).toEqual([
      PRIMARY,
      PRIMARY,
      PRIMARY,
      FALLBACK,
      FALLBACK,
    ]);
    // The fallback gets the same request the primary failed on: the task, and nothing else yet.
    expect(server.requests[3]!.body.messages).toEqual(server.requests[0]!.body.messages);
    // The resend is a request of its own: max-turns counts every request the loop sent.
    expect(result.turns).toBe(3);

    const fallbackCost = costOfUsage(FALLBACK_CHOICE.price, USAGE);
    expect(fallbackCost).not.toBeCloseTo(costOfUsage(priceFor(PRIMARY).price, USAGE), 4);
    expect(result.costUsd).toBeCloseTo(2 * fallbackCost, 10);

    const requests = requestEvents(events);
    expect(requests.map((event) => [event.turn, event.model])).toEqual([
      [1, PRIMARY],
      [2, FALLBACK],
      [3, FALLBACK],
    ]);
    // The budget's estimate of the resent request is at the fallback's price: Haiku 4.5 costs
    // half of Sonnet 5.5 on every kind of token, and the prompt (with no cache) is the same.
    const [first, resent] = requests;
    expect(resent!.promptTokens).toBe(first!.promptTokens);
    expect(resent!.maxTokens).toBe(first!.maxTokens);
    expect(resent!.estimatedUsd).toBeCloseTo(first!.estimatedUsd / 2, 10);
  });

  it('says the switch in the log (a warning) and in the summary', async () => {
    const { events } = await runScripted(primaryFails(overloaded), {
      fallback: FALLBACK_CHOICE,
      maxRetries: 0,
    });

    const said = warnings(events);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(PRIMARY);
    expect(said[0]).toContain(FALLBACK);
    expect(said[0]).toContain('529');
    // The warning comes before the request sent to the fallback.
    const warningAt = events.findIndex((event) => event.type === 'notice');
    const resentAt = events.findIndex(
      (event) => event.type === 'request' && event.model === FALLBACK,
    );
    expect(warningAt).toBeGreaterThan(-1);
    expect(warningAt).toBeLessThan(resentAt);

    const summary = renderSummary(factsOf(recorded(...events)));
    expect(summary).toContain(
      `| Model | ${escapeInline(PRIMARY)}, then ${escapeInline(FALLBACK)} (fallback model) |`,
    );
    expect(summary).toContain(`the fallback model ${escapeInline(FALLBACK)}`);
  });

  it('takes over after a 503 as well', async () => {
    const { result, server } = await runScripted(
      primaryFails(() =>
        apiError(503, 'api_error', 'Service unavailable', { 'retry-after-ms': '5' }),
      ),
      { fallback: FALLBACK_CHOICE, maxRetries: 1 },
    );

    expect(result.conclusion).toBe('success');
    expect(server.requests.map((request) => request.body.model)).toEqual([
      PRIMARY,
      PRIMARY,
      FALLBACK,
      FALLBACK,
    ]);
  });

  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [404, 'not_found_error'],
    [500, 'api_error'],
  ])(
    'does not take over after a %d: the run ends with error as without one',
    async (status, type) => {
      const { result, server, events } = await runScripted(
        primaryFails(() =>
          apiError(status, type, 'Not for the fallback', {
            'retry-after-ms': '5',
            'x-should-retry': 'false',
          }),
        ),
        { fallback: FALLBACK_CHOICE, maxRetries: 2 },
      );

      expect(result.conclusion).toBe('error');
      // The service's words first; a 404 adds the input that names the model asked for.
      expect(result.detail).toMatch(
        new RegExp(`^Anthropic API error ${status} ${type}: Not for the fallback(\\.|$)`),
      );
      if (status === 404) expect(result.detail).toContain(`The model '${PRIMARY}' was not found`);
      expect(server.requests.map((request) => request.body.model)).toEqual([PRIMARY]);
      expect(warnings(events)).toEqual([]);
      expect(result.costUsd).toBe(0);
    },
  );

  it('without a fallback, a model that stays overloaded ends the run with error as before', async () => {
    const { result, server, events } = await runScripted(primaryFails(overloaded), {
      maxRetries: 2,
    });

    expect(result.conclusion).toBe('error');
    expect(result.detail).toBe('Anthropic API error 529 overloaded_error: Overloaded');
    expect(server.requests.map((request) => request.body.model)).toEqual([
      PRIMARY,
      PRIMARY,
      PRIMARY,
    ]);
    expect(warnings(events)).toEqual([]);
    expect(result.turns).toBe(1);
  });

  it('switches once: a fallback that is overloaded too ends the run, with no switch back', async () => {
    const { result, server } = await runScripted(() => overloaded(), {
      fallback: FALLBACK_CHOICE,
      maxRetries: 1,
    });

    expect(result.conclusion).toBe('error');
    expect(result.detail).toBe('Anthropic API error 529 overloaded_error: Overloaded');
    expect(server.requests.map((request) => request.body.model)).toEqual([
      PRIMARY,
      PRIMARY,
      FALLBACK,
      FALLBACK,
    ]);
  });

  it('sends the fallback nothing past max-turns: the failed request was one of them', async () => {
    const { result, server } = await runScripted(primaryFails(overloaded), {
      fallback: FALLBACK_CHOICE,
      maxRetries: 0,
      maxTurns: 1,
    });

    expect(result.conclusion).toBe('max-turns');
    expect(server.requests.map((request) => request.body.model)).toEqual([PRIMARY]);
    expect(result.turns).toBe(1);
  });

  it('stays on the fallback for the rest of the run once switched', async () => {
    let primaryAttempts = 0;
    let fallbackAnswers = 0;
    // The primary fails once (no retries), then would answer again: the run must not go back to it.
    const script: Script = (request) => {
      if (request.body.model === PRIMARY) {
        primaryAttempts += 1;
        return primaryAttempts === 1 ? overloaded() : final('back on the primary');
      }
      fallbackAnswers += 1;
      return fallbackAnswers < 3
        ? message([toolUse({ command: `echo ${fallbackAnswers}` })], 'tool_use')
        : final('done');
    };
    const { result, server } = await runScripted(script, {
      fallback: FALLBACK_CHOICE,
      maxRetries: 0,
    });

    expect(result.result).toBe('done');
    expect(server.requests.map((request) => request.body.model)).toEqual([
      PRIMARY,
      FALLBACK,
      FALLBACK,
      FALLBACK,
    ]);
  });
});

describe('isModelUnavailable', () => {
  it('is false for what is not an API error (a network failure, a bug)', () => {
    expect(isModelUnavailable(new Error('socket hang up'))).toBe(false);
    expect(isModelUnavailable({ status: 529 })).toBe(false);
  });
});
