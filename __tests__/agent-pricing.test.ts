import { describe, expect, it } from '@jest/globals';
import {
  costOfUsage,
  estimateRequestCost,
  priceFor,
  regionalEndpointPrice,
} from '../src/agent/pricing.js';

const MTOK = 1_000_000;

describe('priceFor', () => {
  it.each([
    ['claude-sonnet-5-5', 'Claude Sonnet 5.5', 2, 10],
    ['claude-opus-5-5', 'Claude Opus 5.5', 4, 20],
    ['claude-haiku-5-5', 'Claude Haiku 5.5', 0.1, 0.5],
    ['claude-fable-5-1', 'Claude Fable 5.1', 10, 50],
    ['claude-opus-4-1-20250805', 'Claude Opus 4.1', 15, 75],
    ['claude-opus-4-5-20251101', 'Claude Opus 4.5', 5, 25],
    ['claude-sonnet-4-5-20250929', 'Claude Sonnet 4.5', 3, 15],
    ['claude-haiku-4-5', 'Claude Haiku 4.5', 1, 5],
    ['anthropic.claude-opus-4-1-20250805-v1:0', 'Claude Opus 4.1', 15, 75],
    ['claude-opus-4-1@20250805', 'Claude Opus 4.1', 15, 75],
    ['claude-sonnet-5-5[1m]', 'Claude Sonnet 5.5', 2, 10],
  ])('prices %s as %s', (model, name, input, output) => {
    const lookup = priceFor(model);
    expect(lookup).toMatchObject({ match: 'exact', price: { name, rates: { input, output } } });
    expect(lookup.warning).toBeUndefined();
  });

  it('takes a longer version number for a version not on file (opus-4-10 is not opus-4-1)', () => {
    const lookup = priceFor('claude-opus-4-10');
    expect(lookup.match).toBe('family');
    expect(lookup.warning).toMatch(/claude-opus-4-10/);
  });

  it('prices an unlisted version of a known family at the family’s dearest rate, with a warning', () => {
    const lookup = priceFor('claude-sonnet-7');
    expect(lookup.match).toBe('family');
    expect(lookup.price.rates.input).toBe(3);
    expect(lookup.warning).toMatch(/No published price on file for model 'claude-sonnet-7'/);
  });

  it('prices an unknown model conservatively, with a warning', () => {
    const lookup = priceFor('my-gateway-model');
    expect(lookup.match).toBe('unknown');
    expect(lookup.price.rates).toMatchObject({ input: 15, output: 75 });
    expect(lookup.warning).toMatch(/not a known Claude model/);
  });
});

describe('regionalEndpointPrice', () => {
  it('bills every kind of token of a model from Sonnet 4.5 on 10% above the global price', () => {
    const global = priceFor('claude-sonnet-5-5').price;
    const regional = regionalEndpointPrice(priceFor('claude-sonnet-5-5')).price;
    for (const kind of ['input', 'output', 'cacheWrite', 'cacheWrite1h', 'cacheRead'] as const) {
      expect(regional.rates[kind]).toBeCloseTo(global.rates[kind] * 1.1, 10);
    }
    expect(regional.name).toBe('Claude Sonnet 5.5, regional endpoint');
  });

  it('raises the long-prompt rates too, at the same threshold', () => {
    const global = priceFor('claude-sonnet-4-5').price;
    const regional = regionalEndpointPrice(priceFor('claude-sonnet-4-5')).price;
    expect(regional.longPrompt!.thresholdTokens).toBe(global.longPrompt!.thresholdTokens);
    expect(regional.longPrompt!.rates.output).toBeCloseTo(
      global.longPrompt!.rates.output * 1.1,
      10,
    );
  });

  it.each([
    'claude-opus-4-1',
    'claude-sonnet-4',
    'claude-3-7-sonnet',
    'claude-3-5-haiku',
    'claude-3-haiku',
  ])('leaves %s, older than the endpoint split, at its one price', (model) => {
    expect(regionalEndpointPrice(priceFor(model)).price).toBe(priceFor(model).price);
  });

  it('keeps the warning of an unlisted model, priced with the premium', () => {
    const regional = regionalEndpointPrice(priceFor('claude-sonnet-7'));
    expect(regional.match).toBe('family');
    expect(regional.warning).toBe(priceFor('claude-sonnet-7').warning);
    expect(regional.price.rates.input).toBeCloseTo(3.3, 10);
  });
});

describe('costOfUsage', () => {
  const sonnet = priceFor('claude-sonnet-5-5').price;

  it('prices input, output, cache writes at 1.25x and cache reads from the table', () => {
    const cost = costOfUsage(sonnet, {
      input_tokens: MTOK,
      output_tokens: MTOK,
      cache_creation_input_tokens: MTOK,
      cache_read_input_tokens: MTOK,
    });
    expect(cost).toBeCloseTo(2 + 10 + 2.5 + 0.2, 9);
  });

  it('prices 1-hour cache writes at 2x input', () => {
    const cost = costOfUsage(sonnet, {
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: MTOK,
      cache_creation: { ephemeral_1h_input_tokens: MTOK / 2, ephemeral_5m_input_tokens: MTOK / 2 },
    });
    expect(cost).toBeCloseTo(1.25 + 2, 9);
  });

  it('treats missing cache fields as zero', () => {
    expect(
      costOfUsage(sonnet, { input_tokens: MTOK, output_tokens: 0, cache_read_input_tokens: null }),
    ).toBeCloseTo(2, 9);
  });

  it('bills a Haiku 5.5 prompt over 100k tokens at the long-prompt rates, output included', () => {
    const haiku = priceFor('claude-haiku-5-5').price;
    const short = costOfUsage(haiku, { input_tokens: 100_000, output_tokens: 1_000 });
    const long = costOfUsage(haiku, { input_tokens: 100_001, output_tokens: 1_000 });
    expect(short).toBeCloseTo((100_000 * 0.1 + 1_000 * 0.5) / MTOK, 12);
    expect(long).toBeCloseTo((100_001 * 0.5 + 1_000 * 2.5) / MTOK, 12);
  });

  it('estimates a request as cache reads of the cached prefix and cache writes of the rest', () => {
    const estimate = estimateRequestCost(sonnet, { tokens: 2 * MTOK, cachedTokens: MTOK });
    expect(estimate.promptUsd).toBeCloseTo(0.2 + 2.5, 9);
    // The wind-down's tool_choice invalidates the cached messages: the whole prompt is written.
    expect(estimate.windDownPromptUsd).toBeCloseTo(5, 9);
    expect(estimate.usdPerOutputToken * MTOK).toBeCloseTo(10, 9);
  });

  it('never counts more cached tokens than the prompt has', () => {
    const estimate = estimateRequestCost(sonnet, { tokens: MTOK, cachedTokens: 3 * MTOK });
    expect(estimate.promptUsd).toBeCloseTo(0.2, 9);
  });

  it('prices an estimate over a long-prompt threshold at the long rates, output included', () => {
    const haiku = priceFor('claude-haiku-5-5').price;
    const short = estimateRequestCost(haiku, { tokens: 100_000, cachedTokens: 0 });
    const long = estimateRequestCost(haiku, { tokens: 100_001, cachedTokens: 0 });
    expect(short.usdPerOutputToken * MTOK).toBeCloseTo(0.5, 9);
    expect(long.usdPerOutputToken * MTOK).toBeCloseTo(2.5, 9);
    expect(long.promptUsd).toBeCloseTo((100_001 * 0.5 * 1.25) / MTOK, 12);
  });
});
