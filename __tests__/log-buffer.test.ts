import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { bufferLog } from '../src/run/log-buffer.js';

/** A stream that records each write it is handed: one entry per write the kernel would see. */
class RecordingStream extends Writable {
  readonly writes: string[][] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.writes.push([chunk.toString()]);
    this.emit('wrote');
    done();
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, done: () => void): void {
    this.writes.push(chunks.map(({ chunk }) => chunk.toString()));
    this.emit('wrote');
    done();
  }
}

const HOOKED = ['exit', 'SIGINT', 'SIGTERM'] as const;
const listenerCounts = () => HOOKED.map((event) => process.listenerCount(event));

describe('bufferLog', () => {
  it('holds every line until a flush, which hands them over in one write, in order', () => {
    const stream = new RecordingStream();
    const buffer = bufferLog(stream);
    try {
      stream.write('::group::$ true\n');
      stream.write('│ \n');
      stream.write('::endgroup::\n');
      expect(stream.writes).toEqual([]);

      buffer.flush();
      expect(stream.writes).toEqual([['::group::$ true\n│ \n::endgroup::\n']]);

      buffer.flush();
      expect(stream.writes).toHaveLength(1);
      stream.write('next\n');
      buffer.flush();
      expect(stream.writes).toEqual([['::group::$ true\n│ \n::endgroup::\n'], ['next\n']]);
    } finally {
      buffer.stop();
    }
  });

  it('lets bytes and writes with a callback through at once, after what it holds', async () => {
    const stream = new RecordingStream();
    const buffer = bufferLog(stream);
    try {
      stream.write('held\n');
      stream.write(Buffer.from('bytes\n'));
      let called = false;
      stream.write('with a callback\n', () => (called = true));
      stream.write('held again\n');
      expect(stream.writes).toEqual([['held\n'], ['bytes\n'], ['with a callback\n']]);
      // The stream calls it back as it always does, on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(called).toBe(true);
    } finally {
      buffer.stop();
    }
    expect(stream.writes.at(-1)).toEqual(['held again\n']);
  });

  it('writes held lines out on its timer, with no flush asked for', async () => {
    const stream = new RecordingStream();
    const buffer = bufferLog(stream, { flushEveryMs: 5 });
    try {
      const wrote = new Promise((resolve) => stream.once('wrote', resolve));
      stream.write('a long command started\n');
      await wrote;
      expect(stream.writes).toEqual([['a long command started\n']]);
    } finally {
      buffer.stop();
    }
  });

  it('runs the steps of other sinks at every flush, on its timer and at stop, before its own lines', async () => {
    const stream = new RecordingStream();
    const buffer = bufferLog(stream, { flushEveryMs: 5 });
    const order: string[] = [];
    stream.on('wrote', () => order.push('log'));
    buffer.onFlush(() => order.push('step'));
    try {
      stream.write('asked\n');
      buffer.flush();
      expect(order).toEqual(['step', 'log']);
      const wrote = new Promise((resolve) => stream.once('wrote', resolve));
      stream.write('timed\n');
      await wrote;
      expect(order.slice(2)).toEqual(['step', 'log']);
    } finally {
      stream.write('last\n');
      buffer.stop();
    }
    expect(order.slice(-2)).toEqual(['step', 'log']);
  });

  it('stop writes what is held, lets later lines straight through and unhooks the process', () => {
    const before = listenerCounts();
    const stream = new RecordingStream();
    const buffer = bufferLog(stream);
    expect(listenerCounts()).toEqual(before.map((count) => count + 1));

    stream.write('held\n');
    buffer.stop();
    buffer.stop();
    stream.write('direct\n');

    expect(stream.writes).toEqual([['held\n'], ['direct\n']]);
    expect(listenerCounts()).toEqual(before);
    // The stream's own write is back.
    expect(Object.prototype.hasOwnProperty.call(stream, 'write')).toBe(false);
  });
});

describe('bufferLog in a real process: no held line is lost on the way out', () => {
  const child = fileURLToPath(new URL('../__fixtures__/log-buffer-child.ts', import.meta.url));
  // The other sink's text, then the log's lines.
  const LINES = 'other sink\nline 1\nline 2\nline 3\n';

  /** Runs the child; on its `ready` line (stderr), sends `signal` if given. */
  function runChild(way: string, signal?: NodeJS.Signals) {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child, way], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    process_.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    process_.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (signal && stderr.includes('ready\n')) process_.kill(signal);
    });
    return new Promise<{
      code: number | null;
      signal: string | null;
      stdout: string;
      stderr: string;
    }>((resolve) =>
      process_.on('close', (code, killedBy) => resolve({ code, signal: killedBy, stdout, stderr })),
    );
  }

  it.each([
    ['the event loop ends', 'end', 0],
    ['process.exit', 'exit', 3],
    ['an uncaught exception', 'throw', 1],
    ['an unhandled rejection', 'reject', 1],
  ])('%s', async (_what, way, code) => {
    const run = await runChild(way);
    expect(run.stdout).toBe(LINES);
    expect(run.code).toBe(code);
  });

  it('SIGTERM with no handler of its own: the lines, then the signal ends the process as before', async () => {
    const run = await runChild('signal', 'SIGTERM');
    expect(run.stdout).toBe(LINES);
    expect(run.signal).toBe('SIGTERM');
  });

  it('SIGTERM with a handler of the program: the lines, and the handler still decides', async () => {
    const run = await runChild('own-signal-handler', 'SIGTERM');
    expect(run.stdout).toBe(`${LINES}handled\n`);
    expect(run).toMatchObject({ code: 0, signal: null });
  });
});
