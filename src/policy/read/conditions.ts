/*
 * The commands that test: `[ … ]` (the test builtin), `[[ … ]]` (syntax whose operands still
 * expand) and `(( … ))`, each recorded and printed.
 */
import { arithmetic, arithmeticList, guardedArithmeticValue } from './expansion-rules.js';
import { printRedirects, redirect, redirectOnly } from './redirects.js';
import { WORD_TYPES, simpleVariable } from '../syntax/syntax.js';
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import { type Redirect, type Scope, type Walk, sourceOf } from './walk-state.js';
import type { Chunk, Doc } from './word-types.js';
import { touchingFields, touchingRuns, word } from './word-reader.js';
import type { QuotingMode, Word } from './words.js';

/** `[ … ]` is the `test` builtin; `[[ … ]]` is syntax whose operands still expand. */
export function testCommand(
  w: Walk,
  node: SyntaxNode,
  redirectNodes: SyntaxNode[],
  scope: Scope,
): Doc {
  w.visit(node);
  const open = node.child(0)?.type;
  if (open === '[[') {
    const out: Chunk[] = ['[[ '];
    for (const c of node.namedChildren) out.push(...doubleBracket(w, c, scope));
    out.push(' ]]');
    if (redirectNodes.length > 0) out.push(...redirectOnly(w, node, redirectNodes, scope));
    return out;
  }
  if (open !== '[') {
    w.problem(node, scope, 'could not be analysed (test expression)');
    return [w.cannotPrint(node, 'a test expression')];
  }
  // tree-sitter parses `[ … ]` as an expression; bash sees words. Rebuild the words from the
  // leaves, joining the ones that touch.
  const leaves: SyntaxNode[] = [];
  const collect = (n: SyntaxNode): void => {
    if (WORD_TYPES.has(n.type) || n.childCount === 0) {
      leaves.push(n);
      return;
    }
    for (const c of n.children) collect(c);
  };
  for (const c of node.children) collect(c);
  const words = touchingRuns(leaves).flatMap((run) => touchingFields(w, run, scope));
  const redirects: Redirect[] = [];
  const extra: Word[] = [];
  for (const r of redirectNodes) redirect(w, r, scope, redirects, extra);
  const all = [...words, ...extra].sort((a, b) => a.start - b.start);
  w.commands.push({
    words: all,
    assignments: [],
    redirects,
    scope,
    source: sourceOf(w, node, redirectNodes),
    start: node.startIndex,
  });
  const out: Chunk[] = [];
  all.forEach((word, i) => out.push(i > 0 ? ' ' : '', { word }));
  out.push(...printRedirects(w, redirects));
  return out;
}

/** One operand or operator of `[[ … ]]`, printed. */
export function doubleBracket(
  w: Walk,
  n: SyntaxNode,
  scope: Scope,
  mode: QuotingMode = 'word',
): Doc {
  if (n.type === 'binary_expression') {
    const op = n.childForFieldName('operator');
    const opText = op?.text ?? '';
    const left = n.childForFieldName('left');
    const right = n.childForFieldName('right');
    if (/^-(eq|ne|lt|le|gt|ge)$/.test(opText)) {
      // [[ a -eq b ]] evaluates both sides as arithmetic: a variable whose value is
      // `a[$(cmd)]` runs cmd.
      const sides = [left, right].map((side) => (side ? arithmeticOperand(w, side, scope) : []));
      return [...(sides[0] as Doc), ' ', opText, ' ', ...(sides[1] as Doc)];
    }
    if (left && right && /^(==?|!=|=~|<|>|&&|\|\||-(nt|ot|ef))$/.test(opText)) {
      // The right of == and != is a pattern, of =~ a regex.
      const rightMode: QuotingMode =
        opText === '=~' ? 'regex' : /^(==?|!=)$/.test(opText) ? 'pattern' : 'word';
      return [
        ...doubleBracket(w, left, scope),
        ' ',
        opText,
        ' ',
        ...doubleBracket(w, right, scope, rightMode),
      ];
    }
    walkDoubleBracket(w, n, scope);
    return [w.cannotPrint(n, `the test operator '${opText}'`)];
  }
  if (n.type === 'unary_expression') {
    const op = n.childForFieldName('operator')?.text ?? n.child(0)?.text;
    const operand = n.namedChildren.find((c) => c.type !== 'test_operator');
    if (op === '-v' || op === '-R') {
      const name = operand ? word(w, operand, scope) : undefined;
      if (!name || !name.literal || name.text.includes('[')) {
        w.problem(
          n,
          scope,
          `uses ${op} on a name the policy cannot check (array subscripts run commands)`,
        );
      }
      return [op, ' ', name ? { word: name } : w.cannotPrint(n, 'a test')];
    }
    if (op !== undefined && operand && /^(!|-[a-zA-Z])$/.test(op)) {
      return [op, ' ', ...doubleBracket(w, operand, scope)];
    }
    walkDoubleBracket(w, n, scope);
    return [w.cannotPrint(n, 'a test')];
  }
  if (n.type === 'parenthesized_expression') {
    const out: Chunk[] = ['( '];
    for (const c of n.namedChildren) out.push(...doubleBracket(w, c, scope));
    out.push(' )');
    return out;
  }
  if (WORD_TYPES.has(n.type)) return [{ word: word(w, n, scope, mode) }];
  walkDoubleBracket(w, n, scope);
  return [w.cannotPrint(n, n.type)];
}

/** Checks what a `[[ ]]` shape the printer refuses holds, so its problems are reported too. */
export function walkDoubleBracket(w: Walk, n: SyntaxNode, scope: Scope): void {
  if (WORD_TYPES.has(n.type)) {
    word(w, n, scope);
    return;
  }
  for (const c of n.namedChildren) walkDoubleBracket(w, c, scope);
}

/** A side of `[[ a -eq b ]]`: a number, or a variable read through the arithmetic guard. */
export function arithmeticOperand(w: Walk, side: SyntaxNode, scope: Scope): Doc {
  if (side.type === 'number' && side.namedChildCount === 0 && /^[0-9]+$/.test(side.text))
    return [side.text];
  const name = simpleVariable(side);
  if (name !== undefined) {
    w.visit(side);
    return guardedArithmeticValue(name);
  }
  arithmetic(w, side, scope);
  return [w.cannotPrint(side, 'an arithmetic operand')];
}

export function arithmeticCommand(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  return ['(( ', ...arithmeticList(w, node, scope), ' ))'];
}
