import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { parseScript } from '../src/policy/read/parse.js';
import { loadBashParser, type BashParser } from '../src/policy/syntax/tree-sitter.js';

/*
 * Word evaluation follows bash exactly, or refuses: each case is read by the policy and by a real
 * bash, and the words must be the same.
 */

let parser: BashParser;

beforeAll(async () => {
  parser = await loadBashParser();
});

/** The arguments bash gives `printf` for the words, one per line between brackets. */
function bashWords(words: string): string[] {
  const out = execFileSync('bash', ['-c', `printf '[%s]\\n' ${words}`], { encoding: 'utf8' });
  return out === '[]\n' && !words.includes("''") ? [] : out.split('\n').slice(0, -1);
}

/** The same, as the policy reads them (undefined for a word whose value it does not know). */
function policyWords(words: string): Array<string | undefined> {
  const parsed = parseScript(parser, `printf '[%s]\\n' ${words}`);
  expect(parsed.problems).toEqual([]);
  const [command] = parsed.commands;
  return (command?.words ?? []).slice(2).map((w) => (w.literal ? `[${w.text}]` : undefined));
}

describe('brace expansion', () => {
  it.each([
    '{a,b,c}.ts',
    'x{1..5}y',
    '{01..03} {a..e..2} {5..1} {-2..1} {1..10..3}',
    '{a,b}{1,2}',
    'pre{"fix",post}',
    "{'-fprint',x}",
    '{"a",b}{c,"d"}',
    'x{a,}',
    '{,x}',
    '{a}',
    'a{b,c{d,e}}f',
    '{a{b,c}',
    '"{"a,b}',
    '{a,b"}"',
    '\\{a,b}',
    "{$'\\x2d'f,g}",
    '{a..c}{1..2}',
  ])('%s', (words) => {
    expect(policyWords(words)).toEqual(bashWords(words));
  });

  it('leaves a brace expansion it does not reproduce unknown, and refuses to print it', () => {
    const parsed = parseScript(parser, 'echo {Z..b}');
    const words = parsed.commands[0]?.words ?? [];
    expect(words.some((w) => w.printed === undefined)).toBe(true);
  });
});

describe('ANSI-C strings', () => {
  it.each([
    "$'\\455'",
    "$'\\455\\455output'",
    "$'\\x2dx' $'\\u002dy' $'\\055z'",
    "$'a\\tb' $'\\a\\e' $'it\\'s' $'q\\\"'",
    "$'\\101\\102' $'\\x41' $'\\u0041'",
    "$'\\\\'",
  ])('%s', (words) => {
    expect(policyWords(words)).toEqual(bashWords(words));
  });

  it('does not print a byte above ASCII, an escape ending the string or \\c', () => {
    for (const word of ["$'\\x80'", "$'\\655'", "$'\\0'", "$'\\cA'", "$'\\u00e9\\cA'"]) {
      const parsed = parseScript(parser, `echo ${word}`);
      const printed = parsed.commands[0]?.words[1]?.printed;
      expect([word, printed]).toEqual([word, undefined]);
    }
  });

  it('prints a \\u character above ASCII as written, for bash to convert through its locale', () => {
    const parsed = parseScript(parser, "echo $'-a\\u00e9b'");
    const word = parsed.commands[0]?.words[1];
    expect(word?.printed).toEqual(["'-a'", "$'\\u00e9b'"]);
    // Its value is known up to that character only.
    expect(word).toMatchObject({ literal: false, prefix: '-a' });
  });
});
