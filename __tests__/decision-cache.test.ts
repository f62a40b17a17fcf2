import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBashExecutor } from '../src/agent/bash-tool.js';
import { DecisionCache } from '../src/policy/decide/decision-cache.js';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy, PolicyDecision } from '../src/policy/types.js';
import { buildShellEnv } from '../src/shell/env.js';
import { formatCommandResult } from '../src/shell/format.js';
import { BashSession } from '../src/shell/session.js';

/**
 * A policy that records every check and answers from `decide`; the script names the pair it was
 * decided for, so a decision handed out for the wrong pair shows.
 */
function recordingPolicy(decide: (command: string, cwd: string) => 'cacheable' | 'fresh' | 'deny') {
  const checks: Array<[string, string]> = [];
  const policy: CommandPolicy = {
    check(command, cwd): PolicyDecision {
      checks.push([command, cwd]);
      const verdict = decide(command, cwd);
      if (verdict === 'deny') {
        return {
          allowed: false,
          refusal: { code: 'no-matching-pattern', offender: command, where: [], detail: '' },
          message: `Command denied by policy: '${command}'`,
        };
      }
      return { allowed: true, script: `${cwd}: ${command}`, cacheable: verdict === 'cacheable' };
    },
  };
  return { policy, checks };
}

describe('DecisionCache', () => {
  it('checks a cacheable command once and hands out the same decision for the same directory', () => {
    const { policy, checks } = recordingPolicy(() => 'cacheable');
    const cache = new DecisionCache(policy);

    const first = cache.check('npm test', '/repo');
    const again = cache.check('npm test', '/repo');

    expect(again).toBe(first);
    expect(again).toMatchObject({ allowed: true, script: '/repo: npm test' });
    expect(checks).toEqual([['npm test', '/repo']]);
  });

  it('checks the same command again in another directory', () => {
    const { policy, checks } = recordingPolicy(() => 'cacheable');
    const cache = new DecisionCache(policy);

    cache.check('echo hi > a.txt', '/repo/out');
    const elsewhere = cache.check('echo hi > a.txt', '/repo');

    expect(elsewhere).toMatchObject({ script: '/repo: echo hi > a.txt' });
    expect(checks).toHaveLength(2);
  });

  it('keeps pairs apart that one string would run together', () => {
    const { policy } = recordingPolicy(() => 'cacheable');
    const cache = new DecisionCache(policy);

    cache.check('b c', '/a');
    expect(cache.check('c', '/a b')).toMatchObject({ script: '/a b: c' });
    cache.check('x\0y', '/a');
    expect(cache.check('y', '/a\0x')).toMatchObject({ script: '/a\0x: y' });
  });

  it('checks a decision that consulted the file system afresh every time', () => {
    const { policy, checks } = recordingPolicy(() => 'fresh');
    const cache = new DecisionCache(policy);

    cache.check('cat link', '/repo');
    cache.check('cat link', '/repo');

    expect(checks).toHaveLength(2);
  });

  it('never keeps a refusal: each one comes from the policy with its code', () => {
    let denied = true;
    const { policy, checks } = recordingPolicy(() => (denied ? 'deny' : 'cacheable'));
    const cache = new DecisionCache(policy);

    const refused = cache.check('rm -rf /', '/repo');
    expect(refused.allowed === false && refused.refusal.code).toBe('no-matching-pattern');
    denied = false;
    expect(cache.check('rm -rf /', '/repo').allowed).toBe(true);
    expect(checks).toHaveLength(2);
  });

  it('forgets the least recently used decision once full', () => {
    const { policy, checks } = recordingPolicy(() => 'cacheable');
    const cache = new DecisionCache(policy, { maxEntries: 2 });

    cache.check('a', '/r');
    cache.check('b', '/r');
    cache.check('a', '/r'); // a is now the most recent
    cache.check('c', '/r'); // full: b goes
    checks.length = 0;

    cache.check('a', '/r');
    cache.check('c', '/r');
    expect(checks).toEqual([]);
    cache.check('b', '/r');
    expect(checks).toEqual([['b', '/r']]);
  });

  it('checks commands longer than the limit every time', () => {
    const { policy, checks } = recordingPolicy(() => 'cacheable');
    const cache = new DecisionCache(policy, { maxCommandLength: 10 });

    cache.check('echo 0123456789', '/r');
    cache.check('echo 0123456789', '/r');
    cache.check('echo 1', '/r');
    cache.check('echo 1', '/r');

    expect(checks.map(([command]) => command)).toEqual([
      'echo 0123456789',
      'echo 0123456789',
      'echo 1',
    ]);
  });

  it('lets an error of the policy through instead of turning it into a decision', () => {
    const cache = new DecisionCache({
      check: () => {
        throw new Error('checker bug');
      },
    });
    expect(() => cache.check('ls', '/r')).toThrow('checker bug');
  });
});

describe('DecisionCache with the real policy and a real bash', () => {
  it('a write allowed in one directory is checked again, and refused, after a cd', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'decision-cache-'));
    mkdirSync(path.join(dir, 'out'));
    const real = await loadPolicy({
      allow: ['cd *', 'echo *', '> out/**'],
      deny: [],
      workingDirectory: dir,
    });
    // Every allowed decision marked cacheable, as a policy that trusted its own reading would.
    const cache = new DecisionCache({
      check: (command, cwd) => {
        const decision = real.check(command, cwd);
        return decision.allowed ? { ...decision, cacheable: true } : decision;
      },
    });
    const shell = { env: buildShellEnv(process.env, []).env, maxOutput: 10_000 };
    const session = await BashSession.start({ cwd: dir, defaultTimeoutMs: 10_000, ...shell });
    const tool = createBashExecutor({
      session: () => session,
      policy: () => cache,
      format: formatCommandResult,
      redact: (text) => text,
    });
    const bash = (command: string) =>
      tool.execute({ name: 'bash', input: { command } }, { timeoutMs: 10_000 });
    try {
      expect(await bash('cd out')).toMatchObject({ isError: false });
      expect(await bash('echo hi > CANARY')).toMatchObject({ isError: false });
      expect(existsSync(path.join(dir, 'out', 'CANARY'))).toBe(true);

      expect(await bash('cd ..')).toMatchObject({ isError: false });
      const again = await bash('echo hi > CANARY');
      expect(again).toMatchObject({ isError: true, kind: 'denied' });
      expect(existsSync(path.join(dir, 'CANARY'))).toBe(false);
      const decision = cache.check('echo hi > CANARY', session.cwd);
      expect(decision.allowed === false && decision.refusal.code).toBe('write-not-allowed');
    } finally {
      await session.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
