/**
 * The fallback model: which model the run asks, and when a failed request hands the run to the
 * fallback. The loop asks this module after a request fails; it switches at most once, and never back.
 */
import { APIError } from '@anthropic-ai/sdk';
import type { ModelPrice } from './pricing.js';

/** A model the run can send its requests to, with the price its responses are counted at. */
export interface ModelChoice {
  model: string;
  price: ModelPrice;
}

/**
 * Whether a request failed because the model is overloaded (529 `overloaded_error`) or the service
 * unavailable (503), once the SDK's retries are spent: another model may well be served. A 500
 * `api_error` is not among them: it is an unexpected fault, not a lack of capacity, and it may be
 * caused by the request itself, which the fallback would then fail on as well, at another price.
 */
export function isModelUnavailable(error: unknown): boolean {
  if (!(error instanceof APIError)) return false;
  return error.status === 529 || error.status === 503 || error.type === 'overloaded_error';
}

export class ModelSelection {
  #current: ModelChoice;
  #fallback: ModelChoice | undefined;

  constructor(primary: ModelChoice, fallback?: ModelChoice) {
    this.#current = primary;
    // The same model as fallback could only fail the same way again.
    this.#fallback = fallback && fallback.model !== primary.model ? fallback : undefined;
  }

  get current(): ModelChoice {
    return this.#current;
  }

  /**
   * After a failed request: switches to the fallback when the failure is the model being
   * unavailable and a fallback is left, and returns the model given up; otherwise undefined.
   */
  switchAfter(error: unknown): ModelChoice | undefined {
    if (!this.#fallback || !isModelUnavailable(error)) return undefined;
    const previous = this.#current;
    this.#current = this.#fallback;
    this.#fallback = undefined;
    return previous;
  }
}
