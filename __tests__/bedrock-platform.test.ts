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
  it("accepts AWS's own published example (the get-vanilla case of the Signature Version 4 test suite)", () => {
    const request: WireRequest = {
      method: 'GET',
      url: '/',
      raw: '',
      headers: {
        host: 'example.amazonaws.com',
        'x-amz-date': '20150830T123600Z',
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
      },
    };
    const account = {
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
    };
    const check = { service: 'service', now: () => Date.UTC(2015, 7, 30, 12, 36) };
    expect(signatureProblem(request, account, check)).toBeUndefined();
    expect(signatureProblem({ ...request, url: '/x' }, account, check)).toBe(
      'the signature does not match',
    );
    expect(signatureProblem(request, account, { service: 'bedrock', now: check.now })).toBe(
      'signed for service service, not bedrock',
    );
  });

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
