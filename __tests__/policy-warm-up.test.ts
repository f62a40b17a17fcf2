import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ALLOWED_COMMANDS, loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy, PolicyDecision } from '../src/policy/types.js';
import { WARM_UP_COMMAND, warmUp } from '../src/policy/warm-up.js';

describe('warmUp', () => {
  it('checks the warm-up command once, in the directory given', () => {
    const checked: Array<[string, string]> = [];
    const policy: CommandPolicy = {
      check: (command, cwd): PolicyDecision => {
        checked.push([command, cwd]);
        return { allowed: true, script: command, cacheable: true };
      },
    };
    warmUp(policy, '/home/runner/work/app/app');
    expect(checked).toEqual([[WARM_UP_COMMAND, '/home/runner/work/app/app']]);
  });

  it('never fails the run: a checker that throws is left for the real command to meet', () => {
    const policy: CommandPolicy = {
      check: () => {
        throw new Error('a bug in the checker');
      },
    };
    expect(() => warmUp(policy, '/tmp')).not.toThrow();
  });

  it('takes the real checker all the way through: the default allowlist allows the command', async () => {
    const workspace = mkdtempSync(path.join(tmpdir(), 'warm-up-'));
    try {
      mkdirSync(path.join(workspace, 'src'));
      const policy = await loadPolicy({
        allow: DEFAULT_ALLOWED_COMMANDS,
        deny: [],
        workingDirectory: workspace,
      });
      const decision = policy.check(WARM_UP_COMMAND, workspace);
      expect(decision).toMatchObject({ allowed: true });
      expect(decision.allowed && decision.script).toContain("'grep' '-rn'");
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});
