/**
 * The providers' names and the facts about them that the inputs need before any client is loaded:
 * config.ts validates `provider` and picks the base-URL variable from here without importing a
 * platform SDK.
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
