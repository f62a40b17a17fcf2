/*
 * tree-sitter-bash cannot read a base prefix followed by a plain expansion in arithmetic
 * (`$(( 10#$n + 1 ))`, common for numbers with leading zeros): it leaves `10#` as an error. It
 * reads `10#${n}`, which bash reads exactly as `10#$n` (a `$NAME` takes the longest name, as the
 * braces delimit it). A text whose only errors are such prefixes is read with the braces added.
 */
import type { SyntaxNode } from './tree-sitter.js';

/** Node types between an error and the arithmetic it sits in. */
const ARITHMETIC_INSIDE = new Set([
  'binary_expression',
  'unary_expression',
  'postfix_expression',
  'ternary_expression',
  'parenthesized_expression',
]);

/** Whether the node sits in `$(( ))` or `(( ))`, with only operators between. */
function inArithmetic(node: SyntaxNode): boolean {
  for (let n = node.parent; n; n = n.parent) {
    if (n.type === 'arithmetic_expansion') return true;
    if (n.type === 'compound_statement') return n.child(0)?.type === '((';
    if (!ARITHMETIC_INSIDE.has(n.type)) return false;
  }
  return false;
}

/** The error nodes under `node`, outermost only. */
function errors(node: SyntaxNode, out: SyntaxNode[] = []): SyntaxNode[] {
  if (node.isError || node.isMissing) out.push(node);
  else for (const child of node.children) if (child.hasError) errors(child, out);
  return out;
}

/**
 * The text with `BASE#$NAME` spelled `BASE#${NAME}` where every error of the tree is such a prefix
 * in arithmetic, or undefined when any error is something else.
 */
export function bracedBasePrefixes(root: SyntaxNode, text: string): string | undefined {
  const found = errors(root);
  const positions: Array<{ readonly at: number; readonly name: string }> = [];
  for (const error of found) {
    const name = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(error.endIndex))?.[1];
    if (error.isMissing || !/^[0-9]+#$/.test(error.text) || !name || !inArithmetic(error))
      return undefined;
    positions.push({ at: error.endIndex, name });
  }
  if (positions.length === 0) return undefined;
  let out = text;
  for (const { at, name } of positions.sort((a, b) => b.at - a.at))
    out = `${out.slice(0, at)}\${${name}}${out.slice(at + 1 + name.length)}`;
  return out;
}
