/**
 * The commit stage's decisions over a fake GitRepo (__fixtures__/fake-git-repo.ts): where the work
 * goes when the push is rejected, refused, fails or runs out of time, and what the outcome says. The
 * same paths against real repositories are in git-commit.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import {
  commitEvent,
  commitResults,
  commitStageDeadline,
  type CommitOptions,
} from '../src/git/commit.js';
import { GitError } from '../src/base/errors.js';
import { FakeGit, fakeStart, oid } from '../__fixtures__/fake-git-repo.js';

const RUN_ENV = { GITHUB_RUN_ID: '4242' };
const NOW = 1_000_000;
/** A stage of 40 s from NOW with the last 10 s kept for the rescue push. */
const DEADLINE = { endsAt: NOW + 40_000, rescueMs: 10_000 };

function commit(fake: FakeGit, overrides: Partial<CommitOptions> = {}) {
  return commitResults({
    start: fakeStart(),
    branch: '',
    commitMessage: '',
    task: 'Fix the greeting',
    conclusion: 'success',
    env: RUN_ENV,
    deadline: DEADLINE,
    repos: fake.repos(),
    ...overrides,
  });
}

const timedOut = { kind: 'failed', reason: 'git push did not finish', timedOut: true } as const;

describe('commitResults deciding over a fake GitRepo', () => {
  it('pushes to the checked-out branch, under the branch share of the stage', async () => {
    const fake = new FakeGit();
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({ kind: 'pushed', branch: 'main', severity: 'info' });
    expect(fake.remote.get('main')).toBe(outcome.sha);
    expect(fake.head).toBe(outcome.sha);
    expect(fake.pushes).toEqual([
      { branch: 'main', sha: outcome.sha, deadline: DEADLINE.endsAt - DEADLINE.rescueMs },
    ]);
    expect(outcome.files).toEqual([{ path: 'README.md', added: 1, deleted: 1 }]);
    expect(fake.roomsClosed).toBe(1);
  });

  it('rebases onto a branch that moved and pushes again', async () => {
    const fake = new FakeGit();
    // Someone pushes to main between the commit and the push.
    let theirs = '';
    fake.answer('main', () => {
      theirs = fake.pushElsewhere('main');
      return { kind: 'moved' };
    });
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({ kind: 'pushed', branch: 'main' });
    expect(outcome.note).toMatch(/rebased onto the commits pushed there during the run/);
    // The pushed commit is the run's, re-made on top of theirs, with the run's message.
    const pushed = fake.commits.get(outcome.sha!)!;
    expect(pushed.parents).toEqual([theirs]);
    expect(pushed.message).toBe(fake.commits.get(fake.head)!.message);
    expect(fake.pushes.map((push) => push.branch)).toEqual(['main', 'main']);
  });

  it('goes to the rescue branch when the rebase conflicts', async () => {
    const fake = new FakeGit();
    fake.answer('main', () => {
      const theirs = fake.pushElsewhere('main');
      fake.conflicts.add(`${theirs} ${fake.head}`);
      return { kind: 'moved' };
    });
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({
      kind: 'rescued',
      rescued: true,
      branch: 'bash-agent/4242',
      sha: fake.head,
      severity: 'warning',
    });
    expect(outcome.note).toMatch(/^main changed during the run and the changes conflict/);
  });

  it('goes to the rescue branch when the server refuses the push, quoting it', async () => {
    const fake = new FakeGit();
    fake.answer('main', { kind: 'refused', reason: 'protected branch hook declined' });
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({ kind: 'rescued', branch: 'bash-agent/4242' });
    expect(outcome.note).toContain('was refused (protected branch hook declined)');
    expect(fake.remote.get('bash-agent/4242')).toBe(fake.head);
  });

  it('takes the next rescue name when another job of the run took the first', async () => {
    const fake = new FakeGit();
    fake.answer('main', { kind: 'refused', reason: 'no' });
    fake.answer('bash-agent/4242', { kind: 'moved' });
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({ kind: 'rescued', branch: 'bash-agent/4242.2' });
  });

  it('leaves the commit on the runner when the push fails outright, saying where it is', async () => {
    const fake = new FakeGit();
    fake.answer('main', { kind: 'failed', reason: 'Authentication failed' });
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({
      kind: 'left-local',
      pushed: false,
      severity: 'error',
      local: { sha: fake.head, branch: 'main', top: '/work/checkout' },
    });
    expect(outcome.sha).toBeUndefined();
    expect(outcome.note).toBe(
      `Could not push to main: Authentication failed. The commit ${fake.head} stays on main in the runner's checkout (/work/checkout).`,
    );
    // The same remote would fail the same way: no rescue push is tried.
    expect(fake.pushes).toHaveLength(1);
  });

  it('sends the work to the rescue branch, in the time kept for it, when the push runs out of time', async () => {
    const fake = new FakeGit();
    fake.answer('main', timedOut);
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({ kind: 'rescued', branch: 'bash-agent/4242', sha: fake.head });
    expect(outcome.note).toMatch(/^The push to main did not finish in the commit stage's time/);
    expect(fake.pushes.map(({ branch, deadline }) => ({ branch, deadline }))).toEqual([
      { branch: 'main', deadline: DEADLINE.endsAt - DEADLINE.rescueMs },
      { branch: 'bash-agent/4242', deadline: DEADLINE.endsAt },
    ]);
  });

  it('sends the work to the rescue branch when the rebase runs out of time', async () => {
    const fake = new FakeGit();
    fake.answer('main', () => {
      fake.pushElsewhere('main');
      fake.mergeError = new GitError(
        'git merge-tree timed out',
        'git merge-tree',
        'timeout',
        null,
        '',
      );
      return { kind: 'moved' };
    });
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({ kind: 'rescued', branch: 'bash-agent/4242' });
    expect(outcome.note).toMatch(/did not finish in the commit stage's time/);
  });

  it('says where the commit is when the rescue push runs out of time too', async () => {
    const fake = new FakeGit();
    fake.answer('main', timedOut);
    fake.answer('bash-agent/4242', timedOut);
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({
      kind: 'left-local',
      severity: 'error',
      local: { sha: fake.head, branch: 'main' },
    });
    expect(outcome.note).toContain('and the push to bash-agent/4242 failed too');
    expect(outcome.note).toContain(
      `The commit ${fake.head} stays on main in the runner's checkout`,
    );
    expect(fake.pushes).toHaveLength(2);
  });

  it('never pushes the unfinished work of a run that ended in error to the branch', async () => {
    const fake = new FakeGit();
    const outcome = await commit(fake, { conclusion: 'error' });
    expect(outcome).toMatchObject({ kind: 'rescued', branch: 'bash-agent/4242' });
    expect(fake.pushes.map((push) => push.branch)).toEqual(['bash-agent/4242']);
    expect(fake.remote.get('main')).toBe(oid(1));
  });

  it('delivers the commit when .git/index.lock keeps the index from being refreshed, and says so', async () => {
    const fake = new FakeGit();
    fake.readTreeError = new GitError(
      'git read-tree failed',
      'git read-tree',
      'exit',
      128,
      "fatal: Unable to create '/work/checkout/.git/index.lock': File exists.",
    );
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({ kind: 'pushed', branch: 'main' });
    expect(outcome.note).toMatch(/index\.lock is held by another process/);
  });

  it('delivers the commit when the index cannot be refreshed for another reason, and says why', async () => {
    const fake = new FakeGit();
    fake.readTreeError = new GitError(
      'git read-tree failed: disk full',
      'git read-tree',
      'exit',
      128,
      '',
    );
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({ kind: 'pushed', branch: 'main', sha: fake.head });
    expect(outcome.note).toContain(
      'The index was left as it was (git read-tree failed: disk full)',
    );
  });

  it('commits nothing and pushes nothing when the work tree is HEAD', async () => {
    const fake = new FakeGit();
    fake.workTree = { tree: oid(2), parent: oid(1), parentTree: oid(2), written: [] };
    const outcome = await commit(fake);
    expect(outcome).toMatchObject({ kind: 'skipped', severity: 'info' });
    expect(fake.head).toBe(oid(1));
    expect(fake.pushes).toHaveLength(0);
  });

  it('keeps a fork’s work on the runner, naming the commit, and opens no clean room', async () => {
    const fake = new FakeGit();
    const outcome = await commit(fake, { start: fakeStart({ noPush: 'From a fork.' }) });
    expect(outcome).toMatchObject({ kind: 'left-local', severity: 'warning' });
    expect(outcome.note).toBe(
      `From a fork. The commit ${fake.head} stays on main in the runner's checkout (/work/checkout).`,
    );
    expect(fake.roomsClosed).toBe(0);
  });
});

describe('commitStageDeadline', () => {
  it('gives a quarter of the time limit, at least 30 s and at most 10 minutes, a quarter of it to the rescue', () => {
    expect(commitStageDeadline(10_000, NOW)).toEqual({ endsAt: NOW + 30_000, rescueMs: 7_500 });
    expect(commitStageDeadline(30 * 60_000, NOW)).toEqual({
      endsAt: NOW + 7.5 * 60_000,
      rescueMs: 7.5 * 15_000,
    });
    expect(commitStageDeadline(6 * 3_600_000, NOW)).toEqual({
      endsAt: NOW + 10 * 60_000,
      rescueMs: 150_000,
    });
  });
});

describe('commitEvent', () => {
  it('records what the report renders: pushed commit and branch, the note, the files', async () => {
    const fake = new FakeGit();
    fake.answer('main', { kind: 'refused', reason: 'no' });
    const outcome = await commit(fake);
    expect(commitEvent(outcome, 'https://github.example/octo/repo')).toEqual({
      type: 'commit',
      sha: fake.head,
      branch: 'bash-agent/4242',
      rescued: true,
      note: outcome.note,
      files: [{ path: 'README.md', added: 1, deleted: 1 }],
      base: 'main',
      repositoryUrl: 'https://github.example/octo/repo',
    });
  });
});
