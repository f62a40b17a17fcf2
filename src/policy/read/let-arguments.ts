/*
 * `let` evaluates each argument as the arithmetic of `(( ))`, which evaluates the values of the
 * variables it names: `x='a[$(touch f)]'; let y=x` runs touch. An argument whose text is known is
 * read here as that arithmetic and printed with its variables checked by the same run-time guard as
 * in `$(( ))` (expansion-rules.ts), so `let "b = a + 1"` runs when a holds a number and stops when
 * it holds anything else. Other arguments are left to let's analyser, which refuses them.
 */
import { arithmeticList } from './expansion-rules.js';
import { guardedGlobLiteral } from './guards.js';
import type { Scope, Walk } from './walk-state.js';
import type { Chunk, Doc, Word } from './word-types.js';

/**
 * The characters of arithmetic a `let` argument may hold: no `$`, backquote, quote or backslash
 * (let expands nothing itself, and tree-sitter would read an expansion as one), and `#` only in a
 * base (`16#ff`), never starting a comment.
 */
const LET_TEXT = /^(?:[A-Za-z0-9_\s+\-*/%()<>=!&|^~?:,[\]]|(?<=[0-9])#(?=[0-9A-Za-z@_]))*$/;

/**
 * A bare word bash may read as a glob but that holds no expansion, quote, brace, tilde or `(`, and
 * starts with neither `[` nor `#`: the guard lists it in an array's parentheses, where a leading
 * `[…]=` would be a subscript bash evaluates and a leading `#` a comment.
 */
const BARE_GLOB = /^(?![[#])[A-Za-z0-9_+\-*/%=!^?:,[\]#@]+$/;

/** `'…'` or `"…"` around text with no quote, `$`, backquote or backslash: its value is the inside. */
const QUOTED = /^(['"])[^'"$`\\]*\1$/;

/** The words of a command, with `let`'s readable arguments read as arithmetic. */
export function letArguments(w: Walk, words: Word[], scope: Scope): Word[] {
  const name = words[0];
  if (!name?.literal || name.text !== 'let') return words;
  return words.map((word, i) => (i === 0 ? word : (letArgument(w, word, scope) ?? word)));
}

function letArgument(w: Walk, word: Word, scope: Scope): Word | undefined {
  const bare = !word.literal && word.source === word.text && BARE_GLOB.test(word.source);
  const plain =
    word.literal && !word.tilde && (QUOTED.test(word.source) || word.source === word.text);
  if ((!bare && !plain) || !LET_TEXT.test(word.text) || word.text.trim() === '') return undefined;
  const expression = read(w, word, scope);
  if (!expression) return undefined;
  // Printed in double quotes: bash reads the checks' substitutions in them, and nothing else
  // arithmetic prints means anything there.
  const printed: Chunk[] = ['"', ...expression, '"'];
  if (bare) printed.unshift(guardedGlobLiteral(word.source, word.text, `let ${word.source}`));
  return { ...word, literal: true, splits: false, printed, arithmetic: true };
}

/**
 * The argument's text parsed as the inside of `(( ))` at its own position (so messages point at
 * it, in the first pages of a text), or undefined when tree-sitter reads anything else there: an
 * error, or a text that closes the `((` early (`1)) || ((2`).
 */
function read(w: Walk, word: Word, scope: Scope): Doc | undefined {
  // Far into a long text the padding would cost more than the messages it places are worth.
  const offset = word.start > 4096 ? 0 : Math.max(0, word.start - 3);
  const tree = w.parser.parse(`${' '.repeat(offset)}(( ${word.text} ))`);
  try {
    const root = tree.rootNode;
    const statement = root.namedChildren[0];
    if (
      root.hasError ||
      root.namedChildCount !== 1 ||
      statement?.type !== 'compound_statement' ||
      statement.child(0)?.type !== '((' ||
      statement.child(statement.childCount - 1)?.type !== '))' ||
      statement.endIndex !== root.endIndex
    )
      return undefined;
    // What arithmetic cannot check comes back as a problem, or as a chunk that cannot be printed:
    // either refuses the command.
    return arithmeticList(w, statement, scope);
  } finally {
    tree.delete();
  }
}
