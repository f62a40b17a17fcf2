/**
 * Responses that break on the way: a body cut or reset after its headers is retried like a
 * connection error, and no tool call runs twice; an empty response is never sent back empty; usage
 * without its input figure is priced from what it has. run() as the action runs it, with only
 * the workflow commands mocked, against a scripted Messages API on loopback.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as step from '../__fixtures__/workflow-commands.js';
import {
  startMessagesServer,
  type MessagesServer,
  type Reply,
} from '../__fixtures__/messages-server.js';
import { commands, final, message, type MessageJson } from '../__fixtures__/messages.js';
import { bedrockPlatform } from '../__fixtures__/bedrock-platform.js';
import { EMPTY_RESPONSE } from '../src/agent/conversation.js';
import { costOfUsage, priceFor } from '../src/agent/pricing.js';

jest.unstable_mockModule('../src/run/workflow-commands.js', () => step);
const { run } = await import('../src/main.js');

const KEY = 'sk-ant-api03-response-faults-key-0123456789';
let workspace: string;
let runnerTemp: string;
let server: MessagesServer | undefined;
const savedEnv = { ...process.env };

beforeEach(() => {
  step.reset();
  workspace = realpathSync(mkdtempSync(path.join(tmpdir(), 'response-faults-')));
  runnerTemp = realpathSync(mkdtempSync(path.join(tmpdir(), 'response-faults-runner-')));
  process.env.GITHUB_WORKSPACE = workspace;
  process.env.RUNNER_TEMP = runnerTemp;
  process.env.GITHUB_REPOSITORY = 'octo/repo';
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_BASE_URL;
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(workspace, { recursive: true, force: true });
  rmSync(runnerTemp, { recursive: true, force: true });
  process.env = { ...savedEnv };
  process.exitCode = undefined;
});

async function runWith(
  replies: Reply[],
  inputs: Record<string, string> = {},
): Promise<MessagesServer> {
  server = await startMessagesServer(replies);
  Object.assign(
    step.inputs,
    {
      task: 'Count',
      'anthropic-api-key': KEY,
      'anthropic-base-url': server.url,
      'allowed-commands': '*',
    },
    inputs,
  );
  await run();
  return server;
}

/** The command that leaves one line in `ran.txt` each time it runs. */
const COUNTED = 'echo ran >> ran.txt';
const runs = (): number =>
  readFileSync(path.join(workspace, 'ran.txt'), 'utf8').split('\n').filter(Boolean).length;

describe('a response cut in its body', () => {
  it.each(['close', 'reset'] as const)(
    'by a %s in the tool call is retried, the run succeeds and the command runs once',
    async (how) => {
      const call = commands(COUNTED);
      const api = await runWith([{ cut: call, atByte: 60, how }, call, final('Counted once.')]);

      expect(step.failures).toEqual([]);
      expect(step.outputs.conclusion).toBe('success');
      expect(step.outputs.result).toBe('Counted once.');
      expect(runs()).toBe(1);
      // The retry is the same request again, not a turn of its own.
      expect(api.requests).toHaveLength(3);
      expect(api.requests[1]!.raw).toBe(api.requests[0]!.raw);
      expect(step.outputs.turns).toBe('2');
      expect(step.outputs.commands).toBe('1');
    },
  );

  it('of the final message is retried and the run ends with that message', async () => {
    const answer = final('All done.');
    await runWith([commands(COUNTED), { cut: answer, atByte: 1, how: 'reset' }, answer]);

    expect(step.outputs.conclusion).toBe('success');
    expect(step.outputs.result).toBe('All done.');
    expect(runs()).toBe(1);
  });

  it('on every attempt ends the run as an error once the retries are spent, having run nothing', async () => {
    const call = commands(COUNTED);
    const cut: Reply = { cut: call, atByte: 60, how: 'reset' };
    const api = await runWith(Array.from({ length: 6 }, () => cut));

    expect(api.requests).toHaveLength(6);
    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toHaveLength(1);
    expect(step.failures[0]).not.toBe('terminated');
    expect(step.outputs.commands).toBe('0');
  }, 30_000);
});

describe('a response cut in its body on Amazon Bedrock', () => {
  const account = {
    accessKeyId: 'ASIAQ3FAULTSEXAMPLE00',
    secretAccessKey: 'faults0bedrock0secret0access0key00000000',
    region: 'eu-west-1',
  };

  // The Bedrock client signs each attempt in a middleware of its own: the retry goes through it
  // again, signed afresh, and the platform refuses nothing.
  it('is retried through the signing middleware, and the command runs once', async () => {
    const call = commands(COUNTED);
    server = await startMessagesServer(
      [{ cut: call, atByte: 60, how: 'reset' }, call, final('Ok.')],
      {
        platform: bedrockPlatform(account),
      },
    );
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: account.accessKeyId,
      AWS_SECRET_ACCESS_KEY: account.secretAccessKey,
      AWS_REGION: account.region,
      ANTHROPIC_BEDROCK_BASE_URL: server.url,
    });
    Object.assign(step.inputs, { task: 'Count', provider: 'bedrock', 'allowed-commands': '*' });
    await run();

    expect(server.refusals).toEqual([]);
    expect(step.failures).toEqual([]);
    expect(step.outputs).toMatchObject({ conclusion: 'success', result: 'Ok.', commands: '1' });
    expect(server.requests).toHaveLength(3);
    expect(runs()).toBe(1);
  });
});

describe('an empty response cut at max_tokens', () => {
  it('goes back as a note, never as an empty message, and the run goes on', async () => {
    const api = await runWith([
      message([], 'max_tokens'),
      message([{ type: 'text', text: '  ', citations: null }], 'max_tokens'),
      final('Finished.'),
    ]);

    expect(step.outputs.conclusion).toBe('success');
    expect(api.requests).toHaveLength(3);
    for (const request of api.requests.slice(1)) {
      for (const sent of request.body.messages) {
        expect(
          Array.isArray(sent.content) ? sent.content.length : sent.content.length,
        ).toBeGreaterThan(0);
        if (!Array.isArray(sent.content)) continue;
        for (const block of sent.content) {
          if (block.type === 'text') expect(String(block.text).trim()).not.toBe('');
        }
      }
    }
    expect(api.requests[2]!.body.messages[1]).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: EMPTY_RESPONSE }],
    });
  });
});

describe('usage without input_tokens', () => {
  const withoutInput = (reply: MessageJson): MessageJson =>
    ({ ...reply, usage: { output_tokens: 50 } }) as unknown as MessageJson;

  it('is priced from what it has: a finite cost, a numeric max_tokens next, a warning', async () => {
    const api = await runWith([withoutInput(commands('true')), withoutInput(final('Done.'))], {
      'max-cost-usd': '1',
    });

    expect(step.outputs.conclusion).toBe('success');
    const cost = Number(step.outputs['cost-usd']);
    expect(Number.isFinite(cost)).toBe(true);
    // The 100 output tokens reported, and no input: none was reported to price.
    const model = api.requests[0]!.body.model;
    expect(cost).toBeCloseTo(
      costOfUsage(priceFor(model).price, { input_tokens: 0, output_tokens: 100 }),
      6,
    );
    expect(cost).toBeGreaterThan(0);
    expect(step.outputs['input-tokens']).toBe('0');
    expect(step.outputs['output-tokens']).toBe('100');
    expect(typeof api.requests[1]!.body.max_tokens).toBe('number');
    expect(api.requests[1]!.body.max_tokens).toBeGreaterThan(0);
    expect(step.log).toContainEqual(
      expect.stringMatching(/^::warning::Response 1 reported no input_tokens in its usage/),
    );
  });
});
