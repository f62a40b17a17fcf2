// The action's entry point: the only module with a side effect on import.
import { run } from './main.js';
import { keepWasmOnBaselineCompiler } from './v8-tuning.js';

// Before the first request, whose HTTP parser is the first wasm the process compiles.
keepWasmOnBaselineCompiler();
await run();
