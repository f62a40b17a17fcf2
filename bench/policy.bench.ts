/*
 * Command policy benchmark: the one-off initialisation (first loadPolicy: wasm compile, grammar
 * load) and the per-command check time over the shared sample corpus (all attacks, benign and
 * shouldDeny commands), after warm-up. Run with `npx tsx bench/policy.bench.ts`.
 *
 * Machines here are noisy, so the check time is also given as a ratio to a baseline measured in
 * the same run: tree-sitter parsing the same text, which every check does first.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { MAX_SCRIPT_LENGTH } from '../src/policy/read/parse.js';
import { loadPolicy } from '../src/policy/policy.js';
import { loadBashParser } from '../src/policy/syntax/tree-sitter.js';

interface Corpus {
  allowlist: string[];
  denylist: string[];
  attacks: Array<{ command?: string; commands?: string[] }>;
  benign: string[];
  shouldDeny: Array<{ command: string }>;
}

const CORPUS =
  process.env.POLICY_CORPUS ??
  new URL('../__fixtures__/policy/corpus-sample.json', import.meta.url).pathname;
const ROUNDS = Number(process.env.POLICY_BENCH_ROUNDS ?? 200);
const GOAL_P99_US = 1000;
const WORKDIR = '/tmp/policy-bench/repo';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

function measure(commands: string[], rounds: number, run: (command: string) => void): number[] {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const command of commands) {
      const start = performance.now();
      run(command);
      samples.push((performance.now() - start) * 1000);
    }
  }
  return samples.sort((a, b) => a - b);
}

const corpus = JSON.parse(readFileSync(CORPUS, 'utf8')) as Corpus;
const commands = [
  ...corpus.attacks.flatMap((a) => a.commands ?? (a.command === undefined ? [] : [a.command])),
  ...corpus.benign,
  ...corpus.shouldDeny.map((s) => s.command),
].map((c) => c.replaceAll('CANARY', '/tmp/policy-bench/scratch/CANARY'));

const initStart = performance.now();
const policy = await loadPolicy({
  allow: corpus.allowlist,
  deny: corpus.denylist,
  workingDirectory: WORKDIR,
});
const initMs = performance.now() - initStart;
const againStart = performance.now();
await loadPolicy({ allow: corpus.allowlist, deny: corpus.denylist, workingDirectory: WORKDIR });
const againMs = performance.now() - againStart;
const parser = await loadBashParser();

// Warm-up: V8 optimises the grammar's wasm in the background on first use.
const warmUntil = performance.now() + 1500;
while (performance.now() < warmUntil)
  for (const command of commands) policy.check(command, WORKDIR);

const checks = measure(commands, ROUNDS, (command) => policy.check(command, WORKDIR));
const parses = measure(commands, ROUNDS, (command) => parser.parse(command).delete());

const median = percentile(checks, 50);
const p99 = percentile(checks, 99);
const baseMedian = percentile(parses, 50);
const baseP99 = percentile(parses, 99);
const fmt = (us: number): string => `${us.toFixed(1)} µs`;

console.log(
  `policy bench: ${commands.length} commands from ${CORPUS}, ${ROUNDS} rounds after warm-up`,
);
console.log(
  `initialisation (first loadPolicy): ${initMs.toFixed(1)} ms; a second loadPolicy: ${againMs.toFixed(2)} ms`,
);
console.log(
  `check:    median ${fmt(median)}, p99 ${fmt(p99)}, max ${fmt(checks[checks.length - 1] as number)}`,
);
console.log(`baseline (tree-sitter parse only): median ${fmt(baseMedian)}, p99 ${fmt(baseP99)}`);
console.log(
  `ratio check/parse: median ${(median / baseMedian).toFixed(2)}x, p99 ${(p99 / baseP99).toFixed(2)}x`,
);
console.log(
  `p99 ${fmt(p99)} vs goal ${fmt(GOAL_P99_US)}: ${p99 <= GOAL_P99_US ? 'within' : 'OVER'} the goal (${((p99 / GOAL_P99_US) * 100).toFixed(0)}% of it)`,
);

// A file written through a heredoc of a megabyte, the longest text the policy reads.
const line = 'export const text = "a $dollar, a `tick` and a \\ backslash";\n';
const big = `cat > big.ts <<'EOF'\n${line.repeat(Math.floor((MAX_SCRIPT_LENGTH - 100) / line.length))}EOF`;
const bigChecks = measure([big], 5, (command) => policy.check(command, WORKDIR));
const bigParses = measure([big], 5, (command) => parser.parse(command).delete());
console.log(
  `a ${(big.length / 1024).toFixed(0)} kB heredoc: check median ${(percentile(bigChecks, 50) / 1000).toFixed(1)} ms, parse median ${(percentile(bigParses, 50) / 1000).toFixed(1)} ms (ratio ${(percentile(bigChecks, 50) / percentile(bigParses, 50)).toFixed(2)}x)`,
);
