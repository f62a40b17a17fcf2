/**
 * The bundled action on a `/agent` comment, as GitHub delivers it: the real webhook payload at
 * GITHUB_EVENT_PATH, the REST API faked on loopback (every call checked against GitHub's OpenAPI
 * description) and the model scripted on loopback. Runs `dist/index.js`: `npm run bundle` first.
 */
import { describe, expect, it } from '@jest/globals';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import { loadEvent } from '../__fixtures__/events.js';
import {
  openPullRequest,
  startGitHubServer,
  type GitHubServer,
} from '../__fixtures__/github-server.js';
import { sh } from '../__fixtures__/git-repos.js';
import { commands, final } from '../__fixtures__/messages.js';

const KEY = 'sk-ant-api03-e2e-github-key-000000000000000000';
const TOKEN = 'ghs_e2eGitHubToken0000000000000000000000';
const runs = useBundleRuns();

/** A comment `body` by `login` on pull request #1, run through the bundle. */
async function commentRun(
  body: string,
  login: string,
  permission: string | undefined,
  script?: (server: GitHubServer) => void,
) {
  const github = runs.track(await startGitHubServer());
  script?.(github);
  if (permission) github.permissions[login] = permission;
  openPullRequest(github);

  const event = loadEvent('issue_comment.created.on-pr');
  event.comment.body = body;
  event.comment.user.login = login;
  event.sender.login = login;
  const { run, requests } = await runs.scripted(
    [final('Said hello, @octocat. <img src=x>')],
    { 'anthropic-api-key': KEY, 'github-token': TOKEN, 'max-turns': '3' },
    {
      env: {
        GITHUB_API_URL: github.url,
        GITHUB_EVENT_NAME: 'issue_comment',
        GITHUB_REPOSITORY: event.repository.full_name,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_RUN_ID: '4242',
        GITHUB_WORKFLOW: 'Agent',
        GITHUB_JOB: 'agent',
      },
      event,
    },
  );
  return { commentId: event.comment.id as number, run, github, requests };
}

