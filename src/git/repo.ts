/**
 * The verbs the commit stage speaks to a repository, and the one way to get them: `createGitRepo`
 * binds a repository (a work tree, or a bare clean room) to the hardened funnel (exec.ts), so the
 * logic that decides what to commit and where to push it never spells argv, and a test can hand it
 * an in-memory fake instead.
 *
 * A repository may carry a deadline: every call after it fails at once, and a call under way when it
 * comes is ended (with the remote helper it started), so a stage's time runs out on one clock however
 * many git calls it makes.
 */
import { readDiffStat } from './diffstat.js';
import {
  git,
  NETWORK_CALL_TIMEOUT_MS,
  OBJECT_ID,
  type GitOptions,
  type GitRunner,
  verb,
} from './exec.js';
import { parseConfigList } from './credentials.js';
import { pushResultOf, type NetworkResult, type PushResult } from './push-result.js';
import { snapshotWorkTree, type FilterDrivers, type WorkTreeSnapshot } from './work-tree.js';
import type { ChangedFile } from '../transcript.js';
import { GitError, messageOf } from '../base/errors.js';

/** Who a commit is by, as `GIT_AUTHOR_*` gives it; the bot when absent. */
export interface CommitAuthor {
  name: string;
  email: string;
  /** As `%aD` prints it. */
  date: string;
}

/** One commit of a range, with its parents. */
export interface ListedCommit {
  sha: string;
  parents: string[];
}

/** What a commit says: its author and message. */
export interface CommitText {
  author: CommitAuthor;
  message: string;
}

/** The verbs the commit stage speaks (commit.ts); each fails with a GitError. */
export interface CommitVerbs {
  /** The same repository, its calls ended at `at` (milliseconds since the epoch) at the latest. */
  until(at: number): CommitVerbs;
  /** The commit `rev` names; undefined when it names none. */
  resolveCommit(rev: string): Promise<string | undefined>;
  /** Whether a tree has any entry. */
  hasEntries(tree: string): Promise<boolean>;
  /** The tree of the work tree as a commit of it would hold it (work-tree.ts). */
  snapshotWorkTree(drivers: FilterDrivers): Promise<WorkTreeSnapshot>;
  /** A commit of `tree` on `parents`, by `author` or else the bot, committed by the bot. */
  commitTree(
    tree: string,
    parents: readonly string[],
    message: string,
    author?: CommitAuthor,
  ): Promise<string>;
  /** Points `ref` at `sha` if it still points at `old` (nothing: it must not exist). */
  updateRef(ref: string, sha: string, old: string | undefined, reason: string): Promise<void>;
  /** The branch HEAD is on; undefined when it is detached. */
  headBranch(): Promise<string | undefined>;
  /** Makes the repository's index hold `sha`'s tree. */
  readTree(sha: string): Promise<void>;
  /** The files `sha` changes against its parent, with line counts. */
  diffStat(sha: string): Promise<ChangedFile[]>;
  /** The best common ancestor; undefined when the histories share none. */
  mergeBase(a: string, b: string): Promise<string | undefined>;
  /** The commits reachable from `tip` and not from `base`, oldest first. */
  commitsBetween(base: string, tip: string): Promise<ListedCommit[]>;
  /** The tree of a merge of two commits; undefined when they conflict. */
  mergeTree(ours: string, theirs: string): Promise<string | undefined>;
  /** Author and message of a commit. */
  commitText(sha: string): Promise<CommitText>;
  /** The files under `dir` that differ between `from` (nothing: the empty tree) and `to`. */
  changedUnder(from: string | undefined, to: string, dir: string): Promise<string[]>;
  /** The tree of `sha` with `dir` as it is in `from` (left out when `from` is undefined). */
  treeWithDirFrom(sha: string, dir: string, from: string | undefined): Promise<string>;
  /** The tree of a commit. */
  treeOf(commit: string): Promise<string>;
  /** Pushes `sha` to `refs/heads/<branch>` at `url`, never forced. */
  push(url: string, sha: string, branch: string): Promise<PushResult>;
  /** The commit `refs/heads/<branch>` points to at `url`, fetched; undefined when there is none. */
  fetch(url: string, branch: string): Promise<string | undefined>;
}

