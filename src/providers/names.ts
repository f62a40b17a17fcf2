/**
 * The providers' names and the facts about them that the inputs need before any client is loaded:
 * config.ts validates `provider` and reads the base-URL variable from here without importing a
 * platform SDK. How a credential is read and said missing is here too, so that the platforms'
 * lazily loaded modules share this one copy with the run instead of each bundling its own.
 */

/** Where the model runs, as the `provider` input names it. */
export const PROVIDER_NAMES = ['anthropic', 'bedrock', 'vertex', 'foundry'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

/** What the reports and error messages call each platform's service. */
export const SERVICE_NAMES: Readonly<Record<ProviderName, string>> = {
  anthropic: 'Anthropic API',
  bedrock: 'Amazon Bedrock',
  vertex: 'Google Vertex AI',
  foundry: 'Microsoft Foundry',
};

/**
 * What to check when the platform refuses the credentials (HTTP 401 or 403): the input or the login
 * step that supplied them, and what the platform wants of them.
 */
export const CREDENTIAL_FIXES: Readonly<Record<ProviderName, string>> = {
  anthropic:
    "check the 'anthropic-api-key' input (or the ANTHROPIC_API_KEY variable it falls back to): the key is wrong, revoked or not allowed this model, or 'anthropic-base-url' names a gateway that wants another key",
  bedrock:
    'check the AWS credentials the aws-actions/configure-aws-credentials step left (or AWS_BEARER_TOKEN_BEDROCK): the role needs bedrock:InvokeModel on the model and its inference profile, and the model must be enabled in the account',
  vertex:
    'check the credentials the google-github-actions/auth step left: the service account needs roles/aiplatform.user in the project, and the model must be enabled in the Model Garden for the region',
  foundry:
    "check the 'anthropic-api-key' input (or ANTHROPIC_FOUNDRY_API_KEY): the key is wrong, revoked, or not the key of the resource in ANTHROPIC_FOUNDRY_RESOURCE",
};

/**
 * The environment variable each platform's SDK reads its base URL from. The `anthropic-base-url`
 * input wins over it; the variable of another provider is never read, so an `ANTHROPIC_BASE_URL`
 * left in the environment for other steps cannot send Bedrock-signed requests to the Anthropic API.
 */
export const BASE_URL_VARIABLES: Readonly<Record<ProviderName, string>> = {
  anthropic: 'ANTHROPIC_BASE_URL',
  bedrock: 'ANTHROPIC_BEDROCK_BASE_URL',
  vertex: 'ANTHROPIC_VERTEX_BASE_URL',
  foundry: 'ANTHROPIC_FOUNDRY_BASE_URL',
};

/** The login action (or secret) that leaves a credential in the environment, for messages. */
export interface CredentialSource {
  variables: readonly string[];
  /** How a workflow gets them, e.g. `the aws-actions/configure-aws-credentials step`. */
  setBy: string;
}

/** The sentence for credentials that are not there: the variables to set and what sets them. */
export function describeMissing(what: string, source: CredentialSource): string {
  const names = source.variables.join(', ');
  return `no ${what}: set ${names} (${source.setBy} sets ${source.variables.length > 1 ? 'them' : 'it'})`;
}

/** A variable's value, trimmed; '' when unset. */
export function readVariable(env: NodeJS.ProcessEnv, name: string): string {
  return env[name]?.trim() ?? '';
}
