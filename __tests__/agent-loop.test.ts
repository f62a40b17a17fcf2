/**
 * The agent loop end to end below main: the real SDK against a scripted Messages API on loopback,
 * a real bash session, the real formatter. Only the model's answers are scripted.
 */
import { describe, expect, it } from '@jest/globals';
import { runScripted } from '../__fixtures__/agent-harness.js';
import { FakeClock } from '../__fixtures__/clock.js';
import {
  roughTokenCount,
  scripted,
  worstCaseTokenCount,
  type Reply,
  type Script,
} from '../__fixtures__/messages-server.js';
import type { TranscriptEvent } from '../src/transcript.js';
import {
  apiError,
  commands,
  final,
  lastMessage,
  message,
  text,
  toolResults,
  toolUse,
  type RequestBody,
} from '../__fixtures__/messages.js';

/** Runs `next` until the loop winds down, then answers the wind-down with `summary`. */
function untilWindDown(
  next: () => ReturnType<typeof commands>,
  summary = 'Summary: did some, rest remains.',
): Script {
  return (request) => (request.body.tool_choice?.type === 'none' ? final(summary) : next());
}

/** `script` with its first answer taking `ms` on the run's `clock`. */
function firstAnswerTaking(clock: FakeClock, ms: number, script: Script): Script {
  return (request, index, requests) => {
    if (index === 0) clock.advance(ms);
    return script(request, index, requests);
  };
}

describe('the first request', () => {
  it('is announced once, when it is on its way and before its answer, so what it does not need can start alongside it', async () => {
    const seen: string[][] = [];
    const { result } = await runScripted(
      [commands('echo one'), commands('echo two'), final('done')],
      { onFirstRequestSent: (events) => seen.push(events.map((event) => event.type)) },
    );

    expect(result.conclusion).toBe('success');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.filter((type) => type === 'request')).toHaveLength(1);
    expect(seen[0]).not.toContain('response');
  });
});

describe('tool dispatch', () => {
  it('runs several tool calls of one response in order and returns every result in one user message', async () => {
    const { result, server } = await runScripted([
      commands('echo one', 'false', 'echo three'),
      final('done'),
    ]);

    expect(result.conclusion).toBe('success');
    expect(result.result).toBe('done');
    expect(result.commands).toBe(3);
    const second = server.requests[1]!.body;
    expect(lastMessage(second).role).toBe('user');
    const results = toolResults(second);
    expect(results.map((r) => r.content.trim())).toEqual(['one', '[exit code: 1]', 'three']);
    expect(results.map((r) => r.is_error ?? false)).toEqual([false, true, false]);
    const ids = (server.requests[1]!.body.messages[1]!.content as Array<{ id?: string }>).map(
      (b) => b.id,
    );
    expect(results.map((r) => r.tool_use_id)).toEqual(ids);
  });

  it('keeps the working directory and variables of the shell from one request to the next', async () => {
    const { server } = await runScripted([
      commands('mkdir -p sub && cd sub && export ANSWER=42'),
      commands('pwd; echo "answer=$ANSWER"'),
      final('done'),
    ]);

    const output = toolResults(server.requests[2]!.body)[0]!.content;
    expect(output).toMatch(/\/sub\n/);
    expect(output).toContain('answer=42');
  });

  it('never runs a denied command: it comes back as an is_error result and counts as denied', async () => {
    const { result, server, dir } = await runScripted([
      commands('touch keep.txt && rm keep.txt', 'ls'),
      final('done'),
    ]);

    const [denied, listed] = toolResults(server.requests[1]!.body);
    expect(denied!.is_error).toBe(true);
    expect(denied!.content).toMatch(/^Command denied by policy:/);
    // The denied command did not run at all, not even its allowed first half.
    expect(listed!.content).toBe('(no output)');
    expect(result.denied).toBe(1);
    expect(result.commands).toBe(1);
    expect(dir).toBeTruthy();
  });

  it('returns a timed-out command as an is_error result and runs the next command in a fresh shell', async () => {
    const { result, server } = await runScripted(
      [
        commands('export GONE=yes; echo started; sleep 5'),
        commands('echo "gone=$GONE"'),
        final('done'),
      ],
      { commandTimeoutMs: 400 },
    );

    const [timedOut] = toolResults(server.requests[1]!.body);
    expect(timedOut!.is_error).toBe(true);
    expect(timedOut!.content).toContain('started');
    expect(timedOut!.content).toMatch(/timed out after 0\.4 s/);
    expect(toolResults(server.requests[2]!.body)[0]!.content.trim()).toBe('gone=');
    expect(result.commands).toBe(2);
  });

  it('restarts the shell on {"restart": true} and confirms it', async () => {
    const { result, server } = await runScripted([
      commands('export KEPT=1'),
      message([toolUse({ restart: true })], 'tool_use'),
      commands('echo "kept=$KEPT"'),
      final('done'),
    ]);

    const [confirmation] = toolResults(server.requests[2]!.body);
    expect(confirmation!.is_error).toBeUndefined();
    expect(confirmation!.content).toMatch(/shell was restarted/);
    expect(toolResults(server.requests[3]!.body)[0]!.content.trim()).toBe('kept=');
    expect(result.commands).toBe(2);
  });

  it('answers an unknown tool or malformed input with an is_error result instead of crashing', async () => {
    const { result, server } = await runScripted([
      message(
        [
          toolUse({ command: 'echo hi' }, 'python'),
          toolUse({ cmd: 'ls' }),
          toolUse({ command: 42 }),
          toolUse('not an object'),
        ],
        'tool_use',
      ),
      final('done'),
    ]);

    const results = toolResults(server.requests[1]!.body);
    expect(results).toHaveLength(4);
    expect(results.every((r) => r.is_error === true)).toBe(true);
    expect(results[0]!.content).toMatch(/Unknown tool 'python'/);
    expect(results[1]!.content).toMatch(/"command" is missing/);
    expect(results[2]!.content).toMatch(/must be a string/);
    expect(result.conclusion).toBe('success');
    expect(result.commands).toBe(0);
  });
});

