/**
 * The one Octokit of the action: `@actions/github`'s client with the retry and throttling plugins, at
 * `GITHUB_API_URL`, with the `github-token` input. `@actions/github` is imported here only, and this
 * module is loaded only when a run talks to GitHub (`reporting.ts` imports it lazily), so a run that
 * never does pays nothing for Octokit at start-up.
 */
import { GitHub as ActionsOctokit, defaults, getOctokitOptions } from '@actions/github/lib/utils';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

const Octokit = ActionsOctokit.plugin(retry, throttling);

/** The REST client every GitHub call of the action goes through. */
export type GitHub = InstanceType<typeof Octokit>;

export interface ClientOptions {
  token: string;
  /** `GITHUB_API_URL`; GitHub.com's API when unset. */
  baseUrl?: string;
  /** Where the client's own complaints go (a rate limit it gives up on, a deprecation). */
  warn: (message: string) => void;
  /**
   * Milliseconds one unit of back-off stands for: 1000 on a runner (retry-after is in seconds); tests
   * shrink it so a scripted 500 or rate limit does not make them wait.
   */
  backoffUnitMs?: number;
  /**
   * GitHub asks for a second between writes and three between notifying ones (comments); the
   * throttling plugin paces them so. Tests that post dozens of comments turn the pacing off.
   */
  paceWrites?: boolean;
  /** REQUEST_DEADLINE_MS on a runner; tests shrink it. */
  requestDeadlineMs?: number;
}

export const USER_AGENT = 'bash-agent-action';

/**
 * The most one attempt of one request may take, body included: a server that accepts the connection
 * and never answers (or stops mid-body) is given up, and the retry plugin decides what follows.
 */
export const REQUEST_DEADLINE_MS = 15_000;

type Fetch = typeof globalThis.fetch;

/** `fetch` with a deadline on each call, the reading of its body included. */
export function fetchWithDeadline(fetch: Fetch, deadlineMs: number): Fetch {
  return (input, init = {}) => {
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetch(input, { ...init, signal });
  };
}

/** The longest a rate limit is waited out, in seconds: the step's end is not held up for longer. */
const MAX_RATE_LIMIT_WAIT_S = 60;

/** A limiter group that runs every job at once: the throttling plugin's pacing, switched off. */
const UNPACED = {
  key: () => ({
    schedule: <T>(...args: unknown[]): Promise<T> => {
      const job = args.find((arg) => typeof arg === 'function') as () => Promise<T>;
      const rest = args.slice(args.indexOf(job) + 1);
      return (job as (...jobArgs: unknown[]) => Promise<T>)(...rest);
    },
  }),
} as never;

export function createGitHub({
  token,
  baseUrl,
  warn,
  backoffUnitMs = 1000,
  paceWrites = true,
  requestDeadlineMs = REQUEST_DEADLINE_MS,
}: ClientOptions): GitHub {
  const limitHandler =
    (kind: string) =>
    (
      retryAfter: number,
      options: { method: string; url: string },
      _octokit: unknown,
      retryCount: number,
    ): boolean => {
      // One retry rides out a short window; a second limit, or a reset far off (a primary limit can
      // be an hour away), means the budget is gone for longer than a report is worth waiting for.
      if (retryCount < 1 && retryAfter <= MAX_RATE_LIMIT_WAIT_S) return true;
      warn(
        `GitHub ${kind} rate limit on ${options.method} ${options.url}; giving up (retry after ${retryAfter} s)`,
      );
      return false;
    };
  return new Octokit(
    getOctokitOptions(token, {
      baseUrl: baseUrl?.replace(/\/+$/, '') || 'https://api.github.com',
      userAgent: USER_AGENT,
      // The defaults' own fetch (the runner's proxy), each call bounded.
      request: {
        ...defaults.request,
        fetch: fetchWithDeadline(
          (defaults.request?.fetch as Fetch | undefined) ?? globalThis.fetch,
          requestDeadlineMs,
        ),
      },
      log: {
        debug: () => undefined,
        info: () => undefined,
        warn: (message: string) => warn(message),
        error: (message: string) => warn(message),
      },
      retry: { retryAfterBaseValue: backoffUnitMs },
      throttle: {
        retryAfterBaseValue: backoffUnitMs,
        onRateLimit: limitHandler('primary'),
        onSecondaryRateLimit: limitHandler('secondary'),
        ...(paceWrites ? {} : { write: UNPACED, notifications: UNPACED }),
      },
    }),
  );
}
