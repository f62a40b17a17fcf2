/*
 * Redirections and heredocs: what each writes or reads, the standard input it gives, and its print
 * (heredocs with a delimiter the policy chooses).
 */
import {
  descriptorWhy,
  endsInVariableDescriptor,
  EXPANDED_DESCRIPTOR_WHY,
  isFrameDescriptor,
  VARIABLE_DESCRIPTOR_WHY,
} from '../frame.js';
import type { Redirect, Scope, Stdin, Walk } from './walk-state.js';
import type { Chunk, Doc } from './print.js';
import {
  REDIRECT_OPERATORS,
  WORD_TYPES,
  fieldOf,
  operatorOf,
  quotedDelimiter,
} from '../syntax/syntax.js';
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import { fields, word, wordPart } from './word-reader.js';
import { type Word, WordBuilder } from './words.js';

/** Redirections of a compound command or function: checked as writes, with no argv. */
export function redirectOnly(
  w: Walk,
  node: SyntaxNode,
  redirectNodes: SyntaxNode[],
  scope: Scope,
): Doc {
  const redirects: Redirect[] = [];
  const extra: Word[] = [];
  for (const r of redirectNodes) redirect(w, r, scope, redirects, extra);
  if (extra.length > 0) {
    w.problem(node, scope, 'has words after a redirection of a compound command');
  }
  if (redirects.length > 0) {
    w.commands.push({
      words: [],
      assignments: [],
      redirects,
      scope,
      source: redirects.map((r) => r.source).join(' '),
      start: redirectNodes[0]?.startIndex ?? node.startIndex,
    });
  }
  return printRedirects(w, redirects);
}

export function printRedirects(w: Walk, redirects: readonly Redirect[]): Doc {
  const out: Chunk[] = [];
  for (const r of redirects) out.push(' ', ...(w.redirectPrints.get(r) ?? []));
  return out;
}

/** The standard input a set of redirections gives the commands they apply to. */
export function redirectStdin(w: Walk, redirectNodes: SyntaxNode[]): Stdin | undefined {
  let stdin: Stdin | undefined;
  for (const r of redirectNodes) {
    const descriptor = r.childForFieldName('descriptor')?.text;
    if (descriptor !== undefined && descriptor !== '0') continue;
    if (r.type === 'heredoc_redirect' || r.type === 'herestring_redirect') {
      stdin = w.inputs.get(r.id) ?? { kind: 'text', text: '', literal: false };
    } else if (r.type === 'file_redirect') {
      const op = operatorOf(r);
      if (op === '<') stdin = { kind: 'file' };
      else if (op === '<&') stdin = { kind: 'pipe' };
    }
  }
  return stdin;
}

/** A backslash pair (passed over), or a plain variable in heredoc text: `$name`, `${name}`, `$1`. */
const UNMARKED_VARIABLE =
  /\\[\s\S]|\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\}|([0-9]))/g;

