/**
 * run() on `provider: vertex`, with only the workflow commands mocked: the real config, Vertex client,
 * google-auth-library, shell and loop. The Workload Identity Federation chain runs for real against
 * loopback (GitHub's OIDC endpoint, Google's STS, IAM's impersonation), from a credentials file
 * written exactly as google-github-actions/auth writes it into the workspace, and the scripted
 * Vertex endpoint takes only requests on Vertex's paths carrying a token that chain issued. The
 * agent tries to read the credentials file the way an attacker would, through a real bash.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { capturingFetch } from '../__fixtures__/capturing-fetch.js';
import * as step from '../__fixtures__/workflow-commands.js';
import {
  startGoogleAuthServer,
  type GoogleAuthServer,
} from '../__fixtures__/google-auth-server.js';
import {
  BUDGET_THAT_COUNTS_USD,
  startMessagesServer,
  type MessagesServer,
  type Reply,
} from '../__fixtures__/messages-server.js';
import { makeRepos, sh } from '../__fixtures__/git-repos.js';
import { apiError, commands, DEFAULT_USAGE, final, toolResults } from '../__fixtures__/messages.js';
import { vertexPlatform, VERTEX_API_VERSION } from '../__fixtures__/vertex-platform.js';
import { costOfUsage, priceFor, regionalEndpointPrice } from '../src/agent/pricing.js';

jest.unstable_mockModule('../src/run/workflow-commands.js', () => step);
const { run } = await import('../src/main.js');
// After the mock: config.ts reads its inputs through the workflow commands.
const { compileConfig, parseConfig } = await import('../src/config/config.js');
const { vertexProvider } = await import('../src/providers/vertex.js');

const PROJECT = 'vertex-project';
const MODEL = 'claude-sonnet-5-5';

let workspace: string;
let runnerTemp: string;
let auth: GoogleAuthServer;
let api: MessagesServer | undefined;
const savedEnv = { ...process.env };

/**
 * Reads the credentials as an agent would: by their path (the shell still sees
 * GOOGLE_GHA_CREDS_PATH, and a model can guess it), by the name the auth action gives them, and by
 * searching the workspace. Each read prints a marker line with what it found.
 */
function attack(file: string): string {
  return [
    `cat ${file}`,
    'cat "$GOOGLE_GHA_CREDS_PATH"',
    `echo "by-path: $(grep -c . ${file} 2>&1)"`,
    'echo "by-name: $(cat gha-creds-*.json 2>/dev/null | grep -c external_account)"',
    'echo "searched: $(grep -rl external_account . 2>/dev/null | wc -l)"',
    'echo "listed: $(ls gha-creds-*.json 2>&1)"',
  ].join('; ');
}

interface VertexRun {
  api: MessagesServer;
  file: string;
  content: Buffer;
}

/** Runs the action on Vertex with the credentials file in the workspace and the region given. */
async function vertexRun(
  replies: Reply[] | ((file: string) => Reply[]),
  options: {
    impersonate?: boolean;
    region?: string;
    inputs?: Record<string, string>;
    /** Changes the file before the run, as a misconfigured job would have it. */
    tamper?: (file: string) => void;
    /** The workspace, when not the test's own (a clone, for a run that commits). */
    workspace?: string;
  } = {},
): Promise<VertexRun> {
  const region = options.region ?? 'us-east5';
  const impersonating = options.impersonate ?? false;
  const dir = options.workspace ?? workspace;
  process.env.GITHUB_WORKSPACE = dir;
  const file = auth.credentialsFile(dir, { impersonate: impersonating });
  options.tamper?.(file);
  const content = fs.readFileSync(file);
  api = await startMessagesServer(typeof replies === 'function' ? replies(file) : replies, {
    platform: vertexPlatform({
      project: PROJECT,
      region,
      acceptedTokens: () => [auth.accessToken(impersonating)],
    }),
  });
  // As google-github-actions/auth exports them, plus what the workflow sets for this action.
  Object.assign(process.env, auth.environment(file, PROJECT), {
    CLOUD_ML_REGION: region,
    ANTHROPIC_VERTEX_BASE_URL: `${api.url}/v1`,
  });
  Object.assign(
    step.inputs,
    { task: 'Look around', provider: 'vertex', 'allowed-commands': '*' },
    options.inputs,
  );
  await run();
  return { api, file, content };
}

