import type { Chunk, Doc } from './print.js';
import type { RefusalCode } from './refusal.js';
import type { BashParser, SyntaxNode } from './tree-sitter.js';
import { decodeAnsiC, literalWord, WordBuilder, type QuotingMode, type Word } from './words.js';

/** What a command reads on standard input when it has no input redirection of its own. */
export type Stdin =
  | { readonly kind: 'inherited' }
  | { readonly kind: 'pipe' }
  | { readonly kind: 'file' }
  | { readonly kind: 'text'; readonly text: string; readonly literal: boolean };

/** Where a command sits, for messages and for rules that depend on when it runs. */
export interface Scope {
  /** Outermost first, e.g. ['inside $(…)', 'in the body of function f']. */
  readonly where: readonly string[];
  readonly stdin: Stdin;
  /** May run more than once (loop body): a relative `cd` there moves by an unknown amount. */
  readonly repeats: boolean;
  /** Runs later, possibly in a later call (function body, trap): must not change directory. */
  readonly deferred: boolean;
  /** Variables known here not to start with `-`: loop variables over words that cannot. */
  readonly notOptions?: ReadonlySet<string>;
}

export interface Assignment {
  readonly name: string;
  /** `NAME=value` as written after quote removal, for matching against patterns. */
  readonly word: Word;
  readonly value: Word;
  readonly source: string;
}

export interface Redirect {
  /** write: creates or changes a file; read: input from a file; duplicate: `2>&1`, `>&-`. */
  readonly kind: 'write' | 'read' | 'duplicate' | 'text';
  readonly operator: string;
  readonly target: Word | undefined;
  readonly source: string;
}

/** One simple command as bash will run it: argv after quote removal, assignments, redirections. */
export interface SimpleCommand {
  readonly words: readonly Word[];
  readonly assignments: readonly Assignment[];
  readonly redirects: readonly Redirect[];
  readonly scope: Scope;
  /** The command as written, for messages. */
  readonly source: string;
  readonly start: number;
}

/** Something in the text the policy refuses on its own (parse errors, risky expansions). */
export interface Problem {
  readonly code: RefusalCode;
  readonly source: string;
  readonly where: readonly string[];
  readonly why: string;
  readonly start: number;
}

export interface ParsedScript {
  readonly commands: readonly SimpleCommand[];
  readonly problems: readonly Problem[];
  /** The script as the policy prints it for bash (meaningful only when there are no problems). */
  readonly print: Doc;
}

export const TOP_LEVEL: Scope = {
  where: [],
  stdin: { kind: 'inherited' },
  repeats: false,
  deferred: false,
};

/**
 * The longest text the policy reads: what one response can carry (a file written through a
 * heredoc). A megabyte of heredoc checks in a fraction of a second (bench/policy.bench.ts).
 */
export const MAX_SCRIPT_LENGTH = 1_048_576;

/**
 * Extracts every simple command of a bash text. Parsing is done by tree-sitter-bash; everything the
 * extraction does not positively understand becomes a Problem, so a parser quirk turns into a
 * denial rather than an unchecked command.
 */
export function parseScript(
  parser: BashParser,
  text: string,
  scope: Scope = TOP_LEVEL,
): ParsedScript {
  const problems: Problem[] = [];
  if (text.length > MAX_SCRIPT_LENGTH) {
    problems.push({
      code: 'too-long',
      source: text.slice(0, 60) + '…',
      where: scope.where,
      why: 'is too long to check',
      start: 0,
    });
    return { commands: [], problems, print: [] };
  }
  const control = firstControlCharacter(text);
  if (control >= 0) {
    // tree-sitter treats \r, \v and \f as blanks where bash does not, so `ls \<CR><LF>touch x` would
    // hide a command from a checker that trusted the tree.
    const code = text.charCodeAt(control).toString(16).toUpperCase().padStart(4, '0');
    problems.push({
      code: 'control-character',
      source: excerpt(text, control),
      where: scope.where,
      why: `contains the control character U+${code}, which the policy does not accept`,
      start: control,
    });
    return { commands: [], problems, print: [] };
  }
  const tree = parser.parse(text);
  try {
    const extractor = new Extractor(text, problems);
    const root = tree.rootNode;
    if (root.hasError) {
      const bad = firstError(root);
      problems.push({
        code: 'unparsable',
        source: bad ? excerpt(text, bad.startIndex) : excerpt(text, 0),
        where: scope.where,
        why: 'could not be parsed as bash (check quoting and operators)',
        start: bad?.startIndex ?? 0,
      });
      return { commands: [], problems, print: [] };
    }
    extractor.checkLineContinuations(root, scope);
    const print = extractor.statements(root, scope);
    extractor.checkCoverage(root, scope);
    return { commands: extractor.commands, problems, print };
  } finally {
    tree.delete();
  }
}

