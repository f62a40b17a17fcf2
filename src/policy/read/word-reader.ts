/*
 * The word reader: quote removal, globs, tildes and expansions, read into a WordBuilder with the
 * canonical print of each part. Named contexts say whether a part stands unquoted, in double quotes
 * or in a heredoc.
 */
import { arithmetic, arrayValue, readSubscript, subscript } from './expansion-rules.js';
import { guardedIndirection } from './guards.js';
import { comment } from '../lexical.js';
import type { Scope, Walk } from './walk-state.js';
import type { Chunk, Doc } from './print.js';
import {
  ABSOLUTE_PATH_VARIABLES,
  EXPANSION_OPERATORS,
  GLOB_TEXT,
  PARAMETER_NAME,
  REGEX_TEXT,
  TERMINATORS,
  WORD_TYPES,
  simpleVariable,
} from '../syntax/syntax.js';
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import type { WordContext } from '../syntax/syntax.js';
import {
  type QuotingMode,
  type Word,
  WordBuilder,
  ansiCBeforeLocale,
  decodeAnsiC,
  literalWord,
} from './words.js';

/** `"$name"` for a variable known not to start with `-`, with the guard that makes it so. */
export function notOptionValue(name: string): string {
  return `"\${${name}/#-/./-}"`;
}

/** Builds a word and checks every expansion and substitution inside it. */
export function word(w: Walk, node: SyntaxNode, scope: Scope, mode: QuotingMode = 'word'): Word {
  return builderFor(w, node, scope, mode).build();
}

/** The words bash makes of an argument: brace expansion done, as bash does it. */
export function fields(w: Walk, node: SyntaxNode, scope: Scope): Word[] {
  return builderFor(w, node, scope, 'word').buildFields();
}

/**
 * The words of arguments tree-sitter gave as several nodes with nothing between them, which bash
 * reads as one word (`'p'\ush` is `push`, not `p` and `ush`).
 */
export function touchingFields(w: Walk, nodes: readonly SyntaxNode[], scope: Scope): Word[] {
  const [first, ...rest] = nodes;
  if (!first) return [];
  if (rest.length === 0) return fields(w, first, scope);
  const last = rest[rest.length - 1] as SyntaxNode;
  const builder = new WordBuilder(w.text.slice(first.startIndex, last.endIndex), first.startIndex);
  nodes.forEach((n, i) => wordPart(w, n, builder, scope, 'unquoted', i === 0));
  return builder.buildFields();
}

/** Nodes in runs that touch: each run is one word to bash. */
export function touchingRuns(nodes: readonly SyntaxNode[]): SyntaxNode[][] {
  const runs: SyntaxNode[][] = [];
  for (const node of nodes) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (run && previous && previous.endIndex === node.startIndex) run.push(node);
    else runs.push([node]);
  }
  return runs;
}

export function builderFor(
  w: Walk,
  node: SyntaxNode,
  scope: Scope,
  mode: QuotingMode,
): WordBuilder {
  const builder = new WordBuilder(node.text, node.startIndex, mode);
  wordPart(w, node, builder, scope, mode === 'heredoc' ? 'heredoc' : 'unquoted', true);
  return builder;
}

