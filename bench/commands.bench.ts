/**
 * Per-command cost through the whole action: the bundle on the shipped Node answers one model
 * response of 300 `true` calls, timed from that response leaving the loopback Messages API to the
 * next request arriving, divided by 300. In the same run, interleaved round by round so that every
 * figure sees the same machine load:
 * - a `bash -c true` spawn per command (what a persistent session exists to beat), and
 * - the bare BashSession running `true` (the floor: what the action adds sits on top of it),
 * with a breakdown of the action's figure: the policy check as the action makes it (through the
 * decision cache; without it for reference), the session, the log (the same run with its log going to /dev/null instead of a pipe this process
 * reads, as the runner does), and the rest.
 *
 * `npm run bench -- commands`. Goals: ≤ 0.25 ms per command, ≥ 8x faster than the spawn.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { startMessagesServer } from '../__fixtures__/messages-server.js';
import { commands, final } from '../__fixtures__/messages.js';
import { shippedNodeMajor } from '../__fixtures__/node24.js';
import { requireBundle, runBundle, runnerEnvironment } from '../__fixtures__/runner.js';
import { DecisionCache } from '../src/policy/decide/decision-cache.js';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';
import { warmUp } from '../src/policy/warm-up.js';
import { buildShellEnv } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';
import { MAGLEV_OFF } from '../src/run/v8-tuning.js';

const self = fileURLToPath(import.meta.url);
const COMMANDS = 300;
const ROUNDS = Number(process.env.COMMANDS_BENCH_ROUNDS ?? 5);
const GOAL_MS = 0.25;
const GOAL_RATIO = 8;
/**
 * How long the first response waits: the action starts bash and the policy only once its first
 * request is on its way, and this bench measures commands, not that start.
 */
const READY_MS = 600;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
};

/** Nanoseconds on a core, and waiting for one, of a process's threads and its children's (Linux). */
interface CpuTimes {
  mainThread: number;
  otherThreads: number;
  bash: number;
  waiting: number;
}

function cpuTimes(pid: number): CpuTimes {
  const times: CpuTimes = { mainThread: 0, otherThreads: 0, bash: 0, waiting: 0 };
  const add = (process: number, onCpu: (ns: number, thread: string) => void): void => {
    for (const thread of readdirSync(`/proc/${process}/task`)) {
      // schedstat: time on a core, time runnable but waiting for one, in ns.
      const [run, wait] = readFileSync(`/proc/${process}/task/${thread}/schedstat`, 'utf8')
        .split(' ')
        .map(Number) as [number, number];
      onCpu(run, thread);
      times.waiting += wait;
    }
  };
  add(pid, (ns, thread) => {
    if (thread === String(pid)) times.mainThread += ns;
    else times.otherThreads += ns;
  });
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ');
  for (const child of children.filter((word) => word.trim() !== '')) {
    add(Number(child), (ns) => (times.bash += ns));
  }
  return times;
}

interface ActionFigures {
  /** Milliseconds per command, from the response leaving to the next request arriving. */
  wall: number;
  /** Milliseconds per command on a core (or waiting for one) over the same span. */
  cpu: { [part in keyof CpuTimes]: number };
}

/** One action run with 300 `true` calls in one response. */
async function throughAction(stdout: 'pipe' | 'ignore'): Promise<ActionFigures> {
  let pid = 0;
  let before: CpuTimes | undefined;
  let after: CpuTimes | undefined;
  const server = await startMessagesServer(async (_request, index) => {
    if (index > 0) {
      after = cpuTimes(pid);
      return final('done');
    }
    await new Promise((resolve) => setTimeout(resolve, READY_MS));
    before = cpuTimes(pid);
    return commands(...Array.from({ length: COMMANDS }, () => 'true'));
  });
  const runner = runnerEnvironment(
    {
      task: 'Run true.',
      'anthropic-api-key': 'sk-ant-bench-key-000000000000000000',
      'allowed-commands': 'true',
    },
    { ANTHROPIC_BASE_URL: server.url },
  );
  try {
    const run = await runBundle(runner.env, runner.workspace, {
      stdout,
      onSpawn: (started) => (pid = started),
    });
    const [answered, next] = server.requests;
    const sentAt = answered?.answeredAt;
    if (
      run.code !== 0 ||
      !next ||
      sentAt === undefined ||
      run.outputs.commands !== String(COMMANDS)
    ) {
      throw new Error(
        `the action failed (exit ${run.code}, ${run.outputs.commands} commands):\n${run.stdout}\n${run.stderr}`,
      );
    }
    const perCommand = (ns: number): number => ns / 1e6 / COMMANDS;
    const cpu = Object.fromEntries(
      Object.entries(before!).map(([part, ns]) => [
        part,
        perCommand(after![part as keyof CpuTimes] - ns),
      ]),
    ) as ActionFigures['cpu'];
    return { wall: (next.at - sentAt) / COMMANDS, cpu };
  } finally {
    await server.close();
    rmSync(runner.root, { recursive: true, force: true });
  }
}

function spawnTrue(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', 'true'], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

/** Milliseconds per call of `COMMANDS` sequential calls. */
async function perCall(call: () => unknown): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < COMMANDS; i += 1) await call();
  return (performance.now() - started) / COMMANDS;
}

/** The bench's policy (`true` alone), warmed up as the action warms its own. */
async function warmedPolicy(workspace: string): Promise<CommandPolicy> {
  const policy = await loadPolicy({ allow: ['true'], deny: [], workingDirectory: workspace });
  await warmUp(policy, workspace, loadPolicy);
  return policy;
}

