/**
 * The one entry point to the providers: picks the `provider` input's platform, checks at the start
 * that its credentials are there and its model ids are ones it takes, and connects. Each platform's
 * module (and SDK) is loaded only when it is the one asked for, so a run on the Anthropic API never
 * loads the AWS signer.
 */
import type { ModelChoice } from '../agent/fallback.js';
import type { MessagesApi } from '../agent/loop.js';
import { requireTaskAndCredentials, type Config } from '../config/config.js';
import { CREDENTIAL_FIXES, SERVICE_NAMES, type ProviderName } from './names.js';
import { readWholeBody } from './whole-body.js';
import type { Provider, SharedClientOptions } from './provider.js';

const PROVIDERS: Readonly<Record<ProviderName, () => Promise<Provider>>> = {
  anthropic: () => import('./anthropic.js').then((module) => module.anthropicProvider),
  bedrock: () => import('./bedrock.js').then((module) => module.bedrockProvider),
  vertex: () => import('./vertex.js').then((module) => module.vertexProvider),
  foundry: () => import('./foundry.js').then((module) => module.foundryProvider),
};

/** A connected provider, as the run uses it. */
export interface ProviderConnection {
  messages: MessagesApi;
  /** What error messages call the service. */
  apiName: string;
  /** What to check when the service refuses the credentials. */
  credentialFix: string;
  /** The model the run asks first, as the platform spells it, and its price there. */
  primary: ModelChoice;
  fallback: ModelChoice | undefined;
  /** Credential values to redact everywhere. */
  secrets: string[];
  /** Informational lines for the log, once. */
  notes: string[];
  /** Price estimates that may be off (an unlisted model): warnings for the log. */
  warnings: string[];
  /** Puts back what the provider hid from the shell; returns problems (see ProviderClient). */
  restore: () => string[];
}

/**
 * Connects to the platform of `config.provider`. Throws an InputError before anything is sent when
 * the task or a credential is missing (saying what to set) or a model id is not the platform's.
 */
export async function connectProvider(
  config: Config,
  env: NodeJS.ProcessEnv,
  client: SharedClientOptions,
  addSecret: (secret: string) => void,
): Promise<ProviderConnection> {
  const provider = await PROVIDERS[config.provider]();
  requireTaskAndCredentials(config, provider.missingCredentials(config, env));
  const primary = provider.resolveModel(config.model, 'model', env);
  const fallback = config.fallbackModel
    ? provider.resolveModel(config.fallbackModel, 'fallback-model', env)
    : undefined;
  const connected = await provider.connect({
    config,
    env,
    // Every platform's responses are read whole before the SDK takes them (whole-body.ts).
    client: { ...client, fetch: readWholeBody(client.fetch ?? globalThis.fetch) },
    addSecret,
  });
  return {
    messages: connected.messages,
    apiName: SERVICE_NAMES[config.provider],
    credentialFix: CREDENTIAL_FIXES[config.provider],
    primary: { model: primary.model, price: primary.price.price },
    fallback: fallback && { model: fallback.model, price: fallback.price.price },
    secrets: connected.secrets,
    notes: connected.notes,
    restore: connected.restore ?? (() => []),
    warnings: [primary.price.warning, fallback?.price.warning].filter(
      (warning): warning is string => warning !== undefined,
    ),
  };
}
