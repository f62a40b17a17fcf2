import {
  checkCoverage,
  checkLineContinuations,
  firstControlCharacter,
  firstError,
} from '../lexical.js';
import { bracedBasePrefixes } from '../syntax/base-prefix.js';
import type { BashParser, SyntaxTree } from '../syntax/tree-sitter.js';
import { redirectOnly } from './redirects.js';
import { timedCompounds, withoutKeywords } from './time-keyword.js';
import { statement, statements } from './walk.js';
import {
  type Problem,
  type Reader,
  type Scope,
  type SimpleCommand,
  TOP_LEVEL,
  Walk,
  excerpt,
} from './walk-state.js';
import type { Doc } from './word-types.js';
import { fields, substitution, unquoted, word, wordPart } from './word-reader.js';

export type { Assignment, Problem, Redirect, Scope, SimpleCommand, Stdin } from './walk-state.js';
export { TOP_LEVEL } from './walk-state.js';

/** The reading functions a walk hands down (see Reader). */
const READER: Reader = { statement, word, fields, wordPart, unquoted, substitution, redirectOnly };

export interface ParsedScript {
  readonly commands: readonly SimpleCommand[];
  readonly problems: readonly Problem[];
  /** The script as the policy prints it for bash (meaningful only when there are no problems). */
  readonly print: Doc;
  /** The functions the text defines, by name, in order. */
  readonly functions: readonly string[];
}

/**
 * The longest text the policy reads: what one response can carry (a file written through a
 * heredoc). A megabyte of heredoc checks in a fraction of a second (bench/policy.bench.ts).
 */
export const MAX_SCRIPT_LENGTH = 1_048_576;

/** How deep `time` keywords before compound commands may nest: each level is one more parse. */
const MAX_TIME_NESTING = 4;

/**
 * The tree of `text`, read with the `time` keywords before compound commands blanked out, which
 * tree-sitter misreads (time-keyword.ts); undefined when they nest too deep. A keyword inside a
 * compound command another one times shows only once the outer one is blanked out.
 */
function parseTimed(
  parser: BashParser,
  text: string,
): { tree: SyntaxTree; text: string; timed: Map<number, string> } | undefined {
  let tree = parser.parse(text);
  let read = text;
  // `10#$n`, which tree-sitter cannot read, is read as `10#${n}`, which bash reads the same way.
  const braced = tree.rootNode.hasError ? bracedBasePrefixes(tree.rootNode, text) : undefined;
  if (braced !== undefined) {
    const reread = parser.parse(braced);
    if (reread.rootNode.hasError) reread.delete();
    else {
      tree.delete();
      tree = reread;
      read = braced;
    }
  }
  const timed = new Map<number, string>();
  for (let depth = 0; ; depth++) {
    const found = timedCompounds(tree.rootNode);
    if (found.length === 0) return { tree, text: read, timed };
    tree.delete();
    if (depth === MAX_TIME_NESTING) return undefined;
    for (const t of found) timed.set(t.compound, t.keyword);
    read = withoutKeywords(read, found);
    tree = parser.parse(read);
  }
}

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
    return { commands: [], problems, print: [], functions: [] };
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
    return { commands: [], problems, print: [], functions: [] };
  }
  const read = parseTimed(parser, text);
  if (!read) {
    problems.push({
      code: 'unsupported-syntax',
      source: excerpt(text, 0),
      where: scope.where,
      why: `nests the time keyword before compound commands more than ${MAX_TIME_NESTING} deep`,
      start: 0,
    });
    return { commands: [], problems, print: [], functions: [] };
  }
  const { tree, text: readText } = read;
  const walk = new Walk(readText, problems, READER, parser);
  try {
    for (const [start, keyword] of read.timed) walk.timed.set(start, keyword);
    const root = tree.rootNode;
    if (root.hasError) {
      const bad = firstError(root);
      problems.push({
        code: 'unparsable',
        // The typed text where offsets still match it (a blanked `time` keeps them; braces do not).
        source: excerpt(readText.length === text.length ? text : readText, bad?.startIndex ?? 0),
        where: scope.where,
        why: 'could not be parsed as bash (check quoting and operators)',
        start: bad?.startIndex ?? 0,
      });
      return { commands: [], problems, print: [], functions: [] };
    }
    checkLineContinuations(walk, root, scope);
    const print = statements(walk, root, scope);
    checkCoverage(walk, root, scope);
    const [unplaced] = walk.timed.keys();
    if (unplaced !== undefined)
      walk.problem(unplaced, scope, 'has a time keyword the policy could not place');
    return { commands: walk.commands, problems, print, functions: walk.functions };
  } finally {
    tree.delete();
    walk.deleteSpanTrees();
  }
}
