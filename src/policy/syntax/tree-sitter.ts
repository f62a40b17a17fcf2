import './dirname-shim.js';
import { keepWasmOnBaselineCompiler } from '../../run/v8-tuning.js';
import { bashGrammarWasm, runtimeWasm } from './wasm-files.js';
import TreeSitter from './web-tree-sitter.cjs';

export type SyntaxNode = TreeSitter.Node;
export type SyntaxTree = TreeSitter.Tree;
/** A span of a text, as a node gives it. */
export type SyntaxRange = TreeSitter.Range;

/**
 * Parses bash text into a concrete syntax tree. The caller deletes the tree. With `within`, only
 * that span of the text is parsed, and the tree's offsets are still those of the whole text.
 */
export interface BashParser {
  parse(text: string, within?: SyntaxRange): SyntaxTree;
}

let loading: Promise<BashParser> | undefined;

/** Loads the tree-sitter runtime and the bash grammar once per process. */
export function loadBashParser(): Promise<BashParser> {
  loading ??= initialise();
  return loading;
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
  // Liftoff code parses a command in ~20 µs instead of ~12 µs, but the optimising recompilation cost
  // 0.2-0.4 ms per command of a 300-command burst (bench/parser-tiering and bench/commands measure
  // both). The action has set this already; the policy CLI and tests load the parser alone.
  keepWasmOnBaselineCompiler();
  // Passing the bytes keeps the glue from looking for the wasm files itself.
  await TreeSitter.Parser.init({ wasmBinary: runtimeWasm() });
  const bash = await TreeSitter.Language.load(bashGrammarWasm());
  const parser = new TreeSitter.Parser();
  parser.setLanguage(bash);
  parser.parse(WARM_UP_TEXT)?.delete();
  return {
    parse(text: string, within?: SyntaxRange): SyntaxTree {
      const tree = parser.parse(text, null, within ? { includedRanges: [within] } : undefined);
      if (!tree) throw new Error('tree-sitter returned no tree');
      return tree;
    },
  };
}
