/*
 * What the walker and the printer know about tree-sitter-bash's nodes: which kinds are statements
 * and words, and the tokens and names the printer copies as they are.
 */
import type { SyntaxNode } from './tree-sitter.js';

/** Node types that stand for statements (commands in the broad sense). */
export const STATEMENT_TYPES = new Set([
  'command',
  'declaration_command',
  'unset_command',
  'test_command',
  'variable_assignment',
  'variable_assignments',
  'function_definition',
  'redirected_statement',
  'pipeline',
  'list',
  'subshell',
  'compound_statement',
  'if_statement',
  'while_statement',
  'for_statement',
  'c_style_for_statement',
  'case_statement',
  'negated_command',
]);

/** Nodes the extraction must have looked at; any left over means the tree had a shape not handled. */
export const MUST_VISIT = new Set([
  'command',
  'declaration_command',
  'unset_command',
  'test_command',
  'function_definition',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
  'expansion',
  'simple_expansion',
  'file_redirect',
  'heredoc_redirect',
  'herestring_redirect',
  'variable_assignment',
]);

/** Words made of these node types (and their concatenations) are shell words. */
export const WORD_TYPES = new Set([
  'word',
  'number',
  'string',
  'raw_string',
  'ansi_c_string',
  'translated_string',
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
  'concatenation',
  'brace_expression',
  'extglob_pattern',
  'regex',
  'variable_name',
  'special_variable_name',
  'test_operator',
]);

/** Reserved words tree-sitter sometimes leaves as command names when a construct confuses it. */
export const RESERVED = new Set([
  '{',
  '}',
  '!',
  '[[',
  ']]',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'esac',
  'in',
  'function',
  'coproc',
  'select',
  'case',
  'if',
  'while',
  'until',
  'for',
]);

export const SAFE_ARITHMETIC_SPECIALS = new Set(['?', '#', '$', '!']);

/**
 * Variables that hold absolute paths set by the runner, which the agent cannot assign (upper-case
 * assignments are refused): `find "$HOME"` cannot be `find -delete`. PWD is not one of them: its
 * value is a directory the agent may have created and named.
 */
export const ABSOLUTE_PATH_VARIABLES = new Set([
  'HOME',
  'TMPDIR',
  'RUNNER_TEMP',
  'GITHUB_WORKSPACE',
]);

/** Tokens that end a statement in a list. */
export const TERMINATORS = new Set([';', '&', ';;', ';&', ';;&']);

/** Reserved words and operators the printer copies as they are, wherever the tree has them. */
export const KEYWORDS = new Set([
  'if',
  'then',
  'elif',
  'else',
  'fi',
  'while',
  'until',
  'do',
  'done',
  'case',
  'esac',
  '{',
  '}',
  '(',
  ')',
  '!',
  '&&',
  '||',
  '|',
  '|&',
]);

/** Operators that join the statements of a list or pipeline. */
export const LIST_OPERATORS = new Set(['&&', '||', '|', '|&']);

/** Operators inside `${…}` the printer copies as they are. */
export const EXPANSION_OPERATORS = new Set([
  '#',
  '##',
  '%',
  '%%',
  '/',
  '//',
  '/#',
  '/%',
  '-',
  ':-',
  '=',
  ':=',
  '+',
  ':+',
  '?',
  ':?',
  '^',
  '^^',
  ',',
  ',,',
  ':',
  '@',
  '!',
]);

/** Operators of arithmetic the printer copies as they are (assignments are not among them). */
export const ARITHMETIC_OPERATORS = /^(?:\*\*|[-+*/%<>&|^!~]|<<|>>|<=|>=|==|!=|&&|\|\||,|\?|:)$/;

/** Names of variables and the shell's special parameters, as `${…}` prints them. */
export const PARAMETER_NAME = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!-])$/;

/** Redirection operators the policy reads. */
export const REDIRECT_OPERATORS = new Set([
  '<',
  '>',
  '>>',
  '>|',
  '&>',
  '&>>',
  '<>',
  '>&',
  '<&',
  '>&-',
  '<&-',
]);

export type WordContext = 'unquoted' | 'double-quoted' | 'heredoc';

export function operatorOf(node: SyntaxNode): string {
  for (const child of node.children) {
    if (!child.isNamed) return child.type;
  }
  return '';
}

/** Whether a heredoc's delimiter (its `heredoc_start`) is quoted, which leaves the body as typed. */
export function quotedDelimiter(start: SyntaxNode): boolean {
  return /['"\\]/.test(start.text);
}

export function fieldOf(parent: SyntaxNode, child: SyntaxNode): string | null {
  for (let i = 0; i < parent.childCount; i++) {
    if (parent.child(i)?.id === child.id) return parent.fieldNameForChild(i);
  }
  return null;
}

/** Characters a glob may hold when printed as written: none starts a quote, an expansion or a word break. */
export const GLOB_TEXT = /^[A-Za-z0-9_.,:@%+=*?!^~/[\]#-]+$/;

/** What a regex after `=~` may hold when printed as written: a glob's characters and a regex's grouping. */
export const REGEX_TEXT = /^[A-Za-z0-9_.,:@%+=*?!^~/[\]#|(){}$\\-]+$/;

/** The variable a `$name`, `$1` or `${name}` reads, when it is nothing more than that. */
export function simpleVariable(node: SyntaxNode): string | undefined {
  const named = node.namedChildren;
  if (named.length !== 1) return undefined;
  const inner = named[0] as SyntaxNode;
  if (node.type === 'simple_expansion' && inner.type === 'variable_name')
    return /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9])$/.test(inner.text) ? inner.text : undefined;
  if (node.type === 'simple_expansion' && inner.type === 'special_variable_name')
    return /^[0-9]$/.test(inner.text) ? inner.text : undefined;
  if (node.type === 'expansion' && inner.type === 'variable_name' && node.childCount === 3)
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(inner.text) ? inner.text : undefined;
  return undefined;
}

/** The name is assigned by the arithmetic around it (`i++`, `--i`, `i += 2`), so its value is read raw. */
export function isArithmeticTarget(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'postfix_expression') return true;
  if (parent.type === 'unary_expression')
    return parent.children.some((c) => c.type === '++' || c.type === '--');
  if (parent.type === 'binary_expression' && parent.child(0)?.id === node.id) {
    const op = parent.childForFieldName('operator')?.type ?? parent.child(1)?.type ?? '';
    return /^(?:[-+*/%&|^]|<<|>>|\*\*)?=$/.test(op);
  }
  return false;
}
