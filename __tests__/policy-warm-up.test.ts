import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ALLOWED_COMMANDS, loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy, PolicyDecision } from '../src/policy/types.js';
import { WARM_UP_COMMAND, WARM_UP_PATTERNS, warmUp } from '../src/policy/warm-up.js';

const ALLOWED: PolicyDecision = { allowed: true, script: WARM_UP_COMMAND, cacheable: true };
const REFUSED: PolicyDecision = {
  allowed: false,
  refusal: {
    code: 'no-matching-pattern',
    offender: 'cd src',
    where: [],
    detail: 'matches no pattern',
  },
  message: 'Command denied by policy',
};

/** A policy that answers `decision` and records what it was asked. */
function recordingPolicy(decision: PolicyDecision): CommandPolicy & { checked: string[][] } {
  const checked: string[][] = [];
  return {
    checked,
    check: (command, cwd) => {
      checked.push([command, cwd]);
      return decision;
    },
  };
}

async function inWorkspace(run: (workspace: string) => Promise<void>): Promise<void> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'warm-up-'));
  try {
    mkdirSync(path.join(workspace, 'src'));
    await run(workspace);
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

describe('warmUp', () => {
  it("checks the warm-up command once, in the directory given, and loads nothing more when the run's policy allows it", async () => {
    const policy = recordingPolicy(ALLOWED);
    const loaded: Array<readonly string[]> = [];
    await warmUp(policy, '/home/runner/work/app/app', async (options) => {
      loaded.push('allow' in options ? options.allow : []);
      return recordingPolicy(ALLOWED);
    });
    expect(policy.checked).toEqual([[WARM_UP_COMMAND, '/home/runner/work/app/app']]);
    expect(loaded).toEqual([]);
  });

  it("checks it again with a policy of its own patterns when the run's policy refuses it", async () => {
    const policy = recordingPolicy(REFUSED);
    const own = recordingPolicy(ALLOWED);
    const loaded: Array<readonly string[]> = [];
    await warmUp(policy, '/home/runner/work/app/app', async (options) => {
      loaded.push('allow' in options ? options.allow : []);
      return own;
    });
    expect(policy.checked).toEqual([[WARM_UP_COMMAND, '/home/runner/work/app/app']]);
    expect(loaded).toEqual([WARM_UP_PATTERNS]);
    expect(own.checked).toEqual([[WARM_UP_COMMAND, '/home/runner/work/app/app']]);
  });

  it('never fails the run: a checker that throws, or a policy that cannot load, is left for the real command to meet', async () => {
    const throwing: CommandPolicy = {
      check: () => {
        throw new Error('a bug in the checker');
      },
    };
    await expect(warmUp(throwing, '/tmp', async () => throwing)).resolves.toBeUndefined();
    await expect(
      warmUp(recordingPolicy(REFUSED), '/tmp', () => Promise.reject(new Error('no grammar'))),
    ).resolves.toBeUndefined();
  });

  it('takes the real checker all the way through with the default allowlist and with its own patterns', async () => {
    await inWorkspace(async (workspace) => {
      for (const allow of [DEFAULT_ALLOWED_COMMANDS, WARM_UP_PATTERNS]) {
        const policy = await loadPolicy({ allow, deny: [], workingDirectory: workspace });
        const decision = policy.check(WARM_UP_COMMAND, workspace);
        expect(decision).toMatchObject({ allowed: true });
        expect(decision.allowed && decision.script).toContain("'grep' '-rn'");
      }
    });
  });

  it('reaches the printing of the script under an allowlist that refuses the command', async () => {
    await inWorkspace(async (workspace) => {
      const narrow = await loadPolicy({
        allow: ['npm test'],
        deny: [],
        workingDirectory: workspace,
      });
      expect(narrow.check(WARM_UP_COMMAND, workspace)).toMatchObject({
        allowed: false,
        refusal: { code: 'no-matching-pattern' },
      });
      const decisions: PolicyDecision[] = [];
      await warmUp(narrow, workspace, async (options) => {
        const own = await loadPolicy(options);
        return { check: (command, cwd) => decisions[decisions.push(own.check(command, cwd)) - 1]! };
      });
      expect(decisions).toHaveLength(1);
      expect(decisions[0]!.allowed && decisions[0]!.script).toContain("'git' 'diff' '--stat'");
    });
  });
});
