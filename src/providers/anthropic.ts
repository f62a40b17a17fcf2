/** The Anthropic API itself (`provider: anthropic`), with an API key; gateways via the base URL. */
import Anthropic from '@anthropic-ai/sdk';
import { priceFor } from '../agent/pricing.js';
import type { Provider } from './provider.js';

export const anthropicProvider: Provider = {
  name: 'anthropic',

  missingCredentials(config) {
    return config.apiKey === ''
      ? [
          `no API key: set the 'anthropic-api-key' input (for example \${{ secrets.ANTHROPIC_API_KEY }}) or the ANTHROPIC_API_KEY environment variable`,
        ]
      : [];
  },

  resolveModel(model) {
    return { model, price: priceFor(model) };
  },

  async connect({ config, client }) {
    const anthropic = new Anthropic({
      ...client,
      apiKey: config.apiKey,
      // null, not undefined: the SDK would read ANTHROPIC_BASE_URL again, which config already did.
      baseURL: config.baseUrl ?? null,
    });
    return { messages: anthropic.messages, secrets: [config.apiKey], notes: [] };
  },
};
