import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fixtureCopies } from '../__fixtures__/policy/copies.js';
import {
  attackCalls,
  fixtureFile,
  installed,
  loadCorpus,
  SAMPLE_CORPUS,
  startFixtureSession,
  type Attack,
  type Fixture,
  type PolicyCorpus,
} from '../__fixtures__/policy/fixture.js';
import { loadPolicy } from '../src/policy/policy.js';
import { DEFEATED_BY_THE_PRINT } from '../__fixtures__/policy/defeated.js';
import type { CommandPolicy } from '../src/policy/types.js';
import type { BashSession } from '../src/shell/session.js';

/*
 * Replays the corpora through the real session: every call the policy allows runs, in order, in one
 * persistent shell. An attack must be denied at least once AND must not have created its canary.
 */

const copies = fixtureCopies('policy-replay-');
const freshFixture = copies.fresh;

function startSession(fixture: Fixture): Promise<BashSession> {
  return startFixtureSession(fixture, 4000);
}

/** Runs the calls the policy allows; returns how many it denied and how many ran. */
async function replay(
  policy: CommandPolicy,
  session: BashSession,
  calls: readonly string[],
  start: string,
): Promise<{ denied: number; ran: number }> {
  let cwd = start;
  let denied = 0;
  let ran = 0;
  for (const call of calls) {
    const decision = policy.check(call, cwd);
    if (!decision.allowed) {
      denied++;
      continue;
    }
    ran++;
    // What the action runs: the script the policy printed, not the text as written.
    cwd = (await session.run(decision.script)).cwd;
  }
  return { denied, ran };
}

/** Every path under a directory (except inside .git, which `git status` refreshes). */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => !p.split(path.sep).includes('.git'))
    .sort();
}

const corpora: Array<[string, PolicyCorpus, boolean]> = [
  ['the shared sample', loadCorpus(SAMPLE_CORPUS), true],
  [
    'our corpus for the sample allowlist',
    loadCorpus(fixtureFile('attacks-sample-allowlist.json')),
    true,
  ],
  // Its benign commands write files on purpose.
  [
    'our corpus for a permissive allowlist',
    loadCorpus(fixtureFile('attacks-permissive.json')),
    false,
  ],
  ['our corpus for the single pattern *', loadCorpus(fixtureFile('attacks-universal.json')), false],
];

describe.each(corpora)(
  'replaying %s through the real session',
  (_name, corpus, benignCreatesNothing) => {
    let policy: CommandPolicy;

    beforeAll(async () => {
      policy = await loadPolicy({
        allow: corpus.allowlist,
        deny: corpus.denylist,
        workingDirectory: copies.template().repo,
      });
    });

    const runnable = corpus.attacks.filter((a) => (a.requires ?? []).every(installed));

    it.each(runnable.map((a) => [a.id, a] as const))(
      'attack %s is denied and does not create its canary',
      async (_id, attack: Attack) => {
        // A call that is denied never runs and cannot change the directory: when every call is
        // denied, the replay is already decided.
        const calls = attackCalls(attack, path.join(copies.template().scratch, 'CANARY'));
        if (calls.every((call) => !policy.check(call, copies.template().repo).allowed)) return;
        const fixture = freshFixture();
        // The policy was built for the template's directory; the copy sits elsewhere.
        const local = await loadPolicy({
          allow: corpus.allowlist,
          deny: corpus.denylist,
          workingDirectory: fixture.repo,
        });
        const canary = path.join(fixture.scratch, 'CANARY');
        const session = await startSession(fixture);
        let outcome = { denied: 0, ran: 0 };
        try {
          outcome = await replay(local, session, attackCalls(attack, canary), fixture.repo);
        } finally {
          await session.close();
        }
        if (!DEFEATED_BY_THE_PRINT.has(attack.id)) expect(outcome.denied).toBeGreaterThan(0);
        // Background work (a process substitution, an EXIT trap) may finish just after the call.
        if (outcome.ran > 0) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(existsSync(canary)).toBe(false);
      },
    );

    it(
      'runs every benign command in one session' +
        (benignCreatesNothing ? ', creating nothing' : ''),
      async () => {
        const fixture = freshFixture();
        const local = await loadPolicy({
          allow: corpus.allowlist,
          deny: corpus.denylist,
          workingDirectory: fixture.repo,
        });
        const before = [fixture.repo, fixture.home, fixture.scratch].map(listFiles);
        const session = await startSession(fixture);
        try {
          for (const command of corpus.benign) {
            expect([command, local.check(command, fixture.repo).allowed]).toEqual([command, true]);
            const decision = local.check(command, fixture.repo);
            const result = await session.run(decision.allowed ? decision.script : command);
            expect([command, result.timedOut]).toEqual([command, false]);
            // A benign command may change directory; the next one starts from the repository again.
            if (result.cwd !== fixture.repo) await session.run(`cd ${fixture.repo}`);
          }
        } finally {
          await session.close();
        }
        if (benignCreatesNothing) {
          expect([fixture.repo, fixture.home, fixture.scratch].map(listFiles)).toEqual(before);
        }
      },
      60_000,
    );
  },
);
