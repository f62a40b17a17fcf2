/** The result comment rendered from recorded events: what a reader of the PR sees at the end. */
import { describe, expect, it } from '@jest/globals';
import {
  COMMENT_MAX_CHARS,
  renderProgressComment,
  renderResultComment,
} from '../src/report/comment.js';
import { recorded, runEvents } from '../__fixtures__/run-events.js';
import type { Conclusion } from '../src/transcript.js';

const RUN_URL = 'https://github.com/octo/repo/actions/runs/1001';

describe('the result comment', () => {
  it('leads with the outcome and the figures, then the final message and the link to the summary', () => {
    const body = renderResultComment(
      recorded(...runEvents('success', 'The test passes now.')),
      RUN_URL,
    );
    const lines = body.split('\n');
    expect(lines[0]).toBe('### Bash agent: ✅ Done');
    expect(body).toContain('3 model requests · 5 commands run, 1 denied by the policy');
    expect(body).toContain('1 min 15 s');
    expect(body).toContain('The test passes now.');
    expect(body).toContain(`[The full job summary](${RUN_URL})`);
    expect(body.indexOf('3 model requests')).toBeLessThan(body.indexOf('The test passes now.'));
  });

  it.each<[Conclusion, RegExp]>([
    ['max-turns', /turn limit/],
    ['time-limit', /time limit/],
    ['budget', /cost limit/],
    ['error', /Failed/],
    ['cancelled', /Cancelled/],
  ])('says in its headline that a run ended with %s, and why', (conclusion, words) => {
    const body = renderResultComment(
      recorded(...runEvents(conclusion, '', 'the reason <b>here</b>')),
      RUN_URL,
    );
    expect(body.split('\n')[0]).toMatch(words);
    expect(body).toContain('> the reason &lt;b&gt;here&lt;/b&gt;');
    expect(body).toContain('_The model wrote no final text._');
  });

  it('carries the structured output as a collapsed json block, a fence inside it kept inside', () => {
    const document = { broken: true, note: '```\n# not a heading' };
    const events = runEvents('success', JSON.stringify(document));
    const result = events.at(-1)!;
    const body = renderResultComment(
      recorded(...events.slice(0, -1), { ...result, structuredOutput: document } as typeof result),
      RUN_URL,
    );
    const block =
      /<details><summary>Structured output<\/summary>\n\n(`{3,})json\n([\s\S]*?)\n\1\n\n<\/details>/.exec(
        body,
      );
    expect(block).not.toBeNull();
    expect(JSON.parse(block![2]!)).toEqual(document);
    expect(renderResultComment(recorded(...runEvents('success', '{}')), RUN_URL)).not.toContain(
      'Structured output',
    );
  });

  it('reports a run that never recorded a result as failed', () => {
    const body = renderResultComment(recorded(), RUN_URL);
    expect(body.split('\n')[0]).toMatch(/Failed/);
    expect(body).toContain('The run ended without a result');
  });

  it('names what was committed, pushed and opened', () => {
    const body = renderResultComment(
      recorded(
        ...runEvents('success', 'done'),
        {
          type: 'commit',
          sha: 'abcdef0123456789',
          branch: 'bash-agent/1001',
          rescued: true,
          note: 'Pushed to the rescue branch.',
        },
        {
          type: 'pull_request',
          url: 'https://github.com/octo/repo/pull/9',
          number: 9,
          created: true,
        },
      ),
      RUN_URL,
    );
    expect(body).toContain(
      '**Pushed** `abcdef012345` to `bash-agent/1001` (a rescue branch) · [pull request #9](https://github.com/octo/repo/pull/9) (opened)\n\nPushed to the rescue branch\\.',
    );
  });

  it('names the commit once, links it, its branch and the compare view, and lists the files changed', () => {
    const sha = 'c0ffee'.padEnd(40, '0');
    const body = renderResultComment(
      recorded(...runEvents('success', 'done'), {
        type: 'commit',
        sha,
        branch: 'fix/date',
        base: 'main',
        rescued: false,
        note: `Pushed ${sha.slice(0, 12)} to fix/date.`,
        repositoryUrl: 'https://github.com/octo/repo',
        files: [
          { path: 'src/date.ts', added: 12, deleted: 3 },
          { path: 'logo.png', added: null, deleted: null },
        ],
      }),
      RUN_URL,
    );
    expect(body).toContain(
      `**Pushed** [\`c0ffee000000\`](https://github.com/octo/repo/commit/${sha}) to ` +
        '[`fix/date`](https://github.com/octo/repo/tree/fix/date) · ' +
        '[compare with `main`](https://github.com/octo/repo/compare/main...fix/date)',
    );
    // The stage's note says the same as the link line, so it is left out.
    expect(body).not.toContain('Pushed c0ffee');
    expect(body).toContain('2 files changed, +12 −3');
    expect(body).toContain('| <code>src/date\\.ts</code> | +12 −3 |');
    expect(body).toContain('| <code>logo\\.png</code> | binary |');
  });

  it('lists at most 20 files and says how many more there are', () => {
    const files = Array.from({ length: 25 }, (_, i) => ({ path: `f${i}`, added: 1, deleted: 0 }));
    const body = renderResultComment(
      recorded(...runEvents('success', 'done'), {
        type: 'commit',
        sha: 'a'.repeat(40),
        branch: 'b',
        rescued: false,
        note: '',
        files,
      }),
      RUN_URL,
    );
    expect(body).toContain('25 files changed, +25 −0');
    expect(body).toContain('<code>f19</code>');
    expect(body).not.toContain('<code>f20</code>');
    expect(body).toContain('| … and 5 more files | |');
  });

  it('keeps a file name from breaking out of its table cell or mentioning anyone', () => {
    const body = renderResultComment(
      recorded(...runEvents('success', 'done'), {
        type: 'commit',
        sha: 'a'.repeat(40),
        branch: 'b',
        rescued: false,
        note: '',
        files: [{ path: 'a|b</code><img src=x>@octocat', added: 1, deleted: 1 }],
      }),
      RUN_URL,
    );
    const row = body.split('\n').find((line) => line.includes('a\\|b'))!;
    expect(row.replace(/\\\|/g, '').match(/\|/g)).toHaveLength(3);
    expect(row).not.toContain('<img');
    expect(row).not.toMatch(/@octocat/);
  });

  it('links the uploaded transcript beside the job summary', () => {
    const url = 'https://github.com/octo/repo/actions/runs/1001/artifacts/4294967296';
    const body = renderResultComment(
      recorded(...runEvents('success', 'done'), {
        type: 'transcript_file',
        file: '/tmp/t.jsonl',
        artifact: { name: 'bash-agent-transcript-1001-attempt1', url },
      }),
      RUN_URL,
    );
    expect(body).toContain(`[The full job summary](${RUN_URL}) · [the transcript](${url})`);
  });

  it('makes the final message unable to mention anyone, embed HTML or load an image', () => {
    const body = renderResultComment(
      recorded(
        ...runEvents(
          'success',
          'Ping @octocat <script>x</script> ![t](https://evil.example/p.png?k=1)',
        ),
      ),
      RUN_URL,
    );
    expect(body).not.toMatch(/@octocat/);
    expect(body).not.toContain('<script>');
    expect(body).not.toMatch(/(^|[^\\])!\[/);
  });

  it('keeps code blocks as written, demotes headings below its own, and closes a block left open', () => {
    const body = renderResultComment(
      recorded(...runEvents('success', '# Title\n```sh\n# a comment <x> @me\n```\n~~~\nopen <b>')),
      RUN_URL,
    );
    expect(body).toContain('#### Title');
    // The code shows as written; GitHub does not show the zero-width breaks in < and @.
    expect(body.replace(/\u200b/g, '')).toContain('```sh\n# a comment <x> @me\n```');
    // The unclosed block ends before the comment's own lines, which stay outside it.
    expect(body.replace(/\u200b/g, '')).toMatch(/~~~\nopen <b>\n~~~\n\n\[The full job summary\]/);
  });

  it('shows a branch name with backticks as code, whole', () => {
    const body = renderResultComment(
      recorded(...runEvents('success', 'x'), {
        type: 'commit',
        sha: 'a'.repeat(40),
        branch: 'we`ird',
        rescued: false,
        note: 'Pushed.',
      }),
      RUN_URL,
    );
    expect(body).toContain('to ``we`ird``');
  });

  it('fits GitHub’s comment limit, with room for the marker, however long the final message', () => {
    const body = renderResultComment(
      recorded(...runEvents('success', `start ${'é'.repeat(200_000)} end`)),
      RUN_URL,
    );
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS - 200);
    expect(body).toContain('start');
    expect(body).toContain('end');
    expect(body).toContain('omitted');
    expect(body).toContain(RUN_URL);
  });

  it('links the job, or the run, from the progress comment', () => {
    expect(renderProgressComment({ url: RUN_URL, job: false })).toContain(
      `[Follow the run](${RUN_URL})`,
    );
    expect(renderProgressComment({ url: `${RUN_URL}/job/5`, job: true })).toContain(
      `[Follow the job](${RUN_URL}/job/5)`,
    );
    expect(renderProgressComment(undefined)).not.toContain('](');
  });

  it('shows the turn, the commands so far, the last one and how it ended, and the time since the start', () => {
    const events = recorded(...runEvents('success', 'done').filter((e) => e.type !== 'result'));
    const startedAt = events[0]!.at;
    const body = renderProgressComment(undefined, events, startedAt + 95_000);
    expect(body).toMatch(/Turn 3 · 5 commands so far \(1 denied\) · 1 min 35 s elapsed/);
    expect(body).toMatch(/Last: `[^`]+` \(/);
  });

  it('keeps a last command with backticks and a mention inside its code span', () => {
    const events = recorded(...runEvents('success', 'done').slice(0, 3), {
      type: 'tool_call',
      id: 'x',
      name: 'bash',
      input: { command: 'echo `id` @octocat' },
    });
    const body = renderProgressComment(undefined, events);
    expect(body).toContain('Last: ``echo `id` @octocat`` (running)');
  });
});
