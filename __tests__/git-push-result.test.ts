/**
 * Reading `git push --porcelain` as GitHub answers it: the workflows refusal in the ref's status
 * line, a protected branch in `remote:` lines, a moved branch, and no answer at all.
 */
import { describe, expect, it } from '@jest/globals';
import { pushResultOf } from '../src/git/push-result.js';

const REF = 'refs/heads/main';
const SHA = '3f2a9c1d0b8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a';

function answer(summary: string, stderr = '', exitCode = 1) {
  return {
    exitCode,
    stdout: `To https://github.com/octo/repo.git\n${summary.slice(0, 1)}\t${SHA}:${REF}\t${summary.slice(2)}\nDone\n`,
    stderr,
  };
}

describe('pushResultOf', () => {
  it('takes a new, fast-forwarded or up-to-date ref for pushed', () => {
    expect(pushResultOf(answer('* [new branch]', '', 0), REF)).toEqual({ kind: 'pushed' });
    expect(pushResultOf(answer('  1a2b3c4..5d6e7f8', '', 0), REF)).toEqual({ kind: 'pushed' });
    expect(pushResultOf(answer('= [up to date]', '', 0), REF)).toEqual({ kind: 'pushed' });
  });

  it('tells a branch that moved from one that refuses', () => {
    expect(pushResultOf(answer('! [rejected] (fetch first)'), REF)).toEqual({ kind: 'moved' });
    expect(pushResultOf(answer('! [rejected] (non-fast-forward)'), REF)).toEqual({ kind: 'moved' });
  });

  it.each([
    'refusing to allow a GitHub App to create or update workflow `.github/workflows/ci.yml` without `workflows` permission',
    'refusing to allow an OAuth App to create or update workflow `.github/workflows/ci.yml` without `workflow` scope',
  ])('recognises the workflows refusal in the status line: %s', (reason) => {
    expect(pushResultOf(answer(`! [remote rejected] (${reason})`), REF)).toEqual({
      kind: 'workflows',
      reason,
    });
  });

  it("quotes a protected branch's remote lines rather than git's summary", () => {
    const result = answer(
      '! [remote rejected] (protected branch hook declined)',
      'remote: error: GH006: Protected branch update failed for refs/heads/main.\nremote: error: Changes must be made through a pull request.\n',
    );
    expect(pushResultOf(result, REF)).toEqual({
      kind: 'refused',
      reason:
        'error: GH006: Protected branch update failed for refs/heads/main. / error: Changes must be made through a pull request.',
    });
  });

  it('calls a push without a status line for the ref failed, with git’s words', () => {
    const result = {
      exitCode: 128,
      stdout: '',
      stderr:
        "fatal: could not read Username for 'https://github.com': terminal prompts disabled\n",
    };
    expect(pushResultOf(result, REF)).toEqual({
      kind: 'failed',
      reason: "fatal: could not read Username for 'https://github.com': terminal prompts disabled",
    });
  });
});
