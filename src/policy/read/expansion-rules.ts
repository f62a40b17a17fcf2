/*
 * The rules for what expands into running code: arithmetic (which evaluates the values of the
 * variables it names), array subscripts, and assignments with their prints.
 */
import { comment } from '../lexical.js';
import type { Assignment, Scope, Walk } from './walk-state.js';
import type { Chunk, Doc } from './print.js';
import {
  ARITHMETIC_OPERATORS,
  SAFE_ARITHMETIC_SPECIALS,
  WORD_TYPES,
  isArithmeticTarget,
  simpleVariable,
} from '../syntax/syntax.js';
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import { isRiskyVariable, riskyVariableWhy } from '../variables.js';
import { type Word, WordBuilder, literalWord } from './words.js';

/** A value bash reads as an integer literal in arithmetic: `0x1F`, `010`, `2#101`, ` -3 `. */
const INTEGER_VALUE =
  '^[[:space:]]*[-+]?(0[xX][0-9a-fA-F]+|[0-9]+#[0-9a-zA-Z@_]+|[0-9]+)[[:space:]]*$';
/** A value that names another variable, whose value bash evaluates in turn. */
const NAME_VALUE = '^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*$';

/** How many variables a value naming a variable is followed through (bash follows up to 1024). */
const INDIRECTION_DEPTH = 3;

/**
 * What a command stopped by the arithmetic check says after the variable's name: it has no quote,
 * as the check writes it inside single quotes.
 */
export const ARITHMETIC_VALUE_STOPPED =
  'has a value that is neither an integer nor the name of a variable holding one, which the policy does not evaluate in arithmetic';

/**
 * The value read in arithmetic, as a command substitution that prints it for bash to evaluate only
 * when it is an integer literal, parenthesized as bash evaluates a value on its own; a blank value is
 * 0, and a value naming a variable is replaced by that variable's value, as bash does (a few levels
 * deep). Anything else prints `@`, which is no operand, so the arithmetic stops with an error: bash
 * evaluates any other value as an expression, and `a[$(cmd)]` in it runs cmd. In `$((…))` that error
 * ends the call (see guards.ts: a printed script with a guard runs under `eval`, which the error
 * leaves); in `((…))` it makes the command fail with nothing evaluated. The check runs in the
 * substitution's subshell, so the names it uses are never left set, and a command cannot have set
 * them beforehand (the policy refuses text naming `__policy_`). It uses only what a command cannot
 * redefine, as the session's frame does: `[[`, `{`, `}` and `\builtin printf`.
 *
 * `mode`: `value` prints the value for the expression; `target` (the variable is assigned by the
 * arithmetic: `i++`, `sum += v`) keeps the name in the expression and prints nothing when the value
 * passes; `zero` prints 0 when it passes (a guard in front of a subscript). `associative`: an array
 * whose subscript the value is; when that array is associative its subscript is a string, which
 * passes. `notAssociative`: an array the value is an element of, read with a computed subscript, which
 * stops the call when it is associative.
 */
function checkedValue(
  value: Doc,
  what: string,
  mode: 'value' | 'target' | 'zero' = 'value',
  associative?: string,
  notAssociative?: string,
): Doc {
  const v = '$__policy_value';
  const follow =
    `[[ ${v} =~ $__policy_named && ! \${BASH_REMATCH[1]} == @(__policy_*|BASH_REMATCH) && ! -R \${BASH_REMATCH[1]} ]] && ` +
    `__policy_value=\${!BASH_REMATCH[1]}; `;
  const stop = `{ \\builtin printf '%s\\n' '${what} ${ARITHMETIC_VALUE_STOPPED}' >&2; \\builtin printf @; }`;
  const checks = [
    '$(__policy_value=',
    ...value,
    '; ',
    associative === undefined ? '' : `[[ \${${associative}@a} == *A* ]] && __policy_value=0; `,
    // An element of an associative array read where the subscript was computed as a number.
    notAssociative === undefined
      ? ''
      : `[[ \${${notAssociative}@a} == *A* ]] && __policy_value=@; `,
    `__policy_integer='${INTEGER_VALUE}'; __policy_named='${NAME_VALUE}'; `,
    follow.repeat(INDIRECTION_DEPTH),
  ];
  const passes = `[[ ${v} =~ $__policy_integer || ${v} =~ ^[[:space:]]*$ ]]`;
  // A target's check prints nothing when the value passes: no command runs then, so none a command
  // could shadow (`:`) adds to the expression.
  if (mode === 'target') return [...checks, `${passes} || ${stop})`];
  if (mode === 'zero') return [...checks, `${passes} && \\builtin printf 0 || ${stop})`];
  return [
    ...checks,
    `[[ ${v} =~ $__policy_integer ]] && \\builtin printf '(%s)' "${v}" || `,
    `{ [[ ${v} =~ ^[[:space:]]*$ ]] && \\builtin printf 0 || ${stop}; })`,
  ];
}

