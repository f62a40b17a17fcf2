/**
 * What a run flags for acting on: an annotation per denial (the reason in words, the pattern that
 * would allow it) and per time-out, at most ten; and a limit's stop said as how far the run got and
 * what to raise.
 */
import { describe, expect, it } from '@jest/globals';
import { SETTINGS, TranscriptBuilder, realisticRun } from '../__fixtures__/transcripts.js';
import { annotationsOf, patternToAllow } from '../src/report/annotations.js';
import { factsOf } from '../src/report/facts.js';
import { stoppedAt } from '../src/report/stopped.js';

const refusal = (code: string, offender: string) => ({ code, offender, detail: 'why' });

describe('patternToAllow', () => {
  it.each([
    ['no-matching-pattern', 'npm test --silent', 'npm test *'],
    ['no-matching-pattern', 'curl -s https://example.com', 'curl *'],
    ['no-matching-pattern', 'sed -i "s/a/b/" f', 'sed *'],
    ['no-matching-pattern', 'make', 'make *'],
    ['write-not-allowed', '> build/out.log', '> build/out.log'],
    ['write-not-allowed', '2>>errors.txt', '> errors.txt'],
    ['write-into-git', '> .git/config', '> .git/config'],
    ['dangerous-option', 'git -c core.pager=less log', 'git -c core.pager=less log'],
  ])('for %s of `%s` suggests `%s`', (code, offender, pattern) => {
    expect(patternToAllow(refusal(code, offender))).toBe(pattern);
  });

  it.each([
    ['denied-pattern', 'rm -rf /'],
    ['unresolvable', 'eval "$X"'],
    ['dynamic-command', '$CMD arg'],
    ['no-matching-pattern', '"$(which node)" x'],
    ['write-not-allowed', '> "$OUT"'],
  ])(
    'suggests nothing an allow pattern cannot fix or say plainly: %s of `%s`',
    (code, offender) => {
      expect(patternToAllow(refusal(code, offender))).toBeUndefined();
    },
  );
});

describe('annotationsOf', () => {
  it('flags each denial with its reason and the pattern to add, and each time-out with the limit', () => {
    expect(annotationsOf(factsOf(realisticRun()))).toEqual([
      {
        title: 'Command 4 denied by the command policy',
        message:
          'sed -i "s/month}/month.padStart(2)}/" src/format.ts: matches no allowed pattern; ' +
          "to allow it, add 'sed *' to allowed-commands",
      },
      {
        title: 'Command 6 timed out',
        message:
          'sleep 200: ended after 2 min (command-timeout is 2 min; raise it or make the command quicker)',
      },
    ]);
  });

  it('names the refused part when it is not the whole command, and a deny pattern as such', () => {
    const facts = factsOf(
      new TranscriptBuilder()
        .exchange('x')
        .denied('ls && rm -rf build', 'denied-pattern', 'rm -rf build', 'matches a denied pattern')
        .result('success'),
    );
    expect(annotationsOf(facts)[0]!.message).toBe(
      "ls && rm -rf build: 'rm -rf build' matches a denied pattern; a denied-commands pattern refuses it",
    );
  });

  it('makes at most ten, the last saying how many more the summary has', () => {
    const builder = new TranscriptBuilder().exchange('x');
    for (let i = 0; i < 14; i += 1) builder.denied(`curl ${i}`, 'no-matching-pattern', `curl ${i}`);
    const annotations = annotationsOf(factsOf(builder.result('success')));
    expect(annotations).toHaveLength(10);
    expect(annotations[8]!.title).toBe('Command 9 denied by the command policy');
    expect(annotations[9]).toEqual({
      title: '5 more commands denied or timed out',
      message: 'The job summary lists every command and how it ended.',
    });
  });

  it('flags nothing in a run with nothing to act on', () => {
    const facts = factsOf(
      new TranscriptBuilder().exchange('x').command('ls', 'a').result('success'),
    );
    expect(annotationsOf(facts)).toEqual([]);
  });
});

describe('stoppedAt', () => {
  const at = (conclusion: 'max-turns' | 'time-limit' | 'budget', settings = SETTINGS) => {
    const builder = new TranscriptBuilder('t', settings);
    for (let i = 0; i < 6; i += 1) builder.exchange('x');
    return stoppedAt(factsOf(builder.result(conclusion)));
  };

  it('says how far the run got against the limit and which input to raise', () => {
    expect(at('max-turns', { ...SETTINGS, maxTurns: 6 })).toBe(
      'Stopped after 6 of 6 turns — raise `max-turns`',
    );
    expect(at('time-limit', { ...SETTINGS, timeLimitMs: 12_000 })).toBe(
      'Stopped after 12 s of 12 s — raise `time-limit`',
    );
    expect(at('budget', { ...SETTINGS, maxCostUsd: 2 })).toMatch(
      /^Stopped after \$0\.\d{4} of \$2\.00 — raise `max-cost-usd`$/,
    );
  });

  it('says nothing for a run that did not stop at a limit', () => {
    expect(stoppedAt(factsOf(new TranscriptBuilder().exchange('x').result('success')))).toBe(
      undefined,
    );
  });
});
