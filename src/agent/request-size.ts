/**
 * How big the next request is and what it would cost, before it is sent: its prompt bounded from
 * its bytes, and counted by the API's token counter only when the bound leaves the budget's
 * decision open (or estimated from characters when the counter is missing or fails), the part the
 * cache still holds from the previous request, and how much the prompt grows from one request to
 * the next.
 */
import type { MessageCountTokensParams } from '@anthropic-ai/sdk/resources/messages';
import type { PromptMeasure } from '../transcript.js';
import type { TextSize } from './conversation.js';
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
/**
 * The bound's allowance for what the API adds for tool use, which no byte of the request shows: the
 * estimate's 600 with room for a longer tool-use system prompt in a later model.
 */
export const TOOL_USE_PROMPT_BOUND_TOKENS = 2 * TOOL_USE_PROMPT_TOKENS;
/**
 * The bound's allowance for the framing the API's rendering puts around each message and each
 * block (the role, the tags around a tool call or a result): a few tokens in any rendering, and
 * more than the keys of the block's own JSON, which the bound does not count for text.
 */
export const FRAMING_TOKENS_PER_PART = 64;
/** The wind-down instruction in tokens, added to the wind-down's prompt (same for every limit). */
const WIND_DOWN_TOKENS = Math.ceil(windDownInstruction('time-limit').length / CHARS_PER_TOKEN) + 20;

/** The token-counting endpoint as the SDK client has it (`client.messages.countTokens`). */
export type CountTokens = (
  params: MessageCountTokensParams,
  options?: { signal?: AbortSignal; timeout?: number; maxRetries?: number },
) => PromiseLike<{ input_tokens: number }>;

/**
 * A prompt's size. A bound holds because every token of a tokenizer stands for at least one byte
 * of text, and the framing of a part for at most FRAMING_TOKENS_PER_PART; an estimate divides
 * characters by CHARS_PER_TOKEN.
 */
export interface PromptSize {
  tokens: number;
  measure: PromptMeasure;
}

/** The sizes the sizer works from: the conversation's, whole and since the last request. */
export interface ConversationSize {
  size: Readonly<TextSize>;
  sizeSinceRequest: Readonly<TextSize>;
}

/** The most tokens text of this size can be. */
const boundTokens = (size: Readonly<TextSize>): number =>
  size.bytes + size.parts * FRAMING_TOKENS_PER_PART;

export interface RequestSizerOptions {
  /** What every request carries before its messages: the system prompt and the tools' JSON. */
  prefix: Readonly<TextSize>;
  /** The counter; undefined, or false-y `useCounter`, means characters only. */
  countTokens: CountTokens | undefined;
  useCounter: boolean;
  /** Aborts a count in flight at the run's deadline. */
  signal: AbortSignal;
  timeLeftMs: () => number;
  /** Told once, when the counter fails and estimates take over. */
  onCounterFailed: (error: unknown) => void;
  /** Told when the API counted more than a bound: bounds are not used again in the run. */
  onBoundExceeded: (counted: number, bound: number) => void;
  clock?: () => number;
}

export class RequestSizer {
  readonly #options: RequestSizerOptions;
  readonly #clock: () => number;
  /** The counter while it is used: none without a budget, and none again once it failed. */
  #counter: CountTokens | undefined;
  /** Tokens of the last prompt the cache holds (0 when nothing is known to be cached), and when. */
  #cached = { tokens: 0, at: 0 };
  /**
   * Tokens of the previous request's prompt (0 before the first), and how much it had grown: as
   * measured when it was sent, and exact once its response reported usage.
   */
  #sent = { tokens: 0, growth: 0 };
  /** Tokens of the prompt before that, from which the previous one's growth is known. */
  #sentBefore = 0;
  /**
   * The exact tokens of the last prompt answered, while the next prompt starts with all of it (no
   * rewrite, the same model): what the next one's bound grows from.
   */
  #base: number | undefined;
  /** Whether bounds are still used: until the check of one finds the API counting more. */
  #bounding = true;
  /**
   * The check of the first bound that decided a request, while it runs (its verdict is applied by
   * the next measure, between requests, where what it tells belongs in the log), or once done.
   */
  #check: Promise<(() => void) | undefined> | 'done' | undefined;
  /** Aborts a check still out when the run ends. */
  readonly #checkController = new AbortController();

  constructor(options: RequestSizerOptions) {
    this.#options = options;
    this.#clock = options.clock ?? Date.now;
    this.#counter = options.useCounter ? options.countTokens : undefined;
  }

