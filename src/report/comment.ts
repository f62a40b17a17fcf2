/**
 * The result comment on the issue or pull request, rendered from the run's recorded events: a
 * headline in words, the figures, the final message (markdown, neutralised), what was committed and
 * pushed, and the link to the job summary — within GitHub's limit on a comment's length. Pure: the
 * posting is `src/github/conversation.ts`'s job. Inputs must already be redacted.
 */
import { formatUsd } from '../base/money.js';
import type { RecordedEvent } from '../transcript.js';
import { renderChanges } from './changes.js';
import { factsOf } from './facts.js';
import { outcomeWords as callOutcome } from './log.js';
import {
  clipBytes,
  clipChars,
  counted,
  escapeInline,
  formatDuration,
  inlineCode,
  neutraliseMarkdown,
  showControls,
} from './markdown.js';
import { detailBeyondHeadline, outcomeWords, structuredOutputBlock } from './summary.js';

/** GitHub refuses a comment body longer than 65,536 characters. */
export const COMMENT_MAX_CHARS = 65_536;
/** Room kept for the hidden marker the conversation puts in front of the body. */
const MARKER_ROOM = 200;
/** Files of the diffstat the comment lists; the job summary lists more. */
const COMMENT_MAX_FILES = 20;
const REST_IN_SUMMARY = ' from the comment; the job summary has all of it';

/** Characters of the last command the progress comment shows. */
const PROGRESS_COMMAND_CHARS = 80;

/**
 * The comment a run shows while it works, edited as it goes and into the result when it ends: the
 * turn, the commands so far, the last one and how it ended, the time since the start, and a link
 * to the job's log (the run's page when the job is not known). Without events: the first posting.
 */
export function renderProgressComment(
  link: { url: string; job: boolean } | undefined,
  events: readonly RecordedEvent[] = [],
  now = Date.now(),
): string {
  const follow = link ? ` [Follow the ${link.job ? 'job' : 'run'}](${link.url}).` : '';
  const lines = [`⏳ **Working on it…**${follow}`];
  const facts = factsOf(events);
  if (facts.requests > 0) {
    const of = facts.settings ? ` of ${facts.settings.maxTurns}` : '';
    const denied = facts.denied > 0 ? ` (${facts.denied} denied)` : '';
    lines.push(
      '',
      `Turn ${facts.requests}${of} · ${counted(facts.commands, 'command')} so far${denied} · ` +
        `${formatDuration(Math.max(0, now - facts.startedAt))} elapsed`,
    );
  }
  const last = facts.calls.at(-1);
  if (last) {
    const label = clipChars(last.label.replace(/\s+/g, ' ').trim(), PROGRESS_COMMAND_CHARS);
    const how = last.status === 'unfinished' ? 'running' : callOutcome(last);
    lines.push('', `Last: ${inlineCode(label)} (${how})`);
  }
  return `${lines.join('\n')}\n`;
}

/** The comment a run shows when it ends, from its recorded events, linking the run's job summary. */
export function renderResultComment(
  events: readonly RecordedEvent[],
  runUrl: string | undefined,
): string {
  const facts = factsOf(events);
  const ended = events.some((event) => event.type === 'result');

  const head: string[] = [`### Bash agent: ${outcomeWords(facts)}`, ''];
  const detail = ended
    ? detailBeyondHeadline(facts)
    : (facts.detail ?? 'The run ended without a result.');
  if (detail) head.push(`> ${escapeInline(detail)}`, '');
  if (ended) {
    head.push(
      `${counted(facts.requests, 'model request')} · ${counted(facts.commands, 'command')} run` +
        `${facts.denied > 0 ? `, ${facts.denied} denied by the policy` : ''} · ` +
        `${formatUsd(facts.costUsd)} · ${formatDuration(facts.durationMs)}`,
      '',
      '',
    );
  }

  const tail: string[] = [];
  const changes = renderChanges(facts, COMMENT_MAX_FILES);
  if (changes.length > 0) tail.push(changes.join('\n').trim());
  tail.push(...structuredOutputBlock(facts).filter((part) => part !== ''));
  const artifact = facts.transcriptFile?.artifact;
  const links = [
    ...(runUrl ? [`[The full job summary](${runUrl})`] : []),
    ...(artifact ? [`[the transcript](${artifact.url}) (JSONL, zipped)`] : []),
  ];
  if (links.length > 0) tail.push(links.join(' · '));

  const headText = head.join('\n');
  const tailText = tail.length > 0 ? `\n\n${tail.join('\n\n')}\n` : '\n';
  const message = neutraliseMarkdown(showControls(facts.result.trim()));
  if (message === '') {
    return `${headText}${ended ? '_The model wrote no final text._\n' : ''}${tailText}`;
  }
  // Characters, not bytes, are GitHub's unit for comments; clipBytes keeps under either.
  const room = COMMENT_MAX_CHARS - MARKER_ROOM - headText.length - tailText.length - 128;
  return `${headText}${clipBytes(message, Math.max(0, room), REST_IN_SUMMARY)}${tailText}`;
}

/** The body of a pull request the run opens: the final message and where it came from. */
export function renderPullRequestBody(finalMessage: string, runUrl: string | undefined): string {
  const footer = runUrl ? `\n\n---\nOpened by [this workflow run](${runUrl}).\n` : '\n';
  const message =
    neutraliseMarkdown(showControls(finalMessage.trim())) || '_The agent wrote no final message._';
  return `${clipBytes(message, COMMENT_MAX_CHARS - footer.length - 128, ' from this description')}${footer}`;
}
