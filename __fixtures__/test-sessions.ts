import { afterAll, afterEach, beforeAll, expect } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CommandPolicy } from '../src/policy/types.js';
import { buildShellEnv } from '../src/shell/env.js';
import { formatCommandResult } from '../src/shell/format.js';
import { BashSession, type BashSessionOptions } from '../src/shell/session.js';

/**
 * Sessions for tests that drive a real bash: each starts in `cwd()` with the action's scrubbed
 * environment, and `closeAll` ends every one started since the last call (for `afterEach`).
 */
export function testSessions(cwd: () => string): {
  start(options?: Partial<BashSessionOptions>): Promise<BashSession>;
  closeAll(): Promise<void>;
} {
  const sessions: BashSession[] = [];
  return {
    async start(options = {}) {
      const session = await BashSession.start({
        cwd: cwd(),
        env: buildShellEnv(process.env, []).env,
        maxOutput: 30_000,
        defaultTimeoutMs: 20_000,
        ...options,
      });
      sessions.push(session);
      return session;
    },
    async closeAll() {
      await Promise.all(sessions.splice(0).map((session) => session.close()));
    },
  };
}

/**
 * For a test file whose sessions stand in a scratch repository: before its tests, a directory
 * (its real path, removed after them) holding `repo` with its `.git/` and `out/`, handed to `fill`
 * to add what the file needs; sessions started there, ended after each test.
 */
export function scratchRepoSessions(
  prefix: string,
  fill: (made: { root: string; repo: string }) => void,
): ReturnType<typeof testSessions> {
  let root = '';
  let repo = '';
  const sessions = testSessions(() => repo);
  afterEach(() => sessions.closeAll());
  beforeAll(() => {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
    repo = path.join(root, 'repo');
    mkdirSync(path.join(repo, 'out'), { recursive: true });
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    fill({ root, repo });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return sessions;
}

/** What a checked call came to: the refusal's code, or the output, and whether the model sees an error. */
export interface CheckedOutcome {
  readonly code?: string;
  readonly output: string;
  readonly isError: boolean;
}

/**
 * A command as the action runs it: checked against `policy` in `cwd`, and, when allowed, what the
 * policy hands bash run in `session` (which must neither time out nor need a new shell).
 */
export async function checkedCall(
  policy: CommandPolicy,
  session: BashSession,
  command: string,
  cwd: string,
): Promise<CheckedOutcome> {
  const decision = policy.check(command, cwd);
  if (!decision.allowed)
    return { code: decision.refusal.code, output: decision.message, isError: true };
  const result = await session.run(decision.script, { wellFormed: decision.printed });
  expect(result.timedOut).toBe(false);
  expect(result.restarted).toBe(false);
  return { output: result.output, isError: formatCommandResult(result).isError };
}
