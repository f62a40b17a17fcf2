/**
 * What the transcript file keeps of a long output, through the bundled action, is what the reports page (docs/reports.md)
 * says it keeps. Runs on dist/: `npm run bundle` first after changes.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import { commands, final } from '../__fixtures__/messages.js';
import { readTranscriptFile } from '../__fixtures__/transcripts.js';

const KEY = 'sk-ant-api03-Transcript0key00000000000000000000000';
const REPORTS_PAGE = new URL('../docs/reports.md', import.meta.url);

const runs = useBundleRuns();

describe('the transcript of a command with a long output', () => {
  it('keeps the first and last characters the reports page promises, around a marker', async () => {
    const promised = /first and last ([\d,]+) characters of a longer one/.exec(
      readFileSync(REPORTS_PAGE, 'utf8'),
    );
    expect(promised).not.toBeNull();
    const half = Number(promised![1]!.replace(/,/g, ''));
    // Lines numbered from 1: what is kept shows exactly which lines it came from.
    const lines = 60_000;
    const { run } = await runs.scripted([commands(`seq 1 ${lines}`), final('Done.')], {
      task: 'Count.',
      'anthropic-api-key': KEY,
      'allowed-commands': '*',
      'max-output': '1000',
    });
    expect(run.outputs.conclusion).toBe('success');
    const whole = Array.from({ length: lines }, (_, index) => `${index + 1}\n`).join('');
    const result = readTranscriptFile(run.outputs['transcript-file']!).find(
      (event) => event.type === 'tool_result',
    );
    expect(result).toMatchObject({ type: 'tool_result', kind: 'command' });
    const output = (result as { output?: string }).output!;
    const marker = /\n\[\.\.\. (\d+) characters omitted \.\.\.\]\n/.exec(output)!;
    expect(marker).not.toBeNull();
    const head = output.slice(0, marker.index);
    const tail = output.slice(marker.index + marker[0].length);
    expect(head).toBe(whole.slice(0, half));
    expect(tail).toBe(whole.slice(whole.length - half));
    expect(Number(marker[1])).toBe(whole.length - 2 * half);
  }, 60_000);
});
