/**
 * The SDK retries a request that fails before its headers arrive, but reads the body after it has
 * handed the response on: a connection reset or cut in the middle of the body then ends the run
 * ("terminated") although nothing in it was used. Reading the whole body inside the transport moves
 * that failure to where the SDK retries, with its backoff and its attempt count. Nothing of a
 * response is acted on until it is read whole, so a retried body never runs a tool call twice.
 */
import { RetryableError, type ClientOptions } from '@anthropic-ai/sdk';
import { messageWithCause } from '../base/errors.js';

export type Fetch = NonNullable<ClientOptions['fetch']>;

/** Headers that describe the wire's bytes, not the decoded body handed on. */
const WIRE_HEADERS = ['content-encoding', 'content-length', 'transfer-encoding'];

/** Streams are read as they come by design: only whole-answer bodies are buffered. */
function isStream(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('text/event-stream') || type.includes('application/vnd.amazon.eventstream');
}

/** `fetch` whose responses come with their whole body read, or fail the way a connection does. */
export function readWholeBody(fetch: Fetch): Fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.body === null || isStream(response)) return response;
    let body: ArrayBuffer;
    try {
      body = await response.arrayBuffer();
    } catch (error) {
      // An abort (the attempt's timeout, the run's deadline, a cancel) is the SDK's to tell apart.
      // Anything else is marked retryable, so the SDK retries it on every path (a platform's signing
      // middleware included), and says what was cut once the retries are spent.
      if (init?.signal?.aborted) throw error;
      throw new RetryableError(
        `The response (HTTP ${response.status}) was cut off in its body: ${messageWithCause(error)}`,
        { cause: error },
      );
    }
    const headers = new Headers(response.headers);
    for (const name of WIRE_HEADERS) headers.delete(name);
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
