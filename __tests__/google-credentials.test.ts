/**
 * Reading Google credentials files as google-github-actions/auth leaves them, and the Vertex
 * provider's start-up checks: which files are hidden, what counts as a secret in them, what a bad
 * file's message may say, which project and model ids are taken.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { priceFor, priceOnPlatform, regionalEndpointPrice } from '../src/agent/pricing.js';
import { InputError } from '../src/base/errors.js';
import {
  authClientFor,
  credentialFilesToHide,
  fetchFirstToken,
  GoogleCredentialsError,
  parseGoogleCredentials,
  projectFromEnv,
} from '../src/providers/google-credentials.js';
import { vertexProvider } from '../src/providers/vertex.js';
import { Redactor } from '../src/redact.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

/** A service-account key file as the console downloads it (and the auth action rewrites it). */
const SERVICE_ACCOUNT_KEY = {
  type: 'service_account',
  project_id: 'key-project',
  private_key_id: '0123456789abcdef0123456789abcdef01234567',
  private_key: privateKey,
  client_email: 'agent@key-project.iam.gserviceaccount.com',
  client_id: '123456789012345678901',
  token_uri: 'https://oauth2.googleapis.com/token',
};

let dir: string;

beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(tmpdir(), 'google-credentials-')));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('parseGoogleCredentials', () => {
  it('names the private key, whole and line by line, as secrets of a service-account key', () => {
    const credentials = parseGoogleCredentials(JSON.stringify(SERVICE_ACCOUNT_KEY), 'key.json');
    expect(credentials.type).toBe('service_account');
    expect(credentials.projectId).toBe('key-project');
    const redactor = new Redactor(credentials.secrets);
    const bodyLine = privateKey.split('\n')[5]!;
    // The key as JSON holds it, and one line of it quoted out of its frame, are both hidden.
    expect(redactor.redact(JSON.stringify(SERVICE_ACCOUNT_KEY))).not.toContain(bodyLine);
    expect(redactor.redact(`leaked: ${bodyLine}`)).toBe('leaked: ***');
  });

  it('names the OIDC request header of a Workload Identity Federation file, and its token alone', () => {
    const credentials = parseGoogleCredentials(
      JSON.stringify({
        type: 'external_account',
        audience:
          '//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/q',
        subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
        token_url: 'https://sts.googleapis.com/v1/token',
        credential_source: {
          url: 'https://token.actions.githubusercontent.com/?audience=x',
          headers: { Authorization: 'Bearer runner-request-token-0123456789' },
          format: { type: 'json', subject_token_field_name: 'value' },
        },
      }),
      'wif.json',
    );
    expect(credentials.secrets).toEqual([
      'Bearer runner-request-token-0123456789',
      'runner-request-token-0123456789',
    ]);
  });

  it('refuses a file that is not JSON without quoting any of it', () => {
    const broken = JSON.stringify(SERVICE_ACCOUNT_KEY).slice(0, 200);
    let error: unknown;
    try {
      parseGoogleCredentials(broken, 'key.json');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GoogleCredentialsError);
    expect((error as Error).message).toBe('The Google credentials file key.json is not valid JSON');
  });

  it('refuses a type it cannot use and a file that lacks what its type needs', () => {
    expect(() => parseGoogleCredentials('{"type":"gdch_service_account"}', 'f')).toThrow(
      /has type "gdch_service_account"; expected one of external_account, service_account/,
    );
    const { private_key: _dropped, ...keyless } = SERVICE_ACCOUNT_KEY;
    expect(() => parseGoogleCredentials(JSON.stringify(keyless), 'f')).toThrow(
      'The Google credentials file f (service_account) lacks private_key',
    );
  });
});

describe('credentialFilesToHide', () => {
  it('hides the files the variables name and every file the auth action wrote into the workspace', () => {
    const named = path.join(dir, 'gha-creds-1111111111111111.json');
    const earlier = path.join(dir, 'gha-creds-2222222222222222.json');
    const elsewhere = path.join(dir, 'elsewhere', 'key.json');
    fs.mkdirSync(path.dirname(elsewhere));
    for (const file of [named, earlier, elsewhere]) fs.writeFileSync(file, '{}');
    fs.writeFileSync(path.join(dir, 'gha-creds-notes.txt'), 'not one of them');

    expect(
      credentialFilesToHide({
        GOOGLE_APPLICATION_CREDENTIALS: elsewhere,
        GOOGLE_GHA_CREDS_PATH: named,
        CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE: path.join(dir, 'gone.json'),
        GITHUB_WORKSPACE: dir,
      }).sort(),
    ).toEqual([earlier, named, elsewhere].sort());
  });
});