/** Index of the first character other than tab and newline that bash and tree-sitter may read differently. */
function firstControlCharacter(text: string): number {
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

/** The line of `text` around `at`, short enough for a message. */
export function excerpt(text: string, at: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let lineEnd = text.indexOf('\n', at);
  if (lineEnd < 0) lineEnd = text.length;
  const line = text.slice(lineStart, lineEnd);
  return line.length > 80
    ? line.slice(Math.max(0, at - lineStart - 20), at - lineStart + 60)
    : line;
}

function firstError(node: SyntaxNode): SyntaxNode | undefined {
  if (node.isError || node.isMissing) return node;
  for (const child of node.children) {
    if (child.hasError || child.isError || child.isMissing) {
      const found = firstError(child);
      if (found) return found;
    }
  }
  return undefined;
}

/** Node types that stand for statements (commands in the broad sense). */
const STATEMENT_TYPES = new Set([
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
const MUST_VISIT = new Set([
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
const WORD_TYPES = new Set([
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
const RESERVED = new Set([
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

const SAFE_ARITHMETIC_SPECIALS = new Set(['?', '#', '$', '!']);

/**
 * Variables that hold absolute paths set by the runner, which the agent cannot assign (upper-case
 * assignments are refused): `find "$HOME"` cannot be `find -delete`. PWD is not one of them: its
 * value is a directory the agent may have created and named.
 */
const ABSOLUTE_PATH_VARIABLES = new Set(['HOME', 'TMPDIR', 'RUNNER_TEMP', 'GITHUB_WORKSPACE']);

/** Tokens that end a statement in a list. */
const TERMINATORS = new Set([';', '&', ';;', ';&', ';;&']);

/** Reserved words and operators the printer copies as they are, wherever the tree has them. */
const KEYWORDS = new Set([
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
const LIST_OPERATORS = new Set(['&&', '||', '|', '|&']);

/** Operators inside `${…}` the printer copies as they are. */
const EXPANSION_OPERATORS = new Set([
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
const ARITHMETIC_OPERATORS = /^(?:\*\*|[-+*/%<>&|^!~]|<<|>>|<=|>=|==|!=|&&|\|\||,|\?|:)$/;

/** Names of variables and the shell's special parameters, as `${…}` prints them. */
const PARAMETER_NAME = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!-])$/;

/** Redirection operators the policy reads. */
const REDIRECT_OPERATORS = new Set([
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

/**
 * The canonical print of a variable read in arithmetic. Bash evaluates the value of a variable there
 * as an expression, and `a[$(cmd)]` in it runs cmd; every character but digits and `-` is replaced by
 * `@`, which is no operand, so a value that is not a number stops the arithmetic with an error.
 */
function guardedArithmeticValue(name: string): string {
  return `\${${name}//[!0-9-]/@}`;
}

type Ctx = 'unquoted' | 'double-quoted' | 'heredoc';

class Extractor {
  readonly commands: SimpleCommand[] = [];
  private readonly visited = new Set<number>();
  /** Standard input given by heredoc and here-string redirections, filled in by redirect(). */
  private readonly inputs = new Map<number, Stdin>();
  /** The print of each redirection, filled in by redirect(). */
  private readonly redirectPrints = new Map<Redirect, Doc>();

  constructor(
    private readonly text: string,
    private readonly problems: Problem[],
  ) {}

  private problem(
    node: SyntaxNode | number,
    scope: Scope,
    why: string,
    code: RefusalCode = 'unsupported-syntax',
  ): void {
    const start = typeof node === 'number' ? node : node.startIndex;
    const source =
      typeof node === 'number' || node.text.length > 80 || node.text.includes('\n')
        ? excerpt(this.text, start)
        : node.text;
    this.problems.push({ code, source, where: scope.where, why, start });
  }

  private visit(node: SyntaxNode): void {
    this.visited.add(node.id);
  }

  private cannotPrint(node: SyntaxNode, what: string): Chunk {
    return { unprintable: `has ${what} the policy does not print`, at: node.startIndex };
  }

  /**
   * Bash joins `a\<newline>b` into one word before anything else; tree-sitter treats the pair as a
   * blank and sees two words. Refuse the joined form instead of guessing which word it makes.
   */
  checkLineContinuations(root: SyntaxNode, scope: Scope): void {
    const pattern = /\\\n/g;
    for (let m = pattern.exec(this.text); m; m = pattern.exec(this.text)) {
      const at = m.index;
      if (isEscapedBackslash(this.text, at)) continue;
      const before = this.text[at - 1];
      const after = this.text[at + 2];
      const joins =
        before !== undefined &&
        after !== undefined &&
        !/[\s;&|()<>]/.test(before) &&
        !/[\s;&|()<>]/.test(after);
      if (!joins) continue;
      const node = root.descendantForIndex(at, at + 2);
      if (node && insideQuotedText(node)) continue;
      this.problem(at, scope, 'joins words with a backslash-newline; write it on one line');
    }
  }

  /** Every node that matters must have been handled; anything else is a shape not understood. */
  checkCoverage(root: SyntaxNode, scope: Scope): void {
    const stack: SyntaxNode[] = [root];
    while (stack.length > 0) {
      const node = stack.pop() as SyntaxNode;
      if (MUST_VISIT.has(node.type) && !this.visited.has(node.id)) {
        this.problem(
          node,
          scope,
          `could not be analysed (unexpected ${node.type.replace(/_/g, ' ')})`,
        );
        return;
      }
      // Quoted heredoc bodies are plain text whatever tree-sitter made of them.
      if (node.type === 'heredoc_body' && this.visited.has(node.id)) continue;
      for (const child of node.children) stack.push(child);
    }
  }

  /**
   * A list of statements with the reserved words around them (a program, a body, a group): each
   * statement ends with the `;` or `&` written after it, or else with a line end.
   */
  statements(node: SyntaxNode, scope: Scope): Doc {
    const out: Chunk[] = [];
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as SyntaxNode;
      if (!child.isNamed) {
        if (TERMINATORS.has(child.type) || KEYWORDS.has(child.type)) out.push(child.type, ' ');
        else out.push(this.cannotPrint(child, `'${child.type}'`));
        continue;
      }
      if (child.type === 'comment') {
        this.comment(child, scope);
        continue;
      }
      out.push(...this.statement(child, scope));
      if (STATEMENT_TYPES.has(child.type)) {
        let next = children[i + 1];
        for (let j = i + 2; next?.type === 'comment'; j++) next = children[j];
        if (!next || next.isNamed || !TERMINATORS.has(next.type)) out.push({ newline: true });
        else out.push(' ');
      }
    }
    return out;
  }

  statement(node: SyntaxNode, scope: Scope): Doc {
    switch (node.type) {
      case 'comment':
        this.comment(node, scope);
        return [];
      case 'program':
      case 'do_group':
      case 'else_clause':
      case 'elif_clause':
      case 'if_statement':
        return this.statements(node, scope);
      case 'list':
        return this.flat(node, scope);
      case 'compound_statement':
        if (node.child(0)?.type === '((') return this.arithmeticCommand(node, scope);
        return this.statements(node, scope);
      case 'subshell':
        return this.statements(node, { ...scope, where: [...scope.where, 'in a subshell'] });
      case 'while_statement':
        return this.statements(node, { ...scope, repeats: true });
      case 'for_statement':
        return this.forStatement(node, scope);
      case 'c_style_for_statement':
        return this.cStyleFor(node, scope);
      case 'case_statement':
        return this.caseStatement(node, scope);
      case 'pipeline':
        return this.pipeline(node, scope);
      case 'negated_command': {
        const out: Chunk[] = ['! '];
        for (const child of node.namedChildren) out.push(...this.statement(child, scope));
        return out;
      }
      case 'redirected_statement':
        return this.redirectedStatement(node, scope);
      case 'function_definition':
        return this.functionDefinition(node, scope);
      case 'command':
      case 'declaration_command':
      case 'unset_command':
        return this.simpleCommand(node, [], scope);
      case 'variable_assignment':
      case 'variable_assignments':
        return this.bareAssignments(node, [], scope);
      case 'test_command':
        return this.testCommand(node, [], scope);
      case 'heredoc_body':
        // Reached only through its redirect; a stray body means the heredoc was not understood.
        if (!this.visited.has(node.id))
          this.problem(node, scope, 'could not be analysed (heredoc)');
        return [this.cannotPrint(node, 'a heredoc body')];
      default:
        if (WORD_TYPES.has(node.type)) {
          this.word(node, scope);
          return [this.cannotPrint(node, 'a word outside a command')];
        }
        this.problem(node, scope, `could not be analysed (unsupported syntax: ${node.type})`);
        return [this.cannotPrint(node, node.type)];
    }
  }

  /** A list or pipeline: statements joined by their operators, on one line. */
  private flat(node: SyntaxNode, scope: Scope, piped = false): Doc {
    const out: Chunk[] = [];
    let first = true;
    for (const child of node.children) {
      if (!child.isNamed) {
        if (LIST_OPERATORS.has(child.type)) out.push(' ', child.type, ' ');
        else out.push(this.cannotPrint(child, `'${child.type}'`));
        continue;
      }
      if (child.type === 'comment') {
        this.comment(child, scope);
        continue;
      }
      out.push(
        ...this.statement(child, piped && !first ? { ...scope, stdin: { kind: 'pipe' } } : scope),
      );
      if (STATEMENT_TYPES.has(child.type)) first = false;
    }
    return out;
  }

  private comment(node: SyntaxNode, scope: Scope): void {
    // Bash starts a comment only where a word could start; elsewhere `#` is an ordinary character.
    const before = this.text[node.startIndex - 1];
    if (before !== undefined && !/[\s;&|()]/.test(before)) {
      this.problem(node, scope, 'has a `#` that bash and the parser read differently');
    }
  }

  private pipeline(node: SyntaxNode, scope: Scope): Doc {
    return this.flat(node, scope, true);
  }

  private forStatement(node: SyntaxNode, scope: Scope): Doc {
    let bodyNode: SyntaxNode | undefined;
    let variable: string | undefined;
    const keyword = node.child(0)?.type === 'select' ? 'select' : 'for';
    const out: Chunk[] = [keyword, ' '];
    let values: Word[] | undefined;
    let body: Doc = [];
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i) as SyntaxNode;
      if (!child.isNamed) {
        if (child.type === 'in') values ??= [];
        continue;
      }
      const field = node.fieldNameForChild(i);
      if (field === 'variable') {
        // `for NAME in …` and `select NAME in …` assign NAME like a bare assignment.
        this.visit(child);
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(child.text))
          out.push(this.cannotPrint(child, 'a loop variable'));
        else {
          out.push(child.text);
          variable = child.text;
        }
        this.commands.push({
          words: [],
          assignments: [
            {
              name: child.text,
              word: literalWord(`${child.text}=`, child.startIndex),
              value: literalWord('', child.startIndex),
              source: child.text,
            },
          ],
          redirects: [],
          scope,
          source: `${keyword} ${child.text} in …`,
          start: node.startIndex,
        });
      } else if (field === 'value') {
        values ??= [];
        values.push(...this.fields(child, scope));
      } else if (child.type === 'comment') {
        this.comment(child, scope);
      } else {
        bodyNode = child;
      }
    }
    if (bodyNode) body = this.statement(bodyNode, this.loopScope(scope, variable, values));
    if (values) {
      out.push(' in');
      for (const value of values) out.push(' ', { word: value });
    }
    out.push({ newline: true }, ...body);
    return out;
  }

  /**
   * The scope of a loop body, knowing the loop variable does not start with `-` when every value is
   * a word with a literal start that does not (`src/*.ts`: a match or the pattern itself). The body
   * may still assign the variable (or call a function that does), so `"$name"` is printed with a
   * guard that turns a leading `-` into `./-`, a path: for the loop's own values it changes nothing.
   */
  private loopScope(
    scope: Scope,
    name: string | undefined,
    values: readonly Word[] | undefined,
  ): Scope {
    const inner: Scope = { ...scope, repeats: true };
    if (name === undefined || !values || values.length === 0) return inner;
    const safe = values.every(
      (v) =>
        !/[$`]/.test(v.source) &&
        (v.literal
          ? v.text !== '' && !v.text.startsWith('-')
          : v.prefix !== '' && !v.prefix.startsWith('-')),
    );
    if (!safe) return inner;
    return { ...inner, notOptions: new Set([...(scope.notOptions ?? []), name]) };
  }

  private cStyleFor(node: SyntaxNode, scope: Scope): Doc {
    const body = node.childForFieldName('body');
    const out: Chunk[] = [];
    for (const child of node.children) {
      if (!child.isNamed) {
        if (
          child.type === 'for' ||
          child.type === '((' ||
          child.type === '))' ||
          child.type === ';'
        )
          out.push(child.type, ' ');
        else out.push(this.cannotPrint(child, `'${child.type}'`));
        continue;
      }
      if (body && child.id === body.id)
        out.push(...this.statement(child, { ...scope, repeats: true }));
      else if (child.type === 'comment') this.comment(child, scope);
      else out.push(...this.arithmetic(child, scope), ' ');
    }
    return out;
  }

  private caseStatement(node: SyntaxNode, scope: Scope): Doc {
    const out: Chunk[] = [];
    for (const child of node.children) {
      if (!child.isNamed) {
        if (child.type === 'case' || child.type === 'in' || child.type === 'esac')
          out.push(child.type, child.type === 'in' ? '\n' : ' ');
        else out.push(this.cannotPrint(child, `'${child.type}'`));
        continue;
      }
      if (child.type === 'comment') {
        this.comment(child, scope);
      } else if (child.type === 'case_item') {
        out.push(...this.caseItem(child, scope), { newline: true });
      } else if (WORD_TYPES.has(child.type)) {
        out.push({ word: this.word(child, scope) }, ' ');
      } else {
        this.statement(child, scope);
        out.push(this.cannotPrint(child, 'a case subject'));
      }
    }
    return out;
  }

  private caseItem(node: SyntaxNode, scope: Scope): Doc {
    const values = new Set(node.childrenForFieldName('value').map((v) => v.id));
    const out: Chunk[] = [];
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const part = children[i] as SyntaxNode;
      if (!part.isNamed) {
        if (part.type === '|' || part.type === '(' || part.type === ')') out.push(part.type, ' ');
        else if (TERMINATORS.has(part.type)) out.push(part.type);
        else out.push(this.cannotPrint(part, `'${part.type}'`));
        continue;
      }
      if (values.has(part.id)) {
        out.push({ word: this.word(part, scope, 'pattern') }, ' ');
      } else if (part.type === 'comment') {
        this.comment(part, scope);
      } else {
        out.push(...this.statement(part, scope));
        const next = children[i + 1];
        if (!next || next.isNamed || !TERMINATORS.has(next.type)) out.push({ newline: true });
        else out.push(' ');
      }
    }
    return out;
  }

  private functionDefinition(node: SyntaxNode, scope: Scope): Doc {
    this.visit(node);
    const name = node.childForFieldName('name');
    const body = node.childForFieldName('body');
    const label = name ? `in the body of function ${name.text}` : 'in a function body';
    const out: Chunk[] = [];
    if (!name || !/^[A-Za-z_][A-Za-z0-9_.:-]*$/.test(name.text)) {
      this.problem(node, scope, 'defines a function whose name the policy does not accept');
      out.push(this.cannotPrint(node, 'a function name'));
    } else {
      out.push(name.text, ' () ');
    }
    // A function body runs when called, possibly in a later call; a subshell body cannot change
    // the caller's directory.
    const inner: Scope = {
      where: [...scope.where, label],
      stdin: { kind: 'inherited' },
      repeats: true,
      deferred: body?.type !== 'subshell',
    };
    const redirects: SyntaxNode[] = [];
    for (const child of node.namedChildren) {
      if (child.id === name?.id) continue;
      if (child.type === 'file_redirect' || child.type === 'herestring_redirect')
        redirects.push(child);
      else out.push(...this.statement(child, inner));
    }
    if (redirects.length > 0) out.push(' ', ...this.redirectOnly(node, redirects, inner));
    return out;
  }

  private redirectedStatement(node: SyntaxNode, scope: Scope): Doc {
    const body = node.childForFieldName('body');
    const redirects = node.namedChildren.filter((c) => c.id !== body?.id);
    // tree-sitter hangs the rest of the line after a heredoc (`cat <<EOF | sh`, `<<EOF && x`) inside
    // the heredoc redirect; those commands are walked after the body, as the pipeline or list they are.
    const continuations: Array<{ node: SyntaxNode; operator: string | undefined }> = [];
    for (const redirect of redirects) {
      if (redirect.type !== 'heredoc_redirect') continue;
      const parts = redirect.children;
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i] as SyntaxNode;
        if (part.type === 'pipeline') continuations.push({ node: part, operator: undefined });
        else if (redirect.childrenForFieldName('right').some((r) => r.id === part.id)) {
          const operator = parts[i - 1];
          continuations.push({
            node: part,
            operator: operator && !operator.isNamed ? operator.type : undefined,
          });
        }
      }
    }
    const out: Chunk[] = [];
    if (!body) {
      out.push(...this.redirectOnly(node, redirects, scope));
    } else if (
      body.type === 'command' ||
      body.type === 'declaration_command' ||
      body.type === 'unset_command'
    ) {
      out.push(...this.simpleCommand(body, redirects, scope));
    } else if (body.type === 'variable_assignment' || body.type === 'variable_assignments') {
      out.push(...this.bareAssignments(body, redirects, scope));
    } else if (body.type === 'test_command') {
      out.push(...this.testCommand(body, redirects, scope));
    } else {
      const printedRedirects = this.redirectOnly(node, redirects, scope);
      const stdin = this.redirectStdin(redirects);
      out.push(
        ...this.statement(body, stdin ? { ...scope, stdin } : scope),
        ' ',
        ...printedRedirects,
      );
    }
    for (const continuation of continuations) {
      if (continuation.operator === undefined) {
        // The pipeline node starts with `|`: every command in it reads from the pipe.
        out.push(...this.flat(continuation.node, { ...scope, stdin: { kind: 'pipe' } }));
      } else if (continuation.operator === '&&' || continuation.operator === '||') {
        out.push(' ', continuation.operator, ' ', ...this.statement(continuation.node, scope));
      } else {
        this.statement(continuation.node, scope);
        out.push(this.cannotPrint(continuation.node, 'what follows a heredoc'));
      }
    }
    return out;
  }

  /** Redirections of a compound command or function: checked as writes, with no argv. */
  private redirectOnly(node: SyntaxNode, redirectNodes: SyntaxNode[], scope: Scope): Doc {
    const redirects: Redirect[] = [];
    const extra: Word[] = [];
    for (const r of redirectNodes) this.redirect(r, scope, redirects, extra);
    if (extra.length > 0) {
      this.problem(node, scope, 'has words after a redirection of a compound command');
    }
    if (redirects.length > 0) {
      this.commands.push({
        words: [],
        assignments: [],
        redirects,
        scope,
        source: redirects.map((r) => r.source).join(' '),
        start: redirectNodes[0]?.startIndex ?? node.startIndex,
      });
    }
    return this.printRedirects(redirects);
  }

  private printRedirects(redirects: readonly Redirect[]): Doc {
    const out: Chunk[] = [];
    for (const r of redirects) out.push(' ', ...(this.redirectPrints.get(r) ?? []));
    return out;
  }

  /** The standard input a set of redirections gives the commands they apply to. */
  private redirectStdin(redirectNodes: SyntaxNode[]): Stdin | undefined {
    let stdin: Stdin | undefined;
    for (const r of redirectNodes) {
      const descriptor = r.childForFieldName('descriptor')?.text;
      if (descriptor !== undefined && descriptor !== '0') continue;
      if (r.type === 'heredoc_redirect' || r.type === 'herestring_redirect') {
        stdin = this.inputs.get(r.id) ?? { kind: 'text', text: '', literal: false };
      } else if (r.type === 'file_redirect') {
        const op = operatorOf(r);
        if (op === '<') stdin = { kind: 'file' };
        else if (op === '<&') stdin = { kind: 'pipe' };
      }
    }
    return stdin;
  }

  private heredocText(
    node: SyntaxNode,
    scope: Scope,
  ): { stdin: Stdin; quoted: boolean; body: Doc } {
    const start = node.children.find((c) => c.type === 'heredoc_start');
    const body = node.children.find((c) => c.type === 'heredoc_body');
    const end = node.children.find((c) => c.type === 'heredoc_end');
    const operator = node.child(0)?.type ?? '<<';
    const unknown = (): { stdin: Stdin; quoted: boolean; body: Doc } => ({
      stdin: { kind: 'text', text: '', literal: false },
      quoted: true,
      body: [this.cannotPrint(node, 'a heredoc')],
    });
    if (!start || !end) {
      this.problem(node, scope, 'has a heredoc the policy could not delimit');
      return unknown();
    }
    const quoted = /['"\\]/.test(start.text);
    const delimiter = start.text.replace(/\\(.)/g, '$1').replace(/['"]/g, '');
    const stripTabs = operator === '<<-';
    const afterStart = this.text[start.endIndex];
    const bodyText = body ? body.text : '';
    const lines = bodyText.split('\n');
    // Bash ends the body at the first line equal to the delimiter; if tree-sitter ended it
    // elsewhere, commands could hide in what it calls the body.
    const early = lines
      .slice(0, -1)
      .some((line) => (stripTabs ? line.replace(/^\t+/, '') : line) === delimiter);
    const endLineStart = this.text.lastIndexOf('\n', end.startIndex - 1) + 1;
    const endPrefix = this.text.slice(endLineStart, end.startIndex);
    const endAfter = this.text[end.endIndex];
    if (
      (afterStart !== undefined && !/[\s;&|<>()]/.test(afterStart)) ||
      end.text !== delimiter ||
      early ||
      !(endPrefix === '' || (stripTabs && /^\t+$/.test(endPrefix))) ||
      (endAfter !== undefined && endAfter !== '\n')
    ) {
      this.problem(node, scope, 'has a heredoc whose end the policy could not determine');
      return unknown();
    }
    if (!body) return { stdin: { kind: 'text', text: '', literal: true }, quoted: true, body: [] };
    this.visit(body);
    const strip = (text: string): string => (stripTabs ? text.replace(/^\t+/gm, '') : text);
    if (quoted) {
      for (const child of body.descendantsOfType([
        'command_substitution',
        'expansion',
        'simple_expansion',
        'arithmetic_expansion',
        'process_substitution',
      ])) {
        if (child) this.visit(child);
      }
      const text = strip(bodyText);
      return { stdin: { kind: 'text', text, literal: true }, quoted: true, body: [text] };
    }
    // Unquoted: bash expands $…, `…` and $(…) in the body. Make sure tree-sitter saw each of them.
    const covered: Array<[number, number]> = [];
    const builder = new WordBuilder(bodyText, body.startIndex, 'heredoc');
    let literal = true;
    let at = body.startIndex;
    const text = (raw: string): void => {
      // In an unquoted body a backslash quotes only `\`, `$`, `` ` `` and the line end.
      const value = strip(raw).replace(/\\([\\$`\n])/g, (_, c: string) => (c === '\n' ? '' : c));
      builder.literalText(value, false);
    };
    for (const child of body.namedChildren) {
      if (child.type === 'heredoc_content') continue;
      if (child.startIndex > at) text(this.text.slice(at, child.startIndex));
      covered.push([child.startIndex, child.endIndex]);
      literal = false;
      this.wordPart(child, builder, scope, 'heredoc', false);
      at = child.endIndex;
    }
    if (body.endIndex > at) text(this.text.slice(at, body.endIndex));
    for (let i = body.startIndex; i < body.endIndex; i++) {
      const c = this.text[i];
      if (c === '\\') {
        if (this.text[i + 1] === '\n') {
          // Bash removes the pair first, so `$\<newline>(` is `$(`.
          this.problem(
            i,
            scope,
            'has a backslash-newline in a heredoc that the policy does not join',
          );
          return unknown();
        }
        i++;
        continue;
      }
      if ((c === '$' || c === '`') && !covered.some(([s, e]) => i >= s && i < e)) {
        const next = this.text[i + 1];
        if (c === '$' && (next === undefined || !/[A-Za-z0-9_{(@*#?$!-]/.test(next))) continue;
        this.problem(i, scope, 'has an expansion in a heredoc that the policy could not analyse');
        return unknown();
      }
    }
    const word = builder.build();
    const printed: Doc = word.printed ?? [this.cannotPrint(body, 'a heredoc body')];
    return {
      stdin: { kind: 'text', text: word.text, literal },
      quoted: literal,
      body: literal ? [word.text] : printed,
    };
  }

  private bareAssignments(node: SyntaxNode, redirectNodes: SyntaxNode[], scope: Scope): Doc {
    const list = node.type === 'variable_assignments' ? node.namedChildren : [node];
    const assignments: Assignment[] = [];
    const out: Chunk[] = [];
    for (const a of list) {
      if (a.type === 'variable_assignment') {
        const assignment = this.assignment(a, scope);
        assignments.push(assignment);
        out.push(...this.printAssignment(assignment), ' ');
      } else {
        out.push(...this.statement(a, scope));
      }
    }
    const redirects: Redirect[] = [];
    const extra: Word[] = [];
    for (const r of redirectNodes) this.redirect(r, scope, redirects, extra);
    if (extra.length > 0) {
      // `X=1 >f cmd`: tree-sitter calls cmd a redirect target; it is the command.
      this.problem(node, scope, 'has an assignment followed by words the parser misread');
    }
    this.commands.push({
      words: [],
      assignments,
      redirects,
      scope,
      source: this.sourceOf(node, redirectNodes),
      start: node.startIndex,
    });
    out.push(...this.printRedirects(redirects));
    return out;
  }

  private sourceOf(node: SyntaxNode, extra: SyntaxNode[]): string {
    let end = node.endIndex;
    for (const e of extra) {
      if (e.type === 'heredoc_redirect') {
        const start = e.children.find((c) => c.type === 'heredoc_start');
        end = Math.max(end, start?.endIndex ?? e.startIndex + 2);
      } else {
        end = Math.max(end, e.endIndex);
      }
    }
    const text = this.text.slice(node.startIndex, end);
    return text.length > 200 ? text.slice(0, 200) + '…' : text;
  }

  private simpleCommand(node: SyntaxNode, outerRedirects: SyntaxNode[], scope: Scope): Doc {
    this.visit(node);
    const assignments: Assignment[] = [];
    const wordNodes: SyntaxNode[] = [];
    const redirectNodes: SyntaxNode[] = [...outerRedirects];
    const out: Chunk[] = [];
    const count = node.childCount;
    let keyword: Word | undefined;
    for (let i = 0; i < count; i++) {
      const child = node.child(i);
      if (!child) continue;
      const field = node.fieldNameForChild(i);
      if (child.type === 'comment') {
        this.comment(child, scope);
      } else if (
        child.type === 'variable_assignment' &&
        field !== 'argument' &&
        node.type === 'command'
      ) {
        assignments.push(this.assignment(child, scope));
      } else if (
        field === 'redirect' ||
        child.type === 'file_redirect' ||
        child.type === 'herestring_redirect'
      ) {
        redirectNodes.push(child);
      } else if (child.type === 'command_name') {
        this.visit(child);
        wordNodes.push(child);
      } else if (child.type === 'subshell') {
        this.problem(child, scope, 'could not be analysed (subshell inside a command)');
      } else if (!child.isNamed && i === 0 && node.type !== 'command') {
        // declare/export/local/readonly/typeset/unset keyword: printed bare, so bash still reads
        // the assignments after it as assignments.
        keyword = {
          ...literalWord(child.type, child.startIndex),
          printed: /^(declare|typeset|export|readonly|local|unset|unsetenv)$/.test(child.type)
            ? [child.type]
            : undefined,
          unprintable: 'an unknown declaration keyword',
        };
      } else if (child.isNamed || field === 'argument') {
        wordNodes.push(child);
      }
    }
    const redirects: Redirect[] = [];
    const extraWords: Word[] = [];
    for (const r of redirectNodes) this.redirect(r, scope, redirects, extraWords);
    const stdin = this.redirectStdin(redirectNodes);
    const words = wordNodes.flatMap((w) =>
      w.type === 'variable_assignment' ? [this.assignmentWord(w, scope)] : this.fields(w, scope),
    );
    if (keyword) words.unshift(keyword);
    const all = [...words, ...extraWords].sort((a, b) => a.start - b.start);
    const name = all[0];
    if (name && name.literal && RESERVED.has(name.text)) {
      this.problem(
        node,
        scope,
        `could not be parsed reliably ('${name.text}' where a command should be)`,
      );
    }
    this.commands.push({
      words: all,
      assignments,
      redirects,
      scope: stdin ? { ...scope, stdin } : scope,
      source: this.sourceOf(node, redirectNodes),
      start: node.startIndex,
    });
    for (const assignment of assignments) out.push(...this.printAssignment(assignment), ' ');
    all.forEach((word, i) => out.push(i > 0 ? ' ' : '', { word }));
    out.push(...this.printRedirects(redirects));
    return out;
  }

  /** `[ … ]` is the `test` builtin; `[[ … ]]` is syntax whose operands still expand. */
  private testCommand(node: SyntaxNode, redirectNodes: SyntaxNode[], scope: Scope): Doc {
    this.visit(node);
    const open = node.child(0)?.type;
    if (open === '[[') {
      const out: Chunk[] = ['[[ '];
      for (const c of node.namedChildren) out.push(...this.doubleBracket(c, scope));
      out.push(' ]]');
      if (redirectNodes.length > 0) out.push(...this.redirectOnly(node, redirectNodes, scope));
      return out;
    }
    if (open !== '[') {
      this.problem(node, scope, 'could not be analysed (test expression)');
      return [this.cannotPrint(node, 'a test expression')];
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
    const groups: SyntaxNode[][] = [];
    for (const leaf of leaves) {
      const last = groups[groups.length - 1];
      const previous = last?.[last.length - 1];
      if (last && previous && previous.endIndex === leaf.startIndex) last.push(leaf);
      else groups.push([leaf]);
    }
    const words = groups.map((group) => this.joinedWord(group, scope));
    const redirects: Redirect[] = [];
    const extra: Word[] = [];
    for (const r of redirectNodes) this.redirect(r, scope, redirects, extra);
    const all = [...words, ...extra].sort((a, b) => a.start - b.start);
    this.commands.push({
      words: all,
      assignments: [],
      redirects,
      scope,
      source: this.sourceOf(node, redirectNodes),
      start: node.startIndex,
    });
    const out: Chunk[] = [];
    all.forEach((word, i) => out.push(i > 0 ? ' ' : '', { word }));
    out.push(...this.printRedirects(redirects));
    return out;
  }

  private joinedWord(nodes: SyntaxNode[], scope: Scope): Word {
    const first = nodes[0] as SyntaxNode;
    const last = nodes[nodes.length - 1] as SyntaxNode;
    const builder = new WordBuilder(
      this.text.slice(first.startIndex, last.endIndex),
      first.startIndex,
    );
    nodes.forEach((n, i) => this.wordPart(n, builder, scope, 'unquoted', i === 0));
    return builder.build();
  }

  /** One operand or operator of `[[ … ]]`, printed. */
  private doubleBracket(n: SyntaxNode, scope: Scope, mode: QuotingMode = 'word'): Doc {
    if (n.type === 'binary_expression') {
      const op = n.childForFieldName('operator');
      const opText = op?.text ?? '';
      const left = n.childForFieldName('left');
      const right = n.childForFieldName('right');
      if (/^-(eq|ne|lt|le|gt|ge)$/.test(opText)) {
        // [[ a -eq b ]] evaluates both sides as arithmetic: a variable whose value is
        // `a[$(cmd)]` runs cmd.
        const sides = [left, right].map((side) =>
          side ? this.arithmeticOperand(side, scope) : [],
        );
        return [...(sides[0] as Doc), ' ', opText, ' ', ...(sides[1] as Doc)];
      }
      if (left && right && /^(==?|!=|=~|<|>|&&|\|\||-(nt|ot|ef))$/.test(opText)) {
        // The right of == and != is a pattern, of =~ a regex.
        const rightMode: QuotingMode =
          opText === '=~' ? 'regex' : /^(==?|!=)$/.test(opText) ? 'pattern' : 'word';
        return [
          ...this.doubleBracket(left, scope),
          ' ',
          opText,
          ' ',
          ...this.doubleBracket(right, scope, rightMode),
        ];
      }
      this.walkDoubleBracket(n, scope);
      return [this.cannotPrint(n, `the test operator '${opText}'`)];
    }
    if (n.type === 'unary_expression') {
      const op = n.childForFieldName('operator')?.text ?? n.child(0)?.text;
      const operand = n.namedChildren.find((c) => c.type !== 'test_operator');
      if (op === '-v' || op === '-R') {
        const word = operand ? this.word(operand, scope) : undefined;
        if (!word || !word.literal || word.text.includes('[')) {
          this.problem(
            n,
            scope,
            `uses ${op} on a name the policy cannot check (array subscripts run commands)`,
          );
        }
        return [op, ' ', word ? { word } : this.cannotPrint(n, 'a test')];
      }
      if (op !== undefined && operand && /^(!|-[a-zA-Z])$/.test(op)) {
        return [op, ' ', ...this.doubleBracket(operand, scope)];
      }
      this.walkDoubleBracket(n, scope);
      return [this.cannotPrint(n, 'a test')];
    }
    if (n.type === 'parenthesized_expression') {
      const out: Chunk[] = ['( '];
      for (const c of n.namedChildren) out.push(...this.doubleBracket(c, scope));
      out.push(' )');
      return out;
    }
    if (WORD_TYPES.has(n.type)) return [{ word: this.word(n, scope, mode) }];
    this.walkDoubleBracket(n, scope);
    return [this.cannotPrint(n, n.type)];
  }

  /** Checks what a `[[ ]]` shape the printer refuses holds, so its problems are reported too. */
  private walkDoubleBracket(n: SyntaxNode, scope: Scope): void {
    if (WORD_TYPES.has(n.type)) {
      this.word(n, scope);
      return;
    }
    for (const c of n.namedChildren) this.walkDoubleBracket(c, scope);
  }

  /** A side of `[[ a -eq b ]]`: a number, or a variable read through the arithmetic guard. */
  private arithmeticOperand(side: SyntaxNode, scope: Scope): Doc {
    if (side.type === 'number' && side.namedChildCount === 0 && /^[0-9]+$/.test(side.text))
      return [side.text];
    const name = simpleVariable(side);
    if (name !== undefined) {
      this.visit(side);
      return [guardedArithmeticValue(name)];
    }
    this.arithmetic(side, scope);
    return [this.cannotPrint(side, 'an arithmetic operand')];
  }

  private arithmeticCommand(node: SyntaxNode, scope: Scope): Doc {
    const out: Chunk[] = ['(( '];
    for (const child of node.namedChildren) out.push(...this.arithmetic(child, scope));
    out.push(' ))');
    return out;
  }

  /**
   * Arithmetic evaluates the values of the variables it names as expressions, and an array
   * subscript in such a value runs command substitutions: x='a[$(touch f)]'; echo $((x)) runs
   * touch. So arithmetic may use literal numbers, the shell's own numeric specials, and variables
   * read through a guard that stops on any value but a number; it may not assign.
   */
  arithmetic(node: SyntaxNode, scope: Scope): Doc {
    switch (node.type) {
      case 'number':
        if (node.namedChildCount > 0) {
          this.problem(
            node,
            scope,
            'uses an expansion in arithmetic, which can run commands hidden in its value',
          );
          return [this.cannotPrint(node, 'an arithmetic expansion')];
        }
        if (!/^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9a-zA-Z@_]+)?)$/.test(node.text))
          return [this.cannotPrint(node, 'a number')];
        return [node.text];
      case 'simple_expansion':
      case 'expansion': {
        this.visit(node);
        const special = node.namedChildren.find((c) => c.type === 'special_variable_name');
        if (
          node.type === 'simple_expansion' &&
          special &&
          SAFE_ARITHMETIC_SPECIALS.has(special.text)
        )
          return [`\${${special.text}}`];
        const isLength =
          node.type === 'expansion' &&
          node.child(1)?.type === '#' &&
          node.namedChildren.length === 1 &&
          node.namedChildren[0]?.type === 'variable_name';
        if (isLength) return [`\${#${node.namedChildren[0]?.text ?? ''}}`];
        const name = simpleVariable(node);
        if (name !== undefined) return [guardedArithmeticValue(name)];
        this.problem(
          node,
          scope,
          'uses a variable in arithmetic, which can run commands hidden in its value',
        );
        return [this.cannotPrint(node, 'an expansion in arithmetic')];
      }
      case 'command_substitution':
        this.substitution(node, scope, 'unquoted');
        this.problem(
          node,
          scope,
          'uses command output in arithmetic, which can run commands hidden in it',
        );
        return [this.cannotPrint(node, 'command output in arithmetic')];
      case 'arithmetic_expansion': {
        this.visit(node);
        const out: Chunk[] = ['$(( '];
        for (const child of node.namedChildren) out.push(...this.arithmetic(child, scope));
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
        this.problem(
          node,
          scope,
          isArithmeticTarget(node)
            ? 'assigns a variable in arithmetic, which the policy does not accept'
            : 'uses a name in arithmetic, which can run commands hidden in its value',
        );
        return [this.cannotPrint(node, 'a name in arithmetic')];
      case 'binary_expression':
      case 'unary_expression':
      case 'postfix_expression':
      case 'ternary_expression':
      case 'parenthesized_expression': {
        const out: Chunk[] = [];
        for (const child of node.children) {
          if (child.isNamed) out.push(...this.arithmetic(child, scope));
          else if (
            child.type === '(' ||
            child.type === ')' ||
            ARITHMETIC_OPERATORS.test(child.type)
          )
            out.push(' ', child.type, ' ');
          else {
            this.problem(
              child,
              scope,
              'assigns a variable in arithmetic, which the policy does not accept',
            );
            out.push(this.cannotPrint(child, `the arithmetic operator '${child.type}'`));
          }
        }
        return out;
      }
      case 'variable_assignment':
        this.visit(node);
        this.problem(
          node,
          scope,
          'assigns a variable in arithmetic, which the policy does not accept',
        );
        return [this.cannotPrint(node, 'an assignment in arithmetic')];
      case 'comment':
        this.comment(node, scope);
        return [];
      default:
        this.problem(
          node,
          scope,
          'uses a name or string in arithmetic, which can run commands hidden in its value',
        );
        return [this.cannotPrint(node, 'arithmetic')];
    }
  }

  private assignment(node: SyntaxNode, scope: Scope): Assignment {
    this.visit(node);
    const nameNode = node.childForFieldName('name');
    const valueNode = node.childForFieldName('value');
    let name = nameNode?.text ?? '';
    let target: Chunk;
    if (nameNode?.type === 'subscript') {
      this.subscript(nameNode, scope);
      name = nameNode.childForFieldName('name')?.text ?? name;
      const index = nameNode.childForFieldName('index')?.text ?? '';
      target =
        /^[0-9]+$/.test(index) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
          ? `${name}[${index}]`
          : this.cannotPrint(nameNode, 'an array subscript');
    } else {
      target = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
        ? name
        : this.cannotPrint(node, 'a variable name');
    }
    let valuePrint: Doc;
    let value: Word;
    if (!valueNode) {
      value = literalWord('', node.endIndex);
      valuePrint = [];
    } else if (valueNode.type === 'array') {
      value = this.arrayValue(valueNode, scope);
      valuePrint = value.printed ?? [this.cannotPrint(valueNode, 'an array')];
    } else if (WORD_TYPES.has(valueNode.type)) {
      value = this.word(valueNode, scope);
      valuePrint = [{ word: value }];
    } else {
      value = this.unknownValue(valueNode, scope);
      valuePrint = [this.cannotPrint(valueNode, 'an assignment value')];
    }
    const operator = node.children.find((c) => !c.isNamed)?.type ?? '=';
    const word = prefixed(
      `${nameNode?.text ?? name}${operator}`,
      value,
      node.startIndex,
      node.text,
    );
    const assignment = { name, word, value, source: node.text };
    this.assignmentPrints.set(assignment, [
      target,
      operator === '=' || operator === '+=' ? operator : this.cannotPrint(node, operator),
      ...valuePrint,
    ]);
    return assignment;
  }

  private readonly assignmentPrints = new Map<Assignment, Doc>();

  private printAssignment(assignment: Assignment): Doc {
    return this.assignmentPrints.get(assignment) ?? [];
  }

  /** `NAME=VALUE` as an argument of a declaration builtin: a word printed as an assignment. */
  private assignmentWord(node: SyntaxNode, scope: Scope): Word {
    const assignment = this.assignment(node, scope);
    return { ...assignment.word, printed: this.printAssignment(assignment) };
  }

  private arrayValue(node: SyntaxNode, scope: Scope): Word {
    const out: Chunk[] = ['('];
    for (const element of node.namedChildren) {
      if (element.type === 'comment') continue;
      out.push(' ', ...this.arrayElement(element, scope));
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
  private arrayElement(element: SyntaxNode, scope: Scope): Doc {
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
      this.unquoted(rest.text.slice(1), builder, scope, rest, true);
      for (const part of parts.slice(4)) this.wordPart(part, builder, scope, 'unquoted', false);
      return [`[${index.text}]=`, { word: builder.build() }];
    }
    return this.fields(element, scope).flatMap((word, i) => (i > 0 ? [' ', { word }] : [{ word }]));
  }

  private unknownValue(node: SyntaxNode, scope: Scope): Word {
    this.problem(node, scope, `could not be analysed (assignment value of type ${node.type})`);
    const builder = new WordBuilder(node.text, node.startIndex);
    builder.unknown(node.text, false, undefined);
    return builder.build();
  }

  /**
   * Array subscripts are arithmetic, and a subscript inside the value of a variable they name runs
   * commands too: only literal numbers are safe (the arithmetic guard has no place in a subscript).
   */
  private subscript(node: SyntaxNode, scope: Scope): void {
    const index = node.childForFieldName('index');
    if (!index) return;
    if (index.type === 'number' && index.namedChildCount === 0) return;
    if (index.type === 'word' && /^(?:[0-9]+|@|\*)$/.test(index.text)) return;
    this.arithmetic(index, scope);
    this.problem(
      index,
      scope,
      'uses a variable or expression as an array subscript, which is arithmetic that can run commands hidden in a value',
    );
  }

  private redirect(node: SyntaxNode, scope: Scope, out: Redirect[], extraWords: Word[]): void {
    this.visit(node);
    const descriptor = node.childForFieldName('descriptor')?.text;
    if (descriptor !== undefined && !/^[0-9]+$/.test(descriptor)) {
      this.problem(node, scope, 'uses a redirection descriptor the policy does not accept');
    }
    const fd = descriptor !== undefined && /^[0-9]+$/.test(descriptor) ? descriptor : '';
    if (node.type === 'heredoc_redirect') {
      const heredoc = this.heredocText(node, scope);
      this.inputs.set(node.id, heredoc.stdin);
      const inner: Redirect[] = [];
      for (const part of node.namedChildren) {
        const field = fieldOf(node, part);
        if (field === 'argument') extraWords.push(...this.fields(part, scope));
        else if (field === 'redirect') this.redirect(part, scope, inner, extraWords);
      }
      const operator = node.child(0)?.type ?? '<<';
      const redirect: Redirect = { kind: 'text', operator, target: undefined, source: operator };
      out.push(redirect, ...inner);
      this.redirectPrints.set(redirect, [
        fd,
        { heredoc: { input: heredoc.stdin, quoted: heredoc.quoted, body: heredoc.body } },
      ]);
      return;
    }
    if (node.type === 'herestring_redirect') {
      const valueNode = node.namedChildren.find((c) => WORD_TYPES.has(c.type));
      const value = valueNode ? this.word(valueNode, scope) : undefined;
      const stdin: Stdin = {
        kind: 'text',
        text: value?.literal ? value.text + '\n' : '',
        literal: value?.literal ?? false,
      };
      this.inputs.set(node.id, stdin);
      const redirect: Redirect = {
        kind: 'text',
        operator: '<<<',
        target: undefined,
        source: node.text,
      };
      out.push(redirect);
      this.redirectPrints.set(
        redirect,
        value ? [fd, { herestring: stdin, value }] : [this.cannotPrint(node, 'a here-string')],
      );
      return;
    }
    const op = operatorOf(node);
    const destinations = node.childrenForFieldName('destination');
    const [first, ...rest] = destinations;
    // tree-sitter makes the words after a redirection extra "destinations"; bash gives them to the
    // command as arguments (`git log >/dev/null --output=x` runs with --output=x).
    for (const extra of rest) extraWords.push(...this.fields(extra, scope));
    const target = first ? this.word(first, scope) : undefined;
    const shown = first ? this.text.slice(node.startIndex, first.endIndex) : node.text;
    const source = shown.length > 120 ? shown.slice(0, 120) + '…' : shown;
    let kind: Redirect['kind'];
    let print: Doc = [fd, op, ...(target ? [{ word: target }] : [])];
    if (op === '<') kind = 'read';
    else if (op === '>&' || op === '<&' || op === '>&-' || op === '<&-') {
      const value = target?.literal ? target.text : undefined;
      if (op.endsWith('-') || value === '-' || (value !== undefined && /^[0-9]+-?$/.test(value))) {
        kind = 'duplicate';
        // Bash reads a descriptor number only when it is spelled bare.
        print = [fd, op, value ?? ''];
      } else if (op === '<&') {
        this.problem(node, scope, 'duplicates input from something that is not a descriptor');
        kind = 'read';
      } else kind = 'write';
    } else if (
      op === '>' ||
      op === '>>' ||
      op === '>|' ||
      op === '&>' ||
      op === '&>>' ||
      op === '<>'
    ) {
      kind = 'write';
    } else {
      this.problem(node, scope, `could not be analysed (redirection ${op})`);
      kind = 'write';
    }
    if (!REDIRECT_OPERATORS.has(op)) print = [this.cannotPrint(node, `the redirection ${op}`)];
    const redirect: Redirect = { kind, operator: op, target, source };
    out.push(redirect);
    this.redirectPrints.set(redirect, print);
  }

  /** Builds a word and checks every expansion and substitution inside it. */
  word(node: SyntaxNode, scope: Scope, mode: QuotingMode = 'word'): Word {
    return this.builderFor(node, scope, mode).build();
  }

  /** The words bash makes of an argument: brace expansion done, as bash does it. */
  fields(node: SyntaxNode, scope: Scope): Word[] {
    return this.builderFor(node, scope, 'word').buildFields();
  }

  private builderFor(node: SyntaxNode, scope: Scope, mode: QuotingMode): WordBuilder {
    const builder = new WordBuilder(node.text, node.startIndex, mode);
    this.wordPart(node, builder, scope, mode === 'heredoc' ? 'heredoc' : 'unquoted', true);
    return builder;
  }

  private wordPart(node: SyntaxNode, b: WordBuilder, scope: Scope, ctx: Ctx, first: boolean): void {
    const quoted = ctx !== 'unquoted';
    switch (node.type) {
      case 'word':
        this.unquoted(node.text, b, scope, node, first);
        return;
      case 'command_name':
      case 'concatenation':
        this.span(node, b, scope, ctx, first);
        return;
      case 'number':
        if (node.namedChildCount > 0) this.span(node, b, scope, ctx, first);
        else this.unquoted(node.text, b, scope, node, first);
        return;
      case 'raw_string':
        b.literalText(node.text.slice(1, -1), false);
        return;
      case 'string':
        this.doubleQuoted(node, b, scope);
        return;
      case 'translated_string': {
        const inner = node.namedChildren.find((c) => c.type === 'string');
        if (inner) this.doubleQuoted(inner, b, scope);
        else b.unknown(node.text, false, undefined);
        return;
      }
      case 'ansi_c_string': {
        const decoded = decodeAnsiC(node.text.slice(2, -1));
        if (decoded === undefined) b.unknown(node.text, false, undefined);
        else b.literalText(decoded, false, true);
        return;
      }
      case 'simple_expansion': {
        this.visit(node);
        const special = node.namedChildren.find((c) => c.type === 'special_variable_name')?.text;
        // tree-sitter may start the node with the blanks before its `$` (`"$p $q"`).
        const dollar = node.text.indexOf('$');
        if (dollar > 0) {
          if (ctx === 'unquoted') b.cannotPrint('has blanks inside an expansion');
          b.literalText(node.text.slice(0, dollar), false);
        }
        const name = node.text.slice(dollar + 1);
        const notOption = ctx === 'double-quoted' && scope.notOptions?.has(name) === true;
        b.unknown(
          node.text,
          !quoted || special === '@',
          !PARAMETER_NAME.test(name)
            ? undefined
            : notOption
              ? [notOptionValue(name)]
              : this.quoteIn(ctx, [`\${${name}}`]),
          ABSOLUTE_PATH_VARIABLES.has(name) ? '/' : '',
          notOption,
        );
        return;
      }
      case 'expansion': {
        const print = this.expansion(node, scope, ctx);
        const name = simpleVariable(node);
        const notOption =
          ctx === 'double-quoted' && name !== undefined && scope.notOptions?.has(name) === true;
        b.unknown(
          node.text,
          !quoted || node.text.includes('@'),
          notOption ? [notOptionValue(name)] : print && this.quoteIn(ctx, print),
          ABSOLUTE_PATH_VARIABLES.has(node.text.slice(2, -1)) ? '/' : '',
          notOption,
        );
        return;
      }
      case 'command_substitution':
        b.unknown(node.text, !quoted, this.quoteIn(ctx, this.substitution(node, scope, ctx)));
        return;
      case 'process_substitution':
        // Bash passes a /dev/fd/N path: never an option.
        b.unknown(node.text, false, this.substitution(node, scope, ctx), '/dev/fd/');
        return;
      case 'arithmetic_expansion':
        b.unknown(node.text, !quoted, this.quoteIn(ctx, this.arithmetic(node, scope)));
        return;
      case 'variable_assignment': {
        this.visit(node);
        this.span(node, b, scope, ctx, first);
        return;
      }
      case 'subscript':
        this.subscript(node, scope);
        b.literalText(node.text, false);
        return;
      case 'brace_expression':
        this.unquoted(node.text, b, scope, node, first);
        return;
      case 'array': {
        const value = this.arrayValue(node, scope);
        b.unknown(node.text, false, value.printed);
        return;
      }
      case 'extglob_pattern':
      case 'regex': {
        // Patterns in [[ ]], case and ${…}: matched, never run. Elsewhere (`echo == x`) the text
        // tree-sitter took for a pattern is a literal word, and is printed as one.
        const mode = b.quoting;
        const text = node.text;
        if (mode === 'word' || mode === 'heredoc') b.literalText(text, false);
        else if (!/[*?[\]()|+@!^${}\\]/.test(text)) b.literalText(text, true);
        else if (
          mode === 'regex'
            ? REGEX_TEXT.test(text) && !/\$[A-Za-z0-9_{(@*#?!$-]/.test(text)
            : GLOB_TEXT.test(text)
        )
          b.glob(text);
        else b.unknown(text, true, undefined);
        return;
      }
      case 'variable_name':
      case 'special_variable_name':
      case 'test_operator':
      case 'heredoc_content':
        b.literalText(node.text, false);
        return;
      case 'comment':
        this.comment(node, scope);
        return;
      default:
        if (!node.isNamed) {
          b.literalText(node.text, false);
          return;
        }
        this.problem(node, scope, `could not be analysed (unsupported word part: ${node.type})`);
        b.unknown(node.text, true, undefined);
    }
  }

  /** An expansion's print in double quotes when it stands inside them. */
  private quoteIn(ctx: Ctx, print: Doc): Doc {
    return ctx === 'double-quoted' ? ['"', ...print, '"'] : print;
  }

  /** Children of a node in order, with the text between them read as unquoted word text. */
  private span(node: SyntaxNode, b: WordBuilder, scope: Scope, ctx: Ctx, first: boolean): void {
    let at = node.startIndex;
    let isFirst = first;
    // Unquoted text is read in one piece however tree-sitter cut it (`src/[x].ts` comes as five
    // words), so a bracket expression or a tilde prefix is seen whole.
    let raw = '';
    const flush = (): void => {
      if (raw === '') return;
      this.unquoted(raw, b, scope, node, isFirst);
      isFirst = false;
      raw = '';
    };
    for (const child of node.children) {
      if (child.startIndex > at) raw += this.text.slice(at, child.startIndex);
      at = child.endIndex;
      if (child.type === 'word') {
        raw += child.text;
        continue;
      }
      flush();
      this.wordPart(child, b, scope, ctx, isFirst);
      isFirst = false;
    }
    if (node.endIndex > at) raw += this.text.slice(at, node.endIndex);
    flush();
  }

  /** Quote removal for unquoted text: backslash escapes, globs, a leading tilde. */
  private unquoted(
    raw: string,
    b: WordBuilder,
    scope: Scope,
    node: SyntaxNode,
    first: boolean,
  ): void {
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i] as string;
      if (c === '\\') {
        const next = raw[i + 1];
        if (next === undefined) {
          b.literalText('\\', true);
        } else if (next !== '\n') {
          b.literalText(next, false);
        }
        i++;
      } else if (c === '*' || c === '?') {
        b.glob(c);
      } else if (c === '[') {
        // A bracket expression is printed whole; a `[` with no `]` after it is an ordinary character.
        const bracket =
          /^\[!?\]?[A-Za-z0-9_.,:@%+=!^~/#-]*(?:\[:[a-z]+:\][A-Za-z0-9_.,:@%+=!^~/#-]*)*\]/.exec(
            raw.slice(i),
          );
        if (bracket) {
          b.glob(bracket[0]);
          i += bracket[0].length - 1;
        } else if (raw.indexOf(']', i) > i) {
          b.glob('[');
          b.cannotPrint('has a bracket expression the policy does not print');
        } else {
          b.literalText(c, true);
        }
      } else if (c === '~' && i === 0 && first) {
        const user = /^~[A-Za-z0-9._+-]*/.exec(raw)?.[0] ?? '~';
        if (i + user.length === raw.length || raw[i + user.length] === '/') {
          // The slash is printed bare too: bash ends the tilde prefix at an unquoted slash only.
          const prefix = raw[i + user.length] === '/' ? user + '/' : user;
          b.tilde(prefix);
          i += prefix.length - 1;
        } else {
          b.literalText(c, true);
        }
      } else if (
        /[\s;&|<>()`]/.test(c) ||
        (c === '$' && /^[A-Za-z0-9_{(@*#?$!'"-]/.test(raw.slice(i + 1)))
      ) {
        this.problem(
          node,
          scope,
          `has a character (${JSON.stringify(c)}) that bash and the parser read differently`,
        );
        b.unknown(c, true, undefined);
      } else {
        b.literalText(c, true);
      }
    }
  }

  private doubleQuoted(node: SyntaxNode, b: WordBuilder, scope: Scope): void {
    const contentStart = node.startIndex + 1;
    const contentEnd = node.endIndex - 1;
    let at = contentStart;
    for (const child of node.children) {
      if (child.endIndex <= contentStart || child.startIndex >= contentEnd) continue;
      if (!child.isNamed && child.type === '"') continue;
      if (child.startIndex > at) this.doubleQuotedText(this.text.slice(at, child.startIndex), b);
      if (child.type === 'string_content') this.doubleQuotedText(child.text, b);
      else this.wordPart(child, b, scope, 'double-quoted', false);
      at = child.endIndex;
    }
    if (contentEnd > at) this.doubleQuotedText(this.text.slice(at, contentEnd), b);
    // `""` is a word even with nothing in it.
    if (contentEnd === contentStart) b.literalText('', false);
  }

  private doubleQuotedText(raw: string, b: WordBuilder): void {
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i] as string;
      const next = raw[i + 1];
      if (c === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
        if (next !== '\n') b.literalText(next, false);
        i++;
      } else if (
        c === '`' ||
        (c === '$' && next !== undefined && /[A-Za-z0-9_{(@*#?$!-]/.test(next))
      ) {
        // An expansion tree-sitter did not mark: its value is unknown, and it cannot be printed.
        b.unknown(raw.slice(i), false, undefined);
        return;
      } else {
        b.literalText(c, false);
      }
    }
  }

  /** Checks a `${…}` and returns its print, or undefined when it has no form the policy prints. */
  private expansion(node: SyntaxNode, scope: Scope, ctx: Ctx): Doc | undefined {
    this.visit(node);
    const children = node.children;
    let subject: SyntaxNode | undefined;
    let indirect = false;
    let afterColon = false;
    let printable = true;
    const operators: string[] = [];
    const out: Chunk[] = [];
    let at = node.startIndex;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as SyntaxNode;
      if (child.startIndex > at) {
        // Text tree-sitter put in no node: plain characters only.
        const gap = this.text.slice(at, child.startIndex);
        if (/^[A-Za-z0-9_.,:%=/ -]*$/.test(gap)) out.push(gap);
        else printable = false;
      }
      at = child.endIndex;
      const field = node.fieldNameForChild(i);
      if (child.type === '${' || child.type === '}') {
        out.push(child.type);
        continue;
      }
      if (field === 'operator' || (!child.isNamed && !subject)) {
        if (!subject && child.type === '!') indirect = true;
        if (subject) operators.push(child.type);
        afterColon = subject !== undefined && child.type === ':';
        if (EXPANSION_OPERATORS.has(child.type)) out.push(child.type);
        else printable = false;
        continue;
      }
      if (
        !subject &&
        (child.type === 'variable_name' ||
          child.type === 'special_variable_name' ||
          child.type === 'subscript')
      ) {
        subject = child;
        if (child.type === 'subscript') {
          this.subscript(child, scope);
          const name = child.childForFieldName('name')?.text ?? '';
          const index = child.childForFieldName('index')?.text ?? '';
          if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && /^(?:[0-9]+|@|\*)$/.test(index))
            out.push(`${name}[${index}]`);
          else printable = false;
        } else if (PARAMETER_NAME.test(child.text)) {
          out.push(child.text);
        } else printable = false;
        continue;
      }
      if (afterColon) {
        // ${x:offset:length} evaluates offset and length as arithmetic.
        out.push(...this.arithmetic(child, scope));
        continue;
      }
      if (WORD_TYPES.has(child.type)) {
        const builder = new WordBuilder(child.text, child.startIndex, 'parameter');
        this.wordPart(child, builder, scope, ctx === 'heredoc' ? 'heredoc' : ctx, false);
        const word = builder.build();
        if (word.printed) out.push(...word.printed);
        else printable = false;
      } else if (child.isNamed) {
        out.push(...this.arithmetic(child, scope));
      } else if (/^[QEAaUuLKk]$/.test(child.type) && operators[operators.length - 1] === '@') {
        out.push(child.type);
      } else printable = false;
    }
    const name =
      subject?.type === 'subscript' ? subject.childForFieldName('name')?.text : subject?.text;
    if (indirect) {
      const listsKeys = subject?.type === 'subscript' && /\[[@*]\]$/.test(subject.text);
      const listsNames = operators.length === 1 && (operators[0] === '*' || operators[0] === '@');
      if (!listsKeys && !listsNames) {
        this.problem(
          node,
          scope,
          'uses indirect expansion ${!…}, which can run commands hidden in a value',
        );
      }
    }
    for (let i = 0; i < operators.length; i++) {
      if (operators[i] === '@' && operators[i + 1] === 'P') {
        this.problem(node, scope, 'uses ${…@P}, which runs command substitutions in a value');
      }
    }
    if ((operators.includes('=') || operators.includes(':=')) && name !== undefined) {
      this.commands.push({
        words: [],
        assignments: [
          {
            name,
            word: literalWord(`${name}=`, node.startIndex),
            value: literalWord('', node.startIndex),
            source: node.text,
          },
        ],
        redirects: [],
        scope,
        source: node.text,
        start: node.startIndex,
      });
    }
    // `${#}`, `${@}`…: a special parameter tree-sitter reads as an operator alone.
    if (!subject && printable && /^\$\{[#@*?$!-]\}$/.test(node.text)) return [node.text];
    return printable && subject ? out : undefined;
  }

  private substitution(node: SyntaxNode, scope: Scope, ctx: Ctx): Doc {
    this.visit(node);
    const open = node.child(0)?.type ?? '';
    const label =
      node.type === 'process_substitution'
        ? `inside ${open}…)`
        : open === '`'
          ? 'inside `…`'
          : 'inside $(…)';
    if (open === '`') {
      // Inside backquotes bash removes one level of backslashes before parsing, so \` nests a
      // substitution tree-sitter reads as text. Refuse those escapes rather than re-implement them.
      if (/\\[`$\\]/.test(node.text)) {
        this.problem(node, scope, 'has backslash escapes inside `…`; use $(…) instead');
        return [this.cannotPrint(node, 'backquotes with escapes')];
      }
    }
    void ctx;
    const inner: Scope = {
      where: [...scope.where, label],
      stdin: { kind: 'inherited' },
      repeats: scope.repeats,
      deferred: scope.deferred,
    };
    const out: Chunk[] = [node.type === 'process_substitution' ? open : '$(', { nest: 'enter' }];
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as SyntaxNode;
      const field = node.fieldNameForChild(i);
      if (!child.isNamed) {
        if (TERMINATORS.has(child.type)) out.push(child.type, ' ');
        else if (!['$(', '`', ')', '<(', '>('].includes(child.type))
          out.push(this.cannotPrint(child, `'${child.type}'`));
        continue;
      }
      if (child.type === 'comment') {
        this.comment(child, scope);
        continue;
      }
      if (field === 'redirect' || child.type === 'file_redirect') {
        // $(<file) reads a file; any other redirection here is checked as usual.
        out.push(...this.redirectOnly(child, [child], inner));
        continue;
      }
      out.push(...this.statement(child, inner));
      const next = children[i + 1];
      if (next && !next.isNamed && TERMINATORS.has(next.type)) out.push(' ');
      else if (next && next.isNamed) out.push({ newline: true });
    }
    out.push({ nest: 'leave' }, ')');
    return out;
  }
}

/** `NAME=` followed by a value word, as one word. */
function prefixed(head: string, value: Word, start: number, source: string): Word {
  return {
    ...value,
    text: head + value.text,
    source,
    prefix: head + value.prefix,
    tilde: false,
    start,
  };
}

function operatorOf(node: SyntaxNode): string {
  for (const child of node.children) {
    if (!child.isNamed) return child.type;
  }
  return '';
}

function fieldOf(parent: SyntaxNode, child: SyntaxNode): string | null {
  for (let i = 0; i < parent.childCount; i++) {
    if (parent.child(i)?.id === child.id) return parent.fieldNameForChild(i);
  }
  return null;
}

function insideQuotedText(node: SyntaxNode): boolean {
  for (let n: SyntaxNode | null = node; n; n = n.parent) {
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

/** Characters a glob may hold when printed as written: none starts a quote, an expansion or a word break. */
const GLOB_TEXT = /^[A-Za-z0-9_.,:@%+=*?!^~/[\]#-]+$/;

/** What a regex after `=~` may hold when printed as written: a glob's characters and a regex's grouping. */
const REGEX_TEXT = /^[A-Za-z0-9_.,:@%+=*?!^~/[\]#|(){}$\\-]+$/;

/** `"$name"` for a variable known not to start with `-`, with the guard that makes it so. */
function notOptionValue(name: string): string {
  return `"\${${name}/#-/./-}"`;
}

/** The variable a `$name`, `$1` or `${name}` reads, when it is nothing more than that. */
function simpleVariable(node: SyntaxNode): string | undefined {
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
function isArithmeticTarget(node: SyntaxNode): boolean {
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

function isEscapedBackslash(text: string, at: number): boolean {
  // `\\<newline>` is an escaped backslash followed by a plain newline.
  let count = 0;
  for (let i = at - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}
