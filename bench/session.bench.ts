/**
 * BashSession against two baselines, in one run on this machine:
 * - spawning `bash -c` per command (what a session is meant to beat), and
 * - the BashSession inside the Anthropic SDK (`betaBashTool` of its agent toolset).
 * Memory figures come from child processes of their own, so one measurement's heap can't hide in another's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildShellEnv } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';

const MIB = 1024 * 1024;
const self = fileURLToPath(import.meta.url);

type Runner = {
  run(command: string, timeoutMs: number): Promise<unknown>;
  close(): Promise<void> | void;
};

async function ours(): Promise<Runner> {
  const session = await BashSession.start({
    cwd: tmpdir(),
    env: buildShellEnv(process.env, []).env,
    maxOutput: 30_000,
    defaultTimeoutMs: 120_000,
  });
  return {
    run: (command, timeoutMs) => session.run(command, { timeoutMs }),
    close: () => session.close(),
  };
}

async function sdk(): Promise<Runner> {
  const { betaBashTool } = await import('@anthropic-ai/sdk/tools/agent-toolset/node');
  const tool = betaBashTool({ workdir: tmpdir() });
  return {
    run: async (command, timeoutMs) => {
      try {
        return await tool.run({ command, timeout_ms: timeoutMs });
      } catch (error) {
        return error;
      }
    },
    close: () => tool.close?.(),
  };
}

function spawnPerCommand(): Runner {
  return {
    run: (command) =>
      new Promise((resolve) => {
        const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.resume();
        child.stderr.resume();
        child.on('close', resolve);
      }),
    close: () => undefined,
  };
}

const RUNNERS: Record<string, () => Promise<Runner> | Runner> = {
  ours,
  sdk,
  spawn: spawnPerCommand,
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Per-call latency of every runner, measured in alternating blocks of 50 calls so that a noisy moment
 * of the machine falls on all of them alike (call-by-call alternation would measure each runner
 * right after another one's shell had woken up, a cost that none of them has in real use).
 */
async function latencies(
  names: string[],
  calls: number,
  command: string,
): Promise<Map<string, { median: number; p95: number }>> {
  const block = 50;
  const runners = await Promise.all(names.map((name) => RUNNERS[name]!()));
  const times = names.map(() => [] as number[]);
  for (let done = -block; done < calls; done += block) {
    for (const [index, runner] of runners.entries()) {
      for (let i = 0; i < block; i++) {
        const start = performance.now();
        await runner.run(command, 10_000);
        if (done >= 0) times[index]!.push((performance.now() - start) * 1000);
      }
    }
  }
  await Promise.all(runners.map((runner) => runner.close()));
  return new Map(
    names.map((name, index) => {
      const sorted = times[index]!.sort((a, b) => a - b);
      return [name, { median: percentile(sorted, 50), p95: percentile(sorted, 95) }];
    }),
  );
}

/** In a child process: run one big-output command and report wall time and RSS growth. */
async function bigOutputChild(name: string, bytes: number): Promise<void> {
  const runner = await RUNNERS[name]!();
  await runner.run('true', 10_000);
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const start = performance.now();
  await runner.run(`yes | head -c ${bytes}`, 600_000);
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  // maxRSS covers the moments the sampler could not see while the event loop was busy.
  peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
  await runner.close();
  process.stdout.write(JSON.stringify({ seconds, growth: peak - before }));
}

