/**
 * Finding the trigger phrase in a comment the way a reader of the rendered comment sees it: a line
 * that starts with the phrase asks for a run, unless the page shows that line as code (a fenced
 * block, or an indented one) or as a quotation (a `>` block, lazy continuation lines included).
 * Fences, indented code and quotes follow CommonMark's rules for where they start and end, at the
 * top level and inside list items.
 */

/**
 * An open code fence: its character and length (a closing fence needs as many, or more), and the
 * content indentation of the list item it is in (0 at the top level).
 */
interface Fence {
  char: '`' | '~';
  length: number;
  base: number;
}

/** Three or more backticks or tildes; a backtick fence's info string has no backtick. */
const FENCE_RUN = /^(`{3,}(?=[^`]*$)|~{3,})/;
/** A run of one fence character, then only white space. */
const CLOSING_RUN = /^(`{3,}|~{3,})[ \t]*$/;
/** A list item's marker and the spaces after it (one to four, or the rest of a blank item). */
const LIST_MARKER = /^([-+*]|\d{1,9}[.)])( {1,4}(?! )|[ \t]*$)/;
/** A block quote marker: up to three spaces and `>`, with the one optional space after it. */
const QUOTE_MARKER = /^ {0,3}> ?/;
/** Columns of indentation past a container's content that make a line indented code. */
const CODE_INDENT = 4;
/**
 * A setext heading's underline, when it follows paragraph text: it makes that text a heading, and
 * it never continues a paragraph lazily (so it ends a quote's).
 */
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
/** A thematic break: three or more `-`, `*` or `_`, spaces between them allowed. */
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/**
 * Lines that end a paragraph rather than continue it (so they cannot be lazy continuation lines of
 * a quote): ATX headings, thematic breaks, HTML blocks, bullet items and ordered items numbered 1.
 */
const INTERRUPTS_PARAGRAPH = new RegExp(
  String.raw`^ {0,3}(?:#{1,6}(?:[ \t]|$)|<|[-+*][ \t]|1[.)][ \t])|${THEMATIC_BREAK.source}`,
);

/**
 * Whether a line leaves paragraph text open, which a following plain line lazily continues: text
 * that starts no other block, also after a list marker (`- item` holds a paragraph too).
 */
function endsInParagraph(content: string): boolean {
  if (content.trim() === '') return false;
  const marker = LIST_MARKER.exec(content.trimStart());
  if (marker && !THEMATIC_BREAK.test(content)) {
    const rest = content.trimStart().slice(marker[0].length);
    return !fenceOpening(rest) && endsInParagraph(rest);
  }
  return !INTERRUPTS_PARAGRAPH.test(content);
}

/** Columns of leading white space (a tab advances to the next multiple of four, as in CommonMark). */
function indentation(line: string): number {
  let column = 0;
  for (const char of line) {
    if (char === ' ') column += 1;
    else if (char === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** A fence opened by `line` in a container whose content starts at column `base`. */
function fenceOpening(line: string, base = 0): Fence | undefined {
  const indent = indentation(line);
  if (indent < base || indent > base + 3) return undefined;
  const run = FENCE_RUN.exec(line.trimStart())?.[1];
  return run === undefined
    ? undefined
    : { char: run[0] as Fence['char'], length: run.length, base };
}

function closes(line: string, fence: Fence): boolean {
  const indent = indentation(line);
  if (indent < fence.base || indent > fence.base + 3) return false;
  const run = CLOSING_RUN.exec(line.trimStart())?.[1];
  return run !== undefined && run[0] === fence.char && run.length >= fence.length;
}

/**
 * The content column of the list item a non-blank line is in, given the content columns of the
 * open items (innermost last), which it updates: a line less indented than an item's content
 * ends that item; a line with a list marker opens one.
 */
function listBase(line: string, items: number[]): number {
  const indent = indentation(line);
  closeItems(indent, items);
  const parent = items.at(-1) ?? 0;
  if (indent - parent <= 3) {
    const marker = LIST_MARKER.exec(line.trimStart());
    if (marker)
      items.push(
        indent + (marker[0].trim() === marker[0] ? marker[0].length + 1 : marker[0].length),
      );
  }
  return items.at(-1) ?? 0;
}

/** Ends the open list items whose content a line indented `indent` columns is not part of. */
function closeItems(indent: number, items: number[]): void {
  while (items.length > 0 && indent < (items.at(-1) as number)) items.pop();
}

/** The content of a block quote line with every level of `>` taken off; undefined for other lines. */
function quoteContent(line: string): string | undefined {
  if (!QUOTE_MARKER.test(line)) return undefined;
  let content = line;
  while (QUOTE_MARKER.test(content)) content = content.replace(QUOTE_MARKER, '');
  return content;
}

/** Where the words after the phrase begin, when `line` starts with it (after spaces or tabs). */
function afterPhrase(line: string, phrase: string): number | undefined {
  const start = line.length - line.trimStart().length;
  const end = start + phrase.length;
  if (line.slice(start, end).toLowerCase() !== phrase.toLowerCase()) return undefined;
  return end === line.length || /\s/.test(line[end] as string) ? end : undefined;
}

/**
 * The task a comment asks for: the rest of the first line that starts with `phrase`, plus every
 * line after it, trimmed ('' when nothing follows the phrase). Undefined when no line outside code
 * and quotations starts with the phrase. `text` has line breaks normalised to \n.
 */
export function findTask(text: string, phrase: string): string | undefined {
  const lines = text.split('\n');
  let fence: Fence | undefined;
  // A fence opened inside a block quote: it ends with the quote, and it is not a paragraph.
  let quotedFence: Fence | undefined;
  // The last line was paragraph text inside a quote, so a plain line after it still belongs to it.
  let inQuotedParagraph = false;
  // The content columns of the open list items, innermost last.
  const items: number[] = [];
  // The last line was paragraph text outside quotes: an indented line after it continues the
  // paragraph, since indented code cannot interrupt one.
  let inParagraph = false;

  for (const [index, line] of lines.entries()) {
    if (fence) {
      // A fence in a list item ends with the item, when a line is indented less than its content.
      const itemEnded = line.trim() !== '' && indentation(line) < fence.base;
      if (!itemEnded) {
        if (closes(line, fence)) fence = undefined;
        continue;
      }
      fence = undefined;
    }
    const quoted = quoteContent(line);
    // Blank lines, quotes and fences all end a paragraph outside quotes (a quote interrupts one).
    const paragraphBefore = inParagraph;
    inParagraph = false;
    if (quoted !== undefined) {
      // A quote less indented than an item's content is not in that item: it ends the item.
      closeItems(indentation(line), items);
      if (quotedFence) {
        if (closes(quoted, quotedFence)) quotedFence = undefined;
        inQuotedParagraph = false;
      } else {
        quotedFence = fenceOpening(quoted);
        inQuotedParagraph = !quotedFence && endsInParagraph(quoted);
      }
      continue;
    }
    // Any other line ends the quote, and a fence inside it: fenced code has no lazy continuation.
    quotedFence = undefined;
    if (line.trim() === '') {
      inQuotedParagraph = false;
      continue;
    }
    const underline = SETEXT_UNDERLINE.test(line);
    // Text, then its underline: a heading, after which no paragraph is open.
    if (paragraphBefore && underline) continue;
    const base = listBase(line, items);
    // A list marker's line may open a fence after the marker: `- ```sh`.
    const afterMarker =
      indentation(line) < base
        ? ' '.repeat(base) + line.trimStart().replace(LIST_MARKER, '')
        : line;
    fence = fenceOpening(afterMarker, base) ?? fenceOpening(line, 0);
    if (fence) {
      inQuotedParagraph = false;
      continue;
    }
    if (inQuotedParagraph && !INTERRUPTS_PARAGRAPH.test(line) && !underline) continue;
    inQuotedParagraph = false;
    // Indented past its container's content, after anything but paragraph text: indented code,
    // shown as code however it reads. After paragraph text it is more of that paragraph.
    if (!paragraphBefore && indentation(line) >= base + CODE_INDENT) continue;
    inParagraph = endsInParagraph(line);

    const end = afterPhrase(line, phrase);
    if (end !== undefined) return [line.slice(end), ...lines.slice(index + 1)].join('\n').trim();
  }
  return undefined;
}
