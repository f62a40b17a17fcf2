import type { RefusalCode } from './refusal.js';
import type { BashParser, SyntaxNode } from './tree-sitter.js';
import { decodeAnsiC, literalWord, WordBuilder, type Word } from './words.js';

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
}

export const TOP_LEVEL: Scope = {
  where: [],
  stdin: { kind: 'inherited' },
  repeats: false,
  deferred: false,
};

const MAX_SCRIPT_LENGTH = 100_000;

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
    return { commands: [], problems };
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
    return { commands: [], problems };
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
      return { commands: [], problems };
    }
    extractor.checkLineContinuations(root, scope);
    extractor.statements(root, scope);
    extractor.checkCoverage(root, scope);
    return { commands: extractor.commands, problems };
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

function excerpt(text: string, at: number): string {
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

class Extractor {
  readonly commands: SimpleCommand[] = [];
  private readonly visited = new Set<number>();
  /** Standard input given by heredoc and here-string redirections, filled in by redirect(). */
  private readonly inputs = new Map<number, Stdin>();

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

  statements(node: SyntaxNode, scope: Scope): void {
    for (const child of node.namedChildren) this.statement(child, scope);
  }

  statement(node: SyntaxNode, scope: Scope): void {
    switch (node.type) {
      case 'comment':
        this.comment(node, scope);
        return;
      case 'program':
      case 'list':
      case 'do_group':
      case 'else_clause':
      case 'elif_clause':
        this.statements(node, scope);
        return;
      case 'compound_statement':
        if (node.child(0)?.type === '((') this.arithmeticCommand(node, scope);
        else this.statements(node, scope);
        return;
      case 'subshell':
        this.statements(node, { ...scope, where: [...scope.where, 'in a subshell'] });
        return;
      case 'if_statement':
        this.statements(node, scope);
        return;
      case 'while_statement':
        this.statements(node, { ...scope, repeats: true });
        return;
      case 'for_statement':
        this.forStatement(node, scope);
        return;
      case 'c_style_for_statement':
        this.cStyleFor(node, scope);
        return;
      case 'case_statement':
        this.caseStatement(node, scope);
        return;
      case 'pipeline':
        this.pipeline(node, scope);
        return;
      case 'negated_command':
        this.statements(node, scope);
        return;
      case 'redirected_statement':
        this.redirectedStatement(node, scope);
        return;
      case 'function_definition':
        this.functionDefinition(node, scope);
        return;
      case 'command':
      case 'declaration_command':
      case 'unset_command':
        this.simpleCommand(node, [], scope);
        return;
      case 'variable_assignment':
      case 'variable_assignments':
        this.bareAssignments(node, [], scope);
        return;
      case 'test_command':
        this.testCommand(node, [], scope);
        return;
      case 'heredoc_body':
        // Reached only through its redirect; a stray body means the heredoc was not understood.
        if (!this.visited.has(node.id))
          this.problem(node, scope, 'could not be analysed (heredoc)');
        return;
      default:
        if (WORD_TYPES.has(node.type)) {
          // Words outside commands: for-in values, case subjects and patterns.
          this.word(node, scope);
          return;
        }
        this.problem(node, scope, `could not be analysed (unsupported syntax: ${node.type})`);
    }
  }

  private comment(node: SyntaxNode, scope: Scope): void {
    // Bash starts a comment only where a word could start; elsewhere `#` is an ordinary character.
    const before = this.text[node.startIndex - 1];
    if (before !== undefined && !/[\s;&|()]/.test(before)) {
      this.problem(node, scope, 'has a `#` that bash and the parser read differently');
    }
  }

  private pipeline(node: SyntaxNode, scope: Scope): void {
    let first = true;
    for (const child of node.namedChildren) {
      this.statement(child, first ? scope : { ...scope, stdin: { kind: 'pipe' } });
      if (STATEMENT_TYPES.has(child.type)) first = false;
    }
  }

  private forStatement(node: SyntaxNode, scope: Scope): void {
    const inner = { ...scope, repeats: true };
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i) as SyntaxNode;
      if (!child.isNamed) continue;
      const field = node.fieldNameForChild(i);
      if (field === 'variable') {
        // `for NAME in …` and `select NAME in …` assign NAME like a bare assignment.
        this.visit(child);
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
          source: `${node.child(0)?.type ?? 'for'} ${child.text} in …`,
          start: node.startIndex,
        });
      } else if (field === 'value') {
        this.word(child, scope);
      } else {
        this.statement(child, inner);
      }
    }
  }

  private cStyleFor(node: SyntaxNode, scope: Scope): void {
    const body = node.childForFieldName('body');
    for (const child of node.namedChildren) {
      if (body && child.id === body.id) this.statement(child, { ...scope, repeats: true });
      else if (child.type === 'comment') this.comment(child, scope);
      else this.arithmetic(child, scope);
    }
  }

  private caseStatement(node: SyntaxNode, scope: Scope): void {
    for (const child of node.namedChildren) {
      if (child.type === 'case_item') {
        const values = child.childrenForFieldName('value').map((v) => v.id);
        for (const part of child.namedChildren) {
          if (values.includes(part.id)) this.word(part, scope);
          else this.statement(part, scope);
        }
      } else {
        this.statement(child, scope);
      }
    }
  }

  private functionDefinition(node: SyntaxNode, scope: Scope): void {
    this.visit(node);
    const name = node.childForFieldName('name');
    const body = node.childForFieldName('body');
    const label = name ? `in the body of function ${name.text}` : 'in a function body';
    if (!name || !/^[A-Za-z_][A-Za-z0-9_.:-]*$/.test(name.text)) {
      this.problem(node, scope, 'defines a function whose name the policy does not accept');
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
      else this.statement(child, inner);
    }
    if (redirects.length > 0) this.redirectOnly(node, redirects, inner);
  }

  private redirectedStatement(node: SyntaxNode, scope: Scope): void {
    const body = node.childForFieldName('body');
    const redirects = node.namedChildren.filter((c) => c.id !== body?.id);
    // tree-sitter hangs the rest of the line after a heredoc (`cat <<EOF | sh`, `<<EOF && x`) inside
    // the heredoc redirect; those commands are walked after the body, as the pipeline or list they are.
    const continuations: Array<{ node: SyntaxNode; piped: boolean }> = [];
    for (const redirect of redirects) {
      if (redirect.type !== 'heredoc_redirect') continue;
      for (const part of redirect.namedChildren) {
        if (part.type === 'pipeline') continuations.push({ node: part, piped: true });
        else if (redirect.childrenForFieldName('right').some((r) => r.id === part.id)) {
          continuations.push({ node: part, piped: false });
        }
      }
    }
    if (!body) {
      this.redirectOnly(node, redirects, scope);
    } else if (
      body.type === 'command' ||
      body.type === 'declaration_command' ||
      body.type === 'unset_command'
    ) {
      this.simpleCommand(body, redirects, scope);
    } else if (body.type === 'variable_assignment' || body.type === 'variable_assignments') {
      this.bareAssignments(body, redirects, scope);
    } else if (body.type === 'test_command') {
      this.testCommand(body, redirects, scope);
    } else {
      this.redirectOnly(node, redirects, scope);
      const stdin = this.redirectStdin(redirects);
      this.statement(body, stdin ? { ...scope, stdin } : scope);
    }
    for (const continuation of continuations) {
      if (continuation.piped) {
        // The pipeline node starts with `|`: every command in it reads from the pipe.
        for (const child of continuation.node.namedChildren) {
          this.statement(child, { ...scope, stdin: { kind: 'pipe' } });
        }
      } else {
        this.statement(continuation.node, scope);
      }
    }
  }

  /** Redirections of a compound command or function: checked as writes, with no argv. */
  private redirectOnly(node: SyntaxNode, redirectNodes: SyntaxNode[], scope: Scope): void {
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

  private heredocText(node: SyntaxNode, scope: Scope): Stdin {
    const start = node.children.find((c) => c.type === 'heredoc_start');
    const body = node.children.find((c) => c.type === 'heredoc_body');
    const end = node.children.find((c) => c.type === 'heredoc_end');
    const operator = node.child(0)?.type ?? '<<';
    if (!start || !end) {
      this.problem(node, scope, 'has a heredoc the policy could not delimit');
      return { kind: 'text', text: '', literal: false };
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
      return { kind: 'text', text: '', literal: false };
    }
    if (!body) return { kind: 'text', text: '', literal: true };
    this.visit(body);
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
      const text = stripTabs ? bodyText.replace(/^\t+/gm, '') : bodyText;
      return { kind: 'text', text, literal: true };
    }
    // Unquoted: bash expands $…, `…` and $(…) in the body. Make sure tree-sitter saw each of them.
    const covered: Array<[number, number]> = [];
    let literal = true;
    for (const child of body.namedChildren) {
      if (child.type === 'heredoc_content') continue;
      covered.push([child.startIndex, child.endIndex]);
      literal = false;
      this.wordPart(child, new WordBuilder(child.text, child.startIndex), scope, true, false);
    }
    for (let i = body.startIndex; i < body.endIndex; i++) {
      const c = this.text[i];
      if (c === '\\') {
        i++;
        continue;
      }
      if ((c === '$' || c === '`') && !covered.some(([s, e]) => i >= s && i < e)) {
        const next = this.text[i + 1];
        if (c === '$' && (next === undefined || !/[A-Za-z0-9_{(@*#?$!-]/.test(next))) continue;
        this.problem(i, scope, 'has an expansion in a heredoc that the policy could not analyse');
        return { kind: 'text', text: '', literal: false };
      }
    }
    return { kind: 'text', text: stripTabs ? bodyText.replace(/^\t+/gm, '') : bodyText, literal };
  }

  private bareAssignments(node: SyntaxNode, redirectNodes: SyntaxNode[], scope: Scope): void {
    const list = node.type === 'variable_assignments' ? node.namedChildren : [node];
    const assignments: Assignment[] = [];
    for (const a of list) {
      if (a.type === 'variable_assignment') assignments.push(this.assignment(a, scope));
      else this.statement(a, scope);
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

  private simpleCommand(node: SyntaxNode, outerRedirects: SyntaxNode[], scope: Scope): void {
    this.visit(node);
    const assignments: Assignment[] = [];
    const wordNodes: SyntaxNode[] = [];
    const redirectNodes: SyntaxNode[] = [...outerRedirects];
    const count = node.childCount;
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
        // declare/export/local/readonly/typeset/unset keyword
        wordNodes.push(child);
      } else if (child.isNamed || field === 'argument') {
        wordNodes.push(child);
      }
    }
    const redirects: Redirect[] = [];
    const extraWords: Word[] = [];
    for (const r of redirectNodes) this.redirect(r, scope, redirects, extraWords);
    const stdin = this.redirectStdin(redirectNodes);
    const words = wordNodes.map((w) => this.word(w, scope));
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
  }

  /** `[ … ]` is the `test` builtin; `[[ … ]]` is syntax whose operands still expand. */
  private testCommand(node: SyntaxNode, redirectNodes: SyntaxNode[], scope: Scope): void {
    this.visit(node);
    const open = node.child(0)?.type;
    if (open === '[[') {
      this.doubleBracket(node, scope);
      if (redirectNodes.length > 0) this.redirectOnly(node, redirectNodes, scope);
      return;
    }
    if (open !== '[') {
      this.problem(node, scope, 'could not be analysed (test expression)');
      return;
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
    this.commands.push({
      words: [...words, ...extra].sort((a, b) => a.start - b.start),
      assignments: [],
      redirects,
      scope,
      source: this.sourceOf(node, redirectNodes),
      start: node.startIndex,
    });
  }

  private joinedWord(nodes: SyntaxNode[], scope: Scope): Word {
    const first = nodes[0] as SyntaxNode;
    const last = nodes[nodes.length - 1] as SyntaxNode;
    const builder = new WordBuilder(
      this.text.slice(first.startIndex, last.endIndex),
      first.startIndex,
    );
    nodes.forEach((n, i) => this.wordPart(n, builder, scope, false, i === 0));
    return builder.build();
  }

  private doubleBracket(node: SyntaxNode, scope: Scope): void {
    const walk = (n: SyntaxNode): void => {
      if (n.type === 'binary_expression') {
        const op = n.childForFieldName('operator');
        const opText = op?.text ?? '';
        if (/^-(eq|ne|lt|le|gt|ge)$/.test(opText)) {
          // [[ a -eq b ]] evaluates both sides as arithmetic: a variable whose value is
          // `a[$(cmd)]` runs cmd.
          for (const side of [n.childForFieldName('left'), n.childForFieldName('right')]) {
            if (side) this.arithmetic(side, scope);
          }
          return;
        }
      }
      if (n.type === 'unary_expression') {
        const op = n.childForFieldName('operator')?.text;
        if (op === '-v' || op === '-R') {
          const operand = n.namedChildren.find((c) => c.type !== 'test_operator');
          const word = operand ? this.word(operand, scope) : undefined;
          if (!word || !word.literal || word.text.includes('[')) {
            this.problem(
              n,
              scope,
              `uses ${op} on a name the policy cannot check (array subscripts run commands)`,
            );
          }
          return;
        }
      }
      if (WORD_TYPES.has(n.type)) {
        this.word(n, scope);
        return;
      }
      for (const c of n.namedChildren) walk(c);
    };
    for (const c of node.namedChildren) walk(c);
  }

  private arithmeticCommand(node: SyntaxNode, scope: Scope): void {
    for (const child of node.namedChildren) this.arithmetic(child, scope);
  }

  /**
   * Arithmetic evaluates the values of the variables it names as expressions, and an array
   * subscript in such a value runs command substitutions: x='a[$(touch f)]'; echo $((x)) runs
   * touch. So arithmetic may only use literal numbers and the shell's own numeric specials.
   */
  arithmetic(node: SyntaxNode, scope: Scope): void {
    switch (node.type) {
      case 'number':
        if (node.namedChildCount > 0) {
          this.problem(
            node,
            scope,
            'uses an expansion in arithmetic, which can run commands hidden in its value',
          );
        }
        return;
      case 'simple_expansion': {
        this.visit(node);
        const special = node.namedChildren.find((c) => c.type === 'special_variable_name');
        if (!special || !SAFE_ARITHMETIC_SPECIALS.has(special.text)) {
          this.problem(
            node,
            scope,
            'uses a variable in arithmetic, which can run commands hidden in its value',
          );
        }
        return;
      }
      case 'expansion': {
        this.visit(node);
        const children = node.namedChildren;
        const isLength =
          node.child(1)?.type === '#' &&
          children.length === 1 &&
          children[0]?.type === 'variable_name';
        if (!isLength) {
          this.problem(
            node,
            scope,
            'uses a variable in arithmetic, which can run commands hidden in its value',
          );
        }
        return;
      }
      case 'command_substitution':
        this.substitution(node, scope);
        this.problem(
          node,
          scope,
          'uses command output in arithmetic, which can run commands hidden in it',
        );
        return;
      case 'arithmetic_expansion':
        this.visit(node);
        for (const child of node.namedChildren) this.arithmetic(child, scope);
        return;
      case 'binary_expression':
      case 'unary_expression':
      case 'postfix_expression':
      case 'ternary_expression':
      case 'parenthesized_expression':
        for (const child of node.namedChildren) this.arithmetic(child, scope);
        return;
      case 'word':
        if (/^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9a-zA-Z@_]+)?)$/.test(node.text)) return;
        this.problem(
          node,
          scope,
          'uses a name in arithmetic, which can run commands hidden in its value',
        );
        return;
      case 'variable_assignment':
        this.visit(node);
        this.problem(
          node,
          scope,
          'assigns a variable in arithmetic, which the policy does not accept',
        );
        return;
      case 'comment':
        this.comment(node, scope);
        return;
      default:
        this.problem(
          node,
          scope,
          'uses a name or string in arithmetic, which can run commands hidden in its value',
        );
    }
  }

  private assignment(node: SyntaxNode, scope: Scope): Assignment {
    this.visit(node);
    const nameNode = node.childForFieldName('name');
    const valueNode = node.childForFieldName('value');
    let name = nameNode?.text ?? '';
    if (nameNode?.type === 'subscript') {
      this.subscript(nameNode, scope);
      name = nameNode.childForFieldName('name')?.text ?? name;
    }
    const value = valueNode
      ? valueNode.type === 'array'
        ? this.arrayValue(valueNode, scope)
        : WORD_TYPES.has(valueNode.type)
          ? this.word(valueNode, scope)
          : this.unknownValue(valueNode, scope)
      : literalWord('', node.endIndex);
    const operator = node.children.find((c) => !c.isNamed)?.type ?? '=';
    const word = prefixed(
      `${nameNode?.text ?? name}${operator}`,
      value,
      node.startIndex,
      node.text,
    );
    return { name, word, value, source: node.text };
  }

  private arrayValue(node: SyntaxNode, scope: Scope): Word {
    for (const element of node.namedChildren) this.word(element, scope);
    const builder = new WordBuilder(node.text, node.startIndex);
    builder.unknown(node.text, false);
    return builder.build();
  }

  private unknownValue(node: SyntaxNode, scope: Scope): Word {
    this.problem(node, scope, `could not be analysed (assignment value of type ${node.type})`);
    const builder = new WordBuilder(node.text, node.startIndex);
    builder.unknown(node.text, false);
    return builder.build();
  }

  /** Array subscripts are arithmetic: only literal numbers are safe. */
  private subscript(node: SyntaxNode, scope: Scope): void {
    const index = node.childForFieldName('index');
    if (!index) return;
    if (index.type === 'number' && index.namedChildCount === 0) return;
    if (index.type === 'word' && /^(?:[0-9]+|@|\*)$/.test(index.text)) return;
    this.arithmetic(index, scope);
  }

  private redirect(node: SyntaxNode, scope: Scope, out: Redirect[], extraWords: Word[]): void {
    this.visit(node);
    if (node.type === 'heredoc_redirect') {
      this.inputs.set(node.id, this.heredocText(node, scope));
      for (const part of node.namedChildren) {
        const field = fieldOf(node, part);
        if (field === 'argument') extraWords.push(this.word(part, scope));
        else if (field === 'redirect') this.redirect(part, scope, out, extraWords);
      }
      out.push({
        kind: 'text',
        operator: node.child(0)?.type ?? '<<',
        target: undefined,
        source: node.child(0)?.type ?? '<<',
      });
      return;
    }
    if (node.type === 'herestring_redirect') {
      const valueNode = node.namedChildren.find((c) => WORD_TYPES.has(c.type));
      const value = valueNode ? this.word(valueNode, scope) : undefined;
      this.inputs.set(node.id, {
        kind: 'text',
        text: value?.literal ? value.text + '\n' : '',
        literal: value?.literal ?? false,
      });
      out.push({ kind: 'text', operator: '<<<', target: undefined, source: node.text });
      return;
    }
    const op = operatorOf(node);
    const destinations = node.childrenForFieldName('destination');
    const [first, ...rest] = destinations;
    // tree-sitter makes the words after a redirection extra "destinations"; bash gives them to the
    // command as arguments (`git log >/dev/null --output=x` runs with --output=x).
    for (const extra of rest) extraWords.push(this.word(extra, scope));
    const target = first ? this.word(first, scope) : undefined;
    const descriptor = node.childForFieldName('descriptor')?.text;
    const shown = first ? this.text.slice(node.startIndex, first.endIndex) : node.text;
    const source = shown.length > 120 ? shown.slice(0, 120) + '…' : shown;
    let kind: Redirect['kind'];
    if (op === '<') kind = 'read';
    else if (op === '>&' || op === '<&' || op === '>&-' || op === '<&-') {
      const value = target?.literal ? target.text : undefined;
      if (op.endsWith('-') || value === '-' || (value !== undefined && /^[0-9]+-?$/.test(value)))
        kind = 'duplicate';
      else if (op === '<&') {
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
    if (descriptor !== undefined && !/^[0-9]+$/.test(descriptor)) {
      this.problem(node, scope, 'uses a redirection descriptor the policy does not accept');
    }
    out.push({ kind, operator: op, target, source });
  }

  /** Builds a word and checks every expansion and substitution inside it. */
  word(node: SyntaxNode, scope: Scope): Word {
    const builder = new WordBuilder(node.text, node.startIndex);
    this.wordPart(node, builder, scope, false, true);
    return builder.build();
  }

  private wordPart(
    node: SyntaxNode,
    b: WordBuilder,
    scope: Scope,
    inDoubleQuotes: boolean,
    first: boolean,
  ): void {
    switch (node.type) {
      case 'word':
      case 'command_name':
        if (node.type === 'command_name') {
          this.span(node, b, scope, inDoubleQuotes, first);
          return;
        }
        this.unquoted(node.text, b, scope, node, first);
        return;
      case 'number':
        if (node.namedChildCount > 0) this.span(node, b, scope, inDoubleQuotes, first);
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
        else b.unknown(node.text, false);
        return;
      }
      case 'ansi_c_string': {
        b.markAnsiC();
        const decoded = decodeAnsiC(node.text.slice(2, -1));
        if (decoded === undefined) b.unknown(node.text, false);
        else b.literalText(decoded, false);
        return;
      }
      case 'simple_expansion': {
        this.visit(node);
        const special = node.namedChildren.find((c) => c.type === 'special_variable_name')?.text;
        b.unknown(
          node.text,
          !inDoubleQuotes || special === '@',
          ABSOLUTE_PATH_VARIABLES.has(node.text.slice(1)) ? '/' : '',
        );
        return;
      }
      case 'expansion':
        this.expansion(node, scope);
        b.unknown(
          node.text,
          !inDoubleQuotes || node.text.includes('@'),
          ABSOLUTE_PATH_VARIABLES.has(node.text.slice(2, -1)) ? '/' : '',
        );
        return;
      case 'command_substitution':
        this.substitution(node, scope);
        b.unknown(node.text, !inDoubleQuotes);
        return;
      case 'process_substitution':
        this.substitution(node, scope);
        // Bash passes a /dev/fd/N path: never an option.
        b.unknown(node.text, false, '/dev/fd/');
        return;
      case 'arithmetic_expansion':
        this.visit(node);
        for (const child of node.namedChildren) this.arithmetic(child, scope);
        b.unknown(node.text, !inDoubleQuotes);
        return;
      case 'variable_assignment':
        this.visit(node);
        this.span(node, b, scope, inDoubleQuotes, first);
        return;
      case 'concatenation':
        this.span(node, b, scope, inDoubleQuotes, first);
        return;
      case 'subscript':
        this.subscript(node, scope);
        b.literalText(node.text, false);
        return;
      case 'brace_expression':
        b.unknown(node.text, true);
        return;
      case 'array':
        for (const element of node.namedChildren) this.word(element, scope);
        b.unknown(node.text, false);
        return;
      case 'extglob_pattern':
      case 'regex':
        // Patterns in [[ ]] and case: matched, never run. A glob character makes them non-literal.
        if (/[*?[]/.test(node.text)) b.glob(node.text);
        else b.literalText(node.text, false);
        return;
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
        b.unknown(node.text, true);
    }
  }

  /** Children of a node in order, with the text between them read as unquoted word text. */
  private span(
    node: SyntaxNode,
    b: WordBuilder,
    scope: Scope,
    inDoubleQuotes: boolean,
    first: boolean,
  ): void {
    let at = node.startIndex;
    let isFirst = first;
    for (const child of node.children) {
      if (child.startIndex > at) {
        this.unquoted(this.text.slice(at, child.startIndex), b, scope, node, isFirst);
        isFirst = false;
      }
      this.wordPart(child, b, scope, inDoubleQuotes, isFirst);
      isFirst = false;
      at = child.endIndex;
    }
    if (node.endIndex > at)
      this.unquoted(this.text.slice(at, node.endIndex), b, scope, node, isFirst);
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
      } else if (c === '*' || c === '?' || c === '[') {
        b.glob(c);
      } else if (c === '~' && i === 0 && first) {
        b.markTilde();
        b.literalText(c, true);
      } else if (
        /[\s;&|<>()`]/.test(c) ||
        (c === '$' && /^[A-Za-z0-9_{(@*#?$!'"-]/.test(raw.slice(i + 1)))
      ) {
        this.problem(
          node,
          scope,
          `has a character (${JSON.stringify(c)}) that bash and the parser read differently`,
        );
        b.unknown(c, true);
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
      else this.wordPart(child, b, scope, true, false);
      at = child.endIndex;
    }
    if (contentEnd > at) this.doubleQuotedText(this.text.slice(at, contentEnd), b);
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
        // An expansion tree-sitter did not mark: its value is unknown.
        b.unknown(raw.slice(i), false);
        return;
      } else {
        b.literalText(c, false);
      }
    }
  }

  private expansion(node: SyntaxNode, scope: Scope): void {
    this.visit(node);
    const children = node.children;
    let subject: SyntaxNode | undefined;
    let indirect = false;
    let afterColon = false;
    const operators: string[] = [];
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as SyntaxNode;
      const field = node.fieldNameForChild(i);
      if (child.type === '${' || child.type === '}') continue;
      if (field === 'operator' || (!child.isNamed && !subject)) {
        if (!subject && child.type === '!') indirect = true;
        if (subject) operators.push(child.type);
        afterColon = subject !== undefined && child.type === ':';
        continue;
      }
      if (
        !subject &&
        (child.type === 'variable_name' ||
          child.type === 'special_variable_name' ||
          child.type === 'subscript')
      ) {
        subject = child;
        if (child.type === 'subscript') this.subscript(child, scope);
        continue;
      }
      if (afterColon) {
        // ${x:offset:length} evaluates offset and length as arithmetic.
        this.arithmetic(child, scope);
        continue;
      }
      if (WORD_TYPES.has(child.type)) this.word(child, scope);
      else if (child.isNamed) this.arithmetic(child, scope);
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
  }

  private substitution(node: SyntaxNode, scope: Scope): void {
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
        return;
      }
    }
    const inner: Scope = {
      where: [...scope.where, label],
      stdin: { kind: 'inherited' },
      repeats: scope.repeats,
      deferred: scope.deferred,
    };
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i) as SyntaxNode;
      const field = node.fieldNameForChild(i);
      if (!child.isNamed) continue;
      if (field === 'redirect' || child.type === 'file_redirect') {
        // $(<file) reads a file; any other redirection here is checked as usual.
        this.redirectOnly(child, [child], inner);
        continue;
      }
      this.statement(child, inner);
    }
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

function isEscapedBackslash(text: string, at: number): boolean {
  // `\\<newline>` is an escaped backslash followed by a plain newline.
  let count = 0;
  for (let i = at - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}
