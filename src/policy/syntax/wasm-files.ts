import { readFileSync } from 'node:fs';

/*
 * The two wasm files, read by paths ncc can see: it copies both files into dist/ next to the
 * bundle and rewrites these reads. This module must stay this small: when the same module also
 * imports the web-tree-sitter glue (or uses the module URL for anything else), ncc routes the wasm
 * through a path that corrupts it (CompileError: unknown section code). See toolchain.md.
 */

export function runtimeWasm(): Buffer {
  return readFileSync(
    new URL('../../../node_modules/web-tree-sitter/web-tree-sitter.wasm', import.meta.url),
  );
}

export function bashGrammarWasm(): Buffer {
  return readFileSync(
    new URL('../../../node_modules/tree-sitter-bash/tree-sitter-bash.wasm', import.meta.url),
  );
}
