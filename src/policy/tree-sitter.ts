import './dirname-shim.js';
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

async function initialise(): Promise<BashParser> {
  // Passing the bytes keeps the glue from looking for the wasm files itself.
  await TreeSitter.Parser.init({ wasmBinary: runtimeWasm() });
  const bash = await TreeSitter.Language.load(bashGrammarWasm());
  const parser = new TreeSitter.Parser();
  parser.setLanguage(bash);
  return {
    parse(text: string): SyntaxTree {
      const tree = parser.parse(text);
      if (!tree) throw new Error('tree-sitter returned no tree');
      return tree;
    },
  };
}