describe('dist/index.js on a /agent comment', () => {
  it('reacts, posts a progress comment and edits it into the result for an authorized commenter', async () => {
    const {
      commentId,
      run,
      github: server,
      requests,
    } = await commentRun('/agent say hello', 'Codertocat', 'write');

    expect(run.stderr).toBe('');
    expect(run.outputs.conclusion).toBe('success');
    expect(run.code).toBe(0);
    expect(requests).toHaveLength(1);
    expect(server.reactions).toEqual([
      { on: `issue-comment:${commentId}`, content: 'eyes' },
      { on: `issue-comment:${commentId}`, content: 'rocket' },
    ]);
    // One comment on the PR, created with the run link, then edited into the outcome.
    expect(server.callsTo('POST', '/issues/{issue_number}/comments')).toHaveLength(1);
    const created = server.callsTo('POST', '/issues/{issue_number}/comments')[0]!;
    expect(created.params.issue_number).toBe('1');
    expect((created.body as { body: string }).body).toContain(
      'https://github.com/Codertocat/Hello-World/actions/runs/4242',
    );
    expect(server.comments).toHaveLength(1);
    const comment = server.comments[0]!.body;
    expect(comment).toMatch(/^<!-- bash-agent:[0-9a-f]+ -->\n### Bash agent: ✅ Done/);
    expect(comment).toContain('Said hello');
    expect(comment).not.toContain('@octocat');
    expect(comment).not.toContain('<img');
    // The token went to GitHub and nowhere else the action writes.
    expect(server.calls.every((call) => call.headers.authorization === `token ${TOKEN}`)).toBe(
      true,
    );
    expect(run.summary + comment).not.toContain(TOKEN);
    // In the log only where the runner is told to mask it.
    const leaks = run.stdout.split('\n').filter((line) => line.includes(TOKEN));
    expect(leaks).toEqual([`::add-mask::${TOKEN}`]);
    expect(run.stdout).not.toMatch(/^::warning::/m);
  });

  it('keeps the run’s conclusion when GitHub refuses every comment and reaction: warnings only', async () => {
    const refuse = () => ({
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    });
    const { run, github } = await commentRun(
      '/agent say hello',
      'Codertocat',
      'write',
      (server) => {
        server.on('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', refuse);
        server.on('POST', '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', refuse);
      },
    );

    expect(run.outputs.conclusion).toBe('success');
    expect(run.code).toBe(0);
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'));
    expect(
      warnings.filter((line) => /Could not react with (eyes|rocket).*HTTP 403/.test(line)),
    ).toHaveLength(2);
    // Tried at the start and again at the end, so a run never ends without trying to say so.
    expect(
      warnings.filter((line) => /Could not post the comment on #1: HTTP 403/.test(line)),
    ).toHaveLength(2);
    expect(github.comments).toEqual([]);
  });

  it('answers an unauthorized commenter with a reply, skips, and never asks the model', async () => {
    const {
      run,
      github: server,
      requests,
    } = await commentRun('/agent delete everything', 'mallory', 'read');

    expect(run.outputs.conclusion).toBe('skipped');
    expect(run.code).toBe(0);
    expect(requests).toHaveLength(0);
    expect(server.comments).toHaveLength(1);
    expect(server.comments[0]!.body).toMatch(/^<!-- bash-agent:[0-9a-f]+ -->\n.*mallory/);
    expect(run.stdout).not.toMatch(/^::warning::/m);
    expect(server.reactions).toEqual([]);
    expect(server.callsTo('GET', '/collaborators/{username}/permission')).toHaveLength(1);
  });
});

describe('dist/index.js on a /agent comment with commit: true', () => {
  it('works on the pull request’s head branch and pushes the work there', async () => {
    const github = runs.track(await startGitHubServer());
    const repos = runs.repos();
    const headSha = repos.pushFromElsewhere('changes', { 'README.md': 'hello from the PR\n' });
    github.permissions.Codertocat = 'write';
    openPullRequest(github);
    // The checkout a workflow has on issue_comment: the default branch, not the PR's head.
    const clone = repos.clone('workspace');
    const event = loadEvent('issue_comment.created.on-pr');
    event.comment.body = '/agent fix the README';
    event.comment.user.login = 'Codertocat';
    // The model sees where it is, then changes a file; the action commits it.
    const { run, requests } = await runs.scripted(
      [
        commands('git branch --show-current && cat README.md'),
        commands('echo fixed > FIX.md'),
        final('Fixed it.'),
      ],
      {
        'anthropic-api-key': KEY,
        'github-token': TOKEN,
        'allowed-commands': 'git branch *\ncat *\necho *\n> *.md',
        commit: 'true',
      },
      {
        env: {
          GITHUB_API_URL: github.url,
          GITHUB_EVENT_NAME: 'issue_comment',
          GITHUB_REPOSITORY: event.repository.full_name,
          GITHUB_SERVER_URL: 'https://github.com',
          GITHUB_RUN_ID: '4343',
          GITHUB_WORKFLOW: 'Agent',
          GITHUB_JOB: 'agent',
          GITHUB_WORKSPACE: clone,
        },
        event,
        cwd: clone,
      },
    );

    expect(run.stderr).toBe('');
    expect(run.outputs.conclusion).toBe('success');
    // The agent started on the PR's head, with the PR's content.
    const firstAnswer = JSON.stringify(requests[1]!.body.messages.at(-1));
    expect(firstAnswer).toContain('changes');
    expect(firstAnswer).toContain('hello from the PR');
    // Its work went onto the head branch, on top of the PR's commit; main is untouched.
    expect(run.outputs.branch).toBe('changes');
    expect(run.outputs['commit-sha']).toBe(sh(repos.origin, 'rev-parse', 'changes'));
    expect(sh(repos.origin, 'rev-parse', 'changes~1')).toBe(headSha);
    expect(sh(repos.origin, 'show', 'changes:FIX.md')).toBe('fixed');
    expect(sh(repos.origin, 'ls-tree', '--name-only', 'main')).toBe('README.md');
    // The result comment says where the work went.
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.body).toContain('changes');
  });
});

describe('dist/index.js with pull-request: true', () => {
  /** A scheduled-style run in a clone of a bare origin: the model writes a file, the action commits. */
  async function maintenanceRun(
    github: GitHubServer,
    clone: string,
    note: string,
    file: string,
    branch = 'bash-agent/notes',
  ) {
    const { run } = await runs.scripted(
      [commands(`echo ${note} > ${file}`), final(`Wrote the notes (${note}).`)],
      {
        'anthropic-api-key': KEY,
        'github-token': TOKEN,
        task: 'Write the weekly notes',
        'allowed-commands': 'echo *\n> *.md',
        commit: 'true',
        branch,
        'pull-request': 'true',
      },
      {
        env: {
          GITHUB_API_URL: github.url,
          GITHUB_EVENT_NAME: 'schedule',
          GITHUB_REPOSITORY: 'octo/repo',
          GITHUB_SERVER_URL: 'https://github.com',
          GITHUB_RUN_ID: `77${note}`,
          GITHUB_WORKSPACE: clone,
        },
        cwd: clone,
      },
    );
    return run;
  }

  it('pushes to a branch of its own when branch is empty, and leaves the base as it was', async () => {
    const github = runs.track(await startGitHubServer());
    const repos = runs.repos();
    const base = sh(repos.origin, 'rev-parse', 'main');
    const run = await maintenanceRun(github, repos.clone('own'), 'own', 'NOTES.md', '');
    expect(run.outputs).toMatchObject({
      conclusion: 'success',
      branch: 'bash-agent/run-77own',
      'pull-request-url': 'https://github.com/octo/repo/pull/1',
    });
    expect(run.code).toBe(0);
    expect(sh(repos.origin, 'rev-parse', 'main')).toBe(base);
    expect(sh(repos.origin, 'show', 'bash-agent/run-77own:NOTES.md')).toBe('own');
    expect(github.pulls).toMatchObject([
      { number: 1, head: 'bash-agent/run-77own', base: 'main', state: 'open' },
    ]);
  });

  it('opens a pull request from the pushed branch, and the next run reuses it', async () => {
    const github = runs.track(await startGitHubServer());
    const repos = runs.repos();

    const first = await maintenanceRun(github, repos.clone('first'), 'one', 'NOTES.md');
    expect(first.stderr).toBe('');
    expect(first.outputs).toMatchObject({
      conclusion: 'success',
      branch: 'bash-agent/notes',
      'pull-request-url': 'https://github.com/octo/repo/pull/1',
    });
    expect(first.code).toBe(0);
    expect(sh(repos.origin, 'show', 'bash-agent/notes:NOTES.md')).toBe('one');
    expect(github.pulls).toMatchObject([
      { number: 1, head: 'bash-agent/notes', base: 'main', state: 'open' },
    ]);
    expect(github.pulls[0]!.title).toBe('Write the weekly notes');
    expect(github.pulls[0]!.body).toContain('Wrote the notes (one).');
    expect(github.pulls[0]!.body).toContain('https://github.com/octo/repo/actions/runs/77one');
    // A schedule run talks nowhere: no comment, no reaction.
    expect(github.comments).toEqual([]);

    const second = await maintenanceRun(github, repos.clone('second'), 'two', 'LOG.md');
    expect(second.outputs).toMatchObject({
      branch: 'bash-agent/notes',
      'pull-request-url': 'https://github.com/octo/repo/pull/1',
    });
    // The second run's commit went on top of the first's, on the same branch.
    expect(sh(repos.origin, 'show', 'bash-agent/notes:NOTES.md')).toBe('one');
    expect(sh(repos.origin, 'show', 'bash-agent/notes:LOG.md')).toBe('two');
    expect(github.pulls).toHaveLength(1);
    expect(github.callsTo('POST', '/pulls')).toHaveLength(1);
  });
});
