/**
 * The repository as the agent gets it. Runs before the guard starts and before any process of the
 * agent's exists, so what it reads from the repository's configuration (origin's URL, the ssh
 * command a checkout with a deploy key set) is the checkout's own, and the commit stage later trusts
 * it instead of whatever the configuration says by then. On a pull request run it first checks out
 * the pull request's head, so the agent's work lands there.
 */
import path from 'node:path';
import { OBJECT_ID } from './exec.js';
import { findGitRepo, type GitRepo } from './repo.js';
import { GitError } from '../base/errors.js';
import type { FilterDrivers } from './work-tree.js';

/** The pull request a run works on, as the trigger tells it. */
export interface PullRequestHead {
  number: number;
  /** The head branch's name (in the fork, for a fork). */
  headRef: string;
  baseRef: string;
  /** The head branch lives in another repository: it is fetched, worked on, and never pushed. */
  fork: boolean;
  /** The head commit when the run was asked for; a fork's head is checked out at exactly this. */
  headSha?: string;
}

/** What the commit stage needs to know about the repository from before the agent ran. */
export interface StartingPoint {
  /** Top of the work tree. */
  top: string;
  /** The common git directory, where the objects are. */
  gitDir: string;
  /** The work tree's own git directory, where HEAD and the index are (the common one in a plain clone). */
  workGitDir: string;
  /** Where `origin` pushes to, as configured before the run; undefined without an origin. */
  originUrl?: string;
  /** `core.sshCommand` as configured before the run (a deploy key's), for the push. */
  sshCommand?: string;
  /** The system's and the user's `http.*` settings before the run (proxy, CA), for the push. */
  networkSettings: Array<[string, string]>;
  /** The commit checked out; undefined in a repository without commits. */
  head?: string;
  /** The branch checked out; undefined when HEAD is detached. */
  branch?: string;
  /** The branch a pull request from the pushed branch would target. */
  base?: string;
  /** Why nothing may be pushed, when nothing may. */
  noPush?: string;
  /** The filter drivers configured before the run (Git LFS's, typically): the only ones a commit runs. */
  filterDrivers: FilterDrivers;
}

export const FORK_NOTE =
  'The changes were not pushed because the pull request comes from a fork, whose branch this repository’s token may not write to.';

/**
 * A local path of a remote as the clean room (elsewhere on disk) can use it: a relative one is
 * relative to the work tree. URLs and `host:path` are left alone.
 */
function absoluteRemote(url: string | undefined, top: string): string | undefined {
  if (url === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^[^/]+:/.test(url)) return url;
  return path.resolve(top, url);
}

/** The filter drivers of every configuration file (the system's and the user's too), by name. */
async function filterDrivers(repo: GitRepo): Promise<FilterDrivers> {
  const drivers: Record<string, Record<string, string>> = {};
  for (const { key, value } of await repo.configEntries(
    '^filter\\..+\\.(clean|process|required)$',
  )) {
    const name = key.slice('filter.'.length, key.lastIndexOf('.'));
    // The last value wins, as it does for git; a bare key is boolean true.
    (drivers[name] ??= {})[key.slice(key.lastIndexOf('.') + 1)] = value === '' ? 'true' : value;
  }
  return drivers;
}

/**
 * The `http.*` settings of the system's and the user's configuration (a proxy, a certificate
 * authority), which the push needs and the clean room does not read.
 */
async function networkSettings(repo: GitRepo): Promise<Array<[string, string]>> {
  const found: Array<[string, string]> = [];
  for (const scope of ['system', 'global'] as const) {
    for (const { key, value } of await repo.configEntries('^http\\.', scope)) {
      found.push([key, value]);
    }
  }
  return found;
}

/** Fetches and checks out the pull request's head: a tracking branch in the same repository, detached for a fork. */
async function checkOutPullRequest(pr: PullRequestHead, repo: GitRepo): Promise<void> {
  if (pr.fork) {
    const ref = `refs/remotes/pull/${pr.number}/head`;
    await repo.fetchFrom('origin', `+refs/pull/${pr.number}/head:${ref}`);
    // Whoever can push to the fork can move its head after a maintainer asked for the run: the run
    // works on the commit that was asked about, not on what was pushed since.
    let target = ref;
    if (pr.headSha !== undefined && (await repo.resolveCommit(ref)) !== pr.headSha) {
      if (!OBJECT_ID.test(pr.headSha)) {
        throw new Error(`The pull request's head commit '${pr.headSha}' is not a commit id`);
      }
      const pinned = await repo.fetchFrom('origin', pr.headSha).then(
        () => true,
        (error: unknown) => {
          if (error instanceof GitError) return false;
          throw error;
        },
      );
      if (!pinned) {
        throw new Error(
          `The head of pull request #${pr.number} moved after the run was asked for, and the commit asked about (${pr.headSha}) cannot be fetched`,
        );
      }
      target = pr.headSha;
    }
    await repo.checkOutDetached(target);
    return;
  }
  if (!(await repo.isBranchName(pr.headRef))) {
    throw new Error(`The pull request's head branch '${pr.headRef}' is not a valid branch name`);
  }
  const tracking = `refs/remotes/origin/${pr.headRef}`;
  await repo.fetchFrom('origin', `+refs/heads/${pr.headRef}:${tracking}`);
  await repo.checkOutBranch(pr.headRef, tracking);
  await repo.setConfig(`branch.${pr.headRef}.remote`, 'origin');
  await repo.setConfig(`branch.${pr.headRef}.merge`, `refs/heads/${pr.headRef}`);
  // A single-branch clone's fetch refspec does not cover the head branch: without one more, the
  // agent's `git status` and `git pull` would not know the branch tracks origin.
  if ((await repo.upstreamOf(pr.headRef)) !== tracking) {
    await repo.setConfig('remote.origin.fetch', `+refs/heads/${pr.headRef}:${tracking}`, true);
  }
}

/**
 * Checks out the pull request's head when there is one, then records the starting point; undefined
 * when the working directory is not in a git repository.
 */
export async function prepareWorkspace(
  workingDirectory: string,
  pullRequest?: PullRequestHead,
): Promise<StartingPoint | undefined> {
  const top = await findGitRepo(workingDirectory).topLevel();
  if (top === undefined) return undefined;
  const repo = findGitRepo(top);
  if (pullRequest) await checkOutPullRequest(pullRequest, repo);
  // Independent reads, at once: this runs before the agent can start.
  const [dirs, originUrl, sshCommand, head, branch, drivers, network] = await Promise.all([
    repo.gitDirs(),
    repo
      .configValue('remote.origin.url')
      .then((configured) => (configured === undefined ? undefined : repo.pushUrl('origin'))),
    // From the file: the funnel's own `-c core.sshCommand` would answer a plain `--get`.
    repo.configValue('core.sshCommand', 'local'),
    repo.resolveCommit('HEAD'),
    repo.headBranch(),
    filterDrivers(repo),
    networkSettings(repo),
  ]);
  const { common: gitDir, own: workGitDir } = dirs;
  return {
    top,
    gitDir: gitDir ?? path.join(top, '.git'),
    workGitDir: workGitDir ?? path.join(top, '.git'),
    originUrl: absoluteRemote(originUrl, top),
    sshCommand,
    head,
    branch,
    base: pullRequest ? pullRequest.baseRef : branch,
    noPush: pullRequest?.fork ? FORK_NOTE : undefined,
    filterDrivers: drivers,
    networkSettings: network,
  };
}
