/**
 * A fake of the runner's artifact service on loopback, built from what `@actions/artifact` 6 sends
 * (lib/internal/upload/upload-artifact.js, blob-upload.js, shared/artifact-twirp-client.js): Twirp
 * JSON at `ACTIONS_RESULTS_URL` (`CreateArtifact` → a signed blob URL; `FinalizeArtifact` → the
 * artifact's id), authenticated by `ACTIONS_RUNTIME_TOKEN`, a JWT whose `scp` claim names the run's
 * and the job's backend ids; and between the two, the Azure blob upload to the signed URL
 * (`BlockBlobClient.uploadStream`: a `PUT ?comp=block&blockid=…` per block, then
 * `PUT ?comp=blocklist`), which is served here too. Every request is checked for exactly what the
 * client sends (the token, the ids, the field names proto-style, the artifact's version, its type,
 * its size and SHA-256 against the bytes that came); a request that breaks it is refused and
 * recorded, and `close()` fails when there was any.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService/';

/** An artifact as the service stored it. */
export interface StoredArtifact {
  id: string;
  name: string;
  mimeType: string;
  /** The bytes of the committed blob (a zip, unless the client was told to skip archiving). */
  content: Buffer;
  finalized: boolean;
}

export interface ArtifactService {
  /** For `ACTIONS_RESULTS_URL`. */
  resultsUrl: string;
  /** For `ACTIONS_RUNTIME_TOKEN`. */
  runtimeToken: string;
  artifacts: StoredArtifact[];
  /** Every request, as `METHOD path`, in order. */
  requests: string[];
  /** Requests that broke what the real service accepts. */
  violations: string[];
  close(): Promise<void>;
}

const base64url = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

/** The ids an artifact's id is made from: above 2^32, as real ids can be. */
let nextId = 4_294_967_297n;

export interface ArtifactServiceOptions {
  /** Answer every Twirp call with this status (a service that is down). */
  failWith?: number;
}

