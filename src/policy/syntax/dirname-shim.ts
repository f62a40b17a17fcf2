import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// web-tree-sitter's CommonJS glue reads the free variable `__dirname`, which an ESM bundle lacks.
// This must be its own module, imported before the glue: any other `import.meta` use next to the
// wasm reads in tree-sitter.ts makes ncc corrupt the wasm assets (toolchain.md, "Bash parsing").
const scope = globalThis as { __dirname?: string };
scope.__dirname ??= dirname(fileURLToPath(import.meta.url));
