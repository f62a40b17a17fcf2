/**
 * The report a forced exit writes when a cancelled run's wind-down overran: the outputs, a short
 * summary and the failure, once, and nothing again when the ordinary report pass already began.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as step from '../__fixtures__/workflow-commands.js';
import { readTranscriptFile } from '../__fixtures__/transcripts.js';
import { parseOutputFile } from '../__fixtures__/runner.js';

jest.unstable_mockModule('../src/run/workflow-commands.js', () => step);
const { RunReport } = await import('../src/report/run-report.js');
const { parseConfig } = await import('../src/config/config.js');
const { RESULT_OUTPUT_MAX_CHARS } = await import('../src/report/outputs.js');

const WHY = 'The run was cancelled (SIGTERM), and its wind-down did not finish within 4.5 s';
const noLogBuffer = { flush: () => undefined, stop: () => undefined, onFlush: () => undefined };

let root: string;
let summaryFile: string;
const savedSummary = process.env.GITHUB_STEP_SUMMARY;

beforeEach(() => {
  step.reset();
  root = mkdtempSync(path.join(tmpdir(), 'run-report-'));
  summaryFile = path.join(root, 'summary.md');
  writeFileSync(summaryFile, '');
  process.env.GITHUB_STEP_SUMMARY = summaryFile;
});

afterEach(() => {
  if (savedSummary === undefined) delete process.env.GITHUB_STEP_SUMMARY;
  else process.env.GITHUB_STEP_SUMMARY = savedSummary;
  rmSync(root, { recursive: true, force: true });
});

/** A report that has started a run and recorded one request and one command. */
function startedReport(inputs: Record<string, string> = {}) {
  // No output schema, so nothing for compileConfig to compile.
  const config = {
    ...parseConfig((name) => inputs[name] ?? '', { GITHUB_WORKSPACE: root, RUNNER_TEMP: root }),
    outputSchema: undefined,
  };
  const report = new RunReport((text) => text, noLogBuffer);
  report.start(config, { task: 'Do the work', taskSource: config.taskSource });
  report.record({
    type: 'request',
    turn: 1,
    maxTokens: 100,
    promptTokens: 10,
    promptMeasure: 'counted',
    estimatedUsd: 0.01,
  });
  report.record({ type: 'tool_call', id: 't1', name: 'bash', input: { command: 'ls' } });
  report.record({ type: 'tool_result', id: 't1', kind: 'command', text: 'a\n', isError: false });
  return { report, config };
}

