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
import type { TriggerEvent } from '../src/github/conversation.js';

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

const TRIGGER: TriggerEvent = {
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
    const talk = await gitHub.beginConversation(TRIGGER);
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
      await gitHub.beginConversation({
        type: 'trigger',
        event: 'workflow_dispatch',
        source: 'input',
      }),
    ).toBeUndefined();
    expect(warnings).toEqual([]);
    expect(await gitHub.beginConversation(TRIGGER)).toBeUndefined();
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
