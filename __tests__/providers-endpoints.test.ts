/**
 * Where each provider's client sends a request when no base URL is given: the platform's own
 * endpoint, built from the region or the resource as the login step left them. The transport is
 * replaced, so nothing leaves the machine.
 */
import { describe, expect, it } from '@jest/globals';
import { capturingFetch, type CapturedRequest } from '../__fixtures__/capturing-fetch.js';
import { compileConfig, parseConfig } from '../src/config/config.js';
import { bedrockProvider } from '../src/providers/bedrock.js';
import { foundryProvider } from '../src/providers/foundry.js';
import type { Provider } from '../src/providers/provider.js';

/** Connects `provider` as a run with `inputs` and `env` would, and sends one request. */
async function firstRequest(
  provider: Provider,
  inputs: Record<string, string>,
  env: NodeJS.ProcessEnv,
): Promise<CapturedRequest> {
  const config = await compileConfig(
    parseConfig((name) => inputs[name] ?? '', { ...env, GITHUB_WORKSPACE: '/' }),
  );
  expect(provider.missingCredentials(config, env)).toEqual([]);
  const transport = capturingFetch();
  const { messages } = await provider.connect({
    settings: config,
    env,
    client: { maxRetries: 0, fetch: transport.fetch },
    addSecret: () => undefined,
  });
  const { model } = provider.resolveModel(config.model, 'model', env);
  await Promise.resolve(
    messages.create({ model, max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] }),
  ).catch(() => undefined);
  const [sent] = transport.requests;
  if (!sent) throw new Error('nothing was sent');
  return sent;
}

describe('endpoints without a base URL', () => {
  it('sends Bedrock requests to bedrock-runtime in the region, AWS_DEFAULT_REGION when it is the only one', async () => {
    const sent = await firstRequest(
      bedrockProvider,
      { provider: 'bedrock' },
      {
        AWS_ACCESS_KEY_ID: 'AKIAQ3EXAMPLE7KEYID0',
        AWS_SECRET_ACCESS_KEY: 'example-secret-access-key',
        AWS_DEFAULT_REGION: 'ap-northeast-1',
      },
    );
    expect(sent.href).toBe(
      'https://bedrock-runtime.ap-northeast-1.amazonaws.com/model/global.anthropic.claude-sonnet-5-5/invoke',
    );
    expect(sent.headers['authorization']).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAQ3EXAMPLE7KEYID0\/\d{8}\/ap-northeast-1\/bedrock\/aws4_request,/,
    );
  });

  it('sends Foundry requests to the resource, with the key in x-api-key', async () => {
    const sent = await firstRequest(
      foundryProvider,
      { provider: 'foundry' },
      { ANTHROPIC_FOUNDRY_API_KEY: 'foundry-key-value', ANTHROPIC_FOUNDRY_RESOURCE: 'my-resource' },
    );
    expect(sent.href).toBe('https://my-resource.services.ai.azure.com/anthropic/v1/messages');
    expect(sent.headers['x-api-key']).toBe('foundry-key-value');
    expect(sent.headers.authorization).toBeUndefined();
  });

  it("takes the Foundry key from the 'anthropic-api-key' input before the variable", async () => {
    const sent = await firstRequest(
      foundryProvider,
      { provider: 'foundry', 'anthropic-api-key': 'key-from-input' },
      { ANTHROPIC_FOUNDRY_API_KEY: 'key-from-env', ANTHROPIC_FOUNDRY_RESOURCE: 'my-resource' },
    );
    expect(sent.headers['x-api-key']).toBe('key-from-input');
  });

  it('never sends the Anthropic API key of ANTHROPIC_API_KEY to Foundry', async () => {
    const sent = await firstRequest(
      foundryProvider,
      { provider: 'foundry' },
      {
        ANTHROPIC_API_KEY: 'sk-ant-api03-for-other-steps',
        ANTHROPIC_FOUNDRY_API_KEY: 'key-from-env',
        ANTHROPIC_FOUNDRY_RESOURCE: 'my-resource',
      },
    );
    expect(sent.headers['x-api-key']).toBe('key-from-env');
  });
});
