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
  /** Position in the text it was parsed from (UTF-16 units), for ordering. */
  readonly start: number;
}

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
  return word.prefix === '' || word.prefix.startsWith('-');
}

/** The value of a literal word, or undefined. */
export function valueOf(word: Word | undefined): string | undefined {
  return word?.literal ? word.text : undefined;
}

/**
 * Accumulates the parts of one word in order. `skeleton` mirrors `text` character for character with
 * every quoted, escaped or expanded character replaced by NUL, so brace expansion can be recognised
 * from the unquoted characters alone.
 */
export class WordBuilder {
  private text = '';
  private skeleton = '';
  private prefix = '';
  private literal = true;
  private splits = false;
  private ansiC = false;
  private tilde = false;

  constructor(
    private readonly source: string,
    private readonly start: number,
  ) {}

  get isEmpty(): boolean {
    return this.text === '';
  }

  /** Characters whose value is themselves; `unquoted` ones may take part in brace expansion. */
  literalText(text: string, unquoted: boolean): void {
    this.text += text;
    this.skeleton += unquoted ? text : '\0'.repeat(text.length);
    if (this.literal) this.prefix += text;
  }

  /** An unquoted glob character: the word becomes a pattern that expands to file names. */
  glob(char: string): void {
    this.text += char;
    this.skeleton += char;
    this.literal = false;
    this.splits = true;
  }

  /**
   * A part whose value is known only at run time (expansion, substitution). `startsWith` is what
   * its value is known to begin with (`/` for a process substitution's /dev/fd path).
   */
  unknown(source: string, splits: boolean, startsWith = ''): void {
    if (this.literal) this.prefix += startsWith;
    this.text += source;
    this.skeleton += '\0'.repeat(source.length);
    this.literal = false;
    if (splits) this.splits = true;
  }

  markAnsiC(): void {
    this.ansiC = true;
  }

  markTilde(): void {
    this.tilde = true;
  }

  build(): Word {
    // `{a,b}` and `{1..3}` made of unquoted characters are brace expansion: several words.
    const brace = /\{[^{}\0]*(?:,|\.\.)[^{}\0]*\}/.exec(this.skeleton);
    let { literal, prefix, splits } = this;
    if (brace) {
      literal = false;
      splits = true;
      prefix = prefix.slice(0, Math.min(prefix.length, brace.index));
    }
    return {
      text: this.text,
      source: this.source,
      literal,
      prefix: literal ? this.text : prefix,
      splits,
      ansiC: this.ansiC,
      tilde: this.tilde,
      start: this.start,
    };
  }
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
 * The value of the body of an ANSI-C quoted string ($'…' without the delimiters), or undefined when
 * it uses an escape whose value this decoder does not reproduce exactly (the policy then treats the
 * word as unknown rather than guess).
 */
export function decodeAnsiC(body: string): string | undefined {
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
      const code =
        digits[0] === 'x' || digits[0] === 'u' || digits[0] === 'U'
          ? parseInt(digits.slice(1), 16)
          : parseInt(digits, 8);
      // Bash ends the string at a NUL; code points past Unicode are not worth reproducing.
      if (code === 0 || code > 0x10ffff) return undefined;
      out +=
        code > 0xff || digits[0] === 'u' || digits[0] === 'U'
          ? String.fromCodePoint(code)
          : String.fromCharCode(code);
      i += digits.length;
      continue;
    }
    // `\c` control characters and unknown escapes: rare, and not worth reproducing.
    return undefined;
  }
  return out;
}