/** The verbs that prepare the checkout before the run (checkout.ts); each fails with a GitError. */
export interface CheckoutVerbs {
  /** The top of the work tree; undefined outside one. */
  topLevel(): Promise<string | undefined>;
  /** The common git directory (objects) and the work tree's own (HEAD, index), absolute. */
  gitDirs(): Promise<{ common?: string; own?: string }>;
  /** A setting's value (of the repository's own file with `local`); undefined when unset. */
  configValue(key: string, scope?: 'local'): Promise<string | undefined>;
  /**
   * The settings matching `pattern`, read as plain git reads them, the system's and the user's
   * files included (`scope` narrows it to one of them).
   */
  configEntries(pattern: string, scope?: 'system' | 'global'): Promise<ConfigPair[]>;
  /** Sets a setting in the repository's file; `add` adds a value to the ones it has. */
  setConfig(key: string, value: string, add?: boolean): Promise<void>;
  /** Where `remote` pushes to; undefined without one. */
  pushUrl(remote: string): Promise<string | undefined>;
  isShallow(): Promise<boolean>;
  /** Whether git takes `name` as a branch name (and it could not pass for an option). */
  isBranchName(name: string): Promise<boolean>;
  /** Fetches `refspec` from `remote`, as shallow as the clone is; no tags, no submodules. */
  fetchFrom(remote: string, refspec: string): Promise<void>;
  /** Checks out `rev` with HEAD detached. */
  checkOutDetached(rev: string): Promise<void>;
  /** Checks out `branch`, made (or reset) at `from`. */
  checkOutBranch(branch: string, from: string): Promise<void>;
  /** The full name of `branch`'s upstream; undefined when it has none. */
  upstreamOf(branch: string): Promise<string | undefined>;
}

/** One setting as `git config --null` lists it; a key without `=` has value ''. */
export interface ConfigPair {
  key: string;
  value: string;
}

/** The verbs of the action's git. */
export interface GitRepo extends CommitVerbs, CheckoutVerbs {
  until(at: number): GitRepo;
}

/** Settings for network commands only: never given to a local call. */
export interface NetworkAccess {
  /** The credential (`GIT_CONFIG_COUNT`…). */
  credentialEnv?: Record<string, string>;
  /** `core.sshCommand` as the checkout set it. */
  sshCommand?: string;
  /** The runner's `http.*` settings (proxy, certificate authorities). */
  settings?: ReadonlyArray<readonly [string, string]>;
  /** The longest one push or fetch may take (NETWORK_CALL_TIMEOUT_MS by default). */
  callTimeoutMs?: number;
}

export interface GitRepoOptions {
  /** The work tree; absent for a bare repository. */
  workTree?: string;
  /**
   * Found by git from this directory instead of pinned to a git directory: only before the run,
   * while the repository's files are still the checkout's own (see findGitRepo).
   */
  findFrom?: string;
  network?: NetworkAccess;
  /** Milliseconds since the epoch after which no call may run. */
  deadline?: number;
  /** The clock the deadline is read on. */
  now?: () => number;
}

/** The bot's identity, given per command so that neither a planted `user.*` nor the runner's decides. */
export const BOT_NAME = 'github-actions[bot]';
export const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';

const IDENTITY = ['user', 'author', 'committer'].flatMap((role) => [
  '-c',
  `${role}.name=${BOT_NAME}`,
  '-c',
  `${role}.email=${BOT_EMAIL}`,
]);

function names(nulSeparated: string): string[] {
  return nulSeparated.split('\0').filter((name) => name !== '');
}

/** A repository bound to the funnel; private: `createGitRepo` is the way in. */
class HardenedGitRepo implements GitRepo {
  readonly #gitDir: string;
  readonly #options: GitRepoOptions;
  readonly #now: () => number;

