/**
 * Google application-default credentials as google-github-actions/auth leaves them: a JSON file it
 * writes into the workspace (`gha-creds-<hex>.json`), named by `GOOGLE_APPLICATION_CREDENTIALS` and
 * two other variables, and the project in five more. The file is Workload Identity Federation
 * (`external_account`: a GitHub OIDC token, fetched with the runner's request token that the file
 * itself holds, exchanged at Google's STS, optionally for a service account's token) or a
 * service-account key (`service_account`, holding a private key). This module finds the files, reads
 * one into the object google-auth-library takes, and names every secret in it and every token the
 * client obtains later, for redaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GoogleAuth, type AuthClient, type JWTInput } from 'google-auth-library';
import { readVariable } from './names.js';
import { messageOf } from '../base/errors.js';

/** The variables that name the credentials file, the one application-default credentials read first. */
export const CREDENTIAL_FILE_VARIABLES = [
  'GOOGLE_APPLICATION_CREDENTIALS',
  'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
  'GOOGLE_GHA_CREDS_PATH',
] as const;

/**
 * Where the project comes from, first found wins: the Vertex SDK's own variable (set for this
 * purpose, so it beats the general ones), then those google-github-actions/auth exports.
 */
export const PROJECT_VARIABLES = [
  'ANTHROPIC_VERTEX_PROJECT_ID',
  'GOOGLE_CLOUD_PROJECT',
  'GCLOUD_PROJECT',
  'CLOUDSDK_CORE_PROJECT',
  'CLOUDSDK_PROJECT',
  'GCP_PROJECT',
] as const;

/** The name google-github-actions/auth gives the files it writes into the workspace. */
const ACTION_FILE_NAME = /^gha-creds-[a-z0-9]+\.json$/;

/** The kinds of credentials file this action reads. */
const SUPPORTED_TYPES = ['external_account', 'service_account', 'authorized_user'] as const;
export type CredentialType = (typeof SUPPORTED_TYPES)[number];

/** What Vertex AI asks of a token. */
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** Fields of a token endpoint's answer that hold a credential: STS, IAM, OAuth and GitHub's OIDC. */
const TOKEN_FIELDS = ['access_token', 'accessToken', 'id_token', 'refresh_token', 'value'];

/** A credentials file that cannot be used, said in one sentence that never quotes its content. */
export class GoogleCredentialsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoogleCredentialsError';
  }
}

/** The credentials file the client reads: the first of the variables that is set, or undefined. */
export function credentialsFile(env: NodeJS.ProcessEnv): string | undefined {
  const name = CREDENTIAL_FILE_VARIABLES.find((candidate) => readVariable(env, candidate) !== '');
  return name && path.resolve(readVariable(env, name));
}

/**
 * Every credentials file the shell must not read: the one the client reads, the others the
 * variables name, and every file google-github-actions/auth wrote into the workspace (a job that
 * ran it twice has two). Only files that exist; each once.
 */
export function credentialFilesToHide(env: NodeJS.ProcessEnv): string[] {
  const named = CREDENTIAL_FILE_VARIABLES.map((name) => readVariable(env, name))
    .filter((file) => file !== '')
    .map((file) => path.resolve(file));
  const workspace = readVariable(env, 'GITHUB_WORKSPACE');
  let written: string[] = [];
  if (workspace !== '') {
    try {
      written = fs
        .readdirSync(workspace)
        .filter((name) => ACTION_FILE_NAME.test(name))
        .map((name) => path.join(workspace, name));
    } catch {
      // No workspace to search: the named files are all there is.
    }
  }
  return [...new Set([...named, ...written])].filter((file) => fs.existsSync(file));
}

