import {
  checkCoverage,
  checkLineContinuations,
  excerpt,
  firstControlCharacter,
  firstError,
} from '../lexical.js';
import type { Chunk, Doc } from './print.js';
import type { RefusalCode } from '../refusal.js';
import type { BashParser, SyntaxNode } from '../tree-sitter.js';
import { statements } from './walk.js';
import type { Word } from './words.js';

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
  /** The functions the text defines, by name, in order. */
  readonly functions: readonly string[];
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
  const tree = parser.parse(text);
  try {
    const walk = new Walk(text, problems);
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
      return { commands: [], problems, print: [], functions: [] };
    }
    checkLineContinuations(walk, root, scope);
    const print = statements(walk, root, scope);
    checkCoverage(walk, root, scope);
    return { commands: walk.commands, problems, print, functions: walk.functions };
  } finally {
    tree.delete();
  }
}

/**
 * What one walk of a text collects: the simple commands, the problems, and the prints of
 * redirections and assignments; the walker, word reader, redirects and expansion rules share it.
 */
export class Walk {
  readonly commands: SimpleCommand[] = [];
  readonly visited = new Set<number>();
  /** Standard input given by heredoc and here-string redirections, filled in by redirect(). */
  readonly inputs = new Map<number, Stdin>();
  /** The print of each redirection, filled in by redirect(). */
  readonly redirectPrints = new Map<Redirect, Doc>();

  constructor(
    readonly text: string,
    readonly problems: Problem[],
  ) {}

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