describe('a report cut short by the forced exit', () => {
  it('writes the outputs as cancelled with the figures so far, a short summary, the closing line and the failure', () => {
    const { report, config } = startedReport();

    report.finishCutShort(WHY);

    expect(step.outputs).toMatchObject({
      conclusion: 'cancelled',
      turns: '1',
      commands: '1',
      'transcript-file': config.transcriptFile,
    });
    expect(step.failures).toEqual([WHY]);
    expect(step.log.some((line) => line.startsWith('Conclusion: cancelled; 1 request'))).toBe(true);
    const summary = readFileSync(summaryFile, 'utf8');
    expect(summary).toMatch(/^## Bash agent: 🛑 Cancelled\n/);
    expect(summary).toContain('**1 command run**');
    expect(summary).toContain('this summary is short');
    // The transcript file ends with what happened and how the run ended.
    const events = readTranscriptFile(config.transcriptFile);
    expect(events.at(-2)).toMatchObject({ type: 'error', message: WHY });
    expect(events.at(-1)).toMatchObject({ type: 'result', conclusion: 'cancelled', detail: WHY });
  });

  it('says cancelled even when the loop had ended otherwise: the report after it did not finish', () => {
    const { report } = startedReport();
    report.end('success');

    report.finishCutShort(WHY);

    expect(step.outputs.conclusion).toBe('cancelled');
    expect(readFileSync(summaryFile, 'utf8')).toContain('🛑 Cancelled');
  });

  it('writes no summary when the summary input is off', () => {
    const { report } = startedReport({ summary: 'false' });

    report.finishCutShort(WHY);

    expect(step.outputs.conclusion).toBe('cancelled');
    expect(readFileSync(summaryFile, 'utf8')).toBe('');
  });

  it('writes the outputs of the ordinary report pass once; a forced exit before its summary (during the upload) writes the short one in its place', async () => {
    const { report, config } = startedReport();
    report.end('cancelled', 'The run was cancelled (SIGTERM)');
    const finishing = report.finish(config);
    const outputsSet = step.setOutput.mock.calls.length;
    expect(step.outputs.conclusion).toBe('cancelled');

    report.finishCutShort(WHY);
    await finishing;

    expect(step.setOutput.mock.calls.length).toBe(outputsSet);
    expect(step.failures).toEqual([]);
    expect(readFileSync(summaryFile, 'utf8')).toContain('the transcript file has everything');
    // Never both: the ordinary pass, resumed, leaves the summary to the short one.
    expect(step.summaries).toHaveLength(0);
    expect(step.log).toContain(`::warning::${WHY}`);
    expect(existsSync(config.transcriptFile)).toBe(true);
    expect(
      readTranscriptFile(config.transcriptFile).filter((e) => e.type === 'result'),
    ).toHaveLength(1);
  });

  it('writes nothing of the report again once the ordinary pass has written its summary, only a warning', async () => {
    const { report, config } = startedReport();
    report.end('cancelled', 'The run was cancelled (SIGTERM)');
    await report.finish(config);
    const outputsSet = step.setOutput.mock.calls.length;

    report.finishCutShort(WHY);

    expect(step.setOutput.mock.calls.length).toBe(outputsSet);
    expect(step.failures).toEqual([]);
    expect(readFileSync(summaryFile, 'utf8')).toBe('');
    expect(step.summaries).toHaveLength(1);
    expect(step.log).toContain(`::warning::${WHY}`);
  });
});

describe('a report whose GITHUB_OUTPUT file cannot be written', () => {
  const savedOutput = process.env.GITHUB_OUTPUT;
  let restoreOutputs: () => void;
  beforeEach(() => {
    restoreOutputs = step.outputsToRunnerFile();
  });
  afterEach(() => {
    restoreOutputs();
    if (savedOutput === undefined) delete process.env.GITHUB_OUTPUT;
    else process.env.GITHUB_OUTPUT = savedOutput;
  });

  it.each([
    ['in a directory that does not exist', () => path.join(root, 'gone', 'output.txt')],
    ['on a full disk (/dev/full)', () => '/dev/full'],
  ])(
    'still writes the summary, the transcript and the closing line when the file is %s, and warns naming the file',
    async (_where, outputFile) => {
      process.env.GITHUB_OUTPUT = outputFile();
      const { report, config } = startedReport();
      report.end('success');

      const facts = await report.finish(config);

      expect(facts.conclusion).toBe('success');
      expect(step.summaries).toHaveLength(1);
      expect(step.summaries[0]).toMatch(/^## Bash agent: ✅ Done\n/);
      expect(step.log.some((line) => line.startsWith('Conclusion: success'))).toBe(true);
      const warnings = step.log.filter((line) => line.startsWith('::warning::'));
      expect(warnings).toEqual([
        expect.stringContaining(
          `Could not write the step's outputs to the GITHUB_OUTPUT file ${process.env.GITHUB_OUTPUT}: `,
        ),
      ]);
      expect(step.failures).toEqual([]);
      expect(readTranscriptFile(config.transcriptFile).at(-1)).toMatchObject({
        type: 'result',
        conclusion: 'success',
      });
    },
  );

  it('writes the short summary and fails the step as cancelled when the forced exit cannot write the outputs', () => {
    process.env.GITHUB_OUTPUT = '/dev/full';
    const { report } = startedReport();

    report.finishCutShort(WHY);

    expect(readFileSync(summaryFile, 'utf8')).toContain('🛑 Cancelled');
    expect(step.failures).toEqual([WHY]);
    expect(step.log).toContainEqual(
      expect.stringMatching(/^::warning::.*GITHUB_OUTPUT file \/dev\/full: ENOSPC/),
    );
  });

  it('writes the outputs to a file that can take them (the same code path, for contrast)', async () => {
    const outputFile = path.join(root, 'output.txt');
    writeFileSync(outputFile, '');
    process.env.GITHUB_OUTPUT = outputFile;
    const { report, config } = startedReport();
    report.end('success');

    await report.finish(config);

    expect(parseOutputFile(readFileSync(outputFile, 'utf8')).conclusion).toBe('success');
    expect(step.log.filter((line) => line.startsWith('::warning::'))).toEqual([]);
  });
});

/** Records the run's end with `result` as its final message. */
function endWith(report: InstanceType<typeof RunReport>, result: string): void {
  report.record({
    type: 'result',
    conclusion: 'success',
    result,
    turns: 1,
    commands: 1,
    denied: 0,
    usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
    costUsd: 0.001,
    estimatedCostUsd: 0.01,
    durationMs: 10,
  });
}

describe('the result output', () => {
  it(`is capped at ${RESULT_OUTPUT_MAX_CHARS} characters with a note, the transcript keeping the whole message`, async () => {
    const { report, config } = startedReport();
    const message = 'x'.repeat(RESULT_OUTPUT_MAX_CHARS) + 'the tail end';
    endWith(report, message);

    await report.finish(config);

    const result = step.outputs.result!;
    expect(result.startsWith('x'.repeat(RESULT_OUTPUT_MAX_CHARS))).toBe(true);
    expect(result).not.toContain('the tail end');
    expect(result).toMatch(
      /\n\n\[\.\.\. 12 more characters of the final message are in the transcript file \(the transcript-file output\) \.\.\.\]$/,
    );
    expect(result.length).toBeLessThan(RESULT_OUTPUT_MAX_CHARS + 200);
    const recorded = readTranscriptFile(config.transcriptFile).at(-1);
    expect(recorded).toMatchObject({ type: 'result', result: message });
  });

  it('is the whole message up to the cap', async () => {
    const { report, config } = startedReport();
    const message = 'y'.repeat(RESULT_OUTPUT_MAX_CHARS);
    endWith(report, message);

    await report.finish(config);

    expect(step.outputs.result).toBe(message);
  });
});

describe('control characters', () => {
  it('reach the summary and the log as escapes, never raw', async () => {
    const { report, config } = startedReport();
    report.record({ type: 'tool_call', id: 't2', name: 'bash', input: { command: 'printf x' } });
    report.record({
      type: 'tool_result',
      id: 't2',
      kind: 'command',
      text: 'nul:\0 bell:\x07 esc:\x1b[31m',
      isError: false,
    });
    report.record({
      type: 'response',
      turn: 2,
      stopReason: 'tool_use',
      text: 'said\0so',
      usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
      costUsd: 0,
      durationMs: 1,
    });
    endWith(report, 'final\0answer\x7f');

    await report.finish(config);

    const summary = step.summaries.join('');
    const log = step.log.join('\n');
    // No control character but tab and line breaks in either.
    const RAW = /(?![\t\n\r])\p{Cc}/u;
    expect(summary).not.toMatch(RAW);
    expect(log).not.toMatch(RAW);
    expect(summary).toContain('nul:\\x00 bell:\\x07 esc:\\x1b[31m');
    expect(summary).toContain('final\\x00answer\\x7f');
    expect(log).toContain('nul:\\x00 bell:\\x07 esc:\\x1b[31m');
    expect(log).toContain('said\\x00so');
    expect(log).toContain('final\\x00answer\\x7f');
    // The transcript keeps what was there.
    const events = readTranscriptFile(config.transcriptFile);
    expect(events.find((e) => e.type === 'tool_result' && e.id === 't2')).toMatchObject({
      text: 'nul:\0 bell:\x07 esc:\x1b[31m',
    });
  });
});

describe('the transcript file without RUNNER_TEMP', () => {
  it('goes to a private directory of its own (0700), not a fixed path in the shared /tmp', async () => {
    const env = { GITHUB_WORKSPACE: root };
    const config = { ...parseConfig(() => '', env), outputSchema: undefined };
    const directory = path.dirname(config.transcriptFile);

    expect(directory).not.toBe(path.join(tmpdir(), 'bash-agent'));
    expect(path.dirname(directory)).toBe(tmpdir());
    expect(path.basename(directory)).toMatch(/^bash-agent-.{6}$/);
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    // One directory for the process: every reader of the config finds the same file.
    expect(parseConfig(() => '', env).transcriptFile).toBe(config.transcriptFile);

    const report = new RunReport((text) => text, noLogBuffer);
    report.start(config, { task: 'Do the work', taskSource: config.taskSource });
    await report.finish(config);
    try {
      expect(readTranscriptFile(config.transcriptFile).at(-1)).toMatchObject({ type: 'result' });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
