/*
 * The statement walker: each node kind a statement can be has its handler, which records the simple
 * commands it holds and returns its print; any other kind refuses.
 */
import { arithmetic, assignment, assignmentWord, printAssignment } from './expansion-rules.js';
import { isFrameName } from '../frame.js';
import { comment } from '../lexical.js';
import { letArguments } from './let-arguments.js';
import { type Assignment, type Redirect, type Scope, type Walk, sourceOf } from './walk-state.js';
import { arithmeticCommand, testCommand } from './conditions.js';
import type { Chunk, Doc } from './print.js';
import { printRedirects, redirect, redirectOnly, redirectStdin } from './redirects.js';
import {
  KEYWORDS,
  LIST_OPERATORS,
  RESERVED,
  STATEMENT_TYPES,
  TERMINATORS,
  WORD_TYPES,
} from '../syntax/syntax.js';
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import { timeKeyword } from './time-keyword.js';
import { touchingFields, touchingRuns, word } from './word-reader.js';
import { type Word, literalWord, mayBeOption } from './words.js';

/**
 * A list of statements with the reserved words around them (a program, a body, a group): each
 * statement ends with the `;` or `&` written after it, or else with a line end.
 */
export function statements(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  const out: Chunk[] = [];
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as SyntaxNode;
    if (!child.isNamed) {
      if (TERMINATORS.has(child.type) || KEYWORDS.has(child.type)) out.push(child.type, ' ');
      else out.push(w.cannotPrint(child, `'${child.type}'`));
      continue;
    }
    if (child.type === 'comment') {
      comment(w, child, scope);
      continue;
    }
    out.push(...statement(w, child, scope));
    if (STATEMENT_TYPES.has(child.type)) {
      let next = children[i + 1];
      for (let j = i + 2; next?.type === 'comment'; j++) next = children[j];
      if (!next || next.isNamed || !TERMINATORS.has(next.type)) out.push({ newline: true });
      else out.push(' ');
    }
  }
  return out;
}

/**
 * A simple command's print, with the assignments its words put before it (see `Walk.hoisted`):
 * grouped, so they run just before it wherever it stands in a list or pipeline.
 */
function withHoisted(w: Walk, mark: number, print: Doc): Doc {
  if (w.hoisted.length === mark) return print;
  const before = w.hoisted.splice(mark).flatMap((h) => (h.length === 0 ? [] : [...h, ' ']));
  if (before.length === 0) return print;
  return ['{ ', ...before, ...print, '; }'];
}

/** Walks one kind of statement: records its simple commands and returns its print. */
type StatementHandler = (w: Walk, node: SyntaxNode, scope: Scope) => Doc;

/**
 * The node kinds a statement may be, each with its handler. A kind not in this table is refused:
 * the policy neither checks nor prints what it does not read.
 */
const STATEMENT_HANDLERS: ReadonlyMap<string, StatementHandler> = new Map<string, StatementHandler>(
  [
    [
      'comment',
      (w, node, scope) => {
        comment(w, node, scope);
        return [];
      },
    ],
    ['program', statements],
    ['do_group', statements],
    ['else_clause', statements],
    ['elif_clause', statements],
    ['if_statement', statements],
    ['list', (w, node, scope) => flat(w, node, scope)],
    [
      'compound_statement',
      (w, node, scope) =>
        node.child(0)?.type === '(('
          ? arithmeticCommand(w, node, scope)
          : statements(w, node, scope),
    ],
    [
      'subshell',
      (w, node, scope) =>
        statements(w, node, { ...scope, where: [...scope.where, 'in a subshell'] }),
    ],
    ['while_statement', (w, node, scope) => statements(w, node, { ...scope, repeats: true })],
    ['for_statement', forStatement],
    ['c_style_for_statement', cStyleFor],
    ['case_statement', caseStatement],
    ['pipeline', pipeline],
    [
      'negated_command',
      (w, node, scope) => {
        const out: Chunk[] = ['! '];
        for (const child of node.namedChildren) out.push(...statement(w, child, scope));
        return out;
      },
    ],
    ['redirected_statement', redirectedStatement],
    ['function_definition', functionDefinition],
    ['command', (w, node, scope) => simpleCommand(w, node, [], scope)],
    ['declaration_command', (w, node, scope) => simpleCommand(w, node, [], scope)],
    ['unset_command', (w, node, scope) => simpleCommand(w, node, [], scope)],
    ['variable_assignment', (w, node, scope) => bareAssignments(w, node, [], scope)],
    ['variable_assignments', (w, node, scope) => bareAssignments(w, node, [], scope)],
    ['test_command', (w, node, scope) => testCommand(w, node, [], scope)],
    [
      'heredoc_body',
      (w, node, scope) => {
        // Reached only through its redirect; a stray body means the heredoc was not understood.
        if (!w.visited.has(node.id)) w.problem(node, scope, 'could not be analysed (heredoc)');
        return [w.cannotPrint(node, 'a heredoc body')];
      },
    ],
  ],
);

