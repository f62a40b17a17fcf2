/**
 * The bundled action committing for real: a workspace cloned from a bare origin with a checkout's
 * credential header in its configuration, the agent's commands run in bash, and the bare origin
 * inspected afterwards. Runs on the committed (or freshly built) dist/: `npm run bundle` first.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import { sh } from '../__fixtures__/git-repos.js';
import type { Reply, Script } from '../__fixtures__/messages-server.js';
import { apiError, commands, final } from '../__fixtures__/messages.js';

const TOKEN = 'ghs_e2eCommitToken0123456789abcdefABCD';
const HEADER = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;

const runs = useBundleRuns();

/** A run of the bundle in a clone of a fresh origin, as actions/checkout leaves it. */
async function runInClone(script: (canary: string) => Reply[] | Script) {
  const repos = runs.repos();
  const canary = path.join(repos.root, 'CANARY');
  const { run, workspace } = await runs.scripted(
    script(canary),
    {
      task: 'Fix the greeting',
      'anthropic-api-key': 'sk-ant-e2e',
      'allowed-commands': '*',
      commit: 'true',
    },
    {
      env: { GITHUB_RUN_ID: '555', GITHUB_SERVER_URL: 'https://github.com' },
      prepare: (runner) => {
        sh(repos.root, 'clone', '-q', repos.origin, runner.workspace);
        sh(runner.workspace, 'config', 'http.https://github.com/.extraheader', HEADER);
      },
      run: { timeoutMs: 60_000 },
    },
  );
  return { run, workspace, origin: repos.origin, canary };
}

describe('dist/index.js with commit: true', () => {
  it('pushes the work to the checked-out branch; planted hooks never run and the credential comes back', async () => {
    const planted = (canary: string) =>
      `printf '#!/bin/sh\\ntouch ${canary}\\n' > .git/hooks/post-commit && chmod +x .git/hooks/post-commit && ` +
      `git config core.fsmonitor .git/hooks/post-commit`;
    const { run, workspace, origin, canary } = await runInClone((canary) => [
      commands("printf 'hello, world\\n' > README.md", planted(canary)),
      final('Done.'),
    ]);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ conclusion: 'success', branch: 'main' });
    expect(run.outputs['commit-sha']).toBe(sh(origin, 'rev-parse', 'main'));
    expect(sh(origin, 'show', 'main:README.md')).toBe('hello, world');
    expect(sh(origin, 'log', '-1', '--format=%an%n%B', 'main')).toContain(
      'github-actions[bot]\nFix the greeting\n\nThe run finished (conclusion: success).\nRun: https://github.com/octo/repo/actions/runs/555',
    );
    expect(existsSync(canary)).toBe(false);
    expect(readFileSync(path.join(workspace, '.git', 'config'), 'utf8')).toContain(HEADER);
    expect(sh(origin, 'log', '-p', '--all')).not.toContain(TOKEN);
    // Apart from the lines that tell the runner what to mask.
    const logged = run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
    expect(logged.join('\n')).not.toContain(TOKEN);
  });

  it('saves the changes of a run that fails on the rescue branch and fails the step', async () => {
    const { run, origin } = await runInClone(() => [
      commands("printf 'half done\\n' > notes.txt"),
      apiError(400, 'invalid_request_error', 'something broke'),
    ]);
    const main = sh(origin, 'rev-parse', 'main');

    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ conclusion: 'error', branch: 'bash-agent/555' });
    expect(run.outputs['commit-sha']).toBe(sh(origin, 'rev-parse', 'bash-agent/555'));
    expect(sh(origin, 'show', 'bash-agent/555:notes.txt')).toBe('half done');
    expect(sh(origin, 'rev-parse', 'main')).toBe(main);
    expect(run.stdout).toMatch(
      /::warning::The run ended with an error, so its unfinished changes were not pushed to main; [0-9a-f]{12} was pushed to bash-agent\/555 instead\./,
    );
  });
});
