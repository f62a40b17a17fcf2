/**
 * Opening or reusing the pull request of a pushed branch, and what the trigger reads (permission, a
 * PR, its files), against the fake REST API that checks every call against GitHub's description.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  OWNER,
  REPO,
  startGitHubServer,
  type GitHubServer,
} from '../__fixtures__/github-server.js';
import { createGitHub, type GitHub } from '../src/github/client.js';
import { openOrReusePullRequest } from '../src/github/pulls.js';
import { connectGitHub } from '../src/github/reporting.js';
import { repositoryReader } from '../src/github/repository.js';

let server: GitHubServer;
let github: GitHub;
const repository = { owner: OWNER, repo: REPO };

beforeEach(async () => {
  server = await startGitHubServer();
  github = createGitHub({
    token: 'ghs_test',
    baseUrl: server.url,
    warn: () => undefined,
    backoffUnitMs: 1,
    paceWrites: false,
  });
});

afterEach(() => server.close());

const REQUEST = { head: 'bash-agent/deps', base: 'main', title: 'Update deps', body: 'Done.' };

describe('the pull request of a pushed branch', () => {
  it('opens one, and a second run on the same branch reuses it', async () => {
    const first = await openOrReusePullRequest(github, repository, REQUEST);
    expect(first).toEqual({
      url: `https://github.com/${OWNER}/${REPO}/pull/1`,
      number: 1,
      created: true,
    });
    expect(server.pulls).toMatchObject([
      { head: 'bash-agent/deps', base: 'main', title: 'Update deps', body: 'Done.' },
    ]);

    const second = await openOrReusePullRequest(github, repository, { ...REQUEST, title: 'Again' });
    expect(second).toEqual({ ...first, created: false });
    expect(server.pulls).toHaveLength(1);
    // The lookup names the head as GitHub wants it, owner-qualified, and only open PRs.
    expect(server.callsTo('GET', '/pulls').map((call) => call.query)).toEqual([
      expect.objectContaining({ head: `${OWNER}:bash-agent/deps`, state: 'open' }),
      expect.objectContaining({ head: `${OWNER}:bash-agent/deps`, state: 'open' }),
    ]);
  });

  it('opens a new one when the PR of that branch was closed', async () => {
    await openOrReusePullRequest(github, repository, REQUEST);
    server.pulls[0]!.state = 'closed';
    const next = await openOrReusePullRequest(github, repository, REQUEST);
    expect(next).toMatchObject({ number: 2, created: true });
  });

  it('uses the PR another job opened between the lookup and the creation', async () => {
    server.on('POST', '/repos/{owner}/{repo}/pulls', () => {
      server.pulls.push({
        number: 9,
        title: 'Other job',
        body: '',
        head: REQUEST.head,
        base: 'main',
        state: 'open',
      });
      return { status: 422, body: { message: 'Validation Failed' } };
    });
    expect(await openOrReusePullRequest(github, repository, REQUEST)).toMatchObject({
      number: 9,
      created: false,
    });
  });

  it('says Closes #N in the body of a pull request for an issue, and nothing of the kind otherwise', async () => {
    const step = connectGitHub(
      { githubToken: 'ghs_test', comment: 'auto' },
      () => undefined,
      {
        GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
        GITHUB_API_URL: server.url,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_RUN_ID: '77',
      },
      { backoffUnitMs: 1, paceWrites: false },
    );
    const push = { branch: 'bash-agent/issue-12', base: 'main', pushed: true, rescued: false };
    const opened = await step.pullRequestForPush(push, {
      title: 'Fix the typo',
      finalMessage: 'Fixed the typo in the README.',
      closes: 12,
    });
    expect(opened.failure).toBeUndefined();
    expect(opened.opened).toMatchObject({ number: 1, created: true });
    const body = server.pulls[0]!.body;
    expect(body).toContain('Fixed the typo in the README.');
    // On a line of its own, where GitHub reads the closing keyword.
    expect(body).toMatch(/^Closes #12$/m);
    expect(server.pulls[0]).toMatchObject({ head: 'bash-agent/issue-12', base: 'main' });

    await step.pullRequestForPush(
      { ...push, branch: 'bash-agent/run-77' },
      { title: 'Tidy up', finalMessage: 'Tidied.' },
    );
    expect(server.pulls[1]!.body).not.toMatch(/Closes/i);
  });

  it('lets any other failure reach the caller', async () => {
    server.on('POST', '/repos/{owner}/{repo}/pulls', () => ({
      status: 403,
      body: { message: 'GitHub Actions is not permitted to create or approve pull requests.' },
    }));
    await expect(openOrReusePullRequest(github, repository, REQUEST)).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('what the trigger reads', () => {
  it("gives a collaborator's permission as GitHub answers it, and 404 for anyone else", async () => {
    server.permissions.octocat = 'maintain';
    const reader = repositoryReader(github, repository);
    expect(await reader.permissionOf('octocat')).toMatchObject({
      permission: 'write',
      role_name: 'maintain',
    });
    await expect(reader.permissionOf('stranger')).rejects.toMatchObject({ status: 404 });
  });

  it('fetches a PR, and its file names up to a limit, across pages', async () => {
    server.pulls.push({
      number: 3,
      title: 'T',
      body: 'B',
      head: 'feature',
      base: 'main',
      state: 'open',
    });
    server.pullFiles[3] = Array.from({ length: 250 }, (_, i) => `src/file-${i}.ts`);
    const reader = repositoryReader(github, repository);
    expect(await reader.pullRequest(3)).toMatchObject({
      number: 3,
      head: { ref: 'feature' },
      base: { ref: 'main' },
    });
    const files = await reader.pullRequestFiles(3, 150);
    expect(files).toHaveLength(150);
    expect(files[149]).toBe('src/file-149.ts');
    // Two pages of 100, not the third.
    expect(server.callsTo('GET', '/pulls/{pull_number}/files')).toHaveLength(2);
    expect(await reader.pullRequestFiles(3, 5)).toEqual(files.slice(0, 5));
  });
});
