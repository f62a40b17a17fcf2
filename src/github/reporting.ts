/**
 * The run's GitHub side as main calls it: one entry function, `connectGitHub`, gives what the
 * trigger reads, the conversation at the start and its end, the reply to a refused request, and the
 * pull request after the push. It reads the runner's variables (`GITHUB_REPOSITORY`,
 * `GITHUB_API_URL`, `GITHUB_WORKFLOW`, `GITHUB_JOB`, `GITHUB_RUN_ID`, `GITHUB_SERVER_URL`) here, so the
 * modules below it take plain values.
 */
import type { CommentMode } from '../config/config.js';
import {
  renderProgressComment,
  renderPullRequestBody,
  renderResultComment,
} from '../report/comment.js';
import { runUrlOf } from '../run/runner.js';
import { type RecordedEvent, type TriggerRecord } from '../transcript.js';
import type { TriggerGitHub } from '../trigger/payload.js';
import type { ClientOptions, GitHub } from './client.js';
import { describeApiError, parseRepository, type Repository } from './names.js';
import {
  replyToSkipped,
  startConversation,
  wantsConversation,
  type ConversationSetup,
} from './conversation.js';
import { openOrReusePullRequest, type PullRequestOutcome } from './pulls.js';
import { ProgressUpdates, type ProgressOptions } from './progress.js';
import { repositoryReader } from './repository.js';

export interface GitHubSettings {
  githubToken: string;
  comment: CommentMode;
}

/** What main holds from the start of the run to its end. */
export interface RunConversation {
  /** Something was recorded: the progress comment shows it, at most one edit per interval. */
  changed(): void;
  /** Edits the progress comment into the result and reacts; never throws. */
  finish(events: readonly RecordedEvent[]): Promise<void>;
}

/** What a pull request is opened from: the push the git side made. */
export interface PushedBranch {
  branch?: string;
  base?: string;
  pushed: boolean;
  /** Pushed to the rescue branch: work for a person to look at, not to propose for merging. */
  rescued: boolean;
}

/** The step's GitHub, as main uses it. */
export interface RunGitHub {
  /** What the trigger reads; every call fails with the reason when the step cannot reach GitHub. */
  reader: TriggerGitHub;
  /**
   * 👀 and the progress comment, on a run the `comment` input lets talk; undefined otherwise.
   * Failures are warnings: the run goes on.
   */
  beginConversation(
    trigger: TriggerRecord,
    events: () => readonly RecordedEvent[],
  ): Promise<RunConversation | undefined>;
  /** The short answer to a request the trigger refused (`reply` is the trigger's words). */
  replyToRefusal(trigger: TriggerRecord, reply: string): Promise<void>;
  /**
   * The PR of the pushed branch (opened, or the open one reused) when a push went to a branch other
   * than its base; neither field when there is nothing to open; `failure` says why a wanted PR is
   * not there. Never throws.
   */
  pullRequestForPush(push: PushedBranch, text: PullRequestText): Promise<PullRequestStep>;
}

/** What a pull request says. */
export interface PullRequestText {
  title: string;
  finalMessage: string;
  /** The issue the run was about: the body says `Closes #N`, so merging closes it. */
  closes?: number;
}

/** The body of a pull request: the report's, then the closing keyword GitHub acts on. */
function pullRequestBody(text: PullRequestText, runUrl: string | undefined): string {
  const body = renderPullRequestBody(text.finalMessage, runUrl).trimEnd();
  return text.closes === undefined ? body : `${body}\n\nCloses #${text.closes}\n`;
}

export interface PullRequestStep {
  opened?: PullRequestOutcome;
  failure?: string;
}

/** A push to a branch other than its base is what a pull request is opened from. */
function wantsPullRequest(
  push: PushedBranch,
): push is PushedBranch & { branch: string; base: string } {
  return push.pushed && !push.rescued && !!push.branch && !!push.base && push.branch !== push.base;
}

/**
 * The page of this job's log, `{server}/{repo}/actions/runs/{run}/job/{id}`: the runner does not say
 * the job's id, so it is the job of this run's attempt that runs on this runner (`RUNNER_NAME`),
 * named as the job is (`GITHUB_JOB`) when several are. Undefined when it cannot be found (a token
 * without `actions: read`, a runner not named), and the comment links the run instead.
 */
export async function findJobUrl(
  github: GitHub,
  repository: Repository,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const run = Number(env.GITHUB_RUN_ID);
  const runner = env.RUNNER_NAME;
  const runUrl = runUrlOf(env);
  if (!Number.isSafeInteger(run) || !runner || !runUrl) return undefined;
  try {
    const { data } = await github.request(
      'GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}/jobs',
      {
        ...repository,
        run_id: run,
        attempt_number: Number(env.GITHUB_RUN_ATTEMPT || '1'),
        per_page: 100,
      },
    );
    const mine = data.jobs.filter(
      (job) => job.runner_name === runner && job.status === 'in_progress',
    );
    const job = mine.length > 1 ? mine.find((item) => item.name === env.GITHUB_JOB) : mine[0];
    return job ? `${runUrl}/job/${job.id}` : undefined;
  } catch {
    // Most often a token without `actions: read`, which a workflow need not give for this alone.
    return undefined;
  }
}

