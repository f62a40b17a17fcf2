/**
 * Prints V8's optimisation status of a small function after it has been called N times:
 * `tier-status.ts CALLS [maglev-off]`, run with `--allow-natives-syntax`. With `maglev-off`, the
 * process first calls leaveMaglevOff, as the action's entry point does.
 */
import { leaveMaglevOff } from '../src/run/v8-tuning.js';

const [calls, mode] = process.argv.slice(2);
if (mode === 'maglev-off') leaveMaglevOff();

// Natives syntax inside a Function body, so that no TypeScript or bundler ever has to parse it.
const optimisationStatus = new Function('f', 'return %GetOptimizationStatus(f)') as (
  f: unknown,
) => number;

function sum(point: { x: number; y: number }): number {
  return point.x + point.y * 2;
}

let total = 0;
for (let i = 0; i < Number(calls); i += 1) total += sum({ x: i, y: i });
// A concurrent compile is installed at the function's next call once it is done.
await new Promise((resolve) => setTimeout(resolve, 200));
if (Number(calls) > 1) total += sum({ x: 1, y: 1 });
process.stdout.write(JSON.stringify({ status: optimisationStatus(sum), total }));