export function statement(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  // A `time` keyword the text was read without: it goes before the pipeline that starts where the
  // compound command does, which a list starting there is not.
  const keyword = node.type === 'list' ? undefined : w.timed.get(node.startIndex);
  if (keyword !== undefined) {
    w.timed.delete(node.startIndex);
    return [keyword, ' ', ...statement(w, node, scope)];
  }
  const handler = STATEMENT_HANDLERS.get(node.type);
  if (handler) {
    const mark = w.hoisted.length;
    const print = handler(w, node, scope);
    if (w.hoisted.length === mark) return print;
    // Only a simple command takes assignments before it; anywhere else there is no place for them.
    w.hoisted.length = mark;
    return [...print, w.cannotPrint(node, 'command output in arithmetic here')];
  }
  if (WORD_TYPES.has(node.type)) {
    word(w, node, scope);
    return [w.cannotPrint(node, 'a word outside a command')];
  }
  w.problem(node, scope, `could not be analysed (unsupported syntax: ${node.type})`);
  return [w.cannotPrint(node, node.type)];
}

/** A list or pipeline: statements joined by their operators, on one line. */
export function flat(w: Walk, node: SyntaxNode, scope: Scope, piped = false): Doc {
  const out: Chunk[] = [];
  let first = true;
  for (const child of node.children) {
    if (!child.isNamed) {
      if (LIST_OPERATORS.has(child.type)) out.push(' ', child.type, ' ');
      else out.push(w.cannotPrint(child, `'${child.type}'`));
      continue;
    }
    if (child.type === 'comment') {
      comment(w, child, scope);
      continue;
    }
    out.push(
      ...statement(w, child, piped && !first ? { ...scope, stdin: { kind: 'pipe' } } : scope),
    );
    if (STATEMENT_TYPES.has(child.type)) first = false;
  }
  return out;
}

export function pipeline(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  return flat(w, node, scope, true);
}

