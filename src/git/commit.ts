/**
 * Commits what the agent changed and pushes it where the workflow asked, never losing it: a push the
 * branch refuses goes to a rescue branch instead, and the outcome says in words what happened and,
 * when the work did not leave the runner, where it is.
 *
 * Runs after the guard has put `.git/config` and `.git/hooks/` back, so what the agent planted there
 * is gone; and on top of that the commit is made through plumbing with the funnel's hardening
 * (work-tree.ts), and everything that talks to the remote or merges runs in a clean room
 * (clean-room.ts) that reads none of the repository's configuration. The decisions here speak to
 * the repositories through GitRepo's verbs only (repo.ts), so a test can hand them a fake.
 */
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { StartingPoint } from './checkout.js';
import { openCleanRoom, type CleanRoom } from './clean-room.js';
import { runUrlOf } from '../run/runner.js';
import { commitMessage } from './message.js';
import type { PushResult } from './push-result.js';
import { createGitRepo, type CommitVerbs, type NetworkAccess } from './repo.js';
import type { ChangedFile, Conclusion, TranscriptEvent } from '../transcript.js';
import { GitError, messageOf } from '../base/errors.js';

export { BOT_EMAIL, BOT_NAME } from './repo.js';

/**
 * Where the work ended up: pushed where it was asked to go, pushed to a rescue branch, committed
 * but left in the runner's checkout, nothing to commit, or not committed at all.
 */
export type CommitKind = 'pushed' | 'rescued' | 'left-local' | 'skipped' | 'not-committed';

/** A commit in the runner's checkout: its id, the branch HEAD was on (none: detached), where. */
export interface LocalCommit {
  sha: string;
  branch?: string;
  top: string;
}

/** What the commit stage did; main records it as the transcript's `commit` event and sets outputs from it. */
export interface CommitOutcome {
  kind: CommitKind;
  /** The pushed commit; absent when nothing was pushed. */
  sha?: string;
  /** The branch pushed to (the rescue branch when rescued). */
  branch?: string;
  /** Pushed to `bash-agent/<run-id>` instead of the intended branch. */
  rescued: boolean;
  pushed: boolean;
  /** What happened and why, in words for the log, the summary and the comment. */
  note: string;
  /** The branch a pull request from `branch` would target; absent when nothing was pushed. */
  base?: string;
  /** The files the commit changes, with their line counts; absent when nothing was committed. */
  files?: ChangedFile[];
  /** `left-local`: the commit, and the branch HEAD was on, in the checkout at `top`. */
  local?: LocalCommit;
  /**
   * How the log reports it: `info` when the work is where it was asked to go (or there was none),
   * `warning` when it is elsewhere (rescued, a fork's), `error` when it is only on the runner.
   */
  severity: 'info' | 'warning' | 'error';
}

/**
 * When the stage must be over (milliseconds since the epoch), and how much of the end is kept for
 * the rescue push: the push to the intended branch, its rebases and the commit itself stop
 * `rescueMs` before `endsAt`.
 */
export interface StageDeadline {
  endsAt: number;
  rescueMs: number;
}

/** The commit stage's bound: a quarter of the run's time limit, within these. */
export const COMMIT_STAGE_MIN_MS = 30_000;
export const COMMIT_STAGE_MAX_MS = 10 * 60_000;

/**
 * The commit stage's deadline for a run with `time-limit` `timeLimitMs`, from `now`: a longer run
 * has had time to make more to push. Its last quarter is the rescue push's.
 */
export function commitStageDeadline(timeLimitMs: number, now: number = Date.now()): StageDeadline {
  const bound = Math.min(COMMIT_STAGE_MAX_MS, Math.max(COMMIT_STAGE_MIN_MS, timeLimitMs / 4));
  return { endsAt: now + bound, rescueMs: bound / 4 };
}

/** The repositories the stage works with: the checkout, and a clean room for the network. */
export interface CommitRepos {
  work(start: StartingPoint): CommitVerbs;
  openRoom(start: StartingPoint, network: NetworkAccess): Promise<CleanRoom>;
}

