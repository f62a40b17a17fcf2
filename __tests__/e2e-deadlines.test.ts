/**
 * The bundled action against a GitHub API that accepts connections and never answers: every wait on
 * it has a deadline, so the run ends, with the stage that ran out named, instead of holding the job
 * until its timeout. Runs on dist/: `npm run bundle` first after changes.
 */
import { describe, expect, it } from '@jest/globals';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import { loadEvent } from '../__fixtures__/events.js';
import { final } from '../__fixtures__/messages.js';

const KEY = 'sk-ant-api03-Deadline0key00000000000000000000000000';
const TOKEN = 'ghs_deadlineToken000000000000000000000000';
/** The GitHub stage's bound in src/main.ts, and what the run may add to it. */
const STAGE_S = 45;
const SLACK_MS = 10_000;

const runs = useBundleRuns();

/** A server on loopback that accepts every connection, reads what comes, and never answers. */
async function startSilentServer() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

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
