/**
 * Rewrites the bundle's JavaScript as ASCII, escaping every other character where an escape means
 * the same: in comments, string literals, untagged template literals and names. One character
 * outside ASCII (a `—` in a comment) makes V8 hold a whole file as a two-byte string: Node decodes
 * it on the slow path, and V8 scans it, at start-up and at every lazy compile after, more slowly;
 * the action reached its first request 2-6% sooner with its chunks in ASCII (paired runs).
 * Regular expressions and tagged templates, where an escape could read differently, are left as
 * they are. Every file is parsed again after, and its tokens must have the same values, or the
 * bundle fails. The source maps stay as they are: they map whole lines, which the escapes keep.
 *
 * `node --import tsx scripts/ascii-bundle.ts dist` (the last step of `npm run bundle`).
 */
import * as acorn from 'acorn';
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One replacement in the original text. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface AsciiResult {
  code: string;
  edits: readonly Edit[];
  /** Characters left as they are (in a regular expression, a tagged template, between tokens). */
  left: number;
}

const NON_ASCII = /[\u0080-\uffff]/g;

function hex4(unit: number): string {
  return `\\u${unit.toString(16).padStart(4, '0')}`;
}

/** Escapes in comments: any text does, and none of these makes a `*&#47;`. */
function commentEdits(code: string, start: number, end: number, edits: Edit[]): void {
  for (const match of code.slice(start, end).matchAll(NON_ASCII)) {
    const at = start + match.index;
    edits.push({ start: at, end: at + 1, text: hex4(code.charCodeAt(at)) });
  }
}

/**
 * Escapes in a string literal or an untagged template's text, code unit by code unit (a surrogate
 * pair as two escapes, which read back as the one character). A character already escaped (`\é`,
 * which is `é`) takes its backslash into the escape; a line separator after a backslash continues
 * the line and is nothing, so both go.
 */
function literalEdits(code: string, start: number, end: number, edits: Edit[]): void {
  for (const match of code.slice(start, end).matchAll(NON_ASCII)) {
    const at = start + match.index;
    let backslashes = 0;
    while (at - backslashes - 1 >= start && code[at - backslashes - 1] === '\\') backslashes += 1;
    const unit = code.charCodeAt(at);
    if (backslashes % 2 === 0) {
      edits.push({ start: at, end: at + 1, text: hex4(unit) });
    } else {
      const continuation = unit === 0x2028 || unit === 0x2029;
      edits.push({ start: at - 1, end: at + 1, text: continuation ? '' : hex4(unit) });
    }
  }
}

/** Escapes in a name, by code point (`\u{…}`: a name takes no surrogate escapes). */
function nameEdits(code: string, start: number, end: number, edits: Edit[]): void {
  const text = code.slice(start, end);
  let offset = 0;
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (point > 0x7f) {
      edits.push({
        start: start + offset,
        end: start + offset + char.length,
        text: `\\u{${point.toString(16)}}`,
      });
    }
    offset += char.length;
  }
}

function parse(code: string, sourceType: acorn.Options['sourceType']) {
  const tokens: acorn.Token[] = [];
  const comments: acorn.Comment[] = [];
  acorn.parse(code, {
    ecmaVersion: 'latest',
    sourceType,
    allowHashBang: true,
    onToken: tokens,
    onComment: comments,
  });
  return { tokens, comments };
}

/** acorn's flag on a token after which an expression may begin (so a template there has no tag). */
type TokenTypeFlags = acorn.TokenType & { beforeExpr?: boolean };

/** The template tokens of untagged templates: a tag would read the escape as it is written. */
function untaggedTemplateTokens(tokens: readonly acorn.Token[]): Set<acorn.Token> {
  const untagged = new Set<acorn.Token>();
  // Open templates, innermost last; `braces` counts the braces open in its current `${…}`.
  const open: Array<{ tagged: boolean; braces: number; inBody: boolean }> = [];
  let previous: acorn.Token | undefined;
  for (const token of tokens) {
    const label = token.type.label;
    const top = open.at(-1);
    if (label === '`') {
      if (top?.inBody) open.pop();
      else
        open.push({
          tagged: previous !== undefined && !(previous.type as TokenTypeFlags).beforeExpr,
          braces: 0,
          inBody: true,
        });
    } else if (top?.inBody && label === 'template') {
      if (!top.tagged) untagged.add(token);
    } else if (top?.inBody && label === '${') {
      top.inBody = false;
    } else if (top && !top.inBody && label === '{') {
      top.braces += 1;
    } else if (top && !top.inBody && label === '}') {
      if (top.braces === 0) top.inBody = true;
      else top.braces -= 1;
    }
    previous = token;
  }
  return untagged;
}