describe('projectFromEnv', () => {
  it('takes the Vertex SDK’s own variable first, then the ones the auth action exports', () => {
    expect(projectFromEnv({ GCP_PROJECT: 'c', GOOGLE_CLOUD_PROJECT: 'b' })).toBe('b');
    expect(
      projectFromEnv({
        ANTHROPIC_VERTEX_PROJECT_ID: 'a',
        GOOGLE_CLOUD_PROJECT: 'b',
        GCP_PROJECT: 'c',
      }),
    ).toBe('a');
    expect(projectFromEnv({ GOOGLE_CLOUD_PROJECT: '  ' })).toBeUndefined();
  });
});

describe('vertexProvider.resolveModel', () => {
  const regional = { CLOUD_ML_REGION: 'europe-west1' };
  /** The model as Vertex serves it, priced there as a run prices it. */
  const priced = (model: string, env: NodeJS.ProcessEnv) => {
    const served = vertexProvider.resolveModel(model, 'model', env);
    return { model: served.model, price: priceOnPlatform(served) };
  };

  it('takes Vertex’s spellings and prices a regional endpoint with its premium, the global one without', () => {
    for (const model of [
      'claude-sonnet-5-5',
      'claude-sonnet-4-5@20250929',
      'claude-opus-4-1@20250805',
    ]) {
      expect(priced(model, { CLOUD_ML_REGION: 'global' })).toEqual({
        model,
        price: priceFor(model),
      });
      expect(priced(model, regional).price).toEqual(regionalEndpointPrice(priceFor(model)));
    }
    // Models from before the regional premium cost the same everywhere.
    expect(priced('claude-opus-4-1@20250805', regional).price).toEqual(
      priceFor('claude-opus-4-1@20250805'),
    );
  });

  it('refuses the first-party API’s and Bedrock’s spellings, naming the input and Vertex’s id', () => {
    const refusal = (model: string): InputError => {
      try {
        vertexProvider.resolveModel(model, 'fallback-model', regional);
      } catch (error) {
        return error as InputError;
      }
      throw new Error(`${model} was taken`);
    };
    const dated = refusal('claude-haiku-4-5-20251001');
    expect(dated).toBeInstanceOf(InputError);
    expect(dated.input).toBe('fallback-model');
    expect(dated.message).toContain('claude-haiku-4-5@20251001');
    expect(refusal('global.anthropic.claude-sonnet-5-5').input).toBe('fallback-model');
    expect(refusal('claude-sonnet-5-5[1m]').input).toBe('fallback-model');
  });
});

describe('authClientFor', () => {
  it('signs a service-account key’s assertion with its private key and reports the token it gets', async () => {
    const accessToken = 'ya29.key-exchanged-token-0123456789abcdef';
    const assertions: string[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        assertions.push(form.get('assertion') ?? '');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ access_token: accessToken, expires_in: 3600, token_type: 'Bearer' }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const reported: string[] = [];
      const client = authClientFor(
        parseGoogleCredentials(JSON.stringify(SERVICE_ACCOUNT_KEY), 'key.json'),
        (secret) => reported.push(secret),
      );
      // The library's token endpoint is fixed to Google's: only the host is moved to loopback.
      client.transporter.interceptors.request.add({
        resolved: async (options) => {
          const url = new URL(options.url);
          if (url.host === 'oauth2.googleapis.com') {
            options.url = new URL(`http://127.0.0.1:${port}${url.pathname}`);
          }
          return options;
        },
      });

      expect((await client.getAccessToken()).token).toBe(accessToken);
      expect(reported).toContain(accessToken);
      // The assertion is a JWT for this account and scope, signed with the key's private half.
      const [header, claims, signature] = assertions[0]!.split('.') as [string, string, string];
      const verifier = createVerify('RSA-SHA256');
      verifier.update(`${header}.${claims}`);
      expect(verifier.verify(publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
      const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      expect(decoded.iss).toBe(SERVICE_ACCOUNT_KEY.client_email);
      expect(decoded.scope).toBe('https://www.googleapis.com/auth/cloud-platform');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('fetchFirstToken', () => {
  it('gives up on a token endpoint that never answers, saying so', async () => {
    // Accepts every request and answers none.
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const client = authClientFor(
        parseGoogleCredentials(
          JSON.stringify({
            type: 'external_account',
            audience:
              '//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/q',
            subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
            token_url: `http://127.0.0.1:${port}/v1/token`,
            credential_source: {
              url: `http://127.0.0.1:${port}/oidc`,
              format: { type: 'json', subject_token_field_name: 'value' },
            },
          }),
          'wif.json',
        ),
        () => undefined,
      );
      await expect(fetchFirstToken(client, 200)).rejects.toThrow(
        /Google did not issue an access token .*: no answer within 0\.2 s/,
      );
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
