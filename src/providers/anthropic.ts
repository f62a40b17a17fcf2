/** The Anthropic API itself (`provider: anthropic`), with an API key; gateways via the base URL. */
import Anthropic from '@anthropic-ai/sdk';
import type { Provider } from './provider.js';

export const anthropicProvider: Provider = {
  name: 'anthropic',

  missingCredentials(settings) {
    return settings.apiKey === ''
      ? [
          `no API key: set the 'anthropic-api-key' input (for example \${{ secrets.ANTHROPIC_API_KEY }}) or the ANTHROPIC_API_KEY environment variable`,
        ]
      : [];
  },

  resolveModel(model) {
    return { model, endpoint: 'global' };
  },

  async connect({ settings, client }) {
    const anthropic = new Anthropic({
      ...client,
      apiKey: settings.apiKey,
      // null, not undefined: the SDK would read ANTHROPIC_BASE_URL again, which config already did.
      baseURL: settings.baseUrl ?? null,
    });
    return { messages: anthropic.messages, secrets: [settings.apiKey], notes: [] };
  },
};
