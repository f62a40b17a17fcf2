/**
 * What the run changed and where it went, as the summary and the comment show it: the commit and
 * the branch named once, each a link, with the compare view or the pull request, and the files with
 * their line counts. Inputs come from redacted events; file and branch names are untrusted.
 */
import type { ChangedFile } from '../transcript.js';
import type { RunFacts } from './facts.js';
import { branchUrl, commitUrl, compareUrl } from './links.js';
import { clipChars, counted, escapeInline, formatCount, inlineCode } from './markdown.js';

/** A link whose text is already markdown; plain text when there is no page to link to. */
function link(text: string, url: string | undefined): string {
  return url ? `[${text}](${url})` : text;
}

/** `+12 −3`, or `binary`. */
function lineCounts(file: Pick<ChangedFile, 'added' | 'deleted'>): string {
  if (file.added === null || file.deleted === null) return 'binary';
  return `+${formatCount(file.added)} −${formatCount(file.deleted)}`;
}

/** `3 files changed, +40 −2`: binary files count as files, with no lines. */
export function changeTotals(files: readonly ChangedFile[]): string {
  const sum = (key: 'added' | 'deleted'): number =>
    files.reduce((total, file) => total + (file[key] ?? 0), 0);
  return `${counted(files.length, 'file')} changed, ${lineCounts({ added: sum('added'), deleted: sum('deleted') })}`;
}

/** The diffstat as a table, its first `maxFiles` rows and a line for the rest. */
function fileTable(files: readonly ChangedFile[], maxFiles: number): string[] {
  const shown = files.slice(0, maxFiles);
  const rows = shown.map(
    (file) => `| <code>${escapeInline(clipChars(file.path, 200))}</code> | ${lineCounts(file)} |`,
  );
  const more = files.length - shown.length;
  return [
    '| File | Lines |',
    '|---|--:|',
    ...rows,
    ...(more > 0 ? [`| … and ${counted(more, 'more file')} | |`] : []),
  ];
}

/**
 * The commit, the branch and the files, as markdown lines; none when the run did not commit. The
 * stage's note is shown when it says something the links do not: why the work is not where it
 * was asked to go.
 */
export function renderChanges(facts: RunFacts, maxFiles: number): string[] {
  const { commit, pullRequest } = facts;
  if (!commit) return [];
  const repository = commit.repositoryUrl;
  const lines: string[] = [];
  if (commit.sha && commit.branch) {
    const sha = link(
      inlineCode(commit.sha.slice(0, 12)),
      repository && commitUrl(repository, commit.sha),
    );
    const branch = link(
      inlineCode(commit.branch),
      repository && branchUrl(repository, commit.branch),
    );
    const proposal = pullRequest
      ? ` · ${link(`pull request #${pullRequest.number}`, pullRequest.url)} (${pullRequest.created ? 'opened' : 'updated'})`
      : commit.base && commit.base !== commit.branch && repository
        ? ` · ${link(`compare with ${inlineCode(commit.base)}`, compareUrl(repository, commit.base, commit.branch))}`
        : '';
    lines.push(
      `**Pushed** ${sha} to ${branch}${commit.rescued ? ' (a rescue branch)' : ''}${proposal}`,
    );
    if (commit.rescued) lines.push('', escapeInline(commit.note));
  } else {
    lines.push(`**Commit:** ${escapeInline(commit.note)}`);
  }
  const files = commit.files ?? [];
  if (files.length > 0) lines.push('', changeTotals(files), '', ...fileTable(files, maxFiles));
  return [...lines, ''];
}