/** Everything the run wrote where a reader could see it. */
function everythingWritten(): string {
  const transcript = step.outputs['transcript-file'];
  return [
    ...step.log,
    ...step.summaries,
    ...step.failures,
    JSON.stringify(step.outputs),
    transcript && fs.existsSync(transcript) ? fs.readFileSync(transcript, 'utf8') : '',
    JSON.stringify(api?.requests.map((request) => request.raw)),
  ].join('\n');
}

beforeEach(async () => {
  step.reset();
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(tmpdir(), 'vertex-test-')));
  runnerTemp = fs.realpathSync(fs.mkdtempSync(path.join(tmpdir(), 'vertex-test-runner-')));
  for (const name of Object.keys(process.env)) {
    if (/^(ANTHROPIC_|GOOGLE_|CLOUDSDK_|GCLOUD_|GCP_|CLOUD_ML_|ACTIONS_)/.test(name)) {
      delete process.env[name];
    }
  }
  process.env.GITHUB_WORKSPACE = workspace;
  process.env.RUNNER_TEMP = runnerTemp;
  process.env.GITHUB_REPOSITORY = 'octo/repo';
  auth = await startGoogleAuthServer();
});

afterEach(async () => {
  await api?.close();
  api = undefined;
  await auth.close();
  fs.rmSync(workspace, { recursive: true, force: true });
  fs.rmSync(runnerTemp, { recursive: true, force: true });
  process.env = { ...savedEnv };
  process.exitCode = undefined;
});

