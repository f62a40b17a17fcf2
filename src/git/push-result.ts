/**
 * How a push ended, read from `git push --porcelain`: pushed, refused because the branch moved,
 * refused for the workflow files, refused otherwise, or no answer about the branch at all.
 */
import type { GitResult } from './exec.js';

/** A push's or fetch's result; `timedOut` when its time ran out and it was ended. */
export type NetworkResult = GitResult & { timedOut?: boolean };

/** How one push ended. */
export type PushResult =
  | { kind: 'pushed' }
  /** The branch has commits this push lacks. */
  | { kind: 'moved' }
  /** The server refuses changes under `.github/workflows/` from this token. */
  | { kind: 'workflows'; reason: string }
  /** The server refused it for another reason (a protected branch, a hook). */
  | { kind: 'refused'; reason: string }
  /**
   * It did not get as far as an answer about the branch (network, authentication); `timedOut` when
   * it was ended because its time ran out.
   */
  | { kind: 'failed'; reason: string; timedOut?: boolean };

/** GitHub's words when a token without the `workflows` permission changes a workflow file. */
const WORKFLOWS_REFUSAL = /refusing to allow an? [\w ]*App to create or update workflow/i;

/** The server's own words from a push's stderr (`remote: …` lines), or git's first lines. */
function reasonOf(result: GitResult): string {
  const remote = result.stderr
    .split('\n')
    .filter((line) => line.startsWith('remote:'))
    .map((line) => line.slice('remote:'.length).trim())
    .filter((line) => line !== '');
  const lines = remote.length > 0 ? remote : result.stderr.trim().split('\n');
  return lines.slice(0, 4).join(' / ');
}

/** A push with no answer about its branch, and whether its time ran out. */
function failed(result: NetworkResult): PushResult {
  return result.timedOut
    ? { kind: 'failed', reason: reasonOf(result), timedOut: true }
    : { kind: 'failed', reason: reasonOf(result) };
}

/**
 * How `git push --porcelain` of one ref ended. The server's reason comes in the ref's status line
 * (`[remote rejected] (reason)`, where GitHub puts its workflows refusal) or in `remote:` lines
 * (where a hook's message goes).
 */
export function pushResultOf(result: NetworkResult, ref: string): PushResult {
  const line = result.stdout
    .split('\n')
    .map((text) => text.split('\t'))
    .find((fields) => fields.length >= 3 && fields[1]?.endsWith(`:${ref}`));
  if (line === undefined) return failed(result);
  const [flag, , summary = ''] = line;
  if (flag !== '!') return { kind: 'pushed' };
  if (/^\[rejected\] \((fetch first|non-fast-forward)\)$/.test(summary)) return { kind: 'moved' };
  const status = /^\[remote rejected\] \((.*)\)$/.exec(summary)?.[1] ?? summary;
  const remote = reasonOf(result);
  if (WORKFLOWS_REFUSAL.test(status)) return { kind: 'workflows', reason: status };
  if (WORKFLOWS_REFUSAL.test(result.stderr)) return { kind: 'workflows', reason: remote };
  // A hook's own words say more than git's "pre-receive hook declined".
  return { kind: 'refused', reason: remote || status };
}
