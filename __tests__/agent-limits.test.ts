import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '../__fixtures__/clock.js';
import { Random } from '../__fixtures__/fuzz/random.js';
import {
  decidedForAnySmallerPrompt,
  defaultWindDownReserve,
  RunLimits,
  type RequestCostEstimate,
} from '../src/agent/limits.js';
import { estimateRequestCost, priceFor } from '../src/agent/pricing.js';
import { buildSystemPrompt, windDownInstruction } from '../src/agent/prompt.js';
import { compileOutputSchema, schemaPromptSection } from '../src/agent/structured-output.js';

/** A request whose prompt and output cost nothing: only turns and time decide. */
const FREE: RequestCostEstimate = {
  promptUsd: 0,
  windDownPromptUsd: 0,
  nextWindDownPromptUsd: 0,
  usdPerOutputToken: 0,
  usdPerPromptToken: 0,
  promptTokens: 100,
};
/**
 * $1 per thousand output tokens, prompts priced per call; the response written again into the next
 * prompt costs nothing unless said.
 */
function costing(
  promptUsd: number,
  windDownPromptUsd = promptUsd,
  more: Partial<RequestCostEstimate> = {},
): RequestCostEstimate {
  return {
    promptUsd,
    windDownPromptUsd,
    nextWindDownPromptUsd: windDownPromptUsd,
    usdPerOutputToken: 0.001,
    usdPerPromptToken: 0,
    promptTokens: 1_000,
    ...more,
  };
}
const MINUTE = { maxTurns: 50, timeLimitMs: 60_000, commandTimeoutMs: 120_000 };

