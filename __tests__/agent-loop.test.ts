/**
 * The agent loop end to end below main: the real SDK against a scripted Messages API on loopback,
 * a real bash session, the real formatter. Only the model's answers are scripted.
 */
import { describe, expect, it } from '@jest/globals';
import { runScripted } from '../__fixtures__/agent-harness.js';
import type { Script } from '../__fixtures__/messages-server.js';
import {
  apiError,
  commands,
  final,
  lastMessage,
  message,
  text,
  toolResults,
  toolUse,
} from '../__fixtures__/messages.js';

/** Runs `next` until the loop winds down, then answers the wind-down with `summary`. */
function untilWindDown(
  next: () => ReturnType<typeof commands>,
  summary = 'Summary: did some, rest remains.',
): Script {
  return (request) => (request.body.tool_choice?.type === 'none' ? final(summary) : next());
}

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
    const { result, server, elapsedMs } = await runScripted(
      untilWindDown(() => commands('echo started; sleep 30')),
      { timeLimitMs: 3_000, commandTimeoutMs: 60_000 },
    );

    expect(toolResults(server.requests[1]!.body)[0]!.content).toMatch(
      /started[\s\S]*timed out after/,
    );
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.tool_choice).toEqual({ type: 'none' });
    expect(result.conclusion).toBe('time-limit');
    expect(result.result).toMatch(/^Summary/);
    expect(elapsedMs).toBeLessThan(3_000);
  });

  it('aborts a request still in flight at the deadline and concludes time-limit', async () => {
    const { result, server, elapsedMs } = await runScripted([{ hang: true }], {
      timeLimitMs: 1_200,
    });

    expect(result.conclusion).toBe('time-limit');
    expect(result.detail).toMatch(/aborted/);
    expect(elapsedMs).toBeGreaterThanOrEqual(1_100);
    expect(elapsedMs).toBeLessThan(2_500);
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
  });

  it('winds down when the next request would spend what is left of the budget', async () => {
    // Each response costs $0.20 (20k output tokens at $10/MTok); the budget is $0.50.
    const costly = { input_tokens: 10, output_tokens: 20_000 };
    const { result, server } = await runScripted(
      (request) =>
        request.body.tool_choice?.type === 'none'
          ? final('Summary: budget nearly spent.', costly)
          : message([toolUse({ command: 'echo step' })], 'tool_use', { usage: costly }),
      { maxCostUsd: 0.5 },
    );

    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.body.tool_choice).toEqual({ type: 'none' });
    expect(result.conclusion).toBe('budget');
    expect(result.result).toBe('Summary: budget nearly spent.');
    expect(result.costUsd).toBeCloseTo(0.6, 3);
  });

  it('sends no request once the budget is spent', async () => {
    const { result, server } = await runScripted(
      [
        message([toolUse({ command: 'echo step' })], 'tool_use', {
          usage: { input_tokens: 10, output_tokens: 100_000 },
        }),
      ],
      { maxCostUsd: 0.5 },
    );

    expect(server.requests).toHaveLength(1);
    expect(result.conclusion).toBe('budget');
    expect(result.costUsd).toBeGreaterThanOrEqual(0.5);
    expect(result.commands).toBe(1);
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

  it('reports an unexpected stop reason instead of ignoring it', async () => {
    const { result } = await runScripted([message([text('?')], 'something_new')]);

    expect(result.conclusion).toBe('error');
    expect(result.detail).toMatch(/unexpected reason: "something_new"/);
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
