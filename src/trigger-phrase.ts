/**
 * Finding the trigger phrase in a comment the way a reader of the rendered comment sees it: a line
 * that starts with the phrase asks for a run, unless the page shows that line as code (a fenced
 * block) or as a quotation (a `>` block, lazy continuation lines included). Fences and quotes follow
 * CommonMark's rules for where they start and end.
 */

/** An open code fence: its character and length (a closing fence needs as many, or more). */
interface Fence {
  char: '`' | '~';
  length: number;
}

/** Up to three spaces, then three or more backticks or tildes; a backtick fence's info string has no backtick. */
const FENCE_OPENING = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;
/** Up to three spaces, a run of one fence character, then only white space. */
const FENCE_CLOSING = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/** A block quote marker: up to three spaces and `>`, with the one optional space after it. */
const QUOTE_MARKER = /^ {0,3}> ?/;
/**
 * Lines that end a paragraph rather than continue it (so they cannot be lazy continuation lines of
 * a quote): ATX headings, thematic breaks, HTML blocks, bullet items and ordered items numbered 1.
 */
const INTERRUPTS_PARAGRAPH =
  /^ {0,3}(?:#{1,6}(?:[ \t]|$)|([-*_])(?:[ \t]*\1){2,}[ \t]*$|<|[-+*][ \t]|1[.)][ \t])/;

function fenceOpening(line: string): Fence | undefined {
  const match = FENCE_OPENING.exec(line);
  if (!match) return undefined;
  const run = match[1] as string;
  return { char: run[0] as Fence['char'], length: run.length };
}

function closes(line: string, fence: Fence): boolean {
  const run = FENCE_CLOSING.exec(line)?.[1];
  return run !== undefined && run[0] === fence.char && run.length >= fence.length;
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

  for (const [index, line] of lines.entries()) {
    if (fence) {
      if (closes(line, fence)) fence = undefined;
      continue;
    }
    const quoted = quoteContent(line);
    if (quoted !== undefined) {
      if (quotedFence) {
        if (closes(quoted, quotedFence)) quotedFence = undefined;
        inQuotedParagraph = false;
      } else {
        quotedFence = fenceOpening(quoted);
        inQuotedParagraph =
          !quotedFence && quoted.trim() !== '' && !INTERRUPTS_PARAGRAPH.test(quoted);
      }
      continue;
    }
    // Any other line ends the quote, and a fence inside it: fenced code has no lazy continuation.
    quotedFence = undefined;
    if (line.trim() === '') {
      inQuotedParagraph = false;
      continue;
    }
    fence = fenceOpening(line);
    if (fence) {
      inQuotedParagraph = false;
      continue;
    }
    if (inQuotedParagraph && !INTERRUPTS_PARAGRAPH.test(line)) continue;
    inQuotedParagraph = false;

    const end = afterPhrase(line, phrase);
    if (end !== undefined) return [line.slice(end), ...lines.slice(index + 1)].join('\n').trim();
  }
  return undefined;
}