export function forStatement(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  let bodyNode: SyntaxNode | undefined;
  let variable: string | undefined;
  const keyword = node.child(0)?.type === 'select' ? 'select' : 'for';
  const out: Chunk[] = [keyword, ' '];
  const valueNodes: SyntaxNode[] = [];
  let hasIn = false;
  let body: Doc = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i) as SyntaxNode;
    if (!child.isNamed) {
      if (child.type === 'in') hasIn = true;
      continue;
    }
    const field = node.fieldNameForChild(i);
    if (field === 'variable') {
      // `for NAME in …` and `select NAME in …` assign NAME like a bare assignment.
      w.visit(child);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(child.text))
        out.push(w.cannotPrint(child, 'a loop variable'));
      else {
        out.push(child.text);
        variable = child.text;
      }
      w.commands.push({
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
      valueNodes.push(child);
    } else if (child.type === 'comment') {
      comment(w, child, scope);
    } else {
      bodyNode = child;
    }
  }
  const values =
    hasIn || valueNodes.length > 0
      ? touchingRuns(valueNodes).flatMap((run) => touchingFields(w, run, scope))
      : undefined;
  if (bodyNode) body = statement(w, bodyNode, loopScope(w, scope, variable, values));
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
export function loopScope(
  w: Walk,
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

export function cStyleFor(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  const body = node.childForFieldName('body');
  const out: Chunk[] = [];
  for (const child of node.children) {
    if (!child.isNamed) {
      if (child.type === 'for' || child.type === '((' || child.type === '))' || child.type === ';')
        out.push(child.type, ' ');
      else out.push(w.cannotPrint(child, `'${child.type}'`));
      continue;
    }
    if (body && child.id === body.id) out.push(...statement(w, child, { ...scope, repeats: true }));
    else if (child.type === 'comment') comment(w, child, scope);
    else out.push(...arithmetic(w, child, scope), ' ');
  }
  return out;
}

export function caseStatement(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  const out: Chunk[] = [];
  for (const child of node.children) {
    if (!child.isNamed) {
      if (child.type === 'case' || child.type === 'in' || child.type === 'esac')
        out.push(child.type, child.type === 'in' ? '\n' : ' ');
      else out.push(w.cannotPrint(child, `'${child.type}'`));
      continue;
    }
    if (child.type === 'comment') {
      comment(w, child, scope);
    } else if (child.type === 'case_item') {
      out.push(...caseItem(w, child, scope), { newline: true });
    } else if (WORD_TYPES.has(child.type)) {
      out.push({ word: word(w, child, scope) }, ' ');
    } else {
      statement(w, child, scope);
      out.push(w.cannotPrint(child, 'a case subject'));
    }
  }
  return out;
}

export function caseItem(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  const values = new Set(node.childrenForFieldName('value').map((v) => v.id));
  const out: Chunk[] = [];
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const part = children[i] as SyntaxNode;
    if (!part.isNamed) {
      if (part.type === '|' || part.type === '(' || part.type === ')') out.push(part.type, ' ');
      else if (TERMINATORS.has(part.type)) out.push(part.type);
      else out.push(w.cannotPrint(part, `'${part.type}'`));
      continue;
    }
    if (values.has(part.id)) {
      out.push({ word: word(w, part, scope, 'pattern') }, ' ');
    } else if (part.type === 'comment') {
      comment(w, part, scope);
    } else {
      out.push(...statement(w, part, scope));
      const next = children[i + 1];
      if (!next || next.isNamed || !TERMINATORS.has(next.type)) out.push({ newline: true });
      else out.push(' ');
    }
  }
  return out;
}

export function functionDefinition(w: Walk, node: SyntaxNode, scope: Scope): Doc {
  w.visit(node);
  const name = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  const label = name ? `in the body of function ${name.text}` : 'in a function body';
  const out: Chunk[] = [];
  if (!name || !/^[A-Za-z_][A-Za-z0-9_.:-]*$/.test(name.text)) {
    w.problem(node, scope, 'defines a function whose name the policy does not accept');
    out.push(w.cannotPrint(node, 'a function name'));
  } else {
    if (isFrameName(name.text)) {
      w.problem(
        node,
        scope,
        `defines a function named ${name.text}, a name the session's frame relies on, which cannot be redefined`,
        'frame-name',
      );
    }
    out.push(name.text, ' () ');
    w.functions.push(name.text);
  }
  // A function body runs when called, possibly in a later call; a subshell body cannot change
  // the caller's directory.
  const inner: Scope = {
    where: [...scope.where, label],
    stdin: { kind: 'inherited' },
    repeats: true,
    deferred: body?.type !== 'subshell',
    inFunction: true,
  };
  const redirects: SyntaxNode[] = [];
  for (const child of node.namedChildren) {
    if (child.id === name?.id) continue;
    if (child.type === 'file_redirect' || child.type === 'herestring_redirect')
      redirects.push(child);
    else out.push(...statement(w, child, inner));
  }
  if (redirects.length > 0) out.push(' ', ...redirectOnly(w, node, redirects, inner));
  return out;
}

export function redirectedStatement(w: Walk, node: SyntaxNode, scope: Scope): Doc {
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
    out.push(...redirectOnly(w, node, redirects, scope));
  } else if (
    body.type === 'command' ||
    body.type === 'declaration_command' ||
    body.type === 'unset_command'
  ) {
    out.push(...simpleCommand(w, body, redirects, scope));
  } else if (body.type === 'variable_assignment' || body.type === 'variable_assignments') {
    out.push(...bareAssignments(w, body, redirects, scope));
  } else if (body.type === 'test_command') {
    out.push(...testCommand(w, body, redirects, scope));
  } else {
    const printedRedirects = redirectOnly(w, node, redirects, scope);
    const stdin = redirectStdin(w, redirects);
    out.push(...statement(w, body, stdin ? { ...scope, stdin } : scope), ' ', ...printedRedirects);
  }
  for (const continuation of continuations) {
    if (continuation.operator === undefined) {
      // The pipeline node starts with `|`: every command in it reads from the pipe.
      out.push(...flat(w, continuation.node, { ...scope, stdin: { kind: 'pipe' } }));
    } else if (continuation.operator === '&&' || continuation.operator === '||') {
      out.push(' ', continuation.operator, ' ', ...statement(w, continuation.node, scope));
    } else {
      statement(w, continuation.node, scope);
      out.push(w.cannotPrint(continuation.node, 'what follows a heredoc'));
    }
  }
  return out;
}

