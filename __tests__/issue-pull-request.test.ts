/**
 * `/agent` on an issue with `commit: true` and `pull-request: true` but no `branch`, through run()
 * in-process with only the workflow commands mocked: a real bare origin, the REST API faked on loopback
 * (every call checked against GitHub's description) and the model scripted on loopback. The work
 * goes to a branch of its own and a pull request that closes the issue, never to the base branch.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as step from '../__fixtures__/workflow-commands.js';
import { loadEvent } from '../__fixtures__/events.js';
import { startGitHubServer, type GitHubServer } from '../__fixtures__/github-server.js';
import { makeRepos, sh, type Repos } from '../__fixtures__/git-repos.js';
import { startMessagesServer, type MessagesServer } from '../__fixtures__/messages-server.js';
import { commands, final } from '../__fixtures__/messages.js';

jest.unstable_mockModule('../src/run/workflow-commands.js', () => step);
const { run } = await import('../src/main.js');

const KEY = 'sk-ant-api03-issue-pr-test-key-0123456789abcdef';
const TOKEN = 'ghs_issuePullRequestToken000000000000000000';
const COMMENTER = { login: 'Codertocat', id: 21031067 };

let repos: Repos;
let runnerTemp: string;
let github: GitHubServer | undefined;
let messages: MessagesServer | undefined;
const savedEnv = { ...process.env };

beforeEach(() => {
  step.reset();
  repos = makeRepos();
  runnerTemp = realpathSync(mkdtempSync(path.join(tmpdir(), 'issue-pr-runner-')));
});

afterEach(async () => {
  await messages?.close();
  messages = undefined;
  process.env = { ...savedEnv };
  process.exitCode = undefined;
  repos.remove();
  rmSync(runnerTemp, { recursive: true, force: true });
  // Last, and it throws on any call that broke GitHub's description.
  const server = github;
  github = undefined;
  await server?.close();
});

/** A `/agent` comment with `body` on issue #1 of the sample payload, run in a clone of origin. */
async function issueCommentRun(body: string, inputs: Record<string, string>) {
  github = await startGitHubServer();
  github.permissions[COMMENTER.login] = 'write';
  messages = await startMessagesServer([
    commands("printf 'It looks like you spelled commit right.\\n' > README.md"),
    final('Fixed the spelling in the README.'),
  ]);
  const event = loadEvent('issue_comment.created');
  event.comment.body = body;
  Object.assign(event.comment.user, COMMENTER);
  Object.assign(event.sender, COMMENTER);
  const eventPath = path.join(runnerTemp, 'event.json');
  writeFileSync(eventPath, JSON.stringify(event));
  const workspace = repos.clone('work');
  Object.assign(process.env, {
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_EVENT_NAME: 'issue_comment',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '99',
  });
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_BASE_URL;
  Object.assign(step.inputs, {
    'anthropic-api-key': KEY,
    'anthropic-base-url': messages.url,
    'github-token': TOKEN,
    'allowed-commands': '*',
    ...inputs,
  });
  await run();
  return { issue: event.issue.number as number };
}

describe('an issue run with pull-request: true and no branch', () => {
  it('pushes to bash-agent/issue-N, leaves the default branch alone, and opens a PR that closes the issue', async () => {
    const mainBefore = sh(repos.origin, 'rev-parse', 'main');
    const { issue } = await issueCommentRun('/agent please fix the spelling in the README.', {
      commit: 'true',
      'pull-request': 'true',
    });
    const branch = `bash-agent/issue-${issue}`;

    expect(step.failures).toEqual([]);
    expect(step.outputs).toMatchObject({
      conclusion: 'success',
      branch,
      'pull-request-url': 'https://github.com/octo/repo/pull/1',
    });
    // The base branch is exactly as it was; the work is on the run's own branch.
    expect(sh(repos.origin, 'rev-parse', 'main')).toBe(mainBefore);
    expect(sh(repos.origin, 'rev-parse', branch)).toBe(step.outputs['commit-sha']);
    expect(sh(repos.origin, 'rev-parse', `${branch}^`)).toBe(mainBefore);
    expect(sh(repos.origin, 'show', `${branch}:README.md`)).toBe(
      'It looks like you spelled commit right.',
    );

    // A short imperative subject, and the commenter credited in GitHub's noreply form.
    expect(sh(repos.origin, 'log', '-1', '--format=%s', branch)).toBe(
      'Fix the spelling in the README',
    );
    expect(sh(repos.origin, 'log', '-1', '--format=%(trailers:key=Co-authored-by)', branch)).toBe(
      'Co-authored-by: Codertocat <21031067+Codertocat@users.noreply.github.com>',
    );

    expect(github!.pulls).toMatchObject([{ number: 1, head: branch, base: 'main', state: 'open' }]);
    expect(github!.pulls[0]!.body).toMatch(new RegExp(`^Closes #${issue}$`, 'm'));
    expect(github!.pulls[0]!.body).toContain('Fixed the spelling in the README.');
  });

  it('refuses pull-request without commit at start-up, naming both, before any model request', async () => {
    await issueCommentRun('/agent fix the spelling', { 'pull-request': 'true' });

    expect(messages!.requests).toHaveLength(0);
    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toHaveLength(1);
    expect(step.failures[0]).toContain("'pull-request'");
    expect(step.failures[0]).toContain("'commit'");
    expect(sh(repos.origin, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
    expect(github!.pulls).toEqual([]);
  });
});