/**
 * The parts of the action, each timed in a fresh process as the action has them: code not yet
 * optimised, the parser's wasm compiled on first use. A part warmed by earlier rounds in this
 * process would make the rest look larger than it is.
 */
const PARTS = {
  async session(workspace: string): Promise<() => unknown> {
    const session = await BashSession.start({
      cwd: workspace,
      env: buildShellEnv(process.env, []).env,
      maxOutput: 30_000,
      defaultTimeoutMs: 120_000,
    });
    return () => session.run('true', { timeoutMs: 10_000 });
  },
  /**
   * As the action has it: warmed up while the first request is out, then through the decision cache,
   * which `true` (touching no file) stays in.
   */
  async policy(workspace: string): Promise<() => unknown> {
    const cached = new DecisionCache(await warmedPolicy(workspace));
    return () => cached.check('true', workspace);
  },
  /** Every call parsed and checked: what a command the cache cannot keep costs. */
  async uncachedPolicy(workspace: string): Promise<() => unknown> {
    const policy = await warmedPolicy(workspace);
    return () => policy.check('true', workspace);
  },
};
type Part = keyof typeof PARTS;

/**
 * In a child process started as the action's V8 is set (Maglev off from the start), set one part up
 * as the action does, then time its 300 calls.
 */
async function partChild(part: Part): Promise<void> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'commands-bench-'));
  const call = await PARTS[part](workspace);
  // The action's first response comes after its start; so does this part's first call.
  await new Promise((resolve) => setTimeout(resolve, READY_MS));
  process.stdout.write(JSON.stringify(await perCall(call)));
  rmSync(workspace, { recursive: true, force: true });
  // The session's bash ends with this process.
  process.exit(0);
}

function timePart(part: Part): number {
  const child = spawnSync(process.execPath, [MAGLEV_OFF, '--import', 'tsx', self, part], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`the ${part} child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as number;
}

if (Number(process.versions.node.split('.')[0]) !== shippedNodeMajor()) {
  throw new Error(`run this on Node ${shippedNodeMajor()}: npm run bench -- commands`);
}
if (process.argv[2] !== undefined) {
  await partChild(process.argv[2] as Part);
} else {
  requireBundle();
  const figures = {
    action: [] as number[],
    mainThread: [] as number[],
    otherThreads: [] as number[],
    bash: [] as number[],
    waiting: [] as number[],
    actionNoLogReader: [] as number[],
    spawn: [] as number[],
    session: [] as number[],
    policy: [] as number[],
    uncachedPolicy: [] as number[],
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    const piped = await throughAction('pipe');
    figures.action.push(piped.wall);
    for (const part of Object.keys(piped.cpu) as Array<keyof CpuTimes>) {
      figures[part].push(piped.cpu[part]);
    }
    figures.actionNoLogReader.push((await throughAction('ignore')).wall);
    figures.spawn.push(await perCall(spawnTrue));
    for (const part of Object.keys(PARTS) as Part[]) figures[part].push(timePart(part));
  }
  report(figures);
}

function report(figures: Record<string, number[]>): void {
  const m = (name: string): number => median(figures[name] ?? []);
  const ms = (value: number): string => `${value.toFixed(3)} ms`;
  const row = (label: string, value: number, note = ''): void =>
    console.log(`  ${label.padEnd(44)} ${ms(value).padStart(10)}${note ? `   ${note}` : ''}`);
  const action = m('action');
  const spawnTime = m('spawn');
  const log = Math.max(0, action - m('actionNoLogReader'));
  // Each round's spawn is timed right after its action runs: their ratio sees one machine load.
  const spawnRatio = median(
    (figures.spawn ?? []).map((spawnMs, round) => spawnMs / (figures.action?.[round] ?? NaN)),
  );

  console.log(
    `${COMMANDS} \`true\` calls in one response, ms per command, median of ${ROUNDS} interleaved rounds, Node ${process.versions.node}`,
  );
  row('through the action (log read by a pipe)', action);
  row(
    'bash -c true spawn',
    spawnTime,
    `ratio spawn / action ${(spawnTime / action).toFixed(1)}x (median of rounds' ratios ${spawnRatio.toFixed(1)}x)`,
  );
  row(
    'bare session',
    m('session'),
    `ratio action / session ${(action / m('session')).toFixed(2)}x`,
  );
  console.log('breakdown of the action figure (parts timed cold, in fresh processes):');
  row('policy check (through the decision cache)', m('policy'));
  row('session', m('session'));
  row('log (pipe read minus /dev/null)', log);
  row('rest (loop, formatting, redaction, API)', action - m('policy') - m('session') - log);
  console.log('CPU per command over the same span, from /proc/*/schedstat:');
  row('the action, main thread', m('mainThread'));
  row('the action, other threads (V8, libuv)', m('otherThreads'));
  row('bash', m('bash'));
  row('runnable but waiting for a core (all)', m('waiting'));
  console.log('for reference:');
  row('policy check without the cache', m('uncachedPolicy'));
  console.log(
    `goals: ≤ ${GOAL_MS} ms ${action <= GOAL_MS ? 'met' : 'NOT met'}, ` +
      `≥ ${GOAL_RATIO}x the spawn ${spawnRatio >= GOAL_RATIO ? 'met' : 'NOT met'}; load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} (1, 5, 15 min)`,
  );
}
