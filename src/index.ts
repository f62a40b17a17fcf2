// The action's entry point: the only module with a side effect on import.
import { startClean } from './run/clean-start.js';
import { keepWasmOnBaselineCompiler, leaveMaglevOff } from './run/v8-tuning.js';

// Before any other module is even loaded: on Node 24 this re-executes without the secrets in the
// environment and returns only in the re-executed process (V8 flags set earlier would not survive).
startClean();
// Before the second it takes to load the action: a cancel in that time is the run's to handle.
// Evaluated only here, after the clean start, but bundled into this entry file ("eager"): main.js
// imports it too, and a chunk of its own would be a second copy of it in dist/.
const { exitAfterReport, holdSignals } = await import(
  /* webpackMode: "eager" */ './run/cancellation.js'
);
holdSignals();
// Before the first request, whose HTTP parser is the first wasm the process compiles.
keepWasmOnBaselineCompiler();
// Before any function of the action is hot.
leaveMaglevOff();
const { run } = await import('./main.js');
await run();
exitAfterReport();
