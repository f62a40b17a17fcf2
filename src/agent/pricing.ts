/**
 * Per-model token prices, and the cost of one response from its `usage`.
 *
 * Prices are USD per million tokens, from Anthropic's published pricing (platform.claude.com/docs
 * "Pricing" and the per-model overview pages, checked 2026-12). Cache writes here are 5-minute writes
 * (the `ephemeral` default the loop uses); 1-hour writes, reported separately in
 * `usage.cache_creation`, are priced at 2x input.
 *
 * Where sources disagreed the higher figure is kept: this estimate enforces a spending cap, so erring
 * high stops a run a little early, while erring low would let it overspend. (Sonnet 5.5 cache reads
 * were reported cut from $0.20 to $0.10 in Oct 2026; the model page still lists $0.20, which we keep.)
 */
import type { RequestCostEstimate } from './limits.js';

/** USD per million tokens of each kind. */
export interface TokenRates {
  input: number;
  output: number;
  /** 5-minute cache write. */
  cacheWrite: number;
  /** 1-hour cache write. */
  cacheWrite1h: number;
  cacheRead: number;
}

/**
 * Prices of one model. Some models bill a request whose prompt (input + cache reads + cache writes)
 * exceeds a threshold at higher rates on every token of that request, output included.
 */
export interface ModelPrice {
  /** Human-readable name of the row that matched, for messages. */
  name: string;
  rates: TokenRates;
  longPrompt?: { thresholdTokens: number; rates: TokenRates };
  /** Released before Bedrock and Vertex AI priced regional endpoints apart: one price everywhere. */
  singleEndpointPrice?: true;
}

export interface PriceLookup {
  price: ModelPrice;
  /** `exact`: a row of the table; `family`: an unlisted version of a known family; `unknown`. */
  match: 'exact' | 'family' | 'unknown';
  /** Set when the estimate may be off: say so in the log. */
  warning?: string;
}

/** Rates from input/output with the standard cache multipliers (1.25x, 2x, 0.1x). */
function standard(input: number, output: number, cacheRead = input * 0.1): TokenRates {
  return { input, output, cacheWrite: input * 1.25, cacheWrite1h: input * 2, cacheRead };
}

const FABLE_5_1 = standard(10, 50, 0.25);
const FABLE_5 = standard(10, 50, 1);
const OPUS_5_5 = standard(4, 20, 0.2);
const OPUS_4_5_TO_5 = standard(5, 25);
const OPUS_4_0_TO_4_1 = standard(15, 75);
const SONNET_5 = standard(2, 10, 0.2);
const SONNET_3_TO_4_6 = standard(3, 15);
const HAIKU_5_5 = standard(0.1, 0.5, 0.01);
const HAIKU_5_5_LONG = standard(0.5, 2.5, 0.05);
const HAIKU_4_5 = standard(1, 5);
const HAIKU_3_5 = standard(0.8, 4);
const HAIKU_3 = { ...standard(0.25, 1.25, 0.03), cacheWrite: 0.3, cacheWrite1h: 0.5 };

/**
 * Rows matched against the model id, first match wins: so more specific ids come first. A row matches
 * the id itself or the id followed by a date, a cloud version (`-v1:0`), `-latest` or a context tag
 * (`[1m]`); anything else (`claude-opus-4-10`) is a version not on file.
 */
const SUFFIX = /^(-\d{8})?(-v\d+(:\d+)?)?(-latest)?(\[[^\]]*\])?$/;