export function heredocText(
  w: Walk,
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
    body: [w.cannotPrint(node, 'a heredoc')],
  });
  if (!start || !end) {
    w.problem(node, scope, 'has a heredoc the policy could not delimit');
    return unknown();
  }
  const quoted = quotedDelimiter(start);
  const delimiter = start.text.replace(/\\(.)/g, '$1').replace(/['"]/g, '');
  const stripTabs = operator === '<<-';
  const afterStart = w.text[start.endIndex];
  // tree-sitter starts the body node after any blank lines and leading blanks, which are part of
  // the body to bash: it starts right after the line end before them.
  let bodyStart = body ? body.startIndex : 0;
  if (body) {
    let blank = bodyStart;
    while (blank > start.endIndex && /[ \t\n]/.test(w.text[blank - 1] as string)) blank--;
    const lineEnd = w.text.indexOf('\n', blank);
    if (lineEnd >= 0 && lineEnd < bodyStart) bodyStart = lineEnd + 1;
  }
  const bodyText = body ? w.text.slice(bodyStart, body.endIndex) : '';
  const lines = bodyText.split('\n');
  // Bash ends the body at the first line equal to the delimiter; if tree-sitter ended it
  // elsewhere, commands could hide in what it calls the body.
  const early = lines
    .slice(0, -1)
    .some((line) => (stripTabs ? line.replace(/^\t+/, '') : line) === delimiter);
  const endLineStart = w.text.lastIndexOf('\n', end.startIndex - 1) + 1;
  const endPrefix = w.text.slice(endLineStart, end.startIndex);
  const endAfter = w.text[end.endIndex];
  if (
    (afterStart !== undefined && !/[\s;&|<>()]/.test(afterStart)) ||
    end.text !== delimiter ||
    early ||
    !(endPrefix === '' || (stripTabs && /^\t+$/.test(endPrefix))) ||
    (endAfter !== undefined && endAfter !== '\n')
  ) {
    w.problem(node, scope, 'has a heredoc whose end the policy could not determine');
    return unknown();
  }
  if (!body) return { stdin: { kind: 'text', text: '', literal: true }, quoted: true, body: [] };
  w.visit(body);
  const strip = (text: string): string => (stripTabs ? text.replace(/^\t+/gm, '') : text);
  if (quoted) {
    for (const child of body.descendantsOfType([
      'command_substitution',
      'expansion',
      'simple_expansion',
      'arithmetic_expansion',
      'process_substitution',
    ])) {
      if (child) w.visit(child);
    }
    const text = strip(bodyText);
    return { stdin: { kind: 'text', text, literal: true }, quoted: true, body: [text] };
  }
  // Unquoted: bash expands $…, `…` and $(…) in the body. Make sure tree-sitter saw each of them.
  const covered: Array<[number, number]> = [];
  const builder = new WordBuilder(bodyText, body.startIndex, 'heredoc');
  let literal = true;
  let at = bodyStart;
  const plainText = (from: number, to: number): void => {
    const raw = w.text.slice(from, to);
    // `<<-` strips tabs at the start of a line, not after an expansion in it.
    const lineStart = from === bodyStart || w.text[from - 1] === '\n';
    const stripped = stripTabs
      ? raw.replace(/(^|\n)\t+/g, (m: string, nl: string) => (nl === '' && !lineStart ? m : nl))
      : raw;
    // In an unquoted body a backslash quotes only `\`, `$`, `` ` `` and the line end.
    const value = stripped.replace(/\\([\\$`\n])/g, (_, c: string) => (c === '\n' ? '' : c));
    builder.literalText(value, false);
  };
  const text = (from: number, to: number): void => {
    // tree-sitter marks no expansion in some bodies (inside a function's, after `<<-`): the plain
    // variables among them (`$name`, `${name}`, `$1`) are read here; anything else stays unmarked
    // and is refused below.
    let last = from;
    for (const m of w.text.slice(from, to).matchAll(UNMARKED_VARIABLE)) {
      const name = m[1] ?? m[2] ?? m[3];
      if (name === undefined) continue;
      const start = from + m.index;
      if (start > last) plainText(last, start);
      builder.unknown(m[0], false, [`\${${name}}`]);
      covered.push([start, start + m[0].length]);
      literal = false;
      last = start + m[0].length;
    }
    if (to > last) plainText(last, to);
  };
  for (const child of body.namedChildren) {
    if (child.type === 'heredoc_content') continue;
    if (child.startIndex > at) text(at, child.startIndex);
    covered.push([child.startIndex, child.endIndex]);
    literal = false;
    wordPart(w, arithmeticInBody(w, child) ?? child, builder, scope, 'heredoc', false);
    at = child.endIndex;
  }
  if (body.endIndex > at) text(at, body.endIndex);
  if (unreadExpansion(w, scope, bodyStart, body.endIndex, covered)) return unknown();
  const word = builder.build();
  const printed: Doc = word.printed ?? [w.cannotPrint(body, 'a heredoc body')];
  return {
    stdin: { kind: 'text', text: word.text, literal },
    quoted: literal,
    body: literal ? [word.text] : printed,
  };
}

/**
 * tree-sitter reads `$((2 + 3))` in a heredoc body as a command substitution running a subshell,
 * where bash reads arithmetic whenever the text parses as arithmetic. The span parsed alone, as a
 * word, gives the arithmetic node. Quotes and backslashes are left out: bash reads them in a body
 * otherwise than in a word. Text that does not parse as arithmetic stays a command substitution, as
 * it is to bash, and its print `$( (…) )` keeps it one.
 */
function arithmeticInBody(w: Walk, node: SyntaxNode): SyntaxNode | undefined {
  if (node.type !== 'command_substitution' || !/^\$\(\([^"'\\]*\)\)$/.test(node.text))
    return undefined;
  const root = w.parseSpan(node);
  if (root.hasError) return undefined;
  const found = root.descendantForIndex(node.startIndex, node.endIndex);
  return found?.type === 'arithmetic_expansion' &&
    found.startIndex === node.startIndex &&
    found.endIndex === node.endIndex
    ? found
    : undefined;
}

/**
 * Whether an unquoted heredoc body, from `from` to `to`, holds an expansion that is not among the
 * `covered` ranges read, or a backslash-newline that could join one; reported as a problem.
 */
function unreadExpansion(
  w: Walk,
  scope: Scope,
  from: number,
  to: number,
  covered: ReadonlyArray<readonly [number, number]>,
): boolean {
  for (let i = from; i < to; i++) {
    const c = w.text[i];
    if (c === '\\') {
      // Bash removes the pair first, so `$\<newline>(` is `$(`; after a blank, outside what
      // tree-sitter read as an expansion, it joins nothing that expands.
      const joinsNothing =
        /[ \t\n]/.test(w.text[i - 1] ?? '\n') && !covered.some(([s, e]) => i >= s && i < e);
      if (w.text[i + 1] === '\n' && !joinsNothing) {
        w.problem(i, scope, 'has a backslash-newline in a heredoc that the policy does not join');
        return true;
      }
      i++;
      continue;
    }
    if ((c === '$' || c === '`') && !covered.some(([s, e]) => i >= s && i < e)) {
      const next = w.text[i + 1];
      if (c === '$' && (next === undefined || !/[A-Za-z0-9_{(@*#?$!-]/.test(next))) continue;
      w.problem(i, scope, 'has an expansion in a heredoc that the policy could not analyse');
      return true;
    }
  }
  return false;
}

export function redirect(
  w: Walk,
  node: SyntaxNode,
  scope: Scope,
  out: Redirect[],
  extraWords: Word[],
): void {
  w.visit(node);
  const descriptor = node.childForFieldName('descriptor')?.text;
  checkDescriptor(w, node, scope, descriptor);
  const fd = descriptor !== undefined && /^[0-9]+$/.test(descriptor) ? descriptor : '';
  if (node.type === 'heredoc_redirect') {
    heredocRedirect(w, node, scope, out, extraWords, fd);
    return;
  }
  if (node.type === 'herestring_redirect') {
    herestringRedirect(w, node, scope, out, fd);
    return;
  }
  const op = operatorOf(node);
  const destinations = node.childrenForFieldName('destination');
  const [first, ...rest] = destinations;
  // tree-sitter makes the words after a redirection extra "destinations"; bash gives them to the
  // command as arguments (`git log >/dev/null --output=x` runs with --output=x).
  for (const extra of rest) extraWords.push(...fields(w, extra, scope));
  const target = first ? word(w, first, scope) : undefined;
  const shown = first ? w.text.slice(node.startIndex, first.endIndex) : node.text;
  const source = shown.length > 120 ? shown.slice(0, 120) + '…' : shown;
  let kind: Redirect['kind'];
  // `< <(cmd)` needs its blank: `<<(cmd)` would start a heredoc.
  const apart = first !== undefined && /^[<>]\(/.test(first.text) ? ' ' : '';
  let print: Doc = [fd, op, apart, ...(target ? [{ word: target }] : [])];
  if (op === '<') kind = 'read';
  else if (op === '>&' || op === '<&' || op === '>&-' || op === '<&-') {
    const duplicated = duplication(w, node, scope, op, target);
    kind = duplicated.kind;
    if (duplicated.value !== undefined) print = [fd, op, duplicated.value];
  } else if (WRITE_OPERATORS.has(op)) {
    kind = 'write';
  } else {
    w.problem(node, scope, `could not be analysed (redirection ${op})`);
    kind = 'write';
  }
  if (!REDIRECT_OPERATORS.has(op)) print = [w.cannotPrint(node, `the redirection ${op}`)];
  const read: Redirect = { kind, operator: op, target, source };
  out.push(read);
  w.redirectPrints.set(read, print);
}

const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/** A descriptor that is not a number, one of the frame's, or `{fd}` that bash would allocate. */
function checkDescriptor(
  w: Walk,
  node: SyntaxNode,
  scope: Scope,
  descriptor: string | undefined,
): void {
  if (descriptor !== undefined && !/^[0-9]+$/.test(descriptor)) {
    w.problem(node, scope, 'uses a redirection descriptor the policy does not accept');
  } else if (descriptor !== undefined && isFrameDescriptor(descriptor)) {
    w.problem(node, scope, descriptorWhy(descriptor), 'frame-descriptor');
  }
  // tree-sitter reads `{fd}` in `exec {fd}>file` as a word of the command; bash allocates a
  // descriptor (10 or above) into fd.
  if (endsInVariableDescriptor(w.text.slice(Math.max(0, node.startIndex - 400), node.startIndex))) {
    const start = w.text.lastIndexOf('{', node.startIndex);
    w.problem(start, scope, VARIABLE_DESCRIPTOR_WHY, 'frame-descriptor');
  }
}

/** `<<DELIM`: its body as the command's input, and the redirections and words on its line. */
function heredocRedirect(
  w: Walk,
  node: SyntaxNode,
  scope: Scope,
  out: Redirect[],
  extraWords: Word[],
  fd: string,
): void {
  const heredoc = heredocText(w, node, scope);
  w.inputs.set(node.id, heredoc.stdin);
  const inner: Redirect[] = [];
  for (const part of node.namedChildren) {
    const field = fieldOf(node, part);
    if (field === 'argument') extraWords.push(...fields(w, part, scope));
    else if (field === 'redirect') redirect(w, part, scope, inner, extraWords);
  }
  const operator = node.child(0)?.type ?? '<<';
  const read: Redirect = { kind: 'text', operator, target: undefined, source: operator };
  out.push(read, ...inner);
  w.redirectPrints.set(read, [
    fd,
    { heredoc: { input: heredoc.stdin, quoted: heredoc.quoted, body: heredoc.body } },
  ]);
}

/** `<<< WORD`: the word and a line end as the command's input. */
function herestringRedirect(
  w: Walk,
  node: SyntaxNode,
  scope: Scope,
  out: Redirect[],
  fd: string,
): void {
  const valueNode = node.namedChildren.find((c) => WORD_TYPES.has(c.type));
  const value = valueNode ? word(w, valueNode, scope) : undefined;
  const stdin: Stdin = {
    kind: 'text',
    text: value?.literal ? value.text + '\n' : '',
    literal: value?.literal ?? false,
  };
  w.inputs.set(node.id, stdin);
  const read: Redirect = {
    kind: 'text',
    operator: '<<<',
    target: undefined,
    source: node.text,
  };
  out.push(read);
  w.redirectPrints.set(
    read,
    value ? [fd, { herestring: stdin, value }] : [w.cannotPrint(node, 'a here-string')],
  );
}

/**
 * `>&`, `<&` and their closing forms: a duplication of a descriptor (printed bare, `value`), or a
 * write or read of the file the word names.
 */
function duplication(
  w: Walk,
  node: SyntaxNode,
  scope: Scope,
  op: string,
  target: Word | undefined,
): { kind: Redirect['kind']; value?: string } {
  const value = target?.literal ? target.text : undefined;
  const number = value === undefined ? undefined : /^([0-9]+)-?$/.exec(value)?.[1];
  if (number !== undefined && isFrameDescriptor(number)) {
    w.problem(node, scope, descriptorWhy(number), 'frame-descriptor');
  } else if (target !== undefined && !target.literal) {
    // `>&$x` writes to the file $x names unless $x is a number, which could be the frame's.
    w.problem(node, scope, EXPANDED_DESCRIPTOR_WHY, 'frame-descriptor');
  }
  // Bash reads a descriptor number only when it is spelled bare.
  if (op.endsWith('-') || value === '-' || number !== undefined)
    return { kind: 'duplicate', value: value ?? '' };
  if (target !== undefined && !target.literal) return { kind: op === '<&' ? 'read' : 'write' };
  if (op === '<&') {
    w.problem(node, scope, 'duplicates input from something that is not a descriptor');
    return { kind: 'read' };
  }
  return { kind: 'write' };
}