describe('provider: vertex', () => {
  it('runs through Workload Identity Federation with the file out of the shell’s reach, then puts it back byte for byte', async () => {
    const { api, file, content } = await vertexRun(
      (file) => [commands(attack(file)), final('Done.')],
      { inputs: { 'max-cost-usd': BUDGET_THAT_COUNTS_USD } },
    );

    expect(api.refusals).toEqual([]);
    expect(step.failures).toEqual([]);
    expect(step.outputs.conclusion).toBe('success');
    // The chain ran once: GitHub's OIDC token, exchanged at STS; no impersonation was asked for.
    expect(auth.requests.map((request) => request.step)).toEqual(['oidc', 'sts']);
    expect(auth.requests.filter((request) => request.refused)).toEqual([]);
    // Two messages on the model's own path, the model taken from the path, not the body.
    expect(api.requests.map((request) => request.url)).toEqual([
      `/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/${MODEL}:rawPredict`,
      `/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/${MODEL}:rawPredict`,
    ]);
    for (const request of api.requests) {
      const raw = JSON.parse(request.raw) as Record<string, unknown>;
      expect(raw.model).toBeUndefined();
      expect(raw.anthropic_version).toBe(VERTEX_API_VERSION);
      expect(request.headers.authorization).toBe(`Bearer ${auth.federatedToken}`);
    }
    // Token counting for the budget goes to Vertex's count-tokens endpoint.
    expect(api.countRequests.length).toBeGreaterThan(0);
    expect(api.countRequests[0]!.url).toBe(
      `/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/count-tokens:rawPredict`,
    );
    // Prompt caching and the bash tool arrive as they are sent to the Anthropic API.
    const [first, second] = api.requests;
    expect(first!.body.system![0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(first!.body.tools).toEqual([{ type: 'bash_20250124', name: 'bash' }]);
    expect(JSON.stringify(second!.body.messages)).toContain('"cache_control"');

    // The agent found nothing: no content, no name, no match anywhere in the workspace.
    const output = toolResults(second!.body)[0]!.content;
    expect(output).toContain('by-path: grep:');
    expect(output).toContain('by-name: 0');
    expect(output).toContain('searched: 0');
    expect(output).toMatch(/listed: ls: cannot access 'gha-creds-\*\.json'/);
    expect(output).not.toContain('external_account');
    expect(output).not.toContain(auth.requestToken);

    // Back as it was: the same bytes, the same mode, the same name.
    expect(fs.readFileSync(file).equals(content)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    // The runner's request token (in the file) and every token obtained are masked and redacted.
    for (const secret of [auth.requestToken, auth.oidcToken, auth.federatedToken]) {
      expect(step.secrets).toContain(secret);
    }
    const written = everythingWritten();
    for (const secret of [auth.requestToken, auth.oidcToken, auth.federatedToken]) {
      expect(written).not.toContain(secret);
    }
    // us-east5 is a regional endpoint: the estimate carries its premium, and the log says so once.
    const regional = regionalEndpointPrice(priceFor(MODEL)).price;
    expect(Number(step.outputs['cost-usd'])).toBeCloseTo(
      2 * costOfUsage(regional, DEFAULT_USAGE),
      6,
    );
    expect(
      step.log.filter((line) =>
        /Vertex AI region us-east5: costs are estimated with the 10% premium/.test(line),
      ),
    ).toHaveLength(1);
  });

  it('impersonates the service account when the file asks for it, and sends only the service account’s token', async () => {
    const { api, file, content } = await vertexRun([commands('ls -a'), final('Done.')], {
      impersonate: true,
      region: 'global',
    });

    expect(api.refusals).toEqual([]);
    expect(step.outputs.conclusion).toBe('success');
    expect(auth.requests.map((request) => request.step)).toEqual(['oidc', 'sts', 'impersonation']);
    expect(api.requests).toHaveLength(2);
    expect(api.requests[0]!.url).toContain('/locations/global/');
    expect(api.requests[0]!.headers.authorization).toBe(`Bearer ${auth.serviceAccountToken}`);
    expect(toolResults(api.requests[1]!.body)[0]!.content).not.toContain('gha-creds-');
    expect(fs.readFileSync(file).equals(content)).toBe(true);
    const written = everythingWritten();
    for (const secret of [auth.federatedToken, auth.serviceAccountToken, auth.oidcToken]) {
      expect(step.secrets).toContain(secret);
      expect(written).not.toContain(secret);
    }
    // The global endpoint carries no premium, and nothing in the log says otherwise.
    expect(Number(step.outputs['cost-usd'])).toBeCloseTo(
      2 * costOfUsage(priceFor(MODEL).price, DEFAULT_USAGE),
      6,
    );
    expect(step.log.filter((line) => /premium/.test(line))).toEqual([]);
  });

  it('commits the agent’s work without the credentials file, which the checkout does not ignore', async () => {
    const repos = makeRepos();
    try {
      const clone = repos.clone('work');
      const { file, content } = await vertexRun(
        [commands("printf 'checked\\n' > notes.txt"), final('Wrote the notes.')],
        { workspace: clone, inputs: { commit: 'true' } },
      );

      expect(step.failures).toEqual([]);
      expect(step.outputs['commit-sha']).toBe(sh(repos.origin, 'rev-parse', 'main'));
      expect(sh(repos.origin, 'ls-tree', '-r', '--name-only', 'main').split('\n').sort()).toEqual([
        'README.md',
        'notes.txt',
      ]);
      // Back in the working tree after the push, untracked as it was.
      expect(fs.readFileSync(file).equals(content)).toBe(true);
      expect(sh(clone, 'status', '--short')).toBe(`?? ${path.basename(file)}`);
    } finally {
      repos.remove();
    }
  });

  it('puts the file back after a run that ends in an API error', async () => {
    const { api, file, content } = await vertexRun([
      commands('ls'),
      apiError(400, 'invalid_request_error', 'scripted failure', { 'x-should-retry': 'false' }),
    ]);

    expect(api.requests).toHaveLength(2);
    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toEqual([
      expect.stringMatching(/^Google Vertex AI error 400 .*scripted failure/),
    ]);
    expect(fs.readFileSync(file).equals(content)).toBe(true);
  });

  it('ends in error at the start, the file back, when the runner’s request token is not the one GitHub issued', async () => {
    const { api, file, content } = await vertexRun([final('never')], {
      tamper: (file) =>
        fs.writeFileSync(
          file,
          fs.readFileSync(file, 'utf8').replace(auth.requestToken, 'not-the-runner-token'),
        ),
    });

    expect(api.requests).toHaveLength(0);
    expect(auth.requests.map((request) => request.refused)).toEqual([
      'the request token is not the runner’s',
    ]);
    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toEqual([expect.stringMatching(/Google did not issue an access token/)]);
    expect(fs.readFileSync(file).equals(content)).toBe(true);
  });

  it('refuses to start when the credentials file cannot be taken out of the shell’s reach', async () => {
    // The runner user may lack write access to the file's directory; tests run as root, which
    // ignores modes, so the refusal comes from the call itself.
    const unlink = fs.unlinkSync;
    const refused = jest.spyOn(fs, 'unlinkSync').mockImplementation((target) => {
      if (path.basename(String(target)).startsWith('gha-creds-')) {
        throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
      }
      unlink(target);
    });
    try {
      const { api, file, content } = await vertexRun([final('never')]);

      expect(api.requests).toHaveLength(0);
      expect(auth.requests).toHaveLength(0);
      expect(step.outputs.conclusion).toBe('error');
      expect(step.failures).toEqual([
        "Google credentials must be out of the agent's reach for the run, but the file GOOGLE_APPLICATION_CREDENTIALS names cannot be taken out of the shell's reach: EPERM: operation not permitted",
      ]);
      expect(fs.readFileSync(file).equals(content)).toBe(true);
    } finally {
      refused.mockRestore();
    }
  });

  it('fails at the start, with no request sent, saying what to set when the credentials, project and region are missing', async () => {
    api = await startMessagesServer([final('never')]);
    process.env.ANTHROPIC_VERTEX_BASE_URL = `${api.url}/v1`;
    Object.assign(step.inputs, { task: 'Look around', provider: 'vertex' });
    await run();

    expect(api.requests).toHaveLength(0);
    expect(auth.requests).toHaveLength(0);
    expect(step.outputs.conclusion).toBe('error');
    const [failure] = step.failures;
    expect(failure).toContain('GOOGLE_APPLICATION_CREDENTIALS');
    expect(failure).toContain('google-github-actions/auth');
    expect(failure).toContain('GOOGLE_CLOUD_PROJECT');
    expect(failure).toContain('CLOUD_ML_REGION');
  });

  it('fails at the start when the file the variable names is gone (checkout after auth deletes it)', async () => {
    api = await startMessagesServer([final('never')]);
    const gone = path.join(workspace, 'gha-creds-0000000000000000.json');
    Object.assign(process.env, auth.environment(gone, PROJECT), {
      CLOUD_ML_REGION: 'global',
      ANTHROPIC_VERTEX_BASE_URL: `${api.url}/v1`,
    });
    Object.assign(step.inputs, { task: 'Look around', provider: 'vertex' });
    await run();

    expect(api.requests).toHaveLength(0);
    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toEqual([
      expect.stringMatching(
        /GOOGLE_APPLICATION_CREDENTIALS names cannot be read \(ENOENT\).*after actions\/checkout/,
      ),
    ]);
  });

  it('refuses a model id in another platform’s spelling at the start, naming Vertex’s', async () => {
    const { api } = await vertexRun([final('never')], {
      inputs: { model: 'claude-sonnet-4-5-20250929' },
    });

    expect(api.requests).toHaveLength(0);
    expect(auth.requests).toHaveLength(0);
    expect(step.failures).toEqual([expect.stringContaining('claude-sonnet-4-5@20250929')]);
  });
});

describe('Vertex endpoints without a base URL', () => {
  it.each([
    ['us-east5', 'https://us-east5-aiplatform.googleapis.com/v1'],
    ['global', 'https://aiplatform.googleapis.com/v1'],
    ['eu', 'https://aiplatform.eu.rep.googleapis.com/v1'],
  ])('sends a request for region %s to %s', async (region, root) => {
    const file = auth.credentialsFile(workspace);
    const env = { ...auth.environment(file, PROJECT), CLOUD_ML_REGION: region };
    const config = await compileConfig(
      parseConfig((name) => (name === 'provider' ? 'vertex' : ''), {
        ...env,
        GITHUB_WORKSPACE: workspace,
      }),
    );
    expect(vertexProvider.missingCredentials(config, env)).toEqual([]);
    const transport = capturingFetch();
    const connected = await vertexProvider.connect({
      settings: config,
      env,
      client: { maxRetries: 0, fetch: transport.fetch },
      addSecret: () => undefined,
    });
    try {
      await Promise.resolve(
        connected.messages.create({
          model: MODEL,
          max_tokens: 1,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      ).catch(() => undefined);
    } finally {
      connected.restore?.();
    }
    expect(transport.requests.map((request) => request.href)).toEqual([
      `${root}/projects/${PROJECT}/locations/${region}/publishers/anthropic/models/${MODEL}:rawPredict`,
    ]);
    expect(transport.requests[0]!.headers.authorization).toBe(`Bearer ${auth.federatedToken}`);
  });
});
