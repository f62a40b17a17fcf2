/** The derived commit message: a subject cut from the task, a body that says how finished the work is. */
import { describe, expect, it } from '@jest/globals';
import { commitMessage, MAX_SUBJECT, subjectFrom } from '../src/git/message.js';

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