  /**
   * The prompt's text in tokens, estimated from characters: the last prompt as reported plus what
   * was added since, or the whole conversation with the system prompt, whichever is larger (a
   * gateway may report usage oddly, or not at all). What the API adds for tool use is not in it.
   */
  estimatedTokens(conversation: ConversationSize): number {
    const whole = (conversation.size.chars + this.#options.prefix.chars) / CHARS_PER_TOKEN;
    const grown = (this.#base ?? 0) + conversation.sizeSinceRequest.chars / CHARS_PER_TOKEN;
    return Math.ceil(Math.max(whole, grown));
  }

  /**
   * The most tokens the prompt can be: the last prompt's exact size plus the bound of what was added
   * since, or the bound of the whole request, whichever is smaller.
   */
  boundTokens(conversation: ConversationSize): number {
    const whole =
      boundTokens(conversation.size) +
      boundTokens(this.#options.prefix) +
      TOOL_USE_PROMPT_BOUND_TOKENS;
    if (this.#base === undefined) return whole;
    return Math.min(whole, this.#base + boundTokens(conversation.sizeSinceRequest));
  }

  /**
   * The size of the request's prompt. While the counter answers, the prompt's bound is tried first:
   * when `boundDecides` says the limits decide on it as they would on any smaller prompt, that is
   * the size, and the round trip of a count is saved (the first time, the count is made alongside
   * the request, to check the bound). Otherwise the prompt is counted, and when the counter is
   * missing or fails, estimated from characters.
   */
  async measure(
    request: MessageCountTokensParams,
    conversation: ConversationSize,
    boundDecides: (bound: PromptSize) => boolean,
  ): Promise<PromptSize> {
    if (this.#check instanceof Promise) {
      const verdict = await this.#check;
      this.#check = 'done';
      verdict?.();
    }
    const estimate: PromptSize = {
      tokens: this.estimatedTokens(conversation) + TOOL_USE_PROMPT_TOKENS,
      measure: 'estimated',
    };
    const counter = this.#counter;
    if (!counter) return estimate;
    const bound: PromptSize = { tokens: this.boundTokens(conversation), measure: 'bounded' };
    if (this.#bounding && boundDecides(bound)) {
      // The bound's premise is the tokenizer's, which only the API knows: the first bound used is
      // counted too, alongside the request rather than before it (the count starts once this turn
      // of the event loop has sent the request), and from a count above it on, every request is
      // counted.
      if (this.#check === undefined) {
        const sent = new Promise((resolve) => setImmediate(resolve));
        this.#check = sent
          .then(() => this.#count(counter, request, this.#checkController.signal))
          .then((answer) => {
            if ('failed' in answer) return () => this.#counterFailed(answer.failed);
            if (!('tokens' in answer) || answer.tokens <= bound.tokens) return undefined;
            return () => {
              this.#bounding = false;
              this.#options.onBoundExceeded(answer.tokens, bound.tokens);
            };
          });
      }
      return bound;
    }
    const answer = await this.#count(counter, request);
    if ('tokens' in answer) return { tokens: answer.tokens, measure: 'counted' };
    if ('failed' in answer) this.#counterFailed(answer.failed);
    // At the deadline the limits stop the run next; the estimate is good enough for that.
    return estimate;
  }

  /** Ends the check still out, if any: the run is over, and nothing will read its verdict. */
  dispose(): void {
    this.#checkController.abort();
  }

  /** The API's count of the request; `aborted` at the run's deadline (or `stop`). */
  async #count(
    counter: CountTokens,
    request: MessageCountTokensParams,
    stop?: AbortSignal,
  ): Promise<{ tokens: number } | { failed: unknown } | { aborted: true }> {
    const { signal, timeLeftMs } = this.#options;
    const aborted = stop ? AbortSignal.any([signal, stop]) : signal;
    try {
      const answer = await counter(request, {
        signal: aborted,
        timeout: Math.max(1, Math.min(COUNT_TIMEOUT_MS, Math.ceil(timeLeftMs() / 4))),
        maxRetries: 0,
      });
      const tokens = answer?.input_tokens;
      if (typeof tokens !== 'number' || !Number.isFinite(tokens) || tokens < 0) {
        throw new Error(`the answer has no token count: ${JSON.stringify(answer)}`);
      }
      return { tokens };
    } catch (error) {
      return aborted.aborted ? { aborted: true } : { failed: error };
    }
  }

  /** Estimates take over for the rest of the run. */
  #counterFailed(error: unknown): void {
    this.#counter = undefined;
    this.#options.onCounterFailed(error);
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
    this.#sentBefore = this.#sent.tokens;
    this.#sent = {
      tokens: prompt.tokens,
      growth: this.#sent.tokens === 0 ? 0 : this.#growth(prompt),
    };
  }

  /**
   * Records a response by its usage: the exact size of the prompt it answered, which replaces the
   * size the prompt was sent with (a bound overstates it, and its growth with it), and what the
   * cache holds now.
   */
  answered(usage: UsageLike | undefined): void {
    if (!usage) return;
    const tokens = promptTokens(usage);
    this.#sent = { tokens, growth: this.#sentBefore === 0 ? 0 : tokens - this.#sentBefore };
    this.#base = tokens;
    // A response that neither read nor wrote the cache (caching off at a gateway, or a prompt
    // under the minimum) leaves nothing cheap to read next time.
    const cachedNow =
      (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) > 0;
    this.#cached = { tokens: cachedNow ? tokens : 0, at: this.#clock() };
  }

  /**
   * The last prompt is no longer where the next one starts (the conversation was condensed in the
   * middle, or the run switched model): nothing of it is cached, and its size bounds nothing. The
   * next bound used is checked again, as after a switch it is another model's tokenizer that counts.
   */
  forgetPrefix(): void {
    this.#cached = { tokens: 0, at: 0 };
    this.#base = undefined;
    if (this.#check === 'done') this.#check = undefined;
  }

  #growth(prompt: PromptSize): number {
    return prompt.tokens - this.#sent.tokens;
  }
}
