/*
 * The rules for what expands into running code: arithmetic (which evaluates the values of the
 * variables it names), array subscripts, and assignments with their prints.
 */
import { comment } from './lexical.js';
import type { Assignment, Scope, Walk } from './parse.js';
import type { Chunk, Doc } from './print.js';
import {
  ARITHMETIC_OPERATORS,
  SAFE_ARITHMETIC_SPECIALS,
  WORD_TYPES,
  isArithmeticTarget,
  simpleVariable,
} from './syntax.js';
import type { SyntaxNode } from './tree-sitter.js';
import { fields, substitution, unquoted, word, wordPart } from './word-reader.js';
import { type Word, WordBuilder, literalWord } from './words.js';

/**
 * The canonical print of a variable read in arithmetic. Bash evaluates the value of a variable there
 * as an expression, and `a[$(cmd)]` in it runs cmd; every character but digits and `-` is replaced by
 * `@`, which is no operand, so a value that is not a number stops the arithmetic with an error.
 */
export function guardedArithmeticValue(name: string): string {
  return `\${${name}//[!0-9-]/@}`;
}

/** `NAME=` followed by a value word, as one word. */
export function prefixed(head: string, value: Word, start: number, source: string): Word {
  return {
    ...value,
    text: head + value.text,
    source,
    prefix: head + value.prefix,
    tilde: false,
    start,
  };
}

/**
 * Arithmetic evaluates the values of the variables it names as expressions, and an array
 * subscript in such a value runs command substitutions: x='a[$(touch f)]'; echo $((x)) runs
 * touch. So arithmetic may use literal numbers, the shell's own numeric specials, and variables
 * read through a guard that stops on any value but a number; it may not assign.
 */
export function arithmetic(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  switch (node.type) {
    case 'number':
      if (node.namedChildCount > 0) {
        w.problem(
          node,
          scope,
          'uses an expansion in arithmetic, which can run commands hidden in its value',
        );
        return [w.cannotPrint(node, 'an arithmetic expansion')];
      }
      if (!/^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9a-zA-Z@_]+)?)$/.test(node.text))
        return [w.cannotPrint(node, 'a number')];
      return [node.text];
    case 'simple_expansion':
    case 'expansion': {
      w.visit(node);
      const special = node.namedChildren.find((c) => c.type === 'special_variable_name');
      if (node.type === 'simple_expansion' && special && SAFE_ARITHMETIC_SPECIALS.has(special.text))
        return [`\${${special.text}}`];
      const isLength =
        node.type === 'expansion' &&
        node.child(1)?.type === '#' &&
        node.namedChildren.length === 1 &&
        node.namedChildren[0]?.type === 'variable_name';
      if (isLength) return [`\${#${node.namedChildren[0]?.text ?? ''}}`];
      const name = simpleVariable(node);
      if (name !== undefined) return [guardedArithmeticValue(name)];
      w.problem(
        node,
        scope,
        'uses a variable in arithmetic, which can run commands hidden in its value',
      );
      return [w.cannotPrint(node, 'an expansion in arithmetic')];
    }
    case 'command_substitution': {
      // The output, like a variable's value, is evaluated as an expression. The print assigns it
      // to a variable of the policy's just before the command, and reads that through the guard.
      const output = substitution(w, node, scope, 'unquoted');
      const name = `__policy_arithmetic_${w.hoisted.length + 1}`;
      w.hoisted.push([`${name}=`, ...output, ';']);
      return [guardedArithmeticValue(name)];
    }
    case 'arithmetic_expansion': {
      w.visit(node);
      const out: Chunk[] = ['$(( '];
      for (const child of node.namedChildren) out.push(...arithmetic(w, child, scope));
      out.push(' ))');
      return out;
    }
    case 'variable_name':
    case 'word':
      if (
        node.type === 'word' &&
        /^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9a-zA-Z@_]+)?)$/.test(node.text)
      )
        return [node.text];
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(node.text) && !isArithmeticTarget(node))
        return [guardedArithmeticValue(node.text)];
      w.problem(
        node,
        scope,
        isArithmeticTarget(node)
          ? 'assigns a variable in arithmetic, which the policy does not accept'
          : 'uses a name in arithmetic, which can run commands hidden in its value',
      );
      return [w.cannotPrint(node, 'a name in arithmetic')];
    case 'binary_expression':
    case 'unary_expression':
    case 'postfix_expression':
    case 'ternary_expression':
    case 'parenthesized_expression': {
      const out: Chunk[] = [];
      for (const child of node.children) {
        if (child.isNamed) out.push(...arithmetic(w, child, scope));
        else if (child.type === '(' || child.type === ')' || ARITHMETIC_OPERATORS.test(child.type))
          out.push(' ', child.type, ' ');
        else {
          w.problem(
            child,
            scope,
            'assigns a variable in arithmetic, which the policy does not accept',
          );
          out.push(w.cannotPrint(child, `the arithmetic operator '${child.type}'`));
        }
      }
      return out;
    }
    case 'variable_assignment':
      w.visit(node);
      w.problem(node, scope, 'assigns a variable in arithmetic, which the policy does not accept');
      return [w.cannotPrint(node, 'an assignment in arithmetic')];
    case 'comment':
      comment(w, node, scope);
      return [];
    default:
      w.problem(
        node,
        scope,
        'uses a name or string in arithmetic, which can run commands hidden in its value',
      );
      return [w.cannotPrint(node, 'arithmetic')];
  }
}