/** The real ones, through the funnel. */
const HARDENED_REPOS: CommitRepos = {
  work: (start) => createGitRepo(start.workGitDir, { workTree: start.top }),
  openRoom: (start, network) => openCleanRoom(start.gitDir, network),
};

export interface CommitOptions {
  /** The repository as the run started; undefined when there was none to inspect. */
  start: StartingPoint | undefined;
  /** The `branch` input; empty: `ownBranch`, or else the branch checked out when the run started. */
  branch: string;
  /**
   * With `branch` empty, the branch of the run's own to push to (ownBranch: `pull-request` wants
   * the work proposed, never pushed to the base); a pull request from it targets the branch checked
   * out when the run started.
   */
  ownBranch?: string;
  /** `Co-authored-by:` trailers crediting who asked for the work. */
  coAuthors?: readonly string[];
  /** The `commit-message` input; empty: derived from the task. */
  commitMessage: string;
  task: string;
  /** How the run ended. */
  conclusion: Conclusion;
  /** Where the run id and link come from. */
  env?: NodeJS.ProcessEnv;
  /** The checkout's credential, for the push and fetch processes only. */
  credentialEnv?: Record<string, string>;
  /** The run's redaction: a file it would change is a file holding a known secret. */
  redact?: (text: string) => string;
  /** When the stage must be over; unbounded (but for each network call's own limit) without. */
  deadline?: StageDeadline;
  /** The repositories (a fake in unit tests). */
  repos?: CommitRepos;
}

/** Pushes before giving up on a branch that keeps moving. */
const MAX_PUSH_ATTEMPTS = 3;

/** Rescue branch names tried when other jobs of the run took the first ones. */
const MAX_RESCUE_NAMES = 5;

const WORKFLOWS_DIR = '.github/workflows';

/** `bash-agent/<run-id>`, with the attempt when the run is a re-run. */
export function rescueBranch(env: NodeJS.ProcessEnv): string {
  const run = env.GITHUB_RUN_ID?.trim() || `local-${Date.now()}`;
  const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? '1');
  return `bash-agent/${run}${attempt > 1 ? `-${attempt}` : ''}`;
}

/** What a run is about, for the name of its own branch. */
export interface RunTopic {
  kind: 'issue' | 'pull_request';
  number: number;
}

/**
 * The branch of a run's own for a pull request: `bash-agent/issue-N` for an issue,
 * `bash-agent/pr-N` for a pull request, `bash-agent/run-ID` for a run about neither. Named after the
 * issue, a second run on it continues the same branch and its open pull request.
 */
export function ownBranch(topic: RunTopic | undefined, env: NodeJS.ProcessEnv): string {
  if (topic?.kind === 'issue') return `bash-agent/issue-${topic.number}`;
  if (topic?.kind === 'pull_request') return `bash-agent/pr-${topic.number}`;
  return `bash-agent/run-${env.GITHUB_RUN_ID?.trim() || `local-${Date.now()}`}`;
}

function short(sha: string): string {
  return sha.slice(0, 12);
}

/** Whether a failure is a call ended (or never started) because the stage's time ran out. */
function outOfTime(error: unknown): boolean {
  return error instanceof GitError && error.failure === 'timeout';
}

/** Files larger than this are not searched for secrets (reading them whole would cost too much). */
const MAX_SEARCHED_BYTES = 64 * 1024 * 1024;

/** The files among `files` (relative to `top`) that hold a value `redact` would hide. */
function holdingSecrets(top: string, files: readonly string[], redact: (text: string) => string) {
  return files.filter((file) => {
    const full = path.join(top, file);
    const stats = lstatSync(full);
    // Byte for byte, so a secret is found whatever encoding the rest of the file has.
    const text = stats.isSymbolicLink()
      ? readlinkSync(full)
      : stats.size <= MAX_SEARCHED_BYTES
        ? readFileSync(full, 'latin1')
        : '';
    return redact(text) !== text;
  });
}

interface MadeCommit {
  sha?: string;
  changed: boolean;
  leaking?: string[];
  indexNote?: string;
  /** The branch HEAD was on when the commit was made; undefined when detached. */
  branch?: string;
}

