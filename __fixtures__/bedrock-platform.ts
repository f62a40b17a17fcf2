/**
 * Amazon Bedrock's wire rules for the scripted Messages API: `POST /model/<model-id>/invoke` (the id
 * URL-encoded in the path), a body with `anthropic_version` and without `model`, and either a Bedrock
 * API key (`authorization: Bearer`) or an AWS Signature Version 4 over the request, checked here
 * from first principles (canonical request, string to sign, the HMAC chain from the secret key), not
 * with the signer the client uses, so a signing mistake on either side shows.
 */
import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestBody } from './messages.js';
import { refusal, type Platform, type Received, type WireRequest } from './messages-server.js';

/** What the fake account accepts. */
export interface BedrockAccount {
  accessKeyId: string;
  secretAccessKey: string;
  /** The STS session token the signature must carry (`x-amz-security-token`), when set. */
  sessionToken?: string;
  region: string;
  /** A Bedrock API key accepted instead of a signature. */
  apiKey?: string;
}

const SERVICE = 'bedrock';
/** SigV4 refuses a request signed this far from the server's clock. */
const MAX_SKEW_MS = 5 * 60_000;

function sha256Hex(data: string): string {
  return createHash('sha256').update(data, 'utf8').digest('hex');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** RFC 3986 encoding, as SigV4 wants it: everything but unreserved characters, upper-case hex. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The canonical URI of a service other than S3: each segment of the path as sent (already encoded
 * once by the client) encoded again.
 */
function canonicalUri(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => uriEncode(segment))
    .join('/');
}

function canonicalQuery(search: URLSearchParams): string {
  return [...search.entries()]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : x! > y! ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The service a signature is for and the clock it is checked against (AWS's test vectors use others). */
export interface SigningCheck {
  service?: string;
  now?: () => number;
}

/** Why the signature of `request` is not a valid one for `account`; undefined when it is. */
export function signatureProblem(
  request: WireRequest,
  account: BedrockAccount,
  { service: expectedService = SERVICE, now = Date.now }: SigningCheck = {},
): string | undefined {
  const auth = header(request.headers, 'authorization') ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return `not a SigV4 authorization header: '${auth.slice(0, 40)}'`;
  const [, keyId, date, region, service, signedList, signature] = match as unknown as string[];
  if (keyId !== account.accessKeyId) return `unknown access key id ${keyId}`;
  if (region !== account.region) return `signed for region ${region}, not ${account.region}`;
  if (service !== expectedService) return `signed for service ${service}, not ${expectedService}`;
  const amzDate = header(request.headers, 'x-amz-date') ?? '';
  const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!signedAt || amzDate.slice(0, 8) !== date) return `bad x-amz-date '${amzDate}'`;
  const [, y, mo, d, h, mi, s] = signedAt.map(Number) as number[];
  if (Math.abs(Date.UTC(y!, mo! - 1, d, h, mi, s) - now()) > MAX_SKEW_MS) {
    return `x-amz-date ${amzDate} is too far from now`;
  }
  const signed = signedList!.split(';');
  const mustSign = ['host', 'x-amz-date'];
  if (account.sessionToken !== undefined) {
    if (header(request.headers, 'x-amz-security-token') !== account.sessionToken) {
      return 'the session token (x-amz-security-token) is missing or wrong';
    }
    mustSign.push('x-amz-security-token');
  }
  const unsigned = mustSign.find((name) => !signed.includes(name));
  if (unsigned) return `header ${unsigned} is not signed`;
  const payloadHash = sha256Hex(request.raw);
  const declared = header(request.headers, 'x-amz-content-sha256');
  if (declared !== undefined && declared !== payloadHash) return 'x-amz-content-sha256 is wrong';

  const url = new URL(request.url, 'http://bedrock.invalid');
  const canonicalHeaders = signed
    .map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    canonicalUri(url.pathname),
    canonicalQuery(url.searchParams),
    canonicalHeaders,
    signed.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const dateKey = hmac(`AWS4${account.secretAccessKey}`, date!);
  const signingKey = hmac(hmac(hmac(dateKey, region!), service!), 'aws4_request');
  const expected = hmac(signingKey, stringToSign).toString('hex');
  return expected === signature ? undefined : 'the signature does not match';
}

/** Bedrock's rules; `refusals` of the server say which one a refused request broke. */
export function bedrockPlatform(account: BedrockAccount): Platform {
  return {
    receive(request): Received {
      const url = new URL(request.url, 'http://bedrock.invalid');
      const path = /^\/model\/([^/]+)\/invoke$/.exec(url.pathname);
      if (request.method !== 'POST' || !path) {
        return refusal(404, 'not_found_error', `no Bedrock endpoint at ${request.url}`);
      }
      const bearer = header(request.headers, 'authorization');
      const problem =
        account.apiKey !== undefined && bearer === `Bearer ${account.apiKey}`
          ? undefined
          : signatureProblem(request, account);
      if (problem) return refusal(403, 'permission_error', problem);
      const body = JSON.parse(request.raw) as Partial<RequestBody> & Record<string, unknown>;
      if ('model' in body)
        return refusal(400, 'invalid_request_error', 'model is not allowed in the body');
      if (typeof body.anthropic_version !== 'string' || body.anthropic_version === '') {
        return refusal(400, 'invalid_request_error', 'anthropic_version is required in the body');
      }
      if (header(request.headers, 'anthropic-version') !== undefined) {
        return refusal(400, 'invalid_request_error', 'anthropic-version belongs in the body');
      }
      const model = decodeURIComponent(path[1]!);
      return { endpoint: 'messages', body: { ...body, model } as RequestBody };
    },
  };
}
