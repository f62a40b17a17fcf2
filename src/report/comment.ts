/**
 * The result comment on the issue or pull request, rendered from the run's recorded events: a
 * headline in words, the figures, the final message (markdown, neutralised), what was committed and
 * pushed, and the link to the job summary — within GitHub's limit on a comment's length. Pure: the
 * posting is `src/github/conversation.ts`'s job. Inputs must already be redacted.
 */
import { formatUsd } from '../agent/pricing.js';
import type { Conclusion, RecordedEvent, TranscriptEvent } from '../transcript.js';
import { clipBytes, escapeInline } from './summary.js';

/** GitHub refuses a comment body longer than 65,536 characters. */
export const COMMENT_MAX_CHARS = 65_536;
/** Room kept for the hidden marker the conversation puts in front of the body. */
const MARKER_ROOM = 200;

const HEADLINES: Readonly<Record<Conclusion, string>> = {
  success: '✅ Done',
  'max-turns': '⏸️ Stopped at the turn limit',
  'time-limit': '⏱️ Stopped at the time limit',
  budget: '💰 Stopped at the cost limit',
  error: '❌ Failed',
  cancelled: '🛑 Cancelled',
  skipped: '⏭️ Skipped',
};

type EventOf<T extends TranscriptEvent['type']> = Extract<RecordedEvent, { type: T }>;

function last<T extends TranscriptEvent['type']>(
  events: readonly RecordedEvent[],
  type: T,
): EventOf<T> | undefined {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index] as RecordedEvent;
    if (event.type === type) return event as EventOf<T>;
  }
  return undefined;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function seconds(ms: number): string {
  const total = Math.round(ms / 1000);
  return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
}

/**
 * The model's markdown made unable to act on the page: outside code blocks, raw HTML shown as text,
 * images as their alt text, headings below the comment's own, nobody mentioned; a code block left
 * open is closed so it cannot swallow what follows. Kept small on purpose: the job summary's
 * neutraliser replaces it.
 */
function neutralise(text: string): string {
  let fence: string | undefined;
  const lines = text.split(/\r\n|\r|\n/).map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker?.startsWith(fence) && line.trim() === marker) fence = undefined;
      return line;
    }
    if (marker) {
      fence = marker;
      return line;
    }
    return line
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/!\[/g, '\\![')
      .replace(/^ {0,3}#{1,6}(?=[ \t]|$)/, '####')
      .replace(/@/g, '@\u200b');
  });
  if (fence) lines.push(fence);
  return lines.join('\n');
}

/** `text` as inline code: a fence longer than any run of backticks in it, so it shows as it is. */
function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\s+/g, ' ')}${pad}${fence}`;
}

/** The comment a run shows while it works: it is edited into the result when the run ends. */
export function renderProgressComment(runUrl: string | undefined): string {
  return `⏳ **Working on it…**${runUrl ? ` [Follow the run](${runUrl}).` : ''}`;
}

/** The comment a run shows when it ends, from its recorded events, linking the run's job summary. */
export function renderResultComment(
  events: readonly RecordedEvent[],
  runUrl: string | undefined,
): string {
  const result = last(events, 'result');
  const commit = last(events, 'commit');
  const pull = last(events, 'pull_request');
  const conclusion: Conclusion = result?.conclusion ?? 'error';

  const head: string[] = [`### Bash agent: ${HEADLINES[conclusion]}`, ''];
  const detail = result?.detail ?? (result ? undefined : 'The run ended without a result.');
  if (detail && conclusion !== 'success') head.push(`> ${escapeInline(detail)}`, '');
  if (result) {
    head.push(
      `${plural(result.turns, 'model request')} · ${plural(result.commands, 'command')}` +
        `${result.denied > 0 ? ` (${result.denied} denied by the policy)` : ''} · ` +
        `${formatUsd(result.costUsd)} · ${seconds(result.durationMs)}`,
      '',
      '',
    );
  }

  const tail: string[] = [];
  if (commit) {
    const what = commit.sha ? `Committed \`${commit.sha.slice(0, 12)}\`` : 'Nothing pushed';
    const where = commit.branch ? ` to ${inlineCode(commit.branch)}` : '';
    tail.push(
      `**${what}${where}**${commit.rescued ? ' (a rescue branch)' : ''}: ${escapeInline(commit.note)}`,
    );
  }
  if (pull) {
    tail.push(`**Pull request:** ${pull.url} (${pull.created ? 'opened' : 'updated'})`);
  }
  if (runUrl) tail.push(`[The full job summary](${runUrl})`);

  const headText = head.join('\n');
  const tailText = tail.length > 0 ? `\n\n${tail.join('\n\n')}\n` : '\n';
  const message = neutralise(result?.result.trim() ?? '');
  if (message === '')
    return `${headText}${result ? '_The model wrote no final text._\n' : ''}${tailText}`;
  // Characters, not bytes, are GitHub's unit for comments; clipBytes keeps under either.
  const room = COMMENT_MAX_CHARS - MARKER_ROOM - headText.length - tailText.length - 64;
  return `${headText}${clipBytes(message, Math.max(0, room))}${tailText}`;
}

/** The body of a pull request the run opens: the final message and where it came from. */
export function renderPullRequestBody(finalMessage: string, runUrl: string | undefined): string {
  const footer = runUrl ? `\n\n---\nOpened by [this workflow run](${runUrl}).\n` : '\n';
  const message = neutralise(finalMessage.trim()) || '_The agent wrote no final message._';
  return `${clipBytes(message, COMMENT_MAX_CHARS - footer.length - 64)}${footer}`;
}
