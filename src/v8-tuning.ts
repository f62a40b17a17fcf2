/**
 * What the action asks of V8 for a burst of commands: both cores free for bash (nothing V8 would do
 * anyway is skipped, it is only kept out of the moments the commands run), and the commands' own code
 * optimised while the burst is still going on.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Keeps every WebAssembly module compiled from now on on V8's baseline compiler (Liftoff). By
 * default V8 recompiles hot wasm functions with its optimising compiler on background threads, and
 * on a 2-core runner those threads compete with bash exactly while the model's first commands run.
 * The process has two such modules: the bash grammar, and the HTTP parser inside Node's fetch, which
 * is compiled at the first request and which the first large response made hot (its recompilation
 * cost ~20 ms of CPU during a 300-command burst). So the entry point calls this before anything
 * else, and the parser again for the programs that load it alone.
 *
 * Set at run time, a flag's implications are not applied, so `--liftoff-only` alone changes
 * nothing: these are the two flags it implies that stop the tier-up. Unlike `--liftoff-only`, they
 * still let a function Liftoff cannot compile fall back to the optimising compiler instead of
 * aborting.
 */
export function keepWasmOnBaselineCompiler(): void {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * Optimises hot JavaScript sooner than V8 does by default. The defaults suit a long-running server:
 * a function reaches the baseline compiler (Sparkplug) only after some calls, and the optimising
 * Maglev only after 400 calls with its feedback unchanged for 500. A run's busiest moment, a
 * response with hundreds of tool calls, is over before that: each function on a command's path runs
 * about once per command. Measured on 300 `true` calls in one response, in blocks of 30: without
 * these flags 0.35–0.44 ms per command in the first block and 0.12–0.21 ms in the last; with them
 * 0.39–0.44 ms and 0.10 ms, and about a tenth less over the whole burst (0.27 ms against 0.30 ms in
 * paired runs). The compiles run on V8's background threads: about 350 functions and 90 ms of CPU
 * over such a run. TurboFan, whose compiles cost the most, keeps its threshold.
 */
export function optimiseHotCodeSooner(): void {
  v8.setFlagsFromString('--always-sparkplug');
  v8.setFlagsFromString('--invocation-count-for-maglev=50');
  v8.setFlagsFromString('--minimum-invocations-after-ic-update=50');
}

/**
 * Runs a full garbage collection now. Start-up (the bundle, the SDK, the parser, the shell) leaves
 * the old generation just under V8's first limit, so without this the first major collection came
 * during the model's first burst of commands: 15-30 ms of marking on the main thread and a helper
 * thread, ~0.1 ms on each of 300 commands. Called once both are loaded, while the first request is
 * still out, it costs the run nothing, and the limit V8 sets after it leaves room for the burst.
 * `gc` is taken from a fresh context with the flag on only for that moment, because the runner
 * starts Node without `--expose-gc` and nothing else in the process should see it. (The inspector's
 * `HeapProfiler.collectGarbage` is no substitute: it runs a memory-reducing collection that shrinks
 * the heap and its limits, and disconnecting in its callback hung the process.)
 */
export function collectGarbageNow(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  gc();
}
