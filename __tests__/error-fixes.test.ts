/**
 * Errors that name the fix: run() with only the workflow commands mocked, the real SDK talking to a
 * scripted Messages API on loopback. Each failure a workflow can correct names the input to change
 * (and its value), and is said once.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as step from '../__fixtures__/workflow-commands.js';
import {
  startMessagesServer,
  type MessagesServer,
  type Reply,
  type Script,
} from '../__fixtures__/messages-server.js';
import { apiError, final } from '../__fixtures__/messages.js';

jest.unstable_mockModule('../src/run/workflow-commands.js', () => step);
const { run } = await import('../src/main.js');

const KEY = 'sk-ant-api03-error-fixes-key-0123456789abcdef';
/** Refusals the SDK would otherwise retry, so each test sends what it means to and no more. */
const ONCE = { 'x-should-retry': 'false' };

let workspace: string;
let server: MessagesServer | undefined;
const savedEnv = { ...process.env };

async function runWith(
  script: Script | Reply[],
  inputs: Record<string, string> = {},
): Promise<MessagesServer> {
  server = await startMessagesServer(script);
  Object.assign(
    step.inputs,
    { task: 'List the files', 'anthropic-api-key': KEY, 'anthropic-base-url': server.url },
    inputs,
  );
  await run();
  return server;
}

/** The lines of the log that are not debug output, the failure's `::error::` included. */
const shownLog = (): string[] => step.log.filter((line) => !line.startsWith('::debug::'));

beforeEach(() => {
  step.reset();
  workspace = realpathSync(mkdtempSync(path.join(tmpdir(), 'error-fixes-')));
  process.env.GITHUB_WORKSPACE = workspace;
  process.env.RUNNER_TEMP = workspace;
  process.env.GITHUB_REPOSITORY = 'octo/repo';
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_BASE_URL;
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(workspace, { recursive: true, force: true });
  process.env = { ...savedEnv };
  process.exitCode = undefined;
});

describe('a refused credential', () => {
  it.each([
    [401, 'authentication_error', 'invalid x-api-key'],
    [
      403,
      'permission_error',
      'Your API key does not have permission to use the specified resource.',
    ],
  ])('(HTTP %i) names anthropic-api-key, once, and never the key', async (status, type, said) => {
    await runWith([apiError(status, type, said, ONCE)]);

    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toEqual([
      `Anthropic API error ${status} ${type}: ${said}. The credentials were refused: check the 'anthropic-api-key' input (or the ANTHROPIC_API_KEY variable it falls back to): the key is wrong, revoked or not allowed this model, or 'anthropic-base-url' names a gateway that wants another key`,
    ]);
    // Once: as the step's failure, not also as a line of the log before it.
    expect(shownLog().filter((line) => line.includes(said))).toEqual([
      `::error::${step.failures[0]}`,
    ]);
    expect(step.log.join('\n')).not.toContain(KEY);
  });
});

describe('a model the API does not have', () => {
  it('names the model input and its value', async () => {
    await runWith([apiError(404, 'not_found_error', 'model: claude-nope-9', ONCE)], {
      model: 'claude-nope-9',
    });

    expect(server!.requests.map((request) => request.body.model)).toEqual(['claude-nope-9']);
    expect(step.failures).toEqual([
      expect.stringMatching(
        /^Anthropic API error 404 not_found_error: model: claude-nope-9\. The model 'claude-nope-9' was not found: set the 'model' input to a model id Anthropic API serves/,
      ),
    ]);
  });

  it('names fallback-model when the fallback is the model not found', async () => {
    await runWith(
      (request) =>
        request.body.model === 'claude-sonnet-5-5'
          ? apiError(529, 'overloaded_error', 'Overloaded', ONCE)
          : apiError(404, 'not_found_error', 'model: claude-haiku-0-0', ONCE),
      { 'fallback-model': 'claude-haiku-0-0' },
    );

    expect(server!.requests.map((request) => request.body.model)).toEqual([
      'claude-sonnet-5-5',
      'claude-haiku-0-0',
    ]);
    expect(step.failures).toEqual([
      expect.stringContaining(
        "The model 'claude-haiku-0-0' was not found: set the 'fallback-model' input",
      ),
    ]);
  });

  it('says nothing of inputs for an error no input fixes', async () => {
    await runWith([apiError(400, 'invalid_request_error', 'messages: too long', ONCE)]);
    expect(step.failures).toEqual([
      'Anthropic API error 400 invalid_request_error: messages: too long',
    ]);
  });
});

describe('inputs that contradict each other', () => {
  it('warn naming both, and the run goes on', async () => {
    await runWith([final('Listed.')], { branch: 'fix-date' });

    expect(step.outputs.conclusion).toBe('success');
    expect(step.log).toContain(
      "::warning::Input 'branch' is 'fix-date' but 'commit' is false: nothing is committed, so 'branch' does nothing. Set 'commit: true', or remove 'branch'",
    );
  });

  it('that make the run impossible are refused before any request, naming both', async () => {
    await runWith([final('never')], { 'pull-request': 'true' });

    expect(server!.requests).toHaveLength(0);
    expect(step.failures).toEqual([
      expect.stringMatching(/^Input 'pull-request' is true but 'commit' is false/),
    ]);
  });
});

describe('trigger-label on a run no label can start', () => {
  it('says so, naming the input and the event, instead of "no task"', async () => {
    const event = path.join(workspace, 'event.json');
    writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', sender: { login: 'octocat' } }));
    process.env.GITHUB_EVENT_NAME = 'push';
    process.env.GITHUB_EVENT_PATH = event;

    await runWith([final('never')], { task: '', 'trigger-label': 'agent' });

    expect(server!.requests).toHaveLength(0);
    expect(step.outputs.conclusion).toBe('error');
    expect(step.failures).toEqual([
      expect.stringMatching(
        /^Input 'trigger-label' \('agent'\) starts runs only on issues, pull_request, pull_request_target events with types: \[labeled\], but this run is a 'push' event/,
      ),
    ]);
    expect(step.failures[0]).not.toMatch(/no task/);
  });
});

describe('an output schema that is no JSON Schema', () => {
  it('says where and what was expected, in plain words, before any request', async () => {
    await runWith([final('{}')], {
      'output-schema':
        '{"type": "object", "properties": {"files": {"type": "integr"}}, "required": "files"}',
    });

    expect(server!.requests).toHaveLength(0);
    expect(step.failures).toEqual([
      "Input 'output-schema' is not a valid JSON Schema: " +
        'at /required: expected a list, got "files"; ' +
        'at /properties/files/type: expected one of "array", "boolean", "integer", "null", "number", "object", "string" or a list, got "integr"',
    ]);
  });
});
