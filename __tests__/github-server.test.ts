/**
 * The fake REST API holds every call to GitHub's OpenAPI description: a test against it can only
 * pass with calls GitHub would take. Raw requests here, so the client's own checks are not in the way.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startGitHubServer, type GitHubServer } from '../__fixtures__/github-server.js';

let server: GitHubServer;

beforeEach(async () => {
  server = await startGitHubServer();
});

afterEach(() => {
  server.violations.length = 0;
  return server.close();
});

async function send(method: string, path: string, body?: unknown): Promise<number> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: 'token t', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status;
}

describe('the fake GitHub REST API', () => {
  it('takes a call that fits the description', async () => {
    expect(await send('POST', '/repos/o/r/issues/comments/5/reactions', { content: 'eyes' })).toBe(
      201,
    );
    expect(server.violations).toEqual([]);
  });

  it.each([
    [
      'an enum value GitHub does not know',
      'POST',
      '/repos/o/r/issues/comments/5/reactions',
      { content: 'thumbsup' },
      /not one of/,
    ],
    [
      'a required field missing',
      'POST',
      '/repos/o/r/issues/7/comments',
      {},
      /required field 'body' missing/,
    ],
    [
      'an unknown field',
      'POST',
      '/repos/o/r/issues/7/comments',
      { body: 'x', bodyy: 'y' },
      /unknown field 'bodyy'/,
    ],
    [
      'a path parameter of the wrong type',
      'PATCH',
      '/repos/o/r/issues/comments/abc',
      { body: 'x' },
      /path \{comment_id\}/,
    ],
    [
      'a method the route lacks',
      'DELETE',
      '/repos/o/r/issues/7/comments',
      undefined,
      /no DELETE route/,
    ],
    ['a route that does not exist', 'GET', '/repos/o/r/issue/7', undefined, /no GET route/],
    [
      'an unknown query parameter',
      'GET',
      '/repos/o/r/pulls?head=o:b&status=open',
      undefined,
      /unknown query parameter 'status'/,
    ],
    [
      'a query value outside its enum',
      'GET',
      '/repos/o/r/pulls?state=merged',
      undefined,
      /query 'state'/,
    ],
  ])(
    'records %s as a violation and refuses the call',
    async (_what, method, path, body, problem) => {
      expect(await send(method, path, body)).toBeGreaterThanOrEqual(400);
      expect(server.violations).toHaveLength(1);
      expect(server.violations[0]).toMatch(problem);
    },
  );

  it('makes close() fail while a violation stands', async () => {
    await send('POST', '/repos/o/r/issues/7/comments', {});
    const violations = [...server.violations];
    await expect(server.close()).rejects.toThrow(/break GitHub's OpenAPI description/);
    // The afterEach closes again; a closed server's close must not hide this test's result.
    server = await startGitHubServer();
    expect(violations).toHaveLength(1);
  });
});
