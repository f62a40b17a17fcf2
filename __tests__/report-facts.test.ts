import { describe, expect, it } from '@jest/globals';
import { TranscriptBuilder, realisticRun } from '../__fixtures__/transcripts.js';
import { factsOf } from '../src/report/facts.js';

describe('factsOf', () => {
  it('counts requests, commands, denials, time-outs, failures, tokens and cost from the events themselves', () => {
    const facts = factsOf(realisticRun());
    expect(facts).toMatchObject({
      conclusion: 'success',
      requests: 4,
      commands: 5,
      denied: 1,
      timedOut: 1,
      failed: 1,
      usage: {
        inputTokens: 3600,
        outputTokens: 480,
        cacheReadTokens: 16_000,
        cacheWriteTokens: 1200,
      },
      durationMs: 137_300,
    });
    expect(facts.costUsd).toBeCloseTo(0.04, 10);
    expect(facts.estimatedCostUsd).toBeCloseTo(0.2, 10);
    expect(facts.calls.map((call) => [call.index, call.turn, call.status])).toEqual([
      [1, 1, 'ok'],
      [2, 1, 'failed'],
      [3, 2, 'ok'],
      [4, 2, 'denied'],
      [5, 3, 'ok'],
      [6, 3, 'timed-out'],
    ]);
  });

  it('reports a run that recorded no result as an error, with its last error and a call that never ended', () => {
    const builder = new TranscriptBuilder().exchange('going');
    builder.event({
      type: 'tool_call',
      id: 'toolu_x',
      name: 'bash',
      input: { command: 'sleep 9' },
    });
    builder.event({ type: 'error', message: 'the runner went away' });
    const facts = factsOf(builder.events);
    expect(facts).toMatchObject({
      conclusion: 'error',
      detail: 'the runner went away',
      commands: 0,
    });
    expect(facts.calls).toEqual([
      {
        index: 1,
        turn: 1,
        label: 'sleep 9',
        status: 'unfinished',
        text: '',
        output: '',
        startedAt: builder.events[3]!.at,
      },
    ]);
    expect(facts.durationMs).toBe(builder.events.at(-1)!.at - builder.events[0]!.at);
  });

  it('keeps the whole output of a command whose result the model got cut', () => {
    const long = 'z'.repeat(40_000);
    const [call] = factsOf(
      new TranscriptBuilder().command('cat big', long).result('success'),
    ).calls;
    expect(call!.command?.truncated).toBe(true);
    expect(call!.output).toBe(long);
    expect(call!.text.length).toBeLessThan(long.length);
  });
});
