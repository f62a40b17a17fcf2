/**
 * The repository as the agent gets it. Runs before the guard starts and before any process of the
 * agent's exists, so what it reads from the repository's configuration (origin's URL, the ssh
 * command a checkout with a deploy key set) is the checkout's own, and the commit stage later trusts
 * it instead of whatever the configuration says by then. On a pull request run it first checks out
 * the pull request's head, so the agent's work lands there.
 */
import path from 'node:path';
import { parseConfigList } from './credentials.js';
import { git, NETWORK_CALL_TIMEOUT_MS, OBJECT_ID } from './exec.js';
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

async function value(args: string[], cwd: string): Promise<string | undefined> {
  const found = await git(args, { cwd, allowAllExitCodes: true });
  const text = found.stdout.trim();
  return found.exitCode === 0 && text !== '' ? text : undefined;
}

/**
 * A local path of a remote as the clean room (elsewhere on disk) can use it: a relative one is
 * relative to the work tree. URLs and `host:path` are left alone.
 */
function absoluteRemote(url: string | undefined, top: string): string | undefined {
  if (url === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^[^/]+:/.test(url)) return url;
  return path.resolve(top, url);
}

/** Entries of the configuration matching `pattern`, read as plain git would (`scope` narrows it). */
async function settings(top: string, pattern: string, scope: string[] = []) {
  const listed = await git(['config', ...scope, '--null', '--get-regexp', pattern], {
    cwd: top,
    allowAllExitCodes: true,
    userConfig: true,
  });
  return listed.exitCode === 0 ? parseConfigList(listed.stdout) : [];
}

/** The filter drivers of every configuration file (the system's and the user's too), by name. */
async function filterDrivers(top: string): Promise<FilterDrivers> {
  const drivers: Record<string, Record<string, string>> = {};
  for (const { key, value } of await settings(top, '^filter\\..+\\.(clean|process|required)$')) {
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
async function networkSettings(top: string): Promise<Array<[string, string]>> {
  const found: Array<[string, string]> = [];
  for (const scope of ['--system', '--global']) {
    for (const { key, value } of await settings(top, '^http\\.', [scope])) found.push([key, value]);
  }
  return found;
}

/** Refuses a branch name git would not take (or would take for an option), before it reaches argv. */
async function requireBranchName(name: string, cwd: string): Promise<void> {
  const checked = await git(['check-ref-format', `refs/heads/${name}`], {
    cwd,
    allowAllExitCodes: true,
  });
  if (checked.exitCode !== 0 || name.startsWith('-')) {
    throw new Error(`The pull request's head branch '${name}' is not a valid branch name`);
  }
}

/** Fetch options matching the checkout: a shallow clone stays shallow instead of fetching history. */
async function depthArgs(cwd: string): Promise<string[]> {
  return (await value(['rev-parse', '--is-shallow-repository'], cwd)) === 'true'
    ? ['--depth=1']
    : [];
}

/** Fetches and checks out the pull request's head: a tracking branch in the same repository, detached for a fork. */
async function checkOutPullRequest(pr: PullRequestHead, cwd: string): Promise<void> {
  const depth = await depthArgs(cwd);
  const fetch = ['fetch', '--no-tags', '--no-recurse-submodules', ...depth, 'origin'];
  // A remote that never answers must not hold the step (see NETWORK_CALL_TIMEOUT_MS).
  const timeoutMs = NETWORK_CALL_TIMEOUT_MS;
  if (pr.fork) {
    const ref = `refs/remotes/pull/${pr.number}/head`;
    await git([...fetch, `+refs/pull/${pr.number}/head:${ref}`], { cwd, timeoutMs });
    // Whoever can push to the fork can move its head after a maintainer asked for the run: the run
    // works on the commit that was asked about, not on what was pushed since.
    let target = ref;
    if (pr.headSha !== undefined && (await value(['rev-parse', ref], cwd)) !== pr.headSha) {
      if (!OBJECT_ID.test(pr.headSha)) {
        throw new Error(`The pull request's head commit '${pr.headSha}' is not a commit id`);
      }
      const pinned = await git([...fetch, pr.headSha], {
        cwd,
        allowAllExitCodes: true,
        timeoutMs,
      });
      if (pinned.exitCode !== 0) {
        throw new Error(
          `The head of pull request #${pr.number} moved after the run was asked for, and the commit asked about (${pr.headSha}) cannot be fetched`,
        );
      }
      target = pr.headSha;
    }
    await git(['checkout', '--quiet', '--detach', target], { cwd });
    return;
  }
  await requireBranchName(pr.headRef, cwd);
  const tracking = `refs/remotes/origin/${pr.headRef}`;
  await git([...fetch, `+refs/heads/${pr.headRef}:${tracking}`], { cwd, timeoutMs });
  await git(['checkout', '--quiet', '-B', pr.headRef, tracking], { cwd });
  await git(['config', `branch.${pr.headRef}.remote`, 'origin'], { cwd });
  await git(['config', `branch.${pr.headRef}.merge`, `refs/heads/${pr.headRef}`], { cwd });
  // A single-branch clone's fetch refspec does not cover the head branch: without one more, the
  // agent's `git status` and `git pull` would not know the branch tracks origin.
  const upstream = await value(
    ['rev-parse', '--symbolic-full-name', `${pr.headRef}@{upstream}`],
    cwd,
  );
  if (upstream !== tracking) {
    await git(['config', '--add', 'remote.origin.fetch', `+refs/heads/${pr.headRef}:${tracking}`], {
      cwd,
    });
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
  const top = await value(['rev-parse', '--show-toplevel'], workingDirectory);
  if (top === undefined) return undefined;
  if (pullRequest) await checkOutPullRequest(pullRequest, top);
  // Independent reads, at once: this runs before the agent can start.
  const [gitDir, workGitDir, originUrl, sshCommand, head, branch, drivers, network] =
    await Promise.all([
      value(['rev-parse', '--path-format=absolute', '--git-common-dir'], top),
      value(['rev-parse', '--absolute-git-dir'], top),
      value(['config', '--get', 'remote.origin.url'], top).then((configured) =>
        configured === undefined
          ? undefined
          : value(['remote', 'get-url', '--push', 'origin'], top),
      ),
      // From the file: the funnel's own `-c core.sshCommand` would answer a plain `--get`.
      value(['config', '--local', '--get', 'core.sshCommand'], top),
      value(['rev-parse', '--quiet', '--verify', 'HEAD^{commit}'], top),
      value(['symbolic-ref', '--quiet', '--short', 'HEAD'], top),
      filterDrivers(top),
      networkSettings(top),
    ]);
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