function bigOutput(name: string, bytes: number): { seconds: number; growth: number } {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', self, 'big-output', name, String(bytes)],
    {
      encoding: 'utf8',
      maxBuffer: 16 * MIB,
    },
  );
  if (child.status !== 0) throw new Error(`${name} big-output child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { seconds: number; growth: number };
}

/** Seconds bash takes for the pipeline, its output going to `sink` (a redirection or a pipe). */
function direct(bytes: number, sink = '> /dev/null'): number {
  const start = performance.now();
  spawnSync('bash', ['-c', `yes | head -c ${bytes} ${sink}`]);
  return (performance.now() - start) / 1000;
}

function countAlive(tag: string): number {
  let alive = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmdline.includes(tag) && state !== 'Z') alive++;
    } catch {
      // exited while we looked
    }
  }
  return alive;
}

async function timeoutFigures(name: string): Promise<{ seconds: number; left: number }> {
  const runner = await RUNNERS[name]!();
  const tag = `100.${Math.floor(Math.random() * 1e6)}`;
  const start = performance.now();
  await runner.run(`sleep ${tag} & bash -c 'sleep ${tag}'`, 1000);
  const seconds = (performance.now() - start) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const left = countAlive(`sleep\0${tag}`);
  await runner.close();
  return { seconds, left };
}

async function main(): Promise<void> {
  if (process.argv[2] === 'big-output') {
    await bigOutputChild(process.argv[3]!, Number(process.argv[4]));
    return;
  }
  const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);
  // `… session.bench.ts latency` (or output, timeout) runs one part alone.
  const part = (name: string) => process.argv[2] === undefined || process.argv[2] === name;

  if (part('latency')) {
    console.log('1000 sequential `true` calls (µs per call, measured in alternating blocks)');
    const lat = await latencies(['ours', 'sdk', 'spawn'], 1000, 'true');
    for (const [name, { median, p95 }] of lat) {
      console.log(`  ${name.padEnd(6)} median ${fmt(median)}   p95 ${fmt(p95)}`);
    }
    const median = (name: string) => lat.get(name)!.median;
    console.log(
      `  spawn/ours median ratio: ${(median('spawn') / median('ours')).toFixed(1)}x (goal >= 10x)`,
    );
    console.log(
      `  sdk/ours median ratio:   ${(median('sdk') / median('ours')).toFixed(2)}x (goal >= 1x)`,
    );
    // A command of the size a model writes when it puts a file in place with a heredoc, given to a
    // builtin so that no process is started: what it costs a shell to read it.
    const heredoc = `: <<'EOF'\n${'const value = compute(input);\n'.repeat(66)}EOF`;
    console.log(
      `\n1000 sequential calls of a ${Buffer.byteLength(heredoc)}-byte heredoc command (µs per call)`,
    );
    const long = await latencies(['ours', 'sdk', 'spawn'], 1000, heredoc);
    for (const [name, { median: m, p95 }] of long) {
      console.log(`  ${name.padEnd(6)} median ${fmt(m)}   p95 ${fmt(p95)}`);
    }
    console.log(
      `  sdk/ours median ratio:   ${(long.get('sdk')!.median / long.get('ours')!.median).toFixed(2)}x`,
    );
    console.log(`  load average ${loadavg().join(' ')} (1, 5, 15 min)`);
  }

  // Every figure is the median of ROUNDS runs taken in turn (RSS growth: the largest): a single run
  // of a pipeline this fast swings by 2x on this machine.
  const ROUNDS = 3;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  for (const bytes of part('output') ? [100_000_000, 1_000_000_000] : []) {
    console.log(`\nyes | head -c ${bytes} (median of ${ROUNDS})`);
    const runs = {
      base: [] as number[],
      cat: [] as number[],
      ours: [] as number[],
      sdk: [] as number[],
    };
    const growth = { ours: 0, sdk: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      runs.base.push(direct(bytes));
      // What any capture costs here: one more process reading a pipe, doing nothing with the bytes.
      runs.cat.push(direct(bytes, '| cat > /dev/null'));
      for (const name of ['ours', 'sdk'] as const) {
        const run = bigOutput(name, bytes);
        runs[name].push(run.seconds);
        growth[name] = Math.max(growth[name], run.growth);
      }
    }
    const base = median(runs.base);
    const line = (label: string, seconds: number) =>
      `  ${label.padEnd(24)} ${fmt(seconds, 2)} s ${fmt(bytes / MIB / seconds)} MiB/s   ratio ${(base / seconds).toFixed(2)}`;
    console.log(line('bash into /dev/null', base));
    console.log(line('through cat (reference)', median(runs.cat)));
    for (const name of ['ours', 'sdk'] as const) {
      console.log(
        `${line(name, median(runs[name]))}   RSS growth ${fmt(growth[name] / MIB, 1)} MiB`,
      );
    }
    console.log(
      `  goals: ours throughput ratio >= 0.5; RSS growth <= ${bytes < 1e9 ? 32 : 64} MiB and below the SDK's`,
    );
  }

  if (!part('timeout')) return;
  console.log('\n`sleep 100` (and a grandchild) with a 1 s timeout');
  for (const name of ['ours', 'sdk']) {
    const { seconds, left } = await timeoutFigures(name);
    console.log(
      `  ${name.padEnd(6)} returned after ${fmt(seconds, 3)} s   processes left behind: ${left}`,
    );
  }
  console.log('  goals: ours <= 1.3 s, 0 left');
}

await main();
