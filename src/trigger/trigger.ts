/**
 * Whether a run happens, and what the model is told: from the event the workflow runs on (its name
 * and webhook payload) and the settings, to a decision to run (the task, who asked, the issue or
 * pull request, its context) or to skip (why, and whether to reply). Who may ask is permission.ts's
 * answer, what the model is told request-prompt.ts's; the text used is always the payload's, never
 * fetched again, so an edit after the trigger changes nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { InputError } from '../base/errors.js';
import type { Config } from '../config/config.js';
import type { RunSubject, TranscriptEvent } from '../transcript.js';
import { findTask } from './trigger-phrase.js';
import { cleanUntrusted } from './untrusted.js';
import {
  pullRequestRef,
  type Actor,
  type IssueData,
  type Payload,
  type PullRequestData,
  type PullRequestRef,
  type TriggerGitHub,
} from './payload.js';
import { isBot, refusal, type RefusalCode } from './permission.js';
import { changedFiles, requestPrompt } from './request-prompt.js';

/** The person a run is for, as the event names them: who a commit of the run credits. */
export interface Requester {
  login: string;
  id?: number;
  name?: string;
}

/** The event the workflow runs on, as the runner describes it. */
export interface WorkflowEvent {
  /** `GITHUB_EVENT_NAME`. */
  name: string;
  /** The webhook payload at `GITHUB_EVENT_PATH` (`{}` when there is none). */
  payload: unknown;
}

/** Which kind of comment started the run; each has its own reaction and reply routes. */
export type CommentKind = 'issue_comment' | 'pull_request_review_comment' | 'pull_request_review';

export interface TriggerComment {
  id: number;
  url: string;
  kind: CommentKind;
}

interface DecisionBase {
  /** `GITHUB_EVENT_NAME`. */
  event: string;
  source: 'input' | 'comment' | 'label';
  /** Who asked: the commenter or the labeller. */
  actor?: string;
  subject?: RunSubject;
  comment?: TriggerComment;
}

/**
 * A run to do: what every stage after the trigger needs of the request (its words, who asked, the
 * issue or pull request), so that no stage reads the task from the settings.
 */
export interface Task extends DecisionBase {
  kind: 'run';
  /** What was asked, cleaned: the comment's words after the phrase, title and body, or the task input. */
  task: string;
  /** Where the task came from, in words (`the task input`, `a comment by @octocat`). */
  taskSource: string;
  /** The first user message: the task, and on a comment or label run the request and its context as quoted data. */
  prompt: string;
  /** The task input on a comment or label run: the workflow's standing instructions (trusted). */
  workflowInstructions?: string;
  pullRequest?: PullRequestRef;
  /**
   * Who asked for the run: the commenter or the labeller, or on a run of the task input the person
   * whose action sent the event (absent for a schedule, and for a bot).
   */
  requester?: Requester;
}

/** Why a run was skipped. */
export type SkipCode =
  /** The comment was edited or deleted, not created. */
  | 'not-new'
  /** No line of the comment starts with the trigger phrase. */
  | 'no-phrase'
  /** An issue or pull request event that is not the trigger label being added. */
  | 'not-trigger-label'
  /** The requester may not ask (permission.ts). */
  | RefusalCode
  /** Nothing follows the phrase. */
  | 'no-task';

/** No run: why, and whether to reply. */
export interface Skip extends DecisionBase {
  kind: 'skip';
  code: SkipCode;
  /** Why, for the log and the `skipped` conclusion. */
  reason: string;
  /** A short answer to post on the subject; absent when the skip is quiet (no phrase, an edit). */
  reply?: string;
}

/** What the trigger decides: a Task or a Skip. */
export type TriggerDecision = Task | Skip;

/** The settings trigger reads. */
export type TriggerSettings = Pick<
  Config,
  'task' | 'taskSource' | 'triggerPhrase' | 'minPermission' | 'allowedBots' | 'triggerLabel'
>;

/** The event of this step: `GITHUB_EVENT_NAME` and the payload at `GITHUB_EVENT_PATH`. */
export function readWorkflowEvent(env: NodeJS.ProcessEnv): WorkflowEvent {
  const name = env.GITHUB_EVENT_NAME ?? '';
  const file = env.GITHUB_EVENT_PATH;
  // Outside a runner (a local run) there may be no payload; only comment and label events need one.
  if (!file || !existsSync(file)) return { name, payload: {} };
  return { name, payload: JSON.parse(readFileSync(file, 'utf8')) as unknown };
}

