/**
 * Microsoft Foundry's wire rules for the scripted Messages API: the Messages API under the
 * resource's `/anthropic` path, Anthropic's model ids in the body, and the resource key in an
 * `x-api-key` header (what @anthropic-ai/foundry-sdk sends), never as a bearer token.
 */
import type { RequestBody } from './messages.js';
import { refusal, type Platform, type Received } from './messages-server.js';

/** The path the Foundry client puts before `/v1/messages`. */
export const FOUNDRY_BASE_PATH = '/anthropic';

export function foundryPlatform(apiKey: string): Platform {
  return {
    receive({ method, url, headers, raw }): Received {
      const endpoint = url.startsWith(`${FOUNDRY_BASE_PATH}/v1/messages/count_tokens`)
        ? 'count'
        : url.startsWith(`${FOUNDRY_BASE_PATH}/v1/messages`)
          ? 'messages'
          : undefined;
      if (method !== 'POST' || endpoint === undefined) {
        return refusal(404, 'not_found_error', `no Foundry endpoint at ${url}`);
      }
      if (headers['x-api-key'] !== apiKey) {
        return refusal(401, 'authentication_error', 'the x-api-key header is missing or wrong');
      }
      if (headers.authorization !== undefined) {
        return refusal(401, 'authentication_error', 'a key goes in x-api-key, not authorization');
      }
      return { endpoint, body: JSON.parse(raw) as RequestBody };
    },
  };
}
