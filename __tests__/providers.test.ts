/**
 * run() on each provider, with only the workflow commands mocked: the real config, platform SDK client,
 * shell and loop, against a scripted server on loopback that holds requests to the platform's own
 * rules (Bedrock's path, body and SigV4 signature; Foundry's path and key), with the credentials in
 * the environment as the platforms' login steps leave them.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as step from '../__fixtures__/workflow-commands.js';
import { bedrockPlatform, type BedrockAccount } from '../__fixtures__/bedrock-platform.js';
import { FOUNDRY_BASE_PATH, foundryPlatform } from '../__fixtures__/foundry-platform.js';
import {
  BUDGET_THAT_COUNTS_USD,
  startMessagesServer,
  type MessagesServer,
  type Platform,
  type Reply,
} from '../__fixtures__/messages-server.js';
import { apiError, commands, DEFAULT_USAGE, final, toolResults } from '../__fixtures__/messages.js';
import { costOfUsage, priceFor, regionalEndpointPrice } from '../src/agent/pricing.js';

jest.unstable_mockModule('../src/run/workflow-commands.js', () => step);
const { run } = await import('../src/main.js');

/** Credentials shaped as aws-actions/configure-aws-credentials leaves them after an OIDC login. */
const AWS: BedrockAccount = {
  accessKeyId: 'ASIAQ3EXAMPLE7KEYID0',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE-session-token-value//////////wEaCXVzLWVhc3QtMSJH',
  region: 'eu-west-1',
};
const FOUNDRY_KEY = 'foundry-resource-key-5f0c1e2d3b4a69788796a5b4c3d2e1f0';

let workspace: string;
let runnerTemp: string;
let server: MessagesServer | undefined;
const savedEnv = { ...process.env };

function awsEnv(account: BedrockAccount): NodeJS.ProcessEnv {
  return {
    AWS_ACCESS_KEY_ID: account.accessKeyId,
    AWS_SECRET_ACCESS_KEY: account.secretAccessKey,
    ...(account.sessionToken ? { AWS_SESSION_TOKEN: account.sessionToken } : {}),
    AWS_REGION: account.region,
    AWS_DEFAULT_REGION: account.region,
  };
}

/** Runs the action against a server with `platform`'s rules, the environment extended by `env`. */
async function runOn(
  platform: Platform,
  replies: Reply[],
  env: (url: string) => NodeJS.ProcessEnv,
  inputs: Record<string, string>,
): Promise<MessagesServer> {
  server = await startMessagesServer(replies, { platform });
  Object.assign(process.env, env(server.url));
  Object.assign(step.inputs, { task: 'List the files', 'allowed-commands': '*' }, inputs);
  await run();
  return server;
}

function bedrockRun(
  replies: Reply[],
  inputs: Record<string, string> = {},
  account: BedrockAccount = AWS,
  env: NodeJS.ProcessEnv = awsEnv(AWS),
): Promise<MessagesServer> {
  return runOn(
    bedrockPlatform(account),
    replies,
    (url) => ({ ...env, ANTHROPIC_BEDROCK_BASE_URL: url }),
    { provider: 'bedrock', ...inputs },
  );
}

function foundryRun(
  replies: Reply[],
  inputs: Record<string, string> = {},
  key = FOUNDRY_KEY,
): Promise<MessagesServer> {
  return runOn(
    foundryPlatform(FOUNDRY_KEY),
    replies,
    (url) => ({
      ANTHROPIC_FOUNDRY_API_KEY: key,
      ANTHROPIC_FOUNDRY_BASE_URL: `${url}${FOUNDRY_BASE_PATH}`,
    }),
    { provider: 'foundry', ...inputs },
  );
}

/** What the run's two scripted responses cost at `price`. */
function twoResponsesAt(price: ReturnType<typeof priceFor>['price']): number {
  return 2 * costOfUsage(price, DEFAULT_USAGE);
}

beforeEach(() => {
  step.reset();
  workspace = realpathSync(mkdtempSync(path.join(tmpdir(), 'providers-test-')));
  runnerTemp = realpathSync(mkdtempSync(path.join(tmpdir(), 'providers-test-runner-')));
  process.env.GITHUB_WORKSPACE = workspace;
  process.env.RUNNER_TEMP = runnerTemp;
  process.env.GITHUB_REPOSITORY = 'octo/repo';
  for (const name of Object.keys(process.env)) {
    if (/^(ANTHROPIC_|AWS_)/.test(name)) delete process.env[name];
  }
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(workspace, { recursive: true, force: true });
  rmSync(runnerTemp, { recursive: true, force: true });
  process.env = { ...savedEnv };
  process.exitCode = undefined;
});

