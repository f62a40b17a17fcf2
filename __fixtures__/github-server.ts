/**
 * A fake GitHub REST API on loopback (node:http) for tests: it keeps issue comments, reactions and
 * pull requests of one repository in memory, records every call, lets a test script replies for any
 * route, and checks EVERY call against GitHub's own OpenAPI description (`@octokit/openapi`): the
 * route exists for the method, path and query parameters fit their schemas, the JSON body has its
 * required fields, no unknown fields, and valid enum values. A call that breaks the description is
 * answered as GitHub would (404 for an unknown route, 422 otherwise) and recorded as a violation;
 * `close()` fails when there was any, so a test cannot pass over one.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
}

interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter>; schemas: Record<string, Schema> };
}

interface Route {
  template: string;
  pattern: RegExp;
  names: string[];
  operations: Record<string, Operation>;
}

let routes: Route[] | undefined;
let spec: OpenApi | undefined;

/** The description is 13 MB of JSON: read and indexed once per test file (jest isolates modules per file). */
function loadRoutes(): Route[] {
  if (routes) return routes;
  const file = createRequire(import.meta.url).resolve(
    '@octokit/openapi/generated/api.github.com.json',
  );
  spec = JSON.parse(readFileSync(file, 'utf8')) as OpenApi;
  routes = Object.entries(spec.paths).map(([template, operations]) => {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\\?\{([^}]+)\}/g, (_, name: string) => {
          names.push(name);
          return '([^/]+)';
        })}$`,
    );
    return { template, pattern, names, operations };
  });
  // A literal segment must win over a parameter (`/pulls/comments` is not pull number "comments").
  routes.sort((a, b) => a.names.length - b.names.length);
  return routes;
}

function resolve<T extends { $ref?: string }>(item: T): T {
  let current: T = item;
  while (current.$ref) {
    const [, , section, name] = current.$ref.split('/') as [string, string, string, string];
    current = (spec!.components as unknown as Record<string, Record<string, T>>)[section]![name]!;
  }
  return current;
}

/** Why `value` does not fit `schema`, or [] when it does. A small JSON Schema subset, as GitHub uses it. */
function check(value: unknown, schema: Schema, where: string): string[] {
  const s = resolve(schema);
  if (s.allOf) return s.allOf.flatMap((part) => check(value, part, where));
  for (const alternatives of [s.oneOf, s.anyOf]) {
    if (alternatives && !alternatives.some((part) => check(value, part, where).length === 0)) {
      return [`${where}: fits none of the ${alternatives.length} alternatives`];
    }
  }
  if (value === null)
    return s.nullable || [s.type].flat().includes('null') ? [] : [`${where}: null`];
  if (s.enum && !s.enum.includes(value)) {
    return [`${where}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`];
  }
  const types = [s.type].flat().filter((type) => type !== undefined);
  if (types.length > 0 && !types.some((type) => fitsType(value, type))) {
    return [`${where}: ${JSON.stringify(value)} is not ${types.join(' or ')}`];
  }
  const problems: string[] = [];
  if (typeof value === 'object' && !Array.isArray(value) && s.properties) {
    const record = value as Record<string, unknown>;
    for (const name of s.required ?? []) {
      if (!(name in record)) problems.push(`${where}: required field '${name}' missing`);
    }
    for (const [name, field] of Object.entries(record)) {
      const fieldSchema = s.properties[name];
      if (fieldSchema) problems.push(...check(field, fieldSchema, `${where}.${name}`));
      else if (s.additionalProperties === undefined || s.additionalProperties === false) {
        problems.push(`${where}: unknown field '${name}'`);
      }
    }
  }
  if (Array.isArray(value) && s.items) {
    value.forEach((item, index) => problems.push(...check(item, s.items!, `${where}[${index}]`)));
  }
  return problems;
}

function fitsType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

/** A path or query value (always a string on the wire) read as its schema's type. */
function fromWire(text: string, schema: Schema): unknown {
  const type = [resolve(schema).type].flat()[0];
  if (type === 'integer' || type === 'number')
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

export interface Call {
  method: string;
  /** The path without the query. */
  path: string;
  /** The OpenAPI template the path matched, e.g. `/repos/{owner}/{repo}/issues/{issue_number}/comments`. */
  route: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  headers: IncomingMessage['headers'];
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Answers a call instead of the fake's own state; undefined lets the state answer. */
export type Handler = (call: Call) => Reply | undefined;

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  user: { login: string; type: string };
}

export interface FakePull {
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  state: 'open' | 'closed';
}

export interface GitHubServer {
  url: string;
  calls: Call[];
  violations: string[];
  comments: FakeComment[];
  /** Reactions by the route they were posted to (`issue-comment:12`, `review-comment:7`). */
  reactions: Array<{ on: string; content: string }>;
  pulls: FakePull[];
  /** Permission answers by login (`role_name`); a login not here is not a collaborator (404). */
  permissions: Record<string, string>;
  /** Files changed by each pull request number. */
  pullFiles: Record<number, string[]>;
  /** Answers `method route` (OpenAPI template) with `handler` first. */
  on(method: string, route: string, handler: Handler): void;
  /** Calls to `method` whose route ends with `suffix`. */
  callsTo(method: string, suffix: string): Call[];
  close(): Promise<void>;
}

export const OWNER = 'octo';
export const REPO = 'repo';
export const BOT = { login: 'github-actions[bot]', type: 'Bot' };

const LEGACY_PERMISSION: Record<string, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
};

export async function startGitHubServer(): Promise<GitHubServer> {
  const table = loadRoutes();
  const handlers: Array<{ method: string; route: string; handler: Handler }> = [];
  let nextId = 1000;
  const state: Omit<GitHubServer, 'url' | 'on' | 'callsTo' | 'close'> = {
    calls: [],
    violations: [],
    comments: [],
    reactions: [],
    pulls: [],
    permissions: {},
    pullFiles: {},
  };
  let base = '';

  const commentJson = (comment: FakeComment) => ({
    id: comment.id,
    node_id: `IC_${comment.id}`,
    body: comment.body,
    user: comment.user,
    html_url: `https://github.com/${OWNER}/${REPO}/issues/${comment.issue}#issuecomment-${comment.id}`,
    url: `${base}/repos/${OWNER}/${REPO}/issues/comments/${comment.id}`,
  });
  const pullJson = (pull: FakePull) => ({
    id: pull.number + 5000,
    number: pull.number,
    state: pull.state,
    title: pull.title,
    body: pull.body,
    html_url: `https://github.com/${OWNER}/${REPO}/pull/${pull.number}`,
    head: {
      ref: pull.head,
      label: `${OWNER}:${pull.head}`,
      sha: 'f'.repeat(40),
      repo: { full_name: `${OWNER}/${REPO}` },
    },
    base: {
      ref: pull.base,
      label: `${OWNER}:${pull.base}`,
      sha: 'e'.repeat(40),
      repo: { full_name: `${OWNER}/${REPO}` },
    },
    user: { login: 'octocat', type: 'User' },
  });

  /** A page of `items` as GitHub pages them, with its `link` header. */
  const paged = (call: Call, items: unknown[]): Reply => {
    const perPage = Math.min(Number(call.query.per_page ?? 30), 100);
    const page = Number(call.query.page ?? 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const headers: Record<string, string> = {};
    if (page < last) {
      const next = new URLSearchParams({
        ...call.query,
        per_page: String(perPage),
        page: String(page + 1),
      });
      headers.link = `<${base}${call.path}?${next}>; rel="next", <${base}${call.path}?${new URLSearchParams({ ...call.query, per_page: String(perPage), page: String(last) })}>; rel="last"`;
    }
    return { status: 200, body: items.slice((page - 1) * perPage, page * perPage), headers };
  };

  const answer = (call: Call): Reply => {
    const body = (call.body ?? {}) as Record<string, unknown>;
    const p = call.params;
    switch (`${call.method} ${call.route}`) {
      case 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments':
        return paged(
          call,
          state.comments.filter((c) => c.issue === Number(p.issue_number)).map(commentJson),
        );
      case 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': {
        const comment = {
          id: nextId++,
          issue: Number(p.issue_number),
          body: String(body.body),
          user: BOT,
        };
        state.comments.push(comment);
        return { status: 201, body: commentJson(comment) };
      }
      case 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}': {
        const comment = state.comments.find((c) => c.id === Number(p.comment_id));
        if (!comment) return { status: 404, body: { message: 'Not Found' } };
        comment.body = String(body.body);
        return { status: 200, body: commentJson(comment) };
      }
      case 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions':
      case 'POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions': {
        const kind = call.route.includes('/pulls/') ? 'review-comment' : 'issue-comment';
        state.reactions.push({ on: `${kind}:${p.comment_id}`, content: String(body.content) });
        return { status: 201, body: { id: nextId++, content: body.content, user: BOT } };
      }
      case 'GET /repos/{owner}/{repo}/collaborators/{username}/permission': {
        const role = state.permissions[p.username as string];
        if (role === undefined) return { status: 404, body: { message: 'Not Found' } };
        return {
          status: 200,
          body: {
            permission: LEGACY_PERMISSION[role] ?? 'read',
            role_name: role,
            user: { login: p.username, type: 'User' },
          },
        };
      }
      case 'GET /repos/{owner}/{repo}/pulls/{pull_number}': {
        const pull = state.pulls.find((item) => item.number === Number(p.pull_number));
        return pull
          ? { status: 200, body: pullJson(pull) }
          : { status: 404, body: { message: 'Not Found' } };
      }
      case 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files':
        return paged(
          call,
          (state.pullFiles[Number(p.pull_number)] ?? []).map((filename) => ({
            filename,
            status: 'modified',
          })),
        );
      case 'GET /repos/{owner}/{repo}/pulls': {
        const head = call.query.head?.replace(/^[^:]*:/, '');
        return paged(
          call,
          state.pulls
            .filter(
              (pull) =>
                (call.query.state ?? 'open') === 'all' ||
                pull.state === (call.query.state ?? 'open'),
            )
            .filter((pull) => head === undefined || pull.head === head)
            .map(pullJson),
        );
      }
      case 'POST /repos/{owner}/{repo}/pulls': {
        if (state.pulls.some((pull) => pull.state === 'open' && pull.head === body.head)) {
          return {
            status: 422,
            body: {
              message: 'Validation Failed',
              errors: [{ message: 'A pull request already exists' }],
            },
          };
        }
        const pull: FakePull = {
          number: state.pulls.length + 1,
          title: String(body.title),
          body: String(body.body ?? ''),
          head: String(body.head),
          base: String(body.base),
          state: 'open',
        };
        state.pulls.push(pull);
        return { status: 201, body: pullJson(pull) };
      }
      default:
        return {
          status: 501,
          body: { message: `the fake has no answer for ${call.method} ${call.route}` },
        };
    }
  };

  /** The call checked against the description; problems go to `violations`. */
  const validate = (method: string, path: string, query: URLSearchParams, body: unknown) => {
    const lower = method.toLowerCase();
    for (const route of table) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const operation = route.operations[lower];
      if (!operation) continue;
      const params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] as string)]),
      );
      const problems: string[] = [];
      const declared = (operation.parameters ?? []).map((parameter) => resolve(parameter));
      for (const parameter of declared) {
        if (parameter.in === 'path' && parameter.schema) {
          problems.push(
            ...check(
              fromWire(params[parameter.name] as string, parameter.schema),
              parameter.schema,
              `path {${parameter.name}}`,
            ),
          );
        }
        if (parameter.in === 'query') {
          const value = query.get(parameter.name);
          if (value === null) {
            if (parameter.required) problems.push(`query '${parameter.name}' missing`);
          } else if (parameter.schema) {
            problems.push(
              ...check(
                fromWire(value, parameter.schema),
                parameter.schema,
                `query '${parameter.name}'`,
              ),
            );
          }
        }
      }
      for (const name of query.keys()) {
        if (!declared.some((parameter) => parameter.in === 'query' && parameter.name === name)) {
          problems.push(`unknown query parameter '${name}'`);
        }
      }
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      if (bodySchema) {
        if (body === undefined) {
          if (operation.requestBody?.required) problems.push('request body missing');
        } else problems.push(...check(body, bodySchema, 'body'));
      } else if (body !== undefined) problems.push('a body where the operation takes none');
      return { route: route.template, params, problems };
    }
    return { route: undefined, params: {}, problems: [`no ${method} route for ${path}`] };
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const method = request.method ?? 'GET';
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      let problems: string[] = [];
      if (raw !== '') {
        try {
          body = JSON.parse(raw);
        } catch {
          problems.push('the body is not JSON');
        }
      }
      const checked = validate(method, url.pathname, url.searchParams, body);
      problems = [...problems, ...checked.problems];
      if (!(request.headers.authorization ?? '').startsWith('token ')) problems.push('no token');
      const call: Call = {
        method,
        path: url.pathname,
        route: checked.route ?? '',
        params: checked.params,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: request.headers,
      };
      state.calls.push(call);
      let reply: Reply;
      if (problems.length > 0) {
        state.violations.push(`${method} ${url.pathname}${url.search}: ${problems.join('; ')}`);
        reply = checked.route
          ? { status: 422, body: { message: 'Validation Failed', errors: problems } }
          : { status: 404, body: { message: 'Not Found' } };
      } else {
        reply =
          handlers
            .filter((h) => h.method === method && h.route === call.route)
            .map((h) => h.handler(call))
            .find((r) => r !== undefined) ?? answer(call);
      }
      response.writeHead(reply.status, {
        'content-type': 'application/json; charset=utf-8',
        ...reply.headers,
      });
      response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    ...state,
    url: base,
    on(method, route, handler) {
      handlers.push({ method, route, handler });
    },
    callsTo(method, suffix) {
      return state.calls.filter((call) => call.method === method && call.route.endsWith(suffix));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((closed) => server.close(() => closed()));
      if (state.violations.length > 0) {
        throw new Error(
          `Calls that break GitHub's OpenAPI description:\n${state.violations.join('\n')}`,
        );
      }
    },
  };
}

/** Pull request #1, which the `issue_comment.created.on-pr` payload comments on: `changes` into `main`, touching the README. */
export function openPullRequest(server: GitHubServer): void {
  server.pulls.push({
    number: 1,
    title: 'Update the README',
    body: 'Please',
    head: 'changes',
    base: 'main',
    state: 'open',
  });
  server.pullFiles[1] = ['README.md'];
}
