/**
 * The transport every platform's client gets: a response comes with its whole body read, a body cut
 * after its headers fails as a retryable error, and an abort while the body comes stays an abort.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RetryableError } from '@anthropic-ai/sdk';
import { readWholeBody } from '../src/providers/whole-body.js';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(handle: (res: ServerResponse) => void): Promise<string> {
  server = createServer((_req, res) => handle(res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const fetchWhole = readWholeBody(globalThis.fetch);

describe('readWholeBody', () => {
  it('hands on a response whose body is already read, status and headers kept', async () => {
    const url = await serve((res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'request-id': 'req_1' });
      res.end('{"ok":true}');
    });

    const response = await fetchWhole(url);

    expect(response.status).toBe(201);
    expect(response.headers.get('request-id')).toBe('req_1');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('fails a body cut after its headers with a RetryableError that says so', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":', () => res.socket?.resetAndDestroy());
    });

    const failure = await fetchWhole(url).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(RetryableError);
    expect((failure as Error).message).toMatch(
      /^The response \(HTTP 200\) was cut off in its body: /,
    );
  });

  it('lets an abort while the body comes stay an abort, for the SDK to tell a timeout or a cancel', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"slow":');
    });
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(), 200);

    const failure = await fetchWhole(url, { signal: controller.signal }).then(
      () => undefined,
      (error: unknown) => error,
    );
    clearTimeout(deadline);

    expect(failure).not.toBeInstanceOf(RetryableError);
    expect((failure as Error).name).toBe('AbortError');
  });

  it('leaves a stream to be read as it comes', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: ping\n\n');
    });

    // The stream never ends: a buffering transport would wait here until the test's deadline.
    const response = await fetchWhole(url);
    const reader = response.body!.getReader();
    const first = await reader.read();

    expect(new TextDecoder().decode(first.value)).toBe('event: ping\n\n');
    await reader.cancel();
  }, 5_000);
});
