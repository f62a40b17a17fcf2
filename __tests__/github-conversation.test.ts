/**
 * The conversation on the issue or PR against a fake REST API on loopback that checks every call
 * against GitHub's OpenAPI description: the reaction, the progress comment edited into the result,
 * one comment per job, re-runs, the `comment` input, and API failures that end as warnings.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  OWNER,
  REPO,
  startGitHubServer,
  type GitHubServer,
} from '../__fixtures__/github-server.js';
import { createGitHub } from '../src/github/client.js';
import { type TriggerRecord } from '../src/transcript.js';
import {
  conversationMarker,
  replyToSkipped,
  startConversation,
  wantsConversation,
  type ConversationSetup,
} from '../src/github/conversation.js';

let server: GitHubServer;
let warnings: string[];

beforeEach(async () => {
  server = await startGitHubServer();
  warnings = [];
});

afterEach(async () => {
  // Fails the test when any call broke GitHub's description.
  await server.close();
});

const ON_PR_COMMENT: TriggerRecord = {
  type: 'trigger',
  event: 'issue_comment',
  source: 'comment',
  actor: 'octocat',
  subject: {
    kind: 'pull_request',
    number: 7,
    title: 'Fix it',
    url: 'https://github.com/octo/repo/pull/7',
  },
  comment: { id: 42, url: 'https://github.com/octo/repo/pull/7#issuecomment-42' },
};

function setup(overrides: Partial<ConversationSetup> = {}): ConversationSetup {
  return {
    github: createGitHub({
      token: 'ghs_test',
      baseUrl: server.url,
      warn: (message) => warnings.push(message),
      backoffUnitMs: 1,
      paceWrites: false,
    }),
    repository: { owner: OWNER, repo: REPO },
    trigger: ON_PR_COMMENT,
    mode: 'auto',
    workflow: 'Agent',
    job: 'agent',
    runId: '1001',
    warn: (message) => warnings.push(message),
    ...overrides,
  };
}

describe('the conversation', () => {
  it('reacts with eyes, posts one progress comment, then edits it into the result', async () => {
    const talk = await startConversation(setup(), 'working…');
    expect(server.reactions).toEqual([{ on: 'issue-comment:42', content: 'eyes' }]);
    expect(server.comments).toHaveLength(1);
    expect(server.comments[0]?.body).toContain('working…');
    expect(server.comments[0]?.issue).toBe(7);

    await talk?.finish('all done', true);
    expect(server.comments).toHaveLength(1);
    expect(server.comments[0]?.body).toContain('all done');
    expect(server.comments[0]?.body).not.toContain('working…');
    expect(server.callsTo('POST', '/issues/{issue_number}/comments')).toHaveLength(1);
    expect(server.callsTo('PATCH', '/issues/comments/{comment_id}')).toHaveLength(1);
    expect(server.reactions.map((r) => r.content)).toEqual(['eyes', 'rocket']);
    expect(warnings).toEqual([]);
  });

  it('ends a failed run with the confused reaction', async () => {
    const talk = await startConversation(setup(), 'working…');
    await talk?.finish('it broke', false);
    expect(server.reactions.map((r) => r.content)).toEqual(['eyes', 'confused']);
  });

  it('reacts on a review comment through the review-comment route, and not at all on a review', async () => {
    await startConversation(
      setup({ trigger: { ...ON_PR_COMMENT, event: 'pull_request_review_comment' } }),
      'w',
    );
    expect(server.reactions).toEqual([{ on: 'review-comment:42', content: 'eyes' }]);
    const review = await startConversation(
      setup({
        trigger: { ...ON_PR_COMMENT, event: 'pull_request_review', comment: { id: 43, url: 'u' } },
      }),
      'w',
    );
    await review?.finish('done', true);
    expect(server.reactions).toHaveLength(1);
    // The review still gets its own comment on the PR.
    expect(server.comments).toHaveLength(2);
  });

  it('keeps two comments for two jobs triggered by the same comment', async () => {
    const first = await startConversation(setup({ job: 'lint' }), 'working…');
    const second = await startConversation(setup({ job: 'test' }), 'working…');
    await second?.finish('test job done', true);
    await first?.finish('lint job done', true);
    expect(server.comments.map((c) => c.body.split('\n').slice(1).join('\n'))).toEqual([
      'lint job done',
      'test job done',
    ]);
  });

  it('edits its own comment again when the run is re-run, found past the first page of comments', async () => {
    const earlier = await startConversation(setup(), 'working…');
    await earlier?.finish('first attempt failed', false);
    // Someone else's comments, more than one page's worth, some quoting the marker.
    const marker = conversationMarker(setup());
    for (let i = 0; i < 130; i += 1) {
      server.comments.push({
        id: 5000 + i,
        issue: 7,
        // A quote of ours, and a copy of the marker by someone who wants the bot to edit theirs.
        body:
          i === 3 ? `> ${marker}\n> quoted` : i === 120 ? `${marker}\nmine now` : `comment ${i}`,
        user: { login: 'someone', type: 'User' },
      });
    }
    const rerun = await startConversation(setup(), 'working again…');
    await rerun?.finish('second attempt worked', true);
    const mine = server.comments.filter((c) => c.user.type === 'Bot');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.body).toContain('second attempt worked');
    expect(server.comments.find((c) => c.id === 5120)?.body).toContain('mine now');
    expect(server.callsTo('POST', '/issues/{issue_number}/comments')).toHaveLength(1);
    // Two pages of 100 were read to get there.
    expect(server.callsTo('GET', '/issues/{issue_number}/comments').length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('replies to a refused request once, and a re-run edits that reply', async () => {
    await replyToSkipped(setup(), '@octocat, you need write permission.');
    await replyToSkipped(setup(), '@octocat, you need write permission.');
    expect(server.comments).toHaveLength(1);
    expect(server.comments[0]?.body).toContain('you need write permission');
    expect(server.reactions).toEqual([]);
    await replyToSkipped(setup({ mode: 'false' }), 'not posted');
    expect(server.comments).toHaveLength(1);
  });
});

describe('the comment input', () => {
  const onPullRequestEvent: TriggerRecord = {
    type: 'trigger',
    event: 'pull_request',
    source: 'input',
    subject: ON_PR_COMMENT.subject,
  };
  const onDispatch: TriggerRecord = {
    type: 'trigger',
    event: 'workflow_dispatch',
    source: 'input',
  };
  const onLabel: TriggerRecord = { ...onPullRequestEvent, source: 'label' };

  it('auto talks on comment and label runs only; true also on PR and issue events; false never', () => {
    expect(wantsConversation('auto', ON_PR_COMMENT)).toBe(true);
    expect(wantsConversation('auto', onLabel)).toBe(true);
    expect(wantsConversation('auto', onPullRequestEvent)).toBe(false);
    expect(wantsConversation('true', onPullRequestEvent)).toBe(true);
    expect(wantsConversation('true', onDispatch)).toBe(false);
    expect(wantsConversation('false', ON_PR_COMMENT)).toBe(false);
    expect(wantsConversation('false', onLabel)).toBe(false);
  });

  it('posts nothing at all when the input says false, and on a pull_request event under auto', async () => {
    expect(await startConversation(setup({ mode: 'false' }), 'w')).toBeUndefined();
    expect(await startConversation(setup({ trigger: onPullRequestEvent }), 'w')).toBeUndefined();
    expect(server.calls).toEqual([]);
    const talk = await startConversation(setup({ mode: 'true', trigger: onPullRequestEvent }), 'w');
    await talk?.finish('done', true);
    // No triggering comment, so no reaction; one comment, edited.
    expect(server.reactions).toEqual([]);
    expect(server.comments).toHaveLength(1);
    expect(server.comments[0]?.body).toContain('done');
  });
});

describe('API failures while talking', () => {
  it('turns a 500 on every attempt into warnings, after retrying', async () => {
    let attempts = 0;
    server.on('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', () => {
      attempts += 1;
      return { status: 500, body: { message: 'Server Error' } };
    });
    const talk = await startConversation(setup(), 'working…');
    expect(attempts).toBe(4);
    expect(warnings.join('\n')).toMatch(/Could not post the comment on #7: HTTP 500/);
    // At the end the comment is tried again (a run never ends silently), and fails again quietly.
    await expect(talk?.finish('done', true)).resolves.toBeUndefined();
    expect(server.reactions.map((r) => r.content)).toEqual(['eyes', 'rocket']);
  });

  it('creates the comment at the end when it could not at the start', async () => {
    let failures = 0;
    server.on('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', () =>
      failures++ < 4 ? { status: 502, body: { message: 'Bad Gateway' } } : undefined,
    );
    const talk = await startConversation(setup(), 'working…');
    expect(server.comments).toHaveLength(0);
    await talk?.finish('done', true);
    expect(server.comments.map((c) => c.body.endsWith('done'))).toEqual([true]);
  });

  it('turns a 403 (no permission) into a warning without retrying', async () => {
    let attempts = 0;
    server.on('POST', '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', () => {
      attempts += 1;
      return { status: 403, body: { message: 'Resource not accessible by integration' } };
    });
    const talk = await startConversation(setup(), 'working…');
    await talk?.finish('done', true);
    expect(attempts).toBe(2);
    expect(
      warnings.filter((w) => /Could not react with (eyes|rocket).*HTTP 403/.test(w)),
    ).toHaveLength(2);
    expect(server.comments).toHaveLength(1);
  });

  it('waits out a secondary rate limit once as retry-after says, then gives up with a warning', async () => {
    let attempts = 0;
    server.on('PATCH', '/repos/{owner}/{repo}/issues/comments/{comment_id}', () => {
      attempts += 1;
      return attempts === 1 || attempts >= 3
        ? {
            status: 403,
            headers: { 'retry-after': '2' },
            body: { message: 'You have exceeded a secondary rate limit' },
          }
        : undefined;
    });
    const talk = await startConversation(setup(), 'working…');
    await talk?.finish('first edit', true);
    // Limited once, then let through: the edit landed on the retry.
    expect(attempts).toBe(2);
    expect(server.comments[0]?.body).toContain('first edit');
    expect(warnings).toEqual([]);

    await talk?.finish('second edit', true);
    // Limited twice in a row: one retry, then a warning, and the run goes on.
    expect(attempts).toBe(4);
    expect(warnings.join('\n')).toMatch(/secondary rate limit/);
    expect(warnings.join('\n')).toMatch(/Could not post the comment on #7: HTTP 403/);
  });

  it('does not wait for a primary rate limit that resets in an hour: a warning at once', async () => {
    let attempts = 0;
    server.on('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', () => {
      attempts += 1;
      return {
        status: 403,
        headers: {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
        },
        body: { message: 'API rate limit exceeded' },
      };
    });
    await startConversation(
      setup({
        github: createGitHub({
          token: 't',
          baseUrl: server.url,
          warn: (m) => warnings.push(m),
          paceWrites: false,
        }),
      }),
      'w',
    );
    expect(attempts).toBe(1);
    expect(warnings.join('\n')).toMatch(/primary rate limit .*giving up \(retry after 36\d\d s\)/);
    expect(warnings.join('\n')).toMatch(/Could not post the comment on #7: HTTP 403/);
  });
});
