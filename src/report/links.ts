/**
 * The pages on GitHub a report links to, built from the runner's variables (`GITHUB_SERVER_URL`,
 * `GITHUB_REPOSITORY`, `GITHUB_RUN_ID`), which no command of the run can change.
 */

/** The repository's page, when the runner says where it is. */
export function repositoryUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository } = env;
  if (!server || !repository) return undefined;
  return `${server.replace(/\/+$/, '')}/${repository}`;
}

/** The link to this workflow run, when the runner says where it is. */
export function runUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const repository = repositoryUrlOf(env);
  const id = env.GITHUB_RUN_ID;
  return repository && id ? `${repository}/actions/runs/${id}` : undefined;
}

/** A branch name as a URL path: each segment encoded, its slashes kept (`tree/bash-agent/issue-5`). */
function branchPath(branch: string): string {
  return branch.split('/').map(encodeURIComponent).join('/');
}

export const commitUrl = (repository: string, sha: string): string => `${repository}/commit/${sha}`;

export const branchUrl = (repository: string, branch: string): string =>
  `${repository}/tree/${branchPath(branch)}`;

/** What `branch` adds to `base`, as GitHub's compare view shows it. */
export const compareUrl = (repository: string, base: string, branch: string): string =>
  `${repository}/compare/${branchPath(base)}...${branchPath(branch)}`;
