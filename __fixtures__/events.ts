/**
 * Real webhook payloads (from `@octokit/webhooks-examples` 7.6.1) and a fake of the GitHub calls
 * trigger makes. Each load is a fresh parsed copy, so a test edits its own.
 */
import { readFileSync } from 'node:fs';
import type { PullRequestData, TriggerGitHub } from '../src/trigger/payload.js';

export type EventSample =
  | 'issue_comment.created'
  | 'issue_comment.created.on-pr'
  | 'pull_request.opened'
  | 'pull_request_review_comment.created';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are edited freely per case
export type Payload = Record<string, any>;

export function loadEvent(name: EventSample): Payload {
  return JSON.parse(
    readFileSync(new URL(`./events/${name}.json`, import.meta.url), 'utf8'),
  ) as Payload;
}

/** An error as Octokit throws it: with the HTTP status. */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export interface FakeGitHub extends TriggerGitHub {
  /** Every call, as `permissionOf octocat`, `pullRequest 2`, `pullRequestFiles 2 101`. */
  calls: string[];
}

/**
 * Answers permission look-ups from `permissions` (a response, or a status to fail with; logins not
 * listed get 404) and pull request look-ups from `pulls`.
 */
export function fakeGitHub(
  permissions: Record<string, { permission: string; role_name?: string | null } | number>,
  pulls: Record<number, { data: PullRequestData; files: string[] }> = {},
): FakeGitHub {
  const calls: string[] = [];
  return {
    calls,
    permissionOf: (login) => {
      calls.push(`permissionOf ${login}`);
      const answer = permissions[login] ?? 404;
      return typeof answer === 'number'
        ? Promise.reject(new HttpError(answer))
        : Promise.resolve(answer);
    },
    pullRequest: (number) => {
      calls.push(`pullRequest ${number}`);
      const pull = pulls[number];
      return pull ? Promise.resolve(pull.data) : Promise.reject(new HttpError(404));
    },
    pullRequestFiles: (number, limit) => {
      calls.push(`pullRequestFiles ${number} ${limit}`);
      const pull = pulls[number];
      return pull
        ? Promise.resolve(pull.files.slice(0, limit))
        : Promise.reject(new HttpError(404));
    },
  };
}