/** A credentials file, read. */
export interface GoogleCredentials {
  type: CredentialType;
  /** What google-auth-library builds its client from. */
  json: JWTInput & Record<string, unknown>;
  /** Every credential value the file holds, for redaction. */
  secrets: string[];
  /** The project a service-account key names, if any. */
  projectId: string | undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(json: Record<string, unknown>, name: string): string | undefined {
  const value = json[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * A private key, and each line of its body: a line quoted on its own, out of the key's frame, is
 * as much a leak as the whole.
 */
function privateKeySecrets(key: string): string[] {
  const lines = key
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('-----'));
  return [key, ...lines];
}

/**
 * The header values the file sends with the OIDC request (google-github-actions/auth writes
 * `Authorization: Bearer <ACTIONS_ID_TOKEN_REQUEST_TOKEN>`): each whole, and the token alone.
 */
function headerSecrets(source: unknown): string[] {
  if (!isObject(source) || !isObject(source.headers)) return [];
  return Object.values(source.headers)
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => [value, value.replace(/^\s*(bearer|basic)\s+/i, '')]);
}

/** What a file of each type must hold, for the message that says it does not. */
const REQUIRED_FIELDS: Readonly<Record<CredentialType, readonly string[]>> = {
  external_account: ['audience', 'subject_token_type', 'credential_source'],
  service_account: ['client_email', 'private_key'],
  authorized_user: ['client_id', 'client_secret', 'refresh_token'],
};

/** Reads a credentials file's content; `file` only names it in messages. */
export function parseGoogleCredentials(content: Buffer | string, file: string): GoogleCredentials {
  let json: unknown;
  try {
    json = JSON.parse(content.toString());
  } catch {
    // The parser's message quotes the text around the error, which may be the key itself.
    throw new GoogleCredentialsError(`The Google credentials file ${file} is not valid JSON`);
  }
  if (!isObject(json)) {
    throw new GoogleCredentialsError(`The Google credentials file ${file} is not a JSON object`);
  }
  const type = json.type;
  if (typeof type !== 'string' || !(SUPPORTED_TYPES as readonly string[]).includes(type)) {
    throw new GoogleCredentialsError(
      `The Google credentials file ${file} has type ${JSON.stringify(type ?? null)}; expected one of ` +
        `${SUPPORTED_TYPES.join(', ')} (google-github-actions/auth writes external_account for ` +
        `Workload Identity Federation and service_account for a key)`,
    );
  }
  const credentialType = type as CredentialType;
  const missing = REQUIRED_FIELDS[credentialType].filter((name) =>
    name === 'credential_source' ? !isObject(json.credential_source) : !stringField(json, name),
  );
  if (missing.length > 0) {
    throw new GoogleCredentialsError(
      `The Google credentials file ${file} (${type}) lacks ${missing.join(', ')}`,
    );
  }
  const privateKey = stringField(json, 'private_key');
  const secrets = [
    ...(privateKey ? privateKeySecrets(privateKey) : []),
    ...headerSecrets(json.credential_source),
    ...['client_secret', 'refresh_token'].flatMap((name) => stringField(json, name) ?? []),
  ];
  return {
    type: credentialType,
    json: json as JWTInput & Record<string, unknown>,
    secrets,
    projectId: stringField(json, 'project_id'),
  };
}

/** The project from the environment, or undefined. */
export function projectFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const name = PROJECT_VARIABLES.find((candidate) => readVariable(env, candidate) !== '');
  return name && readVariable(env, name);
}

/** The credential of an `Authorization` header: the token of a bearer, the whole value otherwise. */
function authorizationSecret(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return value.replace(/^\s*bearer\s+/i, '');
}

/**
 * Hands every token the client obtains to `add` as it arrives, before the client uses it: GitHub's
 * OIDC token and the impersonated service account's token (answers to the client's own requests),
 * the STS token (sent on as the bearer of the impersonation request, or handed out as the access
 * token), an OAuth access token. They are fetched during the run, long after the secrets known at
 * the start were registered. STS is asked through a transport of its own, which the interceptors do
 * not see: its token is caught where it is used next, or where the client hands it out.
 */
function reportTokens(client: AuthClient, add: (secret: string) => void): void {
  const addString = (value: unknown): void => {
    if (typeof value === 'string' && value !== '') add(value);
  };
  client.transporter.interceptors.request.add({
    resolved: async (options) => {
      addString(authorizationSecret(options.headers.get('authorization')));
      return options;
    },
  });
  client.transporter.interceptors.response.add({
    resolved: async (response) => {
      const data: unknown = response.data;
      if (isObject(data)) for (const field of TOKEN_FIELDS) addString(data[field]);
      return response;
    },
  });
  client.on('tokens', (tokens) => {
    for (const value of [tokens.access_token, tokens.id_token, tokens.refresh_token])
      addString(value);
  });
}

/**
 * The client for `credentials`, built from the copy in memory (never from a path), every token it
 * obtains handed to `addSecret` before it is used.
 */
export function authClientFor(
  credentials: GoogleCredentials,
  addSecret: (secret: string) => void,
): AuthClient {
  const client = new GoogleAuth({ scopes: CLOUD_PLATFORM_SCOPE }).fromJSON(credentials.json);
  reportTokens(client, addSecret);
  return client;
}

/**
 * Has `client` obtain its first token, within `timeoutMs`; throws a GoogleCredentialsError with
 * Google's reason when it cannot. The token is cached for the requests that follow.
 */
export async function fetchFirstToken(client: AuthClient, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.getAccessToken(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    throw new GoogleCredentialsError(
      `Google did not issue an access token for Vertex AI from the credentials in ${CREDENTIAL_FILE_VARIABLES[0]}: ${messageOf(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}