describe('limits', () => {
  it('sends exactly max-turns requests, the last one a tool-less wind-down, and concludes max-turns', async () => {
    const { result, server } = await runScripted(
      untilWindDown(() => commands('echo step')),
      { maxTurns: 3 },
    );

    expect(server.requests).toHaveLength(3);
    expect(server.requests.slice(0, 2).map((r) => r.body.tool_choice)).toEqual([
      undefined,
      undefined,
    ]);
    const last = server.requests[2]!.body;
    expect(last.tool_choice).toEqual({ type: 'none' });
    const instruction = lastMessage(last).content.at(-1) as { type: string; text: string };
    expect(instruction.type).toBe('text');
    expect(instruction.text).toMatch(/last response.*what remains/s);
    expect(result).toMatchObject({
      conclusion: 'max-turns',
      result: 'Summary: did some, rest remains.',
      finalMessage: true,
      turns: 3,
      commands: 2,
    });
  });

  it('cuts a command to the time left when the time limit is near, then winds down', async () => {
    // The first answer takes 1.2 s of a 3 s limit whose last 0.75 s are the wind-down's: the
    // command gets the 1.05 s between, and another answer as slow would leave no time for one.
    const clock = new FakeClock();
    const { result, server, elapsedMs } = await runScripted(
      firstAnswerTaking(
        clock,
        1_200,
        untilWindDown(() => commands('echo started; sleep 30')),
      ),
      { timeLimitMs: 3_000, commandTimeoutMs: 60_000, clock },
    );

    // The note names the run's deadline: command-timeout (60 s) did not cut this command.
    expect(toolResults(server.requests[1]!.body)[0]!.content).toMatch(
      /started[\s\S]*timed out after \d(\.\d)? s, cut short by the run's deadline/,
    );
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.tool_choice).toEqual({ type: 'none' });
    expect(result.conclusion).toBe('time-limit');
    expect(result.result).toMatch(/^Summary/);
    // In real time too the command was cut, far short of its 30 s sleep.
    expect(elapsedMs).toBeLessThan(10_000);
  });

  it('answers calls that come too late to start with "Not run" only in the wind-down request', async () => {
    // The first answer takes 2.2 s of a 4 s limit whose last 1 s is the wind-down's: under the
    // second a command needs is left when it comes.
    const clock = new FakeClock();
    const { result, server } = await runScripted(
      firstAnswerTaking(
        clock,
        2_200,
        scripted([commands('echo late', 'echo later'), final('Out of time.')]),
      ),
      { timeLimitMs: 4_000, clock },
    );

    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.tool_choice).toEqual({ type: 'none' });
    expect(toolResults(server.requests[1]!.body).map((r) => r.content)).toEqual([
      expect.stringMatching(/^Not run: /),
      expect.stringMatching(/^Not run: /),
    ]);
    expect(result).toMatchObject({ conclusion: 'time-limit', result: 'Out of time.', commands: 0 });
  });

  it('aborts a request still in flight at the deadline and concludes time-limit', async () => {
    const clock = new FakeClock();
    const { result, server, events, elapsedMs } = await runScripted(
      firstAnswerTaking(clock, 1_200, () => ({ hang: true })),
      { timeLimitMs: 1_200, clock },
    );

    expect(result.conclusion).toBe('time-limit');
    expect(result.detail).toMatch(/aborted/);
    // The run ended at its deadline, by the deadline's signal: the SDK's own timeout (the 1.2 s
    // left when the request went, in real time) would have been retried.
    expect(events.find((e) => e.type === 'result')).toMatchObject({ durationMs: 1_200 });
    expect(server.requests).toHaveLength(1);
    expect(elapsedMs).toBeLessThan(2_500);
  });
});

