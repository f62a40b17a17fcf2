/**
 * The commit message: the workflow's `commit-message`, or one derived from the task, with what the
 * history reader needs to judge the commit — where the run is, and whether the work is finished.
 */
import { LIMIT_DESCRIPTIONS } from '../agent/limits.js';
import type { Conclusion } from '../transcript.js';

/** Git's own advice for a subject line's length. */
export const MAX_SUBJECT = 72;

/** Used when the task has no words to make a subject of. */
const FALLBACK_SUBJECT = 'Changes made by bash-agent';

export interface MessageFacts {
  /** The task as the model got it. */
  task: string;
  /** The `commit-message` input; empty: derive one. */
  given: string;
  conclusion: Conclusion;
  /** Link to the workflow run, when the runner says where it is. */
  runUrl?: string;
}

/** The task's first non-empty line, cut on a word boundary to fit a subject line. */
export function subjectFrom(task: string): string {
  const line =
    task
      .split(/\r\n|\r|\n/)
      .map((text) => text.trim().replace(/\s+/g, ' '))
      .find((text) => text !== '') ?? '';
  if (line === '') return FALLBACK_SUBJECT;
  if (line.length <= MAX_SUBJECT) return line;
  // One character is kept for the ellipsis that says the line goes on.
  const room = line.slice(0, MAX_SUBJECT);
  const space = room.lastIndexOf(' ', MAX_SUBJECT - 1);
  const cut = space > 0 ? room.slice(0, space) : room.slice(0, MAX_SUBJECT - 1);
  return `${cut.replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** One sentence on how finished the work is. */
export function statusLine(conclusion: Conclusion): string {
  switch (conclusion) {
    case 'success':
      return 'The run finished (conclusion: success).';
    case 'error':
      return 'The run ended with an error (conclusion: error): these are its unfinished changes, saved so they are not lost.';
    case 'cancelled':
      return 'The run was cancelled (conclusion: cancelled): these are its unfinished changes, saved so they are not lost.';
    case 'skipped':
      return 'The run was skipped (conclusion: skipped).';
    default:
      return `The run stopped at ${LIMIT_DESCRIPTIONS[conclusion]} (conclusion: ${conclusion}): the work is partial.`;
  }
}

/** The whole message: subject, blank line, body. */
export function commitMessage(facts: MessageFacts): string {
  const given = facts.given.trim();
  const body = [statusLine(facts.conclusion), ...(facts.runUrl ? [`Run: ${facts.runUrl}`] : [])];
  if (given !== '') {
    // The workflow's words stand as written; only an unfinished run adds why it is unfinished.
    return facts.conclusion === 'success' ? `${given}\n` : `${given}\n\n${body[0]}\n`;
  }
  return `${subjectFrom(facts.task)}\n\n${body.join('\n')}\n`;
}
