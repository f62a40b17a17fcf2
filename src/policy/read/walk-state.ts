/*
 * The state one walk of a text shares between the modules that read it, and the types they
 * exchange.
 */
import type { RefusalCode } from '../decide/refusal.js';
import type { WordContext } from '../syntax/syntax.js';
import type { BashParser, SyntaxNode, SyntaxRange, SyntaxTree } from '../syntax/tree-sitter.js';
import type { Chunk, Doc, QuotingMode, Word } from './word-types.js';
import type { WordBuilder } from './words.js';

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
  /**
   * In a function body: runs whenever the function is called, in this call or a later one, where
   * nothing contains a run-time guard's stop (see decide/deny-guards.ts).
   */
  readonly inFunction?: boolean;
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

export const TOP_LEVEL: Scope = {
  where: [],
  stdin: { kind: 'inherited' },
  repeats: false,
  deferred: false,
};

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

/**
 * The reading functions the walker, the word reader, the redirections and the expansion rules call
 * on one another, handed down in the Walk instead of imported back (parse.ts puts them together),
 * so each module imports only the ones below it.
 */
export interface Reader {
  statement(w: Walk, node: SyntaxNode, scope: Scope): Doc;
  word(w: Walk, node: SyntaxNode, scope: Scope, mode?: QuotingMode): Word;
  fields(w: Walk, node: SyntaxNode, scope: Scope): Word[];
  wordPart(
    w: Walk,
    node: SyntaxNode,
    b: WordBuilder,
    scope: Scope,
    ctx: WordContext,
    first: boolean,
  ): void;
  unquoted(
    w: Walk,
    raw: string,
    b: WordBuilder,
    scope: Scope,
    node: SyntaxNode,
    first: boolean,
  ): void;
  substitution(w: Walk, node: SyntaxNode, scope: Scope, ctx: WordContext): Doc;
  redirectOnly(w: Walk, node: SyntaxNode, redirectNodes: SyntaxNode[], scope: Scope): Doc;
}

/**
 * What one walk of a text collects: the simple commands, the problems, and the prints of
 * redirections and assignments; the walker, word reader, redirects and expansion rules share it.
 */
export class Walk {
  readonly commands: SimpleCommand[] = [];
  readonly visited = new Set<number>();
  /**
   * The `time` keywords (`time -p`) before compound commands, by where the command starts: the text
   * is read with them blanked out, and the print puts them back.
   */
  readonly timed = new Map<number, string>();
  /** Standard input given by heredoc and here-string redirections, filled in by redirect(). */
  readonly inputs = new Map<number, Stdin>();
  /** The print of each redirection, filled in by redirect(). */
  readonly redirectPrints = new Map<Redirect, Doc>();

  constructor(
    readonly text: string,
    readonly problems: Problem[],
    readonly read: Reader,
    /** Reads text that bash parses on its own at run time (`let`'s arithmetic), and spans. */
    readonly parser: BashParser,
  ) {}

  /** The trees parseSpan made, deleted by deleteSpanTrees when the walk is done. */
  readonly #spanTrees: SyntaxTree[] = [];

  /**
   * One span of the text parsed alone, for text tree-sitter read in a context where bash reads it
   * otherwise; the nodes keep the whole text's offsets.
   */
  parseSpan(span: SyntaxRange): SyntaxNode {
    const tree = this.parser.parse(this.text, span);
    this.#spanTrees.push(tree);
    return tree.rootNode;
  }

  deleteSpanTrees(): void {
    for (const tree of this.#spanTrees.splice(0)) tree.delete();
  }

  problem(
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

  visit(node: SyntaxNode): void {
    this.visited.add(node.id);
  }

  cannotPrint(node: SyntaxNode, what: string): Chunk {
    return { unprintable: `has ${what} the policy does not print`, at: node.startIndex };
  }

  readonly assignmentPrints = new Map<Assignment, Doc>();
  /** The names of the functions the text defines (function definitions walked). */
  readonly functions: string[] = [];
  /**
   * Assignments the print puts just before the simple command being walked (command output read
   * in arithmetic), taken by that command.
   */
  readonly hoisted: Doc[] = [];
}

/** The text of a statement and of the heredoc operators among `extra`, short enough for a message. */
export function sourceOf(
  w: Walk,
  node: SyntaxNode,
  extra: SyntaxNode[],
  start = node.startIndex,
): string {
  let end = node.endIndex;
  for (const e of extra) {
    if (e.type === 'heredoc_redirect') {
      const start = e.children.find((c) => c.type === 'heredoc_start');
      end = Math.max(end, start?.endIndex ?? e.startIndex + 2);
    } else {
      end = Math.max(end, e.endIndex);
    }
  }
  const text = w.text.slice(start, end);
  return text.length > 200 ? text.slice(0, 200) + '…' : text;
}