/** `BASE#${NAME}` (tree-sitter reads `BASE#$NAME` so once base-prefix.ts has added the braces). */
function basedVariable(node: SyntaxNode): { base: string; name: string } | undefined {
  const match = /^([0-9]+)#\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(node.text);
  const expansion = node.namedChildren[0];
  if (!match || node.namedChildCount !== 1 || expansion?.type !== 'expansion') return undefined;
  if (simpleVariable(expansion) !== match[2]) return undefined;
  return { base: match[1] as string, name: match[2] as string };
}

/**
 * A number written `BASE#$NAME`: bash expands NAME and reads `BASE#` and the value as one number
 * when the value holds only digits of some base (`0-9a-zA-Z@_`); any other character ends the
 * number and the rest is evaluated as an expression (`10#$n` with n='1+x' evaluates x). The print
 * is the number when the value holds only such digits (bash still reports a digit too great for
 * the base, evaluating nothing), and `@`, which stops the call, otherwise.
 */
function checkedDigits(base: string, name: string): Doc {
  return [
    `$(__policy_value=\${${name}}; [[ $__policy_value =~ ^[0-9a-zA-Z@_]*$ ]] && \\builtin printf '${base}#%s' "$__policy_value" || `,
    `{ \\builtin printf '%s\\n' 'bash: ${name}: has a value that is not digits of base ${base}, which the policy does not evaluate in arithmetic' >&2; \\builtin printf @; })`,
  ];
}

/**
 * The canonical print of a variable read in arithmetic: its value through the check of
 * `checkedValue`.
 */
export function guardedArithmeticValue(name: string): Doc {
  return checkedValue([`\${${name}}`], `bash: ${name}:`);
}

/**
 * A variable an arithmetic expression assigns (`i++`, `sum += v`, `i = 0`): its name, after a check
 * of the value it holds when the operator reads it first. Names that change what programs run or
 * where bash traces (`PATH`, `BASH_XTRACEFD`…) are refused, as their assignments are elsewhere.
 */
function arithmeticTarget(w: Walk, node: SyntaxNode, scope: Scope, reads: boolean): Doc {
  const name = node.text;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    w.problem(node, scope, 'assigns in arithmetic to something other than a variable name');
    return [w.cannotPrint(node, 'an arithmetic target')];
  }
  if (isRiskyVariable(name, undefined)) {
    w.problem(node, scope, riskyVariableWhy(name), 'risky-variable');
    return [w.cannotPrint(node, 'an arithmetic target')];
  }
  w.visit(node);
  return reads ? [...checkedValue([`\${${name}}`], `bash: ${name}:`, 'target'), name] : [name];
}

/** Operators that assign their left operand; all but `=` read it first. */
const ASSIGNING_OPERATOR = /^(?:[-+*/%&|^]|<<|>>)?=$/;

