import { describe, expect, it } from '@jest/globals';
import { Redactor } from '../src/redact.js';
import { Transcript, type RecordedEvent, type TranscriptEvent } from '../src/transcript.js';

const SECRET = 'ghs_transcriptTestSecret0123456789';
const redact = new Redactor([SECRET]).fn;

const call = (id: string): TranscriptEvent => ({
  type: 'tool_call',
  id,
  name: 'bash',
  input: { command: `echo ${SECRET}` },
});

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Transcript', () => {
  it('hands each event to its listeners at once, redacted and stamped, by default', () => {
    const transcript = new Transcript(redact, { clock: () => 42 });
    const got: RecordedEvent[] = [];
    transcript.listen((event) => got.push(event));
    transcript.record(call('a'));
    expect(got).toEqual([{ ...call('a'), input: { command: 'echo ***' }, at: 42 }]);
  });

  it('held, hands events over only when settled, in order, stamped when recorded', async () => {
    let now = 1;
    const transcript = new Transcript(redact, { clock: () => now++, held: true });
    const got: RecordedEvent[] = [];
    transcript.listen((event) => got.push(event));
    transcript.record(call('a'));
    transcript.record(call('b'));
    now = 100;
    // Turns of the event loop alone deliver nothing: the holder decides when (its flush points).
    await nextTurn();
    await nextTurn();
    expect(got).toEqual([]);
    transcript.settle();
    expect(got).toEqual([
      { ...call('a'), input: { command: 'echo ***' }, at: 1 },
      { ...call('b'), input: { command: 'echo ***' }, at: 2 },
    ]);
  });

  it('held, settles at once when asked, and whenever its events are read', async () => {
    const transcript = new Transcript(redact, { held: true });
    const got: string[] = [];
    transcript.listen((event) => got.push(event.type === 'tool_call' ? event.id : event.type));
    transcript.record(call('a'));
    transcript.settle();
    expect(got).toEqual(['a']);
    transcript.record(call('b'));
    expect(transcript.has('tool_call')).toBe(true);
    expect(transcript.events.map((event) => (event as { id: string }).id)).toEqual(['a', 'b']);
    expect(got).toEqual(['a', 'b']);
    // A settle that finds nothing left hands nothing over twice.
    transcript.settle();
    expect(got).toEqual(['a', 'b']);
  });

  it('held, gives a late listener every event once, those still pending included', () => {
    const transcript = new Transcript(redact, { held: true });
    const early: string[] = [];
    transcript.listen((event) => early.push((event as { id: string }).id));
    transcript.record(call('a'));
    const late: string[] = [];
    transcript.listen((event) => late.push((event as { id: string }).id));
    transcript.record(call('b'));
    transcript.settle();
    expect(early).toEqual(['a', 'b']);
    expect(late).toEqual(['a', 'b']);
  });
});