/**
 * The changes as one commit: what the agent left in the work tree on top of HEAD, if anything; no
 * commit when a file it would write holds a known secret (`leaking` names them).
 */
async function commitWorkTree(
  work: CommitVerbs,
  start: StartingPoint,
  message: string,
  redact: ((text: string) => string) | undefined,
): Promise<MadeCommit> {
  const snapshot = await work.snapshotWorkTree(start.filterDrivers);
  const changed =
    snapshot.parentTree === undefined
      ? await work.hasEntries(snapshot.tree)
      : snapshot.tree !== snapshot.parentTree;
  if (!changed) return { sha: snapshot.parent, changed };
  const leaking = redact ? holdingSecrets(start.top, snapshot.written, redact) : [];
  if (leaking.length > 0) return { changed, leaking };
  const parents = snapshot.parent ? [snapshot.parent] : [];
  const sha = await work.commitTree(snapshot.tree, parents, message);
  // HEAD, index and work tree agree again, so later steps see the commit and a clean status. The old
  // value is checked: nothing else may have moved HEAD meanwhile.
  await work.updateRef('HEAD', sha, snapshot.parent, 'bash-agent: commit');
  const branch = await work.headBranch();
  const indexNote = await refreshIndex(work, sha);
  return { sha, changed, branch, ...(indexNote === undefined ? {} : { indexNote }) };
}

/**
 * Brings the index to the new commit. When it cannot (a held `index.lock`: a git that crashed, or one
 * still running), the commit stands and is delivered like any other, and the note returned says
 * what `git status` will show until the index is refreshed.
 */
async function refreshIndex(work: CommitVerbs, sha: string): Promise<string | undefined> {
  try {
    await work.readTree(sha);
    return undefined;
  } catch (error) {
    const why =
      error instanceof GitError && error.stderr.includes('index.lock')
        ? '.git/index.lock is held by another process'
        : messageOf(error);
    return (
      `The index was left as it was (${why}), so \`git status\` ` +
      `shows the committed changes reversed until \`git reset\` refreshes it.`
    );
  }
}

/** A commit that is only in the runner's checkout: where it is, in words and as fields. */
function leftLocal(
  why: string,
  local: LocalCommit,
  severity: CommitOutcome['severity'] = 'error',
): CommitOutcome {
  const on = local.branch === undefined ? 'a detached HEAD' : local.branch;
  return {
    kind: 'left-local',
    rescued: false,
    pushed: false,
    note: `${why} The commit ${local.sha} stays on ${on} in the runner's checkout (${local.top}).`,
    local,
    severity,
  };
}

/** Takes one commit to origin, through one clean room, to one outcome. */
class Delivery {
  constructor(
    /** The room for the push to the intended branch, its fetches and rebases. */
    readonly room: CommitVerbs,
    /** The same room, with the rescue push's share of the stage's time too. */
    readonly rescueRoom: CommitVerbs,
    readonly url: string,
    readonly start: StartingPoint,
    readonly options: CommitOptions,
    readonly message: string,
    /** The branch a pull request from the pushed branch would target. */
    readonly base: string | undefined,
    /** Where the commit is when it cannot be pushed. */
    readonly local: LocalCommit,
  ) {}

