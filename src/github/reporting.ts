/**
 * The run's GitHub side as main calls it, one entry function per step: the conversation at the start
 * and its end, the reply to a refused request, and the pull request after the push. Each reads the
 * runner's variables (`GITHUB_REPOSITORY`, `GITHUB_API_URL`, `GITHUB_WORKFLOW`, `GITHUB_JOB`,
 * `GITHUB_RUN_ID`, `GITHUB_SERVER_URL`) here, so the modules below it take plain values.
 */
import type { CommentMode } from '../config.js';
import {
  renderProgressComment,
  renderPullRequestBody,
  renderResultComment,
} from '../report/comment.js';
import type { RecordedEvent } from '../transcript.js';
import { createGitHub, parseRepository, type GitHub, type Repository } from './client.js';
import {
  replyToSkipped,
  startConversation,
  type ConversationSetup,
  type TriggerEvent,
} from './conversation.js';
import { openOrReusePullRequest, type PullRequestOutcome } from './pulls.js';

export interface GitHubSettings {
  githubToken: string;
  comment: CommentMode;
}

/** The client and repository of this step; undefined (with a warning) when there is no way to talk. */
export function connect(
  settings: Pick<GitHubSettings, 'githubToken'>,
  warn: (message: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): { github: GitHub; repository: Repository } | undefined {
  const repository = parseRepository(env.GITHUB_REPOSITORY);
  if (!repository) {
    warn(
      `GITHUB_REPOSITORY is not owner/name (got '${env.GITHUB_REPOSITORY ?? ''}'): nothing is posted on GitHub`,
    );
    return undefined;
  }
  if (settings.githubToken === '') {
    warn(`The 'github-token' input is empty: nothing is posted on GitHub`);
    return undefined;
  }
  return {
    github: createGitHub({ token: settings.githubToken, baseUrl: env.GITHUB_API_URL, warn }),
    repository,
  };
}

/** The link to this workflow run, when the runner says where it is. */
export function runUrlOf(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const {
    GITHUB_SERVER_URL: server = 'https://github.com',
    GITHUB_REPOSITORY: repo,
    GITHUB_RUN_ID: id,
  } = env;
  return repo && id ? `${server.replace(/\/+$/, '')}/${repo}/actions/runs/${id}` : undefined;
}

function conversationSetup(
  settings: GitHubSettings,
  trigger: TriggerEvent,
  warn: (message: string) => void,
  env: NodeJS.ProcessEnv,
): ConversationSetup | undefined {
  const connection = connect(settings, warn, env);
  if (!connection) return undefined;
  return {
    ...connection,
    trigger,
    mode: settings.comment,
    workflow: env.GITHUB_WORKFLOW ?? '',
    job: env.GITHUB_JOB ?? '',
    runId: env.GITHUB_RUN_ID ?? '',
    warn,
  };
}

/** What main holds from the start of the run to its end. */
export interface RunConversation {
  /** Edits the progress comment into the result and reacts; never throws. */
  finish(events: readonly RecordedEvent[]): Promise<void>;
}

/**
 * 👀 and the progress comment, on a run the `comment` input lets talk; undefined otherwise. Failures
 * are warnings: the run goes on.
 */
export async function beginConversation(
  settings: GitHubSettings,
  trigger: TriggerEvent,
  warn: (message: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunConversation | undefined> {
  const setup = conversationSetup(settings, trigger, warn, env);
  if (!setup) return undefined;
  const conversation = await startConversation(setup, renderProgressComment(runUrlOf(env)));
  if (!conversation) return undefined;
  return {
    async finish(events) {
      const conclusion = events.findLast((event) => event.type === 'result');
      const succeeded = conclusion?.type === 'result' && conclusion.conclusion === 'success';
      await conversation.finish(renderResultComment(events), succeeded);
    },
  };
}

/** The short answer to a request the trigger refused (`reply` is the trigger's words). */
export async function replyToRefusal(
  settings: GitHubSettings,
  trigger: TriggerEvent,
  reply: string,
  warn: (message: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const setup = conversationSetup(settings, trigger, warn, env);
  if (setup) await replyToSkipped(setup, reply);
}

/** What a pull request is opened from: the push the git side made. */
export interface PushedBranch {
  branch?: string;
  base?: string;
  pushed: boolean;
}

/**
 * The PR of the pushed branch (opened, or the open one reused) when a push went to a branch other
 * than its base; undefined when there is nothing to open. API failures propagate: the caller says
 * what happened to the push and why there is no PR.
 */
export async function pullRequestForPush(
  settings: Pick<GitHubSettings, 'githubToken'>,
  push: PushedBranch,
  text: { title: string; finalMessage: string },
  warn: (message: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PullRequestOutcome | undefined> {
  if (!push.pushed || !push.branch || !push.base || push.branch === push.base) return undefined;
  const connection = connect(settings, warn, env);
  if (!connection) return undefined;
  return openOrReusePullRequest(connection.github, connection.repository, {
    head: push.branch,
    base: push.base,
    title: text.title,
    body: renderPullRequestBody(text.finalMessage, runUrlOf(env)),
  });
}
