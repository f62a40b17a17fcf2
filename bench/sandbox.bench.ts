/**
 * What the sandbox costs at start, against the shell's own start in the same run: bash started
 * directly and through the helper (with the rules of `*` and of the read-only default), the probe
 * and the whole preparation before the first request, and a BashSession's start with and without
 * the helper. Runs interleaved, medians reported (machines here are noisy).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';
import { parsePatternInput } from '../src/policy/decide/patterns.js';
import { locateHelper, probeHelper } from '../src/sandbox/helper.js';
import { prepareSandbox, type SandboxPlan } from '../src/sandbox/sandbox.js';
import { buildShellEnv } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';

const ROUNDS = 200;
const SESSION_ROUNDS = 30;

const workspace = mkdtempSync(path.join(tmpdir(), 'sandbox-bench-'));
const env = buildShellEnv(process.env, []).env;

function plan(patterns: readonly string[]): Promise<SandboxPlan> {
  return prepareSandbox({
    mode: 'required',
    networkOff: false,
    writablePaths: [],
    allow: parsePatternInput(patterns, 'allowed-commands'),
    workspace,
    workingDirectory: workspace,
    shellEnv: env,
    env: process.env,
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const universal = await plan(['*']);
const readOnly = await plan(DEFAULT_ALLOWED_COMMANDS);
const helper = locateHelper()!;
const bash = universal.bashPath;
const bashArgs = ['--noprofile', '--norc', '-c', 'true'];
const spawned = (file: string, args: readonly string[]) => () => {
  const result = spawnSync(file, args, { env, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${file} ended with ${result.status}`);
};
const cases: Array<[string, () => unknown]> = [
  // What any spawn costs from Node here, for scale.
  ['/bin/true', spawned('/bin/true', [])],
  ['bash alone', spawned(bash, bashArgs)],
  [
    'helper + bash, rules of `*`',
    spawned(helper, [...universal.launcher!.slice(1), bash, ...bashArgs]),
  ],
  [
    'helper + bash, rules of the read-only default',
    spawned(helper, [...readOnly.launcher!.slice(1), bash, ...bashArgs]),
  ],
  [
    'probe alone (rules of the read-only default)',
    () => probeHelper(helper, readOnly.launcher!.slice(1, -1)),
  ],
  ['whole preparation (read-only default)', () => plan(DEFAULT_ALLOWED_COMMANDS)],
];
const samples = new Map<string, number[]>(cases.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, run] of cases) samples.get(name)!.push(await timed(run));
}
const base = median(samples.get('bash alone')!);
process.stdout.write(`Landlock: ${JSON.stringify(readOnly.facts)}\n\n`);
process.stdout.write(`start-up, median of ${ROUNDS} (interleaved):\n`);
for (const [name, values] of samples) {
  const ms = median(values);
  process.stdout.write(
    `  ${name.padEnd(48)} ${ms.toFixed(2).padStart(7)} ms  ×${(ms / base).toFixed(2)} of bash alone\n`,
  );
}

async function sessionStart(launcher: SandboxPlan | undefined): Promise<number> {
  const started = performance.now();
  const session = await BashSession.start({
    cwd: workspace,
    env,
    maxOutput: 30_000,
    defaultTimeoutMs: 10_000,
    ...(launcher ? { launcher: launcher.launcher!, bashPath: launcher.bashPath } : {}),
  });
  const ms = performance.now() - started;
  await session.close();
  return ms;
}

const plain: number[] = [];
const confined: number[] = [];
for (let round = 0; round < SESSION_ROUNDS; round += 1) {
  plain.push(await sessionStart(undefined));
  confined.push(await sessionStart(readOnly));
}
process.stdout.write(`\nBashSession.start, median of ${SESSION_ROUNDS} (interleaved):\n`);
process.stdout.write(`  without the sandbox ${median(plain).toFixed(2)} ms\n`);
process.stdout.write(
  `  with the sandbox    ${median(confined).toFixed(2)} ms  ×${(median(confined) / median(plain)).toFixed(2)}\n`,
);
rmSync(workspace, { recursive: true, force: true });