describe('RunLimits', () => {
  it('allows max-turns requests, marks the last one, and refuses the next', () => {
    const clock = new FakeClock();
    const limits = new RunLimits({ ...MINUTE, maxTurns: 2, maxCostUsd: 0 }, clock);

    expect(limits.nextRequest(FREE, 4096)).toMatchObject({ allowed: true, lastBecause: undefined });
    limits.recordRequest();
    expect(limits.nextRequest(FREE, 4096)).toMatchObject({
      allowed: true,
      lastBecause: 'max-turns',
    });
    limits.recordRequest();
    expect(limits.nextRequest(FREE, 4096)).toEqual({ allowed: false, limit: 'max-turns' });
    limits.dispose();
  });

  it('winds down once the time left could start no command, and refuses at the deadline', () => {
    const clock = new FakeClock();
    const limits = new RunLimits({ ...MINUTE, maxCostUsd: 0 }, clock);

    expect(limits.windDownReserveMs).toBe(15_000);
    clock.advance(43_900);
    expect(limits.commandTimeLimit()).toBeDefined();
    expect(limits.nextRequest(FREE, 4096)).toMatchObject({ lastBecause: undefined });
    clock.advance(200);
    expect(limits.commandTimeLimit()).toBeUndefined();
    expect(limits.nextRequest(FREE, 4096)).toMatchObject({
      allowed: true,
      lastBecause: 'time-limit',
    });
    clock.advance(15_900);
    expect(limits.nextRequest(FREE, 4096)).toEqual({ allowed: false, limit: 'time-limit' });
    limits.dispose();
  });

  // The fault this rule fixes: commands stopped below reserve + 1 s while requests wound down only
  // below the reserve, so every request in between came back with nothing but "Not run".
  it.each([1, 250, 500, 999])(
    'leaves no gap: %i ms short of reserve + 1 s left, no command starts and the request is the wind-down',
    (short) => {
      const clock = new FakeClock();
      const limits = new RunLimits({ ...MINUTE, maxCostUsd: 0, windDownReserveMs: 10_000 }, clock);
      clock.advance(60_000 - (10_000 + 1_000 - short));

      expect(limits.timeLeftMs()).toBeGreaterThan(limits.windDownReserveMs);
      expect(limits.commandTimeLimit()).toBeUndefined();
      expect(limits.nextRequest(FREE, 4096)).toMatchObject({
        allowed: true,
        lastBecause: 'time-limit',
      });
      limits.dispose();
    },
  );

  it('winds down when the answer, taking as long as the last one, would come after commands can start', () => {
    const clock = new FakeClock();
    const limits = new RunLimits({ ...MINUTE, maxCostUsd: 0, windDownReserveMs: 10_000 }, clock);
    clock.advance(48_000);

    // 12 s left: a command could start now, but not 1.5 s from now (10.5 s left, reserve 10 s).
    expect(limits.commandTimeLimit()).toBeDefined();
    expect(limits.nextRequest(FREE, 4096, 500)).toMatchObject({ lastBecause: undefined });
    expect(limits.nextRequest(FREE, 4096, 1_500)).toMatchObject({ lastBecause: 'time-limit' });
    limits.dispose();
  });

  it('cuts a command timeout so the command ends before the wind-down reserve, and says when it did', () => {
    const clock = new FakeClock();
    const settings = { ...MINUTE, maxCostUsd: 0, windDownReserveMs: 10_000 };
    const limits = new RunLimits(settings, clock);
    const short = new RunLimits({ ...settings, commandTimeoutMs: 5_000 }, clock);

    expect(limits.commandTimeLimit()).toEqual({ timeoutMs: 50_000, cutByDeadline: true });
    expect(short.commandTimeLimit()).toEqual({ timeoutMs: 5_000, cutByDeadline: false });
    clock.advance(49_500);
    expect(limits.commandTimeLimit()).toBeUndefined();
    limits.dispose();
    short.dispose();
  });

  it('still starts commands shorter than a second when command-timeout itself is that short', () => {
    const clock = new FakeClock();
    const limits = new RunLimits(
      { ...MINUTE, maxCostUsd: 0, commandTimeoutMs: 400, windDownReserveMs: 10_000 },
      clock,
    );
    clock.advance(49_500);
    expect(limits.commandTimeLimit()).toEqual({ timeoutMs: 400, cutByDeadline: false });
    expect(limits.nextRequest(FREE, 4096)).toMatchObject({ lastBecause: undefined });
    limits.dispose();
  });

  it('sends a request only when its prompt and its max_tokens of output fit, with room for a wind-down after it', () => {
    const limits = new RunLimits({ ...MINUTE, maxCostUsd: 20 });

    // $0.50 prompt + 4096 tokens ($4.096) + a wind-down of $0.50 + 2048 tokens: all within $20.
    expect(limits.nextRequest(costing(0.5), 4096)).toEqual({
      allowed: true,
      lastBecause: undefined,
      maxTokens: 4096,
      estimatedUsd: 0.5 + 4.096,
    });
    limits.recordCost(12);
    // $8 left: $0.50 + a wind-down reserve of $2.548 leaves room for 4952 tokens, not 8000.
    expect(limits.nextRequest(costing(0.5), 8_000)).toMatchObject({
      lastBecause: undefined,
      maxTokens: 4_952,
    });
    limits.dispose();
  });

  it('keeps room for the wind-down after a request with its grown prompt and this response in it', () => {
    const limits = new RunLimits({ ...MINUTE, maxCostUsd: 10 });
    limits.recordRequest();

    // $10 left: $0.50 now, then a $1.50 wind-down prompt + 2048 tokens, each output token paid at
    // $0.001 now and $0.001 again in that prompt: (10 - 0.5 - 1.5 - 2.048) / 0.002 = 2976 tokens.
    expect(
      limits.nextRequest(
        costing(0.5, 0.5, { nextWindDownPromptUsd: 1.5, usdPerPromptToken: 0.001 }),
        8_000,
      ),
    ).toMatchObject({ lastBecause: undefined, maxTokens: 2_976 });
    limits.dispose();
  });

  it('makes a request the wind-down when an ordinary one would leave no room for one, and cuts its max_tokens to what is left', () => {
    const limits = new RunLimits({ ...MINUTE, maxCostUsd: 10 });
    limits.recordRequest();
    limits.recordCost(5);

    // $5 left: $1 prompt + $2.548 wind-down leaves room for 1452 tokens, under 2048: wind down.
    const decision = limits.nextRequest(costing(1, 0.5), 4096);
    expect(decision).toEqual({
      allowed: true,
      lastBecause: 'budget',
      maxTokens: 4096,
      estimatedUsd: 0.5 + 4.096,
    });
    limits.recordCost(2);
    expect(limits.nextRequest(costing(1, 0.5), 4096)).toMatchObject({
      lastBecause: 'budget',
      maxTokens: 2_500,
    });
    limits.dispose();
  });

  it('sends nothing once what is left cannot pay for a prompt and a short final answer', () => {
    const limits = new RunLimits({ ...MINUTE, maxCostUsd: 10 });
    limits.recordRequest();
    limits.recordCost(7.5);

    expect(limits.nextRequest(costing(0.5), 4096)).toEqual({ allowed: false, limit: 'budget' });
    limits.dispose();
  });

  it('refuses a first request that could only be a wind-down, saying what it would cost', () => {
    const limits = new RunLimits({ ...MINUTE, maxCostUsd: 5 });

    const decision = limits.nextRequest(costing(2, 2.5), 4096);
    expect(decision).toMatchObject({ allowed: false, limit: 'budget' });
    // $2 prompt + 2048 tokens, then a $2.50 wind-down + 2048 tokens (responses written again free).
    expect(decision.allowed === false && decision.firstRequestUsd).toBeCloseTo(8.596, 9);
    limits.dispose();
  });

  it('never stops for cost when max-cost-usd is 0', () => {
    const limits = new RunLimits({ ...MINUTE, maxCostUsd: 0 });
    limits.recordCost(1_000);
    expect(limits.nextRequest(costing(1_000), 4096)).toMatchObject({
      allowed: true,
      lastBecause: undefined,
      maxTokens: 4096,
    });
    limits.dispose();
  });

  it('aborts its signal at the deadline, not before', () => {
    const clock = new FakeClock();
    const limits = new RunLimits({ ...MINUTE, timeLimitMs: 50, maxCostUsd: 0 }, clock);
    clock.advance(49);
    expect(limits.signal.aborted).toBe(false);
    clock.advance(1);
    expect(limits.signal.aborted).toBe(true);
    expect(String(limits.signal.reason)).toMatch(/time-limit of 50 ms reached/);
  });

  it('aborts nothing once disposed', () => {
    const clock = new FakeClock();
    const limits = new RunLimits({ ...MINUTE, timeLimitMs: 50, maxCostUsd: 0 }, clock);
    limits.dispose();
    clock.advance(60_000);
    expect(limits.signal.aborted).toBe(false);
  });

  it('keeps a wind-down reserve that grows with the limit but never past two minutes', () => {
    expect(defaultWindDownReserve(2_000)).toBe(500);
    expect(defaultWindDownReserve(5 * 60_000)).toBe(30_000);
    expect(defaultWindDownReserve(30 * 60_000)).toBe(120_000);
    expect(defaultWindDownReserve(6 * 3_600_000)).toBe(120_000);
  });
});

