import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildShellEnv } from '../src/shell/env.js';
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
