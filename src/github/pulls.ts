/**
 * The pull request of a pushed branch: the open one for that head when there is one (a second run on
 * the branch updates it by its push), else a new one. The caller decides that a PR is wanted (the
 * `pull-request` input, a push to a branch other than the base); failures reach it as errors.
 */
import type { GitHub } from './client.js';
import type { Repository } from './names.js';

export interface PullRequestRequest {
  /** The pushed branch. */
  head: string;
  /** The branch it would merge into. */
  base: string;
  title: string;
  body: string;
}

export interface PullRequestOutcome {
  url: string;
  number: number;
  /** Opened by this run; false when an open one for the head was reused. */
  created: boolean;
}

/** The open PR from `head` in the run's own repository, if there is one. */
async function openPullFor(
  github: GitHub,
  repository: Repository,
  head: string,
): Promise<PullRequestOutcome | undefined> {
  const { data } = await github.request('GET /repos/{owner}/{repo}/pulls', {
    ...repository,
    head: `${repository.owner}:${head}`,
    state: 'open',
    per_page: 1,
  });
  const pull = data[0];
  return pull ? { url: pull.html_url, number: pull.number, created: false } : undefined;
}

export async function openOrReusePullRequest(
  github: GitHub,
  repository: Repository,
  request: PullRequestRequest,
): Promise<PullRequestOutcome> {
  const open = await openPullFor(github, repository, request.head);
  if (open) return open;
  try {
    const { data } = await github.request('POST /repos/{owner}/{repo}/pulls', {
      ...repository,
      head: request.head,
      base: request.base,
      title: request.title,
      body: request.body,
    });
    return { url: data.html_url, number: data.number, created: true };
  } catch (error) {
    // Another job opened one for the same head between the lookup and the creation: use it.
    if ((error as { status?: number }).status === 422) {
      const raced = await openPullFor(github, repository, request.head);
      if (raced) return raced;
    }
    throw error;
  }
}