describe('spend, capped before it is spent', () => {
  const SONNET = { write: 2.5e-6, read: 0.2e-6, output: 10e-6 };
  const requestEvents = (events: TranscriptEvent[]) =>
    events.filter((e): e is Extract<TranscriptEvent, { type: 'request' }> => e.type === 'request');

  /**
   * A model that answers with `calls` until the wind-down, then with `summary`; every response uses
   * all of its max_tokens and bills its prompt as uncached input of `tokens` (as the server counts).
   */
  const spendingAll =
    (tokens: (body: RequestBody) => number, calls: string[], summary: string): Script =>
    (request) => {
      const usage = { input_tokens: tokens(request.body), output_tokens: request.body.max_tokens };
      return request.body.tool_choice?.type === 'none'
        ? final(summary, usage)
        : message(
            calls.map((command) => toolUse({ command })),
            'tool_use',
            { usage },
          );
    };

  it.each([
    ['counted by the API', undefined],
    ['estimated from characters when counting fails', () => apiError(404, 'not_found_error', 'no')],
  ])(
    'fails a task that alone would cross max-cost-usd before any request, with both amounts (%s)',
    async (_how, countTokens) => {
      const { result, server } = await runScripted([final('never')], {
        task: `Summarise this log:\n${'2026-12-01 12:00:00 worker-7 processed job 1234 ok\n'.repeat(20_000)}`,
        maxCostUsd: 0.1,
        maxTokens: 16_000,
        countTokens,
      });

      expect(server.requests).toHaveLength(0);
      expect(result.conclusion).toBe('budget');
      expect(result.turns).toBe(0);
      const amount = /up to \$(\d+\.\d+)/.exec(result.detail ?? '');
      expect(Number(amount?.[1])).toBeGreaterThan(0.5);
      expect(result.detail).toContain('max-cost-usd allows ($0.1)');
    },
  );

  it('never sends a request that could cross the budget while the conversation grows, and ends with a wind-down', async () => {
    const maxCostUsd = 0.5;
    const script = spendingAll(roughTokenCount, ['seq 1 3000'], 'Summary: the budget ran out.');
    const { result, server, events } = await runScripted(script, {
      maxCostUsd,
      maxTokens: 16_000,
      maxTurns: 30,
    });

    const sent = requestEvents(events);
    const billed = events.filter((e) => e.type === 'response').map((e) => e.costUsd);
    expect(result.conclusion).toBe('budget');
    expect(result.result).toBe('Summary: the budget ran out.');
    expect(server.requests.length).toBeGreaterThanOrEqual(3);
    expect(server.requests.at(-1)!.body.tool_choice).toEqual({ type: 'none' });
    expect(result.costUsd).toBeLessThanOrEqual(maxCostUsd);
    // Each request went only when what was spent before it plus its estimate fit, and cost less.
    let spentBefore = 0;
    billed.forEach((usd, index) => {
      expect(spentBefore + sent[index]!.estimatedUsd).toBeLessThanOrEqual(maxCostUsd);
      expect(usd).toBeLessThanOrEqual(sent[index]!.estimatedUsd);
      spentBefore += usd;
    });
    // The budget cut max_tokens before it stopped the run.
    expect(Math.min(...server.requests.map((r) => r.body.max_tokens))).toBeLessThan(16_000);
    // Far from the budget the prompt's bound decided, without a count: each such request got all
    // of max_tokens and held at least what it was billed for. Nearer, every request was counted.
    const measures = sent.map((e) => e.promptMeasure);
    expect(measures[0]).toBe('bounded');
    expect(measures.at(-1)).toBe('counted');
    expect(measures).not.toContain('estimated');
    sent.forEach((event, index) => {
      if (event.promptMeasure !== 'bounded') return;
      expect(event.maxTokens).toBe(16_000);
      expect(event.windDown).toBeUndefined();
      expect(event.promptTokens).toBeGreaterThanOrEqual(
        roughTokenCount(server.requests[index]!.body),
      );
    });
    // One count for each counted prompt, and one alongside the first request to check its bound.
    expect(server.countRequests).toHaveLength(measures.filter((m) => m === 'counted').length + 1);
    expect(server.countRequests[0]!.body.messages).toEqual(server.requests[0]!.body.messages);
  });

  it('sends the first request without waiting for the count that checks its bound, and drops that count at the end', async () => {
    const { result, server, elapsedMs } = await runScripted([final('done')], {
      maxCostUsd: 5,
      countTokens: () => ({ delayMs: 3_000, then: { input_tokens: 5 } as unknown as Reply }),
    });

    expect(result.conclusion).toBe('success');
    expect(server.countRequests).toHaveLength(1);
    // The request went first; its check came after it.
    expect(server.countRequests[0]!.at).toBeGreaterThan(server.requests[0]!.at);
    expect(elapsedMs).toBeLessThan(2_000);
    // The run's end aborted the count: the server sees its client go, well before the 3 s answer.
    for (let waited = 0; server.aborted === 0 && waited < 1_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.aborted).toBe(1);
  });

  it('counts every request once the API counts more than a bound, and says so', async () => {
    const { result, server, events } = await runScripted(
      [commands('echo one'), commands('echo two'), final('done')],
      {
        maxCostUsd: 5,
        // The check of the first bound: a tokenizer past the bound's premise.
        countTokens: (body, index) => (index === 0 ? 10_000_000 : roughTokenCount(body)),
      },
    );

    expect(result.conclusion).toBe('success');
    expect(requestEvents(events).map((e) => e.promptMeasure)).toEqual([
      'bounded',
      'counted',
      'counted',
    ]);
    expect(server.countRequests).toHaveLength(3);
    const warnings = events.filter((e) => e.type === 'notice' && e.level === 'warning');
    expect(warnings).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /^The API counted 10000000 tokens for a prompt bounded at \d+ from its bytes; every request is counted/,
        ),
      }),
    ]);
  });

  it('holds the budget when output is made to cost a token a byte, the most a bound allows', async () => {
    // The attack on an estimate from characters: output of emoji and CJK, 4 and 3 bytes a
    // character, billed (and counted) as a tokenizer at the bound's limits would bill them.
    const dense = "for i in $(seq 1 1500); do printf '🙂語\\n'; done";
    const script = spendingAll(worstCaseTokenCount, [dense, dense], 'Summary: out of budget.');
    const maxCostUsd = 0.4;
    const { result, server, events } = await runScripted(script, {
      maxCostUsd,
      maxTokens: 8_000,
      maxTurns: 40,
      countTokens: (body) => worstCaseTokenCount(body),
    });

    const sent = requestEvents(events);
    const billed = events.filter((e) => e.type === 'response').map((e) => e.costUsd);
    expect(result.conclusion).toBe('budget');
    expect(result.costUsd).toBeLessThanOrEqual(maxCostUsd);
    billed.forEach((usd, index) => expect(usd).toBeLessThanOrEqual(sent[index]!.estimatedUsd));
    const measures = sent.map((e) => e.promptMeasure);
    expect(measures).toContain('bounded');
    expect(measures.at(-1)).toBe('counted');
    expect(server.requests.at(-1)!.body.tool_choice).toEqual({ type: 'none' });
    // The outputs were as dense as meant: 1,500 lines of 8 bytes in 4 UTF-16 units each.
    const output = String(toolResults(server.requests[1]!.body)[0]!.content);
    expect([Buffer.byteLength(output), output.length]).toEqual([12_000, 6_000]);
  });

  it('prices the prefix the previous request cached as cache reads, and the rest as writes', async () => {
    // The server reports the part of each prompt the previous one covered as read from cache.
    let previous = 0;
    const script: Script = (request, index) => {
      const prompt = roughTokenCount(request.body);
      const usage = {
        input_tokens: 0,
        cache_read_input_tokens: previous,
        cache_creation_input_tokens: prompt - previous,
        output_tokens: 50,
      };
      previous = prompt;
      return index === 0
        ? message([toolUse({ command: 'seq 1 500' })], 'tool_use', { usage })
        : final('done', usage);
    };
    const { events, server } = await runScripted(script, { maxCostUsd: 100, maxTokens: 4096 });

    // Far from the budget, each prompt went at its bound: at least its size as the server billed it.
    const [first, second] = requestEvents(events);
    const billedFirst = roughTokenCount(server.requests[0]!.body);
    expect([first!.promptMeasure, second!.promptMeasure]).toEqual(['bounded', 'bounded']);
    expect(first!.promptTokens).toBeGreaterThanOrEqual(billedFirst);
    expect(second!.promptTokens).toBeGreaterThanOrEqual(roughTokenCount(server.requests[1]!.body));
    expect(first!.estimatedUsd).toBeCloseTo(
      first!.promptTokens * SONNET.write + 4096 * SONNET.output,
      12,
    );
    // What the first response said it cached is priced as read; the rest of the bound as written.
    expect(second!.estimatedUsd).toBeCloseTo(
      billedFirst * SONNET.read +
        (second!.promptTokens - billedFirst) * SONNET.write +
        4096 * SONNET.output,
      12,
    );
  });

  it('falls back to a character estimate for the rest of the run when counting fails once', async () => {
    // A task of 100 kB under $0.30: its bound (a token a byte) leaves the budget's decision open.
    const { result, server, events } = await runScripted([commands('echo hi'), final('done')], {
      task: `Read this:\n${'0123456789'.repeat(10_000)}`,
      maxCostUsd: 0.3,
      maxTokens: 4096,
      countTokens: () => apiError(404, 'not_found_error', 'Not found'),
    });

    expect(result.conclusion).toBe('success');
    expect(server.countRequests).toHaveLength(1);
    expect(requestEvents(events).map((e) => e.promptMeasure)).toEqual(['estimated', 'estimated']);
    expect(requestEvents(events)[0]!.promptTokens).toBeGreaterThan(0);
    expect(
      events.some((e) => e.type === 'notice' && /Token counting is not available/.test(e.message)),
    ).toBe(true);
  });

  it('counts a response that reports no usage at its estimate, so the budget still holds', async () => {
    const withoutUsage = (reply: ReturnType<typeof commands>) => {
      const { usage: _omitted, ...rest } = reply;
      return rest as unknown as ReturnType<typeof commands>;
    };
    const { result, events } = await runScripted(
      (request) =>
        withoutUsage(request.body.tool_choice ? final('Summary.') : commands('echo step')),
      { maxCostUsd: 0.2, maxTokens: 4096, maxTurns: 30 },
    );

    const estimates = requestEvents(events).map((e) => e.estimatedUsd);
    expect(result.conclusion).toBe('budget');
    expect(result.costUsd).toBeCloseTo(
      estimates.reduce((sum, usd) => sum + usd, 0),
      12,
    );
    expect(result.costUsd).toBeLessThanOrEqual(0.2);
    expect(
      events.some((e) => e.type === 'notice' && /reported no token usage/.test(e.message)),
    ).toBe(true);
  });

  it('asks for no count when no budget is set', async () => {
    const { server } = await runScripted([commands('echo hi'), final('done')], { maxCostUsd: 0 });
    expect(server.countRequests).toHaveLength(0);
  });
});

