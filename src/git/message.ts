/**
 * The commit message: the workflow's `commit-message`, or one derived from the task, with what the
 * history reader needs to judge the commit — where the run is, and whether the work is finished.
 */
import { LIMIT_DESCRIPTIONS, type Conclusion } from '../transcript.js';

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
  /** `Co-authored-by:` trailers (coAuthorTrailer) for the people who asked for the work. */
  coAuthors?: readonly string[];
}

/** A GitHub account as the event names it. */
export interface GitHubPerson {
  login: string;
  /** The account's id: GitHub's noreply address with it stays tied to the account if it is renamed. */
  id?: number;
  /** The display name, when the event has it; the login otherwise. */
  name?: string | null;
}

/**
 * The trailer that credits `person` on GitHub (their avatar on the commit, the commit in their
 * contributions): their noreply address, `ID+login@users.noreply.github.com`.
 */
export function coAuthorTrailer(person: GitHubPerson): string {
  const name = (person.name ?? '').replace(/[<>\r\n]/g, '').trim() || person.login;
  const address =
    person.id === undefined
      ? `${person.login}@users.noreply.github.com`
      : `${person.id}+${person.login}@users.noreply.github.com`;
  return `Co-authored-by: ${name} <${address}>`;
}

/**
 * The words a request is wrapped in that a commit subject, which says what the commit does, has no
 * use for: `@someone`, `please`, `can you`… before the verb, `please` and the question mark after.
 */
const LEADING_COURTESY =
  /^(?:(?:@[\w-]+(?:\[bot\])?[,:]?|please|pls|kindly|(?:can|could|would|will) you(?: please)?|i(?:'d| would) like you to|i want you to|go ahead and)\s+)+/i;
const TRAILING_COURTESY = /(?:(?:^|[\s,]+)please)?[\s.!?]*$/i;

/** A request's line as a subject: the courtesy around the verb taken off, the verb capitalized. */
function imperative(line: string): string {
  const bare = line.replace(LEADING_COURTESY, '').replace(TRAILING_COURTESY, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/**
 * The task's first non-empty line as an imperative subject (`please fix the typo.` → `Fix the
 * typo`), cut on a word boundary to fit a subject line.
 */
export function subjectFrom(task: string): string {
  const line = imperative(
    task
      .split(/\r\n|\r|\n/)
      .map((text) => text.trim().replace(/\s+/g, ' '))
      .find((text) => text !== '') ?? '',
  );
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

/** The whole message: subject, blank line, body, and the trailers last, where git looks for them. */
export function commitMessage(facts: MessageFacts): string {
  const given = facts.given.trim();
  const body = [statusLine(facts.conclusion), ...(facts.runUrl ? [`Run: ${facts.runUrl}`] : [])];
  const trailers = facts.coAuthors?.length ? `\n${facts.coAuthors.join('\n')}\n` : '';
  if (given !== '') {
    // The workflow's words stand as written; only an unfinished run adds why it is unfinished.
    const text = facts.conclusion === 'success' ? `${given}\n` : `${given}\n\n${body[0]}\n`;
    return `${text}${trailers}`;
  }
  return `${subjectFrom(facts.task)}\n\n${body.join('\n')}\n${trailers}`;
}