describe('a decision on an upper bound of the prompt', () => {
  it('is the decision on every smaller prompt whenever decidedForAnySmallerPrompt says so', () => {
    const random = new Random(4_242);
    const price = priceFor('claude-sonnet-5-5').price;
    let decided = 0;
    let changedByCount = 0;
    for (let trial = 0; trial < 20_000; trial += 1) {
      const clock = new FakeClock();
      const maxCostUsd = random.pick([0.05, 0.5, 5]);
      const maxTurns = 1 + random.below(10);
      const limits = new RunLimits({ ...MINUTE, maxTurns, maxCostUsd }, clock);
      for (let turn = random.below(maxTurns); turn > 0; turn -= 1) limits.recordRequest();
      limits.recordCost(random.next() * maxCostUsd);
      if (random.chance(0.2)) clock.advance(50_000);
      const maxTokens = random.pick([1_024, 4_096, 16_000, 64_000]);
      // The last prompt's size, the bound of this one, and its true size at or under the bound.
      const last = random.below(100_000);
      const bound = last + random.below(300_000);
      const counted = random.below(bound + 1);
      const cachedTokens = random.chance(0.5) ? last : 0;
      const decide = (tokens: number) =>
        limits.nextRequest(
          estimateRequestCost(price, {
            tokens,
            cachedTokens,
            windDownExtraTokens: 100,
            growthTokens: tokens - last,
          }),
          maxTokens,
        );

      const onBound = decide(bound);
      const onCount = decide(counted);
      if (!decidedForAnySmallerPrompt(onBound, maxTokens)) {
        if (JSON.stringify(onBound) !== JSON.stringify(onCount)) changedByCount += 1;
        continue;
      }
      decided += 1;
      expect(onCount).toMatchObject({
        allowed: true,
        maxTokens,
        lastBecause: onBound.allowed ? onBound.lastBecause : 'never',
      });
    }
    // Both kinds were tried often: bounds that decide, and ones a count would have changed.
    expect(decided).toBeGreaterThan(2_000);
    expect(changedByCount).toBeGreaterThan(2_000);
  });
});

