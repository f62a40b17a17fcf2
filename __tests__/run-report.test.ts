/**
 * The report a forced exit writes when a cancelled run's wind-down overran: the outputs, a short
 * summary and the failure, once, and nothing again when the ordinary report pass already began.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as core from '../__fixtures__/core.js';
import { readTranscriptFile } from '../__fixtures__/transcripts.js';

jest.unstable_mockModule('@actions/core', () => core);
const { RunReport } = await import('../src/report/run-report.js');
const { parseConfig } = await import('../src/config.js');

const WHY = 'The run was cancelled (SIGTERM), and its wind-down did not finish within 4.5 s';
const noLogBuffer = { flush: () => undefined, stop: () => undefined, onFlush: () => undefined };

let root: string;
let summaryFile: string;
const savedSummary = process.env.GITHUB_STEP_SUMMARY;

beforeEach(() => {
  core.reset();
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
  const config = parseConfig((name) => inputs[name] ?? '', {
    GITHUB_WORKSPACE: root,
    RUNNER_TEMP: root,
  });
  const report = new RunReport((text) => text, noLogBuffer);
  report.start(config, 'Do the work');
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

    expect(core.outputs).toMatchObject({
      conclusion: 'cancelled',
      turns: '1',
      commands: '1',
      'transcript-file': config.transcriptFile,
    });
    expect(core.failures).toEqual([WHY]);
    expect(core.log.some((line) => line.startsWith('Conclusion: cancelled; 1 request'))).toBe(true);
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

    expect(core.outputs.conclusion).toBe('cancelled');
    expect(readFileSync(summaryFile, 'utf8')).toContain('🛑 Cancelled');
  });

  it('writes no summary when the summary input is off', () => {
    const { report } = startedReport({ summary: 'false' });

    report.finishCutShort(WHY);

    expect(core.outputs.conclusion).toBe('cancelled');
    expect(readFileSync(summaryFile, 'utf8')).toBe('');
  });

  it('writes nothing of the report again once the ordinary report pass has begun, only a warning', async () => {
    const { report, config } = startedReport();
    report.end('cancelled', 'The run was cancelled (SIGTERM)');
    const finishing = report.finish(config);
    const outputsSet = core.setOutput.mock.calls.length;
    expect(core.outputs.conclusion).toBe('cancelled');

    report.finishCutShort(WHY);
    await finishing;

    expect(core.setOutput.mock.calls.length).toBe(outputsSet);
    expect(core.failures).toEqual([]);
    expect(readFileSync(summaryFile, 'utf8')).toBe('');
    expect(core.summaries).toHaveLength(1);
    expect(core.log).toContain(`::warning::${WHY}`);
    expect(existsSync(config.transcriptFile)).toBe(true);
    expect(
      readTranscriptFile(config.transcriptFile).filter((e) => e.type === 'result'),
    ).toHaveLength(1);
  });
});
