/**
 * How big the next request is and what it would cost, before it is sent: its prompt counted by the
 * API's token counter while a budget needs it (or estimated from characters when the counter is
 * missing or fails), the part the cache still holds from the previous request, and how much the
 * prompt grows from one request to the next.
 */
import type { MessageCountTokensParams } from '@anthropic-ai/sdk/resources/messages';
import type { RequestCostEstimate } from './limits.js';
import { estimateRequestCost, promptTokens, type ModelPrice, type UsageLike } from './pricing.js';
import { windDownInstruction } from './prompt.js';

/** A conservative characters-per-token ratio for estimates (code and logs tokenise densely). */
export const CHARS_PER_TOKEN = 3.5;
/**
 * Longest the token count of one request may take: 10 s, and never more than a quarter of the time
 * left, so a slow counter cannot eat the time kept for the wind-down.
 */
const COUNT_TIMEOUT_MS = 10_000;
/**
 * How long a prompt stays in the cache after a request: the 5-minute TTL of `ephemeral`, less a
 * margin. An estimate after a longer pause prices the whole prompt as written again.
 */
const CACHE_LIFETIME_MS = 4.5 * 60_000;
/**
 * What the API adds to the prompt of a request with tools and no text of ours shows: its tool-use
 * system prompt and the bash tool's definition (about 350 and 245 tokens by the tool-use docs).
 */
const TOOL_USE_PROMPT_TOKENS = 600;
/** The wind-down instruction in tokens, added to the wind-down's prompt (same for every limit). */
const WIND_DOWN_TOKENS = Math.ceil(windDownInstruction('time-limit').length / CHARS_PER_TOKEN) + 20;

/** The token-counting endpoint as the SDK client has it (`client.messages.countTokens`). */
export type CountTokens = (
  params: MessageCountTokensParams,
  options?: { signal?: AbortSignal; timeout?: number; maxRetries?: number },
) => PromiseLike<{ input_tokens: number }>;

export interface PromptSize {
  tokens: number;
  /** Counted by the API, not estimated from characters. */
  counted: boolean;
}

export interface RequestSizerOptions {
  /** The counter; undefined, or false-y `useCounter`, means characters only. */
  countTokens: CountTokens | undefined;
  useCounter: boolean;
  /** Aborts a count in flight at the run's deadline. */
  signal: AbortSignal;
  timeLeftMs: () => number;
  /** Told once, when the counter fails and estimates take over. */
  onCounterFailed: (error: unknown) => void;
  clock?: () => number;
}

export class RequestSizer {
  readonly #options: RequestSizerOptions;
  readonly #clock: () => number;
  #counting: boolean;
  /** Tokens of the last prompt the cache holds (0 when nothing is known to be cached), and when. */
  #cached = { tokens: 0, at: 0 };
  /** Tokens of the previous request's prompt (0 before the first), and how much it had grown. */
  #sent = { tokens: 0, growth: 0 };

  constructor(options: RequestSizerOptions) {
    this.#options = options;
    this.#clock = options.clock ?? Date.now;
    this.#counting = options.useCounter && options.countTokens !== undefined;
  }

  /**
   * The size of the request's prompt: counted while the counter answers, else `estimatedTokens`
   * (from characters) plus what the API adds for tool use.
   */
  async measure(request: MessageCountTokensParams, estimatedTokens: number): Promise<PromptSize> {
    const estimate = {
      tokens: Math.ceil(estimatedTokens) + TOOL_USE_PROMPT_TOKENS,
      counted: false,
    };
    const { countTokens, signal, timeLeftMs } = this.#options;
    if (!this.#counting || !countTokens) return estimate;
    try {
      const answer = await countTokens(request, {
        signal,
        timeout: Math.max(1, Math.min(COUNT_TIMEOUT_MS, Math.ceil(timeLeftMs() / 4))),
        maxRetries: 0,
      });
      const tokens = answer?.input_tokens;
      if (typeof tokens !== 'number' || !Number.isFinite(tokens) || tokens < 0) {
        throw new Error(`the answer has no token count: ${JSON.stringify(answer)}`);
      }
      return { tokens, counted: true };
    } catch (error) {
      // At the deadline the limits stop the run next; the estimate is good enough for that.
      if (signal.aborted) return estimate;
      this.#counting = false;
      this.#options.onCounterFailed(error);
      return estimate;
    }
  }

  /** What a request of this size would cost, for RunLimits.nextRequest. */
  cost(price: ModelPrice, prompt: PromptSize): RequestCostEstimate {
    const cachedTokens =
      this.#clock() - this.#cached.at <= CACHE_LIFETIME_MS ? this.#cached.tokens : 0;
    return estimateRequestCost(price, {
      tokens: prompt.tokens,
      cachedTokens,
      windDownExtraTokens: WIND_DOWN_TOKENS,
      // Unknown before the first response: the reserve then holds only the prompt itself.
      growthTokens: this.#sent.tokens === 0 ? 0 : Math.max(this.#sent.growth, this.#growth(prompt)),
    });
  }

  /** Records a request as sent with this prompt. */
  sent(prompt: PromptSize): void {
    this.#sent = {
      tokens: prompt.tokens,
      growth: this.#sent.tokens === 0 ? 0 : this.#growth(prompt),
    };
  }

  /** Records what the cache holds after a response, by its usage. */
  answered(usage: UsageLike | undefined): void {
    if (!usage) return;
    // A response that neither read nor wrote the cache (caching off at a gateway, or a prompt
    // under the minimum) leaves nothing cheap to read next time.
    const cachedNow =
      (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) > 0;
    this.#cached = { tokens: cachedNow ? promptTokens(usage) : 0, at: this.#clock() };
  }

  /** The conversation was rewritten in the middle: the next prompt is written to the cache anew. */
  forgetCache(): void {
    this.#cached = { tokens: 0, at: 0 };
  }

  #growth(prompt: PromptSize): number {
    return prompt.tokens - this.#sent.tokens;
  }
}
