/**
 * The pages on GitHub a report links to below the repository's own (run/runner.ts): a commit, a
 * branch, a comparison.
 */

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
