/**
 * Markdown helpers for reports GitHub renders (the job summary, the result comment): untrusted
 * text fenced, escaped or neutralised so it cannot change the page around it, reach out through a
 * URL, or mention anyone; sizes measured and clipped in UTF-8 bytes, the unit GitHub's limits use.
 */

/** `1 command`, `2 commands`. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** 12.3 s, 4 min 5 s, 1 h 2 min. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    const rest = Math.round(seconds - minutes * 60);
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  }
  const rest = minutes % 60;
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/**
 * 180000 → 180,000: token counts are read at a glance. Integers are grouped here rather than by
 * toLocaleString, whose first call loads the locale data (about 20 ms at the end of every run).
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** 999 chars, 1.2k chars, 3.4M chars. */
export function formatChars(n: number): string {
  if (n < 1000) return `${n} chars`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k chars`;
  return `${(n / 1_000_000).toFixed(1)}M chars`;
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * A fence longer than any run of backticks in `text`, so nothing inside can close it (a `~~~` line
 * cannot close a backtick fence at all). A line break is added where the text lacks one.
 */
export function fenced(text: string, info = 'text'): string {
  let longest = 0;
  for (const match of text.matchAll(/`{3,}/g)) longest = Math.max(longest, match[0].length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text.replace(/\n+$/, '')}\n${fence}`;
}

/** `text` as inline code: a fence longer than any run of backticks in it, so it shows as it is. */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\s+/g, ' ')}${pad}${fence}`;
}

/**
 * Control characters other than tab and line breaks (C0, DEL, C1): a NUL or an escape sequence
 * written raw is lost or garbles a page or a log, and no reader can tell what was there.
 */
const CONTROLS = /(?![\t\n\r])\p{Cc}/gu;

