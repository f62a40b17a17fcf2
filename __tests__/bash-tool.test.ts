import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBashExecutor, type ToolExecutor } from '../src/agent/bash-tool.js';
import { loadPolicy } from '../src/policy/policy.js';
import { buildShellEnv } from '../src/shell/env.js';
import { formatCommandResult } from '../src/shell/format.js';
import { BashSession } from '../src/shell/session.js';

let dir: string;
let session: BashSession;
let tool: ToolExecutor;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bash-tool-'));
  mkdirSync(path.join(dir, 'out'));
  session = await BashSession.start({
    cwd: dir,
    env: buildShellEnv(process.env, []).env,
    maxOutput: 10_000,
    defaultTimeoutMs: 10_000,
  });
  const policy = await loadPolicy({
    allow: ['cd *', 'echo *', 'pwd', '> out/**'],
    deny: [],
    workingDirectory: dir,
  });
  tool = createBashExecutor({
    session: () => session,
    policy: () => policy,
    format: formatCommandResult,
    redact: (text) => text,
  });
});

afterEach(async () => {
  await session.close();
  rmSync(dir, { recursive: true, force: true });
});

const bash = (command: string) =>
  tool.execute({ name: 'bash', input: { command } }, { timeoutMs: 10_000 });

describe('policy and session together', () => {
  it('resolves a relative write against the directory the shell is in now', async () => {
    expect(await bash('cd out')).toMatchObject({ isError: false });
    // `a.txt` is out/a.txt now: allowed by `> out/**`.
    expect(await bash('echo hi > a.txt')).toMatchObject({ isError: false });
    expect(existsSync(path.join(dir, 'out', 'a.txt'))).toBe(true);

    expect(await bash('cd ..')).toMatchObject({ isError: false });
    // The same text in the working directory writes ./a.txt, which no pattern allows.
    const denied = await bash('echo hi > a.txt');
    expect(denied).toMatchObject({ isError: true, kind: 'denied' });
    expect(denied.text).toMatch(/^Command denied by policy: '> a\.txt'/);
    expect(existsSync(path.join(dir, 'a.txt'))).toBe(false);
  });

  it('never lets a denied command reach bash', async () => {
    const denied = await bash(`echo ok; touch ${dir}/canary`);
    expect(denied).toMatchObject({ isError: true, kind: 'denied' });
    expect(denied.text).toContain("'touch ");
    expect(existsSync(path.join(dir, 'canary'))).toBe(false);
    expect((await bash('pwd')).text).toBe(`${dir}\n`);
  });
});

describe('what the reports learn of each command', () => {
  it('gives a denied command its refusal code, offender and reason in words, and no exit code or time', async () => {
    const denied = await bash('echo hi > a.txt');
    expect(denied.command).toEqual({
      command: 'echo hi > a.txt',
      exitCode: null,
      durationMs: 0,
      timedOut: false,
      shellExited: false,
      truncated: false,
      outputChars: 0,
      refusal: {
        code: 'write-not-allowed',
        offender: '> a.txt',
        detail: "writes a.txt, which no '> PATH' pattern allows",
      },
    });
  });

  it('gives a command that ran its exit code, time and output size, and the whole output when the model got a cut', async () => {
    const small = createBashExecutor({
      session: () => session,
      policy: () => loadPolicy({ allow: ['*'], deny: [], workingDirectory: dir }),
      format: (result, context) => formatCommandResult(result, { ...context, maxOutput: 500 }),
      redact: (text) => text,
    });
    const run = (command: string) =>
      small.execute({ name: 'bash', input: { command } }, { timeoutMs: 10_000 });

    const failed = await run('echo oops; exit_code() { return 4; }; exit_code');
    expect(failed.command).toMatchObject({ exitCode: 4, truncated: false, outputChars: 5 });
    expect(failed.command!.durationMs).toBeGreaterThanOrEqual(0);
    expect(failed.output).toBeUndefined();

    const long = await run("printf 'line %04d\\n' $(seq 1 300)");
    expect(long.text.length).toBeLessThanOrEqual(500);
    expect(long.command).toMatchObject({ exitCode: 0, truncated: true, outputChars: 3000 });
    expect(long.output).toBe(
      Array.from({ length: 300 }, (_, i) => `line ${String(i + 1).padStart(4, '0')}\n`).join(''),
    );

    const exited = await run('exit 3');
    expect(exited.command).toMatchObject({ exitCode: null, shellExited: true });
  });
});