export function bareAssignments(
  w: Walk,
  node: SyntaxNode,
  redirectNodes: SyntaxNode[],
  scope: Scope,
): Doc {
  const list = node.type === 'variable_assignments' ? node.namedChildren : [node];
  return assignmentStatement(w, node, list, redirectNodes, scope);
}

/** Assignments with no command after them, and the redirections that go with them. */
function assignmentStatement(
  w: Walk,
  node: SyntaxNode,
  list: readonly SyntaxNode[],
  redirectNodes: SyntaxNode[],
  scope: Scope,
  source = sourceOf(w, node, redirectNodes),
): Doc {
  const mark = w.hoisted.length;
  const assignments: Assignment[] = [];
  const out: Chunk[] = [];
  for (const a of list) {
    if (a.type === 'variable_assignment') {
      const read = assignment(w, a, scope);
      assignments.push(read);
      out.push(...printAssignment(w, read), ' ');
    } else {
      out.push(...statement(w, a, scope));
    }
  }
  const redirects: Redirect[] = [];
  const extra: Word[] = [];
  for (const r of redirectNodes) redirect(w, r, scope, redirects, extra);
  if (extra.length > 0) {
    // `X=1 >f cmd`: tree-sitter calls cmd a redirect target; it is the command.
    w.problem(node, scope, 'has an assignment followed by words the parser misread');
  }
  w.commands.push({
    words: [],
    assignments,
    redirects,
    scope,
    source,
    start: list[0]?.startIndex ?? node.startIndex,
  });
  out.push(...printRedirects(w, redirects));
  return withHoisted(w, mark, out);
}

/**
 * The index of the first child of a command that bash reads on a later line than the one before
 * it, or -1. tree-sitter may run assignments on one line into the command on the next (`a=1 b=2`
 * then `echo $a`), which bash reads as two commands.
 */
function lineBreakAt(w: Walk, node: SyntaxNode, from: number): number {
  const children = node.children;
  for (let i = from + 1; i < children.length; i++) {
    const gap = w.text.slice(
      (children[i - 1] as SyntaxNode).endIndex,
      (children[i] as SyntaxNode).startIndex,
    );
    if (gap.replace(/\\\n/g, '').includes('\n')) return i;
  }
  return -1;
}