  /**
   * Pushes `sha` to the rescue branch, or, when another job of the same run (a matrix) took that
   * name already, to the first free `.<n>` after it.
   */
  async #pushRescue(sha: string): Promise<{ result: PushResult; branch: string }> {
    const name = rescueBranch(this.options.env ?? process.env);
    let attempt: { result: PushResult; branch: string } = {
      result: { kind: 'moved' },
      branch: name,
    };
    for (let n = 1; n <= MAX_RESCUE_NAMES && attempt.result.kind === 'moved'; n += 1) {
      const branch = n === 1 ? name : `${name}.${n}`;
      attempt = { result: await this.rescueRoom.push(this.url, sha, branch), branch };
    }
    return attempt;
  }

  pushed(sha: string, branch: string, rescued: boolean, note: string): CommitOutcome {
    const severity = rescued ? 'warning' : 'info';
    const kind = rescued ? 'rescued' : 'pushed';
    return { kind, sha, branch, rescued, pushed: true, note, base: this.base, severity };
  }

  notPushed(why: string, sha: string): CommitOutcome {
    return leftLocal(why, { ...this.local, sha });
  }

  /**
   * Pushes to the intended branch, rebasing onto it when it moved; to the rescue branch when that
   * cannot be done, the time for it included.
   */
  async toBranch(sha: string, branch: string): Promise<CommitOutcome> {
    try {
      return await this.#toBranch(sha, branch);
    } catch (error) {
      if (!outOfTime(error)) throw error;
      return this.toRescue(sha, `The push to ${branch} did not finish in the commit stage's time`);
    }
  }

  async #toBranch(sha: string, branch: string): Promise<CommitOutcome> {
    let current = sha;
    let rebased = false;
    for (let attempt = 1; attempt <= MAX_PUSH_ATTEMPTS; attempt += 1) {
      const result = await this.room.push(this.url, current, branch);
      if (result.kind === 'pushed') {
        const how = rebased ? `, rebased onto the commits pushed there during the run` : '';
        return this.pushed(current, branch, false, `Pushed ${short(current)} to ${branch}${how}.`);
      }
      if (result.kind === 'failed' && result.timedOut) {
        return this.toRescue(
          sha,
          `The push to ${branch} did not finish in the commit stage's time (${result.reason})`,
        );
      }
      if (result.kind !== 'moved') return this.#refused(result, sha, branch);
      const remote = await this.room.fetch(this.url, branch);
      const onto = remote === undefined ? undefined : await this.#rebase(current, remote);
      if (onto === undefined) {
        return this.toRescue(
          sha,
          `${branch} changed during the run and the changes conflict with its new commits`,
        );
      }
      current = onto;
      rebased = true;
    }
    return this.toRescue(sha, `${branch} kept changing while the push was tried`);
  }

  /**
   * The run's commits re-made on top of `onto`, one by one, each keeping its author and message:
   * every one is a merge of the work so far with that commit (in the clean room, where no attribute
   * names a merge driver), committed with the work so far as its only parent, so the branch's
   * history stays a line. Undefined when one of them conflicts.
   */
  async #rebase(sha: string, onto: string): Promise<string | undefined> {
    const base = await this.room.mergeBase(onto, sha);
    if (base === undefined) return undefined;
    const commits = await this.room.commitsBetween(base, sha);
    // A merge among them has no one change to replay: the work goes as one commit of the bot's,
    // with the run's message.
    if (commits.some((commit) => commit.parents.length > 1)) {
      const tree = await this.room.mergeTree(onto, sha);
      return tree === undefined ? undefined : this.room.commitTree(tree, [onto], this.message);
    }
    let current = onto;
    for (const commit of commits) {
      const tree = await this.room.mergeTree(current, commit.sha);
      if (tree === undefined) return undefined;
      const { author, message } = await this.room.commitText(commit.sha);
      current = await this.room.commitTree(tree, [current], message, author);
    }
    return current;
  }

  /** Pushes to the rescue branch, saying why; workflow files are left out when the server insists. */
  async toRescue(sha: string, why: string): Promise<CommitOutcome> {
    const { result, branch: rescue } = await this.#pushRescue(sha);
    if (result.kind === 'pushed') {
      return this.pushed(
        sha,
        rescue,
        true,
        `${why}; ${short(sha)} was pushed to ${rescue} instead.`,
      );
    }
    if (result.kind === 'workflows') {
      return this.#withoutWorkflows(sha, `${why}; and the push to ${rescue}`);
    }
    return this.notPushed(
      `${why}, and the push to ${rescue} failed too: ${result.kind === 'moved' ? 'the rescue branch names are taken' : result.reason}.`,
      sha,
    );
  }

  async #refused(
    result: Exclude<PushResult, { kind: 'pushed' | 'moved' }>,
    sha: string,
    branch: string,
  ) {
    if (result.kind === 'workflows') return this.#withoutWorkflows(sha, `The push to ${branch}`);
    if (result.kind === 'refused') {
      return this.toRescue(sha, `The push to ${branch} was refused (${result.reason})`);
    }
    return this.notPushed(`Could not push to ${branch}: ${result.reason}.`, sha);
  }

  /**
   * The workflow files cannot be pushed with this token at all, so the rescue branch gets everything
   * else (on the commit the run started from) and the note names the files left out.
   */
  async #withoutWorkflows(sha: string, refusedPush: string): Promise<CommitOutcome> {
    const room = this.rescueRoom;
    const base = this.start.head;
    const touched = await room.changedUnder(base, sha, WORKFLOWS_DIR);
    const why =
      `${refusedPush} was refused: the changes touch ${WORKFLOWS_DIR}/ (${touched.join(', ')}), and GitHub lets ` +
      `no token without the workflows permission change workflow files`;
    const tree = await room.treeWithDirFrom(sha, WORKFLOWS_DIR, base);
    const baseTree = base ? await room.treeOf(base) : undefined;
    if (tree === baseTree) {
      return this.notPushed(`${why}. Nothing else changed, so nothing was pushed.`, sha);
    }
    const message = `${this.message.trimEnd()}\n\nLeft out (GitHub refused them from this token): ${touched.join(', ')}\n`;
    const stripped = await room.commitTree(tree, base ? [base] : [], message);
    const { result, branch: rescue } = await this.#pushRescue(stripped);
    if (result.kind === 'pushed') {
      return this.pushed(
        stripped,
        rescue,
        true,
        `${why}. The other changes were pushed to ${rescue}, without the workflow files.`,
      );
    }
    return this.notPushed(
      `${why}, and the push of the other changes to ${rescue} failed too: ${result.kind === 'moved' ? 'the rescue branch names are taken' : result.reason}.`,
      sha,
    );
  }
}