export function wordPart(
  w: Walk,
  node: SyntaxNode,
  b: WordBuilder,
  scope: Scope,
  ctx: WordContext,
  first: boolean,
): void {
  const quoted = ctx !== 'unquoted';
  switch (node.type) {
    case 'word':
      unquoted(w, node.text, b, scope, node, first);
      return;
    case 'command_name':
    case 'concatenation':
      span(w, node, b, scope, ctx, first);
      return;
    case 'number':
      if (node.namedChildCount > 0) span(w, node, b, scope, ctx, first);
      else unquoted(w, node.text, b, scope, node, first);
      return;
    case 'raw_string':
      b.literalText(node.text.slice(1, -1), false);
      return;
    case 'string':
      doubleQuoted(w, node, b, scope);
      return;
    case 'translated_string': {
      const inner = node.namedChildren.find((c) => c.type === 'string');
      if (inner) doubleQuoted(w, inner, b, scope);
      else b.unknown(node.text, false, undefined);
      return;
    }
    case 'ansi_c_string':
      ansiCString(node, b);
      return;
    case 'simple_expansion':
      simpleExpansion(w, node, b, scope, ctx);
      return;
    case 'expansion':
      parameterExpansion(w, node, b, scope, ctx);
      return;
    case 'command_substitution':
      b.unknown(withoutBlanks(node), !quoted, quoteIn(ctx, substitution(w, node, scope, ctx)));
      return;
    case 'process_substitution':
      // Bash passes a /dev/fd/N path: never an option.
      b.unknown(node.text, false, substitution(w, node, scope, ctx), '/dev/fd/');
      return;
    case 'arithmetic_expansion':
      b.unknown(withoutBlanks(node), !quoted, quoteIn(ctx, arithmetic(w, node, scope)));
      return;
    case 'variable_assignment': {
      w.visit(node);
      span(w, node, b, scope, ctx, first);
      return;
    }
    case 'subscript':
      subscript(w, node, scope);
      b.literalText(node.text, false);
      return;
    case 'brace_expression':
      unquoted(w, node.text, b, scope, node, first);
      return;
    case 'array': {
      const value = arrayValue(w, node, scope);
      b.unknown(node.text, false, value.printed);
      return;
    }
    case 'extglob_pattern':
    case 'regex':
      patternText(node, b);
      return;
    case 'variable_name':
    case 'special_variable_name':
    case 'test_operator':
    case 'heredoc_content':
      b.literalText(node.text, false);
      return;
    case 'comment':
      comment(w, node, scope);
      return;
    default:
      if (!node.isNamed) {
        // tree-sitter may leave the `$` of `$"…"` apart from its string. Bash translates the string
        // through the message catalogue, and with none it is the double-quoted string itself.
        if (node.type === '$' && ctx === 'unquoted' && w.text[node.endIndex] === '"') return;
        b.literalText(node.text, false);
        return;
      }
      w.problem(node, scope, `could not be analysed (unsupported word part: ${node.type})`);
      b.unknown(node.text, true, undefined);
  }
}

/** `$'…'`: its decoded value, or as written from a character bash converts through its locale. */
function ansiCString(node: SyntaxNode, b: WordBuilder): void {
  const body = node.text.slice(2, -1);
  const decoded = decodeAnsiC(body);
  const local = decoded === undefined ? ansiCBeforeLocale(body) : undefined;
  if (decoded !== undefined) {
    b.literalText(decoded, false, true);
  } else if (local !== undefined) {
    // `$'\u00e9'`: bash converts the character through the locale, so from there on the string
    // is printed as written, and its value is not known.
    if (local.known !== '') b.literalText(local.known, false, true);
    b.unknown(`$'${local.rest}'`, false, [`$'${local.rest}'`]);
  } else b.unknown(node.text, false, undefined);
  return;
}

/** `$name`, `$1`, `$@`: a value known at run time, printed as `${name}`. */
function simpleExpansion(
  w: Walk,
  node: SyntaxNode,
  b: WordBuilder,
  scope: Scope,
  ctx: WordContext,
): void {
  const quoted = ctx !== 'unquoted';
  w.visit(node);
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
        : quoteIn(ctx, [`\${${name}}`]),
    ABSOLUTE_PATH_VARIABLES.has(name) ? '/' : '',
    notOption,
  );
  return;
}

/** `${…}`: its print from expansion(), known not to start with `-` where the scope says so. */
function parameterExpansion(
  w: Walk,
  node: SyntaxNode,
  b: WordBuilder,
  scope: Scope,
  ctx: WordContext,
): void {
  const quoted = ctx !== 'unquoted';
  const print = expansion(w, node, scope, ctx);
  const name = simpleVariable(node);
  const notOption =
    ctx === 'double-quoted' && name !== undefined && scope.notOptions?.has(name) === true;
  const text = withoutBlanks(node);
  b.unknown(
    text,
    !quoted || text.includes('@'),
    notOption ? [notOptionValue(name)] : print && quoteIn(ctx, print),
    ABSOLUTE_PATH_VARIABLES.has(text.slice(2, -1)) ? '/' : '',
    notOption,
  );
  return;
}

