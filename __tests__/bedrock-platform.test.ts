/**
 * The scripted Bedrock server's own SigV4 check: it accepts what the real Bedrock client signs and
 * refuses the same request once anything signed has changed, so a test that passes against it
 * shows a signature Bedrock would take.
 */
import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';
import { signatureProblem, type BedrockAccount } from '../__fixtures__/bedrock-platform.js';
import { capturingFetch } from '../__fixtures__/capturing-fetch.js';
import type { WireRequest } from '../__fixtures__/messages-server.js';

const ACCOUNT: BedrockAccount = {
  accessKeyId: 'ASIAQ3EXAMPLE7KEYID0',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE-session-token',
  region: 'eu-west-1',
};

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What the Bedrock client puts on the wire for one request, captured instead of sent. */
async function signedRequest(model: string, account = ACCOUNT): Promise<WireRequest> {
  const transport = capturingFetch();
  const client = new AnthropicBedrock({
    awsAccessKey: account.accessKeyId,
    awsSecretKey: account.secretAccessKey,
    awsSessionToken: account.sessionToken ?? null,
    awsRegion: account.region,
    apiKey: null,
    baseURL: 'http://127.0.0.1:1',
    maxRetries: 0,
    fetch: transport.fetch,
  });
  await client.messages
    .create({ model, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
    .catch(() => undefined);
  const [captured] = transport.requests;
  if (!captured) throw new Error('the client sent nothing');
  return captured;
}

describe('the scripted Bedrock server’s SigV4 check', () => {
  it('accepts what the Bedrock client signs, an encoded ARN in the path included', async () => {
    expect(
      signatureProblem(await signedRequest('global.anthropic.claude-sonnet-5-5'), ACCOUNT),
    ).toBe(undefined);
    const arn = 'arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/abc123';
    expect(signatureProblem(await signedRequest(arn), ACCOUNT)).toBeUndefined();
  });

  it('refuses the request once its body, path or signed header changed', async () => {
    const signed = await signedRequest('global.anthropic.claude-sonnet-5-5');
    const raw = signed.raw.replace('hi', 'ho');
    expect(signatureProblem({ ...signed, raw }, ACCOUNT)).toBe('x-amz-content-sha256 is wrong');
    // With the payload hash made to fit, the signature itself still covers it.
    const rehashed = { ...signed.headers, 'x-amz-content-sha256': sha256(raw) };
    expect(signatureProblem({ ...signed, raw, headers: rehashed }, ACCOUNT)).toBe(
      'the signature does not match',
    );
    expect(
      signatureProblem({ ...signed, url: signed.url.replace('sonnet', 'opus') }, ACCOUNT),
    ).toBe('the signature does not match');
    expect(
      signatureProblem(
        { ...signed, headers: { ...signed.headers, 'content-type': 'text/plain' } },
        ACCOUNT,
      ),
    ).toBe('the signature does not match');
  });

  it('refuses another secret, region, key id or session token', async () => {
    const signed = await signedRequest('global.anthropic.claude-sonnet-5-5');
    expect(signatureProblem(signed, { ...ACCOUNT, secretAccessKey: 'other-secret' })).toBe(
      'the signature does not match',
    );
    expect(signatureProblem(signed, { ...ACCOUNT, region: 'us-east-1' })).toMatch(
      /region eu-west-1/,
    );
    expect(signatureProblem(signed, { ...ACCOUNT, accessKeyId: 'ASIAOTHER' })).toMatch(
      /unknown access key id/,
    );
    expect(signatureProblem(signed, { ...ACCOUNT, sessionToken: 'another-token' })).toMatch(
      /session token/,
    );
    const unsigned = { ...signed, headers: { ...signed.headers, authorization: 'Bearer x' } };
    expect(signatureProblem(unsigned, ACCOUNT)).toMatch(/not a SigV4 authorization header/);
  });
});
