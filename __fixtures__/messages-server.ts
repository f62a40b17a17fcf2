/**
 * A scripted Messages API on loopback: `POST /v1/messages` answers from a script, and every request
 * is recorded. Plain JSON (the loop does not stream). Replies can be errors with headers (429 with
 * `retry-after-ms`), or hang until the client gives up, to test deadlines. `POST
 * /v1/messages/count_tokens` answers with a count (by default a quarter of the JSON's length) and
 * is recorded apart, so the message requests stay the script's to count.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FRAMING_TOKENS_PER_PART,
  TOOL_USE_PROMPT_BOUND_TOKENS,
} from '../src/agent/request-size.js';
import type { ErrorReply, MessageJson, RequestBody } from './messages.js';

export interface RecordedRequest {
  /** The body as the script sees it: a platform that takes the model from the path puts it back. */
  body: RequestBody;
  /** The body's bytes as they came over the wire. */
  raw: string;
  /** The request's path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** performance.now() when the request arrived. */
  at: number;
  /** performance.now() when its answer was handed to the socket, once it was. */
  answeredAt?: number;
}

/**
 * A cut reply: the headers of `reply` with its whole length, then only its first `atByte` bytes of
 * body, then the connection ends: `reset` sends a TCP reset, `close` a plain close.
 */
export interface CutReply {
  cut: MessageJson | ErrorReply;
  atByte: number;
  how: 'reset' | 'close';
}

/**
 * A message (200), an error reply, `hang` (no answer until the client aborts), a delayed reply, or
 * a reply cut in its body.
 */
export type Reply =
  MessageJson | ErrorReply | { hang: true } | { delayMs: number; then: Reply } | CutReply;

/** Answers request number `index` (0-based); `requests` holds every request so far. */
export type Script = (
  request: RecordedRequest,
  index: number,
  requests: RecordedRequest[],
) => Reply | Promise<Reply>;

export interface ServerOptions {
  /** Answers a token-counting request: a count of input tokens, or a reply (an error, `hang`). */
  countTokens?: (body: RequestBody, index: number) => number | Reply;
  /** The platform whose rules requests must follow; the Anthropic API's by default. */
  platform?: Platform;
}

/** One request as it arrived, before any platform's rules were applied. */
export interface WireRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

/**
 * What a platform makes of a request: the endpoint it reached with the body in the Messages API's
 * shape, or a refusal (the platform's error reply) for a request that breaks its rules: a bad
 * signature, a missing key, a wrong path.
 */
export type Received =
  { endpoint: 'messages' | 'count'; body: RequestBody } | { refused: ErrorReply; reason: string };

/** The rules of one platform's wire format (Bedrock, Vertex AI, Foundry: their own fixtures). */
export interface Platform {
  receive(request: WireRequest): Received;
}

function notFound(url: string): Received {
  return {
    refused: {
      status: 404,
      body: { type: 'error', error: { type: 'not_found_error', message: url } },
    },
    reason: `no endpoint at ${url}`,
  };
}

/** The Anthropic API: `POST /v1/messages` and `POST /v1/messages/count_tokens`, plain JSON. */
export const ANTHROPIC_API: Platform = {
  receive({ method, url, raw }) {
    if (method !== 'POST' || !url.startsWith('/v1/messages')) return notFound(url);
    const endpoint = url.startsWith('/v1/messages/count_tokens') ? 'count' : 'messages';
    return { endpoint, body: JSON.parse(raw) as RequestBody };
  },
};

/** `path` with the base path a platform's clients put in front removed, or undefined. */
export function underBase(url: string, base: string): string | undefined {
  return url.startsWith(base) ? url.slice(base.length) : undefined;
}

/** The platform's error for a refused request, shaped as the Anthropic SDK reads errors. */
export function refusal(status: number, type: string, reason: string): Received {
  return {
    refused: {
      status,
      // Not retried: a refusal is the test's point, and retries would only slow it.
      headers: { 'x-should-retry': 'false' },
      body: { type: 'error', error: { type, message: reason } },
    },
    reason,
  };
}

/** The default count: about what the API says for English text and JSON. */
export function roughTokenCount(body: RequestBody): number {
  const { system, tools, messages } = body;
  return Math.ceil(JSON.stringify({ system, tools, messages }).length / 4);
}

/**
 * The count of a tokenizer at the limits the action's prompt bound allows (src/agent/request-size.ts):
 * one token for every byte of every string of the request (texts, results, each tool call's id,
 * name and input, the system prompt, the tools), the most framing the bound allows around each
 * message and block, and what the API adds for tool use. No real tokenizer counts more.
 */
