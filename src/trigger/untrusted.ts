/**
 * Text that people outside the workflow wrote (comments, issue and pull request titles and bodies,
 * branch and file names), made safe to show the model: what a reader of the rendered page cannot
 * see is removed, and the rest is handed over as quoted data in a block the text cannot close.
 */
import { randomBytes } from 'node:crypto';

/**
 * Characters that render as nothing (or reorder what is shown) and so can carry words a reviewer
 * never sees, as [first, last] code points.
 */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  // C0 and C1 control characters, except tab and line feed (\r is normalised before).
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad], // soft hyphen
  [0x34f, 0x34f], // combining grapheme joiner
  [0x61c, 0x61c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x200b, 0x200f], // zero-width space, non-joiner, joiner; left-to-right and right-to-left marks
  [0x202a, 0x202e], // bidirectional embeddings and overrides
  [0x2060, 0x2064], // word joiner and invisible operators
  [0x2066, 0x206f], // bidirectional isolates and deprecated format characters
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // zero-width no-break space (byte-order mark)
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xfff9, 0xfffb], // interlinear annotation controls
  [0xe0000, 0xe007f], // tag characters, which spell ASCII invisibly
  [0xe0100, 0xe01ef], // variation selectors supplement
];

const INVISIBLE = new RegExp(
  `[${INVISIBLE_RANGES.map(([first, last]) => `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`).join('')}]`,
  'gu',
);

function isInvisible(codePoint: number): boolean {
  return INVISIBLE_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/** Named character references that GitHub renders as one of the invisible characters. */
const INVISIBLE_ENTITY_NAMES = new Set([
  'shy',
  'zwj',
  'zwnj',
  'lrm',
  'rlm',
  'nobreak',
  'zerowidthspace',
  'af',
  'applyfunction',
  'it',
  'invisibletimes',
  'ic',
  'invisiblecomma',
]);

/** `&#8203;`, `&#x200B;`, `&zwj;`: written as an entity, an invisible character hides text as well. */
const CHARACTER_REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]{2,31}));/g;

function dropInvisibleReference(
  reference: string,
  decimal?: string,
  hex?: string,
  name?: string,
): string {
  if (name !== undefined) return INVISIBLE_ENTITY_NAMES.has(name.toLowerCase()) ? '' : reference;
  return isInvisible(decimal !== undefined ? Number(decimal) : parseInt(hex as string, 16))
    ? ''
    : reference;
}

/** An HTML comment, and one left open: the page shows neither, so the model must not read them. */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** Bracketed text with at most one level of nested brackets, as link and image text may have. */
const BRACKETED = String.raw`\[(?:[^\[\]\\]|\\.|\[(?:[^\[\]\\]|\\.)*\])*\]`;

/** `![alt](…)` and `![alt][ref]`: the alt text is shown only when the image fails to load. */
const IMAGE_ALT = new RegExp(String.raw`!${BRACKETED}(?=[(\[])`, 'g');

/** A link title: `"…"`, `'…'` or `(…)`, shown only as a hover tooltip. */
const TITLE = String.raw`(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\))`;

/** `](destination "title")` of an inline link or image. */
const INLINE_LINK_TITLE = new RegExp(
  String.raw`\]\([ \t]*(<[^<>\n]*>|[^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)[ \t]+${TITLE}[ \t]*\)`,
  'g',
);

/**
 * A link reference definition (`[label]: destination "title"`, the title possibly on the next
 * line): the page shows none of it, which makes `[//]: # (…)` the usual way to hide a comment.
 */
const DEFINITION = new RegExp(
  String.raw`^[ ]{0,3}${BRACKETED}:[ \t]*(?:<[^<>\n]*>|\S+)(?:[ \t]*\n?[ \t]*${TITLE})?[ \t]*(?:\n|$)`,
  'gm',
);

/**
 * A raw HTML start tag, to its `>` or to the end of the text. Quoted values may hold `>`; one left
 * open runs to the end, so no match ever backtracks over the rest of the text.
 */
const HTML_TAG = /<[A-Za-z](?:[^<>"']|"[^"]*"?|'[^']*'?)*>?/g;
/** `alt="…"` and `title="…"` attributes of a tag (`<img alt=…>`, `<a title=…>`): shown only on hover or failure. */
const HIDDEN_ATTRIBUTE = /\s(?:alt|title)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)/gi;

/**
 * Removes what the rendered page hides: HTML comments (also unterminated), invisible and
 * direction-control characters (also written as character references), image alt text, link titles
 * and link reference definitions, and the alt/title attributes of HTML tags. Line breaks are
 * normalised to \n. Visible text is kept as it is.
 */
export function cleanUntrusted(text: string): string {
  let cleaned = text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(INVISIBLE, '')
    .replace(CHARACTER_REFERENCE, dropInvisibleReference);
  // Comments go after the invisible characters, which could otherwise split `<!--` so it survives.
  cleaned = cleaned.replace(HTML_COMMENT, '');
  return cleaned
    .replace(HTML_TAG, (tag) => tag.replace(HIDDEN_ATTRIBUTE, ''))
    .replace(IMAGE_ALT, '![]')
    .replace(INLINE_LINK_TITLE, ']($1)')
    .replace(DEFINITION, '');
}

/** One piece of quoted data: what it is, and the text (cleaned when quoted). */
export interface QuotedPiece {
  /** What the text is, in words: `comment by @octocat`, `title of pull request #2`. */
  label: string;
  text: string;
}

/**
 * Quotes untrusted text for the model. Each block is delimited by tags carrying a random token made
 * for this run: the text, written before the token existed, cannot contain the closing tag, so it
 * cannot end its block early and speak as the workflow. The token is drawn again in the vanishingly
 * unlikely case that it occurs in the text anyway.
 */
export class DataQuoter {
  readonly tag: string;

  constructor(texts: readonly string[], random: (bytes: number) => string = randomHex) {
    let tag: string;
    do tag = `quoted-data-${random(12)}`;
    while (texts.some((text) => cleanUntrusted(text).includes(tag)));
    this.tag = tag;
  }

  /** `piece` as one delimited block; the label is the workflow's words, the text is cleaned. */
  quote(piece: QuotedPiece): string {
    const label = piece.label.replace(/["<>\n]/g, '');
    return `<${this.tag} source="${label}">\n${cleanUntrusted(piece.text).trim()}\n</${this.tag}>`;
  }
}

function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
