/**
 * What a provider is: the one shape every platform (`anthropic`, `bedrock`, `vertex`, `foundry`)
 * fills in, so that the loop, the limits and the reports never learn which platform they talk to.
 */
import type { ClientOptions } from '@anthropic-ai/sdk';
import type { MessagesApi } from '../agent/loop.js';
import type { ProviderName } from './names.js';

/** What a provider reads of the run's settings (the validated inputs). */
export interface ProviderSettings {
  provider: ProviderName;
  /**
   * `anthropic-api-key`, else (on provider anthropic only) ANTHROPIC_API_KEY; '' when neither is
   * set.
   */
  apiKey: string;
  /** The base URL, already the provider's own (see names.ts); undefined for the platform's default. */
  baseUrl: string | undefined;
  model: string;
  /** The model to go on with when `model` stays overloaded or unavailable; '' for none. */
  fallbackModel: string;
  /** Spend cap in USD; 0 disables it. */
  maxCostUsd: number;
}

/**
 * The client settings every platform's SDK client gets alike: retries, the redacting logger, and
 * the transport (`fetch`), which tests replace to see where a client sends its requests.
 */
export type SharedClientOptions = Pick<
  ClientOptions,
  'maxRetries' | 'logLevel' | 'logger' | 'fetch'
>;

/** What a provider is given to connect with. */
export interface ProviderRequest {
  settings: ProviderSettings;
  /** Where the platform's login action left the credentials (the runner's environment). */
  env: NodeJS.ProcessEnv;
  client: SharedClientOptions;
  /**
   * Adds a credential obtained while the run goes on (a short-lived access token a client fetches
   * itself) to what every sink redacts.
   */
  addSecret(secret: string): void;
}

/**
 * A model as the platform spells it, and the endpoint it is served from: a regional endpoint may
 * cost more than the global one (the run's pricing knows by how much).
 */
export interface PlatformModel {
  /** The id to send. */
  model: string;
  endpoint: 'global' | 'regional';
}

/** A connected client. */
export interface ProviderClient {
  /** `create`, and `countTokens` where the platform serves it. */
  messages: MessagesApi;
  /** Every credential value the client holds: redacted in every sink and masked by the runner. */
  secrets: string[];
  /** Lines for the log, once at the start: what this platform lacks that the loop would use. */
  notes: string[];
  /**
   * Puts back what `connect` took out of the shell's reach (a credentials file in the workspace):
   * synchronous, so that a forced exit can run it too, and safe to call more than once. Returns
   * what went wrong, one line each, for warnings.
   */
  restore?: () => string[];
  /**
   * Where a regional endpoint serves the model, for the log (`Vertex AI region us-east5`), when the
   * platform says so; the run's pricing adds whether its estimate carries the regional premium.
   */
  regionalEndpoint?: string;
}

export interface Provider {
  name: ProviderName;
  /**
   * What is missing to connect, one sentence each, saying what to set and which login action sets
   * it; empty when nothing is. Checked at the start, before anything is spent.
   */
  missingCredentials(settings: ProviderSettings, env: NodeJS.ProcessEnv): string[];
  /**
   * The platform's id for `model` (as the `input` named gave it) and its endpoint. Throws an
   * InputError, naming the input and the id to set instead, for an id the platform cannot take.
   */
  resolveModel(
    model: string,
    input: 'model' | 'fallback-model',
    env: NodeJS.ProcessEnv,
  ): PlatformModel;
  /** Builds the client; called only once `missingCredentials` found nothing missing. */
  connect(request: ProviderRequest): Promise<ProviderClient>;
}
