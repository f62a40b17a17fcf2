import './dirname-shim.js';
import v8 from 'node:v8';
import { bashGrammarWasm, runtimeWasm } from './wasm-files.js';
import TreeSitter from './web-tree-sitter.cjs';

export type SyntaxNode = TreeSitter.Node;
export type SyntaxTree = TreeSitter.Tree;

/** Parses bash text into a concrete syntax tree. The caller deletes the tree. */
export interface BashParser {
  parse(text: string): SyntaxTree;
}

let loading: Promise<BashParser> | undefined;

/** Loads the tree-sitter runtime and the bash grammar once per process. */
export function loadBashParser(): Promise<BashParser> {
  loading ??= initialise();
  return loading;
}

/**
 * Keeps the grammar's wasm on V8's baseline compiler (Liftoff). By default V8 recompiles the hot
 * functions with its optimising compiler on background threads for about half a second of CPU after
 * the first parses, and on a 2-core runner those threads compete with bash for the cores exactly
 * while the model's first commands run. Liftoff code parses a command in ~20 µs instead of ~12 µs;
 * the recompilation cost 0.2-0.4 ms per command of a 300-command burst (bench/parser-tiering and
 * bench/commands measure both). Set at run time, a flag's implications are not applied, so
 * `--liftoff-only` alone changes nothing: these are the two flags it implies that stop the tier-up.
 * Unlike `--liftoff-only`, they still let a function Liftoff cannot compile fall back to the
 * optimising compiler instead of aborting. They apply to wasm compiled after this call, and the
 * parser is the process's only wasm.
 */
function keepWasmOnBaselineCompiler(): void {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * V8 compiles each wasm function on its first call, and the first parse of a process took 9-15 ms
 * doing so. Parsing this once at load, which happens while the run's first request is out, moves
 * that off the first command. It reaches the lexer, the external scanner (strings, heredocs,
 * expansions) and the statement rules that commands use.
 */
const WARM_UP_TEXT = `for f in *; do [[ -n "$f" ]] && echo "\${f%.*}" $((1 + 2)) | grep -q x || cat <<'EOF' > "out/$f" 2>&1
$(ls -la 'a b') \`pwd\`
EOF
done; case $1 in x) (cd /tmp; true &) ;; esac`;

async function initialise(): Promise<BashParser> {
  keepWasmOnBaselineCompiler();
  // Passing the bytes keeps the glue from looking for the wasm files itself.
  await TreeSitter.Parser.init({ wasmBinary: runtimeWasm() });
  const bash = await TreeSitter.Language.load(bashGrammarWasm());
  const parser = new TreeSitter.Parser();
  parser.setLanguage(bash);
  parser.parse(WARM_UP_TEXT)?.delete();
  return {
    parse(text: string): SyntaxTree {
      const tree = parser.parse(text);
      if (!tree) throw new Error('tree-sitter returned no tree');
      return tree;
    },
  };
}