/** Whether the operator assigning `node` reads its value first (all but a plain `=`). */
function readsTarget(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (parent?.type !== 'binary_expression') return true;
  const op = parent.childForFieldName('operator')?.type ?? parent.child(1)?.type ?? '';
  return op !== '=';
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
        const based = basedVariable(node);
        if (based) {
          w.visit(node);
          for (const child of node.descendantsOfType(['expansion', 'variable_name']))
            w.visit(child);
          return checkedDigits(based.base, based.name);
        }
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
    case 'expansion':
      return arithmeticExpansion(w, node, scope);
    case 'command_substitution': {
      // The output, like a variable's value, is evaluated as an expression: it goes through the
      // same check. Nothing is printed before the command, but the mark keeps it to simple commands.
      const output = w.read.substitution(w, node, scope, 'unquoted');
      w.hoisted.push([]);
      return checkedValue(output, 'bash: command output in arithmetic');
    }
    case 'arithmetic_expansion':
      w.visit(node);
      return ['$(( ', ...arithmeticList(w, node, scope), ' ))'];
    case 'variable_name':
    case 'word':
      if (
        node.type === 'word' &&
        /^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9a-zA-Z@_]+)?)$/.test(node.text)
      )
        return [node.text];
      if (isArithmeticTarget(node)) return arithmeticTarget(w, node, scope, readsTarget(node));
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(node.text)) return guardedArithmeticValue(node.text);
      w.problem(
        node,
        scope,
        'uses a name in arithmetic, which can run commands hidden in its value',
      );
      return [w.cannotPrint(node, 'a name in arithmetic')];
    case 'binary_expression':
    case 'unary_expression':
    case 'postfix_expression':
    case 'ternary_expression':
    case 'parenthesized_expression':
      return operatorExpression(w, node, scope);
    case 'subscript':
      return arrayElementValue(w, node, scope);
    case 'variable_assignment': {
      // `for ((i=0; …))`: tree-sitter reads a plain assignment as one node.
      w.visit(node);
      const name = node.childForFieldName('name');
      const value = node.childForFieldName('value');
      if (name?.type !== 'variable_name' || !value) {
        w.problem(node, scope, 'assigns in arithmetic to something other than a variable name');
        return [w.cannotPrint(node, 'an assignment in arithmetic')];
      }
      return [...arithmeticTarget(w, name, scope, false), ' = ', ...arithmetic(w, value, scope)];
    }
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

/**
 * The expressions between the brackets of `$(( ))` or `(( ))`, with the commas tree-sitter keeps
 * between them as tokens of the brackets' node (`(( a=1, b=2 ))`).
 */
export function arithmeticList(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  const out: Chunk[] = [];
  node.children.slice(1, -1).forEach((child, i) => {
    // Apart, so that two expressions tree-sitter reads side by side (`1` and `2` across a line
    // break) stay two, a syntax error as bash reads them, rather than becoming one number.
    if (child.isNamed) out.push(...(i > 0 ? [' '] : []), ...arithmetic(w, child, scope));
    else if (child.type === ',') out.push(',');
    else {
      w.problem(child, scope, `could not be analysed ('${child.type}' in arithmetic)`);
      out.push(w.cannotPrint(child, `'${child.type}' in arithmetic`));
    }
  });
  return out;
}

/** A subscript tree-sitter leaves as one word: names and numbers joined by `+` and `-` (`i+1`). */
const SUM_INDEX = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+)(?:[-+](?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+))*$/;

/**
 * An array element read in arithmetic (`vals[i]`, `vals[i+1]`): bash evaluates the subscript as
 * arithmetic and then the element's value as an expression, either of which runs a command hidden
 * in a value. The print computes the subscript from checked values (its names through
 * guardedArithmeticValue) and reads the element through the same check as a variable's value; an
 * associative array, whose subscript is a string, stops the call. Assigning to an element is refused.
 */
function arrayElementValue(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  w.visit(node);
  const name = node.childForFieldName('name')?.text ?? '';
  const index = node.childForFieldName('index');
  if (!index || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || isArithmeticTarget(node)) {
    w.problem(
      node,
      scope,
      'assigns in arithmetic to an array element, or reads one it cannot check',
    );
    return [w.cannotPrint(node, 'an array element in arithmetic')];
  }
  let indexPrint: Doc;
  if (index.type === 'word' && SUM_INDEX.test(index.text)) {
    w.visit(index);
    indexPrint = index.text
      .split(/([-+])/)
      .flatMap((token): Doc =>
        /^[A-Za-z_]/.test(token) ? guardedArithmeticValue(token) : [` ${token} `],
      );
  } else indexPrint = arithmetic(w, index, scope);
  const element = [`\${${name}[$(( `, ...indexPrint, ` ))]}`];
  // In parentheses: a subscript's check that stops ends the substitution with nothing printed,
  // and `()` is a syntax error where nothing would be read as no operand beside `+ 1`.
  return [
    '( ',
    ...checkedValue(element, `bash: ${name}[${index.text}]:`, 'value', undefined, name),
    ' )',
  ];
}

