/**
 * Commits what the agent changed and pushes it where the workflow asked, never losing it: a push the
 * branch refuses goes to a rescue branch instead, and the outcome says in words what happened.
 *
 * Runs after the guard has put `.git/config` and `.git/hooks/` back, so what the agent planted there
 * is gone; and on top of that the commit is made through plumbing with the funnel's hardening
 * (work-tree.ts), and everything that talks to the remote or merges runs in a clean room
 * (clean-room.ts) that reads none of the repository's configuration.
 */
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { gitAt, OBJECT_ID, type RepositoryLocation } from './exec.js';
import type { StartingPoint } from './checkout.js';
import { CleanRoom, type PushResult } from './clean-room.js';
import { readDiffStat } from './diffstat.js';
import { runUrlOf } from '../run/runner.js';
import { commitMessage } from './message.js';
import { snapshotWorkTree, type FilterDrivers } from './work-tree.js';
import type { ChangedFile, Conclusion } from '../transcript.js';
import { GitError, messageOf } from '../base/errors.js';

/** What the commit stage did; main records it as the transcript's `commit` event and sets outputs from it. */
export interface CommitOutcome {
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
  /**
   * How the log reports it: `info` when the work is where it was asked to go (or there was none),
   * `warning` when it is elsewhere (rescued, a fork's), `error` when it is only on the runner.
   */
  severity: 'info' | 'warning' | 'error';
}

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
  conclusion: Conclusion;
  /** Where the run id and link come from. */
  env?: NodeJS.ProcessEnv;
  /** The checkout's credential, for the push and fetch processes only. */
  credentialEnv?: Record<string, string>;
  /** The run's redaction: a file it would change is a file holding a known secret. */
  redact?: (text: string) => string;
}

/** The identity GitHub shows as the Actions bot. */
export const BOT_NAME = 'github-actions[bot]';
export const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';

/** Given per command, so that neither a planted `user.*` nor the runner's global config decides it. */
const IDENTITY = ['user', 'author', 'committer'].flatMap((role) => [
  '-c',
  `${role}.name=${BOT_NAME}`,
  '-c',
  `${role}.email=${BOT_EMAIL}`,
]);

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

/**
 * The changes as one commit: what the agent left in the work tree on top of HEAD, if anything; no
 * commit when a file it would write holds a known secret (`leaking` names them).
 */
async function commitWorkTree(
  where: RepositoryLocation,
  drivers: FilterDrivers,
  message: string,
  redact: ((text: string) => string) | undefined,
): Promise<{ sha?: string; changed: boolean; leaking?: string[]; indexNote?: string }> {
  const snapshot = await snapshotWorkTree(where, drivers);
  const changed =
    snapshot.parentTree === undefined
      ? (await gitAt(where, ['ls-tree', snapshot.tree])).stdout !== ''
      : snapshot.tree !== snapshot.parentTree;
  if (!changed) return { sha: snapshot.parent, changed };
  const leaking = redact ? holdingSecrets(where.top, snapshot.written, redact) : [];
  if (leaking.length > 0) return { changed, leaking };
  const parents = snapshot.parent ? ['-p', snapshot.parent] : [];
  const sha = (
    await gitAt(
      where,
      [...IDENTITY, 'commit-tree', '--no-gpg-sign', snapshot.tree, ...parents, '-F', '-'],
      {
        input: message,
      },
    )
  ).stdout.trim();
  // HEAD, index and work tree agree again, so later steps see the commit and a clean status. The old
  // value is checked: nothing else may have moved HEAD meanwhile.
  await gitAt(where, [
    'update-ref',
    '-m',
    'bash-agent: commit',
    'HEAD',
    sha,
    snapshot.parent ?? '',
  ]);
  const indexNote = await refreshIndex(where, sha);
  return { sha, changed, ...(indexNote === undefined ? {} : { indexNote }) };
}

/**
 * Brings the index to the new commit. A held `index.lock` (a git that crashed, or one still running)
 * leaves it as it was: the commit stands and is delivered like any other, and the note returned
 * says what `git status` will show until the index is refreshed.
 */
async function refreshIndex(where: RepositoryLocation, sha: string): Promise<string | undefined> {
  try {
    await gitAt(where, ['read-tree', sha]);
    return undefined;
  } catch (error) {
    if (!(error instanceof GitError) || !error.stderr.includes('index.lock')) throw error;
    return (
      `The index was left as it was (.git/index.lock is held by another process), so \`git status\` ` +
      `shows the committed changes reversed until \`git reset\` refreshes it.`
    );
  }
}

