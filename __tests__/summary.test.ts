import { describe, expect, it } from '@jest/globals';
import {
  failedRun,
  hugeRun,
  realisticRun,
  TranscriptBuilder,
} from '../__fixtures__/transcripts.js';
import { factsOf } from '../src/report/facts.js';
import { renderSummary, SUMMARY_MAX_BYTES } from '../src/report/summary.js';
import type { Conclusion } from '../src/transcript.js';

const render = (events: Parameters<typeof factsOf>[0]): string => renderSummary(factsOf(events));

describe('renderSummary', () => {
  it('shows the outcome in words with the figures, the final message, the commands, the task and the run link', () => {
    const markdown = render(realisticRun());
    expect(markdown.startsWith('## Bash agent: ✅ Done\n')).toBe(true);
    expect(markdown).toContain(
      '**4 model requests of 30** · **5 commands run (1 timed out, 1 failed), 1 denied** · **$0.0400** of the $5.00 cap · **2 min 17 s** of the 30 min limit',
    );
    expect(markdown).toContain('### Final message');
    expect(markdown).toContain('`formatDate` does not pad the month');
    expect(markdown).toContain('| 2 | ❌ | `npm test 2>&1 \\| tail -20` | exit 1 | 8.4\u00a0s |');
    expect(markdown).toContain('| 6 | ⏱️ | `sleep 200` | timed out | 120.0\u00a0s |');
    expect(markdown).toContain(
      '<details><summary>Task</summary>\n\n```text\nFind the failing test and fix it\n```',
    );
    expect(markdown).toContain('3,600 input, 480 output, 16,000 cache read, 1,200 cache write');
    expect(markdown).toContain('at most $0.2000');
    expect(markdown).toContain('[Workflow run](https://github.com/octo/repo/actions/runs/42)');
    expect(markdown).toContain('```mermaid\ngantt');
    // A short table is shown as it is, not collapsed.
    expect(markdown).not.toContain('<summary>All ');
  });

  it('warns about denials (with the reason in words and the pattern to add), time-outs, errors, warnings and undone changes', () => {
    const realistic = render(realisticRun());
    expect(realistic).toContain('> [!WARNING]');
    expect(realistic).toMatch(
      /> 1 command denied by the command policy:\n> - 4\. `sed .*`: matches no allowed pattern; to allow it, add `sed \*` to allowed\\-commands\n/,
    );
    // The table says why in words too, not only the code.
    expect(realistic).toMatch(/\| 4 \| 🚫 \| `sed .*` \| denied: matches no allowed pattern \|/);
    expect(realistic).toMatch(/> 1 command timed out:\n> - 6\. `sleep 200` after 120\.0\u00a0s/);

    const failed = render(failedRun());
    expect(failed.startsWith('## Bash agent: ❌ Failed\n')).toBe(true);
    expect(failed).toContain(
      '> [!CAUTION]\n> Anthropic API error 529 overloaded\\_error: Overloaded',
    );
    expect(failed).toContain('> - \\.git/hooks/pre\\-commit: created; removed');
    expect(failed).toContain('> - Response 2 reported no token usage');
    // Not a final message: the last words the model wrote, said as such.
    expect(failed).toContain('### Last text from the model\n\nChecking the outdated packages.');
    // The warning block comes before the final message and the commands.
    expect(failed.indexOf('[!CAUTION]')).toBeLessThan(failed.indexOf('### Last text'));
  });

  it.each<[Conclusion, string]>([
    ['success', '✅ Done'],
    ['max-turns', '⏸️ Stopped after 1 of 30 turns — raise `max-turns`'],
    ['time-limit', '⏱️ Stopped after 2 s of 30 min — raise `time-limit`'],
    ['budget', '💰 Stopped after $0.0100 of $5.00 — raise `max-cost-usd`'],
    ['error', '❌ Failed'],
    ['cancelled', '🛑 Cancelled'],
    ['skipped', '⏭️ Skipped'],
  ])('says %s in words in its headline', (conclusion, words) => {
    const events = new TranscriptBuilder()
      .exchange('last words', 'end_turn')
      .result(
        conclusion,
        'last words',
        conclusion === 'success' ? undefined : `because ${conclusion}`,
      );
    const markdown = render(events);
    expect(markdown.split('\n')[0]).toBe(`## Bash agent: ${words}`);
    if (conclusion === 'skipped') {
      expect(markdown).toContain('## Bash agent: ⏭️ Skipped\n\nbecause skipped\n');
      expect(markdown).not.toContain('model request');
    } else {
      expect(markdown).toContain('**1 model request of 30**');
    }
    if (conclusion !== 'success' && conclusion !== 'skipped') {
      expect(markdown).toContain(`> because ${conclusion.replace(/-/g, '\\-')}`);
    }
  });

  it('reports a run that recorded no result as failed, with its last error', () => {
    const builder = new TranscriptBuilder().exchange('working');
    builder.event({ type: 'error', message: 'spawn bash ENOENT' });
    const markdown = render(builder.events);
    expect(markdown.split('\n')[0]).toBe('## Bash agent: ❌ Failed');
    expect(markdown).toContain('> spawn bash ENOENT');
  });

  it('keeps command output inside its block whatever fences, HTML or mentions it holds', () => {
    const hostile = 'before\n```\n# Injected heading\n~~~\n</details></details>\n````\n@everyone';
    const markdown = render(
      new TranscriptBuilder().command('cat x', hostile).result('success', 'ok'),
    );
    const fence = '`````';
    expect(markdown).toContain(`${fence}text\n${hostile}\n${fence}\n`);
    expect(markdown.split('\n').filter((line) => line.startsWith('# Injected'))).toHaveLength(1);
  });

  it('says so when the model wrote no final text', () => {
    expect(render(new TranscriptBuilder().result('success', ''))).toContain(
      '_The model wrote no final text._',
    );
  });

  it('stays under the limit with a huge final message and task, keeping both cut and marked', () => {
    const markdown = render(
      new TranscriptBuilder('é'.repeat(300_000)).result('success', '€'.repeat(2_000_000)),
    );
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(markdown).toMatch(
      /characters omitted from the summary; the transcript file has all of it/,
    );
    expect(markdown).toContain('€€€€');
    expect(markdown).toContain('ééé');
  });

  describe('the size guard on 500 turns of 30,000-character outputs', () => {
    const events = hugeRun(500, 30_000);
    const markdown = render(events);
    const rowOf = (index: number): string =>
      markdown.split('\n').find((line) => line.startsWith(`| ${index} |`)) ?? '';

    it('stays at or under 1,000,000 bytes with the headline, figures and final message whole', () => {
      expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
      expect(markdown.split('\n')[0]).toBe('## Bash agent: ✅ Done');
      expect(markdown).toContain('**501 model requests of 30** · **500 commands run**');
      expect(markdown).toContain(
        '#### All read\n\nEvery part was read; the last one ends the story.',
      );
    });

    it('cuts outputs before anything else, oldest first, and marks each cut', () => {
      // Every command keeps its row (in a collapsed table: 500 rows would bury the rest); the oldest
      // outputs go first, the newest stay, cut to head and tail.
      expect(markdown).toContain('<details><summary>All 500 calls</summary>');
      expect(rowOf(1)).toMatch(/\(not in the summary\) \|$/);
      expect(rowOf(500)).toMatch(/\(cut in the summary\) \|$/);
      expect(markdown).toMatch(
        /_\d+ older outputs left out to keep the summary under 1 MB; the transcript file has them\._/,
      );
      expect(markdown).toContain('500. <code>cat part-500.txt</code>');
      expect(markdown).not.toContain('1. <code>cat part-1.txt</code> ·');
      const cutMarks =
        markdown.match(/characters omitted from the summary; the transcript file has all of it/g) ??
        [];
      const shown = markdown.match(/<summary>✅ \d+\. /g) ?? [];
      expect(shown.length).toBeGreaterThan(100);
      expect(cutMarks).toHaveLength(shown.length);
    });

    it('cuts the longest outputs first: a short output keeps all of itself', () => {
      const builder = new TranscriptBuilder();
      builder.command('echo short', 'short output, kept whole\n');
      const line = 'y'.repeat(99) + '\n';
      for (let i = 0; i < 400; i += 1) builder.command(`cat big-${i}`, line.repeat(300));
      const guarded = render(builder.result('success', 'done'));
      expect(Buffer.byteLength(guarded)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
      expect(guarded).toContain('```text\nshort output, kept whole\n```');
      expect(guarded.split('\n').find((row) => row.startsWith('| 1 |'))).not.toMatch(
        /in the summary/,
      );
    });
  });
});

describe('the summary of a run that failed at its start', () => {
  it('shows the error, which names the fix, and the run link: no figures of zero, no empty blocks', () => {
    const why = "Input 'max-turns' must be a whole number from 1 to 10000, got 'lots'";
    const markdown = render(
      new TranscriptBuilder().event({ type: 'error', message: why }).result('error', '', why),
    );
    expect(markdown).toBe(
      [
        '## Bash agent: ❌ Failed',
        '',
        '> [!CAUTION]',
        "> Input 'max\\-turns' must be a whole number from 1 to 10000, got 'lots'",
        '',
        '[Workflow run](https://github.com/octo/repo/actions/runs/42)',
        '',
      ].join('\n'),
    );
  });

  it('still shows everything once a request was made', () => {
    const markdown = render(failedRun());
    expect(markdown).toContain('model request');
    expect(markdown).toContain('Model and tokens');
  });
});

describe('the estimate before sending', () => {
  const withBounds = (each: number) => {
    const builder = new TranscriptBuilder();
    for (let turn = 1; turn <= 3; turn += 1) {
      builder.event({
        type: 'request',
        turn,
        maxTokens: 16_000,
        promptTokens: 1_000,
        promptMeasure: 'counted',
        estimatedUsd: each,
      });
    }
    return render(builder.result('success', 'Done.'));
  };

  it('is the sum of the bounds while it is within the cap', () => {
    expect(withBounds(1)).toContain('| Estimated before sending | at most $3.00 (each request');
  });

  it('says why it may pass the cap the run never crossed, rather than read as a broken cap', () => {
    const markdown = withBounds(2.5);
    expect(markdown).toContain(
      "| Estimated before sending | the requests' bounds add up to $7.50, above the $5.00 cap: each bound counts all of a request's max_tokens",
    );
    expect(markdown).not.toContain('at most $7.50');
  });
});
