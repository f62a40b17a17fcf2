import { describe, expect, it } from '@jest/globals';
import {
  denyAlignments,
  matchAllow,
  matchDeny,
  OPEN_WORD,
  parsePattern,
  spells,
  writeAllowed,
  type CommandPattern,
  type WritePattern,
} from '../src/policy/decide/patterns.js';
import { literalWord, unknownWords, type Word } from '../src/policy/read/words.js';

function command(line: string): CommandPattern {
  const p = parsePattern(line, 'allowed-commands');
  if (p?.kind !== 'command') throw new Error(`not a command pattern: ${line}`);
  return p;
}

function write(line: string): WritePattern {
  const p = parsePattern(line, 'allowed-commands');
  if (p?.kind !== 'write') throw new Error(`not a write pattern: ${line}`);
  return p;
}

const words = (...texts: string[]): Word[] => texts.map((t) => literalWord(t));

describe('pattern lines', () => {
  it('ignores blank lines and # comments', () => {
    expect(parsePattern('', 'allowed-commands')).toBeUndefined();
    expect(parsePattern('   ', 'allowed-commands')).toBeUndefined();
    expect(parsePattern('# ls *', 'allowed-commands')).toBeUndefined();
  });

  it('rejects a line that is not one command, naming the input and the line', () => {
    expect(() => parsePattern('ls | grep x', 'denied-commands')).toThrow(
      "Input 'denied-commands' has a pattern that cannot be parsed: 'ls | grep x'",
    );
    expect(() => parsePattern("echo 'unterminated", 'allowed-commands')).toThrow(
      /unterminated quote/,
    );
    expect(() => parsePattern('ls; rm x', 'allowed-commands')).toThrow(/allowed-commands/);
    expect(() => parsePattern('echo $(date)', 'allowed-commands')).toThrow(/shell syntax/);
    expect(() => parsePattern('> a b', 'allowed-commands')).toThrow(/one path/);
    expect(() => parsePattern('*s *', 'allowed-commands')).toThrow(/command name/);
  });

  it('reads quotes like the shell: a quoted * is a literal star', () => {
    const p = command("grep 'a b' \\* *");
    expect(p.words.map((w) => w.text)).toEqual(['grep', 'a b', '*']);
    expect(p.rest).toBe(true);
    expect(matchAllow(p, words('grep', 'a b', '*', 'x'))).toBeDefined();
    expect(matchAllow(p, words('grep', 'a b', 'file', 'x'))).toBeUndefined();
  });

  it('takes leading NAME=VALUE words as assignments the pattern allows', () => {
    const p = command('NODE_ENV=test npm test');
    expect(p.assignments.map((a) => a.text)).toEqual(['NODE_ENV=test']);
    expect(p.words.map((w) => w.text)).toEqual(['npm', 'test']);
  });

  it('knows the single pattern * and write patterns', () => {
    expect(command('*').universal).toBe(true);
    expect(write('> src/**').glob).toBe('src/**');
    expect(write('>docs/*.md').glob).toBe('docs/*.md');
  });
});

describe('matching allow patterns', () => {
  it('matches exactly without a final *', () => {
    const p = command('git status');
    expect(matchAllow(p, words('git', 'status'))).toBeDefined();
    expect(matchAllow(p, words('git', 'status', '--short'))).toBeUndefined();
    expect(matchAllow(p, words('git'))).toBeUndefined();
  });

  it('lets a final * match zero or more words, including ones only known at run time', () => {
    const p = command('ls *');
    expect(matchAllow(p, words('ls'))).toBeDefined();
    expect(matchAllow(p, [...words('ls', '-la'), unknownWords('$dir')])).toBeDefined();
  });

  it('globs within a word, and only over words whose value is known', () => {
    const p = command('npm run test:*');
    expect(matchAllow(p, words('npm', 'run', 'test:unit'))).toBeDefined();
    expect(matchAllow(p, words('npm', 'run', 'lint'))).toBeUndefined();
    expect(matchAllow(p, [...words('npm', 'run'), unknownWords('test:$x')])).toBeUndefined();
  });

  it('records which pattern word covered each word, so spelled-out options can be told apart', () => {
    const match = matchAllow(command('sort -o *'), words('sort', '-o', 'out.txt', 'a.txt'));
    expect(match?.coverage.map((c) => c?.text)).toEqual(['sort', '-o', undefined, undefined]);
    expect(spells(match?.coverage[1], 2)).toBe(true);
    expect(spells(match?.coverage[2], 2)).toBe(false);
    const glob = matchAllow(command('sort -o* *'), words('sort', '-oout.txt', 'a.txt'));
    expect(spells(glob?.coverage[1], 2)).toBe(true);
    expect(spells(glob?.coverage[1], 3)).toBe(false);
  });
});

