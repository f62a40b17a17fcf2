/**
 * The webhook payload as the trigger reads it, and the few GitHub calls it makes about the people and
 * pull requests the payload names (implemented over Octokit under src/github/, so the trigger holds
 * no HTTP).
 */
import { messageOf } from '../base/errors.js';

/** What trigger needs from the GitHub REST API (implemented over Octokit under src/github/). */
export interface TriggerGitHub {
  /**
   * `GET /repos/{owner}/{repo}/collaborators/{username}/permission`, the response data as is.
   * Throws on failure with the HTTP `status` on the error: 404 means "not a collaborator".
   */
  permissionOf(login: string): Promise<{ permission: string; role_name?: string | null }>;
  /** `GET /repos/{owner}/{repo}/pulls/{pull_number}`, the response data as is. */
  pullRequest(number: number): Promise<PullRequestData>;
  /** `GET /repos/{owner}/{repo}/pulls/{pull_number}/files`, paginated: at most `limit` file names. */
  pullRequestFiles(number: number, limit: number): Promise<string[]>;
}

/** The fields of a pull request (webhook payload or REST response) that trigger reads. */
export interface PullRequestData {
  number: number;
  title: string;
  body?: string | null;
  html_url: string;
  user?: Actor | null;
  changed_files?: number;
  base: { ref: string; repo: { full_name: string } };
  head: { ref: string; sha: string; repo: { full_name: string } | null };
}

export interface Actor {
  login: string;
  /** REST types allow a bigint; a real id fits a number. */
  id?: number | bigint;
  type?: string;
  name?: string | null;
}

export interface IssueData {
  number: number;
  title: string;
  body?: string | null;
  html_url: string;
  user?: Actor | null;
  /** Present when the issue is a pull request. */
  pull_request?: unknown;
}

export interface CommentData {
  id: number;
  html_url: string;
  body?: string | null;
  user: Actor;
}

/** The webhook payload fields of the events that can trigger a run. */
export interface Payload {
  action?: string;
  comment?: CommentData;
  review?: CommentData;
  issue?: IssueData;
  pull_request?: PullRequestData;
  label?: { name: string };
  sender?: Actor;
}

/** The pull request a run works on, for checking out its head and deciding whether to push. */
export interface PullRequestRef {
  number: number;
  baseRef: string;
  headRef: string;
  headSha: string;
  /** `owner/name` of the head repository; null when that repository was deleted. */
  headRepository: string | null;
  /** The head lives outside this repository (or its repository is gone): never push to it. */
  fork: boolean;
}

export function pullRequestRef(data: PullRequestData): PullRequestRef {
  const headRepository = data.head.repo?.full_name ?? null;
  return {
    number: data.number,
    baseRef: data.base.ref,
    headRef: data.head.ref,
    headSha: data.head.sha,
    headRepository,
    fork: headRepository !== data.base.repo.full_name,
  };
}

/** A failed GitHub call in words, with its HTTP status when it has one. */
export function describeError(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  const message = messageOf(error);
  return typeof status === 'number' ? `HTTP ${status}: ${message}` : message;
}