const TABLE: ReadonlyArray<readonly [prefix: string, price: ModelPrice]> = [
  ['claude-fable-5-2', { name: 'Claude Fable 5.2', rates: FABLE_5_1 }],
  ['claude-mythos-5-2', { name: 'Claude Mythos 5.2', rates: FABLE_5_1 }],
  ['claude-fable-5-1', { name: 'Claude Fable 5.1', rates: FABLE_5_1 }],
  ['claude-mythos-5-1', { name: 'Claude Mythos 5.1', rates: FABLE_5_1 }],
  ['claude-fable-5', { name: 'Claude Fable 5', rates: FABLE_5 }],
  ['claude-mythos-5', { name: 'Claude Mythos 5', rates: FABLE_5 }],
  ['claude-mythos-preview', { name: 'Claude Mythos Preview', rates: FABLE_5 }],
  ['claude-opus-5-5', { name: 'Claude Opus 5.5', rates: OPUS_5_5 }],
  ['claude-opus-5', { name: 'Claude Opus 5', rates: OPUS_4_5_TO_5 }],
  ['claude-opus-4-8', { name: 'Claude Opus 4.8', rates: OPUS_4_5_TO_5 }],
  ['claude-opus-4-7', { name: 'Claude Opus 4.7', rates: OPUS_4_5_TO_5 }],
  ['claude-opus-4-6', { name: 'Claude Opus 4.6', rates: OPUS_4_5_TO_5 }],
  ['claude-opus-4-5', { name: 'Claude Opus 4.5', rates: OPUS_4_5_TO_5 }],
  [
    'claude-opus-4-1',
    { name: 'Claude Opus 4.1', rates: OPUS_4_0_TO_4_1, singleEndpointPrice: true },
  ],
  ['claude-opus-4', { name: 'Claude Opus 4', rates: OPUS_4_0_TO_4_1, singleEndpointPrice: true }],
  ['claude-3-opus', { name: 'Claude Opus 3', rates: OPUS_4_0_TO_4_1, singleEndpointPrice: true }],
  ['claude-sonnet-5-5', { name: 'Claude Sonnet 5.5', rates: SONNET_5 }],
  ['claude-sonnet-5', { name: 'Claude Sonnet 5', rates: SONNET_5 }],
  ['claude-sonnet-4-6', { name: 'Claude Sonnet 4.6', rates: SONNET_3_TO_4_6 }],
  [
    'claude-sonnet-4-5',
    {
      name: 'Claude Sonnet 4.5',
      rates: SONNET_3_TO_4_6,
      longPrompt: { thresholdTokens: 200_000, rates: standard(6, 22.5) },
    },
  ],
  [
    'claude-sonnet-4',
    {
      name: 'Claude Sonnet 4',
      rates: SONNET_3_TO_4_6,
      longPrompt: { thresholdTokens: 200_000, rates: standard(6, 22.5) },
      singleEndpointPrice: true,
    },
  ],
  [
    'claude-3-7-sonnet',
    { name: 'Claude Sonnet 3.7', rates: SONNET_3_TO_4_6, singleEndpointPrice: true },
  ],
  [
    'claude-3-5-sonnet',
    { name: 'Claude Sonnet 3.5', rates: SONNET_3_TO_4_6, singleEndpointPrice: true },
  ],
  [
    'claude-haiku-5-5',
    {
      name: 'Claude Haiku 5.5',
      rates: HAIKU_5_5,
      longPrompt: { thresholdTokens: 100_000, rates: HAIKU_5_5_LONG },
    },
  ],
  ['claude-haiku-4-5', { name: 'Claude Haiku 4.5', rates: HAIKU_4_5 }],
  ['claude-3-5-haiku', { name: 'Claude Haiku 3.5', rates: HAIKU_3_5, singleEndpointPrice: true }],
  ['claude-3-haiku', { name: 'Claude Haiku 3', rates: HAIKU_3, singleEndpointPrice: true }],
];

/**
 * An unlisted version of a known family is priced at the family's dearest listed rate, so a new
 * release is never under-counted; a model of no known family at the dearest rate of all.
 */
const FAMILY_FALLBACK: Readonly<Record<string, ModelPrice>> = {
  fable: { name: 'Claude Fable (unlisted version)', rates: FABLE_5 },
  mythos: { name: 'Claude Mythos (unlisted version)', rates: FABLE_5 },
  opus: { name: 'Claude Opus (unlisted version)', rates: OPUS_4_0_TO_4_1 },
  sonnet: {
    name: 'Claude Sonnet (unlisted version)',
    rates: SONNET_3_TO_4_6,
    longPrompt: { thresholdTokens: 200_000, rates: standard(6, 22.5) },
  },
  haiku: { name: 'Claude Haiku (unlisted version)', rates: HAIKU_4_5 },
};
const UNKNOWN: ModelPrice = {
  name: 'unknown model (priced as Claude Opus 4.1)',
  rates: OPUS_4_0_TO_4_1,
};

/**
 * Reduces gateway and cloud spellings to the plain id: `anthropic.claude-opus-4-1-20250805-v1:0`,
 * `us.anthropic.claude-…`, `claude-opus-4-1@20250805`, `claude-sonnet-5-5[1m]`.
 */
