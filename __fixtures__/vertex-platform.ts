/**
 * Google Vertex AI's wire rules for the scripted Messages API: `POST
 * /v1/projects/<project>/locations/<region>/publishers/anthropic/models/<model>:rawPredict` (and
 * `…/models/count-tokens:rawPredict` for token counting, the model then in the body),
 * `Authorization: Bearer <token>` with a token the test's Google STS issued, a body whose
 * `anthropic_version` is `vertex-2023-10-16` and, for a message, without `model`, and no Anthropic
 * API key or version header. The script sees the body with the model from the path put back.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestBody } from './messages.js';
import { refusal, type Platform, type Received } from './messages-server.js';

export const VERTEX_API_VERSION = 'vertex-2023-10-16';

export interface VertexProject {
  project: string;
  region: string;
  /** The bearer tokens accepted, asked at each request: the fake STS issues them during the run. */
  acceptedTokens: () => readonly string[];
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Vertex's rules; `refusals` of the server say which one a refused request broke. */
export function vertexPlatform(vertex: VertexProject): Platform {
  const base = `/v1/projects/${vertex.project}/locations/${vertex.region}/publishers/anthropic/models/`;
  return {
    receive(request): Received {
      const { pathname } = new URL(request.url, 'http://vertex.invalid');
      const method = pathname.startsWith(base)
        ? /^([^/]+):(rawPredict|streamRawPredict)$/.exec(pathname.slice(base.length))
        : null;
      if (request.method !== 'POST' || !method) {
        return refusal(
          404,
          'not_found_error',
          `no Claude endpoint of this project and region at ${pathname}`,
        );
      }
      const model = decodeURIComponent(method[1]!);
      if (method[2] !== 'rawPredict') {
        return refusal(400, 'invalid_request_error', `${method[2]}: the loop does not stream`);
      }
      const bearer = /^Bearer (.+)$/.exec(header(request.headers, 'authorization') ?? '')?.[1];
      if (bearer === undefined) return refusal(401, 'authentication_error', 'no bearer token');
      if (!vertex.acceptedTokens().includes(bearer)) {
        return refusal(
          401,
          'authentication_error',
          'the bearer token was not issued by Google STS',
        );
      }
      if (header(request.headers, 'x-api-key') !== undefined) {
        return refusal(400, 'invalid_request_error', 'an Anthropic API key was sent to Google');
      }
      if (header(request.headers, 'anthropic-version') !== undefined) {
        return refusal(400, 'invalid_request_error', 'anthropic-version belongs in the body');
      }
      const body = JSON.parse(request.raw) as Partial<RequestBody> & Record<string, unknown>;
      if (body.anthropic_version !== VERTEX_API_VERSION) {
        return refusal(
          400,
          'invalid_request_error',
          `anthropic_version must be ${VERTEX_API_VERSION}, got ${JSON.stringify(body.anthropic_version)}`,
        );
      }
      if (model === 'count-tokens') {
        if (typeof body.model !== 'string') {
          return refusal(400, 'invalid_request_error', 'count-tokens needs the model in the body');
        }
        return { endpoint: 'count', body: body as RequestBody };
      }
      if ('model' in body) {
        return refusal(400, 'invalid_request_error', 'model is not allowed in the body');
      }
      return { endpoint: 'messages', body: { ...body, model } as RequestBody };
    },
  };
}