/** Takes one commit to origin, through one clean room, to one outcome. */
class Delivery {
  constructor(
    readonly room: CleanRoom,
    readonly url: string,
    readonly start: StartingPoint,
    readonly options: CommitOptions,
    readonly message: string,
    /** The branch a pull request from the pushed branch would target. */
    readonly base: string | undefined,
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
      attempt = { result: await this.room.push(this.url, sha, branch), branch };
    }
    return attempt;
  }

  pushed(sha: string, branch: string, rescued: boolean, note: string): CommitOutcome {
    const severity = rescued ? 'warning' : 'info';
    return { sha, branch, rescued, pushed: true, note, base: this.base, severity };
  }

  notPushed(note: string): CommitOutcome {
    return { rescued: false, pushed: false, note, severity: 'error' };
  }

  /** Pushes to the intended branch, rebasing onto it when it moved. */
  async toBranch(sha: string, branch: string): Promise<CommitOutcome> {
    let current = sha;
    let rebased = false;
    for (let attempt = 1; attempt <= MAX_PUSH_ATTEMPTS; attempt += 1) {
      const result = await this.room.push(this.url, current, branch);
      if (result.kind === 'pushed') {
        const how = rebased ? `, rebased onto the commits pushed there during the run` : '';
        return this.pushed(current, branch, false, `Pushed ${short(current)} to ${branch}${how}.`);
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
    const base = await this.room.run(['merge-base', onto, sha], { allowAllExitCodes: true });
    if (base.exitCode !== 0) return undefined;
    const listed = await this.room.run([
      'rev-list',
      '--reverse',
      '--parents',
      `${base.stdout.trim()}..${sha}`,
    ]);
    const commits = listed.stdout
      .trim()
      .split('\n')
      .filter((line) => line !== '');
    // A merge among them has no one change to replay: the work goes as one commit of the bot's,
    // with the run's message.
    if (commits.some((line) => line.split(' ').length > 2)) {
      const tree = await this.#merged(onto, sha);
      return tree === undefined ? undefined : this.#commit(tree, onto, this.message);
    }
    let current = onto;
    for (const commit of commits.map((line) => line.split(' ')[0]!)) {
      const tree = await this.#merged(current, commit);
      if (tree === undefined) return undefined;
      const shown = (
        await this.room.run(['show', '-s', '--format=%an%x00%ae%x00%aD%x00%B', commit])
      ).stdout;
      const [name = '', email = '', date = '', ...message] = shown.split('\0');
      current = await this.#commit(tree, current, message.join('\0'), {
        GIT_AUTHOR_NAME: name,
        GIT_AUTHOR_EMAIL: email,
        GIT_AUTHOR_DATE: date,
      });
    }
    return current;
  }

  /** The tree of a merge of two commits; undefined when they conflict. */
  async #merged(ours: string, theirs: string): Promise<string | undefined> {
    const merged = await this.room.run(['merge-tree', '--write-tree', ours, theirs], {
      allowAllExitCodes: true,
    });
    const tree = merged.stdout.split('\n')[0]?.trim() ?? '';
    // A conflict, or a git too old for `--write-tree` (2.38): either way, not a tree to commit.
    return merged.exitCode === 0 && OBJECT_ID.test(tree) ? tree : undefined;
  }

  /** A commit in the clean room, by the bot unless `author` says otherwise. */
  async #commit(
    tree: string,
    parent: string | undefined,
    message: string,
    author: Record<string, string> = {},
  ): Promise<string> {
    const parents = parent ? ['-p', parent] : [];
    return (
      await this.room.run(
        [...IDENTITY, 'commit-tree', '--no-gpg-sign', tree, ...parents, '-F', '-'],
        { input: message, env: author },
      )
    ).stdout.trim();
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
      `${why}, and the push to ${rescue} failed too: ${result.kind === 'moved' ? 'the rescue branch names are taken' : result.reason}. ` +
        `The commit ${short(sha)} is only in the runner's repository.`,
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
    return this.notPushed(
      `Could not push to ${branch}: ${result.reason}. The commit ${short(sha)} is only in the runner's repository.`,
    );
  }

  /**
   * The workflow files cannot be pushed with this token at all, so the rescue branch gets everything
   * else (on the commit the run started from) and the note names the files left out.
   */
  async #withoutWorkflows(sha: string, refusedPush: string): Promise<CommitOutcome> {
    const base = this.start.head;
    const touched = (
      await this.room.run(
        base
          ? ['diff-tree', '-r', '-z', '--name-only', '--no-renames', base, sha, '--', WORKFLOWS_DIR]
          : ['ls-tree', '-r', '-z', '--name-only', sha, '--', WORKFLOWS_DIR],
      )
    ).stdout
      .split('\0')
      .filter((file) => file !== '');
    const why =
      `${refusedPush} was refused: the changes touch ${WORKFLOWS_DIR}/ (${touched.join(', ')}), and GitHub lets ` +
      `no token without the workflows permission change workflow files`;
    const env = { GIT_INDEX_FILE: this.room.scratch('index-without-workflows') };
    await this.room.run(['read-tree', sha], { env });
    const inside = (await this.room.run(['ls-files', '-z', '--', WORKFLOWS_DIR], { env })).stdout;
    // Mode 0 removes an entry; a bare repository has no work tree for `--force-remove` to check.
    const removals = inside
      .split('\0')
      .filter((file) => file !== '')
      .map((file) => `0 ${'0'.repeat(sha.length)}\t${file}\0`)
      .join('');
    if (removals !== '') {
      await this.room.run(['update-index', '-z', '--index-info'], { env, input: removals });
    }
    if (base) {
      const before = (await this.room.run(['ls-tree', '-r', '-z', base, '--', WORKFLOWS_DIR]))
        .stdout;
      if (before !== '') {
        await this.room.run(['update-index', '-z', '--index-info'], { env, input: before });
      }
    }
    const tree = (await this.room.run(['write-tree'], { env })).stdout.trim();
    const baseTree = base
      ? (await this.room.run(['rev-parse', `${base}^{tree}`])).stdout.trim()
      : undefined;
    if (tree === baseTree) {
      return this.notPushed(`${why}. Nothing else changed, so nothing was pushed.`);
    }
    const message = `${this.message.trimEnd()}\n\nLeft out (GitHub refused them from this token): ${touched.join(', ')}\n`;
    const stripped = await this.#commit(tree, base, message);
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
    );
  }
}

