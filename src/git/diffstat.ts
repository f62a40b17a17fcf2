/**
 * What a commit changed, file by file, with its line counts: the diffstat the summary and the
 * comment show under the commit.
 */
import type { ChangedFile } from '../transcript.js';
import type { GitRunner } from './exec.js';

/**
 * The files `sha` changes (in the repository `git` runs in) against its parent (against nothing for a root commit), as
 * `git diff-tree --numstat` reads them: NUL-separated, so no path is quoted or cut at a line break;
 * renames as a deletion and an addition, the counts that add up.
 */
export async function readDiffStat(git: GitRunner, sha: string): Promise<ChangedFile[]> {
  const { stdout } = await git([
    'diff-tree',
    '-r',
    '--root',
    '--no-commit-id',
    '--no-renames',
    '--numstat',
    '-z',
    sha,
  ]);
  const count = (text: string): number | null => (text === '-' ? null : Number(text));
  return stdout
    .split('\0')
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [added = '', deleted = '', ...rest] = entry.split('\t');
      return { path: rest.join('\t'), added: count(added), deleted: count(deleted) };
    });
}
