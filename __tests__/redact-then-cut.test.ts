/**
 * Redaction first, then every cut: a 40-character secret placed across each place where text that
 * leaves the process is cut — the session's capture (its head cut, its tail cut, the output between
 * calls), the tool result's `max-output`, the summary's size guards, the `result` output, the
 * comment and the JSONL file's per-event cap — never leaves a fragment of itself (four characters or
 * more) next to the cut. Cut first, each of these would leave all but a few characters of it.
 */
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  jest,
} from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as step from '../__fixtures__/workflow-commands.js';
import { Redactor } from '../src/redact.js';
import { createBashExecutor, type ToolOutcome } from '../src/agent/bash-tool.js';
import { captureChars, formatCommandResult } from '../src/shell/format.js';
import { buildShellEnv } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';
import type { CommandPolicy } from '../src/policy/types.js';

jest.unstable_mockModule('../src/run/workflow-commands.js', () => step);
const { RunReport } = await import('../src/report/run-report.js');
const { parseConfig } = await import('../src/config/config.js');
const { renderResultComment } = await import('../src/report/comment.js');

/** Mixed-case letters and digits: none of its 4-character pieces is in the filler or a marker. */
const SECRET = 'Q7w2Er9tY4uI1oP6aS3dF8gH5jK0lZxCvBnMqW7e';
const FRAGMENT = 4;

/** The pieces of SECRET of FRAGMENT characters that `text` holds. */
function fragmentsIn(text: string): string[] {
  const found = new Set<string>();
  for (let start = 0; start + FRAGMENT <= SECRET.length; start += 1) {
    const piece = SECRET.slice(start, start + FRAGMENT);
    if (text.includes(piece)) found.add(piece);
  }
  return [...found];
}

const dots = (count: number): string => '.'.repeat(Math.max(0, count));

/**
 * Text of `length` dots with copies of SECRET (two dots apart) filling a window of 600 characters
 * around each of `cuts`: whatever the cut's exact place near there, it falls inside a copy.
 */
function withSecretsAround(length: number, cuts: readonly number[]): string {
  const chars = dots(length).split('');
  for (const cut of cuts) {
    for (let at = Math.max(0, cut - 300); at < cut + 300 && at + SECRET.length <= length;) {
      chars.splice(at, SECRET.length, ...SECRET);
      at += SECRET.length + 2;
    }
  }
  return chars.join('');
}

describe('the shell’s output, redacted before the capture’s and the tool result’s cuts', () => {
  const MAX_OUTPUT = 2_000;
  const KEPT = 6_000;
  const redactor = new Redactor([SECRET]);
  const margin = redactor.longestForm;
  const capture = captureChars(KEPT, margin);
  const allowAll: CommandPolicy = {
    check: (command: string) => ({ allowed: true, script: command, printed: false }),
  } as unknown as CommandPolicy;
  let session: BashSession;
  let run: (command: string) => Promise<ToolOutcome>;

  beforeAll(async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'redact-cut-'));
    session = await BashSession.start({
      cwd,
      env: buildShellEnv(process.env, []).env,
      maxOutput: capture,
      redact: redactor.fn,
      defaultTimeoutMs: 10_000,
    });
    const executor = createBashExecutor({
      session: () => session,
      policy: () => allowAll,
      format: (result, context) =>
        formatCommandResult(result, { ...context, maxOutput: MAX_OUTPUT }),
      redact: redactor.fn,
      secretMargin: () => redactor.longestForm,
    });
    run = (command) =>
      executor.execute({ name: 'bash', input: { command } }, { timeoutMs: 10_000 });
  });

  afterAll(async () => {
    await session.close();
  });

  /** A command printing `before` dots, the secret, then `after` dots, as one stream. */
  const printing = (before: number, after: number): string =>
    `head -c ${before} /dev/zero | tr '\\0' .; printf %s '${SECRET}'; head -c ${after} /dev/zero | tr '\\0' .`;

  // Offsets of the secret's start from the cut: every way it can straddle, and whole on each side.
  const OFFSETS = [-45, -39, -30, -20, -10, -3, -1, 0];

  it.each(OFFSETS)('across the capture’s head cut (secret starting %i from it)', async (offset) => {
    const headCut = Math.ceil(capture / 2);
    const outcome = await run(printing(headCut + offset, capture * 2));
    expect(outcome.command?.truncated).toBe(true);
    expect(fragmentsIn(outcome.text)).toEqual([]);
    expect(fragmentsIn(outcome.output ?? '')).toEqual([]);
  });

  it.each(OFFSETS)('across the capture’s tail cut (secret starting %i from it)', async (offset) => {
    const tail = capture - Math.ceil(capture / 2);
    const total = capture * 3;
    const before = total - tail + offset;
    const outcome = await run(printing(before, total - before - SECRET.length));
    expect(fragmentsIn(outcome.text)).toEqual([]);
    expect(fragmentsIn(outcome.output ?? '')).toEqual([]);
  });

  it.each([-60, -45, -35, -25, -15, -5, 5, 15])(
    'across the max-output cut of an output the capture kept whole (secret %i from its middle)',
    async (offset) => {
      const length = MAX_OUTPUT * 2;
      const outcome = await run(
        printing(Math.floor(MAX_OUTPUT / 2) + offset, length - MAX_OUTPUT / 2),
      );
      expect(outcome.text.length).toBeLessThanOrEqual(MAX_OUTPUT);
      expect(outcome.text).toContain('characters omitted');
      expect(fragmentsIn(outcome.text)).toEqual([]);
      expect(fragmentsIn(outcome.output ?? '')).toEqual([]);
    },
  );

  it('across the cut of output that came between two calls (a background job)', async () => {
    const before = 100;
    const after = capture - 20;
    await run(`{ sleep 0.3; ${printing(before, after)}; } &`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const outcome = await run('true');
    expect(fragmentsIn(outcome.text)).toEqual([]);
    expect(fragmentsIn(outcome.output ?? '')).toEqual([]);
  });

  it('a secret whole in the output is replaced, not dropped silently', async () => {
    const outcome = await run(`printf 'before %s after' '${SECRET}'`);
    expect(outcome.text).toBe('before *** after');
  });
});

