/** The derived commit message: a subject cut from the task, a body that says how finished the work is. */
import { describe, expect, it } from '@jest/globals';
import { coAuthorTrailer, commitMessage, MAX_SUBJECT, subjectFrom } from '../src/git/message.js';

describe('commit messages', () => {
  it('takes the first non-empty line of the task as the subject, cut on a word to fit', () => {
    expect(subjectFrom('\n\n  Fix   the flaky test \nin detail: …')).toBe('Fix the flaky test');
    const long = `Update every dependency to its newest minor version and regenerate the lock file afterwards`;
    const subject = subjectFrom(long);
    expect(subject.length).toBeLessThanOrEqual(MAX_SUBJECT);
    expect(subject).toBe('Update every dependency to its newest minor version and regenerate the…');
    expect(subjectFrom('x'.repeat(100))).toHaveLength(MAX_SUBJECT);
    expect(subjectFrom('  \n ')).toBe('Changes made by bash-agent');
  });

  it('makes an imperative subject of a request: the courtesy around the verb off, the verb capitalized', () => {
    expect(subjectFrom('please fix the typo in the README.')).toBe('Fix the typo in the README');
    expect(subjectFrom('Can you please add a test for the parser?')).toBe(
      'Add a test for the parser',
    );
    expect(subjectFrom('@bash-agent could you update the changelog, please')).toBe(
      'Update the changelog',
    );
    expect(subjectFrom("I'd like you to rename foo to bar!")).toBe('Rename foo to bar');
    // Words that only look like courtesy inside the line stay.
    expect(subjectFrom('Pleased users: document the please flag')).toBe(
      'Pleased users: document the please flag',
    );
    expect(subjectFrom('please')).toBe('Changes made by bash-agent');
  });

  it("credits who asked with a Co-authored-by trailer in GitHub's noreply form, after the body", () => {
    expect(coAuthorTrailer({ login: 'octocat', id: 583231 })).toBe(
      'Co-authored-by: octocat <583231+octocat@users.noreply.github.com>',
    );
    expect(coAuthorTrailer({ login: 'octocat', id: 583231, name: 'The <Octo>\ncat' })).toBe(
      'Co-authored-by: The Octocat <583231+octocat@users.noreply.github.com>',
    );
    expect(coAuthorTrailer({ login: 'octocat' })).toBe(
      'Co-authored-by: octocat <octocat@users.noreply.github.com>',
    );
    const trailer = coAuthorTrailer({ login: 'octocat', id: 1 });
    expect(
      commitMessage({ task: 'Fix it', given: '', conclusion: 'success', coAuthors: [trailer] }),
    ).toBe(`Fix it\n\nThe run finished (conclusion: success).\n\n${trailer}\n`);
    expect(
      commitMessage({
        task: 't',
        given: 'chore: upkeep',
        conclusion: 'success',
        coAuthors: [trailer],
      }),
    ).toBe(`chore: upkeep\n\n${trailer}\n`);
  });

  it('puts the run link and the conclusion in the body, saying when the work is partial', () => {
    const runUrl = 'https://github.com/o/r/actions/runs/5';
    expect(commitMessage({ task: 'Tidy up', given: '', conclusion: 'budget', runUrl })).toBe(
      'Tidy up\n\nThe run stopped at the cost limit (max-cost-usd) (conclusion: budget): the work is partial.\n' +
        'Run: https://github.com/o/r/actions/runs/5\n',
    );
  });

  it('keeps the workflow’s message as written, adding only why an unfinished run is unfinished', () => {
    expect(commitMessage({ task: 't', given: 'chore: upkeep', conclusion: 'success' })).toBe(
      'chore: upkeep\n',
    );
    expect(commitMessage({ task: 't', given: 'chore: upkeep', conclusion: 'time-limit' })).toMatch(
      /^chore: upkeep\n\nThe run stopped at the time limit \(time-limit\).*partial\.\n$/,
    );
  });
});
