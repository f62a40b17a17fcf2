/**
 * The step's GitHub as main uses it, from the runner's variables, against the fake REST API that
 * checks every call against GitHub's description.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  OWNER,
  REPO,
  startGitHubServer,
  type GitHubServer,
} from '../__fixtures__/github-server.js';
import { connectGitHub } from '../src/github/reporting.js';
import { recorded, runEvents } from '../__fixtures__/run-events.js';
import type { TriggerRecord } from '../src/transcript.js';

let server: GitHubServer;
let warnings: string[];
const warn = (message: string) => warnings.push(message);
const FAST = { backoffUnitMs: 1, paceWrites: false };

beforeEach(async () => {
  server = await startGitHubServer();
  warnings = [];
});

afterEach(() => server.close());

function runnerEnv(): NodeJS.ProcessEnv {
  return {
    GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    GITHUB_API_URL: server.url,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '1001',
    GITHUB_WORKFLOW: 'Agent',
    GITHUB_JOB: 'agent',
  };
}

const TRIGGER: TriggerRecord = {
  type: 'trigger',
  event: 'issue_comment',
  source: 'comment',
  actor: 'octocat',
  subject: { kind: 'issue', number: 3, title: 'Bug', url: 'https://github.com/octo/repo/issues/3' },
  comment: { id: 77, url: 'https://github.com/octo/repo/issues/3#issuecomment-77' },
};

const FAILED_RUN = recorded(
  ...runEvents('max-turns', 'Half way there.', 'Stopped at the turn limit'),
);

describe('the step’s GitHub', () => {
  it('links the run from the progress comment, and ends with the rendered result and its reaction', async () => {
    const gitHub = connectGitHub(
      { githubToken: 'ghs_x', comment: 'auto' },
      warn,
      runnerEnv(),
      FAST,
    );
    const talk = await gitHub.beginConversation(TRIGGER, () => []);
    expect(server.comments[0]?.body).toContain('https://github.com/octo/repo/actions/runs/1001');
    await talk?.finish(FAILED_RUN);
    expect(server.comments).toHaveLength(1);
    expect(server.comments[0]?.body).toMatch(/turn limit/);
    expect(server.comments[0]?.body).toContain('Half way there.');
    expect(server.reactions.map((r) => r.content)).toEqual(['eyes', 'confused']);
    expect(server.calls.every((call) => call.headers.authorization === 'token ghs_x')).toBe(true);
    expect(
      server.calls.every((call) => /bash-agent-action/.test(String(call.headers['user-agent']))),
    ).toBe(true);
  });

  it('links the job from the progress comment, found among the run attempt’s jobs by the runner’s name', async () => {
    server.on(
      'GET',
      '/repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}/jobs',
      (call) => {
        expect(call.path).toContain('/actions/runs/1001/attempts/2/jobs');
        const job = (id: number, name: string, runner: string, status: string) => ({
          id,
          name,
          runner_name: runner,
          status,
        });
        return {
          status: 200,
          body: {
            total_count: 3,
            jobs: [
              job(7001, 'build', 'GitHub Actions 3', 'completed'),
              job(7002, 'lint', 'GitHub Actions 4', 'in_progress'),
              job(7003, 'agent', 'GitHub Actions 4', 'in_progress'),
            ],
          },
        };
      },
    );
    const env = { ...runnerEnv(), RUNNER_NAME: 'GitHub Actions 4', GITHUB_RUN_ATTEMPT: '2' };
    const gitHub = connectGitHub({ githubToken: 'ghs_x', comment: 'auto' }, warn, env, FAST);
    await gitHub.beginConversation(TRIGGER, () => []);
    expect(server.comments[0]?.body).toContain(
      '[Follow the job](https://github.com/octo/repo/actions/runs/1001/job/7003)',
    );
  });

  it('links the run when the jobs cannot be read (a token without actions: read)', async () => {
    server.on(
      'GET',
      '/repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}/jobs',
      () => ({
        status: 403,
        body: { message: 'Resource not accessible by integration' },
      }),
    );
    const env = { ...runnerEnv(), RUNNER_NAME: 'GitHub Actions 4' };
    const gitHub = connectGitHub({ githubToken: 'ghs_x', comment: 'auto' }, warn, env, FAST);
    await gitHub.beginConversation(TRIGGER, () => []);
    expect(server.comments[0]?.body).toContain(
      '[Follow the run](https://github.com/octo/repo/actions/runs/1001)',
    );
    expect(warnings).toEqual([]);
  });

  it('edits the progress comment as the run goes, at most once an interval and only on a change, the result last', async () => {
    let events = recorded(...runEvents('success', 'done').slice(0, 4));
    const gitHub = connectGitHub({ githubToken: 'ghs_x', comment: 'auto' }, warn, runnerEnv(), {
      ...FAST,
      progress: { intervalMs: 300 },
    });
    const talk = (await gitHub.beginConversation(TRIGGER, () => events))!;
    const edits = () => server.callsTo('PATCH', '/issues/comments/{comment_id}').length;
    const started = Date.now();
    for (let i = 0; i < 20; i += 1) talk.changed();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(edits()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Twenty changes within the interval: one edit, once the interval since the posting passed.
    expect(edits()).toBe(1);
    expect(server.comments[0]!.body).toMatch(/Turn 2 · 0 commands so far/);
    // Nothing changed since: no edit, however long.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(edits()).toBe(1);
    events = recorded(...runEvents('success', 'done'));
    talk.changed();
    await talk.finish(events);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The change pending at the end is not posted after the result: the result is the last word.
    expect(server.comments[0]!.body).toContain('Done');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.comments[0]!.body).toContain('Done');
    expect(edits()).toBe(2);
  });

  it('opens a PR only from a push to a branch other than its base', async () => {
    const gitHub = connectGitHub(
      { githubToken: 'ghs_x', comment: 'auto' },
      warn,
      runnerEnv(),
      FAST,
    );
    const text = { title: 'Fix the bug', finalMessage: 'Fixed; ping @octocat <b>now</b>' };
    expect(
      await gitHub.pullRequestForPush(
        { pushed: true, rescued: false, branch: 'main', base: 'main' },
        text,
      ),
    ).toEqual({});
    expect(
      await gitHub.pullRequestForPush(
        { pushed: false, rescued: false, branch: 'fix', base: 'main' },
        text,
      ),
    ).toEqual({});
    const rescue = { pushed: true, rescued: true, branch: 'bash-agent/1001', base: 'main' };
    expect(await gitHub.pullRequestForPush(rescue, text)).toEqual({});
    expect(server.calls).toEqual([]);
    const opened = await gitHub.pullRequestForPush(
      { pushed: true, rescued: false, branch: 'fix', base: 'main' },
      text,
    );
    expect(opened).toMatchObject({ opened: { number: 1, created: true } });
    expect(server.pulls[0]?.title).toBe('Fix the bug');
    expect(server.pulls[0]?.body).toContain('https://github.com/octo/repo/actions/runs/1001');
    expect(server.pulls[0]?.body).not.toContain('@octocat');
    expect(server.pulls[0]?.body).not.toContain('<b>');
  });

  it('without a token posts nothing, says so once a post was due, and the trigger’s reads fail', async () => {
    const gitHub = connectGitHub({ githubToken: '', comment: 'auto' }, warn, runnerEnv(), FAST);
    expect(
      await gitHub.beginConversation(
        {
          type: 'trigger',
          event: 'workflow_dispatch',
          source: 'input',
        },
        () => [],
      ),
    ).toBeUndefined();
    expect(warnings).toEqual([]);
    expect(await gitHub.beginConversation(TRIGGER, () => [])).toBeUndefined();
    expect(warnings).toEqual([`Nothing is posted on GitHub: the 'github-token' input is empty`]);
    await expect(gitHub.reader.permissionOf('octocat')).rejects.toThrow(/github-token/);
    expect(
      await gitHub.pullRequestForPush(
        { pushed: true, rescued: false, branch: 'fix', base: 'main' },
        { title: 't', finalMessage: '' },
      ),
    ).toEqual({
      failure: `Could not open a pull request from fix: the 'github-token' input is empty`,
    });
    expect(server.calls).toEqual([]);
  });

  it('says why a wanted PR is not there when GitHub refuses it', async () => {
    server.on('POST', '/repos/{owner}/{repo}/pulls', () => ({
      status: 403,
      body: { message: 'GitHub Actions is not permitted to create or approve pull requests.' },
    }));
    const gitHub = connectGitHub(
      { githubToken: 'ghs_x', comment: 'auto' },
      warn,
      runnerEnv(),
      FAST,
    );
    const step = await gitHub.pullRequestForPush(
      { pushed: true, rescued: false, branch: 'fix', base: 'main' },
      { title: 't', finalMessage: '' },
    );
    expect(step.opened).toBeUndefined();
    expect(step.failure).toMatch(
      /^Pushed to fix, but could not open a pull request into main: HTTP 403: GitHub Actions is not permitted/,
    );
  });
});
