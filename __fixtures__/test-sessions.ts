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