/**
 * Commits the agent's changes and pushes them; a failure of git itself becomes an outcome of
 * severity `error` that says where the work is. Call it once the agent's processes are gone and the
 * guard has ended.
 */
export async function commitResults(options: CommitOptions): Promise<CommitOutcome> {
  try {
    return await commitAndPush(options);
  } catch (error) {
    const why = outOfTime(error)
      ? 'The commit stage ran out of time before the commit was made'
      : `Could not commit or push the changes: ${messageOf(error)}`;
    return {
      kind: 'not-committed',
      rescued: false,
      pushed: false,
      note: `${why}; the changes are in the runner's working tree only.`,
      severity: 'error',
    };
  }
}

function notCommitted(note: string, severity: CommitOutcome['severity']): CommitOutcome {
  const kind = severity === 'info' ? 'skipped' : 'not-committed';
  return { kind, rescued: false, pushed: false, note, severity };
}

/** The stage's time: everything but the rescue push stops `rescueMs` before its end. */
function stageTimes(deadline: StageDeadline | undefined): { firstPart: number; endsAt: number } {
  if (deadline === undefined) return { firstPart: Infinity, endsAt: Infinity };
  return { firstPart: deadline.endsAt - deadline.rescueMs, endsAt: deadline.endsAt };
}

/** Why a commit that was made is not to be delivered; undefined when it is. */
function undeliverable(made: MadeCommit, start: StartingPoint): CommitOutcome | undefined {
  if (made.leaking) {
    return notCommitted(
      `Nothing was committed: ${made.leaking.join(', ')} would carry a secret value the action knows ` +
        '(a token, the API key or a hidden variable), so the changes stay on the runner only.',
      'error',
    );
  }
  if (made.sha === undefined || (!made.changed && made.sha === start.head)) {
    return notCommitted('Nothing to commit: the run changed no files.', 'info');
  }
  return undefined;
}

async function commitAndPush(options: CommitOptions): Promise<CommitOutcome> {
  const { start } = options;
  if (start === undefined) {
    return notCommitted(
      'Nothing was committed: the working directory is not in a git repository, or the run failed before it was inspected.',
      'error',
    );
  }
  const repos = options.repos ?? HARDENED_REPOS;
  const work = repos.work(start).until(stageTimes(options.deadline).firstPart);
  const message = commitMessage({
    task: options.task,
    given: options.commitMessage,
    conclusion: options.conclusion,
    runUrl: runUrlOf(options.env ?? process.env),
    coAuthors: options.coAuthors,
  });
  const made = await commitWorkTree(work, start, message, options.redact);
  const refused = undeliverable(made, start);
  if (refused !== undefined) return refused;
  const local = { sha: made.sha!, branch: made.branch, top: start.top };
  const delivered = await deliverKeepingWork(options, start, message, repos, work, local);
  return made.indexNote === undefined
    ? delivered
    : { ...delivered, note: `${delivered.note} ${made.indexNote}` };
}

