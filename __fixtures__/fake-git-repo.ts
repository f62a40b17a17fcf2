/**
 * An in-memory repository speaking the commit stage's verbs (CommitVerbs), for the commit stage's decisions: a work repository whose work tree differs
 * from HEAD, a clean room that makes commits as ids, and a remote whose answer to each push is
 * scripted per branch. Each push is recorded with the deadline it ran under, so a test can tell the
 * branch's share of the stage's time from the rescue push's.
 */
import type { StartingPoint } from '../src/git/checkout.js';
import type { CleanRoom } from '../src/git/clean-room.js';
import type { CommitRepos } from '../src/git/commit.js';
import type { PushResult } from '../src/git/push-result.js';
import type { CommitAuthor, CommitText, CommitVerbs, ListedCommit } from '../src/git/repo.js';
import type { WorkTreeSnapshot } from '../src/git/work-tree.js';
import { GitError } from '../src/base/errors.js';

/** A 40-digit id for the n-th object. */
export const oid = (n: number): string => n.toString(16).padStart(40, '0');

export interface FakeCommit {
  tree: string;
  parents: string[];
  message: string;
  author?: CommitAuthor;
}

export interface PushCall {
  branch: string;
  sha: string;
  /** The deadline the push ran under; undefined: none. */
  deadline: number | undefined;
}

/** A push's answer: a result, or a function of the push (to move the branch, say). */
export type PushAnswer = PushResult | ((call: PushCall) => PushResult);

export class FakeGit {
  /** Commits by id; the starting commit is oid(1) with tree oid(2). */
  readonly commits = new Map<string, FakeCommit>([
    [oid(1), { tree: oid(2), parents: [], message: 'Initial commit' }],
  ]);
  /** Branches on the remote. */
  readonly remote = new Map<string, string>([['main', oid(1)]]);
  readonly pushes: PushCall[] = [];
  /** Scripted answers by branch, first to last; a branch without any accepts the push. */
  readonly answers = new Map<string, PushAnswer[]>();
  /** Trees whose merge conflicts, keyed `ours theirs`. */
  readonly conflicts = new Set<string>();
  /** Where HEAD points in the work repository. */
  head = oid(1);
  /** What the work repository's index refresh throws, if anything. */
  readTreeError: Error | undefined;
  /** What the next merge throws, if anything (a call ended at the deadline). */
  mergeError: Error | undefined;
  roomsClosed = 0;
  #next = 100;

  /** Makes the work tree differ from HEAD. */
  workTree: WorkTreeSnapshot = { tree: oid(3), parent: oid(1), parentTree: oid(2), written: [] };

  answer(branch: string, ...answers: PushAnswer[]): void {
    this.answers.set(branch, [...(this.answers.get(branch) ?? []), ...answers]);
  }

  /** A commit on the remote's `branch` made by someone else. */
  pushElsewhere(branch: string): string {
    const sha = this.#commit({
      tree: oid(this.#next++),
      parents: [this.remote.get(branch) ?? oid(1)],
      message: 'From elsewhere',
    });
    this.remote.set(branch, sha);
    return sha;
  }

  #commit(commit: FakeCommit): string {
    const sha = oid(this.#next++);
    this.commits.set(sha, commit);
    return sha;
  }

  #ancestors(sha: string): string[] {
    const found: string[] = [];
    const walk = [sha];
    while (walk.length > 0) {
      const current = walk.pop()!;
      if (found.includes(current)) continue;
      found.push(current);
      walk.push(...(this.commits.get(current)?.parents ?? []));
    }
    return found;
  }

  /** A GitRepo over this world, its calls under `deadline`. */
  repo(deadline?: number): CommitVerbs {
    const repo: CommitVerbs = {
      until: (at) => this.repo(Math.min(at, deadline ?? Infinity)),
      resolveCommit: async (rev) => (this.commits.has(rev) ? rev : this.remote.get(rev)),
      hasEntries: async () => true,
      snapshotWorkTree: async () => this.workTree,
      commitTree: async (tree, parents, message, author) =>
        this.#commit({ tree, parents: [...parents], message, ...(author ? { author } : {}) }),
      updateRef: async (_ref, sha, old) => {
        if (old !== this.head) throw new GitError('HEAD moved', 'git update-ref', 'exit', 1, '');
        this.head = sha;
      },
      headBranch: async () => 'main',
      readTree: async () => {
        if (this.readTreeError) throw this.readTreeError;
      },
      diffStat: async () => [{ path: 'README.md', added: 1, deleted: 1 }],
      mergeBase: async (a, b) => this.#ancestors(a).find((sha) => this.#ancestors(b).includes(sha)),
      commitsBetween: async (base, tip): Promise<ListedCommit[]> => {
        const excluded = this.#ancestors(base);
        return this.#ancestors(tip)
          .filter((sha) => !excluded.includes(sha))
          .reverse()
          .map((sha) => ({ sha, parents: this.commits.get(sha)!.parents }));
      },
      mergeTree: async (ours, theirs) => {
        if (this.mergeError) throw this.mergeError;
        return this.conflicts.has(`${ours} ${theirs}`) ? undefined : oid(this.#next++);
      },
      commitText: async (sha): Promise<CommitText> => {
        const commit = this.commits.get(sha)!;
        return {
          author: commit.author ?? { name: 'Agent', email: 'agent@example.com', date: 'now' },
          message: commit.message,
        };
      },
      changedUnder: async () => [],
      treeWithDirFrom: async (sha) => this.commits.get(sha)!.tree,
      treeOf: async (sha) => this.commits.get(sha)!.tree,
      push: async (_url, sha, branch) => {
        const call = { branch, sha, deadline };
        this.pushes.push(call);
        const scripted = this.answers.get(branch)?.shift();
        const result =
          typeof scripted === 'function' ? scripted(call) : (scripted ?? this.#fastForward(call));
        if (result.kind === 'pushed') this.remote.set(branch, sha);
        return result;
      },
      fetch: async (_url, branch) => this.remote.get(branch),
    };
    return repo;
  }

  /** A push the remote takes when it is a fast-forward (or a new branch), as a server would. */
  #fastForward(call: PushCall): PushResult {
    const tip = this.remote.get(call.branch);
    return tip === undefined || this.#ancestors(call.sha).includes(tip)
      ? { kind: 'pushed' }
      : { kind: 'moved' };
  }

  /** The repositories the commit stage opens, over this world. */
  repos(): CommitRepos {
    return {
      work: () => this.repo(),
      openRoom: async (): Promise<CleanRoom> => ({
        repo: this.repo(),
        close: () => {
          this.roomsClosed += 1;
        },
      }),
    };
  }
}

/** A starting point as prepareWorkspace records it for a clone on `main`. */
export function fakeStart(overrides: Partial<StartingPoint> = {}): StartingPoint {
  return {
    top: '/work/checkout',
    gitDir: '/work/checkout/.git',
    workGitDir: '/work/checkout/.git',
    originUrl: 'https://github.example/octo/repo.git',
    networkSettings: [],
    head: oid(1),
    branch: 'main',
    base: 'main',
    filterDrivers: {},
    ...overrides,
  };
}