/** A request from someone on GitHub, read from the payload, not yet authorized. */
interface Request extends DecisionBase {
  kind: 'request';
  source: 'comment' | 'label';
  requester: Actor;
  /** The words after the phrase, or the title and body (cleaned); '' when nothing was asked. */
  task: string;
  /** The issue or PR as the payload has it (the title and body shown to the model). */
  issue: IssueData | PullRequestData;
  /** The pull request, or its number when the payload lacks its branches. */
  pullRequest?: PullRequestData | number;
}

type Reading = Request | Task | Skip;

/** The comment events, with the action a new comment comes with. */
const COMMENT_EVENTS: ReadonlyMap<string, { action: string; kind: CommentKind }> = new Map([
  ['issue_comment', { action: 'created', kind: 'issue_comment' }],
  ['pull_request_review_comment', { action: 'created', kind: 'pull_request_review_comment' }],
  ['pull_request_review', { action: 'submitted', kind: 'pull_request_review' }],
] as const);

/**
 * The events whose `labeled` action can start a run. `pull_request_target` is the one a pull request
 * from a fork gets its secrets on, so a label there is how such a pull request is handed over.
 */
const LABEL_EVENTS: ReadonlySet<string> = new Set([
  'issues',
  'pull_request',
  'pull_request_target',
]);

function subjectOf(issue: IssueData | PullRequestData, isPullRequest: boolean): RunSubject {
  return {
    kind: isPullRequest ? 'pull_request' : 'issue',
    number: issue.number,
    title: cleanUntrusted(issue.title),
    url: issue.html_url,
  };
}

/** The fields of an actor a commit's credit uses. */
function requesterOf(actor: Actor): Requester {
  return {
    login: actor.login,
    ...(actor.id !== undefined && actor.id !== null ? { id: Number(actor.id) } : {}),
    ...(actor.name ? { name: actor.name } : {}),
  };
}

function inputRun(
  event: string,
  settings: TriggerSettings,
  subject?: RunSubject,
  sender?: Actor,
): Task {
  return {
    kind: 'run',
    event,
    source: 'input',
    task: settings.task,
    taskSource: settings.taskSource,
    prompt: settings.task,
    subject,
    // A bot gets no credit: the commit is the Actions bot's already, and a bot asked for nothing.
    ...(sender && !isBot(sender) ? { requester: requesterOf(sender) } : {}),
  };
}

