/**
 * createGitRepo against real repositories: a deadline ends a call under way (a push to a remote
 * that never answers) and refuses to start one after it; the verbs the commit stage's decisions
 * use read what git reads.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { GitError } from '../src/base/errors.js';
import { createGitRepo } from '../src/git/repo.js';
import { makeRepos, sh, write, type Repos } from '../__fixtures__/git-repos.js';
import { startSilentServer, type SilentServer } from '../__fixtures__/silent-server.js';

let repos: Repos;
let work: string;
let silent: SilentServer | undefined;

beforeEach(() => {
  repos = makeRepos();
  work = repos.clone('work');
});

afterEach(async () => {
  await silent?.close();
  silent = undefined;
  repos.remove();
});

const workRepo = () => createGitRepo(path.join(work, '.git'), { workTree: work });

describe('createGitRepo with a deadline', () => {
  it('ends a push that hangs when the deadline comes, and says it ran out of time', async () => {
    silent = await startSilentServer();
    const head = sh(work, 'rev-parse', 'HEAD');
    const started = performance.now();
    const result = await workRepo()
      .until(Date.now() + 1500)
      .push(`${silent.url}/repo.git`, head, 'main');
    const elapsed = performance.now() - started;
    expect(silent.connections()).toBeGreaterThan(0);
    expect(result).toMatchObject({ kind: 'failed', timedOut: true });
    expect(elapsed).toBeGreaterThan(1000);
    // Well before the stall limit (60 s) or the call's own (10 minutes).
    expect(elapsed).toBeLessThan(6000);
  });

  it('starts no call once the deadline has passed', async () => {
    const late = workRepo().until(Date.now() - 1);
    const error = await late.resolveCommit('HEAD').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GitError);
    expect(error).toMatchObject({ failure: 'timeout', verb: 'git rev-parse' });
    // A later deadline cannot lift an earlier one.
    await expect(late.until(Date.now() + 60_000).resolveCommit('HEAD')).rejects.toThrow(/ran out/);
  });

  it('runs calls normally before the deadline', async () => {
    const repo = workRepo().until(Date.now() + 60_000);
    expect(await repo.resolveCommit('HEAD')).toBe(sh(work, 'rev-parse', 'HEAD'));
    expect(await repo.headBranch()).toBe('main');
  });
});

describe('createGitRepo verbs', () => {
  it('snapshots the work tree and commits it as the bot, with the author given', async () => {
    write(work, { 'README.md': 'changed\n', 'new.txt': 'new\n' });
    const repo = workRepo();
    const snapshot = await repo.snapshotWorkTree({});
    expect(snapshot.written.sort()).toEqual(['README.md', 'new.txt']);
    const author = {
      name: 'Agent',
      email: 'agent@example.com',
      date: 'Thu, 1 Jan 2026 00:00:00 +0000',
    };
    const sha = await repo.commitTree(snapshot.tree, [snapshot.parent!], 'Message\n', author);
    expect(sh(work, 'log', '-1', '--format=%an <%ae>|%cn|%B', sha)).toBe(
      'Agent <agent@example.com>|github-actions[bot]|Message',
    );
    expect(await repo.commitText(sha)).toEqual({ author, message: 'Message\n\n' });
    expect(await repo.diffStat(sha)).toEqual([
      { path: 'README.md', added: 1, deleted: 1 },
      { path: 'new.txt', added: 1, deleted: 0 },
    ]);
  });
});
