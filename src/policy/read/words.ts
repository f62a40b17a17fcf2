import { expandBraces } from './braces.js';
import { quoteLiteral } from './quote.js';
import type { Doc, Part, QuotingMode, Word } from './word-types.js';

export type { Part, QuotingMode, Word } from './word-types.js';

/** A word whose text is known, made up by the policy (env -S, eval, find's `{}`). */
export function literalWord(text: string, start = 0): Word {
  return {
    text,
    source: text,
    literal: true,
    prefix: text,
    splits: false,
    ansiC: false,
    tilde: false,
    start,
    printed: [quoteLiteral(text)],
  };
}

/** Stands for words a program receives that the command text does not show (xargs' input). */
export function unknownWords(description: string, start = 0): Word {
  return {
    text: description,
    source: description,
    literal: false,
    prefix: '',
    splits: true,
    ansiC: false,
    tilde: false,
    start,
  };
}

/** A word built from another with part of its value unknown from `at` on (find's `{}` in a script). */
export function unknownFrom(word: Word, at: number): Word {
  return { ...word, literal: false, prefix: word.text.slice(0, Math.min(at, word.prefix.length)) };
}

/** The word could be (or begin with) an option: its known prefix does not rule out a leading `-`. */
export function mayBeOption(word: Word): boolean {
  if (word.literal) return word.text.startsWith('-');
  if (word.notOption === true) return false;
  return word.prefix === '' || word.prefix.startsWith('-');
}

/**
 * The words as bash may split them, or undefined when none may. Each argument that may become
 * several words (an unquoted expansion, a glob) stands for two operands: a reading where it may be
 * an option is the words as written. A program checked against this reading too cannot have a word
 * it counted as one operand turn into two, the second an output file (`x='a out'; uniq $x`).
 */
export function splitApart(words: readonly Word[]): Word[] | undefined {
  if (!words.some((w, i) => i > 0 && w.splits)) return undefined;
  const out: Word[] = [];
  words.forEach((word, i) => {
    if (i === 0 || !word.splits) {
      out.push(word);
      return;
    }
    const operand = { ...word, splits: false, notOption: true };
    out.push(operand, { ...operand, printed: undefined });
  });
  return out;
}

/** The value of a literal word, or undefined. */
export function valueOf(word: Word | undefined): string | undefined {
  return word?.literal ? word.text : undefined;
}

