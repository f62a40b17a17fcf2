import { describe, expect, it } from '@jest/globals';
import { formatCommandResult } from '../src/shell/format.js';
import { OutputCapture } from '../src/shell/output.js';
import { commandResult } from '../__fixtures__/command-result.js';

const result = commandResult;

describe('formatCommandResult', () => {
  it('returns the output alone on success, and says so when there was none', () => {
    expect(formatCommandResult(result({ output: 'hi\n' }))).toEqual({
      text: 'hi\n',
      isError: false,
    });
    expect(formatCommandResult(result({}))).toEqual({ text: '(no output)', isError: false });
  });

  it('ends a failure with the exit code line on its own line', () => {
    expect(formatCommandResult(result({ output: 'oops', exitCode: 2 }))).toEqual({
      text: 'oops\n[exit code: 2]',
      isError: true,
    });
    expect(formatCommandResult(result({ exitCode: 1 }))).toEqual({
      text: '[exit code: 1]',
      isError: true,
    });
  });

  it('says a timeout happened, after how long, and that the shell was reset', () => {
    const { text, isError } = formatCommandResult(
      result({
        output: 'partial\n',
        exitCode: null,
        timedOut: true,
        timeoutMs: 90_000,
        restarted: true,
      }),
    );
    expect(isError).toBe(true);
    expect(text).toMatch(/^partial\n\[timed out after 90 s: .*the shell was restarted/);
  });

  it('says the shell exited, with its status or signal, and that a new one was started', () => {
    const exited = formatCommandResult(
      result({ exitCode: null, shellExited: true, shellExitStatus: 3, restarted: true }),
    );
    expect(exited).toEqual({
      text: expect.stringMatching(/^\[the shell exited with status 3; a new shell was started/),
      isError: true,
    });
    const killed = formatCommandResult(
      result({ exitCode: null, shellExited: true, shellExitSignal: 'SIGKILL', restarted: true }),
    );
    expect(killed.text).toMatch(
      /^\[the shell exited: it was killed by SIGKILL; a new shell was started/,
    );
  });
});

describe('OutputCapture', () => {
  it('keeps everything up to the limit', () => {
    const capture = new OutputCapture(10);
    capture.append('hello');
    capture.append('world');
    const { head, tail, omitted } = capture.result();
    expect(head + tail).toBe('helloworld');
    expect(omitted).toBe(0);
  });

  it('keeps half the limit as head and the rest as the latest tail, counting the middle', () => {
    const capture = new OutputCapture(10);
    for (let i = 0; i < 10_000; i++) capture.append('0123456789');
    expect(capture.result()).toEqual({ head: '01234', tail: '56789', omitted: 99_990 });
  });

  it('never splits a surrogate pair at either cut', () => {
    const capture = new OutputCapture(4);
    capture.append('a😀b');
    capture.append('x'.repeat(100));
    capture.append('c😀');
    const { head, tail, omitted } = capture.result();
    expect(head).toBe('a');
    expect(tail).toBe('😀');
    expect(head.length + tail.length + omitted).toBe('a😀b'.length + 100 + 'c😀'.length);
  });
});
