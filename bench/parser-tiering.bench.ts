/**
 * Whether the parser's V8 flags take effect, and what they cost the parse. Each variant runs in a
 * fresh process on the shipped Node: the bash parser loads, then parses a mix of commands for
 * PARSE_MS, as a run's first commands would. Figures: the load (while the first request is out),
 * the first parse, CPU spent on threads other than the main one
 * (V8 recompiling the wasm with its optimising compiler: what competes with bash for the cores),
 * the mean of the first 300 parses, and the median parse once warm.
 * - as shipped: tree-sitter.ts sets its flags before the wasm is compiled;
 * - default tiering: those flags suppressed (V8's defaults);
 * - --liftoff-only alone at run time: the flag one would reach for first, set the same way.
 *
 * `npm run bench -- parser-tiering`.
 */
import { spawnSync } from 'node:child_process';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { loadBashParser } from '../src/policy/syntax/tree-sitter.js';

const PARSE_MS = 1_500;
const COMMANDS = [
  'true',
  'git status && npm test 2>&1 | tee out.txt',
  'for f in src/*.ts; do wc -l "$f"; done',
  'echo "$(ls -la "a b")" > /dev/null',
  "cat <<'EOF'\nhello $USER\nEOF",
  'find . -name "*.md" -exec grep -l TODO {} +',
];

const VARIANTS = {
  'as shipped': () => undefined,
  'default tiering': () => {
    v8.setFlagsFromString = () => undefined;
  },
  '--liftoff-only alone at run time': () => {
    const set = v8.setFlagsFromString.bind(v8);
    v8.setFlagsFromString = () => set('--liftoff-only');
  },
};
type Variant = keyof typeof VARIANTS;

interface Figures {
  loadMs: number;
  firstParseUs: number;
  backgroundCpuMs: number;
  firstParsesUs: number;
  warmMedianUs: number;
}

async function child(variant: Variant): Promise<void> {
  VARIANTS[variant]();
  const cpu = process.cpuUsage();
  const mainThread = process.threadCpuUsage();
  const loadStart = performance.now();
  const parser = await loadBashParser();
  const loadMs = performance.now() - loadStart;
  const times: number[] = [];
  const until = performance.now() + PARSE_MS;
  while (performance.now() < until) {
    for (const command of COMMANDS) {
      const start = performance.now();
      parser.parse(command).delete();
      times.push((performance.now() - start) * 1000);
    }
    // Let the loop turn, as it does between commands.
    if (times.length % 600 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // Background compilation still under way ends up in the figure too.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const all = process.cpuUsage(cpu);
  const main = process.threadCpuUsage(mainThread);
  const first = times.slice(0, 300);
  const sorted = [...times].sort((a, b) => a - b);
  const figures: Figures = {
    loadMs,
    firstParseUs: times[0] as number,
    backgroundCpuMs: (all.user + all.system - main.user - main.system) / 1000,
    firstParsesUs: first.reduce((sum, value) => sum + value, 0) / first.length,
    warmMedianUs: sorted[sorted.length >> 1] as number,
  };
  process.stdout.write(JSON.stringify(figures));
}

if (process.argv[2] !== undefined) {
  await child(process.argv[2] as Variant);
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(
    `bash parser, ${PARSE_MS} ms of parsing after load, each variant in a fresh process, Node ${process.versions.node}`,
  );
  const fmt = (value: number, unit: string): string => `${value.toFixed(1)} ${unit}`.padStart(10);
  let shipped: Figures | undefined;
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', self, variant], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`${variant} failed: ${run.stderr}`);
    const figures = JSON.parse(run.stdout) as Figures;
    shipped ??= figures;
    console.log(
      `  ${variant.padEnd(34)} load ${fmt(figures.loadMs, 'ms')}   first parse ${fmt(figures.firstParseUs, 'µs')}   background CPU ${fmt(figures.backgroundCpuMs, 'ms')}   first 300 parses ${fmt(figures.firstParsesUs, 'µs')}   warm median ${fmt(figures.warmMedianUs, 'µs')} (${(figures.warmMedianUs / shipped.warmMedianUs).toFixed(2)}x shipped)`,
    );
  }
}
