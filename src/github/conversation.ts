/**
 * The run's conversation on the issue or pull request it is tied to: 👀 on the triggering comment at
 * the start, one progress comment that is edited into the result at the end (never a second one), and
 * a reaction that says how it went. Every failure here becomes a warning: reporting never changes the
 * run's own result.
 */
import { createHash } from 'node:crypto';
import type { CommentMode } from '../config/config.js';
import type { TriggerRecord } from '../transcript.js';
import type { GitHub } from './client.js';
import { describeApiError, type Repository } from './names.js';

/**
 * Reactions that end the run. `rocket` and `confused` rather than `+1`/`-1`: a thumbs-down on the
 * requester's own comment reads as a verdict on the request, where `confused` says the run went wrong.
 */
const FINAL_REACTION = { success: 'rocket', failure: 'confused' } as const;

type Reaction = 'eyes' | (typeof FINAL_REACTION)[keyof typeof FINAL_REACTION];

export interface ConversationSetup {
  github: GitHub;
  repository: Repository;
  trigger: TriggerRecord;
  mode: CommentMode;
  /** `GITHUB_WORKFLOW`, `GITHUB_JOB`, `GITHUB_RUN_ID`: with the comment, what makes the marker unique. */
  workflow: string;
  job: string;
  runId: string;
  warn: (message: string) => void;
}

/**
 * Whether the run talks on its issue or PR. `auto`: when a comment or a label started it; `true`: also
 * on any run tied to an issue or PR (a `pull_request` or `issues` event); `false`: never. A run tied to
 * nothing (a dispatch, a schedule) has nowhere to talk.
 */
export function wantsConversation(mode: CommentMode, trigger: TriggerRecord): boolean {
  if (mode === 'false' || trigger.subject === undefined) return false;
  return mode === 'true' || trigger.source !== 'input';
}

/**
 * The hidden line that names this job's comment: a hash of the workflow, the job and the triggering
 * comment (the run id when no comment started it), so two jobs on one comment keep two comments and a
 * re-run (same run id, same comment) finds its own. Hashed, so no name can end the HTML comment.
 */
export function conversationMarker(
  setup: Pick<ConversationSetup, 'trigger' | 'workflow' | 'job' | 'runId'>,
): string {
  const origin = setup.trigger.comment
    ? `comment:${setup.trigger.comment.id}`
    : `run:${setup.runId}`;
  const key = createHash('sha256')
    .update(JSON.stringify([setup.workflow, setup.job, origin]))
    .digest('hex')
    .slice(0, 24);
  return `<!-- bash-agent:${key} -->`;
}

/** The route a reaction on the triggering comment goes to; reviews have none in the REST API. */
function reactionRoute(event: string): string | undefined {
  switch (event) {
    case 'issue_comment':
      return 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions';
    case 'pull_request_review_comment':
      return 'POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions';
    default:
      return undefined;
  }
}

/** The issue comment of this job, posted once and edited from then on. */
export class JobComment {
  private commentId: number | undefined;
  private readonly marker: string;

  constructor(private readonly setup: ConversationSetup & { subject: number }) {
    this.marker = conversationMarker(setup);
  }

  /** 👀 on the triggering comment, and the progress comment (this job's earlier one, when re-run). */
  async start(progress: string): Promise<void> {
    await this.react('eyes');
    await this.say(progress);
  }

  /** Sets the job's comment to `body`, finding the one an earlier attempt of the run posted first. */
  async say(body: string): Promise<void> {
    this.commentId ??= await this.find();
    await this.post(body);
  }

  /** The comment edited into the result, and the reaction that says how it went. */
  async finish(result: string, succeeded: boolean): Promise<void> {
    await this.post(result);
    await this.react(succeeded ? FINAL_REACTION.success : FINAL_REACTION.failure);
  }

  /** Sets the job's comment to `body`: an edit when it exists, else a new comment. */
  async post(body: string): Promise<void> {
    const { github, repository } = this.setup;
    const text = `${this.marker}\n${body}`;
    try {
      if (this.commentId !== undefined) {
        await github.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
          ...repository,
          comment_id: this.commentId,
          body: text,
        });
        return;
      }
      const created = await github.request(
        'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        {
          ...repository,
          issue_number: this.setup.subject,
          body: text,
        },
      );
      this.commentId = Number(created.data.id);
    } catch (error) {
      this.setup.warn(
        `Could not post the comment on #${this.setup.subject}: ${describeApiError(error)}`,
      );
    }
  }

  /** The id of this job's comment from an earlier attempt of the run, if there is one. */
  private async find(): Promise<number | undefined> {
    const { github, repository } = this.setup;
    try {
      const comments = await github.paginate(
        'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
        {
          ...repository,
          issue_number: this.setup.subject,
          per_page: 100,
        },
      );
      // The marker opens the body: a comment that merely quotes ours does not count. The marker can
      // be read (and so copied) only once ours is posted, so ours is the earliest; and a bot's wins
      // over a person's, who might have guessed it from the public names it is made of.
      const marked = comments.filter((comment) => comment.body?.startsWith(this.marker));
      const mine = marked.find((comment) => comment.user?.type === 'Bot') ?? marked[0];
      return mine === undefined ? undefined : Number(mine.id);
    } catch (error) {
      this.setup.warn(
        `Could not list the comments of #${this.setup.subject}: ${describeApiError(error)}`,
      );
      return undefined;
    }
  }

  private async react(content: Reaction): Promise<void> {
    const { github, repository, trigger } = this.setup;
    const route = reactionRoute(trigger.event);
    if (!route || !trigger.comment) return;
    try {
      await github.request(route, { ...repository, comment_id: trigger.comment.id, content });
    } catch (error) {
      this.setup.warn(
        `Could not react with ${content} to the triggering comment: ${describeApiError(error)}`,
      );
    }
  }
}

/**
 * The conversation of a run, started (reaction and progress comment) when the run talks; undefined
 * when it does not.
 */
export async function startConversation(
  setup: ConversationSetup,
  progress: string,
): Promise<JobComment | undefined> {
  const subject = setup.trigger.subject?.number;
  if (!wantsConversation(setup.mode, setup.trigger) || subject === undefined) return undefined;
  const conversation = new JobComment({ ...setup, subject });
  await conversation.start(progress);
  return conversation;
}

/**
 * The short answer to a request the run refused (not authorized, no task): one comment, edited again
 * by a re-run rather than repeated. No reaction: the request was not taken up.
 */
export async function replyToSkipped(setup: ConversationSetup, reply: string): Promise<void> {
  const subject = setup.trigger.subject?.number;
  if (setup.mode === 'false' || subject === undefined) return;
  await new JobComment({ ...setup, subject }).say(reply);
}