function normaliseModelId(model: string): string {
  let id = model.trim().toLowerCase();
  const slash = id.lastIndexOf('/');
  if (slash >= 0) id = id.slice(slash + 1);
  const at = id.indexOf('claude-');
  if (at > 0) id = id.slice(at);
  return id.replace(/@.*$/, '');
}

/** The prices of `model`; an unlisted model gets a conservative rate and a warning. */
export function priceFor(model: string): PriceLookup {
  const id = normaliseModelId(model);
  for (const [prefix, price] of TABLE) {
    if (id === prefix || (id.startsWith(prefix) && SUFFIX.test(id.slice(prefix.length)))) {
      return { price, match: 'exact' };
    }
  }
  const family = Object.keys(FAMILY_FALLBACK).find((name) => id.split(/[-.[]/).includes(name));
  if (family) {
    const price = FAMILY_FALLBACK[family] as ModelPrice;
    return {
      price,
      match: 'family',
      warning:
        `No published price on file for model '${model}': cost is estimated at the highest listed ` +
        `${family} rate ($${price.rates.input}/$${price.rates.output} per million input/output tokens), so max-cost-usd stops the run early rather than late`,
    };
  }
  return {
    price: UNKNOWN,
    match: 'unknown',
    warning:
      `Model '${model}' is not a known Claude model: cost is estimated at a conservative ` +
      `$${UNKNOWN.rates.input}/$${UNKNOWN.rates.output} per million input/output tokens, so max-cost-usd stops the run early rather than late`,
  };
}

/**
 * From Claude Sonnet 4.5 and Haiku 4.5 on, Amazon Bedrock and Google Vertex AI bill a model served
 * from a regional endpoint (data kept in one geography) 10% above the global endpoint, on every
 * kind of token; older models keep one price (platform.claude.com/docs "Pricing", third-party
 * platform pricing, and the Bedrock and Vertex AI pages, "Global vs regional endpoints", checked
 * 2026-12). An unlisted model is assumed to carry it, so the estimate errs high.
 */
export const REGIONAL_ENDPOINT_PREMIUM = 1.1;

/**
 * The price of `model` where a platform serves it (providers/: the id as the platform spells it, and
 * its endpoint): a regional endpoint carries the premium.
 */
export function priceOnPlatform(served: {
  model: string;
  endpoint: 'global' | 'regional';
}): PriceLookup {
  const listed = priceFor(served.model);
  return served.endpoint === 'global' ? listed : regionalEndpointPrice(listed);
}

/**
 * The log line for a run on a regional endpoint (`where`, as the platform names it) whose estimate
 * differs from the global one's; undefined for a model without the premium.
 */
export function regionalPremiumNote(where: string, model: string): string | undefined {
  const listed = priceFor(model);
  if (regionalEndpointPrice(listed) === listed) return undefined;
  const percent = Math.round((REGIONAL_ENDPOINT_PREMIUM - 1) * 100);
  return `${where}: costs are estimated with the ${percent}% premium regional endpoints carry over the global one (Claude Sonnet 4.5 and later)`;
}

function scaleRates(rates: TokenRates, factor: number): TokenRates {
  return {
    input: rates.input * factor,
    output: rates.output * factor,
    cacheWrite: rates.cacheWrite * factor,
    cacheWrite1h: rates.cacheWrite1h * factor,
    cacheRead: rates.cacheRead * factor,
  };
}

/** `lookup` as a regional endpoint of Bedrock or Vertex AI bills it. */
export function regionalEndpointPrice(lookup: PriceLookup): PriceLookup {
  const { price } = lookup;
  if (price.singleEndpointPrice) return lookup;
  const factor = REGIONAL_ENDPOINT_PREMIUM;
  return {
    ...lookup,
    price: {
      ...price,
      name: `${price.name}, regional endpoint`,
      rates: scaleRates(price.rates, factor),
      ...(price.longPrompt
        ? {
            longPrompt: {
              thresholdTokens: price.longPrompt.thresholdTokens,
              rates: scaleRates(price.longPrompt.rates, factor),
            },
          }
        : {}),
    },
  };
}

/** The token counts of one response, as `usage` reports them (null fields count as 0). */
export interface UsageLike {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation?: {
    ephemeral_5m_input_tokens?: number | null;
    ephemeral_1h_input_tokens?: number | null;
  } | null;
}

/** A response's usage as read: every figure a count, and the names of those it lacked. */
export interface ReadUsage {
  usage: UsageLike;
  missing: string[];
}

const countOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/**
 * The usage of a response as a gateway may send it: a figure missing (`input_tokens`, for some) or
 * not a number counts as 0 and is named in `missing`, so that pricing it gives a number, never NaN,
 * and no limit computed from it becomes NaN (a `max_tokens` sent as null). Undefined without usage.
 */
export function readUsage(raw: unknown): ReadUsage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const fields = raw as Record<string, unknown>;
  const missing: string[] = [];
  const required = (name: 'input_tokens' | 'output_tokens'): number => {
    const value = countOf(fields[name]);
    if (value === undefined) missing.push(name);
    return value ?? 0;
  };
  const creation = fields.cache_creation as Record<string, unknown> | null | undefined;
  return {
    usage: {
      input_tokens: required('input_tokens'),
      output_tokens: required('output_tokens'),
      cache_creation_input_tokens: countOf(fields.cache_creation_input_tokens) ?? 0,
      cache_read_input_tokens: countOf(fields.cache_read_input_tokens) ?? 0,
      cache_creation:
        typeof creation === 'object' && creation !== null
          ? {
              ephemeral_5m_input_tokens: countOf(creation.ephemeral_5m_input_tokens) ?? 0,
              ephemeral_1h_input_tokens: countOf(creation.ephemeral_1h_input_tokens) ?? 0,
            }
          : null,
    },
    missing,
  };
}

