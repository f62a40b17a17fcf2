/**
 * A held `.git/index.lock` (a crashed git, an editor's git integration, a command of the agent's
 * still holding it) fails no commit: the work is committed and pushed like any other, and the note
 * says the index was left as it was.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareWorkspace, type StartingPoint } from '../src/git/checkout.js';
import { commitResults } from '../src/git/commit.js';
import { makeRepos, sh, type Repos } from '../__fixtures__/git-repos.js';

let repos: Repos;
let work: string;
let start: StartingPoint;

beforeEach(async () => {
  repos = makeRepos({ 'README.md': 'hello\n' });
  work = repos.clone('work');
  start = (await prepareWorkspace(work)) as StartingPoint;
});

afterEach(() => repos.remove());

describe('commitResults with .git/index.lock held', () => {
  it('commits and pushes the work, and says the index was not refreshed', async () => {
    writeFileSync(path.join(work, 'README.md'), 'hello, world\n');
    writeFileSync(path.join(work, '.git', 'index.lock'), '');

    const outcome = await commitResults({
      start,
      branch: '',
      commitMessage: 'Greet the world',
      task: 'Greet the world',
      conclusion: 'success',
      env: { GITHUB_RUN_ID: '7' },
    });

    expect(outcome).toMatchObject({ pushed: true, branch: 'main', rescued: false });
    expect(sh(repos.origin, 'rev-parse', 'main')).toBe(outcome.sha);
    expect(sh(repos.origin, 'show', 'main:README.md')).toBe('hello, world');
    expect(outcome.note).toMatch(/index\.lock/);
  });
});
