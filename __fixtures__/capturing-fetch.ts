/**
 * A transport for an SDK client that sends nothing: it keeps each request as a server would receive
 * it and answers with an error the client does not retry, so a test sees exactly what a client puts
 * on the wire, signature included, without a server.
 */
import type { WireRequest } from './messages-server.js';

export interface CapturedRequest extends WireRequest {
  /** The whole URL, host included. */
  href: string;
}

export function capturingFetch(): {
  fetch: (url: string | URL | Request, init?: RequestInit) => Promise<Response>;
  requests: CapturedRequest[];
} {
  const requests: CapturedRequest[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const target = new URL(String(url));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    // Node's HTTP client adds the host header; a server sees it as sent.
    headers.host ??= target.host;
    requests.push({
      href: target.href,
      method: init?.method ?? 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      raw: String(init?.body),
    });
    return new Response(
      '{"type":"error","error":{"type":"invalid_request_error","message":"captured"}}',
      {
        status: 400,
        headers: { 'content-type': 'application/json', 'x-should-retry': 'false' },
      },
    );
  };
  return { fetch, requests };
}