/**
 * Patterns in [[ ]], case and ${…}: matched, never run. Elsewhere (`echo == x`) the text
 * tree-sitter took for a pattern is a literal word, and is printed as one.
 */
function patternText(node: SyntaxNode, b: WordBuilder): void {
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

/** A node's text without the blanks tree-sitter may start it with inside double quotes. */
function withoutBlanks(node: SyntaxNode): string {
  return node.text.replace(/^[ \t\n]+/, '');
}

/** An expansion's print in double quotes when it stands inside them. */
export function quoteIn(ctx: WordContext, print: Doc): Doc {
  return ctx === 'double-quoted' ? ['"', ...print, '"'] : print;
}

/** Children of a node in order, with the text between them read as unquoted word text. */
export function span(
  w: Walk,
  node: SyntaxNode,
  b: WordBuilder,
  scope: Scope,
  ctx: WordContext,
  first: boolean,
): void {
  let at = node.startIndex;
  let isFirst = first;
  // Unquoted text is read in one piece however tree-sitter cut it (`src/[x].ts` comes as five
  // words), so a bracket expression or a tilde prefix is seen whole.
  let raw = '';
  const flush = (): void => {
    if (raw === '') return;
    unquoted(w, raw, b, scope, node, isFirst);
    isFirst = false;
    raw = '';
  };
  for (const child of node.children) {
    if (child.startIndex > at) raw += w.text.slice(at, child.startIndex);
    at = child.endIndex;
    if (child.type === 'word') {
      raw += child.text;
      continue;
    }
    flush();
    wordPart(w, child, b, scope, ctx, isFirst);
    isFirst = false;
  }
  if (node.endIndex > at) raw += w.text.slice(at, node.endIndex);
  flush();
}

/** Quote removal for unquoted text: backslash escapes, globs, a leading tilde. */
export function unquoted(
  w: Walk,
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
    } else if ((c === ' ' || c === '\t') && b.quoting === 'parameter') {
      // Inside `${x:-a b}` a blank is part of the operand, not a word break.
      b.literalText(c, true);
    } else if (
      /[\s;&|<>()`]/.test(c) ||
      (c === '$' && /^[A-Za-z0-9_{(@*#?$!'"-]/.test(raw.slice(i + 1)))
    ) {
      w.problem(
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

export function doubleQuoted(w: Walk, node: SyntaxNode, b: WordBuilder, scope: Scope): void {
  const contentStart = node.startIndex + 1;
  const contentEnd = node.endIndex - 1;
  let at = contentStart;
  for (const child of node.children) {
    if (child.endIndex <= contentStart || child.startIndex >= contentEnd) continue;
    if (!child.isNamed && child.type === '"') continue;
    if (child.startIndex > at) doubleQuotedText(w, w.text.slice(at, child.startIndex), b);
    if (child.type === 'string_content') doubleQuotedText(w, child.text, b);
    else {
      // tree-sitter may start an expansion's node with the blanks before it (`"$a ${b}"`); they are
      // text of the string. A simple expansion reads them itself.
      const blanks = /^[ \t\n]*/.exec(child.text)?.[0] ?? '';
      if (blanks !== '' && child.type !== 'simple_expansion') b.literalText(blanks, false);
      wordPart(w, child, b, scope, 'double-quoted', false);
    }
    at = child.endIndex;
  }
  if (contentEnd > at) doubleQuotedText(w, w.text.slice(at, contentEnd), b);
  // `""` is a word even with nothing in it.
  if (contentEnd === contentStart) b.literalText('', false);
}

export function doubleQuotedText(w: Walk, raw: string, b: WordBuilder): void {
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

/** `${x@Q}` and the other transformations that only quote or case a value (not `@P`, which runs). */
const TRANSFORMATIONS = /^[QEAaUuLKk]$/;

/**
 * A removal or substitution on a plain parameter whose pattern and replacement hold nothing that
 * runs or reads a variable (no `$` but ANSI-C quotes, no backquote; a tilde gives a home directory)
 * and nothing that could end the
 * expansion elsewhere for bash than for tree-sitter (no `}`, no quote but ANSI-C's): `${p//\//:}`,
 * `${a[@]/#src\//lib/}`, `${t%%$'\n'*}`.
 */
const PLAIN_OPERATION = new RegExp(
  String.raw`^\$\{(?:[A-Za-z_][A-Za-z0-9_]*(?:\[(?:@|\*|-?[0-9]+)\])?|[0-9@*])` +
    String.raw`(?:\/\/?|\/#|\/%|##?|%%?)` +
    String.raw`(?:[A-Za-z0-9_.,:/@%+=#*?!^~ \[\]-]|\\[^}'"\n]|\$'(?:[^'\\}\n$\`]|\\[abefnrtvE\\'"?]|\\x[0-9a-fA-F]{1,2}|\\[0-7]{1,3})*')*` +
    String.raw`\}$`,
);

/** What reading the children of a `${…}` gathers (see expansion). */
interface ExpansionReading {
  subject: SyntaxNode | undefined;
  indirect: boolean;
  afterColon: boolean;
  printable: boolean;
  /** What a subscript holding a variable puts in front of the expansion (readSubscript). */
  guard: Doc;
  readonly operators: string[];
  readonly out: Chunk[];
}

/** Checks a `${…}` and returns its print, or undefined when it has no form the policy prints. */
export function expansion(
  w: Walk,
  node: SyntaxNode,
  scope: Scope,
  ctx: WordContext,
): Doc | undefined {
  w.visit(node);
  if (PLAIN_OPERATION.test(node.text)) {
    // Nothing in it expands, so bash reads the text as written whatever tree-sitter made of it.
    return [node.text];
  }
  const r: ExpansionReading = {
    subject: undefined,
    indirect: false,
    afterColon: false,
    printable: true,
    guard: [],
    operators: [],
    out: [],
  };
  let at = node.startIndex;
  node.children.forEach((child, i) => {
    if (child.startIndex > at) {
      // Text tree-sitter put in no node: plain characters only.
      const gap = w.text.slice(at, child.startIndex);
      if (/^[A-Za-z0-9_.,:%=/ -]*$/.test(gap)) r.out.push(gap);
      else r.printable = false;
    }
    at = child.endIndex;
    expansionChild(w, child, node.fieldNameForChild(i), scope, ctx, r);
  });
  if (r.indirect) {
    const plain = indirection(w, node, scope, r);
    // `${!name}`: checked when it runs that name's value is a variable name.
    if (plain !== undefined) return [guardedIndirection(plain, node.text), node.text];
  }
  for (let i = 0; i < r.operators.length; i++) {
    if (r.operators[i] === '@' && r.operators[i + 1] === 'P') {
      w.problem(node, scope, 'uses ${…@P}, which runs command substitutions in a value');
    }
  }
  noteAssigningOperator(w, node, scope, r);
  // `${#}`, `${@}`…: a special parameter tree-sitter reads as an operator alone.
  if (!r.subject && r.printable && /^\$\{[#@*?$!-]\}$/.test(node.text)) return [node.text];
  return r.printable && r.subject ? [...r.guard, ...r.out] : undefined;
}

/** One child of a `${…}`: its print added to `r.out`, or `r.printable` cleared. */
function expansionChild(
  w: Walk,
  child: SyntaxNode,
  field: string | null,
  scope: Scope,
  ctx: WordContext,
  r: ExpansionReading,
): void {
  const { operators, out } = r;
  if (child.type === '${' || child.type === '}') {
    out.push(child.type);
  } else if (field === 'operator' || (!child.isNamed && !r.subject)) {
    if (!r.subject && child.type === '!') r.indirect = true;
    if (r.subject) operators.push(child.type);
    r.afterColon = r.subject !== undefined && child.type === ':';
    if (
      EXPANSION_OPERATORS.has(child.type) ||
      (TRANSFORMATIONS.test(child.type) && operators[operators.length - 2] === '@')
    )
      out.push(child.type);
    else r.printable = false;
  } else if (
    !r.subject &&
    (child.type === 'variable_name' ||
      child.type === 'special_variable_name' ||
      child.type === 'subscript')
  ) {
    r.subject = child;
    expansionSubject(w, child, scope, r);
  } else if (r.afterColon) {
    // ${x:offset:length} evaluates offset and length as arithmetic; a negative offset keeps the
    // blank before it, or `:-` would read as a default value.
    if (child.type === 'number' && /^-[0-9]+$/.test(child.text)) {
      w.visit(child);
      out.push(` ${child.text}`);
    } else out.push(...arithmetic(w, child, scope));
  } else if (WORD_TYPES.has(child.type)) {
    const builder = new WordBuilder(child.text, child.startIndex, 'parameter');
    wordPart(w, child, builder, scope, ctx === 'heredoc' ? 'heredoc' : ctx, false);
    const word = builder.build();
    if (word.printed) out.push(...word.printed);
    else r.printable = false;
  } else if (child.isNamed) {
    out.push(...arithmetic(w, child, scope));
  } else if (TRANSFORMATIONS.test(child.type) && operators[operators.length - 1] === '@') {
    out.push(child.type);
  } else r.printable = false;
}

/** The parameter a `${…}` reads: a name, or an element through readSubscript. */
function expansionSubject(w: Walk, child: SyntaxNode, scope: Scope, r: ExpansionReading): void {
  if (child.type === 'subscript') {
    const read = readSubscript(w, child, scope);
    if (read) {
      r.out.push(read.print);
      r.guard = read.guard;
    } else r.printable = false;
  } else if (PARAMETER_NAME.test(child.text)) {
    r.out.push(child.text);
  } else r.printable = false;
}

/**
 * `${!…}`: the name whose value `${!name}` reads, checked when it runs; undefined for the lists of
 * keys and names, which read no value, and for any other form, which is refused.
 */
function indirection(
  w: Walk,
  node: SyntaxNode,
  scope: Scope,
  r: ExpansionReading,
): string | undefined {
  const { subject, operators } = r;
  const listsKeys = subject?.type === 'subscript' && /\[[@*]\]$/.test(subject.text);
  const listsNames = operators.length === 1 && (operators[0] === '*' || operators[0] === '@');
  if (listsKeys || listsNames) return undefined;
  const plain = /^\$\{!([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(node.text)?.[1];
  if (plain !== undefined) return plain;
  w.problem(node, scope, 'uses indirect expansion ${!…}, which can run commands hidden in a value');
  return undefined;
}

/** `${x=…}` and `${x:=…}` assign x: recorded as a bare assignment, checked as one. */
function noteAssigningOperator(w: Walk, node: SyntaxNode, scope: Scope, r: ExpansionReading): void {
  const { subject, operators } = r;
  const name =
    subject?.type === 'subscript' ? subject.childForFieldName('name')?.text : subject?.text;
  if (!(operators.includes('=') || operators.includes(':=')) || name === undefined) return;
  w.commands.push({
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

export function substitution(w: Walk, node: SyntaxNode, scope: Scope, ctx: WordContext): Doc {
  w.visit(node);
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
      w.problem(node, scope, 'has backslash escapes inside `…`; use $(…) instead');
      return [w.cannotPrint(node, 'backquotes with escapes')];
    }
  }
  void ctx;
  const inner: Scope = {
    where: [...scope.where, label],
    stdin: { kind: 'inherited' },
    repeats: scope.repeats,
    deferred: scope.deferred,
    inFunction: scope.inFunction,
  };
  const out: Chunk[] = [node.type === 'process_substitution' ? open : '$(', { nest: 'enter' }];
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as SyntaxNode;
    const field = node.fieldNameForChild(i);
    if (!child.isNamed) {
      if (TERMINATORS.has(child.type)) out.push(child.type, ' ');
      else if (!['$(', '`', ')', '<(', '>('].includes(child.type))
        out.push(w.cannotPrint(child, `'${child.type}'`));
      continue;
    }
    if (child.type === 'comment') {
      comment(w, child, scope);
      continue;
    }
    if (field === 'redirect' || child.type === 'file_redirect') {
      // $(<file) reads a file; any other redirection here is checked as usual.
      out.push(...w.read.redirectOnly(w, child, [child], inner));
      continue;
    }
    out.push(...w.read.statement(w, child, inner));
    const next = children[i + 1];
    if (next && !next.isNamed && TERMINATORS.has(next.type)) out.push(' ');
    else if (next && next.isNamed) out.push({ newline: true });
  }
  out.push({ nest: 'leave' }, ')');
  return out;
}
