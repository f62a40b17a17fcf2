/**
 * The run's three hard limits (turns, wall-clock time, estimated spend) in one place. Before each
 * request they decide whether it may be sent, whether it is the last one a limit allows (the loop
 * makes that one a wind-down) and how many output tokens it may ask for; before each command they
 * decide whether it may start and for how long. Both questions share one rule for time: a request
 * is the wind-down exactly when no command could start after it.
 */

import { LIMIT_DESCRIPTIONS, type LimitName } from '../transcript.js';
import { systemClock, type Clock } from './clock.js';

export type { LimitName };

/** What stopped a run at a limit, when there is nothing more to say about it. */
export function stopDetail(limit: LimitName): string {
  return `Stopped at ${LIMIT_DESCRIPTIONS[limit]}`;
}

export interface LimitSettings {
  /** Most model requests; never exceeded. */
  maxTurns: number;
  /** Wall-clock time for the whole run, from `startedAt`. */
  timeLimitMs: number;
  /** Spend cap in USD; 0 disables it. */
  maxCostUsd: number;
  /** The configured per-command time limit; each command gets it cut to the time left. */
  commandTimeoutMs: number;
  /** When the run started (epoch ms); now by default. */
  startedAt?: number;
  /** Time kept free at the end for the wind-down request; derived from timeLimitMs by default. */
  windDownReserveMs?: number;
}

/** What the next request would cost, as the loop estimates it from what it would send. */
export interface RequestCostEstimate {
  /** USD of its prompt when sent as an ordinary request (with tools, reading the cache). */
  promptUsd: number;
  /**
   * USD of its prompt when sent as the wind-down: `tool_choice` none invalidates the cached
   * messages, so they are written again.
   */
  windDownPromptUsd: number;
  /**
   * USD of the prompt of a wind-down sent after this request, without this request's response: this
   * prompt grown by as much as it grew last time.
   */
  nextWindDownPromptUsd: number;
  /** USD of each output token at this prompt's rates. */
  usdPerOutputToken: number;
  /** USD of each token written to the cache: what a response costs again in the next prompt. */
  usdPerPromptToken: number;
  /** Tokens of the prompt, for messages. */
  promptTokens: number;
}

/** What the limits say about the next request. */
export type RequestDecision =
  | {
      allowed: false;
      limit: LimitName;
      /** Set when the budget stops the run before its first request: what it would have cost. */
      firstRequestUsd?: number;
    }
  | {
      allowed: true;
      /** Set when this request is the last one a limit allows. */
      lastBecause: LimitName | undefined;
      /** `max_tokens` of the request: the configured one, cut so its cost stays inside the budget. */
      maxTokens: number;
      /** The most this request can cost: its prompt plus `maxTokens` of output. */
      estimatedUsd: number;
    };

/**
 * Whether `decision`, made on an upper bound of the prompt, is what the prompt's true size would
 * get: a request allowed all of `maxTokens`, and not the last for the budget's sake. A smaller
 * prompt costs less, so it can only leave as much room or more, and max_tokens is already whole;
 * every other outcome of nextRequest may change with the prompt's size.
 */
export function decidedForAnySmallerPrompt(decision: RequestDecision, maxTokens: number): boolean {
  return decision.allowed && decision.maxTokens === maxTokens && decision.lastBecause !== 'budget';
}

/** The time limit of a command that may start now. */
export interface CommandTimeLimit {
  timeoutMs: number;
  /** The run's deadline, not the configured command-timeout, set `timeoutMs`. */
  cutByDeadline: boolean;
}

/**
 * The least output a request is sent with when the budget cuts max_tokens: room for a final
 * message, or for a tool call with a small file in it. Below this the request would only be cut off.
 */
export const MIN_RESPONSE_TOKENS = 2_048;
/**
 * Under a second is too little to run anything useful, and a command killed at once only wastes a
 * shell restart (unless command-timeout itself is shorter).
 */
const MIN_COMMAND_MS = 1_000;

/**
 * Time kept for the final, tool-less request: 10 % of the limit, at least 25 % of it up to 15 s (a
 * short limit still leaves room for an answer), and at most 2 minutes (a summary never needs more).
 */
export function defaultWindDownReserve(timeLimitMs: number): number {
  return Math.min(120_000, Math.max(timeLimitMs * 0.1, Math.min(15_000, timeLimitMs * 0.25)));
}

export class RunLimits {
  readonly maxTurns: number;
  readonly maxCostUsd: number;
  readonly commandTimeoutMs: number;
  /** When the run started: its duration is measured from here, like its deadline. */
  readonly startedAt: number;
  readonly deadline: number;
  readonly windDownReserveMs: number;
  /** The clock the deadline is on: the loop measures its durations by it too. */
  readonly clock: Clock;
  readonly #controller = new AbortController();
  readonly #timer: { cancel(): void };
  #turns = 0;
  #costUsd = 0;

  constructor(settings: LimitSettings, clock: Clock = systemClock) {
    this.clock = clock;
    this.maxTurns = settings.maxTurns;
    this.maxCostUsd = settings.maxCostUsd;
    this.commandTimeoutMs = settings.commandTimeoutMs;
    this.startedAt = settings.startedAt ?? clock.now();
    this.deadline = this.startedAt + settings.timeLimitMs;
    this.windDownReserveMs =
      settings.windDownReserveMs ?? defaultWindDownReserve(settings.timeLimitMs);
    const abort = (): void =>
      this.#controller.abort(new Error(`time-limit of ${settings.timeLimitMs} ms reached`));
    this.#timer = clock.timer(Math.max(0, this.deadline - clock.now()), abort);
  }

