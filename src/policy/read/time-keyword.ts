/**
 * Bash's `time` keyword: where it starts a pipeline, and the compound commands it times, which
 * tree-sitter does not know (it reads `time { a; }` as a command `time` with the words `{` and `a`,
 * and then a command `}`).
 */
import { quotedDelimiter } from '../syntax/syntax.js';
import type { SyntaxNode } from '../syntax/tree-sitter.js';

/**
 * Bash reads a bare `time` that starts a pipeline as its keyword, which times the pipeline itself;
 * after assignments, a redirection or a `|` it is the program of that name. tree-sitter reads both
 * as a command named `time`.
 */
export function timeKeyword(node: SyntaxNode, from: number, assigns: boolean): boolean {
  const first = node.children.slice(from).find((c) => c.type !== 'comment');
  if (assigns || node.type !== 'command' || first?.type !== 'command_name') return false;
  if (first.text !== 'time') return false;
  let n = node;
  while (
    n.parent?.type === 'redirected_statement' &&
    n.parent.childForFieldName('body')?.id === n.id
  )
    n = n.parent;
  const before = n.previousSibling;
  return !(before && !before.isNamed && (before.type === '|' || before.type === '|&'));
}

/** The words that start a compound command, as tree-sitter reads them after `time`. */
const COMPOUND_STARTS = new Set(['{', '[[', 'for', 'select', 'while', 'until', 'if', 'case']);

/** A `time` keyword, with its options, before a compound command. */
export interface TimedCompound {
  /** Where the keyword starts and where its last word ends. */
  readonly from: number;
  readonly to: number;
  /** Where the compound command starts. */
  readonly compound: number;
  /** The keyword and its options as bash reads them (`time -p --`). */
  readonly keyword: string;
}

/**
 * The `time` keywords before a compound command in a tree. The parts of the tree that tree-sitter
 * could not parse are passed over: what it made of them says nothing of where a command starts.
 */
export function timedCompounds(root: SyntaxNode): TimedCompound[] {
  const found: TimedCompound[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (node.type === 'ERROR') continue;
    // A quoted heredoc's body is text, whatever tree-sitter made of it.
    if (node.type === 'heredoc_body') {
      const start = node.parent?.children.find((c) => c.type === 'heredoc_start');
      if (!start || quotedDelimiter(start)) continue;
    }
    const timed = node.type === 'command' ? timedCompound(node) : undefined;
    if (timed) found.push(timed);
    for (const child of node.children) stack.push(child);
  }
  return found.sort((a, b) => a.from - b.from);
}

function timedCompound(node: SyntaxNode): TimedCompound | undefined {
  if (!timeKeyword(node, 0, false)) return undefined;
  const words = node.children.slice(1);
  const keyword = ['time'];
  let i = 0;
  const option = (spelling: string): boolean => {
    const word = words[i];
    // tree-sitter reads `-p` before `(` as a test operator it cannot place: an error of that text.
    if ((word?.type !== 'word' && word?.type !== 'ERROR') || word.text !== spelling) return false;
    keyword.push(spelling);
    i++;
    return true;
  };
  if (option('-p')) option('--');
  else option('--');
  const start = words[i];
  if (!start) return undefined;
  const opens =
    start.type === 'subshell' ||
    ((start.type === 'word' || start.type === 'concatenation') && COMPOUND_STARTS.has(start.text));
  if (!opens) return undefined;
  const last = i > 0 ? (words[i - 1] as SyntaxNode) : (node.child(0) as SyntaxNode);
  return {
    from: node.startIndex,
    to: last.endIndex,
    compound: start.startIndex,
    keyword: keyword.join(' '),
  };
}

/** `text` with the keywords blanked out, so that tree-sitter reads the compound commands. */
export function withoutKeywords(text: string, timed: readonly TimedCompound[]): string {
  let out = '';
  let at = 0;
  for (const t of timed) {
    out += text.slice(at, t.from) + ' '.repeat(t.to - t.from);
    at = t.to;
  }
  return out + text.slice(at);
}
