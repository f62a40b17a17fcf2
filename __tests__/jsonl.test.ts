import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readTranscriptFile, TranscriptBuilder } from '../__fixtures__/transcripts.js';
import { EVENT_MAX_BYTES, eventLine, openJsonl } from '../src/report/jsonl.js';
import { Redactor } from '../src/redact.js';
import { Transcript, type RecordedEvent } from '../src/transcript.js';

const SECRET = 'ghs_jsonlTestSecretValue0123456789';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'jsonl-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the JSONL transcript', () => {
  it('holds the events recorded until a flush, then writes them in order, one parseable line each, redacted', () => {
    const file = path.join(dir, 'sub', 'transcript.jsonl');
    const transcript = new Transcript(new Redactor([SECRET]).fn);
    const warnings: string[] = [];
    const source = new TranscriptBuilder(`use ${SECRET}`)
      .command('cat .env', `TOKEN=${SECRET}\n`.repeat(2000), { truncated: true })
      .result('success', `done with ${SECRET}`);
    transcript.record(source[0]!);
    const jsonl = openJsonl(file, (message) => warnings.push(message));
    transcript.listen(jsonl.write);
    // The file exists (empty) from the start; past events reach it at the first flush.
    expect(readFileSync(file, 'utf8')).toBe('');
    jsonl.flush();
    expect(readTranscriptFile(file).map((event) => event.type)).toEqual(['start']);
    for (const event of source.slice(1)) transcript.record(event);
    expect(readTranscriptFile(file).map((event) => event.type)).toEqual(['start']);
    // Closing writes what is still held.
    jsonl.close();

    const written = readTranscriptFile(file);
    expect(written.map((event) => event.type)).toEqual([
      'start',
      'tool_call',
      'tool_result',
      'result',
    ]);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(SECRET);
    const result = written[2] as Extract<RecordedEvent, { type: 'tool_result' }>;
    // The whole output, not the model's cut of it.
    expect(result.output).toBe('TOKEN=***\n'.repeat(2000));
    expect(warnings).toEqual([]);
  });

  it('cuts an event longer than the cap to head and tail, and marks it', () => {
    const [, call, result] = new TranscriptBuilder().command('yes', 'y\n'.repeat(1_500_000), {
      truncated: true,
    }).events;
    const line = eventLine(result!);
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(EVENT_MAX_BYTES);
    const parsed = JSON.parse(line) as Extract<RecordedEvent, { type: 'tool_result' }> & {
      cut?: boolean;
    };
    expect(parsed.cut).toBe(true);
    expect(parsed.output).toMatch(/characters omitted from this line/);
    expect(parsed.command?.outputChars).toBe(3_000_000);
    expect(JSON.parse(eventLine(call!))).toEqual(call);
  });

  it('warns once and goes on when the file cannot be written', () => {
    // A file where a directory should be: no write can succeed, whoever runs the test.
    writeFileSync(path.join(dir, 'no'), '');
    const warnings: string[] = [];
    const jsonl = openJsonl(path.join(dir, 'no', 'transcript.jsonl'), (message) =>
      warnings.push(message),
    );
    for (const event of new TranscriptBuilder().result('success', 'x')) jsonl.write(event);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Could not write the transcript file .*transcript\.jsonl: /);
  });

  it('never writes through a link the agent puts at its path: the lines go to the file opened at the start', () => {
    const file = path.join(dir, 'transcript.jsonl');
    const later = path.join(dir, 'bashrc');
    writeFileSync(later, '# a start-up file a later step runs\n');
    const jsonl = openJsonl(file, () => undefined);
    const [start, result] = new TranscriptBuilder().result('success', '$(touch CANARY)');
    jsonl.write(start!);
    jsonl.flush();
    // What an allowed `ln -sf` does while the run goes on.
    const opened = `${file}.opened`;
    renameSync(file, opened);
    symlinkSync(later, file);
    jsonl.write(result!);
    jsonl.close();

    expect(readFileSync(later, 'utf8')).toBe('# a start-up file a later step runs\n');
    // The later step runs the file: had a line gone there, bash would expand $(touch CANARY) in it.
    spawnSync('bash', [later], { cwd: dir });
    expect(existsSync(path.join(dir, 'CANARY'))).toBe(false);
    expect(readTranscriptFile(opened).map((event) => event.type)).toEqual(['start', 'result']);
  });

  it('refuses a link already at its path, and says so', () => {
    const file = path.join(dir, 'transcript.jsonl');
    const later = path.join(dir, 'bashrc');
    writeFileSync(later, '');
    symlinkSync(later, file);
    const warnings: string[] = [];
    const jsonl = openJsonl(file, (message) => warnings.push(message));
    for (const event of new TranscriptBuilder().result('success', 'x')) jsonl.write(event);
    expect(readFileSync(later, 'utf8')).toBe('');
    expect(warnings).toEqual([expect.stringMatching(/ELOOP/)]);
  });
});
