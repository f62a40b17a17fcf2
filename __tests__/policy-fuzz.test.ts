import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fuzz, FUZZ_PROFILES, type Finding } from '../__fixtures__/fuzz/fuzzer.js';
import { Oracle, type Violation } from '../__fixtures__/fuzz/oracle.js';
import { Random } from '../__fixtures__/fuzz/random.js';
import { Sandbox } from '../__fixtures__/fuzz/sandbox.js';
import { loadRealisticCorpus } from '../__fixtures__/policy/realistic.js';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';

/*
 * The differential fuzzer (issue 7): what the policy allows runs in the real session under strace,
 * and nothing may run or be written that the patterns do not allow. First the judge itself is shown
 * to see each kind of violation and to find none in commands users really run; then the bounded run.
 */

/**
 * `npm run check` (BASH_AGENT_TESTS=all) runs the whole bounded set on a fixed seed, the same in
 * every run; the fast tier a small set on a seed that changes every day, so that the runs developers
 * make between checks try new commands. FUZZ_SEED replays a seed a failure names.
 */
const FULL = process.env.BASH_AGENT_TESTS === 'all';
const SEED = Number(
  process.env.FUZZ_SEED ??
    (FULL ? 20261201 : new Date().toISOString().slice(0, 10).replaceAll('-', '')),
);
const CANDIDATES = FULL ? 400 : 100;
const EXECUTIONS = FULL ? 30 : 8;

const corpus = loadRealisticCorpus();
let sandbox: Sandbox;
let canary: string;

/** Runs every call as written: the judge is tested without the policy in the way. */
const unguarded: CommandPolicy = {
  check: (command) => ({ allowed: true, script: command, cacheable: false }),
};

beforeAll(() => {
  sandbox = Sandbox.create();
  canary = path.join(sandbox.fixture.scratch, 'CANARY');
});

afterAll(() => {
  sandbox.dispose();
});

function oracle(profile: string): Oracle {
  const p = corpus.profiles.get(profile);
  if (!p) throw new Error(`no profile ${profile}`);
  return new Oracle(p, {
    repo: sandbox.fixture.repo,
    scratchDirectories: [sandbox.tmp],
    baseEnv: sandbox.env,
  });
}

async function judge(profile: string, calls: string[], policy = unguarded): Promise<Violation[]> {
  const run = await sandbox.run(calls, policy);
  return run.trace ? oracle(profile).judge(run.trace) : [];
}

describe("the fuzzer's judge", () => {
  it.each([
    [
      'default',
      ['find . -maxdepth 0 -exec touch CANARY \\;'],
      'program',
      /no allow pattern matches touch/,
    ],
    ['default', ["sed -n '1e touch CANARY' a.ts"], 'program', /runs nothing started sh -c 'touch/],
    ['node-dev', ['awk \'BEGIN{system("id")}\''], 'program', /runs nothing started sh -c id/],
    ['node-dev', ["git -c alias.lg='!id' lg"], 'program', /git started/],
    ['node-dev', ['git push . HEAD:refs/heads/pushed'], 'program', /deny pattern 'git push \*'/],
    ['node-dev', ['echo x | xargs id'], 'program', /no allow pattern matches id/],
    ['default', ['find . -maxdepth 0 -fprint CANARY'], 'write', /CANARY by find/],
    ['default', ['git log -1 --output=CANARY'], 'write', /CANARY by git/],
    ['default', ['echo x > CANARY'], 'write', /CANARY by the shell/],
    ['node-dev', ['cd .git && echo x > config'], 'write', /\.git\/config by the shell/],
    ['node-dev', ['sort -o .git/config a.ts'], 'write', /\.git\/config by sort/],
    ['python-dev', ['cat a.ts | tee .git/notes'], 'write', /\.git\/notes by tee/],
    ['default', ['PATH=/tmp:$PATH ls'], 'variable', /^PATH=\/tmp:/],
    ['node-dev', ['GIT_PAGER=id git log -1'], 'variable', /^GIT_PAGER=id/],
    ['default', ['hash -p /usr/bin/id ls', 'ls'], 'program', /'ls' ran \/usr\/bin\/id/],
    ['universal-deny', ["bash -c 'git reset --hard HEAD'"], 'program', /'git reset --hard \*'/],
    [
      'universal-deny',
      ['hash -p /usr/bin/git g', 'g reset --hard'],
      'program',
      /'git reset --hard \*'/,
    ],
  ] as const)('under %s sees what %j does unguarded', async (profile, calls, kind, detail) => {
    const violations = await judge(
      profile,
      calls.map((c) => c.replaceAll('CANARY', canary)),
    );
    expect(violations).toContainEqual({
      kind,
      detail: expect.stringMatching(new RegExp(detail.source.replaceAll('CANARY', '.*CANARY'))),
    });
  });

  it.each(FUZZ_PROFILES.map((p) => [p]))(
    'finds nothing wrong in realistic commands users expect to run under %s',
    async (profile) => {
      // A fixed sample: the whole corpus takes a minute per profile (see npm run bench -- fuzz).
      const random = new Random(SEED);
      const runnable = corpus.commands.filter((c) => c.run && c.expect[profile] === 'allow');
      const sample = Array.from({ length: 6 }, () => random.pick(runnable).command);
      const found: Array<{ command: string; violations: Violation[] }> = [];
      for (const command of sample) {
        const violations = await judge(profile, [command]);
        if (violations.length > 0) found.push({ command, violations });
      }
      expect(found).toEqual([]);
    },
    60_000,
  );

  it('never runs a call the policy refuses', async () => {
    const policy = await loadPolicy({
      allow: ['ls *'],
      deny: [],
      workingDirectory: sandbox.fixture.repo,
    });
    const run = await sandbox.run(['ls', `touch ${canary}`, 'ls -la'], policy);
    expect(run.results.map((r) => r.call)).toEqual(['ls', 'ls -la']);
    expect(existsSync(canary)).toBe(false);
  });
});

describe('the differential fuzzer', () => {
  it.each(FUZZ_PROFILES.map((p) => [p]))(
    `under %s lets nothing run or be written that the patterns do not allow (seed ${SEED})`,
    async (profile) => {
      const [stats] = await fuzz({
        seed: SEED,
        candidates: CANDIDATES,
        maxExecutions: EXECUTIONS,
        profiles: [profile],
      });
      if (!stats) throw new Error('the fuzzer returned no statistics');
      // The run must have tested something, or an empty list of findings proves nothing. Under `*`
      // with deny patterns a correct policy refuses nearly every candidate (each names a denied
      // command), so only the calls that prepare a second one run there.
      const universal = corpus.profiles.get(profile)?.allow.includes('*') === true;
      expect(stats.executions).toBeGreaterThanOrEqual(universal ? 1 : EXECUTIONS / 2);
      expect(stats.findings.map(summary)).toEqual([]);
    },
    180_000,
  );
});

function summary(finding: Finding): {
  family: string;
  calls: readonly string[];
  violations: string[];
} {
  return {
    family: finding.family,
    calls: finding.calls,
    violations: finding.violations.map((v) => `${v.kind}: ${v.detail}`),
  };
}
