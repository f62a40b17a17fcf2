/**
 * The Workload Identity Federation chain on loopback, each step checking what the real one checks:
 * GitHub's OIDC token endpoint (`ACTIONS_ID_TOKEN_REQUEST_URL`: the runner's request token as the
 * bearer, answers `{"value": "<jwt>"}`), Google's STS (`/v1/token`: that JWT as the subject token for
 * the pool's audience, answers a federated access token) and IAM Credentials'
 * `generateAccessToken` (the federated token as the bearer, answers the service account's token).
 * Every request is recorded with what was refused and why. `credentialsFile` writes the file
 * exactly as google-github-actions/auth does (its `createCredentialsFile`).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The `workload_identity_provider` input of google-github-actions/auth. */
const IDENTITY_PROVIDER =
  'projects/123456789/locations/global/workloadIdentityPools/github/providers/github';
/** What the action puts in the file's `audience`, and STS checks. */
export const POOL_AUDIENCE = `//iam.googleapis.com/${IDENTITY_PROVIDER}`;
/** The audience the action asks GitHub's OIDC token for (its default). */
const OIDC_AUDIENCE = `https://iam.googleapis.com/${IDENTITY_PROVIDER}`;
export const SERVICE_ACCOUNT = 'agent@vertex-project.iam.gserviceaccount.com';

export interface AuthRequest {
  step: 'oidc' | 'sts' | 'impersonation' | 'unknown';
  url: string;
  /** Why it was refused; undefined when it was answered. */
  refused?: string;
}

export interface GoogleAuthServer {
  url: string;
  /** The runner's OIDC request token, as ACTIONS_ID_TOKEN_REQUEST_TOKEN holds it. */
  requestToken: string;
  /** The GitHub OIDC token the OIDC endpoint issues. */
  oidcToken: string;
  /** The federated token STS issues. */
  federatedToken: string;
  /** The service account's token IAM issues. */
  serviceAccountToken: string;
  requests: AuthRequest[];
  /** The token a Vertex request must carry: the service account's when impersonating. */
  accessToken(impersonating: boolean): string;
  /**
   * The step's environment after google-github-actions/auth wrote `file` for `project`: the variables
   * it exports, and the runner's OIDC request variables the file was made from.
   */
  environment(file: string, project: string): Record<string, string>;
  /** Writes a credentials file in `dir`, named as the action names it; returns its path. */
  credentialsFile(dir: string, options?: { impersonate?: boolean }): string;
  close(): Promise<void>;
}

function token(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startGoogleAuthServer(): Promise<GoogleAuthServer> {
  const requestToken = token('runner-request-');
  // Shaped like a JWT, as GitHub's is: the redactor must know it by value, not by shape.
  const oidcToken = `eyJhbGciOiJSUzI1NiJ9.${randomBytes(48).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
  const federatedToken = token('ya29.federated-');
  const serviceAccountToken = token('ya29.service-account-');
  const requests: AuthRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const body = await readBody(req);
    const record = (step: AuthRequest['step'], refused?: string): void => {
      requests.push({ step, url: url.pathname + url.search, ...(refused ? { refused } : {}) });
      if (refused) send(res, refused.startsWith('not found') ? 404 : 401, { error: refused });
    };
    if (req.method === 'GET' && url.pathname === '/oidc') {
      if (req.headers.authorization !== `Bearer ${requestToken}`) {
        return record('oidc', 'the request token is not the runner’s');
      }
      if (url.searchParams.get('audience') !== OIDC_AUDIENCE) {
        return record('oidc', `unexpected audience ${url.searchParams.get('audience')}`);
      }
      record('oidc');
      return send(res, 200, { count: 1, value: oidcToken });
    }
    if (req.method === 'POST' && url.pathname === '/sts/v1/token') {
      const form = new URLSearchParams(body);
      if (form.get('subject_token') !== oidcToken) {
        return record('sts', 'the subject token is not the OIDC token');
      }
      if (form.get('audience') !== POOL_AUDIENCE) {
        return record('sts', `unexpected audience ${form.get('audience')}`);
      }
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:token-exchange') {
        return record('sts', `unexpected grant ${form.get('grant_type')}`);
      }
      if (form.get('subject_token_type') !== 'urn:ietf:params:oauth:token-type:jwt') {
        return record('sts', `unexpected subject token type ${form.get('subject_token_type')}`);
      }
      record('sts');
      return send(res, 200, {
        access_token: federatedToken,
        issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        token_type: 'Bearer',
        expires_in: 3600,
      });
    }
    if (
      req.method === 'POST' &&
      url.pathname === `/iam/v1/projects/-/serviceAccounts/${SERVICE_ACCOUNT}:generateAccessToken`
    ) {
      if (req.headers.authorization !== `Bearer ${federatedToken}`) {
        return record('impersonation', 'the bearer is not the federated token');
      }
      const scopes = (JSON.parse(body) as { scope?: string[] }).scope ?? [];
      if (!scopes.includes('https://www.googleapis.com/auth/cloud-platform')) {
        return record('impersonation', `the cloud-platform scope was not asked for: ${scopes}`);
      }
      record('impersonation');
      return send(res, 200, {
        accessToken: serviceAccountToken,
        expireTime: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }
    return record('unknown', `not found: ${req.method} ${url.pathname}`);
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    requestToken,
    oidcToken,
    federatedToken,
    serviceAccountToken,
    requests,
    accessToken: (impersonating) => (impersonating ? serviceAccountToken : federatedToken),
    environment: (file, project) => ({
      GOOGLE_APPLICATION_CREDENTIALS: file,
      CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE: file,
      GOOGLE_GHA_CREDS_PATH: file,
      CLOUDSDK_CORE_PROJECT: project,
      CLOUDSDK_PROJECT: project,
      GCLOUD_PROJECT: project,
      GCP_PROJECT: project,
      GOOGLE_CLOUD_PROJECT: project,
      ACTIONS_ID_TOKEN_REQUEST_URL: `${url}/oidc`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: requestToken,
    }),
    credentialsFile(dir, options = {}) {
      // As google-github-actions/auth builds it: the OIDC URL with the audience appended, the
      // request token in the header, and impersonation only when a service account is given.
      const oidcUrl = new URL(`${url}/oidc`);
      oidcUrl.searchParams.set('audience', OIDC_AUDIENCE);
      const data: Record<string, unknown> = {
        type: 'external_account',
        audience: POOL_AUDIENCE,
        subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
        token_url: `${url}/sts/v1/token`,
        credential_source: {
          url: oidcUrl,
          headers: { Authorization: `Bearer ${requestToken}` },
          format: { type: 'json', subject_token_field_name: 'value' },
        },
      };
      if (options.impersonate) {
        data.service_account_impersonation_url = `${url}/iam/v1/projects/-/serviceAccounts/${SERVICE_ACCOUNT}:generateAccessToken`;
      }
      const file = path.join(dir, `gha-creds-${randomBytes(8).toString('hex')}.json`);
      writeFileSync(file, JSON.stringify(data), { mode: 0o640, flag: 'wx' });
      return file;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
