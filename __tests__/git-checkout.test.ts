/**
 * Checking out a pull request's head before the agent starts: the same repository's head branch is
 * fetched, checked out and pushed to; a fork's head is fetched from `refs/pull/<n>/head`, worked on
 * and never pushed.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { FORK_NOTE, prepareWorkspace, type StartingPoint } from '../src/git/checkout.js';
import { commitResults } from '../src/git/commit.js';
import { makeRepos, sh, write, type Repos } from '../__fixtures__/git-repos.js';

let repos: Repos;

beforeEach(() => {
  repos = makeRepos();
});

afterEach(() => repos.remove());

function commit(start: StartingPoint) {
  return commitResults({
    start,
    branch: '',
    commitMessage: '',
    task: 'Fix the test',
    conclusion: 'success',
    env: { GITHUB_RUN_ID: '9' },
  });
}

describe('prepareWorkspace', () => {
  it.each([false, true])(
    'checks out a same-repository head branch tracking origin (shallow clone: %s), and the commit goes there',
    async (shallow) => {
      const head = repos.pushFromElsewhere('feature/fix', { 'feature.txt': 'pr work\n' });
      const main = sh(repos.origin, 'rev-parse', 'main');
      const work = repos.clone('work', { shallow });

      const start = (await prepareWorkspace(work, {
        number: 5,
        headRef: 'feature/fix',
        baseRef: 'main',
        fork: false,
      })) as StartingPoint;

      expect(start).toMatchObject({ branch: 'feature/fix', head, base: 'main' });
      expect(start.noPush).toBeUndefined();
      expect(sh(work, 'symbolic-ref', '--short', 'HEAD')).toBe('feature/fix');
      expect(sh(work, 'rev-parse', '--abbrev-ref', '@{upstream}')).toBe('origin/feature/fix');
      write(work, { 'feature.txt': 'pr work, fixed\n' });
      const outcome = await commit(start);
      expect(outcome).toMatchObject({
        pushed: true,
        rescued: false,
        branch: 'feature/fix',
        base: 'main',
      });
      expect(sh(repos.origin, 'rev-parse', 'feature/fix')).toBe(outcome.sha);
      expect(sh(repos.origin, 'rev-parse', 'main')).toBe(main);
    },
  );

  it('works on a fork head from refs/pull/<n>/head and never pushes, saying why', async () => {
    const head = repos.pushFromElsewhere('from-fork', { 'fork.txt': 'fork work\n' });
    sh(repos.origin, 'update-ref', 'refs/pull/7/head', head);
    sh(repos.origin, 'update-ref', '-d', 'refs/heads/from-fork');
    const refsBefore = sh(repos.origin, 'for-each-ref');
    const work = repos.clone('work');

    const start = (await prepareWorkspace(work, {
      number: 7,
      headRef: 'patch-1',
      baseRef: 'main',
      fork: true,
    })) as StartingPoint;

    expect(start).toMatchObject({ head, noPush: FORK_NOTE });
    expect(start.branch).toBeUndefined();
    expect(sh(work, 'show', 'HEAD:fork.txt')).toBe('fork work');
    write(work, { 'fork.txt': 'fork work, fixed\n' });
    const outcome = await commit(start);
    expect(outcome).toMatchObject({ pushed: false, rescued: false, severity: 'warning' });
    expect(outcome.note).toMatch(/not pushed because the pull request comes from a fork/);
    expect(sh(repos.origin, 'for-each-ref')).toBe(refsBefore);
  });

  it('works on the fork head that was asked about, even when the fork pushed more since', async () => {
    const asked = repos.pushFromElsewhere('from-fork', { 'fork.txt': 'reviewed\n' });
    const later = repos.pushFromElsewhere('from-fork', {
      'fork.txt': 'pushed after the request\n',
    });
    sh(repos.origin, 'update-ref', 'refs/pull/8/head', later);
    const work = repos.clone('work');

    const start = (await prepareWorkspace(work, {
      number: 8,
      headRef: 'patch-2',
      baseRef: 'main',
      fork: true,
      headSha: asked,
    })) as StartingPoint;

    expect(start.head).toBe(asked);
    expect(sh(work, 'show', 'HEAD:fork.txt')).toBe('reviewed');
  });

  it('refuses a head branch name that git would read as an option', async () => {
    const work = repos.clone('work');
    await expect(
      prepareWorkspace(work, {
        number: 1,
        headRef: '--upload-pack=x',
        baseRef: 'main',
        fork: false,
      }),
    ).rejects.toThrow(/not a valid branch name/);
  });

  it('records a relative origin as the path it means, so the push finds it from anywhere', async () => {
    const work = repos.clone('work');
    sh(work, 'remote', 'set-url', 'origin', '../origin.git');
    const start = (await prepareWorkspace(work)) as StartingPoint;
    expect(start.originUrl).toBe(repos.origin);
    write(work, { 'README.md': 'relative\n' });
    expect(await commit(start)).toMatchObject({ pushed: true, branch: 'main' });
  });

  it("records the runner user's filter drivers and network settings before the run, for the commit and the push", async () => {
    const work = repos.clone('work');
    const home = path.join(repos.root, 'home');
    write(home, {
      '.gitconfig':
        '[http]\n\tproxy = http://proxy.example:3128\n[http "https://ghe.example/"]\n\tsslCAInfo = /etc/ca.pem\n' +
        '[filter "home-made"]\n\tprocess = home-made filter-process\n\trequired\n',
    });
    const savedHome = process.env.HOME;
    process.env.HOME = home;
    try {
      const start = (await prepareWorkspace(work)) as StartingPoint;
      // The machine's own system configuration may add to both (GitHub's images configure Git LFS).
      expect(start.networkSettings).toEqual(
        expect.arrayContaining([
          ['http.proxy', 'http://proxy.example:3128'],
          ['http.https://ghe.example/.sslcainfo', '/etc/ca.pem'],
        ]),
      );
      expect(start.filterDrivers['home-made']).toEqual({
        process: 'home-made filter-process',
        required: 'true',
      });
    } finally {
      process.env.HOME = savedHome;
    }
  });

  it("pushes over ssh with the checkout's own ssh command (a deploy key's), not one planted later", async () => {
    const work = repos.clone('work');
    // An ssh that runs the remote command here: `ssh HOST 'git-receive-pack '\''PATH'\'''`.
    const fakeSsh = path.join(repos.root, 'fake-ssh');
    write(repos.root, { 'fake-ssh': '#!/bin/sh\nshift\nexec sh -c "$1"\n' });
    fs.chmodSync(fakeSsh, 0o755);
    sh(work, 'remote', 'set-url', 'origin', `ssh://deploy.example${repos.origin}`);
    sh(work, 'config', 'core.sshCommand', fakeSsh);
    const start = (await prepareWorkspace(work)) as StartingPoint;
    const canary = path.join(repos.root, 'CANARY');
    write(repos.root, { 'planted-ssh': `#!/bin/sh\ntouch ${canary}\nexit 1\n` });
    fs.chmodSync(path.join(repos.root, 'planted-ssh'), 0o755);
    sh(work, 'config', 'core.sshCommand', path.join(repos.root, 'planted-ssh'));
    write(work, { 'README.md': 'over ssh\n' });

    const outcome = await commit(start);

    expect(outcome).toMatchObject({ pushed: true, branch: 'main' });
    expect(sh(repos.origin, 'show', 'main:README.md')).toBe('over ssh');
    expect(fs.existsSync(canary)).toBe(false);
  });

  it('records nothing outside a git repository', async () => {
    expect(await prepareWorkspace(repos.root)).toBeUndefined();
  });
});
