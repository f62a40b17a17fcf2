/**
 * Committing and pushing the agent's work against real repositories with a bare origin: where the
 * commit goes, what it holds, and that work is never lost when the branch cannot take it.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs, { writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { prepareWorkspace, type StartingPoint } from '../src/git/checkout.js';
import {
  BOT_EMAIL,
  BOT_NAME,
  commitResults,
  ownBranch,
  type CommitOptions,
} from '../src/git/commit.js';
import { coAuthorTrailer } from '../src/git/message.js';
import { makeRepos, sh, write, type Repos } from '../__fixtures__/git-repos.js';

const RUN_ENV = {
  GITHUB_SERVER_URL: 'https://github.example',
  GITHUB_REPOSITORY: 'octo/repo',
  GITHUB_RUN_ID: '4242',
};

let repos: Repos;
let work: string;
let start: StartingPoint;

beforeEach(async () => {
  repos = makeRepos({
    'README.md': 'hello\n',
    'src/app.txt': 'one\ntwo\nthree\n',
    '.gitignore': 'build/\n',
  });
  work = repos.clone('work');
  start = (await prepareWorkspace(work)) as StartingPoint;
});

afterEach(() => repos.remove());

function commit(overrides: Partial<CommitOptions> = {}) {
  return commitResults({
    start,
    branch: '',
    commitMessage: '',
    task: 'Fix the typo in the greeting',
    conclusion: 'success',
    env: RUN_ENV,
    ...overrides,
  });
}

function originHas(ref: string): string | undefined {
  const found = sh(repos.origin, 'for-each-ref', '--format=%(objectname)', ref);
  return found === '' ? undefined : found;
}

describe('commitResults with a remote that never answers', () => {
  it('ends the push at the stall limit and keeps the commit, saying where it is', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      writeFileSync(path.join(work, 'README.md'), 'hello, world\n');
      const started = performance.now();
      // The stall limit the action sets, shortened the way a runner's own http settings would.
      const outcome = await commit({
        start: {
          ...start,
          originUrl: `http://127.0.0.1:${port}/repo.git`,
          networkSettings: [['http.lowSpeedTime', '1']],
        },
      });
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(outcome).toMatchObject({ pushed: false, severity: 'error' });
      const head = sh(work, 'rev-parse', 'HEAD');
      expect(head).not.toBe(start.head);
      expect(outcome.note).toMatch(/Operation too slow/);
      expect(outcome.note).toContain(`The commit ${head} stays on main in the runner's checkout`);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('commitResults', () => {
  it('makes no commit and pushes nothing when the run changed no files', async () => {
    const before = originHas('refs/heads/main');
    const outcome = await commit();
    expect(outcome).toMatchObject({ pushed: false, rescued: false, severity: 'info' });
    expect(outcome.sha).toBeUndefined();
    expect(outcome.note).toMatch(/nothing to commit/i);
    expect(originHas('refs/heads/main')).toBe(before);
    expect(sh(work, 'rev-parse', 'HEAD')).toBe(start.head);
  });

  it('says nothing was committed, as an error, when there was no repository to inspect', async () => {
    const outcome = await commit({ start: undefined });
    expect(outcome).toMatchObject({ pushed: false, severity: 'error' });
    expect(outcome.note).toMatch(/not in a git repository/);
  });

  it('commits tracked, deleted and untracked files on the checked-out branch as the bot, leaving ignored ones out', async () => {
    write(work, { 'README.md': 'hello, world\n', 'docs/new.md': 'new\n', 'build/out.js': 'x\n' });
    fs.rmSync(path.join(work, 'src/app.txt'));
    fs.writeFileSync(path.join(work, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });

    const outcome = await commit();

    expect(outcome).toMatchObject({ pushed: true, rescued: false, branch: 'main', base: 'main' });
    expect(originHas('refs/heads/main')).toBe(outcome.sha);
    expect(sh(repos.origin, 'ls-tree', '-r', '--name-only', 'main').split('\n').sort()).toEqual([
      '.gitignore',
      'README.md',
      'docs/new.md',
      'run.sh',
    ]);
    expect(sh(repos.origin, 'show', 'main:README.md')).toBe('hello, world');
    expect(sh(repos.origin, 'ls-tree', 'main', 'run.sh')).toMatch(/^100755 /);
    expect(sh(repos.origin, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%P', 'main')).toBe(
      `${BOT_NAME} <${BOT_EMAIL}>|${BOT_NAME} <${BOT_EMAIL}>|${start.head}`,
    );
    const message = sh(repos.origin, 'log', '-1', '--format=%B', 'main');
    expect(message.split('\n')[0]).toBe('Fix the typo in the greeting');
    expect(message).toContain('https://github.example/octo/repo/actions/runs/4242');
    expect(message).toContain('conclusion: success');
    // The runner's repository agrees: HEAD is the pushed commit and nothing is left to commit.
    expect(sh(work, 'rev-parse', 'HEAD')).toBe(outcome.sha);
    expect(sh(work, 'status', '--porcelain')).toBe('');
  });

  it('says which files the commit changes, with their lines, as git counts them in the pushed commit', async () => {
    write(work, { 'README.md': 'hello, world\nagain\n', 'docs/a b\tc.md': 'new\n' });
    fs.rmSync(path.join(work, 'src/app.txt'));
    fs.writeFileSync(path.join(work, 'logo.bin'), Buffer.from([0, 1, 2, 0, 255]));

    const outcome = await commit();

    expect(outcome.files).toEqual([
      { path: 'README.md', added: 2, deleted: 1 },
      { path: 'docs/a b\tc.md', added: 1, deleted: 0 },
      { path: 'logo.bin', added: null, deleted: null },
      { path: 'src/app.txt', added: 0, deleted: 3 },
    ]);
  });

  it('counts the files of the agent’s work, not those a rebase brought in from the moved branch', async () => {
    write(work, { 'README.md': 'hello from the agent\n' });
    repos.pushFromElsewhere('main', { 'other.txt': 'theirs\n' });

    const outcome = await commit();

    expect(outcome.note).toMatch(/rebased/);
    expect(outcome.files).toEqual([{ path: 'README.md', added: 1, deleted: 1 }]);
  });

  it('commits links as links, never the bytes behind a directory swapped for a link, and leaves nested repositories out', async () => {
    const outside = path.join(repos.root, 'outside');
    write(outside, { 'app.txt': 'a secret from outside the repository\n' });
    fs.rmSync(path.join(work, 'src'), { recursive: true });
    fs.symlinkSync(outside, path.join(work, 'src'));
    fs.symlinkSync('README.md', path.join(work, 'readme-link'));
    write(work, { 'line\nbreak.txt': 'odd name\n', '"quoted".txt': 'quoted name\n' });
    sh(repos.root, 'init', '-q', path.join(work, 'vendor', 'nested'));
    write(work, { 'vendor/nested/inner.txt': 'inner\n' });

    const outcome = await commit();

    expect(outcome).toMatchObject({ pushed: true, branch: 'main' });
    const tree = sh(repos.origin, 'ls-tree', '-r', '-z', 'main').split('\0');
    expect(tree.some((entry) => entry.endsWith('\tsrc/app.txt'))).toBe(false);
    expect(tree.find((entry) => entry.endsWith('\tsrc'))).toMatch(/^120000 /);
    expect(tree.find((entry) => entry.endsWith('\treadme-link'))).toMatch(/^120000 /);
    expect(sh(repos.origin, 'show', 'main:readme-link')).toBe('README.md');
    expect(sh(repos.origin, 'show', 'main:line\nbreak.txt')).toBe('odd name');
    expect(sh(repos.origin, 'show', 'main:"quoted".txt')).toBe('quoted name');
    expect(tree.some((entry) => entry.includes('vendor/'))).toBe(false);
    expect(sh(repos.origin, 'log', '-p', 'main')).not.toContain('a secret from outside');
  });

  it('runs the filter drivers configured before the run (as Git LFS is) with their recorded commands, and no other', async () => {
    const stored = makeRepos({ '.gitattributes': '*.up filter=upper\n', 'data.up': 'ABC\n' });
    try {
      const clone = stored.clone('work');
      sh(clone, 'config', 'filter.upper.clean', 'tr a-z A-Z');
      sh(clone, 'config', 'filter.upper.smudge', 'tr A-Z a-z');
      fs.rmSync(path.join(clone, 'data.up'));
      sh(clone, 'checkout', '--', 'data.up');
      expect(fs.readFileSync(path.join(clone, 'data.up'), 'utf8')).toBe('abc\n');
      const before = sh(stored.origin, 'rev-parse', 'main:data.up');
      start = (await prepareWorkspace(clone)) as StartingPoint;
      // What the agent does: rewrites the recorded driver and plants one of its own.
      const canary = path.join(stored.root, 'CANARY');
      sh(clone, 'config', 'filter.upper.clean', `touch ${canary}; cat`);
      sh(clone, 'config', 'filter.planted.clean', `touch ${canary}-planted; cat`);
      write(clone, {
        '.gitattributes': '*.up filter=upper\n*.raw filter=planted\n',
        'new.up': 'xyz\n',
        'bytes.raw': 'as written\n',
      });

      const outcome = await commit();

      expect(outcome).toMatchObject({ pushed: true, branch: 'main' });
      expect(sh(stored.origin, 'rev-parse', 'main:data.up')).toBe(before);
      expect(sh(stored.origin, 'show', 'main:new.up')).toBe('XYZ');
      expect(sh(stored.origin, 'show', 'main:bytes.raw')).toBe('as written');
      expect(fs.readdirSync(stored.root).filter((name) => name.startsWith('CANARY'))).toEqual([]);
    } finally {
      stored.remove();
    }
  });

  it('commits nothing when a file it would write holds a known secret, and names the file', async () => {
    const secret = 'ghs_SecretTokenValue0123456789';
    write(work, { 'README.md': 'fine\n', 'config/leak.env': `TOKEN=${secret}\n` });
    const before = originHas('refs/heads/main');
    const outcome = await commit({ redact: (text) => text.replaceAll(secret, '***') });
    expect(outcome).toMatchObject({ pushed: false, severity: 'error' });
    expect(outcome.note).toMatch(
      /^Nothing was committed: config\/leak\.env would carry a secret value/,
    );
    expect(originHas('refs/heads/main')).toBe(before);
    expect(sh(work, 'rev-parse', 'HEAD')).toBe(start.head);
    // Unchanged files holding the same text are not the commit's doing.
    fs.rmSync(path.join(work, 'config'), { recursive: true });
    expect((await commit({ redact: (text) => text.replaceAll('three', '***') })).pushed).toBe(true);
  });

  it('creates the named branch from HEAD when origin lacks it, leaving main alone', async () => {
    const main = originHas('refs/heads/main');
    write(work, { 'README.md': 'changed\n' });
    const outcome = await commit({ branch: 'maintenance/weekly', commitMessage: 'Weekly upkeep' });
    expect(outcome).toMatchObject({ pushed: true, branch: 'maintenance/weekly', base: 'main' });
    expect(originHas('refs/heads/maintenance/weekly')).toBe(outcome.sha);
    expect(originHas('refs/heads/main')).toBe(main);
    expect(sh(repos.origin, 'log', '-1', '--format=%B', 'maintenance/weekly')).toBe(
      'Weekly upkeep',
    );
  });

  it('pushes to a branch of its own when one is given and branch is empty, never to the base', async () => {
    const main = originHas('refs/heads/main');
    write(work, { 'README.md': 'fixed\n' });
    const trailer = coAuthorTrailer({ login: 'octocat', id: 583231 });
    const outcome = await commit({
      ownBranch: ownBranch({ kind: 'issue', number: 12 }, RUN_ENV),
      coAuthors: [trailer],
    });

    expect(outcome).toMatchObject({
      pushed: true,
      rescued: false,
      branch: 'bash-agent/issue-12',
      base: 'main',
    });
    expect(originHas('refs/heads/main')).toBe(main);
    expect(originHas('refs/heads/bash-agent/issue-12')).toBe(outcome.sha);
    expect(sh(repos.origin, 'show', 'bash-agent/issue-12:README.md')).toBe('fixed');
    const message = sh(repos.origin, 'log', '-1', '--format=%B', 'bash-agent/issue-12');
    expect(message.split('\n')[0]).toBe('Fix the typo in the greeting');
    // Last, as a trailer git itself reads.
    expect(
      sh(
        repos.origin,
        'log',
        '-1',
        '--format=%(trailers:key=Co-authored-by)',
        'bash-agent/issue-12',
      ),
    ).toBe('Co-authored-by: octocat <583231+octocat@users.noreply.github.com>');
  });

  it('continues the branch of its own that an earlier run on the same issue pushed', async () => {
    const earlier = repos.pushFromElsewhere('bash-agent/issue-12', { 'NOTES.md': 'first run\n' });
    write(work, { 'README.md': 'second run\n' });
    const outcome = await commit({ ownBranch: 'bash-agent/issue-12' });
    expect(outcome).toMatchObject({ pushed: true, rescued: false, branch: 'bash-agent/issue-12' });
    expect(sh(repos.origin, 'rev-parse', 'bash-agent/issue-12^')).toBe(earlier);
    expect(sh(repos.origin, 'show', 'bash-agent/issue-12:NOTES.md')).toBe('first run');
  });

  it("on a pull request run, pushes to bash-agent/pr-N and proposes it to the pull request's head", async () => {
    const head = repos.pushFromElsewhere('feature/fix', { 'feature.txt': 'pr work\n' });
    const prWork = repos.clone('pr-work');
    const prStart = (await prepareWorkspace(prWork, {
      number: 5,
      headRef: 'feature/fix',
      baseRef: 'main',
      fork: false,
    })) as StartingPoint;
    write(prWork, { 'feature.txt': 'pr work, fixed\n' });
    const outcome = await commit({
      start: prStart,
      ownBranch: ownBranch({ kind: 'pull_request', number: 5 }, RUN_ENV),
    });
    expect(outcome).toMatchObject({ pushed: true, branch: 'bash-agent/pr-5', base: 'feature/fix' });
    expect(originHas('refs/heads/feature/fix')).toBe(head);
    expect(sh(repos.origin, 'rev-parse', 'bash-agent/pr-5^')).toBe(head);
  });

  it('lets the branch input win over a branch of its own', async () => {
    write(work, { 'README.md': 'changed\n' });
    const outcome = await commit({ branch: 'fix/greeting', ownBranch: 'bash-agent/issue-12' });
    expect(outcome).toMatchObject({ pushed: true, branch: 'fix/greeting', base: 'main' });
    expect(originHas('refs/heads/bash-agent/issue-12')).toBeUndefined();
  });

  it('names the branch of its own after the issue, the pull request or the run', () => {
    expect(ownBranch({ kind: 'issue', number: 7 }, RUN_ENV)).toBe('bash-agent/issue-7');
    expect(ownBranch({ kind: 'pull_request', number: 8 }, RUN_ENV)).toBe('bash-agent/pr-8');
    expect(ownBranch(undefined, RUN_ENV)).toBe('bash-agent/run-4242');
  });

  it('rebases onto commits pushed to the branch during the run, then pushes', async () => {
    write(work, { 'README.md': 'hello from the agent\n' });
    const theirs = repos.pushFromElsewhere('main', { 'other.txt': 'theirs\n' });

    const outcome = await commit();

    expect(outcome).toMatchObject({ pushed: true, rescued: false, branch: 'main' });
    expect(outcome.note).toMatch(/rebased/);
    expect(originHas('refs/heads/main')).toBe(outcome.sha);
    expect(sh(repos.origin, 'log', '-1', '--format=%P', 'main')).toBe(theirs);
    expect(sh(repos.origin, 'show', 'main:README.md')).toBe('hello from the agent');
    expect(sh(repos.origin, 'show', 'main:other.txt')).toBe('theirs');
  });

  it("keeps the agent's own commits, authors and messages when rebasing them onto a moved branch", async () => {
    write(work, { 'one.txt': '1\n' });
    sh(work, 'add', 'one.txt');
    sh(
      work,
      '-c',
      'user.name=Agent One',
      '-c',
      'user.email=one@example.com',
      'commit',
      '-qm',
      'First step',
    );
    write(work, { 'two.txt': '2\n' });
    sh(work, 'add', 'two.txt');
    sh(
      work,
      '-c',
      'user.name=Agent One',
      '-c',
      'user.email=one@example.com',
      'commit',
      '-qm',
      'Second step',
    );
    write(work, { 'left-over.txt': 'not committed by the agent\n' });
    const theirs = repos.pushFromElsewhere('main', { 'other.txt': 'theirs\n' });

    const outcome = await commit();

    expect(outcome).toMatchObject({ pushed: true, rescued: false, branch: 'main' });
    expect(sh(repos.origin, 'log', '--format=%an|%s', `${theirs}..main`).split('\n')).toEqual([
      `${BOT_NAME}|Fix the typo in the greeting`,
      'Test Author|Second step',
      'Test Author|First step',
    ]);
    expect(sh(repos.origin, 'log', '-1', '--format=%cn', 'main~2')).toBe(BOT_NAME);
    expect(sh(repos.origin, 'show', 'main:other.txt')).toBe('theirs');
    expect(sh(repos.origin, 'show', 'main:left-over.txt')).toBe('not committed by the agent');
  });

  it('takes work holding a merge of its own onto a moved branch as one commit', async () => {
    sh(work, 'checkout', '-q', '-b', 'side');
    write(work, { 'side.txt': 'side\n' });
    sh(work, 'add', 'side.txt');
    sh(work, 'commit', '-qm', 'Side');
    sh(work, 'checkout', '-q', 'main');
    write(work, { 'main.txt': 'main\n' });
    sh(work, 'add', 'main.txt');
    sh(work, 'commit', '-qm', 'Main');
    sh(work, 'merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    const theirs = repos.pushFromElsewhere('main', { 'other.txt': 'theirs\n' });

    const outcome = await commit();

    expect(outcome).toMatchObject({ pushed: true, rescued: false, branch: 'main' });
    expect(sh(repos.origin, 'log', '-1', '--format=%P|%an|%s', 'main')).toBe(
      `${theirs}|${BOT_NAME}|Fix the typo in the greeting`,
    );
    expect(sh(repos.origin, 'ls-tree', '--name-only', 'main').split('\n')).toEqual(
      expect.arrayContaining(['side.txt', 'main.txt', 'other.txt']),
    );
  });

  it('rebases in a shallow clone as actions/checkout makes by default', async () => {
    repos.pushFromElsewhere('main', { 'history.txt': 'one more commit\n' });
    const shallow = repos.clone('shallow', { shallow: true });
    start = (await prepareWorkspace(shallow)) as StartingPoint;
    write(shallow, { 'README.md': 'agent\n' });
    const theirs = repos.pushFromElsewhere('main', { 'other.txt': 'theirs\n' });

    const outcome = await commit();

    expect(outcome).toMatchObject({ pushed: true, rescued: false, branch: 'main' });
    expect(sh(repos.origin, 'log', '-1', '--format=%P', 'main')).toBe(theirs);
  });

  it('pushes to the rescue branch when the branch moved in a way that conflicts', async () => {
    write(work, { 'src/app.txt': 'one\nTWO by the agent\nthree\n' });
    const theirs = repos.pushFromElsewhere('main', {
      'src/app.txt': 'one\ntwo by someone else\nthree\n',
    });

    const outcome = await commit();

    expect(outcome).toMatchObject({
      pushed: true,
      rescued: true,
      branch: 'bash-agent/4242',
      severity: 'warning',
    });
    expect(outcome.note).toMatch(/main changed during the run/);
    expect(originHas('refs/heads/main')).toBe(theirs);
    expect(originHas('refs/heads/bash-agent/4242')).toBe(outcome.sha);
    expect(sh(repos.origin, 'show', 'bash-agent/4242:src/app.txt')).toContain('TWO by the agent');
  });

  it.each([
    ['error', {}, 'bash-agent/4242', /ended with an error/],
    ['cancelled', { GITHUB_RUN_ATTEMPT: '2' }, 'bash-agent/4242-2', /was cancelled/],
  ] as const)(
    'saves the changes of a run that ended %s on the rescue branch, not on main',
    async (conclusion, env, rescue, words) => {
      const main = originHas('refs/heads/main');
      write(work, { 'half-done.txt': 'unfinished\n' });
      const outcome = await commit({ conclusion, env: { ...RUN_ENV, ...env } });
      expect(outcome).toMatchObject({ pushed: true, rescued: true, branch: rescue });
      expect(outcome.note).toMatch(words);
      expect(originHas('refs/heads/main')).toBe(main);
      expect(sh(repos.origin, 'show', `${rescue}:half-done.txt`)).toBe('unfinished');
      expect(sh(repos.origin, 'log', '-1', '--format=%B', rescue)).toContain('not lost');
    },
  );

  it('rescues to the next free name when another job of the same run took the rescue branch', async () => {
    const other = repos.clone('matrix-job');
    const otherStart = (await prepareWorkspace(other)) as StartingPoint;
    write(other, { 'a.txt': 'other job\n' });
    const first = await commit({ start: otherStart, conclusion: 'error' });
    write(work, { 'b.txt': 'this job\n' });
    const second = await commit({ conclusion: 'error' });
    expect(first).toMatchObject({ pushed: true, branch: 'bash-agent/4242' });
    expect(second).toMatchObject({ pushed: true, rescued: true, branch: 'bash-agent/4242.2' });
    expect(sh(repos.origin, 'show', 'bash-agent/4242.2:b.txt')).toBe('this job');
    expect(originHas('refs/heads/bash-agent/4242')).toBe(first.sha);
  });

  it('commits a run that stopped at a limit where it was asked to, saying the work is partial', async () => {
    write(work, { 'README.md': 'partly\n' });
    const outcome = await commit({ conclusion: 'max-turns' });
    expect(outcome).toMatchObject({ pushed: true, rescued: false, branch: 'main' });
    expect(sh(repos.origin, 'log', '-1', '--format=%B', 'main')).toMatch(
      /turn limit \(max-turns\).*the work is partial/,
    );
  });

  it('says the work is only on the runner when origin cannot be reached at all', async () => {
    write(work, { 'README.md': 'stranded\n' });
    fs.rmSync(repos.origin, { recursive: true, force: true });
    const outcome = await commit();
    const head = sh(work, 'rev-parse', 'HEAD');
    expect(outcome).toMatchObject({
      kind: 'left-local',
      pushed: false,
      rescued: false,
      severity: 'error',
      local: { sha: head, branch: 'main', top: work },
    });
    expect(outcome.note).toMatch(/^Could not push to main: /);
    expect(outcome.note).toContain(
      `The commit ${head} stays on main in the runner's checkout (${work}).`,
    );
    expect(outcome.sha).toBeUndefined();
  });

  it('rescues a push the server refuses for another reason, quoting the server', async () => {
    fs.writeFileSync(
      path.join(repos.origin, 'hooks', 'pre-receive'),
      '#!/bin/sh\nwhile read old new ref; do\n  if [ "$ref" = refs/heads/main ]; then echo "GH006: Protected branch update failed for refs/heads/main." >&2; exit 1; fi\ndone\n',
      { mode: 0o755 },
    );
    write(work, { 'README.md': 'protected\n' });
    const outcome = await commit();
    expect(outcome).toMatchObject({ pushed: true, rescued: true, branch: 'bash-agent/4242' });
    expect(outcome.note).toMatch(
      /^The push to main was refused \(GH006: Protected branch update failed for refs\/heads\/main\.\); [0-9a-f]{12} was pushed to bash-agent\/4242 instead\.$/,
    );
  });

  it('pushes a detached HEAD with no branch input to the rescue branch and says why', async () => {
    sh(work, 'checkout', '-q', '--detach');
    start = (await prepareWorkspace(work)) as StartingPoint;
    write(work, { 'README.md': 'detached\n' });
    const outcome = await commit();
    expect(outcome).toMatchObject({ pushed: true, rescued: true, branch: 'bash-agent/4242' });
    expect(outcome.note).toMatch(/detached/);
  });

  it('reports a push the server refuses for workflow files plainly, and rescues the rest without them', async () => {
    // The server's refusal as GitHub words it, from a hook on the bare origin.
    const hook = path.join(repos.origin, 'hooks', 'pre-receive');
    fs.writeFileSync(
      hook,
      [
        '#!/bin/sh',
        'while read old new ref; do',
        '  if git diff-tree -r --name-only "$old" "$new" -- .github/workflows 2>/dev/null | grep -q . ||',
        '     { [ "$old" = 0000000000000000000000000000000000000000 ] && git ls-tree -r --name-only "$new" -- .github/workflows | grep -q .; }; then',
        '    echo "! [remote rejected] refusing to allow a GitHub App to create or update workflow \\`.github/workflows/ci.yml\\` without \\`workflows\\` permission" >&2',
        '    exit 1',
        '  fi',
        'done',
      ].join('\n'),
      { mode: 0o755 },
    );
    const main = originHas('refs/heads/main');
    write(work, { '.github/workflows/ci.yml': 'on: push\n', 'README.md': 'with a workflow\n' });

    const outcome = await commit();

    expect(outcome).toMatchObject({ pushed: true, rescued: true, branch: 'bash-agent/4242' });
    expect(outcome.note).toMatch(/\.github\/workflows\/ \(\.github\/workflows\/ci\.yml\)/);
    expect(outcome.note).toMatch(/workflows permission/);
    expect(outcome.note).toMatch(/without the workflow files/);
    expect(originHas('refs/heads/main')).toBe(main);
    const rescued = sh(repos.origin, 'ls-tree', '-r', '--name-only', 'bash-agent/4242');
    expect(rescued).not.toContain('.github/workflows/ci.yml');
    expect(sh(repos.origin, 'show', 'bash-agent/4242:README.md')).toBe('with a workflow');
  });
});
