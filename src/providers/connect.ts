/**
 * The one entry point to the providers: picks the `provider` input's platform, checks at the start
 * that its credentials are there and its model ids are ones it takes, and connects. Each platform's
 * module (and SDK) is loaded only when it is the one asked for, so a run on the Anthropic API never
 * loads the AWS signer.
 */
import type { MessagesApi } from '../agent/loop.js';
import { CREDENTIAL_FIXES, SERVICE_NAMES, type ProviderName } from './names.js';
import { readWholeBody } from './whole-body.js';
import type { PlatformModel, Provider, ProviderSettings, SharedClientOptions } from './provider.js';

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
  /** The model the run asks first, as the platform spells it, and where it is served. */
  primary: PlatformModel;
  fallback: PlatformModel | undefined;
  /** Credential values to redact everywhere. */
  secrets: string[];
  /** Informational lines for the log, once. */
  notes: string[];
  /** Puts back what the provider hid from the shell; returns problems (see ProviderClient). */
  restore: () => string[];
  /** Where a regional endpoint serves the model, for the log (see ProviderClient). */
  regionalEndpoint: string | undefined;
}

/**
 * Connects to the platform of `settings.provider`. Before anything is sent, `requireCredentials` is
 * handed what credentials are missing (one sentence each, saying what to set), to throw when the
 * run cannot start; a model id that is not the platform's throws an InputError.
 */
export async function connectProvider(
  settings: ProviderSettings,
  env: NodeJS.ProcessEnv,
  client: SharedClientOptions,
  addSecret: (secret: string) => void,
  requireCredentials: (missing: string[]) => void,
): Promise<ProviderConnection> {
  const provider = await PROVIDERS[settings.provider]();
  requireCredentials(provider.missingCredentials(settings, env));
  const primary = provider.resolveModel(settings.model, 'model', env);
  const fallback = settings.fallbackModel
    ? provider.resolveModel(settings.fallbackModel, 'fallback-model', env)
    : undefined;
  const connected = await provider.connect({
    settings,
    env,
    // Every platform's responses are read whole before the SDK takes them (whole-body.ts).
    client: { ...client, fetch: readWholeBody(client.fetch ?? globalThis.fetch) },
    addSecret,
  });
  return {
    messages: connected.messages,
    apiName: SERVICE_NAMES[settings.provider],
    credentialFix: CREDENTIAL_FIXES[settings.provider],
    primary,
    fallback,
    secrets: connected.secrets,
    notes: connected.notes,
    restore: connected.restore ?? (() => []),
    regionalEndpoint: connected.regionalEndpoint,
  };
}