/** Delivers the commit with its files; a failure on the way leaves it on the runner, named. */
async function deliverKeepingWork(
  options: CommitOptions,
  start: StartingPoint,
  message: string,
  repos: CommitRepos,
  work: CommitVerbs,
  local: LocalCommit,
): Promise<CommitOutcome> {
  try {
    // Read here, from the work repository: a rebased commit lives only in the clean room, and it
    // changes the same files as the commit the agent's work was made into.
    const files = await work.diffStat(local.sha);
    return { ...(await deliver(options, start, message, repos, local)), files };
  } catch (error) {
    const why = outOfTime(error)
      ? 'The commit stage ran out of time.'
      : `Could not push the changes: ${messageOf(error)}.`;
    return leftLocal(why, local);
  }
}

/**
 * The branch the work is meant for (undefined: none could be told), and the branch a pull request
 * from it would target.
 */
function destination(options: CommitOptions, start: StartingPoint) {
  const given = options.branch.trim();
  const own = given === '' ? options.ownBranch?.trim() || undefined : undefined;
  // From a branch of its own the proposal is to the branch the work started on (the pull
  // request's head on a pull request run), so that is what a pull request targets.
  const base = own === undefined ? start.base : (start.branch ?? start.base);
  return { intended: given || own || start.branch, base };
}

/** Takes the commit where it belongs: the branch, a rescue branch, or nowhere, saying why. */
async function deliver(
  options: CommitOptions,
  start: StartingPoint,
  message: string,
  repos: CommitRepos,
  local: LocalCommit,
): Promise<CommitOutcome> {
  if (start.noPush) return leftLocal(start.noPush, local, 'warning');
  if (start.originUrl === undefined) {
    return leftLocal('The repository has no origin remote to push to.', local);
  }
  const room = await repos.openRoom(start, {
    credentialEnv: options.credentialEnv,
    sshCommand: start.sshCommand,
    settings: start.networkSettings,
  });
  try {
    const { firstPart, endsAt } = stageTimes(options.deadline);
    const rescueRoom = room.repo.until(endsAt);
    const { intended, base } = destination(options, start);
    const delivery = new Delivery(
      rescueRoom.until(firstPart),
      rescueRoom,
      start.originUrl,
      start,
      options,
      message,
      base,
      local,
    );
    return await deliverTo(delivery, options.conclusion, local.sha, intended);
  } finally {
    room.close();
  }
}

/** The branch for a finished run's work; the rescue branch for an unfinished one's, or without a branch. */
function deliverTo(
  delivery: Delivery,
  conclusion: Conclusion,
  sha: string,
  intended: string | undefined,
): Promise<CommitOutcome> {
  if (conclusion === 'error' || conclusion === 'cancelled') {
    const ended = conclusion === 'error' ? 'ended with an error' : 'was cancelled';
    return delivery.toRescue(
      sha,
      `The run ${ended}, so its unfinished changes were not pushed to ${intended ?? 'the branch'}`,
    );
  }
  if (intended === undefined) {
    return delivery.toRescue(
      sha,
      'No branch was checked out (HEAD was detached) and the branch input is empty',
    );
  }
  return delivery.toBranch(sha, intended);
}

/** The transcript's `commit` event for an outcome: what the report renders and the outputs name. */
export function commitEvent(outcome: CommitOutcome, repositoryUrl: string | undefined) {
  const { sha, branch, rescued, note, files, base } = outcome;
  return {
    type: 'commit',
    sha,
    branch,
    rescued,
    note,
    files,
    base,
    repositoryUrl,
  } satisfies TranscriptEvent;
}
