/**
 * Microsoft Foundry (`provider: foundry`) through Anthropic's Foundry client: the Messages API at
 * `https://<resource>.services.ai.azure.com/anthropic/`, with the key in an `x-api-key` header and
 * Anthropic's own model ids.
 */
import { AnthropicFoundry } from '@anthropic-ai/foundry-sdk';
import { describeMissing, readVariable } from './names.js';
import type { Provider } from './provider.js';

const KEY_VARIABLE = 'ANTHROPIC_FOUNDRY_API_KEY';
const RESOURCE_VARIABLE = 'ANTHROPIC_FOUNDRY_RESOURCE';
const FOUNDRY_PORTAL = 'the key and resource name of the Foundry resource, from repository secrets';

/** The key: the `anthropic-api-key` input when given, else the Foundry SDK's own variable. */
function foundryKey(apiKeyInput: string, env: NodeJS.ProcessEnv): string {
  return apiKeyInput || readVariable(env, KEY_VARIABLE);
}

export const foundryProvider: Provider = {
  name: 'foundry',

  missingCredentials(settings, env) {
    const missing: string[] = [];
    if (foundryKey(settings.apiKey, env) === '') {
      missing.push(
        `${describeMissing('Foundry API key', { variables: [KEY_VARIABLE], setBy: FOUNDRY_PORTAL })}, or the 'anthropic-api-key' input`,
      );
    }
    // A base URL (a gateway, or the resource's own) takes the resource's place.
    if (settings.baseUrl === undefined && readVariable(env, RESOURCE_VARIABLE) === '') {
      missing.push(
        `${describeMissing('Foundry resource', { variables: [RESOURCE_VARIABLE], setBy: FOUNDRY_PORTAL })}, or the 'anthropic-base-url' input`,
      );
    }
    return missing;
  },

  resolveModel(model) {
    return { model, endpoint: 'global' };
  },

  async connect({ settings, env, client }) {
    const apiKey = foundryKey(settings.apiKey, env);
    const foundry = new AnthropicFoundry({
      ...client,
      apiKey,
      // The client refuses a base URL and a resource together; null keeps it from reading either
      // variable again.
      ...(settings.baseUrl
        ? { baseURL: settings.baseUrl, resource: null }
        : { baseURL: null, resource: readVariable(env, RESOURCE_VARIABLE) }),
    });
    return { messages: foundry.messages, secrets: [apiKey], notes: [] };
  },
};
