/**
 * The bundled action on `provider: vertex`, as the runner runs it (`node dist/index.js` on the Node
 * action.yml names), after google-github-actions/auth: its credentials file in the workspace and its
 * variables in the environment, the Workload Identity Federation chain and the Vertex endpoint
 * scripted on loopback. Cancelled by the runner too: the file comes back however the run ends.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync, statSync } from 'node:fs';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import {
  startGoogleAuthServer,
  type GoogleAuthServer,
} from '../__fixtures__/google-auth-server.js';
import type { Reply } from '../__fixtures__/messages-server.js';
import { commands, final, toolResults } from '../__fixtures__/messages.js';
import { runBundle, type RunBundleOptions } from '../__fixtures__/runner.js';
import { vertexPlatform } from '../__fixtures__/vertex-platform.js';

const PROJECT = 'vertex-project';
const REGION = 'europe-west1';

const runs = useBundleRuns();

/** A workspace as google-github-actions/auth leaves it (impersonating), and the action started in it. */
async function start(
  replies: (file: string, google: GoogleAuthServer) => Reply[],
  options?: RunBundleOptions,
) {
  const google = runs.track(await startGoogleAuthServer());
  const runner = runs.runner({
    task: 'Look around',
    provider: 'vertex',
    'allowed-commands': '*',
    'max-turns': '6',
  });
  const file = google.credentialsFile(runner.workspace, { impersonate: true });
  const content = readFileSync(file);
  const api = await runs.messages(replies(file, google), {
    platform: vertexPlatform({
      project: PROJECT,
      region: REGION,
      acceptedTokens: () => [google.serviceAccountToken],
    }),
  });
  Object.assign(runner.env, google.environment(file, PROJECT), {
    CLOUD_ML_REGION: REGION,
    ANTHROPIC_VERTEX_BASE_URL: `${api.url}/v1`,
  });
  return {
    file,
    content,
    api,
    auth: google,
    running: runBundle(runner.env, runner.workspace, options),
  };
}

/**
 * `grep -e` patterns for the values, each with one character in brackets, so that the pattern does
 * not match the command line of the grep that carries it.
 */
function oracle(values: readonly string[]): string {
  return values
    .map((value) => `-e '${value.slice(0, 12)}[${value[12]}]${value.slice(13, 32)}'`)
    .join(' ');
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 30_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('dist/index.js on Vertex AI', () => {
  it('runs through the federation chain with the credentials file gone from the shell, and puts it back', async () => {
    const { file, content, running, api, auth } = await start((file, google) => {
      const secrets = oracle([
        google.requestToken,
        google.oidcToken,
        google.federatedToken,
        google.serviceAccountToken,
      ]);
      return [
        commands(`cat ${file}; echo "found: $(cat gha-creds-*.json 2>/dev/null | wc -c)"`),
        // Every process's environment and command line, and whatever the action and the shell hold
        // open, counted for the credentials and every token the action obtained.
        commands(
          `echo "processes: $(grep -a -l ${secrets} /proc/*/environ /proc/*/cmdline 2>/dev/null | wc -l)"; ` +
            `echo "descriptors: $(find -L /proc/$PPID/fd /proc/$$/fd -type f 2>/dev/null | xargs -r grep -a -l ${secrets} 2>/dev/null | wc -l)"; ` +
            `echo "workspace: $(grep -r -a -l ${secrets} -e '[e]xternal_account' . 2>/dev/null | wc -l)"`,
        ),
        final('Done.'),
      ];
    });
    const run = await running;

    expect(api.refusals).toEqual([]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.outputs.conclusion).toBe('success');
    expect(auth.requests.map((request) => request.step)).toEqual(['oidc', 'sts', 'impersonation']);
    expect(api.requests[0]!.url).toBe(
      `/v1/projects/${PROJECT}/locations/${REGION}/publishers/anthropic/models/claude-sonnet-5-5:rawPredict`,
    );
    const output = toolResults(api.requests[1]!.body)[0]!.content;
    expect(output).toContain('No such file or directory');
    expect(output).toContain('found: 0');
    const searched = toolResults(api.requests[2]!.body)[0]!.content;
    expect(searched).toContain('processes: 0');
    expect(searched).toContain('descriptors: 0');
    expect(searched).toContain('workspace: 0');
    expect(readFileSync(file).equals(content)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    // Masking them is how the runner keeps them out of its log: the one place they may appear.
    const log = run.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    const transcript = readFileSync(run.outputs['transcript-file']!, 'utf8');
    const written = [log, run.summary, JSON.stringify(run.outputs), transcript].join('\n');
    expect(run.stdout).toContain(`::add-mask::${auth.serviceAccountToken}`);
    for (const secret of [
      auth.requestToken,
      auth.oidcToken,
      auth.federatedToken,
      auth.serviceAccountToken,
    ]) {
      expect(written).not.toContain(secret);
    }
  }, 60_000);

  it('puts the file back when the runner cancels the run while the model is thinking', async () => {
    let pid = 0;
    let log = '';
    const { file, content, running, api } = await start(() => [commands('ls'), { hang: true }], {
      onSpawn: (spawned) => (pid = spawned),
      onStdout: (soFar) => (log = soFar),
    });
    await until(() => api.requests.length === 2, 'the second request');
    process.kill(pid, 'SIGTERM');
    const run = await running;

    expect(log).toContain('Received SIGTERM');
    expect(run.code).toBe(1);
    expect(run.outputs.conclusion).toBe('cancelled');
    expect(readFileSync(file).equals(content)).toBe(true);
    expect(run.stderr).toBe('');
  }, 60_000);
});