  constructor(gitDir: string, options: GitRepoOptions) {
    this.#gitDir = gitDir;
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  until(at: number): GitRepo {
    if (!Number.isFinite(at)) return this;
    const deadline = Math.min(at, this.#options.deadline ?? Infinity);
    return new HardenedGitRepo(this.#gitDir, { ...this.#options, deadline });
  }

  /** One call, pinned to the repository (unless it is found), ended at the deadline. */
  readonly #run: GitRunner = (args, options = {}) => {
    const { workTree, findFrom } = this.#options;
    const location = findFrom === undefined ? ['--git-dir', this.#gitDir] : [];
    if (workTree !== undefined) location.push('--work-tree', workTree);
    const timeoutMs = this.#timeout(args, options.timeoutMs);
    return git([...location, ...args], {
      ...options,
      cwd: findFrom ?? workTree ?? this.#gitDir,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  };

  /** A call's trimmed output when it succeeds with some; undefined otherwise. */
  async #answer(args: string[], options: Omit<GitOptions, 'cwd'> = {}) {
    const found = await this.#run(args, { ...options, allowAllExitCodes: true });
    const text = found.stdout.trim();
    return found.exitCode === 0 && text !== '' ? text : undefined;
  }

  topLevel(): Promise<string | undefined> {
    return this.#answer(['rev-parse', '--show-toplevel']);
  }

  async gitDirs(): Promise<{ common?: string; own?: string }> {
    const [common, own] = await Promise.all([
      this.#answer(['rev-parse', '--path-format=absolute', '--git-common-dir']),
      this.#answer(['rev-parse', '--absolute-git-dir']),
    ]);
    return { common, own };
  }

  configValue(key: string, scope?: 'local'): Promise<string | undefined> {
    return this.#answer(['config', ...(scope ? [`--${scope}`] : []), '--get', key]);
  }

  async configEntries(pattern: string, scope?: 'system' | 'global'): Promise<ConfigPair[]> {
    const listed = await this.#run(
      ['config', ...(scope ? [`--${scope}`] : []), '--null', '--get-regexp', pattern],
      { allowAllExitCodes: true, userConfig: true },
    );
    return listed.exitCode === 0 ? parseConfigList(listed.stdout) : [];
  }

  async setConfig(key: string, value: string, add = false): Promise<void> {
    await this.#run(['config', ...(add ? ['--add'] : []), key, value]);
  }

  pushUrl(remote: string): Promise<string | undefined> {
    return this.#answer(['remote', 'get-url', '--push', remote]);
  }

  async isShallow(): Promise<boolean> {
    return (await this.#answer(['rev-parse', '--is-shallow-repository'])) === 'true';
  }

  async isBranchName(name: string): Promise<boolean> {
    const checked = await this.#run(['check-ref-format', `refs/heads/${name}`], {
      allowAllExitCodes: true,
    });
    return checked.exitCode === 0 && !name.startsWith('-');
  }

  async fetchFrom(remote: string, refspec: string): Promise<void> {
    const depth = (await this.isShallow()) ? ['--depth=1'] : [];
    // A remote that never answers must not hold the step (see NETWORK_CALL_TIMEOUT_MS).
    await this.#run(['fetch', '--no-tags', '--no-recurse-submodules', ...depth, remote, refspec], {
      timeoutMs: NETWORK_CALL_TIMEOUT_MS,
    });
  }

  async checkOutDetached(rev: string): Promise<void> {
    await this.#run(['checkout', '--quiet', '--detach', rev]);
  }

  async checkOutBranch(branch: string, from: string): Promise<void> {
    await this.#run(['checkout', '--quiet', '-B', branch, from]);
  }

  upstreamOf(branch: string): Promise<string | undefined> {
    return this.#answer(['rev-parse', '--symbolic-full-name', `${branch}@{upstream}`]);
  }

  /** What is left before the deadline, the call's own limit if shorter; throws when nothing is. */
  #timeout(args: readonly string[], own: number | undefined): number | undefined {
    const { deadline } = this.#options;
    if (deadline === undefined || !Number.isFinite(deadline)) return own;
    const left = deadline - this.#now();
    if (left <= 0) {
      const name = verb(args);
      throw new GitError(
        `${name} was not started: the time for it ran out`,
        name,
        'timeout',
        null,
        '',
      );
    }
    return Math.min(left, own ?? Infinity);
  }