export function assignment(w: Walk, node: SyntaxNode, scope: Scope): Assignment {
  w.visit(node);
  const nameNode = node.childForFieldName('name');
  const valueNode = node.childForFieldName('value');
  let name = nameNode?.text ?? '';
  let target: Chunk;
  if (nameNode?.type === 'subscript') {
    subscript(w, nameNode, scope);
    name = nameNode.childForFieldName('name')?.text ?? name;
    const index = nameNode.childForFieldName('index')?.text ?? '';
    target =
      /^[0-9]+$/.test(index) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
        ? `${name}[${index}]`
        : w.cannotPrint(nameNode, 'an array subscript');
  } else {
    target = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : w.cannotPrint(node, 'a variable name');
  }
  let valuePrint: Doc;
  let value: Word;
  if (!valueNode) {
    value = literalWord('', node.endIndex);
    valuePrint = [];
  } else if (valueNode.type === 'array') {
    value = arrayValue(w, valueNode, scope);
    valuePrint = value.printed ?? [w.cannotPrint(valueNode, 'an array')];
  } else if (WORD_TYPES.has(valueNode.type)) {
    value = word(w, valueNode, scope);
    valuePrint = [{ word: value }];
  } else {
    value = unknownValue(w, valueNode, scope);
    valuePrint = [w.cannotPrint(valueNode, 'an assignment value')];
  }
  const operator = node.children.find((c) => !c.isNamed)?.type ?? '=';
  const spelled = prefixed(
    `${nameNode?.text ?? name}${operator}`,
    value,
    node.startIndex,
    node.text,
  );
  const assignment = { name, word: spelled, value, source: node.text };
  w.assignmentPrints.set(assignment, [
    target,
    operator === '=' || operator === '+=' ? operator : w.cannotPrint(node, operator),
    ...valuePrint,
  ]);
  return assignment;
}

export function printAssignment(w: Walk, assignment: Assignment): Doc {
  return w.assignmentPrints.get(assignment) ?? [];
}

/** `NAME=VALUE` as an argument of a declaration builtin: a word printed as an assignment. */
export function assignmentWord(w: Walk, node: SyntaxNode, scope: Scope): Word {
  const read = assignment(w, node, scope);
  return { ...read.word, printed: printAssignment(w, read) };
}

export function arrayValue(w: Walk, node: SyntaxNode, scope: Scope): Word {
  const out: Chunk[] = ['('];
  for (const element of node.namedChildren) {
    if (element.type === 'comment') continue;
    out.push(' ', ...arrayElement(w, element, scope));
  }
  out.push(' )');
  const builder = new WordBuilder(node.text, node.startIndex);
  builder.unknown(node.text, false, out);
  return builder.build();
}

/**
 * An element of `(…)`. `[N]=value` with a number N sets that index; any other `[…]=` would
 * evaluate its subscript (which can run commands), so it is printed as the literal text it
 * looks like, and bash stores it as a plain element.
 */
export function arrayElement(w: Walk, element: SyntaxNode, scope: Scope): Doc {
  const parts = element.children;
  const [open, index, close, rest] = parts;
  if (
    element.type === 'concatenation' &&
    open?.text === '[' &&
    index &&
    /^[0-9]+$/.test(index.text) &&
    close?.text === ']' &&
    rest?.type === 'word' &&
    rest.text.startsWith('=')
  ) {
    const builder = new WordBuilder(element.text, rest.startIndex + 1);
    unquoted(w, rest.text.slice(1), builder, scope, rest, true);
    for (const part of parts.slice(4)) wordPart(w, part, builder, scope, 'unquoted', false);
    return [`[${index.text}]=`, { word: builder.build() }];
  }
  return fields(w, element, scope).flatMap((word, i) => (i > 0 ? [' ', { word }] : [{ word }]));
}

export function unknownValue(w: Walk, node: SyntaxNode, scope: Scope): Word {
  w.problem(node, scope, `could not be analysed (assignment value of type ${node.type})`);
  const builder = new WordBuilder(node.text, node.startIndex);
  builder.unknown(node.text, false, undefined);
  return builder.build();
}

/**
 * Array subscripts are arithmetic, and a subscript inside the value of a variable they name runs
 * commands too: only literal numbers are safe (the arithmetic guard has no place in a subscript).
 */
export function subscript(w: Walk, node: SyntaxNode, scope: Scope): void {
  const index = node.childForFieldName('index');
  if (!index) return;
  if (index.type === 'number' && index.namedChildCount === 0) return;
  if (index.type === 'word' && /^(?:[0-9]+|@|\*)$/.test(index.text)) return;
  arithmetic(w, index, scope);
  w.problem(
    index,
    scope,
    'uses a variable or expression as an array subscript, which is arithmetic that can run commands hidden in a value',
  );
}
