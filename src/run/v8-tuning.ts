/**
 * What the action asks of V8 for a burst of commands: both cores free for bash. Nothing V8 must do is
 * skipped; compiles that would compete with the commands are not made, or kept out of the moments
 * the commands run.
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

/** The V8 flag that turns Maglev off (for a process started with it, such as a benchmark's part). */
export const MAGLEV_OFF = '--no-maglev';

/**
 * Turns off Maglev, V8's mid-tier optimising compiler, for the rest of the process. Its compiles
 * run on V8's background threads, and the busiest moment of a run, a response with hundreds of tool
 * calls, is when the functions on a command's path become hot: on a 2-core runner those compiles
 * took a core from bash just then (on 300 `true` calls in one response, 35–50 ms of CPU on the
 * background threads during the burst, 3–4 ms without them) and gave the burst nothing back. With
 * Maglev off the burst took 0.92 of the time it took with Maglev at lowered thresholds (paired
 * runs, faster in 16 of 20), and start-up is unchanged (311 against 317 ms). TurboFan stays: code
 * that runs hot for long (thousands of calls) is still optimised. Turning it off as well made the
 * burst faster again (0.88–0.93 of the time in three paired runs), but the command policy, which
 * every command goes through, checked 3–6 times slower in a long run (median 47–80 µs a check
 * against 213–267 µs; a 1 MiB heredoc 52–82 ms against 122–205 ms). Called first thing at the entry
 * point: turned off only once the first request was out, when functions were already on their way
 * up the tiers, the burst took 1.27 times as long as with Maglev off from the start (slower in 15
 * of 16 paired runs). Starting functions on baseline code at once (`--always-sparkplug`) changed
 * nothing once Maglev was off (0.97, faster in 9 of 16), so it is not set.
 */
export function leaveMaglevOff(): void {
  v8.setFlagsFromString(MAGLEV_OFF);
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