describe('provider: bedrock', () => {
  it('runs a command and answers through SigV4-signed invoke requests, at the global price of the default model', async () => {
    const api = await bedrockRun([commands('echo from-bedrock'), final('Done.')]);

    expect(api.refusals).toEqual([]);
    expect(step.outputs.conclusion).toBe('success');
    expect(api.requests.map((request) => request.url)).toEqual([
      '/model/global.anthropic.claude-sonnet-5-5/invoke',
      '/model/global.anthropic.claude-sonnet-5-5/invoke',
    ]);
    const [first, second] = api.requests;
    // Prompt caching and the bash tool arrive as they are sent to the Anthropic API.
    expect(first!.body.system![0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(first!.body.tools).toEqual([{ type: 'bash_20250124', name: 'bash' }]);
    expect(JSON.stringify(second!.body.messages)).toContain('"cache_control"');
    expect(toolResults(second!.body)[0]!.content).toContain('from-bedrock');
    // Bedrock has no token counting: nothing was asked of it, and the log said so once.
    expect(api.countRequests).toHaveLength(0);
    expect(step.log.filter((line) => /Bedrock has no token counting/.test(line))).toHaveLength(1);
    expect(Number(step.outputs['cost-usd'])).toBeCloseTo(
      twoResponsesAt(priceFor('claude-sonnet-5-5').price),
      6,
    );
    // The reports say where the model ran, next to the id as the platform spells it.
    expect(step.log).toContainEqual(
      expect.stringMatching(/; model global\.anthropic\.claude-sonnet-5-5 \(Amazon Bedrock\); /),
    );
    expect(step.summaries[0]).toContain('| Service | Amazon Bedrock |');
  });

  it('sends an inference-profile ARN URL-encoded in the path and prices a regional profile with its premium', async () => {
    const arn =
      'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-sonnet-5-5';
    const api = await bedrockRun([commands('pwd'), final('Done.')], { model: arn });

    expect(api.refusals).toEqual([]);
    expect(step.outputs.conclusion).toBe('success');
    // The id's slash is encoded (it is one path segment); colons may stay as they are.
    expect(api.requests[0]!.url).toBe(
      '/model/arn:aws:bedrock:eu-west-1:123456789012:inference-profile%2Feu.anthropic.claude-sonnet-5-5/invoke',
    );
    expect(api.requests[0]!.body.model).toBe(arn);
    const regional = regionalEndpointPrice(priceFor('claude-sonnet-5-5')).price;
    expect(regional.rates.input).toBeCloseTo(priceFor('claude-sonnet-5-5').price.rates.input * 1.1);
    expect(Number(step.outputs['cost-usd'])).toBeCloseTo(twoResponsesAt(regional), 6);
  });

  it('signs without a session token when the credentials are long-lived keys', async () => {
    const longLived: BedrockAccount = { ...AWS, accessKeyId: 'AKIAQ3EXAMPLE7KEYID0' };
    delete longLived.sessionToken;
    const api = await bedrockRun([final('Done.')], {}, longLived, awsEnv(longLived));

    expect(api.refusals).toEqual([]);
    expect(api.requests[0]!.headers['x-amz-security-token']).toBeUndefined();
    expect(step.outputs.conclusion).toBe('success');
  });

  it('ends in error, with the refusal in the message, when the server refuses the signature of a wrong secret', async () => {
    const api = await bedrockRun([final('never')], {}, AWS, {
      ...awsEnv(AWS),
      AWS_SECRET_ACCESS_KEY: `${AWS.secretAccessKey.slice(0, -1)}X`,
    });

    expect(api.requests).toHaveLength(0);
    expect(api.refusals).toEqual(['the signature does not match']);
    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toEqual([
      'Amazon Bedrock error 403 permission_error: the signature does not match. The credentials were refused: check the AWS credentials the aws-actions/configure-aws-credentials step left (or AWS_BEARER_TOKEN_BEDROCK): the role needs bedrock:InvokeModel on the model and its inference profile, and the model must be enabled in the account',
    ]);
  });

  it('takes a Bedrock API key instead of signing when AWS_BEARER_TOKEN_BEDROCK is set', async () => {
    const apiKey = 'ABSKQmVkcm9ja0FQSUtleS1leGFtcGxlLWJlYXJlci10b2tlbg==';
    const api = await bedrockRun(
      [final('Done.')],
      {},
      { ...AWS, apiKey },
      {
        AWS_BEARER_TOKEN_BEDROCK: apiKey,
        AWS_REGION: AWS.region,
      },
    );

    expect(api.refusals).toEqual([]);
    expect(api.requests[0]!.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(step.outputs.conclusion).toBe('success');
  });

  it('goes on with the fallback model, in its own Bedrock spelling and price, when the model stays overloaded', async () => {
    const overloaded = apiError(529, 'overloaded_error', 'Overloaded', { 'retry-after-ms': '5' });
    const fallback = 'global.anthropic.claude-haiku-4-5-20251001-v1:0';
    const api = await bedrockRun(
      [...Array<Reply>(6).fill(overloaded), final('Done on the fallback.')],
      { 'fallback-model': fallback },
    );

    expect(step.outputs.conclusion).toBe('success');
    expect(api.requests.at(-1)!.url).toBe(`/model/${fallback}/invoke`);
    expect(Number(step.outputs['cost-usd'])).toBeCloseTo(
      costOfUsage(priceFor('claude-haiku-4-5').price, DEFAULT_USAGE),
      6,
    );
  });

  it('redacts an anthropic-api-key input left in the workflow, though Bedrock never uses it', async () => {
    const unused = 'sk-ant-api03-left-over-from-the-anthropic-set-up-0000';
    const api = await bedrockRun([final(`The old key was ${unused}.`)], {
      'anthropic-api-key': unused,
    });

    expect(step.outputs.conclusion).toBe('success');
    expect(JSON.stringify(api.requests.map((request) => request.raw))).not.toContain(unused);
    expect(step.outputs.result).toBe('The old key was ***.');
    const everything = [...step.log, ...step.summaries, ...Object.values(step.outputs)].join('\n');
    expect(everything).not.toContain(unused);
    expect(step.secrets).toContain(unused);
  });

  it('fails at the start, before any request, naming what to set and which login step sets it', async () => {
    const api = await bedrockRun([final('never')], {}, AWS, { AWS_ACCESS_KEY_ID: AWS.accessKeyId });

    expect(api.requests).toHaveLength(0);
    expect(api.refusals).toHaveLength(0);
    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toHaveLength(1);
    expect(step.failures[0]).toMatch(
      /no AWS credentials: set AWS_SECRET_ACCESS_KEY \(the aws-actions\/configure-aws-credentials step sets it\)/,
    );
    expect(step.failures[0]).toMatch(/no AWS region: set AWS_REGION/);
  });

  it("refuses an Anthropic model id at the start, saying Bedrock's spelling", async () => {
    const api = await bedrockRun([final('never')], { model: 'claude-opus-4-8' });

    expect(api.requests).toHaveLength(0);
    expect(step.failures).toEqual([
      expect.stringMatching(
        /^Input 'model' must be a Bedrock model id .*anthropic\.claude-opus-4-8/,
      ),
    ]);
  });
});

describe('provider: foundry', () => {
  it('runs a command and answers with the key in x-api-key, counting tokens on the resource', async () => {
    const api = await foundryRun([commands('echo from-foundry'), final('Done.')], {
      'max-cost-usd': BUDGET_THAT_COUNTS_USD,
    });

    expect(api.refusals).toEqual([]);
    expect(step.outputs.conclusion).toBe('success');
    expect(api.requests.map((request) => request.url)).toEqual([
      `${FOUNDRY_BASE_PATH}/v1/messages`,
      `${FOUNDRY_BASE_PATH}/v1/messages`,
    ]);
    expect(api.requests[0]!.body.model).toBe('claude-sonnet-5-5');
    expect(api.requests[0]!.body.system![0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(api.requests[0]!.body.tools).toEqual([{ type: 'bash_20250124', name: 'bash' }]);
    expect(toolResults(api.requests[1]!.body)[0]!.content).toContain('from-foundry');
    expect(api.countRequests.length).toBeGreaterThan(0);
    expect(Number(step.outputs['cost-usd'])).toBeCloseTo(
      twoResponsesAt(priceFor('claude-sonnet-5-5').price),
      6,
    );
  });

  it('gives the structured output of a schema run', async () => {
    await foundryRun([final('{"broken": false}')], {
      'output-schema':
        '{"type": "object", "required": ["broken"], "properties": {"broken": {"type": "boolean"}}}',
    });

    expect(step.outputs.conclusion).toBe('success');
    expect(JSON.parse(step.outputs['structured-output']!)).toEqual({ broken: false });
  });

  it('ends in error when the resource refuses a wrong key', async () => {
    const api = await foundryRun([final('never')], {}, `${FOUNDRY_KEY}-wrong`);

    expect(api.requests).toHaveLength(0);
    // The token count is refused first, then the request itself.
    expect(new Set(api.refusals)).toEqual(new Set(['the x-api-key header is missing or wrong']));
    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toEqual([
      "Microsoft Foundry error 401 authentication_error: the x-api-key header is missing or wrong. The credentials were refused: check the 'anthropic-api-key' input (or ANTHROPIC_FOUNDRY_API_KEY): the key is wrong, revoked, or not the key of the resource in ANTHROPIC_FOUNDRY_RESOURCE",
    ]);
  });

  it('fails at the start without a key or a resource, naming both variables', async () => {
    Object.assign(step.inputs, { task: 'List the files', provider: 'foundry' });
    await run();

    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toHaveLength(1);
    expect(step.failures[0]).toMatch(/no Foundry API key: set ANTHROPIC_FOUNDRY_API_KEY/);
    expect(step.failures[0]).toMatch(/no Foundry resource: set ANTHROPIC_FOUNDRY_RESOURCE/);
  });
});