/** Reads the payload: a request to authorize, a run from the task input, or a skip. */
function readEvent(event: WorkflowEvent, settings: TriggerSettings): Reading {
  const payload = (event.payload ?? {}) as Payload;
  const commentEvent = COMMENT_EVENTS.get(event.name);
  if (commentEvent) {
    const comment = event.name === 'pull_request_review' ? payload.review : payload.comment;
    const issue = payload.issue ?? payload.pull_request;
    if (!comment || !issue) throw new Error(`The ${event.name} event has no comment or subject`);
    const isPullRequest =
      event.name !== 'issue_comment' || (payload.issue?.pull_request ?? undefined) !== undefined;
    const base = {
      event: event.name,
      source: 'comment' as const,
      actor: comment.user.login,
      subject: subjectOf(issue, isPullRequest),
      comment: { id: comment.id, url: comment.html_url, kind: commentEvent.kind },
    };
    if (payload.action !== commentEvent.action) {
      return {
        ...base,
        kind: 'skip',
        code: 'not-new',
        reason: `the comment was ${payload.action ?? 'changed'}, not new`,
      };
    }
    const task = findTask(cleanUntrusted(comment.body ?? ''), settings.triggerPhrase);
    if (task === undefined) {
      return {
        ...base,
        kind: 'skip',
        code: 'no-phrase',
        reason: `no line of the comment starts with ${settings.triggerPhrase}`,
      };
    }
    return {
      ...base,
      kind: 'request',
      requester: comment.user,
      task,
      issue,
      pullRequest: !isPullRequest ? undefined : (payload.pull_request ?? issue.number),
    };
  }

  if (LABEL_EVENTS.has(event.name)) {
    const onPullRequest = event.name !== 'issues';
    const issue = onPullRequest ? payload.pull_request : payload.issue;
    const subject = issue ? subjectOf(issue, onPullRequest) : undefined;
    if (settings.triggerLabel === '')
      return inputRun(event.name, settings, subject, payload.sender);
    // GitHub keeps label names unique regardless of case, so `Agent` is the same label as `agent`.
    const labelled =
      payload.action === 'labeled' &&
      payload.label?.name.toLowerCase() === settings.triggerLabel.toLowerCase();
    if (labelled && issue && payload.sender) {
      const text = [issue.title, issue.body ?? ''].join('\n\n');
      return {
        kind: 'request',
        event: event.name,
        source: 'label',
        actor: payload.sender.login,
        subject,
        requester: payload.sender,
        task: cleanUntrusted(text).trim(),
        issue,
        pullRequest: onPullRequest ? (issue as PullRequestData) : undefined,
      };
    }
    // A workflow that sets trigger-label means labels to start its runs; other changes to the issue
    // run only when the workflow also gave a task.
    if (settings.task !== '' && payload.action !== 'labeled') {
      return inputRun(event.name, settings, subject, payload.sender);
    }
    return {
      kind: 'skip',
      code: 'not-trigger-label',
      event: event.name,
      source: 'label',
      subject,
      reason:
        payload.action === 'labeled'
          ? `the label added is not '${settings.triggerLabel}'`
          : `the ${event.name} event was ${payload.action ?? 'sent'}, not labeled '${settings.triggerLabel}'`,
    };
  }
  if (settings.triggerLabel !== '' && settings.task === '') {
    // Not "no task": the workflow meant the label to give it, and this event cannot carry one.
    throw new InputError(
      'trigger-label',
      `Input 'trigger-label' ('${settings.triggerLabel}') starts runs only on ${[...LABEL_EVENTS].join(', ')} events with types: [labeled], ` +
        `but this run is a '${event.name}' event, which has no label, and 'task' is empty. ` +
        `Run the workflow on those events only, or give the step a 'task' for '${event.name}' runs`,
    );
  }
  return inputRun(event.name, settings, undefined, payload.sender);
}

/**
 * The decision for this step's event. Comment and label events are authorized against
 * `min-permission` and `allowed-bots`; every other event runs the task input.
 */
export async function decideTrigger(
  event: WorkflowEvent,
  settings: TriggerSettings,
  github: TriggerGitHub,
  repository?: string,
): Promise<TriggerDecision> {
  const reading = readEvent(event, settings);
  if (reading.kind !== 'request') return reading;
  const { kind: _kind, requester, task, issue: _issue, pullRequest: pull, ...base } = reading;

  const refused = await refusal(requester, settings, github);
  if (refused) return { ...base, kind: 'skip', ...refused };
  if (task === '') {
    return {
      ...base,
      kind: 'skip',
      code: 'no-task',
      reason: 'the request names no task',
      reply: `@${requester.login}, what should I do? Write the task after \`${settings.triggerPhrase}\`, on the same line or the lines below it.`,
    };
  }

  // issue_comment's payload describes a pull request as an issue, without its branches: one call gets them.
  const pullRequest = typeof pull === 'number' ? await github.pullRequest(pull) : pull;
  const files = pullRequest ? await changedFiles(pullRequest, github) : undefined;
  const instructions = settings.task.trim();
  return {
    ...base,
    kind: 'run',
    task,
    taskSource:
      reading.source === 'comment'
        ? `${reading.comment?.kind === 'pull_request_review' ? 'a review' : 'a comment'} by @${requester.login}`
        : `the label '${settings.triggerLabel}' added by @${requester.login}`,
    prompt: requestPrompt(reading, pullRequest, files, repository),
    workflowInstructions: instructions === '' ? undefined : instructions,
    pullRequest: pullRequest ? pullRequestRef(pullRequest) : undefined,
    requester: requesterOf(requester),
  };
}

/** The `trigger` event of the transcript for a decision. */
export function triggerRecord(
  decision: TriggerDecision,
): Extract<TranscriptEvent, { type: 'trigger' }> {
  return {
    type: 'trigger',
    event: decision.event,
    source: decision.source,
    actor: decision.actor,
    subject: decision.subject,
    comment: decision.comment && { id: decision.comment.id, url: decision.comment.url },
  };
}
