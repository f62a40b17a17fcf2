/**
 * The result comment on the issue or pull request, rendered from the run's recorded events: a
 * headline in words, the figures, the final message (markdown, neutralised), what was committed and
 * pushed, and the link to the job summary — within GitHub's limit on a comment's length. Pure: the
 * posting is `src/github/conversation.ts`'s job. Inputs must already be redacted.
 */
import { formatUsd } from '../agent/pricing.js';
import type { RecordedEvent } from '../transcript.js';
import { factsOf } from './facts.js';
import {
  clipBytes,
  counted,
  escapeInline,
  formatDuration,
  neutraliseMarkdown,
  showControls,
} from './markdown.js';
import { HEADLINES, structuredOutputBlock } from './summary.js';

/** GitHub refuses a comment body longer than 65,536 characters. */
export const COMMENT_MAX_CHARS = 65_536;
/** Room kept for the hidden marker the conversation puts in front of the body. */
const MARKER_ROOM = 200;
const REST_IN_SUMMARY = ' from the comment; the job summary has all of it';

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
  const facts = factsOf(events);
  const ended = events.some((event) => event.type === 'result');

  const head: string[] = [`### Bash agent: ${HEADLINES[facts.conclusion]}`, ''];
  const detail = facts.detail ?? (ended ? undefined : 'The run ended without a result.');
  if (detail && facts.conclusion !== 'success') head.push(`> ${escapeInline(detail)}`, '');
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
  const { commit, pullRequest } = facts;
  if (commit) {
    const what = commit.sha ? `Committed \`${commit.sha.slice(0, 12)}\`` : 'Nothing pushed';
    const where = commit.branch ? ` to ${inlineCode(commit.branch)}` : '';
    tail.push(
      `**${what}${where}**${commit.rescued ? ' (a rescue branch)' : ''}: ${escapeInline(commit.note)}`,
    );
  }
  if (pullRequest) {
    tail.push(
      `**Pull request:** ${pullRequest.url} (${pullRequest.created ? 'opened' : 'updated'})`,
    );
  }
  tail.push(...structuredOutputBlock(facts).filter((part) => part !== ''));
  if (runUrl) tail.push(`[The full job summary](${runUrl})`);

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
