/**
 * The bundled action (dist/index.js on the shipped Node) against faults at its edges: a runner
 * output file that cannot be written, and a Messages API whose answer is cut in its body. Each run
 * is checked for what it still does: the summary written, the conclusion the run's own, no tool
 * call run twice. Runs on the committed (or freshly built) dist/: `npm run bundle` first after
 * changes.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reply } from '../__fixtures__/messages-server.js';
import { loadEvent } from '../__fixtures__/events.js';
import { openPullRequest, startGitHubServer } from '../__fixtures__/github-server.js';
import { apiError, commands, final } from '../__fixtures__/messages.js';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';

const KEY = 'sk-ant-api03-e2e-faults-key-000000000000000000';
const runs = useBundleRuns();

/** Runs the bundle against `replies`; `runnerFiles` may point the runner's files elsewhere. */
const runFaulted = (
  replies: Reply[],
  inputs: Record<string, string>,
  runnerFiles: (root: string) => Record<string, string> = () => ({}),
) =>
  runs.scripted(
    replies,
    { 'anthropic-api-key': KEY, 'allowed-commands': '*', 'time-limit': '1m', ...inputs },
    { prepare: (runner) => Object.assign(runner.env, runnerFiles(runner.root)) },
  );

/** The log's lines that are workflow commands of `kind` (`warning`, `error`). */
const commandsOf = (stdout: string, kind: string): string[] =>
  stdout.split('\n').filter((line) => line.startsWith(`::${kind}::`));

describe('a GITHUB_OUTPUT file that cannot be written', () => {
  it('on a full disk (/dev/full): the summary written, a warning naming the file, exit 0', async () => {
    const { run } = await runFaulted(
      [commands('echo hello'), final('Said hello.')],
      { task: 'Say hello' },
      () => ({ GITHUB_OUTPUT: '/dev/full' }),
    );

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.summary).toContain('✅ Done');
    expect(run.summary).toContain('Said hello.');
    expect(commandsOf(run.stdout, 'warning')).toContainEqual(
      expect.stringMatching(
        /^::warning::Could not write the step's outputs to the GITHUB_OUTPUT file \/dev\/full: .*ENOSPC/,
      ),
    );
    expect(commandsOf(run.stdout, 'error')).toEqual([]);
    expect(run.stdout).toContain('Conclusion: success');
  });

  it("in a missing directory: the summary written and the step failed with the run's own error", async () => {
    const { run, runner } = await runFaulted(
      [apiError(400, 'invalid_request_error', 'max_tokens: too large')],
      { task: 'Fail' },
      (dir) => ({ GITHUB_OUTPUT: path.join(dir, 'gone', 'output.txt') }),
    );

    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.summary).toContain('❌ Failed');
    expect(commandsOf(run.stdout, 'warning')).toContainEqual(
      expect.stringContaining(
        `GITHUB_OUTPUT file ${runner.root}/gone/output.txt: Missing file at path`,
      ),
    );
    expect(commandsOf(run.stdout, 'error')).toEqual([
      '::error::Anthropic API error 400 invalid_request_error: max_tokens: too large',
    ]);
  });
});

describe('a GITHUB_OUTPUT file that cannot be written, on a /agent comment', () => {
  it('still edits the progress comment into the result and writes the summary', async () => {
    const github = runs.track(await startGitHubServer());
    github.permissions.Codertocat = 'write';
    openPullRequest(github);
    const event = loadEvent('issue_comment.created.on-pr');
    event.comment.body = '/agent say hello';
    event.comment.user.login = 'Codertocat';
    event.sender.login = 'Codertocat';
    const { run } = await runFaulted(
      [final('Said hello.')],
      { 'github-token': 'ghs_e2eFaultsToken000000000000000000000000' },
      (dir) => {
        const eventPath = path.join(dir, 'event.json');
        writeFileSync(eventPath, JSON.stringify(event));
        return {
          GITHUB_OUTPUT: '/dev/full',
          GITHUB_API_URL: github.url,
          GITHUB_EVENT_NAME: 'issue_comment',
          GITHUB_EVENT_PATH: eventPath,
          GITHUB_REPOSITORY: event.repository.full_name,
          GITHUB_SERVER_URL: 'https://github.com',
          GITHUB_RUN_ID: '4242',
        };
      },
    );

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.summary).toContain('Said hello.');
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.body).toMatch(
      /^<!-- bash-agent:[0-9a-f]+ -->\n### Bash agent: ✅ Done/,
    );
    expect(github.comments[0]!.body).toContain('Said hello.');
    expect(commandsOf(run.stdout, 'warning')).toContainEqual(
      expect.stringContaining(
        "Could not write the step's outputs to the GITHUB_OUTPUT file /dev/full",
      ),
    );
  });
});

describe('a response cut in its body', () => {
  it('by a reset in the tool call is retried: the run succeeds and the command ran once', async () => {
    const call = commands('echo ran >> ran.txt');
    const { run, runner, requests } = await runFaulted(
      [{ cut: call, atByte: 60, how: 'reset' }, call, final('Counted.')],
      { task: 'Count' },
    );

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ conclusion: 'success', result: 'Counted.', commands: '1' });
    expect(requests).toHaveLength(3);
    expect(readFileSync(path.join(runner.workspace, 'ran.txt'), 'utf8')).toBe('ran\n');
  });
});
