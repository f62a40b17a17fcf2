// Start-up: from spawning `node dist/index.js` to its first request reaching the loopback Messages
// API, median of 10, next to spawning bare `node -e 0` (to exit) measured in the same run, interleaved
// so both see the same machine load; both on the Node the action ships for. The goal is the ratio to
// the bare start of the same run, not a time, which depends on the machine.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { startMessagesServer } from '../__fixtures__/messages-server.js';
import { final } from '../__fixtures__/messages.js';
import { shippedNode } from '../__fixtures__/node24.js';
import { requireBundle, runnerEnvironment, DIST_ENTRY } from '../__fixtures__/runner.js';

const RUNS = 10;
const node = shippedNode();
/** The goal: the action reaches its first request within this many bare node starts. */
const GOAL_RATIO = 6;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function exitOf(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve) => child.on('close', (code) => resolve(code)));
}

async function bareNode(): Promise<number> {
  const started = performance.now();
  const code = await exitOf(spawn(node, ['-e', '0'], { stdio: 'ignore' }));
  if (code !== 0) throw new Error(`node -e 0 exited with ${code}`);
  return performance.now() - started;
}

requireBundle();
const server = await startMessagesServer(() => final('done'));
const runner = runnerEnvironment(
  { task: 'Say done.', 'anthropic-api-key': 'sk-ant-bench-key-000000000000000000' },
  { ANTHROPIC_BASE_URL: server.url },
);

async function actionToFirstRequest(): Promise<number> {
  const before = server.requests.length;
  const started = performance.now();
  const child = spawn(node, [DIST_ENTRY], {
    cwd: runner.workspace,
    env: runner.env,
    stdio: 'ignore',
  });
  const code = await exitOf(child);
  const first = server.requests[before];
  if (code !== 0 || !first)
    throw new Error(
      `dist/index.js exited with ${code} after ${server.requests.length - before} requests`,
    );
  return first.at - started;
}

// One of each first, uncounted: the first spawn pays for cold file caches.
await bareNode();
await actionToFirstRequest();

const action: number[] = [];
const bare: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  bare.push(await bareNode());
  action.push(await actionToFirstRequest());
}
await server.close();
rmSync(runner.root, { recursive: true, force: true });

const fmt = (ms: number): string => `${ms.toFixed(0)} ms`;
const actionMedian = median(action);
const bareMedian = median(bare);
console.log(`runs: ${RUNS} each, interleaved`);
console.log(
  `bare node -e 0 (spawn to exit):           median ${fmt(bareMedian)}  (min ${fmt(Math.min(...bare))}, max ${fmt(Math.max(...bare))})`,
);
console.log(
  `dist/index.js (spawn to first request):   median ${fmt(actionMedian)}  (min ${fmt(Math.min(...action))}, max ${fmt(Math.max(...action))})`,
);
const ratio = actionMedian / bareMedian;
console.log(
  `ratio action / bare node: ${ratio.toFixed(2)}x; action minus bare node: ${fmt(actionMedian - bareMedian)}`,
);
console.log(`goal: ≤ ${GOAL_RATIO}x bare node — ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'}`);