export function simpleCommand(
  w: Walk,
  node: SyntaxNode,
  outerRedirects: SyntaxNode[],
  scope: Scope,
  from = 0,
): Doc {
  w.visit(node);
  const lineBreak = lineBreakAt(w, node, from);
  if (lineBreak >= 0) {
    const before = node.children.slice(from, lineBreak);
    const redirectTypes = ['file_redirect', 'herestring_redirect'];
    const assignmentsOnly = before.every(
      (c) =>
        c.type === 'variable_assignment' || c.type === 'comment' || redirectTypes.includes(c.type),
    );
    if (node.type !== 'command' || !assignmentsOnly) {
      w.problem(node, scope, 'could not be parsed reliably (a command read across lines)');
      return [w.cannotPrint(node, 'a command across lines')];
    }
    const list = before.filter((c) => c.type === 'variable_assignment');
    for (const c of before) if (c.type === 'comment') comment(w, c, scope);
    const last = before[before.length - 1] as SyntaxNode;
    const head = assignmentStatement(
      w,
      node,
      list,
      before.filter((c) => redirectTypes.includes(c.type)),
      scope,
      w.text.slice(before[0]?.startIndex ?? node.startIndex, last.endIndex),
    );
    return [
      ...head,
      { newline: true },
      ...simpleCommand(w, node, outerRedirects, scope, lineBreak),
    ];
  }
  const mark = w.hoisted.length;
  const assignments: Assignment[] = [];
  const wordNodes: SyntaxNode[] = [];
  const redirectNodes: SyntaxNode[] = [...outerRedirects];
  const out: Chunk[] = [];
  const count = node.childCount;
  let keyword: Word | undefined;
  for (let i = from; i < count; i++) {
    const child = node.child(i);
    if (!child) continue;
    const field = node.fieldNameForChild(i);
    if (child.type === 'comment') {
      comment(w, child, scope);
    } else if (
      child.type === 'variable_assignment' &&
      field !== 'argument' &&
      node.type === 'command'
    ) {
      assignments.push(assignment(w, child, scope));
    } else if (
      field === 'redirect' ||
      child.type === 'file_redirect' ||
      child.type === 'herestring_redirect'
    ) {
      redirectNodes.push(child);
    } else if (child.type === 'command_name') {
      w.visit(child);
      wordNodes.push(child);
    } else if (child.type === 'subshell') {
      w.problem(child, scope, 'could not be analysed (subshell inside a command)');
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
  for (const r of redirectNodes) redirect(w, r, scope, redirects, extraWords);
  const stdin = redirectStdin(w, redirectNodes);
  let assoc = false;
  const words = touchingRuns(wordNodes).flatMap((run) => {
    if (run.length === 1 && run[0]?.type === 'variable_assignment')
      return [assignmentWord(w, run[0], scope, assoc)];
    const read = touchingFields(w, run, scope);
    if (!keyword) return read;
    // Bash decides at parse time whether `NAME=(…)` after a declaration builtin makes an
    // associative array, from the words before it spelled `-…A…` (`a` and `g` count too): the
    // option has to reach bash bare.
    const raw = w.text.slice(run[0]?.startIndex ?? 0, run[run.length - 1]?.endIndex ?? 0);
    if (/^[-+][A-Za-z]+$/.test(raw)) {
      if (/^-[A-Za-z]*A/.test(raw)) assoc = true;
      return read.map((word) => ({ ...word, printed: [raw] }));
    }
    if (/^-.*[Aag]/.test(raw))
      return read.map((word) => ({
        ...word,
        printed: [
          w.cannotPrint(run[0] as SyntaxNode, 'an option spelled with quotes or expansions'),
        ],
      }));
    return read;
  });
  if (keyword) words.unshift(keyword);
  const all = letArguments(
    w,
    [...words, ...extraWords].sort((a, b) => a.start - b.start),
    scope,
  );
  if (timeKeyword(node, from, assignments.length > 0)) keywordTime(w, node, all);
  const name = all[0];
  if (name && name.literal && RESERVED.has(name.text)) {
    w.problem(
      node,
      scope,
      `could not be parsed reliably ('${name.text}' where a command should be)`,
    );
  }
  w.commands.push({
    words: all,
    assignments,
    redirects,
    scope: stdin ? { ...scope, stdin } : scope,
    source: sourceOf(w, node, redirectNodes, node.child(from)?.startIndex),
    start: node.child(from)?.startIndex ?? node.startIndex,
  });
  for (const assignment of assignments) out.push(...printAssignment(w, assignment), ' ');
  all.forEach((word, i) => out.push(i > 0 ? ' ' : '', { word }));
  out.push(...printRedirects(w, redirects));
  return withHoisted(w, mark, out);
}

/**
 * Prints `time` as the keyword, with the `-p` and `--` bash reads as its own options bare too, as
 * bash needs them to read them so. The keyword runs what follows as the command even when it starts
 * with `-`, where the program would take it as its option: that is refused.
 */
function keywordTime(w: Walk, node: SyntaxNode, all: Word[]): void {
  let i = 0;
  const bare = (spelling: string): boolean => {
    const word = all[i];
    if (!word || word.source !== spelling || word.text !== spelling) return false;
    all[i] = { ...word, printed: [spelling] };
    i++;
    return true;
  };
  bare('time');
  if (bare('-p')) bare('--');
  else bare('--');
  const next = all[i];
  if (next && mayBeOption(next)) {
    all[i] = { ...next, printed: [w.cannotPrint(node, 'the time keyword before an option')] };
  }
}
