/*
 * Rendering the script the policy hands bash from its Doc (word-types.ts), once the check has
 * replaced what it replaces.
 */
import { quoteLiteral } from './quote.js';
import type { Chunk, Doc, Heredoc, Word } from './word-types.js';

export { quoteLiteral };
export type { Chunk, Doc, Heredoc };

/** Printed shell text that replaces a word or a heredoc's body, by what it replaces. */
export interface Replacements {
  readonly words: ReadonlyMap<Word, string>;
  /** Keyed by the `input` of a heredoc or here-string: the new body (plain text). */
  readonly inputs: ReadonlyMap<object, string>;
}

export const NO_REPLACEMENTS: Replacements = { words: new Map(), inputs: new Map() };

/** Why a script could not be printed; the check turns it into a refusal. */
export class PrintError extends Error {
  constructor(
    readonly reason: string,
    readonly at: number,
  ) {
    super(reason);
  }
}

interface PendingBody {
  readonly delimiter: string;
  readonly text: string;
}

/** Renders a Doc to the text bash runs. Throws PrintError for anything that cannot be printed. */
export function render(doc: Doc, replacements: Replacements = NO_REPLACEMENTS): string {
  const queues: PendingBody[][] = [[]];
  let out = '';
  const flush = (): void => {
    const queue = queues[queues.length - 1] as PendingBody[];
    if (queue.length === 0) return;
    if (!out.endsWith('\n')) out += '\n';
    for (const body of queue) out += body.text + body.delimiter + '\n';
    queue.length = 0;
  };
  const walk = (chunks: Doc): void => {
    for (const chunk of chunks) {
      if (typeof chunk === 'string') {
        out += chunk;
      } else if ('word' in chunk) {
        const replaced = replacements.words.get(chunk.word);
        if (replaced !== undefined) out += replaced;
        else if (chunk.word.printed === undefined)
          throw new PrintError(
            `has a word the policy cannot print: ${chunk.word.unprintable ?? chunk.word.source}`,
            chunk.word.start,
          );
        else walk(chunk.word.printed);
      } else if ('heredoc' in chunk) {
        const replaced = replacements.inputs.get(chunk.heredoc.input);
        const quoted = replaced !== undefined || chunk.heredoc.quoted;
        let text = replaced ?? render(chunk.heredoc.body, replacements);
        if (text !== '' && !text.endsWith('\n')) text += '\n';
        const delimiter = delimiterFor(text);
        out += quoted ? `<<'${delimiter}'` : `<<${delimiter}`;
        (queues[queues.length - 1] as PendingBody[]).push({ delimiter, text });
      } else if ('herestring' in chunk) {
        const replaced = replacements.inputs.get(chunk.herestring);
        out += '<<< ';
        // Bash adds the newline a here-string ends with.
        if (replaced !== undefined) out += quoteLiteral(replaced.replace(/\n$/, ''));
        else walk([{ word: chunk.value }]);
      } else if ('newline' in chunk) {
        if (queues.slice(0, -1).some((q) => q.length > 0)) {
          // Bash would start reading the outer heredoc's body at this line end.
          throw new PrintError('has a multi-line substitution on the line of a heredoc', 0);
        }
        out += '\n';
        flush();
      } else if ('nest' in chunk) {
        if (chunk.nest === 'enter') queues.push([]);
        else {
          flush();
          queues.pop();
        }
      } else {
        throw new PrintError(chunk.unprintable, chunk.at);
      }
    }
  };
  walk(doc);
  flush();
  return out;
}

/** A heredoc delimiter that no line of the body equals. */
function delimiterFor(body: string): string {
  const lines = new Set(body.split('\n'));
  let delimiter = 'POLICY_EOF';
  for (let n = 1; lines.has(delimiter); n++) delimiter = `POLICY_EOF_${n}`;
  return delimiter;
}

/**
 * Printed shell text that bash may run while it waits for its next line (a trap for a signal that
 * comes between calls): bash runs a trap there with its own standard input, the session's channel,
 * so a reader in the trap (`head -c 300`) would take the next call's line, nonce and all. Standard
 * input from /dev/null, as every command has it, closes that route. The newline before `}` ends a
 * comment or a heredoc on the text's last line.
 */
export function withOwnInput(printed: string): string {
  return `{ ${printed}\n} 0</dev/null`;
}