export async function startArtifactService(
  options: ArtifactServiceOptions = {},
): Promise<ArtifactService> {
  const runBackendId = `run-${randomBytes(4).toString('hex')}`;
  const jobBackendId = `job-${randomBytes(4).toString('hex')}`;
  const runtimeToken = [
    base64url({ alg: 'HS256', typ: 'JWT' }),
    base64url({ scp: `Actions.GenericRead:x Actions.Results:${runBackendId}:${jobBackendId}` }),
    randomBytes(16).toString('base64url'),
  ].join('.');
  const signature = randomBytes(12).toString('hex');
  const artifacts: StoredArtifact[] = [];
  const requests: string[] = [];
  const violations: string[] = [];
  /** Blocks staged for each blob path, by block id. */
  const staged = new Map<string, Map<string, Buffer>>();
  const blobs = new Map<string, StoredArtifact>();
  let origin = '';

  const refuse = (response: ServerResponse, status: number, why: string): void => {
    violations.push(why);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 'invalid_argument', msg: why }));
  };
  const json = (response: ServerResponse, body: unknown): void => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const exactKeys = (body: Record<string, unknown>, allowed: string[], required: string[]) => {
    const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
    const missing = required.filter((key) => !(key in body));
    return unknown.length > 0 || missing.length > 0
      ? `fields: unknown ${unknown.join(',')}; missing ${missing.join(',')}`
      : undefined;
  };

  const twirp = (method: string, body: Record<string, unknown>, response: ServerResponse) => {
    if (options.failWith) {
      response.writeHead(options.failWith, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'unavailable', msg: 'the service is down' }));
      return;
    }
    if (body.workflow_run_backend_id !== runBackendId) {
      return refuse(
        response,
        400,
        `${method}: wrong run backend id ${body.workflow_run_backend_id}`,
      );
    }
    if (body.workflow_job_run_backend_id !== jobBackendId) {
      return refuse(response, 400, `${method}: wrong job backend id`);
    }
    const name = body.name;
    if (typeof name !== 'string' || name === '' || /["\\:<>|*?\r\n/]/.test(name)) {
      return refuse(response, 400, `${method}: invalid artifact name ${String(name)}`);
    }
    if (method === 'CreateArtifact') {
      const wrong = exactKeys(
        body,
        [
          'workflow_run_backend_id',
          'workflow_job_run_backend_id',
          'name',
          'expires_at',
          'version',
          'mime_type',
        ],
        ['workflow_run_backend_id', 'workflow_job_run_backend_id', 'name', 'version'],
      );
      if (wrong) return refuse(response, 400, `CreateArtifact ${wrong}`);
      if (body.version !== 7)
        return refuse(response, 400, `CreateArtifact: version ${body.version}`);
      if (artifacts.some((artifact) => artifact.name === name)) {
        response.writeHead(409, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 'already_exists', msg: 'artifact already exists' }));
        return;
      }
      const artifact: StoredArtifact = {
        id: String(nextId++),
        name,
        mimeType: typeof body.mime_type === 'string' ? body.mime_type : '',
        content: Buffer.alloc(0),
        finalized: false,
      };
      artifacts.push(artifact);
      const path = `/devstoreaccount1/actions-results/${randomBytes(8).toString('hex')}/${encodeURIComponent(name)}.zip`;
      blobs.set(path, artifact);
      staged.set(path, new Map());
      json(response, {
        ok: true,
        signed_upload_url: `${origin}${path}?sv=2025-01-05&se=2099-01-01T00%3A00%3A00Z&sr=b&sp=cw&sig=${signature}`,
      });
      return;
    }
    if (method === 'FinalizeArtifact') {
      const wrong = exactKeys(
        body,
        ['workflow_run_backend_id', 'workflow_job_run_backend_id', 'name', 'size', 'hash'],
        ['workflow_run_backend_id', 'workflow_job_run_backend_id', 'name', 'size'],
      );
      if (wrong) return refuse(response, 400, `FinalizeArtifact ${wrong}`);
      const artifact = artifacts.find((item) => item.name === name && !item.finalized);
      if (!artifact)
        return refuse(response, 404, `FinalizeArtifact: no artifact ${name} to finalize`);
      if (body.size !== String(artifact.content.length)) {
        return refuse(
          response,
          400,
          `FinalizeArtifact: size ${body.size}, ${artifact.content.length} bytes came`,
        );
      }
      const hash = `sha256:${createHash('sha256').update(artifact.content).digest('hex')}`;
      if (body.hash !== undefined && body.hash !== hash) {
        return refuse(
          response,
          400,
          `FinalizeArtifact: hash ${body.hash}, the bytes hash to ${hash}`,
        );
      }
      artifact.finalized = true;
      json(response, { ok: true, artifact_id: artifact.id });
      return;
    }
    refuse(response, 404, `no Twirp method ${method}`);
  };

  const blob = (request: IncomingMessage, url: URL, raw: Buffer, response: ServerResponse) => {
    const blocks = staged.get(url.pathname);
    const artifact = blobs.get(url.pathname);
    if (!blocks || !artifact) return refuse(response, 404, `no blob at ${url.pathname}`);
    if (url.searchParams.get('sig') !== signature) {
      return refuse(response, 403, 'a blob request without the URL’s signature');
    }
    if (!request.headers['x-ms-version']) return refuse(response, 400, 'no x-ms-version');
    const headers = {
      'x-ms-request-id': randomBytes(8).toString('hex'),
      'x-ms-version': String(request.headers['x-ms-version']),
      date: new Date().toUTCString(),
    };
    const comp = url.searchParams.get('comp');
    if (request.method === 'PUT' && comp === 'block') {
      const id = url.searchParams.get('blockid');
      if (!id) return refuse(response, 400, 'a block without its id');
      if (Number(request.headers['content-length']) !== raw.length) {
        return refuse(response, 400, 'a block whose length is not its content-length');
      }
      blocks.set(id, raw);
      response.writeHead(201, { ...headers, 'x-ms-request-server-encrypted': 'true' });
      response.end();
      return;
    }
    if (request.method === 'PUT' && comp === 'blocklist') {
      const ids = [...raw.toString('utf8').matchAll(/<Latest>([^<]*)<\/Latest>/g)].map(
        (m) => m[1]!,
      );
      if (ids.length === 0 || ids.some((id) => !blocks.has(id))) {
        return refuse(response, 400, 'a block list naming blocks that were not staged');
      }
      artifact.content = Buffer.concat(ids.map((id) => blocks.get(id)!));
      const type = request.headers['x-ms-blob-content-type'];
      if (type !== artifact.mimeType) {
        return refuse(
          response,
          400,
          `blob content type ${String(type)}, artifact ${artifact.mimeType}`,
        );
      }
      response.writeHead(201, {
        ...headers,
        etag: `"0x${randomBytes(8).toString('hex').toUpperCase()}"`,
        'last-modified': new Date().toUTCString(),
        'x-ms-request-server-encrypted': 'true',
      });
      response.end();
      return;
    }
    refuse(response, 400, `blob request ${request.method} comp=${comp}`);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', origin);
      requests.push(
        `${request.method} ${url.pathname}${url.searchParams.has('comp') ? `?comp=${url.searchParams.get('comp')}` : ''}`,
      );
      const raw = Buffer.concat(chunks);
      if (!url.pathname.startsWith(SERVICE)) {
        blob(request, url, raw, response);
        return;
      }
      if (request.method !== 'POST')
        return refuse(response, 405, `${request.method} ${url.pathname}`);
      if (request.headers.authorization !== `Bearer ${runtimeToken}`) {
        return refuse(response, 401, 'a Twirp call without the runtime token');
      }
      if (request.headers['content-type'] !== 'application/json') {
        return refuse(response, 415, `content-type ${request.headers['content-type']}`);
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return refuse(response, 400, 'a body that is not JSON');
      }
      twirp(url.pathname.slice(SERVICE.length), body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    resultsUrl: `${origin}/`,
    runtimeToken,
    artifacts,
    requests,
    violations,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (violations.length > 0) {
        throw new Error(`The artifact service was sent what it refuses:\n${violations.join('\n')}`);
      }
    },
  };
}
