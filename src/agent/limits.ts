/**
 * The run's three hard limits (turns, wall-clock time, estimated spend) in one place, checked before
 * each request so none is ever crossed, and able to tell when the next request is the last one a
 * limit allows, so the loop can make that one a wind-down.
 */

/** The limit names as the `conclusion` output spells them. */
export type LimitName = 'max-turns' | 'time-limit' | 'budget';

export interface LimitSettings {
  /** Most model requests; never exceeded. */
  maxTurns: number;
  /** Wall-clock time for the whole run, from `startedAt`. */
  timeLimitMs: number;
  /** Spend cap in USD; 0 disables it. */
  maxCostUsd: number;
  /** When the run started (epoch ms); now by default. */
  startedAt?: number;
  /** Time kept free at the end for the wind-down request; derived from timeLimitMs by default. */
  windDownReserveMs?: number;
}

/** What the limits say about the next request. */
export type RequestDecision =
  | { allowed: false; limit: LimitName }
  /** `lastBecause` is set when this request is the last one a limit allows. */
  | { allowed: true; lastBecause: LimitName | undefined };

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
  readonly deadline: number;
  readonly windDownReserveMs: number;
  readonly #clock: () => number;
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;
  #turns = 0;
  #costUsd = 0;

  constructor(settings: LimitSettings, clock: () => number = Date.now) {
    this.#clock = clock;
    this.maxTurns = settings.maxTurns;
    this.maxCostUsd = settings.maxCostUsd;
    this.deadline = (settings.startedAt ?? clock()) + settings.timeLimitMs;
    this.windDownReserveMs =
      settings.windDownReserveMs ?? defaultWindDownReserve(settings.timeLimitMs);
    const abort = (): void =>
      this.#controller.abort(new Error(`time-limit of ${settings.timeLimitMs} ms reached`));
    // Unref'd: a finished run must not be kept alive by the deadline of a limit it no longer needs.
    this.#timer = setTimeout(abort, Math.max(0, this.deadline - clock()));
    this.#timer.unref();
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

  timeLeftMs(): number {
    return Math.max(0, this.deadline - this.#clock());
  }

  /**
   * Whether a request may be sent now, and whether it is the last one a limit allows.
   * `estimatedCostUsd` is what the request is expected to cost (see estimateRequestCost).
   */
  nextRequest(estimatedCostUsd: number): RequestDecision {
    const timeLeft = this.timeLeftMs();
    if (this.#turns >= this.maxTurns) return { allowed: false, limit: 'max-turns' };
    if (timeLeft <= 0) return { allowed: false, limit: 'time-limit' };
    if (this.maxCostUsd > 0 && this.#costUsd >= this.maxCostUsd) {
      return { allowed: false, limit: 'budget' };
    }
    let lastBecause: LimitName | undefined;
    if (this.#turns + 1 >= this.maxTurns) lastBecause = 'max-turns';
    else if (timeLeft <= this.windDownReserveMs) lastBecause = 'time-limit';
    else if (this.maxCostUsd > 0 && this.#costUsd + estimatedCostUsd >= this.maxCostUsd) {
      lastBecause = 'budget';
    }
    return { allowed: true, lastBecause };
  }

  /** Counts a request as made: called as it is sent, so a failed or aborted one still counts. */
  recordRequest(): void {
    this.#turns += 1;
  }

  recordCost(usd: number): void {
    this.#costUsd += usd;
  }

  /**
   * The time limit for one command: the configured one, cut so the command ends before the time
   * kept for the wind-down. 0 means no command may start any more.
   */
  commandTimeoutMs(configuredMs: number): number {
    const available = this.timeLeftMs() - this.windDownReserveMs;
    // Under a second is too little to run anything useful, and a command killed at once only
    // wastes a shell restart.
    if (available < Math.min(1000, configuredMs)) return 0;
    return Math.min(configuredMs, Math.floor(available));
  }

  /** Stops the deadline timer; the signal stays as it is. */
  dispose(): void {
    clearTimeout(this.#timer);
  }
}