describe('API errors', () => {
  it('retries a 429 and a 529 through the SDK and carries on', async () => {
    const { result, server, elapsedMs } = await runScripted([
      apiError(429, 'rate_limit_error', 'Slow down', { 'retry-after-ms': '10' }),
      commands('echo ok'),
      apiError(529, 'overloaded_error', 'Overloaded', { 'retry-after-ms': '10' }),
      final('done'),
    ]);

    expect(result.conclusion).toBe('success');
    expect(server.requests).toHaveLength(4);
    // A retry is the same request: turns count requests the loop made, not attempts.
    expect(result.turns).toBe(2);
    expect(elapsedMs).toBeLessThan(5_000);
  });

  it('ends with conclusion error on a 400, without retrying it', async () => {
    const { result, server } = await runScripted([
      apiError(400, 'invalid_request_error', 'messages.0.content: field required'),
    ]);

    expect(server.requests).toHaveLength(1);
    expect(result.conclusion).toBe('error');
    expect(result.detail).toBe(
      'Anthropic API error 400 invalid_request_error: messages.0.content: field required',
    );
    expect(result.turns).toBe(1);
  });
});

describe('stop reasons', () => {
  it('ends a refusal with conclusion error and the refusal text', async () => {
    const { result } = await runScripted([
      message([text('I cannot help with that.')], 'refusal', {
        stopDetails: {
          type: 'refusal',
          category: 'cyber',
          explanation: 'This could enable malware.',
        },
      }),
    ]);

    expect(result.conclusion).toBe('error');
    expect(result.result).toBe('I cannot help with that.\n\nThis could enable malware.');
    expect(result.detail).toBe('The model refused to continue (cyber): This could enable malware.');
  });

  it('does not run a tool call cut off by max_tokens, runs the complete ones, and continues', async () => {
    const { result, server } = await runScripted(
      [
        message(
          [
            text('Two steps.'),
            toolUse({ command: 'echo first' }),
            toolUse({ command: 'echo sec' }),
          ],
          'max_tokens',
        ),
        final('done'),
      ],
      { maxTokens: 100 },
    );

    const last = lastMessage(server.requests[1]!.body).content;
    const [ran, cut] = toolResults(server.requests[1]!.body);
    expect(ran!.content.trim()).toBe('first');
    expect(cut!.is_error).toBe(true);
    expect(cut!.content).toMatch(
      /cut off because your response reached max_tokens \(100\).*not run/s,
    );
    expect(last.at(-1)).toMatchObject({ type: 'text' });
    expect(result.conclusion).toBe('success');
    expect(result.commands).toBe(1);
  });

  it('asks the model to continue after a text response cut at max_tokens', async () => {
    const { result, server } = await runScripted([
      message([text('A long expla')], 'max_tokens'),
      final('done'),
    ]);

    const continuation = lastMessage(server.requests[1]!.body);
    expect(continuation.role).toBe('user');
    expect(continuation.content).toEqual([
      expect.objectContaining({ type: 'text', text: expect.stringMatching(/cut off.*Continue/s) }),
    ]);
    expect(result.conclusion).toBe('success');
  });

  it('gives up with an error after responses keep hitting max_tokens', async () => {
    const { result, server } = await runScripted(() => message([text('...')], 'max_tokens'));

    expect(server.requests).toHaveLength(4);
    expect(result.conclusion).toBe('error');
    expect(result.detail).toMatch(/raise max-tokens/);
  });

  it('resumes a paused turn by sending the conversation back as it is', async () => {
    const { result, server } = await runScripted([
      message([text('Working')], 'pause_turn'),
      final('done'),
    ]);

    expect(lastMessage(server.requests[1]!.body).role).toBe('assistant');
    expect(result.conclusion).toBe('success');
  });

  it.each(['something_new', 'toString'])(
    'reports an unexpected stop reason instead of ignoring it (%s)',
    async (reason) => {
      const { result } = await runScripted([message([text('?')], reason)]);

      expect(result.conclusion).toBe('error');
      expect(result.detail).toBe(`The model stopped for an unexpected reason: "${reason}"`);
    },
  );

  it('ends on stop_sequence as on end_turn, with its text as the final message', async () => {
    const { result, server } = await runScripted([
      message([text('Stopped at the marker.')], 'stop_sequence'),
    ]);

    expect(server.requests).toHaveLength(1);
    expect(result).toMatchObject({
      conclusion: 'success',
      result: 'Stopped at the marker.',
      finalMessage: true,
    });
  });

  it('runs the complete calls of a response that filled the context window, condenses older outputs and asks to continue', async () => {
    const big = "head -c 2500 /dev/zero | tr '\\0' x";
    const { result, server, events } = await runScripted(
      [
        commands(big),
        commands(big),
        message(
          [text('Checking.'), toolUse({ command: 'echo checked' }), text('Then on.')],
          'model_context_window_exceeded',
        ),
        final('done'),
      ],
      // Far under 10k tokens, nothing is condensed for the budget; a full window keeps only the
      // newest 4k characters of output whole.
      { contextBudgetTokens: 10_000 },
    );

    const last = server.requests[3]!.body;
    const outputs = last.messages
      .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
      .filter((block) => block.type === 'tool_result')
      .map((block) => String(block.content));
    expect(outputs[0]).toMatch(/characters of this older output were condensed/);
    expect(outputs[1]).toHaveLength(2_500);
    expect(toolResults(last)[0]!.content.trim()).toBe('checked');
    expect(lastMessage(last).content.at(-1)).toMatchObject({
      type: 'text',
      text: expect.stringMatching(
        /cut off because it filled the model's context window\. Continue/,
      ),
    });
    expect(events.filter((e) => e.type === 'notice').map((e) => e.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Condensed 1 older command output /)]),
    );
    expect(result).toMatchObject({ conclusion: 'success', result: 'done', commands: 3 });
  });
});