/**
 * Commits the agent's changes and pushes them; a failure of git itself becomes an outcome of
 * severity `error`. Call it once the agent's processes are gone and the guard has ended.
 */
export async function commitResults(options: CommitOptions): Promise<CommitOutcome> {
  try {
    return await commitAndPush(options);
  } catch (error) {
    return {
      rescued: false,
      pushed: false,
      note: `Could not commit or push the changes: ${messageOf(error)}`,
      severity: 'error',
    };
  }
}

async function commitAndPush(options: CommitOptions): Promise<CommitOutcome> {
  const { start, conclusion } = options;
  if (start === undefined) {
    return {
      rescued: false,
      pushed: false,
      note: 'Nothing was committed: the working directory is not in a git repository, or the run failed before it was inspected.',
      severity: 'error',
    };
  }
  const env = options.env ?? process.env;
  const message = commitMessage({
    task: options.task,
    given: options.commitMessage,
    conclusion,
    runUrl: runUrlOf(env),
    coAuthors: options.coAuthors,
  });
  const made = await commitWorkTree(
    { top: start.top, gitDir: start.workGitDir },
    start.filterDrivers,
    message,
    options.redact,
  );
  if (made.leaking) {
    return {
      rescued: false,
      pushed: false,
      note:
        `Nothing was committed: ${made.leaking.join(', ')} would carry a secret value the action knows ` +
        '(a token, the API key or a hidden variable), so the changes stay on the runner only.',
      severity: 'error',
    };
  }
  if (made.sha === undefined || (!made.changed && made.sha === start.head)) {
    return {
      rescued: false,
      pushed: false,
      note: 'Nothing to commit: the run changed no files.',
      severity: 'info',
    };
  }
  // Read here, from the work repository: a rebased commit lives only in the clean room, and it
  // changes the same files as the commit the agent's work was made into.
  const files = await readDiffStat({ top: start.top, gitDir: start.workGitDir }, made.sha);
  const delivered = await deliver(options, start, made.sha, message);
  return made.indexNote === undefined
    ? { ...delivered, files }
    : { ...delivered, files, note: `${delivered.note} ${made.indexNote}` };
}

/** Takes the commit `sha` where it belongs: the branch, a rescue branch, or nowhere, saying why. */
async function deliver(
  options: CommitOptions,
  start: StartingPoint,
  sha: string,
  message: string,
): Promise<CommitOutcome> {
  const { conclusion } = options;
  if (start.noPush) {
    return { rescued: false, pushed: false, note: start.noPush, severity: 'warning' };
  }
  if (start.originUrl === undefined) {
    return {
      rescued: false,
      pushed: false,
      note: `Committed ${short(sha)}, but the repository has no origin remote to push to.`,
      severity: 'error',
    };
  }
  const room = await CleanRoom.open({
    gitDir: start.gitDir,
    credentialEnv: options.credentialEnv,
    sshCommand: start.sshCommand,
    networkSettings: start.networkSettings,
  });
  try {
    const own = options.branch.trim() === '' ? options.ownBranch?.trim() || undefined : undefined;
    // From a branch of its own the proposal is to the branch the work started on (the pull
    // request's head on a pull request run), so that is what a pull request targets.
    const base = own === undefined ? start.base : (start.branch ?? start.base);
    const delivery = new Delivery(room, start.originUrl, start, options, message, base);
    const intended = options.branch.trim() || own || start.branch;
    if (conclusion === 'error' || conclusion === 'cancelled') {
      const ended = conclusion === 'error' ? 'ended with an error' : 'was cancelled';
      return await delivery.toRescue(
        sha,
        `The run ${ended}, so its unfinished changes were not pushed to ${intended ?? 'the branch'}`,
      );
    }
    if (intended === undefined) {
      return await delivery.toRescue(
        sha,
        'No branch was checked out (HEAD was detached) and the branch input is empty',
      );
    }
    return await delivery.toBranch(sha, intended);
  } finally {
    room.close();
  }
}