/** `code` with what can be escaped escaped; throws when a token would read differently after. */
export function asciiOnly(code: string, sourceType: 'module' | 'script' = 'module'): AsciiResult {
  if (code.search(NON_ASCII) < 0) return { code, edits: [], left: 0 };
  const { tokens, comments } = parse(code, sourceType);
  const edits: Edit[] = [];
  for (const comment of comments) commentEdits(code, comment.start, comment.end, edits);
  const untagged = untaggedTemplateTokens(tokens);
  for (const token of tokens) {
    const label = token.type.label;
    if (label === 'string' || untagged.has(token))
      literalEdits(code, token.start, token.end, edits);
    else if (label === 'name' || label === 'privateId')
      nameEdits(code, token.start, token.end, edits);
  }
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  out += code.slice(at);
  const result = { code: out, edits, left: (out.match(NON_ASCII) ?? []).length };
  expectSameTokens(code, out, sourceType);
  return result;
}

/** The value a token reads as: what must not change. */
function valueOf(token: acorn.Token): string {
  const { value } = token as acorn.Token & { value?: unknown };
  if (value instanceof RegExp) return String(value);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return `${token.type.label}:${String(value)}`;
}

function expectSameTokens(before: string, after: string, sourceType: 'module' | 'script'): void {
  const a = parse(before, sourceType);
  const b = parse(after, sourceType);
  if (a.tokens.length !== b.tokens.length || a.comments.length !== b.comments.length) {
    throw new Error('escaping to ASCII changed the tokens of the code');
  }
  const changed = a.tokens.findIndex(
    (token, index) => valueOf(token) !== valueOf(b.tokens[index]!),
  );
  if (changed >= 0) {
    throw new Error(
      `escaping to ASCII changed what the code reads at offset ${a.tokens[changed]!.start}`,
    );
  }
}

/** The lines (from 0) on which `edits` change the text. */
function editedLines(code: string, edits: readonly Edit[]): Set<number> {
  const lines = new Set<number>();
  let line = 0;
  let at = 0;
  for (const edit of edits) {
    for (
      let next = code.indexOf('\n', at);
      next >= 0 && next < edit.start;
      next = code.indexOf('\n', at)
    ) {
      line += 1;
      at = next + 1;
    }
    lines.add(line);
  }
  return lines;
}

/**
 * Whether a source map still holds for the edited code: ncc's maps map whole lines (one segment, at
 * column 0, `A…`), which escapes within a line leave in place. A map with columns would need them
 * shifted, so that one fails the bundle instead.
 */
export function mapHolds(mappings: string, lines: ReadonlySet<number>): boolean {
  const segments = mappings.split(';');
  return [...lines].every((line) => {
    const onLine = segments[line] ?? '';
    return onLine === '' || (!onLine.includes(',') && onLine.startsWith('A'));
  });
}

function javascriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return javascriptFiles(file);
    return /\.(c|m)?js$/.test(name) ? [file] : [];
  });
}

/** Rewrites every JavaScript file under `dir` and its source map; a line per file still not ASCII. */
export function asciiBundle(dir: string): string[] {
  const notes: string[] = [];
  for (const file of javascriptFiles(dir)) {
    const code = readFileSync(file, 'utf8');
    const result = asciiOnly(code, file.endsWith('.cjs') ? 'script' : 'module');
    if (result.edits.length === 0) continue;
    const mapFile = `${file}.map`;
    if (existsSync(mapFile)) {
      const { mappings } = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
      if (!mapHolds(mappings, editedLines(code, result.edits))) {
        throw new Error(`${mapFile} maps columns within lines, which the escapes would move`);
      }
    }
    writeFileSync(file, result.code);
    if (result.left > 0) {
      notes.push(
        `${file}: ${result.left} character(s) left as they are (in regular expressions, tagged templates or white space)`,
      );
    }
  }
  return notes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: ascii-bundle.ts <directory of the bundle>');
  for (const note of asciiBundle(dir)) process.stdout.write(`${note}\n`);
}