describe('figures', () => {
  it('adds up the tokens of every response and prices them for the model', async () => {
    const usage = {
      input_tokens: 1_000,
      output_tokens: 500,
      cache_creation_input_tokens: 2_000,
      cache_read_input_tokens: 10_000,
    };
    const { result } = await runScripted([
      message([toolUse({ command: 'true' })], 'tool_use', { usage }),
      final('done', usage),
    ]);

    expect(result.usage).toEqual({
      inputTokens: 2_000,
      outputTokens: 1_000,
      cacheReadTokens: 20_000,
      cacheWriteTokens: 4_000,
    });
    // Sonnet 5.5: $2 in, $10 out, $2.50 cache write, $0.20 cache read per MTok.
    expect(result.costUsd).toBeCloseTo(2 * (0.002 + 0.005 + 0.005 + 0.002), 9);
  });
});

describe('the events a report renders from', () => {
  it('tells each command with its facts, and ends with a result event that matches what the loop returns', async () => {
    const { result, events } = await runScripted([
      commands('echo hi', 'false', 'rm -f x'),
      final('done'),
    ]);

    const facts = events.flatMap((e) => (e.type === 'tool_result' ? [e.command] : []));
    expect(facts.map((f) => f?.exitCode)).toEqual([0, 1, null]);
    expect(facts[2]?.refusal).toEqual({
      code: 'denied-pattern',
      offender: 'rm -f x',
      detail: "matches the denied pattern 'rm *'",
    });
    const responses = events.filter((e) => e.type === 'response');
    for (const response of responses) expect(response.durationMs).toBeGreaterThanOrEqual(0);
    const last = events.at(-1)!;
    expect(last).toMatchObject({
      type: 'result',
      conclusion: 'success',
      result: 'done',
      turns: result.turns,
      commands: result.commands,
      denied: result.denied,
      costUsd: result.costUsd,
    });
    expect(events.some((e) => e.type === 'limit' || e.type === 'error')).toBe(false);
  });

  it('tells a limit and an error as their own events before the result', async () => {
    const limited = await runScripted(
      untilWindDown(() => commands('echo again')),
      { maxTurns: 2 },
    );
    expect(limited.events.filter((e) => e.type === 'limit')).toEqual([
      { type: 'limit', limit: 'max-turns', detail: limited.result.detail },
    ]);
    expect(limited.events.at(-1)).toMatchObject({ type: 'result', conclusion: 'max-turns' });

    const failed = await runScripted([apiError(400, 'invalid_request_error', 'bad request')]);
    expect(failed.events.filter((e) => e.type === 'error')).toEqual([
      { type: 'error', message: failed.result.detail },
    ]);
    expect(failed.events.at(-1)).toMatchObject({ type: 'result', conclusion: 'error' });
  });
});
