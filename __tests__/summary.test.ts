import { describe, expect, it } from '@jest/globals';
import {
  clipBytes,
  escapeInline,
  fenced,
  renderSummary,
  SUMMARY_MAX_BYTES,
  type SummaryInput,
} from '../src/report/summary.js';

const base: SummaryInput = {
  task: 'List the TODO comments in src',
  conclusion: 'success',
  result: 'Found 3 TODOs.',
  model: 'claude-sonnet-5-5',
  turns: 3,
  maxTurns: 30,
  commands: 4,
  denied: 1,
  usage: { inputTokens: 10, outputTokens: 20, cacheReadTokens: 300, cacheWriteTokens: 40 },
  costUsd: 0.01234,
  estimatedCostUsd: 0.0456,
  maxCostUsd: 5,
  durationMs: 12_345,
};

describe('renderSummary', () => {
  it('shows the task, the conclusion, the figures and the final text', () => {
    const markdown = renderSummary(base);
    expect(markdown).toContain('## Bash agent: ✅ Done');
    expect(markdown).toContain('| Conclusion | `success` |');
    expect(markdown).toContain('| Model requests | 3 of 30 |');
    expect(markdown).toContain('| Commands run | 4 (1 more denied by the policy) |');
    expect(markdown).toContain('10 input, 20 output, 300 cache read, 40 cache write');
    expect(markdown).toContain('$0.0123 of $5.00 allowed');
    // What was checked before each request, next to what the usage says was billed.
    expect(markdown).toContain('| Estimated before sending | at most $0.0456 (');
    expect(markdown).toContain('```text\nList the TODO comments in src\n```');
    expect(markdown).toContain('```text\nFound 3 TODOs.\n```');
  });

  it('names the limit and the reason when a run stops early', () => {
    const markdown = renderSummary({
      ...base,
      conclusion: 'max-turns',
      detail: 'Stopped at the max-turns limit',
    });
    expect(markdown).toContain('Stopped at the turn limit');
    expect(markdown).toContain('> Stopped at the max\\-turns limit');
  });

  it('keeps command output from breaking out of its block, whatever backticks or HTML it holds', () => {
    const hostile =
      'before\n```\n# Injected heading\n<details open><summary>x</summary>\n````\n@everyone';
    const markdown = renderSummary({ ...base, result: hostile });
    const fence = '`````';
    expect(markdown).toContain(`${fence}text\n${hostile}\n${fence}\n`);
    expect(markdown.split('\n').filter((line) => line.startsWith('# Injected'))).toHaveLength(1);
  });

  it('escapes untrusted one-line text: no HTML, no markdown, no mentions, no line breaks', () => {
    expect(escapeInline('<b>x</b> | *y* @admin\n# h')).toBe(
      '&lt;b&gt;x&lt;/b&gt; \\| \\*y\\* @\u200badmin \\# h',
    );
  });

  it('says so when the model wrote no final text', () => {
    expect(renderSummary({ ...base, result: '' })).toContain('_The model wrote no final text._');
  });

  it('stays under the 1 MiB step-summary limit with a huge final text and task', () => {
    const markdown = renderSummary({
      ...base,
      task: 'é'.repeat(300_000),
      result: '€'.repeat(2_000_000),
    });
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(markdown).toMatch(/characters omitted from the summary/);
  });
});

describe('helpers', () => {
  it('clips to a byte budget keeping head and tail and whole characters', () => {
    const text = `${'a'.repeat(1_000)}😀${'b'.repeat(1_000)}`;
    const clipped = clipBytes(text, 300);
    expect(Buffer.byteLength(clipped)).toBeLessThanOrEqual(300);
    expect(clipped.startsWith('aaa')).toBe(true);
    expect(clipped.endsWith('bbb')).toBe(true);
    expect(clipped).not.toMatch(/[\ud800-\udfff]/u);
    expect(clipBytes('short', 300)).toBe('short');
  });

  it('fences with more backticks than the text holds in a row', () => {
    expect(fenced('a ``` b')).toBe('````text\na ``` b\n````');
  });
});

describe('the undone list', () => {
  it('is a warning block of inert lines, cut at 50 with the count of the rest, and absent when empty', () => {
    expect(renderSummary({ ...base, undone: [] })).not.toContain('[!WARNING]');
    const hostile =
      '/home/runner/.ssh/[x](https://evil.example/?k=v) <img src=x>: created during the run; removed';
    const lines = [
      hostile,
      ...Array.from(
        { length: 59 },
        (_, i) => `/home/runner/.ssh/key${i}: created during the run; removed`,
      ),
    ];
    const markdown = renderSummary({ ...base, undone: lines });

    expect(markdown).toContain('> [!WARNING]');
    expect(markdown).toContain(
      '> - /home/runner/\\.ssh/\\[x\\]\\(https://evil\\.example/?k=v\\) &lt;img src=x&gt;',
    );
    expect(markdown).not.toContain('<img');
    expect(markdown).toContain('key48: created');
    expect(markdown).not.toContain('key49: created');
    expect(markdown).toContain('> - … and 10 more (see the log)');
    // Before the task, so a long task or result cannot push it out of sight.
    expect(markdown.indexOf('[!WARNING]')).toBeLessThan(markdown.indexOf('### Task'));
  });
});