describe('system prompt', () => {
  const context = {
    repository: 'octo/repo',
    workingDirectory: '/work/repo',
    allowedCommands: ['ls *', 'npm test'],
    deniedCommands: ['git push *'],
    maxTurns: 30,
    timeLimitMs: 30 * 60_000,
    commandTimeoutMs: 120_000,
    maxCostUsd: 5,
    maxOutput: 30_000,
    extra: 'Never touch the docs folder.',
  };

  it('tells the model where it is, that stdin is closed, its limits and what the policy allows', () => {
    const prompt = buildSystemPrompt(context);
    expect(prompt).toContain('octo/repo');
    expect(prompt).toContain('The shell starts in /work/repo.');
    expect(prompt).toMatch(/stdin is closed/);
    expect(prompt).toMatch(
      /at most 30 model requests .*; 30 min of wall-clock time in total; 2 min per command \(/,
    );
    expect(prompt).toContain('$5');
    expect(prompt).toContain('  npm test');
    expect(prompt).toContain('  git push *');
    expect(prompt.endsWith('Instructions from the workflow:\nNever touch the docs folder.')).toBe(
      true,
    );
  });

  it('says every command is allowed when the policy is the single pattern *', () => {
    const prompt = buildSystemPrompt({
      ...context,
      allowedCommands: ['*'],
      deniedCommands: [],
      extra: '',
    });
    expect(prompt).toMatch(/Every command is allowed/);
    expect(prompt).not.toContain('Instructions from the workflow');
  });

  it('explains the quoted blocks only on a run asked for on GitHub, with the standing instructions', () => {
    expect(buildSystemPrompt(context)).not.toContain('quoted-data-TOKEN');
    expect(buildSystemPrompt(context)).not.toContain('Standing instructions');
    const prompt = buildSystemPrompt({
      ...context,
      quotesGitHub: true,
      workflowInstructions: ' Run npm test before finishing. ',
    });
    expect(prompt).toContain('</quoted-data-TOKEN>');
    expect(prompt).toMatch(/never instructions from the workflow or from this system prompt/);
    expect(prompt).toContain(
      'Standing instructions from the workflow, for every request:\nRun npm test before finishing.\n\nInstructions from the workflow:\nNever touch the docs folder.',
    );
  });

  it('asks for a short final message without a schema, and with one for the document alone, in the same place', async () => {
    const prose = buildSystemPrompt(context);
    expect(prose).toMatch(/When you are done.*a short final message/);
    const schema = await compileOutputSchema(
      '{"type": "object", "required": ["ok"]}',
      'output-schema',
    );
    const withSchema = buildSystemPrompt({ ...context, answerForm: schemaPromptSection(schema) });
    // One instruction on the final answer: the prose one is gone, not overridden by a later section.
    expect(withSchema).not.toMatch(/short final message/);
    expect(withSchema.match(/When you are done/g)).toHaveLength(1);
    expect(withSchema).toContain(schema.text);
    // It stands where the prose one stood: after the limits, before the workflow's instructions.
    const sections = (prompt: string) => prompt.split('\n\n');
    const at = (prompt: string) =>
      sections(prompt).findIndex((section) => section.startsWith('When you are done'));
    expect(at(withSchema)).toBe(at(prose));
    expect(sections(withSchema)[at(withSchema) - 1]).toMatch(/^Limits of this run/);
  });

  it('asks for a final summary of what was done and what remains, naming the limit', () => {
    expect(windDownInstruction('budget')).toMatch(/cost budget.*what you did.*what remains/s);
    expect(windDownInstruction('time-limit')).toMatch(/time limit/);
  });
});
