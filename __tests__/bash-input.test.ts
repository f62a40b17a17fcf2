/**
 * The input of a bash tool call: what is an error, what runs, and what bash would read as no
 * command at all (white space and comments), which succeeds without reaching the shell.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBashExecutor, parseBashInput, type ShellLike } from '../src/agent/bash-tool.js';
import type { CommandPolicy } from '../src/policy/types.js';
import { buildShellEnv } from '../src/shell/env.js';
import { formatCommandResult } from '../src/shell/format.js';
import { BashSession } from '../src/shell/session.js';

const NOTHING = [
  '\n',
  ' ',
  '\t\t',
  '   \n\n  \n',
  '# just a note',
  '  # one\n\n\t# two\n',
  '#!/bin/bash\n',
];

describe('parseBashInput', () => {
  it.each(NOTHING)('reads %j as nothing to run', (command) => {
    expect(parseBashInput({ command })).toEqual({ nothingToRun: true });
  });

  it.each(['echo hi', '# note\necho hi', 'echo hi # note', '\r\n', '\u000b', 'x=1'])(
    'reads %j as a command for the policy and bash',
    (command) => {
      expect(parseBashInput({ command })).toEqual({ command });
    },
  );

  it('keeps an empty or missing command an error', () => {
    expect(parseBashInput({ command: '' })).toEqual({
      error: 'Invalid bash tool input: "command" is empty.',
    });
    expect(parseBashInput({})).toMatchObject({ error: expect.stringMatching(/is missing/) });
  });
});

describe('a command of only white space or comments', () => {
  let dir: string;
  let session: BashSession;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bash-input-'));
    session = await BashSession.start({
      cwd: dir,
      env: buildShellEnv(process.env, []).env,
      maxOutput: 10_000,
      defaultTimeoutMs: 10_000,
    });
  });
  afterAll(async () => {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('succeeds with empty output, as bash would, without reaching the policy or the shell', async () => {
    const ran: string[] = [];
    const checked: string[] = [];
    const shell: ShellLike = {
      run: async (command) => {
        ran.push(command);
        return session.run(command);
      },
      restart: () => session.restart(),
      get cwd() {
        return session.cwd;
      },
      nextCwd: () => session.nextCwd(),
    };
    const policy: CommandPolicy = {
      check: (command) => {
        checked.push(command);
        return { allowed: true, script: command, cacheable: false };
      },
    };
    const tool = createBashExecutor({
      session: () => shell,
      policy: () => policy,
      format: formatCommandResult,
      redact: (text) => text,
    });

    for (const command of NOTHING) {
      const outcome = await tool.execute(
        { name: 'bash', input: { command } },
        { timeoutMs: 5_000 },
      );
      expect(outcome).toEqual({ text: '(no output)', isError: false, kind: 'command' });
    }
    expect(ran).toEqual([]);
    expect(checked).toEqual([]);
    // What bash itself does with the same text: nothing, successfully.
    for (const command of NOTHING) {
      expect(await session.run(command)).toMatchObject({ output: '', exitCode: 0 });
    }
    // An empty command is still refused without running anything.
    const empty = await tool.execute(
      { name: 'bash', input: { command: '' } },
      { timeoutMs: 5_000 },
    );
    expect(empty).toMatchObject({ isError: true, kind: 'invalid' });
    expect(ran).toEqual([]);
  });
});
