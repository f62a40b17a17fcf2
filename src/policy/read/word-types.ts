/*
 * The types of a word as the policy reads it and of the script it prints, which refer to each
 * other: a word carries its print, and the print holds words.
 */

/**
 * A shell word as the policy sees it: the value bash gives it after quote removal when that value is
 * known statically, and what is unknown about it otherwise.
 */
export interface Word {
  /** The word after quote removal; parts whose value is unknown keep their source spelling. */
  readonly text: string;
  /** The word as written, for messages. */
  readonly source: string;
  /** Bash's value is exactly `text`: no expansion, substitution, glob or brace expansion. */
  readonly literal: boolean;
  /** The literal text before the first part whose value is unknown (all of `text` when literal). */
  readonly prefix: string;
  /** Bash may turn it into zero or several words (unquoted expansion, glob, brace expansion, "$@"). */
  readonly splits: boolean;
  /** Spelled with ANSI-C quoting ($'…') somewhere. */
  readonly ansiC: boolean;
  /** Starts with an unquoted `~`, which bash replaces by a home directory. */
  readonly tilde: boolean;
  /**
   * Its value is known not to start with `-` although it is not known: it starts with a loop
   * variable over words that cannot (`for f in src/*.ts; do … "$f" …`).
   */
  readonly notOption?: boolean;
  /** Position in the text it was parsed from (UTF-16 units), for ordering. */
  readonly start: number;
  /**
   * The word as the policy prints it for bash: literal text single-quoted, each expansion in one
   * canonical form, so bash gives it exactly the meaning the policy read. Undefined for words the
   * policy made up (they never reach bash) or could not print (see `unprintable`).
   */
  readonly printed?: Doc;
  /**
   * An argument of `let` read as the arithmetic bash evaluates it, its variables checked as in
   * `$(( ))` (see let-arguments.ts): `printed` is that reading.
   */
  readonly arithmetic?: boolean;
  /** Why the word cannot be printed, when it cannot. */
  readonly unprintable?: string;
}

/**
 * Where a word sits, which decides how its literal text is printed and what its patterns may hold:
 * - `word`: a shell word (argument, assignment value, redirection target): literal text
 *   single-quoted; text tree-sitter took for a pattern is literal text here;
 * - `pattern`: a case pattern or the right of `==` in `[[ ]]`: as `word`, and a glob may be
 *   printed as written when it holds nothing that starts a quote, an expansion or a word break;
 * - `regex`: the right of `=~` in `[[ ]]`: as `pattern`, with the grouping a regex needs;
 * - `heredoc`: the body of an unquoted heredoc: `\`, `$` and `` ` `` escaped, nothing else special;
 * - `parameter`: the operand of `${name<op>…}`: plain characters as they are, quoted text
 *   double-quoted; anything else cannot be printed.
 */
export type QuotingMode = 'word' | 'pattern' | 'regex' | 'heredoc' | 'parameter';

/** One piece of a word, in order; brace expansion and printing work on these. */
export type Part =
  /** Characters whose value is themselves; `unquoted` ones may take part in brace expansion. */
  | {
      readonly kind: 'literal';
      readonly value: string;
      readonly unquoted: boolean;
      readonly ansiC: boolean;
    }
  /** An unquoted glob (`*`, `?`, a bracket expression): printed bare. */
  | { readonly kind: 'glob'; readonly value: string }
  /** The unquoted `~` (and user name) that starts a word: printed bare so bash expands it. */
  | { readonly kind: 'tilde'; readonly value: string }
  /** A part whose value is known only at run time, with its canonical print. */
  | {
      readonly kind: 'unknown';
      readonly source: string;
      readonly print: Doc | undefined;
      readonly splits: boolean;
      readonly startsWith: string;
      /** Its value is known not to start with `-`. */
      readonly notOption?: boolean;
    };

/**
 * The script the policy hands bash, as the policy printed it from its own reading of the text. It
 * is kept as a list of chunks until the check is done, because words that carry shell text (`bash
 * -c TEXT`, a heredoc fed to a shell) are replaced by the printed form of that text once it has been
 * checked.
 */
export type Doc = readonly Chunk[];

export type Chunk =
  | string
  /** A word of a command: its own print, unless the check replaced it. */
  | { readonly word: Word }
  /** `<<DELIM` here, the body after the end of the line. */
  | { readonly heredoc: Heredoc }
  /** `<<< WORD`, the word replaceable like a heredoc body. */
  | { readonly herestring: object; readonly value: Word }
  /** The end of a line: pending heredoc bodies follow it. */
  | { readonly newline: true }
  /** The start and end of a command substitution: heredocs inside it end before its `)`. */
  | { readonly nest: 'enter' | 'leave' }
  /** Something the policy read but cannot print: rendering fails with this reason. */
  | { readonly unprintable: string; readonly at: number };

export interface Heredoc {
  /** Stands for the input this heredoc gives; the key of its replacement. */
  readonly input: object;
  /** Quoted: the body is plain text. Unquoted: the body holds canonical expansions. */
  readonly quoted: boolean;
  readonly body: Doc;
}
