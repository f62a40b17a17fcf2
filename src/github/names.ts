/**
 * What the GitHub modules share without loading Octokit: the repository's name and an API failure in
 * words. Kept apart from `client.ts` so that importing them costs a run nothing at start-up.
 */

/** The repository of the run, as `GITHUB_REPOSITORY` names it. */
export interface Repository {
  owner: string;
  repo: string;
}

/** `owner/name` → its parts; undefined when the variable is missing or malformed. */
export function parseRepository(value: string | undefined): Repository | undefined {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(value?.trim() ?? '');
  return match ? { owner: match[1] as string, repo: match[2] as string } : undefined;
}

/** An API failure in one line: the status and GitHub's own message when there is one. */
export function describeApiError(error: unknown): string {
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' ? `HTTP ${status}: ${error.message}` : error.message;
  }
  return String(error);
}