  async #value(args: string[]): Promise<string> {
    return (await this.#run(args)).stdout.trim();
  }

  async resolveCommit(rev: string): Promise<string | undefined> {
    const found = await this.#run(['rev-parse', '--quiet', '--verify', `${rev}^{commit}`], {
      allowAllExitCodes: true,
    });
    return found.exitCode === 0 ? found.stdout.trim() : undefined;
  }

  async hasEntries(tree: string): Promise<boolean> {
    return (await this.#run(['ls-tree', tree])).stdout !== '';
  }

  snapshotWorkTree(drivers: FilterDrivers): Promise<WorkTreeSnapshot> {
    return snapshotWorkTree(this.#options.workTree ?? '', this.#run, drivers);
  }

  commitTree(
    tree: string,
    parents: readonly string[],
    message: string,
    author?: CommitAuthor,
  ): Promise<string> {
    const env: Record<string, string> = author
      ? {
          GIT_AUTHOR_NAME: author.name,
          GIT_AUTHOR_EMAIL: author.email,
          GIT_AUTHOR_DATE: author.date,
        }
      : {};
    const parentArgs = parents.flatMap((parent) => ['-p', parent]);
    return this.#run(
      [...IDENTITY, 'commit-tree', '--no-gpg-sign', tree, ...parentArgs, '-F', '-'],
      {
        input: message,
        env,
      },
    ).then((result) => result.stdout.trim());
  }

  async updateRef(ref: string, sha: string, old: string | undefined, reason: string) {
    await this.#run(['update-ref', '-m', reason, ref, sha, old ?? '']);
  }

  async headBranch(): Promise<string | undefined> {
    const found = await this.#run(['symbolic-ref', '--quiet', '--short', 'HEAD'], {
      allowAllExitCodes: true,
    });
    return found.exitCode === 0 ? found.stdout.trim() : undefined;
  }

  async readTree(sha: string): Promise<void> {
    await this.#run(['read-tree', sha]);
  }

  diffStat(sha: string): Promise<ChangedFile[]> {
    return readDiffStat(this.#run, sha);
  }

  async mergeBase(a: string, b: string): Promise<string | undefined> {
    const base = await this.#run(['merge-base', a, b], { allowAllExitCodes: true });
    return base.exitCode === 0 ? base.stdout.trim() : undefined;
  }

  async commitsBetween(base: string, tip: string): Promise<ListedCommit[]> {
    const listed = await this.#value(['rev-list', '--reverse', '--parents', `${base}..${tip}`]);
    return listed
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [sha = '', ...parents] = line.split(' ');
        return { sha, parents };
      });
  }

  async mergeTree(ours: string, theirs: string): Promise<string | undefined> {
    // In a repository without attributes, where no merge driver is named.
    const merged = await this.#run(['merge-tree', '--write-tree', ours, theirs], {
      allowAllExitCodes: true,
    });
    const tree = merged.stdout.split('\n')[0]?.trim() ?? '';
    // A conflict, or a git too old for `--write-tree` (2.38): either way, not a tree to commit.
    return merged.exitCode === 0 && OBJECT_ID.test(tree) ? tree : undefined;
  }

  async commitText(sha: string): Promise<CommitText> {
    const shown = (await this.#run(['show', '-s', '--format=%an%x00%ae%x00%aD%x00%B', sha])).stdout;
    const [name = '', email = '', date = '', ...message] = shown.split('\0');
    return { author: { name, email, date }, message: message.join('\0') };
  }

  async changedUnder(from: string | undefined, to: string, dir: string): Promise<string[]> {
    const args = from
      ? ['diff-tree', '-r', '-z', '--name-only', '--no-renames', from, to, '--', dir]
      : ['ls-tree', '-r', '-z', '--name-only', to, '--', dir];
    return names((await this.#run(args)).stdout);
  }

  async treeWithDirFrom(sha: string, dir: string, from: string | undefined): Promise<string> {
    // A private index next to the objects; a bare repository has no work tree to check.
    const env = { GIT_INDEX_FILE: `${this.#gitDir}/index-${dir.replaceAll('/', '-')}` };
    await this.#run(['read-tree', sha], { env });
    // Mode 0 removes an entry.
    const removals = names((await this.#run(['ls-files', '-z', '--', dir], { env })).stdout)
      .map((file) => `0 ${'0'.repeat(sha.length)}\t${file}\0`)
      .join('');
    if (removals !== '') {
      await this.#run(['update-index', '-z', '--index-info'], { env, input: removals });
    }
    const before = from ? (await this.#run(['ls-tree', '-r', '-z', from, '--', dir])).stdout : '';
    if (before !== '') {
      await this.#run(['update-index', '-z', '--index-info'], { env, input: before });
    }
    return (await this.#run(['write-tree'], { env })).stdout.trim();
  }

  treeOf(commit: string): Promise<string> {
    return this.#value(['rev-parse', `${commit}^{tree}`]);
  }

  /** A network command: the only ones that get the credential. */
  async #network(args: string[]): Promise<NetworkResult> {
    const { credentialEnv, sshCommand, settings = [], callTimeoutMs } = this.#options.network ?? {};
    const configured = [
      ...settings,
      ...(sshCommand ? [['core.sshCommand', sshCommand] as const] : []),
    ].flatMap(([key, value]) => ['-c', `${key}=${value}`]);
    const options: Omit<GitOptions, 'cwd'> = {
      env: credentialEnv,
      allowAllExitCodes: true,
      timeoutMs: callTimeoutMs ?? NETWORK_CALL_TIMEOUT_MS,
    };
    try {
      return await this.#run([...configured, ...args], options);
    } catch (error) {
      // A remote that never answered is a failed push or fetch like any other: the caller keeps the
      // work (a rescue branch, the summary) instead of losing the stage to a throw.
      const timedOut = error instanceof GitError && error.failure === 'timeout';
      return { exitCode: 128, stdout: '', stderr: messageOf(error), timedOut };
    }
  }

  async push(url: string, sha: string, branch: string): Promise<PushResult> {
    const ref = `refs/heads/${branch}`;
    const result = await this.#network([
      'push',
      '--porcelain',
      '--no-verify',
      '--receive-pack=git-receive-pack',
      url,
      `${sha}:${ref}`,
    ]);
    return pushResultOf(result, ref);
  }

  async fetch(url: string, branch: string): Promise<string | undefined> {
    const fetched = 'refs/fetched/head';
    const result = await this.#network([
      'fetch',
      '--quiet',
      '--no-tags',
      '--upload-pack=git-upload-pack',
      url,
      `+refs/heads/${branch}:${fetched}`,
    ]);
    if (result.exitCode !== 0) return undefined;
    return this.resolveCommit(fetched);
  }
}

/**
 * The verbs for the repository git finds from `dir`, as plain git would. Only for the checkout
 * before the run: later, a `.git` file or `GIT_DIR` the agent wrote could send it elsewhere.
 */
export function findGitRepo(dir: string): GitRepo {
  return new HardenedGitRepo('', { findFrom: dir });
}

/**
 * The verbs for the repository whose git directory is `gitDir`: pinned to it, so a `.git` file,
 * `core.worktree` or `GIT_DIR` written meanwhile cannot send a call to another repository.
 */
export function createGitRepo(gitDir: string, options: GitRepoOptions = {}): GitRepo {
  return new HardenedGitRepo(gitDir, options);
}