/** Characters an operand of `${…}` may hold bare: none of them starts a quote or an expansion. */
const PLAIN_PARAMETER_TEXT = /^[A-Za-z0-9_.,:@%+=*?^!~#/[\] -]*$/;

/**
 * Accumulates the parts of one word in order, and turns them into the Word (or, with brace
 * expansion, the Words) bash makes of them, each with its canonical print.
 */
export class WordBuilder {
  private readonly parts: Part[] = [];
  private problem: string | undefined;

  constructor(
    private readonly source: string,
    private readonly start: number,
    private readonly mode: QuotingMode = 'word',
  ) {}

  get isEmpty(): boolean {
    return this.parts.length === 0;
  }

  get quoting(): QuotingMode {
    return this.mode;
  }

  /** Characters whose value is themselves; `unquoted` ones may take part in brace expansion. */
  literalText(text: string, unquoted: boolean, ansiC = false): void {
    if (unquoted) {
      for (const c of text) this.parts.push({ kind: 'literal', value: c, unquoted, ansiC });
    } else {
      this.parts.push({ kind: 'literal', value: text, unquoted, ansiC });
    }
  }

  /** An unquoted glob (a character, or a whole bracket expression): the word becomes a pattern. */
  glob(text: string): void {
    this.parts.push({ kind: 'glob', value: text });
  }

  /** The `~` or `~user` that starts a word; bash replaces it with a home directory. */
  tilde(text: string): void {
    this.parts.push({ kind: 'tilde', value: text });
  }

  /**
   * A part whose value is known only at run time (expansion, substitution), with the canonical
   * text that stands for it (undefined: it has none, and the word cannot be printed).
   * `startsWith` is what its value is known to begin with (`/` for a process substitution's path).
   */
  unknown(
    source: string,
    splits: boolean,
    print: Doc | undefined,
    startsWith = '',
    notOption = false,
  ): void {
    this.parts.push({ kind: 'unknown', source, print, splits, startsWith, notOption });
    if (print === undefined) this.cannotPrint(`'${source}' has no form the policy prints`);
  }

  /** Marks the word as one the policy cannot print (the first reason is kept). */
  cannotPrint(why: string): void {
    this.problem ??= why;
  }

  /** The word where bash does no brace expansion (assignments, redirections, patterns). */
  build(): Word {
    const word = this.wordOf(this.parts);
    // Unquoted `{a,b}` here is left for bash to expand in some places (a redirection target), so
    // the value is unknown; its print quotes the braces, so bash reads the literal text.
    const expanded = expandBraces(this.parts);
    if (expanded?.length === 1 && expanded[0]?.length === this.parts.length) return word;
    const brace = this.parts.findIndex(
      (p) => p.kind === 'literal' && p.unquoted && p.value === '{',
    );
    const before = this.parts.slice(0, Math.max(0, brace)).map(partText).join('');
    return {
      ...word,
      literal: false,
      splits: true,
      prefix: word.prefix.slice(0, Math.min(word.prefix.length, before.length)),
    };
  }

  /** The words of an argument: brace expansion done here, as bash does it. */
  buildFields(): Word[] {
    const expanded = expandBraces(this.parts);
    if (expanded === undefined) {
      this.cannotPrint('has a brace expansion the policy does not reproduce');
      return [this.build()];
    }
    if (expanded.length === 1) return [this.wordOf(expanded[0] as Part[])];
    // Bash drops the words brace expansion leaves empty and unquoted.
    return expanded
      .filter((parts) => parts.some((p) => p.kind !== 'literal' || p.value !== '' || !p.unquoted))
      .filter((parts) => parts.length > 0)
      .map((parts) => this.wordOf(parts));
  }

  private wordOf(parts: readonly Part[]): Word {
    let text = '';
    let prefix = '';
    let literal = true;
    let splits = false;
    let ansiC = false;
    for (const part of parts) {
      text += partText(part);
      switch (part.kind) {
        case 'literal':
          if (literal) prefix += part.value;
          if (part.ansiC) ansiC = true;
          break;
        case 'tilde':
          if (literal) prefix += part.value;
          break;
        case 'glob':
          literal = false;
          splits = true;
          break;
        case 'unknown':
          if (literal) prefix += part.startsWith;
          literal = false;
          if (part.splits) splits = true;
          break;
      }
    }
    const printed = this.problem === undefined ? this.print(parts) : undefined;
    const first = parts[0];
    return {
      text,
      source: this.source,
      literal,
      prefix: literal ? text : prefix,
      splits,
      ansiC,
      tilde: parts[0]?.kind === 'tilde',
      notOption: first?.kind === 'unknown' && first.notOption === true,
      start: this.start,
      printed,
      unprintable: printed === undefined ? (this.problem ?? 'cannot be printed') : undefined,
    };
  }

  private print(parts: readonly Part[]): Doc | undefined {
    const out: Array<Doc[number]> = [];
    let run = '';
    let runQuoted = false;
    const flush = (): void => {
      if (run === '' && !runQuoted) return;
      out.push(
        this.mode === 'heredoc'
          ? escapeHeredoc(run)
          : this.mode === 'parameter'
            ? doubleQuote(run)
            : quoteLiteral(run),
      );
      run = '';
      runQuoted = false;
    };
    for (const part of parts) {
      if (part.kind === 'literal') {
        if (this.mode === 'parameter' && part.unquoted) {
          flush();
          if (!PLAIN_PARAMETER_TEXT.test(part.value)) {
            this.cannotPrint(
              `has ${JSON.stringify(part.value)} inside \${…}, which the policy does not print`,
            );
            return undefined;
          }
          out.push(part.value);
          continue;
        }
        run += part.value;
        runQuoted = true;
        continue;
      }
      flush();
      if (part.kind === 'unknown') out.push(...(part.print as Doc));
      else if (this.mode === 'parameter' && !PLAIN_PARAMETER_TEXT.test(part.value)) {
        this.cannotPrint(
          `has ${JSON.stringify(part.value)} inside \${…}, which the policy does not print`,
        );
        return undefined;
      } else out.push(part.value);
    }
    flush();
    if (out.length === 0 && this.mode !== 'heredoc' && this.mode !== 'parameter') return ["''"];
    return out;
  }
}

function partText(part: Part): string {
  return part.kind === 'unknown' ? part.source : part.value;
}

/** Text inside double quotes, for the operand of `${…}`. */
function doubleQuote(text: string): string {
  return `"${text.replace(/[\\$`"]/g, '\\$&')}"`;
}

/** Literal text of an unquoted heredoc body: only `\`, `$` and `` ` `` are special there. */
function escapeHeredoc(text: string): string {
  return text.replace(/[\\$`]/g, '\\$&');
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/**
 * The value of the body of an ANSI-C quoted string ($'…' without the delimiters), decoded as bash
 * decodes it, or undefined when it uses an escape whose value this decoder does not reproduce
 * exactly (the word then cannot be printed, and the command is refused).
 */
export function decodeAnsiC(body: string): string | undefined {
  const decoded = decodeAnsiCIn(body, false);
  return decoded?.text;
}

/**
 * An ANSI-C string holding a `\u`/`\U` escape above ASCII, whose other escapes are all ones
 * decodeAnsiC reads: what bash makes of such a character depends on the locale, so the string is
 * known as its decoded text before the first one (`known`) and the rest of its body as written
 * (`rest`, from that escape on). Undefined for any other string.
 */
export function ansiCBeforeLocale(body: string): { known: string; rest: string } | undefined {
  const decoded = decodeAnsiCIn(body, true);
  if (decoded?.localeAt === undefined) return undefined;
  return { known: decoded.text, rest: body.slice(decoded.localeAt) };
}

/**
 * `localeCharacters`: stop at the first `\u`/`\U` escape above ASCII, giving the text before it
 * and where it starts in the body, instead of failing.
 */
function decodeAnsiCIn(
  body: string,
  localeCharacters: boolean,
): { text: string; localeAt?: number } | undefined {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = body[i + 1];
    if (n === undefined) return undefined;
    const simple = SIMPLE_ESCAPES[n];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    const numeric = /^(?:[0-7]{1,3}|x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8})/.exec(
      body.slice(i + 1),
    );
    if (numeric) {
      const digits = numeric[0];
      const hex = digits[0] === 'x' || digits[0] === 'u' || digits[0] === 'U';
      // Bash keeps only the low byte of an octal escape: $'\455' is '-'.
      const code = hex ? parseInt(digits.slice(1), 16) : parseInt(digits, 8) & 0xff;
      if (code > 0x7f && localeCharacters && /^[uU]/.test(digits)) {
        // The rest must still be a string this decoder reads.
        const after = decodeAnsiCIn(body.slice(i + 1 + digits.length), true);
        return after === undefined ? undefined : { text: out, localeAt: i };
      }
      // Bash ends the string at a NUL; a byte above 0x7f is not a character by itself, and what
      // \u prints above ASCII depends on the locale.
      if (code === 0 || code > 0x7f) return undefined;
      out += String.fromCharCode(code);
      i += digits.length;
      continue;
    }
    // `\c` control characters and unknown escapes: rare, and not worth reproducing.
    return undefined;
  }
  return { text: out };
}