/** `$x`, `${x}` and `${#x}` in arithmetic: a variable's value through the check. */
function arithmeticExpansion(w: Walk, node: SyntaxNode, scope: Scope): Doc {
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
  if (name !== undefined) return guardedArithmeticValue(name);
  w.problem(
    node,
    scope,
    'uses a variable in arithmetic, which can run commands hidden in its value',
  );
  return [w.cannotPrint(node, 'an expansion in arithmetic')];
}

/** An expression with operators: each operand through arithmetic(), the operators as they are. */
function operatorExpression(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  const out: Chunk[] = [];
  for (const child of node.children) {
    if (child.isNamed) out.push(...arithmetic(w, child, scope));
    else if (
      child.type === '(' ||
      child.type === ')' ||
      ARITHMETIC_OPERATORS.test(child.type) ||
      // What they assign is a variable name, checked where it is read (arithmeticTarget).
      ASSIGNING_OPERATOR.test(child.type) ||
      child.type === '++' ||
      child.type === '--'
    )
      out.push(' ', child.type, ' ');
    else {
      w.problem(child, scope, 'assigns a variable in arithmetic, which the policy does not accept');
      out.push(w.cannotPrint(child, `the arithmetic operator '${child.type}'`));
    }
  }
  return out;
}

/**
 * `assoc`: the assignment follows a `-A` option of a declaration builtin, so an array value sets an
 * associative array, whose subscripts are strings rather than arithmetic.
 */
export function assignment(
  w: Walk,
  node: SyntaxNode,
  scope: Scope,
  assoc = false,
  declared = false,
): Assignment {
  w.visit(node);
  const nameNode = node.childForFieldName('name');
  const valueNode = node.childForFieldName('value');
  let name = nameNode?.text ?? '';
  let target: Chunk;
  let guard: Doc = [];
  if (nameNode?.type === 'subscript') {
    name = nameNode.childForFieldName('name')?.text ?? name;
    const index = nameNode.childForFieldName('index')?.text ?? '';
    // A declaration builtin (`declare a[$i]=x`) expands the subscript of the word it is handed once
    // more, so only a number goes there.
    const read = declared ? undefined : readSubscript(w, nameNode, scope);
    if (declared) subscript(w, nameNode, scope);
    if (read) {
      target = read.print;
      guard = read.guard;
    } else
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
    value = arrayValue(w, valueNode, scope, assoc);
    valuePrint = value.printed ?? [w.cannotPrint(valueNode, 'an array')];
  } else if (WORD_TYPES.has(valueNode.type)) {
    value = w.read.word(w, valueNode, scope);
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
    // Bash expands the value before it evaluates the subscript: the guard goes first in it.
    ...guard,
    ...valuePrint,
  ]);
  return assignment;
}

export function printAssignment(w: Walk, assignment: Assignment): Doc {
  return w.assignmentPrints.get(assignment) ?? [];
}

/** `NAME=VALUE` as an argument of a declaration builtin: a word printed as an assignment. */
export function assignmentWord(w: Walk, node: SyntaxNode, scope: Scope, assoc = false): Word {
  const read = assignment(w, node, scope, assoc, true);
  return { ...read.word, printed: printAssignment(w, read) };
}