describe('matching deny patterns', () => {
  it('treats a word only known at run time as possibly anything', () => {
    const p = command('git push *');
    expect(matchDeny(p, [literalWord('git'), unknownWords('$x')])).toBe(true);
    expect(matchDeny(p, words('git', 'pull'))).toBe(false);
  });

  it('lets a * in the middle stand for any number of words', () => {
    const p = command('find * -delete');
    expect(matchDeny(p, words('find', '.', '-name', 'x', '-delete'))).toBe(true);
    expect(matchDeny(p, words('find', 'does-not-exist', '-delete'))).toBe(true);
    expect(matchDeny(p, words('find', '.', '-name', 'x'))).toBe(false);
  });

  it('matches a path to a program by its name', () => {
    expect(matchDeny(command('rm -rf /*'), words('/bin/rm', '-rf', '/'))).toBe(true);
  });
  it('lets a * in the middle stand for a word of unknown value and the words after it', () => {
    // A quoted expansion is one word, whatever its value: the * still spans it and more.
    const quoted: Word = { ...unknownWords('"$d"'), splits: false };
    const p = command('find * -delete');
    expect(matchDeny(p, [literalWord('find'), quoted, ...words('-name', 'x', '-delete')])).toBe(
      true,
    );
  });
});

describe('the ways a deny pattern may match', () => {
  const known = (text: string): Word => ({ ...unknownWords(text), splits: false });

  it('names each word of unknown value with the pattern word its value must match', () => {
    const p = command('rm -rf /*');
    expect(denyAlignments(p, [...words('rm', '-rf'), known('"$tmp"')])).toEqual([[[2, 2]]]);
    // The command's name too, and a word the pattern's middle * may or may not take.
    expect(denyAlignments(p, [known('"$c"'), literalWord('-rf'), known('"$d"')])).toEqual([
      [
        [0, 0],
        [2, 2],
      ],
    ]);
    const mid = command('cp * /etc*');
    expect(denyAlignments(mid, [...words('cp', 'a'), known('"$x"'), known('"$y"')])).toEqual([
      [[3, 2]],
    ]);
  });

  it('has no way where the known words rule a match out, and the bare way where they match', () => {
    const p = command('rm -rf /*');
    expect(denyAlignments(p, [...words('rm', '-f'), known('"$tmp"')])).toEqual([]);
    expect(denyAlignments(p, words('rm', '-rf', '/x'))).toEqual([[]]);
  });

  it('marks a word that may split, which no single test can name', () => {
    const ways = denyAlignments(command('rm -rf /*'), [...words('rm', '-rf'), unknownWords('$x')]);
    expect(ways.length).toBeGreaterThan(0);
    expect(ways.every((way) => way.some(([, at]) => at === OPEN_WORD))).toBe(true);
  });

  it('gives up naming the ways when there are too many', () => {
    const p = command('x * a * a * a');
    const many = [literalWord('x'), ...Array.from({ length: 12 }, (_, i) => known(`"$v${i}"`))];
    const ways = denyAlignments(p, many);
    expect(ways).toEqual([[[OPEN_WORD, OPEN_WORD]]]);
  });
});

describe('write patterns', () => {
  const wd = '/work/repo';

  it('matches targets relative to the working directory', () => {
    expect(writeAllowed(write('> src/**'), '/work/repo/src/a/b.ts', wd)).toBe(true);
    expect(writeAllowed(write('> src/**'), '/work/repo/lib/b.ts', wd)).toBe(false);
    expect(writeAllowed(write('> *.md'), '/work/repo/README.md', wd)).toBe(true);
    expect(writeAllowed(write('> *.md'), '/work/repo/docs/a.md', wd)).toBe(false);
    expect(writeAllowed(write('> **/*.md'), '/work/repo/docs/a.md', wd)).toBe(true);
    expect(writeAllowed(write('> **/*.md'), '/work/repo/a.md', wd)).toBe(true);
  });

  it('never reaches into .git/ unless the pattern names it', () => {
    expect(writeAllowed(write('> **'), '/work/repo/.git/config', wd)).toBe(false);
    expect(writeAllowed(write('> **'), '/work/repo/sub/.git/hooks/pre-commit', wd)).toBe(false);
    expect(writeAllowed(write('> *'), '/work/repo/.git', wd)).toBe(false);
    expect(writeAllowed(write('> .git/info/*'), '/work/repo/.git/info/exclude', wd)).toBe(true);
  });

  it('lets ** reach anywhere else, and absolute patterns match absolute paths', () => {
    expect(writeAllowed(write('> **'), '/tmp/x', wd)).toBe(true);
    expect(writeAllowed(write('> /tmp/**'), '/tmp/a/b', wd)).toBe(true);
    expect(writeAllowed(write('> /tmp/**'), '/work/repo/a', wd)).toBe(false);
    expect(writeAllowed(write('> src/**'), '/work/src/x', wd)).toBe(false);
  });
});
