/*
 * Lexical guards: the places where bash and tree-sitter read the characters of a text differently
 * (control characters, line continuations, a `#` inside a word), and the check that the walk saw
 * every node that matters. Each finding becomes a Problem, so a parser quirk refuses.
 */
import type { Scope, Walk } from './read/walk-state.js';
import { MUST_VISIT } from './syntax/syntax.js';
import type { SyntaxNode } from './syntax/tree-sitter.js';

/** Index of the first character other than tab and newline that bash and tree-sitter may read differently. */
export function firstControlCharacter(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (
      (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
      code === 0x7f ||
      code === 0x85 ||
      code === 0x2028 ||
      code === 0x2029
    ) {
      return i;
    }
  }
  return -1;
}

export function firstError(node: SyntaxNode): SyntaxNode | undefined {
  if (node.isError || node.isMissing) return node;
  for (const child of node.children) {
    if (child.hasError || child.isError || child.isMissing) {
      const found = firstError(child);
      if (found) return found;
    }
  }
  return undefined;
}

export function insideQuotedText(node: SyntaxNode): boolean {
  for (let n: SyntaxNode | null = node; n; n = n.parent) {
    // Inside `"$(…)"` the text is unquoted again: the quotes around the substitution do not count.
    if (
      n.type === 'command_substitution' ||
      n.type === 'process_substitution' ||
      n.type === 'arithmetic_expansion'
    )
      return false;
    if (
      [
        'string',
        'raw_string',
        'ansi_c_string',
        'heredoc_body',
        'comment',
        'string_content',
        'heredoc_content',
      ].includes(n.type)
    ) {
      return true;
    }
  }
  return false;
}

export function isEscapedBackslash(text: string, at: number): boolean {
  // `\\<newline>` is an escaped backslash followed by a plain newline.
  let count = 0;
  for (let i = at - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

/**
 * Bash joins `a\<newline>b` into one word before anything else; tree-sitter treats the pair as a
 * blank and sees two words. Refuse the joined form instead of guessing which word it makes.
 */
export function checkLineContinuations(w: Walk, root: SyntaxNode, scope: Scope): void {
  const pattern = /\\\n/g;
  for (let m = pattern.exec(w.text); m; m = pattern.exec(w.text)) {
    const at = m.index;
    if (isEscapedBackslash(w.text, at)) continue;
    const before = w.text[at - 1];
    const after = w.text[at + 2];
    const joins =
      before !== undefined &&
      after !== undefined &&
      !/[\s;&|()<>]/.test(before) &&
      !/[\s;&|()<>]/.test(after);
    if (!joins) continue;
    const node = root.descendantForIndex(at, at + 2);
    if (node && insideQuotedText(node)) continue;
    w.problem(at, scope, 'joins words with a backslash-newline; write it on one line');
  }
}

/** Every node that matters must have been handled; anything else is a shape not understood. */
export function checkCoverage(w: Walk, root: SyntaxNode, scope: Scope): void {
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (MUST_VISIT.has(node.type) && !w.visited.has(node.id)) {
      w.problem(node, scope, `could not be analysed (unexpected ${node.type.replace(/_/g, ' ')})`);
      return;
    }
    // Quoted heredoc bodies are plain text whatever tree-sitter made of them.
    if (node.type === 'heredoc_body' && w.visited.has(node.id)) continue;
    for (const child of node.children) stack.push(child);
  }
}

export function comment(w: Walk, node: SyntaxNode, scope: Scope): void {
  // Bash starts a comment only where a word could start; elsewhere `#` is an ordinary character.
  const before = w.text[node.startIndex - 1];
  if (before !== undefined && !/[\s;&|()]/.test(before)) {
    w.problem(node, scope, 'has a `#` that bash and the parser read differently');
  }
}