/** Tokens of the prompt of one request: uncached input plus cache writes plus cache reads. */
export function promptTokens(usage: UsageLike): number {
  return (
    usage.input_tokens +
    (usage.cache_creation_input_tokens ?? 0) +
    (usage.cache_read_input_tokens ?? 0)
  );
}

/** The rates a request with a prompt of `promptTokens` is billed at (every token of it). */
function ratesFor(price: ModelPrice, promptTokens: number): TokenRates {
  return price.longPrompt && promptTokens > price.longPrompt.thresholdTokens
    ? price.longPrompt.rates
    : price.rates;
}

/** Estimated USD cost of one response. */
export function costOfUsage(price: ModelPrice, usage: UsageLike): number {
  const rates = ratesFor(price, promptTokens(usage));
  const writes = usage.cache_creation_input_tokens ?? 0;
  const writes1h = Math.min(writes, usage.cache_creation?.ephemeral_1h_input_tokens ?? 0);
  const perToken =
    usage.input_tokens * rates.input +
    usage.output_tokens * rates.output +
    (writes - writes1h) * rates.cacheWrite +
    writes1h * rates.cacheWrite1h +
    (usage.cache_read_input_tokens ?? 0) * rates.cacheRead;
  return perToken / 1_000_000;
}

/**
 * What a request not sent yet would cost, from the size of its prompt: the part the previous
 * request left in the cache is read from it, the rest is written to it (every request ends with a
 * breakpoint). As the wind-down, whose tool_choice invalidates the cached messages and which carries
 * `windDownExtraTokens` of instruction more, the whole prompt is written; a wind-down after this
 * request has `growthTokens` more again. Output is priced per token; the limits choose how many.
 */
export function estimateRequestCost(
  price: ModelPrice,
  prompt: {
    tokens: number;
    cachedTokens: number;
    windDownExtraTokens?: number;
    growthTokens?: number;
  },
): RequestCostEstimate {
  const tokens = Math.max(0, Math.ceil(prompt.tokens));
  const cached = Math.min(tokens, Math.max(0, prompt.cachedTokens));
  const windDownTokens = tokens + (prompt.windDownExtraTokens ?? 0);
  const nextWindDownTokens = windDownTokens + Math.max(0, prompt.growthTokens ?? 0);
  // The rates of the largest prompt: one pushed over a long-prompt threshold pays more.
  const rates = ratesFor(price, nextWindDownTokens);
  return {
    promptUsd: (cached * rates.cacheRead + (tokens - cached) * rates.cacheWrite) / 1_000_000,
    windDownPromptUsd: (windDownTokens * rates.cacheWrite) / 1_000_000,
    nextWindDownPromptUsd: (nextWindDownTokens * rates.cacheWrite) / 1_000_000,
    usdPerOutputToken: rates.output / 1_000_000,
    usdPerPromptToken: rates.cacheWrite / 1_000_000,
    promptTokens: tokens,
  };
}
