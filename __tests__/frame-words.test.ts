/**
 * The words the frame writes into a call's line go bare when they can: bash must read each back as
 * exactly its text, whatever options and variables a command set in the shell before.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isPlainWords, shellWord, shellWordOfBytes } from '../src/shell/frame.js';

/** What a shell changed by an earlier command could do to a word: every globbing and splitting option. */
const HOSTILE =
  'shopt -s extglob nullglob failglob nocaseglob globstar dotglob nocasematch; ' +
  "IFS='/.,:@%+=-_ '; GLOBIGNORE=; set +f";

/** Each word as bash reads it after HOSTILE; run in a directory full of look-alikes. */
function readBack(words: string[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'frame-words-'));
  try {
    // Files a glob in a word would match, so a word read as a pattern would change.
    for (const name of ['a', 'A', 'ab', 'x.y', '.hidden', 'a=b', 'a,b']) {
      writeFileSync(path.join(dir, name), '');
    }
    const script = `${HOSTILE}\nfor w in ${words.map(shellWord).join(' ')}; do printf '%s\\0' "$w"; done\n`;
    const output = execFileSync('bash', ['--noprofile', '--norc', '-c', script], {
      cwd: dir,
      encoding: 'utf8',
    });
    return output.split('\0').slice(0, -1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A deterministic generator, so a failure names a word that fails again. */
function* randomWords(count: number, alphabet: string, seed = 42): Generator<string> {
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state;
  };
  for (let i = 0; i < count; i += 1) {
    const length = 1 + (next() % 12);
    yield Array.from({ length }, () => alphabet[next() % alphabet.length]).join('');
  }
}

describe('the words of a call line', () => {
  it('leaves words of literal characters bare, and bash reads them as they are', () => {
    const literal = 'aAzZ09_./,:@%+=-';
    const words = [
      '/home/runner/work/repo/repo',
      'true',
      'a=b',
      'x.y',
      'A',
      '%1',
      ...randomWords(300, literal),
    ];
    for (const word of words) expect(shellWord(word)).toBe(word);
    expect(readBack(words)).toEqual(words);
  });

  it('quotes every word with any other character, and bash reads it as it is', () => {
    const special = 'a *?[]{}~!#$&|;<>()`\'"\\\t\n^';
    const words = [
      '~',
      'a*',
      '@(a)',
      '{a,b}',
      '#',
      'a b',
      "it's",
      'x\ny',
      // Each with at least one character that is not literal.
      ...[...randomWords(300, `${special}b.=`, 7)].map(
        (word, i) => `${word}${special[i % special.length]}`,
      ),
    ];
    for (const word of words) expect(shellWord(word)).toMatch(/^\$'/);
    expect(readBack(words)).toEqual(words);
  });

  it('quotes a directory name that is not UTF-8 byte for byte', () => {
    const bytes = Buffer.from([0x2f, 0x74, 0xff, 0x61]);
    expect(shellWordOfBytes(bytes)).toBe("$'/t\\xffa'");
    expect(shellWordOfBytes(Buffer.from('/tmp/plain'))).toBe('/tmp/plain');
  });
});

describe('raw text of plain words', () => {
  it('is words of literal characters with no reserved word among them', () => {
    for (const text of ['true', 'git status', 'npm  test', 'ls -la src/', 'a=1 b=2', 'x\ty']) {
      expect([text, isPlainWords(text)]).toEqual([text, true]);
    }
    const others = [
      '',
      '   ',
      'if true',
      'echo done',
      'time',
      'echo "x"',
      "echo 'x'",
      'echo $x',
      'a;b',
      'a | b',
      'a &',
      'echo a\\',
      'echo a # c',
      'echo ~',
      'echo a\nb',
      'echo a\rb',
      'cat <<EOF',
      'echo {a,b}',
      'echo *',
    ];
    for (const text of others) expect([text, isPlainWords(text)]).toEqual([text, false]);
  });
});
