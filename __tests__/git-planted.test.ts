/**
 * The agent may write anything into `.git/` and the work tree before the action commits: hooks, a
 * hooks path, an fsmonitor, URL rewrites to `ext::` or to a repository of its own, an ssh command,
 * filters, textconv and merge drivers. Each plant here writes a CANARY file if it runs. The action's
 * commit and push (through a moved branch, so fetch and merge run too) run none of them, and the
 * commit still lands with the bytes the agent wrote. No guard runs here: this is the second line.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { prepareWorkspace, type StartingPoint } from '../src/git/checkout.js';
import { commitResults, type CommitOutcome } from '../src/git/commit.js';
import { makeRepos, sh, write, type Repos } from '../__fixtures__/git-repos.js';

let repos: Repos;
let work: string;
let canaryDir: string;
let outcome: CommitOutcome;

const HOOKS = [
  'pre-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'pre-push',
  'reference-transaction',
  'post-checkout',
  'post-index-change',
  'post-rewrite',
  'pre-auto-gc',
  'pre-receive',
  'post-receive',
  'update',
];

function canaries(): string[] {
  return fs.readdirSync(canaryDir).sort();
}

/** A program that leaves `CANARY-<name>` behind and then behaves like `cat`. */
function canaryProgram(name: string): string {
  const file = path.join(repos.root, 'programs', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `#!/bin/sh\ntouch "${canaryDir}/CANARY-${name}"\ncat\n`, { mode: 0o755 });
  return file;
}

function plantHooks(dir: string, tag: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const hook of HOOKS) {
    fs.writeFileSync(
      path.join(dir, hook),
      `#!/bin/sh\ntouch "${canaryDir}/CANARY-${tag}-${hook}"\n`,
      {
        mode: 0o755,
      },
    );
  }
}

beforeAll(async () => {
  repos = makeRepos({ 'README.md': 'hello\n', 'data.txt': 'a\nb\nc\n' });
  canaryDir = path.join(repos.root, 'canaries');
  fs.mkdirSync(canaryDir);
  work = repos.clone('work');
  const start = (await prepareWorkspace(work)) as StartingPoint;

  // A repository of the agent's own, with hooks that would run on a push to it.
  const decoy = path.join(repos.root, 'decoy.git');
  sh(repos.root, 'init', '-q', '--bare', decoy);
  plantHooks(path.join(decoy, 'hooks'), 'decoy');

  plantHooks(path.join(work, '.git', 'hooks'), 'hooks');
  plantHooks(path.join(repos.root, 'planted-hooks'), 'hookspath');
  const included = path.join(work, '.git', 'planted.config');
  fs.writeFileSync(included, `[core]\n\tsshCommand = ${canaryProgram('included-ssh')}\n`);
  const config = (key: string, value: string) => sh(work, 'config', '--add', key, value);
  config('include.path', included);
  config('core.hooksPath', path.join(repos.root, 'planted-hooks'));
  // Another work tree of the agent's choosing, whose files would be committed instead.
  write(path.join(repos.root, 'decoy-tree'), { 'decoy.txt': 'not the work\n' });
  config('core.worktree', path.join(repos.root, 'decoy-tree'));
  config('core.fsmonitor', canaryProgram('fsmonitor'));
  config('core.sshCommand', canaryProgram('ssh'));
  config('core.pager', canaryProgram('pager'));
  config('core.askPass', canaryProgram('askpass'));
  config('core.alternateRefsCommand', canaryProgram('alternate-refs'));
  config('credential.helper', `!${canaryProgram('credential')}`);
  config('commit.gpgSign', 'true');
  config('gpg.program', canaryProgram('gpg'));
  config('diff.external', canaryProgram('diff-external'));
  config('protocol.ext.allow', 'always');
  config(`url.ext::${canaryProgram('ext')} %S.pushInsteadOf`, repos.origin);
  config(`url.${decoy}.insteadOf`, repos.origin);
  config('remote.origin.url', decoy);
  config('remote.origin.pushurl', decoy);
  config('remote.origin.receivepack', canaryProgram('receivepack'));
  config('remote.origin.uploadpack', canaryProgram('uploadpack'));
  config('remote.origin.mirror', 'true');
  config(`remote.${repos.origin}.url`, decoy);
  config('filter.planted.clean', `${canaryProgram('clean')} | tr a X`);
  config('filter.planted.smudge', canaryProgram('smudge'));
  config('filter.planted.process', canaryProgram('process'));
  config('diff.planted.textconv', canaryProgram('textconv'));
  config('diff.planted.command', canaryProgram('diff-command'));
  config('merge.planted.driver', `${canaryProgram('merge')} %O %A %B`);
  write(work, { '.gitattributes': '* filter=planted diff=planted merge=planted\n' });
  fs.writeFileSync(
    path.join(work, '.git', 'info', 'attributes'),
    '* filter=planted diff=planted merge=planted\n',
  );
  write(work, { 'data.txt': 'a\nb\nc\nadded by the agent\n' });
  // The branch moves meanwhile, so the push is refused once and fetch and merge run too.
  repos.pushFromElsewhere('main', { 'data.txt': 'start\na\nb\nc\n' });

  outcome = await commitResults({
    start,
    branch: '',
    commitMessage: 'Agent work',
    task: 'x',
    conclusion: 'success',
    env: { GITHUB_RUN_ID: '1' },
  });
});

afterAll(() => repos.remove());

describe('the commit stage against planted configuration', () => {
  it('runs none of the planted programs', () => {
    expect(canaries()).toEqual([]);
  });

  it('still lands the commit on origin, rebased, with the bytes the agent wrote', () => {
    expect(outcome).toMatchObject({ pushed: true, rescued: false, branch: 'main' });
    expect(outcome.note).toMatch(/rebased/);
    expect(sh(repos.origin, 'rev-parse', 'main')).toBe(outcome.sha);
    expect(sh(repos.origin, 'show', 'main:data.txt')).toBe('start\na\nb\nc\nadded by the agent');
    expect(sh(repos.origin, 'show', 'main:.gitattributes')).toContain('filter=planted');
    expect(sh(repos.origin, 'ls-tree', '--name-only', 'main')).not.toContain('decoy.txt');
    // The decoy got nothing, and origin's other refs were not mirrored away.
    expect(sh(path.join(repos.root, 'decoy.git'), 'for-each-ref')).toBe('');
  });

  it('plants that plain git does run (the test would see them)', () => {
    sh(work, 'commit', '--allow-empty', '--no-gpg-sign', '-qm', 'plain');
    expect(canaries()).toContain('CANARY-hookspath-pre-commit');
  });
});
