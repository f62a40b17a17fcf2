/**
 * findTask against a CommonMark parser (remark, with GFM as GitHub renders comments): over comments
 * built at random from the blocks that decide where a phrase line stands (paragraphs, headings,
 * list items, quotes, fences, indented lines, blank lines), the line it triggers on is the first
 * line starting with the phrase that the parser puts in no code block and no block quote.
 */
import { describe, expect, it } from '@jest/globals';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { findTask } from '../src/trigger/trigger-phrase.js';

const PHRASE = '/agent';

/** What is read of a node of remark's syntax tree. */
interface TreeNode {
  type: string;
  position?: { start: { line: number }; end: { line: number } };
  children?: TreeNode[];
}

/** The 1-based lines that a code block or a block quote of the parsed comment covers. */
function hiddenLines(text: string): Set<number> {
  const tree: TreeNode = unified().use(remarkParse).use(remarkGfm).parse(text);
  const hidden = new Set<number>();
  const visit = (node: TreeNode): void => {
    if ((node.type === 'code' || node.type === 'blockquote') && node.position) {
      for (let line = node.position.start.line; line <= node.position.end.line; line += 1) {
        hidden.add(line);
      }
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return hidden;
}

/** The task of the first line the parser shows outside code and quotes that starts with PHRASE. */
function parsersTask(text: string): string | undefined {
  const hidden = hiddenLines(text);
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const rest = line.trimStart();
    if (!rest.startsWith(PHRASE) || !/^(\s|$)/.test(rest.slice(PHRASE.length))) continue;
    if (hidden.has(index + 1)) continue;
    return [rest.slice(PHRASE.length), ...lines.slice(index + 1)].join('\n').trim();
  }
  return undefined;
}

/** A seeded generator, so a failure names a comment that can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const INDENTS = ['', ' ', '  ', '   ', '    ', '     ', '      ', '        ', '\t', '  \t'];
const BLOCKS = [
  () => '',
  () => 'Some text',
  () => '# A heading',
  () => 'Heading\n===',
  () => '***',
  () => '- an item',
  () => '1. an item',
  () => '10. an item',
  () => '-',
  () => '  - a nested item',
  () => '> a quote',
  () => '> # a quoted heading',
  () => '```',
  () => '~~~',
];

function comment(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const lines: string[] = [];
  const count = 2 + Math.floor(next() * 6);
  for (let index = 0; index < count; index += 1) {
    // Indentation where it decides between text and code: on phrase lines and plain text.
    const indent = next() < 0.6 ? pick(INDENTS) : '';
    const roll = next();
    if (roll < 0.35) lines.push(`${indent}${PHRASE} task ${index}`);
    else if (roll < 0.5) lines.push(`${indent}more text`);
    else lines.push(pick(BLOCKS)());
  }
  return lines.join('\n');
}

describe('findTask and a CommonMark parser', () => {
  it('agree on the phrase line of a few thousand comments built at random', () => {
    const next = random(20261201);
    const disagreements: Array<{ text: string; ours?: string; parsers?: string }> = [];
    for (let run = 0; run < 3_000 && disagreements.length < 5; run += 1) {
      const text = comment(next);
      const ours = findTask(text, PHRASE);
      const parsers = parsersTask(text);
      if (ours !== parsers) disagreements.push({ text, ours, parsers });
    }
    expect(disagreements).toEqual([]);
  });
});