/** `text` with each control character (see CONTROLS) shown as its escape, `\x00`. */
export function showControls(text: string): string {
  return text.replace(CONTROLS, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * One line of untrusted text made inert for markdown and HTML: line breaks flattened, HTML and
 * markdown punctuation escaped, `@` broken so nobody is mentioned, bare addresses kept from
 * becoming links.
 */
export function escapeInline(text: string): string {
  return (
    escapeTags(flatLine(text))
      .replace(/([\\`*_{}[\]()#+\-.!|~])/g, '\\$1')
      .replace(/@/g, '@\u200b')
      // GitHub links bare addresses even in escaped text; a zero-width space keeps them text.
      .replace(/:\/\//g, ':/\u200b/')
      .replace(/\bwww\\\./gi, (www) => `${www.slice(0, 3)}\u200b\\.`)
  );
}

/**
 * One line of text as a markdown code span: shown as it is, with nothing in it read as markdown,
 * HTML, a link or a mention, and copied as it is (no character inserted to break an address or a
 * mention). The fence is one backtick longer than the longest run inside. In a table cell
 * (`inTable`), `|` is escaped, as GFM splits cells before it reads code spans and then drops the
 * backslash.
 */
export function codeSpan(text: string, inTable = false): string {
  const line = flatLine(text);
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  const body = inTable ? line.replace(/\|/g, '\\|') : line;
  return `${fence}${pad}${body}${pad}${fence}`;
}

/**
 * One line of untrusted text as code in an HTML context where markdown is not read (a `<summary>`
 * title): tags and entities escaped, inside `<code>`, where GitHub makes no link and no mention.
 */
export function htmlCode(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

/** One line of untrusted text in an HTML context where markdown is not read: tags and entities escaped. */
export function escapeHtml(text: string): string {
  return escapeTags(flatLine(text)).replace(/"/g, '&quot;');
}

/** `text` on one line, its control characters shown as escapes and its line breaks as spaces. */
function flatLine(text: string): string {
  return showControls(text).replace(/\s*[\r\n]+\s*/g, ' ');
}

/** `text` with what starts a tag or an entity escaped. */
function escapeTags(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `index` moved off the second half of a surrogate pair, so slicing there keeps characters whole. */
function safeIndex(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/** `text` cut to its first `max` characters (never inside a surrogate pair), ` …` when cut. */
export function clipChars(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, safeIndex(text, max))} …`;
}

/**
 * `text` cut to at most `maxBytes` of UTF-8, keeping its head and tail around a marker that says
 * how much was left out, from what (`note`) and where the rest is.
 */
export function clipBytes(text: string, maxBytes: number, note = ' from the summary'): string {
  if (byteLength(text) <= maxBytes) return text;
  const marker = (omitted: number): string =>
    `\n[... ${formatCount(omitted)} characters omitted${note} ...]\n`;
  // Characters take 1 to 3 bytes (4 for a pair of 2): start from the byte budget, shrink to fit.
  let keep = Math.max(0, Math.floor((maxBytes - byteLength(marker(text.length))) / 2));
  for (;;) {
    const head = text.slice(0, safeIndex(text, Math.min(keep, text.length)));
    const tail = text.slice(safeIndex(text, Math.max(text.length - keep, head.length)));
    const clipped = `${head}${marker(text.length - head.length - tail.length)}${tail}`;
    if (byteLength(clipped) <= maxBytes || keep === 0) return clipped;
    keep = Math.floor(keep * Math.min(0.95, maxBytes / byteLength(clipped)));
  }
}

/** A collapsed block; `summary` must already be inline-safe. The blank lines let markdown render inside. */
export function details(summary: string, body: string, open = false): string {
  return `<details${open ? ' open' : ''}><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

/** Headings of neutralised text start below this level, under the report's own `##` and `###`. */
const HEADING_FLOOR = 4;

/** The URL of a link or bare address that may stay a link: https, no query string, no fragment. */
function isPlainHttps(url: string): boolean {
  return /^https:\/\/[^\s?#]+$/i.test(url);
}

/** Escapes what would make HTML, an image, a mention or a risky link in a stretch of prose. */
function neutraliseProse(text: string): string {
  // One pass over the alternatives, so a replacement is never read again by this function. Link
  // and image texts hold no brackets: a link around an image is taken apart, image first.
  return text.replace(
    /!\[([^[\]\n]*)\]\(([^)\n]*)\)|\[([^[\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)|\b(?:https?|ftp|file|data|javascript):[^\s<>"'`[\]()]+|\bwww\.[^\s<>"'`[\]()]+|<|[[\]]|@(?=[A-Za-z0-9])/gi,
    (match, alt?: string, _imageUrl?: string, linkText?: string, linkUrl?: string) => {
      if (alt !== undefined) {
        // An image is fetched the moment the page shows, so its URL can carry data out: text only.
        return `🖼️ image: ${neutraliseProse(alt.trim() || 'no description')}`;
      }
      if (linkText !== undefined) {
        const words = neutraliseProse(linkText);
        if (linkUrl !== undefined && isPlainHttps(linkUrl)) return `[${words}](${linkUrl})`;
        return `${words} (\`${(linkUrl ?? '').replace(/`/g, '')}\`)`;
      }
      if (match === '<') return '&lt;';
      if (match === '@') return '@\u200b';
      // A bracket no link above took could still pair with another around a replacement, or
      // make a reference definition and its `[x][ref]` links and `![x][ref]` images.
      if (match === '[' || match === ']') return `\\${match}`;
      // A bare address GitHub would turn into a link: kept a link only when it is plain https.
      if (isPlainHttps(match)) return match;
      return `\`${match.replace(/`/g, '')}\``;
    },
  );
}

/**
 * Code as it is shown, but inert should GitHub read it as prose after all (a code span is found
 * by matching backtick runs across lines and blocks, which this reading does not redo exactly): a
 * zero-width space after `<`, `@` and `]` keeps tags, mentions and links from forming, and is
 * invisible where the text is code.
 */
function protectCode(text: string): string {
  return text.replace(/<|@|\](?=\()/g, (match) => `${match}\u200b`);
}

/** The line split into prose and inline code spans (a run of n backticks closed by a run of n). */
function splitCodeSpans(line: string): Array<{ code: boolean; text: string }> {
  const parts: Array<{ code: boolean; text: string }> = [];
  let prose = '';
  let at = 0;
  while (at < line.length) {
    const open = /`+/g;
    open.lastIndex = at;
    const start = open.exec(line);
    if (!start) break;
    const closing = new RegExp(`(?<!\`)${start[0]}(?!\`)`, 'g');
    closing.lastIndex = start.index + start[0].length;
    const end = closing.exec(line);
    if (!end) {
      prose += line.slice(at, start.index + start[0].length);
      at = start.index + start[0].length;
      continue;
    }
    prose += line.slice(at, start.index);
    if (prose !== '') parts.push({ code: false, text: prose });
    prose = '';
    parts.push({ code: true, text: line.slice(start.index, end.index + end[0].length) });
    at = end.index + end[0].length;
  }
  prose += line.slice(at);
  if (prose !== '') parts.push({ code: false, text: prose });
  return parts;
}

/** Neutralises one line outside code blocks, leaving its inline code spans readable. */
function neutraliseLine(line: string): string {
  const heading = /^( {0,3})(#{1,6})([ \t]|$)/.exec(line);
  let head = '';
  let rest = line;
  if (heading) {
    const level = Math.min(6, heading[2]!.length + HEADING_FLOOR - 1);
    head = `${heading[1]}${'#'.repeat(level)}${heading[3]}`;
    rest = line.slice(heading[0].length);
  }
  return (
    head +
    splitCodeSpans(rest)
      .map((part) => (part.code ? protectCode(part.text) : neutraliseProse(part.text)))
      .join('')
  );
}

/**
 * Untrusted markdown (the model's final message) made safe to render inside a report: images
 * become text, raw HTML is escaped, links whose URL has a query string or fragment (or is not
 * https) become text, headings are demoted below the report's own, `@mentions` are broken, and a
 * code block left open is closed so it cannot swallow what follows. Code blocks are kept as they
 * are: GitHub shows their content literally.
 */
export function neutraliseMarkdown(text: string): string {
  const out: string[] = [];
  let fence: { char: string; length: number } | undefined;
  let previousProse = false;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      out.push(protectCode(line));
      if (
        marker &&
        marker[1]![0] === fence.char &&
        marker[1]!.length >= fence.length &&
        line.trim() === marker[1]
      ) {
        fence = undefined;
      }
      previousProse = false;
      continue;
    }
    if (marker && !(marker[1]![0] === '`' && line.slice(marker[0].length).includes('`'))) {
      fence = { char: marker[1]![0]!, length: marker[1]!.length };
      out.push(protectCode(line));
      previousProse = false;
      continue;
    }
    // `===` or `---` under a line of prose would make it a heading above the report's own.
    if (previousProse && /^ {0,3}(=+|-+)[ \t]*$/.test(line)) {
      out.push(line.replace(/[=-]/, '\\$&'));
      previousProse = false;
      continue;
    }
    out.push(neutraliseLine(line));
    previousProse = line.trim() !== '';
  }
  if (fence) out.push(fence.char.repeat(fence.length));
  return out.join('\n');
}