  /** Aborts at the deadline: given to every API request so one in flight stops there. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get turns(): number {
    return this.#turns;
  }

  get costUsd(): number {
    return this.#costUsd;
  }

  timeLeftMs(at = this.clock.now()): number {
    return Math.max(0, this.deadline - at);
  }

  /**
   * The time limit for a command starting now (or `afterMs` from now): the configured one, cut so
   * the command ends before the time kept for the wind-down; undefined when no command may start.
   * This is the one rule for "can a command still start": nextRequest winds down by it too.
   */
  commandTimeLimit(afterMs = 0): CommandTimeLimit | undefined {
    const available = Math.floor(
      this.timeLeftMs(this.clock.now() + afterMs) - this.windDownReserveMs,
    );
    if (available < Math.min(MIN_COMMAND_MS, this.commandTimeoutMs)) return undefined;
    return available < this.commandTimeoutMs
      ? { timeoutMs: available, cutByDeadline: true }
      : { timeoutMs: this.commandTimeoutMs, cutByDeadline: false };
  }

  /**
   * Whether a request may be sent now, whether it is the last one a limit allows, and its
   * max_tokens. `maxTokens` is the configured max_tokens; `cost` what the request would cost;
   * `responseMs` how long the answer is expected to take (the last one's time): a request whose
   * answer would come when no command can start any more is the wind-down.
   *
   * The budget is never crossed by a request sent: a request goes only when its prompt plus its
   * max_tokens of output fit in what is left. An ordinary request must also leave room for a
   * wind-down after it (the grown prompt with this response in it, plus MIN_RESPONSE_TOKENS), so
   * the run ends with a final message rather than out of money; when it cannot, this request is the
   * wind-down.
   */
  nextRequest(cost: RequestCostEstimate, maxTokens: number, responseMs = 0): RequestDecision {
    if (this.#turns >= this.maxTurns) return { allowed: false, limit: 'max-turns' };
    if (this.timeLeftMs() <= 0) return { allowed: false, limit: 'time-limit' };
    let lastBecause: LimitName | undefined;
    if (this.#turns + 1 >= this.maxTurns) lastBecause = 'max-turns';
    else if (this.commandTimeLimit(responseMs) === undefined) lastBecause = 'time-limit';

    if (this.maxCostUsd <= 0) {
      const promptUsd = lastBecause ? cost.windDownPromptUsd : cost.promptUsd;
      return {
        allowed: true,
        lastBecause,
        maxTokens,
        estimatedUsd: promptUsd + maxTokens * cost.usdPerOutputToken,
      };
    }

    const left = this.maxCostUsd - this.#costUsd;
    const leastOutput = Math.min(maxTokens, MIN_RESPONSE_TOKENS);
    /** Output tokens `usd` pays for at `perToken` each, at most the configured max_tokens. */
    const affordable = (usd: number, perToken = cost.usdPerOutputToken): number =>
      Math.min(maxTokens, Math.floor(usd / perToken));
    const windDownAtLeast = cost.windDownPromptUsd + leastOutput * cost.usdPerOutputToken;

    if (!lastBecause) {
      // Each output token is paid once now and once more as part of the wind-down's prompt.
      const nextWindDownAtLeast = cost.nextWindDownPromptUsd + leastOutput * cost.usdPerOutputToken;
      const tokens = affordable(
        left - cost.promptUsd - nextWindDownAtLeast,
        cost.usdPerOutputToken + cost.usdPerPromptToken,
      );
      if (tokens >= leastOutput) {
        return {
          allowed: true,
          lastBecause,
          maxTokens: tokens,
          estimatedUsd: cost.promptUsd + tokens * cost.usdPerOutputToken,
        };
      }
      // A first request that can only be a wind-down would just ask for a summary of nothing.
      if (this.#turns === 0) {
        return {
          allowed: false,
          limit: 'budget',
          firstRequestUsd:
            cost.promptUsd +
            leastOutput * (cost.usdPerOutputToken + cost.usdPerPromptToken) +
            cost.nextWindDownPromptUsd +
            leastOutput * cost.usdPerOutputToken,
        };
      }
      lastBecause = 'budget';
    }
    const tokens = affordable(left - cost.windDownPromptUsd);
    if (tokens < leastOutput) {
      return this.#turns === 0
        ? { allowed: false, limit: 'budget', firstRequestUsd: windDownAtLeast }
        : { allowed: false, limit: 'budget' };
    }
    return {
      allowed: true,
      lastBecause,
      maxTokens: tokens,
      estimatedUsd: cost.windDownPromptUsd + tokens * cost.usdPerOutputToken,
    };
  }

  /** Counts a request as made: called as it is sent, so a failed or aborted one still counts. */
  recordRequest(): void {
    this.#turns += 1;
  }

  recordCost(usd: number): void {
    this.#costUsd += usd;
  }

  /** Stops the deadline timer; the signal stays as it is. */
  dispose(): void {
    this.#timer.cancel();
  }
}
