import { describe, expect, it } from '@jest/globals';
import { defaultWindDownReserve, RunLimits } from '../src/agent/limits.js';
import { buildSystemPrompt, windDownInstruction } from '../src/agent/prompt.js';

function clockAt(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, advance: (ms) => (time += ms) };
}

describe('RunLimits', () => {
  it('allows max-turns requests, marks the last one, and refuses the next', () => {
    const clock = clockAt();
    const limits = new RunLimits({ maxTurns: 2, timeLimitMs: 60_000, maxCostUsd: 0 }, clock.now);

    expect(limits.nextRequest(0)).toEqual({ allowed: true, lastBecause: undefined });
    limits.recordRequest();
    expect(limits.nextRequest(0)).toEqual({ allowed: true, lastBecause: 'max-turns' });
    limits.recordRequest();
    expect(limits.nextRequest(0)).toEqual({ allowed: false, limit: 'max-turns' });
    limits.dispose();
  });

  it('marks a request the last when only the wind-down reserve of time is left, and refuses at the deadline', () => {
    const clock = clockAt();
    const limits = new RunLimits({ maxTurns: 50, timeLimitMs: 60_000, maxCostUsd: 0 }, clock.now);

    expect(limits.windDownReserveMs).toBe(15_000);
    clock.advance(44_000);
    expect(limits.nextRequest(0)).toEqual({ allowed: true, lastBecause: undefined });
    clock.advance(2_000);
    expect(limits.nextRequest(0)).toEqual({ allowed: true, lastBecause: 'time-limit' });
    clock.advance(14_000);
    expect(limits.nextRequest(0)).toEqual({ allowed: false, limit: 'time-limit' });
    limits.dispose();
  });

  it('marks a request the last when its estimated cost would reach the budget, and refuses once spent', () => {
    const limits = new RunLimits({ maxTurns: 50, timeLimitMs: 60_000, maxCostUsd: 1 });

    limits.recordCost(0.7);
    expect(limits.nextRequest(0.2)).toEqual({ allowed: true, lastBecause: undefined });
    expect(limits.nextRequest(0.3)).toEqual({ allowed: true, lastBecause: 'budget' });
    limits.recordCost(0.3);
    expect(limits.nextRequest(0)).toEqual({ allowed: false, limit: 'budget' });
    limits.dispose();
  });

  it('never stops for cost when max-cost-usd is 0', () => {
    const limits = new RunLimits({ maxTurns: 50, timeLimitMs: 60_000, maxCostUsd: 0 });
    limits.recordCost(1_000);
    expect(limits.nextRequest(1_000)).toEqual({ allowed: true, lastBecause: undefined });
    limits.dispose();
  });

  it('cuts a command timeout so the command ends before the wind-down reserve, and refuses when under a second is left', () => {
    const clock = clockAt();
    const limits = new RunLimits(
      { maxTurns: 5, timeLimitMs: 60_000, maxCostUsd: 0, windDownReserveMs: 10_000 },
      clock.now,
    );

    expect(limits.commandTimeoutMs(120_000)).toBe(50_000);
    expect(limits.commandTimeoutMs(5_000)).toBe(5_000);
    clock.advance(49_500);
    expect(limits.commandTimeoutMs(120_000)).toBe(0);
    limits.dispose();
  });

  it('aborts its signal at the deadline', async () => {
    const limits = new RunLimits({ maxTurns: 5, timeLimitMs: 50, maxCostUsd: 0 });
    expect(limits.signal.aborted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(limits.signal.aborted).toBe(true);
  });

  it('keeps a wind-down reserve that grows with the limit but never past two minutes', () => {
    expect(defaultWindDownReserve(2_000)).toBe(500);
    expect(defaultWindDownReserve(5 * 60_000)).toBe(30_000);
    expect(defaultWindDownReserve(30 * 60_000)).toBe(120_000);
    expect(defaultWindDownReserve(6 * 3_600_000)).toBe(120_000);
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

  it('asks for a final summary of what was done and what remains, naming the limit', () => {
    expect(windDownInstruction('budget')).toMatch(/cost budget.*what you did.*what remains/s);
    expect(windDownInstruction('time-limit')).toMatch(/time limit/);
  });
});