describe('the reports, rendered from redacted events before their size guards cut', () => {
  let root: string;

  beforeEach(() => {
    step.reset();
    root = mkdtempSync(path.join(tmpdir(), 'redact-cut-report-'));
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('the summary, the result output, the comment, the log and the JSONL file hold no fragment', async () => {
    const redactor = new Redactor([SECRET]);
    const config = {
      ...parseConfig(() => '', { GITHUB_WORKSPACE: root, RUNNER_TEMP: root }),
      outputSchema: undefined,
    };
    const report = new RunReport(redactor.fn, {
      flush: () => undefined,
      stop: () => undefined,
      onFlush: () => undefined,
    });
    report.start(config, { task: 'Do the work', taskSource: config.taskSource });
    // Around every cut point of every sink, in characters from the start and from the end: the
    // summary's 64 KiB per output and 300,000 bytes for the final message, the result output's and
    // the comment's 65,536 characters, the JSONL line's 1,000,000 bytes.
    const length = 1_300_000;
    const cuts = [
      32_768,
      65_536,
      150_000,
      500_000,
      length - 32_768,
      length - 65_536,
      length - 150_000,
      length - 500_000,
    ];
    const text = withSecretsAround(length, cuts);
    expect(fragmentsIn(text).length).toBeGreaterThan(0);
    report.record({ type: 'tool_call', id: 't1', name: 'bash', input: { command: 'cat big' } });
    report.record({ type: 'tool_result', id: 't1', kind: 'command', text, isError: false });
    report.record({
      type: 'result',
      conclusion: 'success',
      result: text,
      turns: 1,
      usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
      costUsd: 0,
      durationMs: 1,
    } as never);
    await report.finish(config);

    const summary = step.summaries.join('\n');
    expect(summary).toContain('characters omitted');
    expect(fragmentsIn(summary)).toEqual([]);
    expect(step.outputs.result!.length).toBeLessThan(text.length);
    expect(fragmentsIn(step.outputs.result!)).toEqual([]);
    const comment = renderResultComment(report.events, undefined);
    expect(fragmentsIn(comment)).toEqual([]);
    expect(fragmentsIn(step.log.join('\n'))).toEqual([]);
    const jsonl = readFileSync(config.transcriptFile, 'utf8');
    expect(jsonl).toContain('"cut":true');
    expect(fragmentsIn(jsonl)).toEqual([]);
  });
});
