/**
 * The bundled action against servers that accept connections and never answer (the GitHub API, a
 * git remote): every wait on them has a deadline, so the run ends, with the stage that ran out named
 * and nothing of the work lost, instead of holding the job until its timeout. Runs on dist/:
 * `npm run bundle` first after changes.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import { loadEvent } from '../__fixtures__/events.js';
import { sh } from '../__fixtures__/git-repos.js';
import { commands, final } from '../__fixtures__/messages.js';
import { runBundle } from '../__fixtures__/runner.js';
import { startSilentServer } from '../__fixtures__/silent-server.js';

const KEY = 'sk-ant-api03-Deadline0key00000000000000000000000000';
const TOKEN = 'ghs_deadlineToken000000000000000000000000';
/** The GitHub stage's bound in src/main.ts, and what the run may add to it. */
const STAGE_S = 45;
const SLACK_MS = 10_000;

const runs = useBundleRuns();

describe('dist/index.js with a GitHub API that never answers', () => {
  it('ends a /agent comment run within the stage bound, as an error naming the stage', async () => {
    const silent = runs.track(await startSilentServer());
    const event = loadEvent('issue_comment.created.on-pr');
    event.comment.body = '/agent say hello';
    const { run, requests } = await runs.scripted(
      [final('never asked')],
      { 'anthropic-api-key': KEY, 'github-token': TOKEN },
      {
        env: {
          GITHUB_API_URL: silent.url,
          GITHUB_EVENT_NAME: 'issue_comment',
          GITHUB_REPOSITORY: event.repository.full_name,
          GITHUB_SERVER_URL: 'https://github.com',
          GITHUB_RUN_ID: '4242',
        },
        event,
        run: { timeoutMs: STAGE_S * 1000 + 3 * SLACK_MS },
      },
    );

    expect(silent.connections()).toBeGreaterThan(0);
    expect(run.elapsedMs).toBeLessThan(STAGE_S * 1000 + SLACK_MS);
    expect(run.outputs.conclusion).toBe('error');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `::error::Deciding the trigger on GitHub did not finish within ${STAGE_S} s`,
    );
    expect(requests).toHaveLength(0);
  }, 120_000);
});

/** The commit stage's bound for a run of `time-limit: 10s` (docs/committing.md: at least 30 s). */
const COMMIT_STAGE_S = 30;

/**
 * Points the workspace's origin at a remote that never answers; what it returns counts the
 * connections git made to it.
 */
type HangingRemote = (workspace: string, scratch: string) => Promise<() => number>;

/** An HTTP remote: a server that takes the request and never sends a byte back. */
const silentHttp: HangingRemote = async (workspace) => {
  const silent = runs.track(await startSilentServer());
  sh(workspace, 'remote', 'set-url', 'origin', `${silent.url}/octo/repo.git`);
  return silent.connections;
};

/**
 * An ssh remote whose transport (the checkout's own ssh command, as a deploy key's would be) never
 * answers: no low-speed limit applies to it, only the stage's bound.
 */
const silentSsh: HangingRemote = async (workspace, scratch) => {
  const log = path.join(scratch, 'ssh-calls');
  const ssh = path.join(scratch, 'hanging-ssh');
  writeFileSync(ssh, `#!/bin/sh\necho "$*" >> '${log}'\nexec sleep 600\n`, { mode: 0o755 });
  sh(workspace, 'remote', 'set-url', 'origin', 'ssh://git@git.example.invalid/octo/repo.git');
  sh(workspace, 'config', 'core.sshCommand', ssh);
  return () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').length : 0);
};

describe('dist/index.js with a git remote that never answers', () => {
  it.each([
    ['an HTTP remote', silentHttp],
    ['an ssh remote', silentSsh],
  ])(
    'ends the commit stage within its bound with %s, and says where the commit is',
    async (_name, hang) => {
      const repos = runs.repos();
      const messages = await runs.messages([
        commands("printf 'hello, world\\n' > README.md"),
        final('Done.'),
      ]);
      const runner = runs.runner(
        {
          task: 'Fix the greeting',
          'anthropic-api-key': KEY,
          'allowed-commands': '*',
          'time-limit': '10s',
          commit: 'true',
        },
        { ANTHROPIC_BASE_URL: messages.url, GITHUB_RUN_ID: '777' },
      );
      sh(repos.root, 'clone', '-q', repos.origin, runner.workspace);
      const connections = await hang(runner.workspace, runner.root);
      const before = sh(repos.origin, 'rev-parse', 'main');

      const run = await runBundle(runner.env, runner.workspace, { timeoutMs: 90_000 });
      const local = sh(runner.workspace, 'rev-parse', 'HEAD');

      // git really went to the remote and waited on it: for the branch, then for the rescue branch
      // in the share of the stage's time kept for it.
      expect(connections()).toBe(2);
      expect(run.elapsedMs).toBeLessThan(10_000 + COMMIT_STAGE_S * 1000 + SLACK_MS);
      expect(run.outputs.conclusion).toBe('success');
      expect(run.outputs['commit-sha']).toBe('');
      expect(run.code).toBe(1);
      // The work is the checkout's HEAD, and the summary says so: the full id and the branch.
      expect(local).not.toBe(before);
      expect(sh(runner.workspace, 'show', 'HEAD:README.md')).toBe('hello, world');
      expect(run.summary).toContain(local);
      expect(run.summary).toMatch(/on `?main`? in the runner(’|')s checkout/);
      expect(run.stdout).toMatch(
        /::error::The push to main did not finish in the commit stage's time .*, and the push to bash-agent\/777 failed too/,
      );
      expect(sh(repos.origin, 'rev-parse', 'main')).toBe(before);
    },
    120_000,
  );
});