export function arrayValue(w: Walk, node: SyntaxNode, scope: Scope, assoc = false): Word {
  const out: Chunk[] = ['('];
  for (const element of node.namedChildren) {
    if (element.type === 'comment') continue;
    out.push(' ', ...arrayElement(w, element, scope, assoc));
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
export function arrayElement(w: Walk, element: SyntaxNode, scope: Scope, assoc = false): Doc {
  const parts = element.children;
  if (assoc && element.text.startsWith('[')) return associativeElement(w, element, scope);
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
    w.read.unquoted(w, rest.text.slice(1), builder, scope, rest, true);
    for (const part of parts.slice(4)) w.read.wordPart(w, part, builder, scope, 'unquoted', false);
    return [`[${index.text}]=`, { word: builder.build() }];
  }
  return w.read
    .fields(w, element, scope)
    .flatMap((word, i) => (i > 0 ? [' ', { word }] : [{ word }]));
}

/**
 * `[KEY]=value` in an associative array: bash expands KEY as a string (no arithmetic), so it is
 * printed as a word, in brackets. Any other element starting with `[` is refused: printed as text,
 * bash would make it a key of its own.
 */
function associativeElement(w: Walk, element: SyntaxNode, scope: Scope): Doc {
  const parts = element.children;
  const close = parts.findIndex((p, i) => i > 0 && p.type === 'word' && p.text === ']');
  const rest = parts[close + 1];
  const keyNodes = parts.slice(1, Math.max(1, close));
  if (
    element.type !== 'concatenation' ||
    parts[0]?.text !== '[' ||
    close < 2 ||
    rest?.type !== 'word' ||
    !rest.text.startsWith('=')
  ) {
    w.read.fields(w, element, scope);
    return [w.cannotPrint(element, 'an element of an associative array')];
  }
  const first = keyNodes[0] as SyntaxNode;
  const last = keyNodes[keyNodes.length - 1] as SyntaxNode;
  const key = new WordBuilder(w.text.slice(first.startIndex, last.endIndex), first.startIndex);
  keyNodes.forEach((n, i) => w.read.wordPart(w, n, key, scope, 'unquoted', i === 0));
  const value = new WordBuilder(element.text, rest.startIndex + 1);
  w.read.unquoted(w, rest.text.slice(1), value, scope, rest, true);
  for (const part of parts.slice(close + 2))
    w.read.wordPart(w, part, value, scope, 'unquoted', false);
  return ['[', { word: key.build() }, ']=', { word: value.build() }];
}

export function unknownValue(w: Walk, node: SyntaxNode, scope: Scope): Word {
  w.problem(node, scope, `could not be analysed (assignment value of type ${node.type})`);
  const builder = new WordBuilder(node.text, node.startIndex);
  builder.unknown(node.text, false, undefined);
  return builder.build();
}

/**
 * Array subscripts are arithmetic, and a subscript inside the value of a variable they name runs
 * commands too: only literal numbers are safe without a guard (see readSubscript).
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

/** A subscript as printed, and the guard that goes before it in its word (none for a number). */
export interface ReadSubscript {
  /** `NAME[INDEX]`. */
  readonly print: string;
  readonly guard: Doc;
}

/**
 * `NAME[INDEX]` where INDEX is a number (`-1` too), `@`, `*`, one variable (`$k`, `${k}`, `"$k"`) or
 * a bare name (`alice`). A variable's value is checked when the word expands, by a guard in front
 * of the subscript in the same word (bash expands a word left to right, and an assignment's value
 * before its subscript): it passes when NAME is an associative array (the subscript is a string) or
 * when the value passes the arithmetic check; otherwise it stops the call before bash evaluates the
 * subscript. (A failing subscript itself would end more than the call: bash abandons the whole
 * line on a bad subscript, the session's frame with it, where it leaves only the command on an
 * arithmetic expansion's error.) Anything else is refused, with undefined.
 */
export function readSubscript(w: Walk, node: SyntaxNode, scope: Scope): ReadSubscript | undefined {
  const name = node.childForFieldName('name')?.text ?? '';
  const index = node.childForFieldName('index');
  if (!index || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    subscript(w, node, scope);
    return undefined;
  }
  if (
    /^(?:-?[0-9]+|@|\*)$/.test(index.text) &&
    (index.type === 'number' || index.type === 'word' || index.type === 'unary_expression')
  ) {
    if (index.type === 'unary_expression') arithmetic(w, index, scope);
    return { print: `${name}[${index.text}]`, guard: [] };
  }
  const quoted =
    index.type === 'string' && index.namedChildCount === 1 ? index.namedChildren[0] : undefined;
  const expansion = quoted ?? index;
  const variable =
    expansion.type === 'simple_expansion' || expansion.type === 'expansion'
      ? simpleVariable(expansion)
      : undefined;
  const bare = index.type === 'word' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(index.text);
  if (variable === undefined && !bare) {
    subscript(w, node, scope);
    return undefined;
  }
  w.visit(index);
  w.visit(expansion);
  for (const child of expansion.namedChildren) w.visit(child);
  const read = variable ?? index.text;
  const check = checkedValue([`\${${read}}`], `bash: ${read}:`, 'zero', name);
  return {
    print: bare ? `${name}[${index.text}]` : `${name}[\${${read}}]`,
    // `${PPID:0:0}` is empty and names nothing a command sets (PPID is always set).
    guard: ['${PPID:0:$(( (', ...check, ') ))}'],
  };
}