export function worstCaseTokenCount(
  body: Pick<RequestBody, 'system' | 'tools' | 'messages'>,
): number {
  const bytes = (text: string): number => Buffer.byteLength(text);
  let tokens = TOOL_USE_PROMPT_BOUND_TOKENS;
  for (const block of body.system ?? []) tokens += bytes(block.text);
  for (const tool of body.tools ?? []) {
    for (const value of Object.values(tool)) if (typeof value === 'string') tokens += bytes(value);
  }
  for (const message of body.messages) {
    tokens += FRAMING_TOKENS_PER_PART;
    if (typeof message.content === 'string') {
      tokens += bytes(message.content) + FRAMING_TOKENS_PER_PART;
      continue;
    }
    for (const block of message.content) {
      tokens += FRAMING_TOKENS_PER_PART;
      if (block.type === 'text') tokens += bytes(String(block.text));
      else if (block.type === 'tool_result') tokens += bytes(String(block.content));
      else if (block.type === 'tool_use') {
        tokens +=
          bytes(String(block.id)) + bytes(String(block.name)) + bytes(JSON.stringify(block.input));
      } else throw new Error(`no worst case for a ${block.type} block`);
    }
  }
  return tokens;
}

/**
 * A max-cost-usd under what one request with the default max-tokens (16,000) can cost at Sonnet
 * 5's rates with room for a wind-down after it ($0.22 against $0.2205 and the prompt), so that no
 * prompt's bound decides and every request is counted: for tests of a platform's counting endpoint.
 */
export const BUDGET_THAT_COUNTS_USD = '0.22';

export interface MessagesServer {
  /** Base URL for the SDK (`baseURL` / ANTHROPIC_BASE_URL). */
  url: string;
  requests: RecordedRequest[];
  /** Token-counting requests, in order. */
  countRequests: RecordedRequest[];
  /** Requests whose client went away before an answer (aborted). */
  aborted: number;
  /** Why each request the platform refused was refused, in order. */
  refusals: string[];
  close(): Promise<void>;
}

function isError(reply: Reply): reply is ErrorReply {
  return 'status' in reply && 'body' in reply;
}

/** Runs a script given as a list: reply N answers request N; past the end is a test failure. */
export function scripted(replies: Reply[]): Script {
  return (_request, index) =>
    replies[index] ?? {
      status: 500,
      // Not retried: a test that sends more requests than scripted should fail at once and clearly.
      headers: { 'x-should-retry': 'false' },
      body: {
        type: 'error',
        error: { type: 'api_error', message: `script has no reply for request ${index + 1}` },
      },
    };
}

export async function startMessagesServer(
  script: Script | Reply[],
  options: ServerOptions = {},
): Promise<MessagesServer> {
  const answer = Array.isArray(script) ? scripted(script) : script;
  const countTokens = options.countTokens ?? roughTokenCount;
  const requests: RecordedRequest[] = [];
  const countRequests: RecordedRequest[] = [];
  const refusals: string[] = [];
  const platform = options.platform ?? ANTHROPIC_API;
  const state = { aborted: 0 };

  const send = async (
    res: ServerResponse,
    reply: Reply,
    gone: () => boolean,
    request?: RecordedRequest,
  ): Promise<void> => {
    if ('hang' in reply) return;
    if ('delayMs' in reply) {
      // A client that goes ends the wait: nothing is left to answer, and no timer keeps tests alive.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, reply.delayMs);
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (gone()) return;
      return send(res, reply.then, gone, request);
    }
    if ('cut' in reply) {
      const whole = Buffer.from(JSON.stringify(isError(reply.cut) ? reply.cut.body : reply.cut));
      res.writeHead(isError(reply.cut) ? reply.cut.status : 200, {
        'content-type': 'application/json',
        'content-length': String(whole.length),
        'request-id': `req_${requests.length}`,
      });
      // The part goes out with the headers; the end comes once the socket has taken it.
      res.write(whole.subarray(0, Math.min(reply.atByte, whole.length - 1)), () => {
        if (reply.how === 'reset') res.socket?.resetAndDestroy();
        else res.socket?.destroy();
      });
      if (request) request.answeredAt = performance.now();
      return;
    }
    const status = isError(reply) ? reply.status : 200;
    const headers = isError(reply) ? (reply.headers ?? {}) : {};
    const body = JSON.stringify(isError(reply) ? reply.body : reply);
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${requests.length}`,
      ...headers,
    });
    res.end(body);
    if (request) request.answeredAt = performance.now();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const wire: WireRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      };
      const received = platform.receive(wire);
      if ('refused' in received) {
        refusals.push(received.reason);
        void send(res, received.refused, () => res.destroyed);
        return;
      }
      let finished = false;
      res.on('finish', () => (finished = true));
      res.on('close', () => {
        if (!finished) state.aborted += 1;
      });
      const request: RecordedRequest = {
        body: received.body,
        raw: wire.raw,
        url: wire.url,
        headers: req.headers,
        at,
      };
      const counting = received.endpoint === 'count';
      if (counting) countRequests.push(request);
      else requests.push(request);
      const reply = (): Reply | Promise<Reply> => {
        if (!counting) return answer(request, requests.length - 1, requests);
        const count = countTokens(request.body, countRequests.length - 1);
        // A count is sent as the API sends it; the cast lets it travel the message reply path.
        return typeof count === 'number' ? ({ input_tokens: count } as unknown as Reply) : count;
      };
      Promise.resolve(reply())
        .then((reply) => send(res, reply, () => res.destroyed, request))
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json', 'x-should-retry': 'false' });
          res.end(
            JSON.stringify({ type: 'error', error: { type: 'api_error', message: String(error) } }),
          );
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    countRequests,
    refusals,
    get aborted() {
      return state.aborted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