/** A reader whose every call fails with `reason`. */
function unreachable(reason: string): TriggerGitHub {
  const fail = () => Promise.reject(new Error(reason));
  return { permissionOf: fail, pullRequest: fail, pullRequestFiles: fail };
}

/**
 * The step's GitHub from its settings and the runner's variables. Without a token or a repository
 * nothing is posted (one warning says why when a post was due) and the trigger's reads fail.
 */
export function connectGitHub(
  settings: GitHubSettings,
  warn: (message: string) => void,
  env: NodeJS.ProcessEnv = process.env,
  /** Tests shrink the client's back-off and pacing, and the progress comment's interval. */
  client: Pick<ClientOptions, 'backoffUnitMs' | 'paceWrites'> & {
    progress?: Pick<ProgressOptions, 'intervalMs'>;
  } = {},
): RunGitHub {
  const repository = parseRepository(env.GITHUB_REPOSITORY);
  const missing = !repository
    ? `GITHUB_REPOSITORY is not owner/name (got '${env.GITHUB_REPOSITORY ?? ''}')`
    : settings.githubToken === ''
      ? `the 'github-token' input is empty`
      : undefined;
  if (missing || !repository) {
    const notPosted = () => warn(`Nothing is posted on GitHub: ${missing}`);
    return {
      reader: unreachable(`GitHub cannot be asked: ${missing}`),
      async beginConversation(trigger) {
        if (wantsConversation(settings.comment, trigger)) notPosted();
        return undefined;
      },
      async replyToRefusal(trigger) {
        if (settings.comment !== 'false' && trigger.subject) notPosted();
      },
      async pullRequestForPush(push) {
        return wantsPullRequest(push)
          ? { failure: `Could not open a pull request from ${push.branch}: ${missing}` }
          : {};
      },
    };
  }
  // Loaded at the first call: a run that never talks to GitHub never loads Octokit.
  let loading: Promise<GitHub> | undefined;
  const api = (): Promise<GitHub> =>
    (loading ??= import('./client.js').then(({ createGitHub }) =>
      createGitHub({ ...client, token: settings.githubToken, baseUrl: env.GITHUB_API_URL, warn }),
    ));
  const reader = async () => repositoryReader(await api(), repository);
  const setup = async (trigger: TriggerRecord): Promise<ConversationSetup> => ({
    github: await api(),
    repository,
    trigger,
    mode: settings.comment,
    workflow: env.GITHUB_WORKFLOW ?? '',
    job: env.GITHUB_JOB ?? '',
    runId: env.GITHUB_RUN_ID ?? '',
    warn,
  });
  const runUrl = runUrlOf(env);
  return {
    reader: {
      permissionOf: async (login) => (await reader()).permissionOf(login),
      pullRequest: async (number) => (await reader()).pullRequest(number),
      pullRequestFiles: async (number, limit) => (await reader()).pullRequestFiles(number, limit),
    },

    async beginConversation(trigger, events) {
      if (!wantsConversation(settings.comment, trigger)) return undefined;
      const jobUrl = await findJobUrl(await api(), repository, env);
      const link = jobUrl
        ? { url: jobUrl, job: true }
        : runUrl
          ? { url: runUrl, job: false }
          : undefined;
      const conversation = await startConversation(
        await setup(trigger),
        renderProgressComment(link),
      );
      if (!conversation) return undefined;
      const progress = new ProgressUpdates({
        post: (body) => conversation.post(body),
        render: () => renderProgressComment(link, events()),
        ...client.progress,
      });
      return {
        changed: () => progress.changed(),
        async finish(events) {
          // After the last progress edit has landed: the result is the comment's final word.
          await progress.stop();
          const result = events.findLast((event) => event.type === 'result');
          const succeeded = result?.type === 'result' && result.conclusion === 'success';
          await conversation.finish(renderResultComment(events, runUrl), succeeded);
        },
      };
    },

    async replyToRefusal(trigger, reply) {
      if (settings.comment !== 'false' && trigger.subject) {
        await replyToSkipped(await setup(trigger), reply);
      }
    },

    async pullRequestForPush(push, text) {
      if (!wantsPullRequest(push)) return {};
      try {
        const opened = await openOrReusePullRequest(await api(), repository, {
          head: push.branch,
          base: push.base,
          title: text.title,
          body: pullRequestBody(text, runUrl),
        });
        return { opened };
      } catch (error) {
        return {
          failure: `Pushed to ${push.branch}, but could not open a pull request into ${push.base}: ${describeApiError(error)}`,
        };
      }
    },
  };
}
