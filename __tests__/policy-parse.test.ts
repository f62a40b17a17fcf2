import { beforeAll, describe, expect, it } from '@jest/globals';
import { parseScript, type ParsedScript } from '../src/policy/read/parse.js';
import { loadBashParser, type BashParser } from '../src/policy/syntax/tree-sitter.js';

let parser: BashParser;

beforeAll(async () => {
  parser = await loadBashParser();
});

function parse(text: string): ParsedScript {
  return parseScript(parser, text);
}

/** argv of each command, with words whose value is unknown marked by a leading ~. */
function argvs(text: string): string[][] {
  const parsed = parse(text);
  expect(parsed.problems).toEqual([]);
  return parsed.commands
    .filter((c) => c.words.length > 0)
    .map((c) => c.words.map((w) => (w.literal ? w.text : `~${w.text}`)));
}

function problems(text: string): string[] {
  return parse(text).problems.map((p) => p.why);
}

describe('extracting simple commands', () => {
  it('finds every command of lists, pipelines and compound commands', () => {
    expect(argvs('a && b || c; d | e & f\ng')).toEqual([
      ['a'],
      ['b'],
      ['c'],
      ['d'],
      ['e'],
      ['f'],
      ['g'],
    ]);
    expect(argvs('if a; then b; elif c; then d; else e; fi')).toEqual([
      ['a'],
      ['b'],
      ['c'],
      ['d'],
      ['e'],
    ]);
    expect(argvs('while a; do b; done; until c; do d; done')).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(argvs('for x in 1 2; do a "$x"; done')).toEqual([['a', '~$x']]);
    expect(argvs('case $x in a) b;; *) c;; esac')).toEqual([['b'], ['c']]);
    expect(argvs('{ a; (b); }; ! c')).toEqual([['a'], ['b'], ['c']]);
    expect(argvs('f() { a; }; function g { b; }')).toEqual([['a'], ['b']]);
  });

  it('finds commands inside substitutions, wherever they are', () => {
    const parsed = parse('echo x$(a) "`b`" <(c) >(d) ${v:-$(e)} $(( $(f) ))');
    const where = parsed.commands
      .filter((c) => c.words.length > 0)
      .map((c) => [c.words[0]?.text, c.scope.where.join(' ')]);
    expect(where).toEqual(
      expect.arrayContaining([
        ['a', 'inside $(…)'],
        ['b', 'inside `…`'],
        ['c', 'inside <(…)'],
        ['d', 'inside >(…)'],
        ['e', 'inside $(…)'],
        ['f', 'inside $(…)'],
        ['echo', ''],
      ]),
    );
  });

  it('removes quotes and backslashes the way bash does', () => {
    expect(argvs(`"ls" 'a b' c\\ d "e\\"f" 'g'"h" \\$i $'t\\x41b'`)).toEqual([
      ['ls', 'a b', 'c d', 'e"f', 'gh', '$i', 'tAb'],
    ]);
    expect(argvs('echo "a\\b" "\\$x"')).toEqual([['echo', 'a\\b', '$x']]);
  });

  it('marks globs and expansions as not literal, and expands braces as bash does', () => {
    expect(argvs('ls *.ts {a,b} {1..3} $x ~/y')).toEqual([
      ['ls', '~*.ts', 'a', 'b', '1', '2', '3', '~$x', '~/y'],
    ]);
    const [ls] = parse('ls ~/y {} @{u} a,b').commands;
    expect(ls?.words.map((w) => [w.text, w.literal, w.tilde])).toEqual([
      ['ls', true, false],
      ['~/y', true, true],
      ['{}', true, false],
      ['@{u}', true, false],
      ['a,b', true, false],
    ]);
  });

  it('gives words after a redirection to the command, as bash does', () => {
    expect(argvs('git log >/dev/null --output=x y')).toEqual([['git', 'log', '--output=x', 'y']]);
    const [cmd] = parse('a >out b 2>&1 <in c').commands;
    expect(cmd?.words.map((w) => w.text)).toEqual(['a', 'b', 'c']);
    expect(cmd?.redirects.map((r) => [r.kind, r.operator, r.target?.text])).toEqual([
      ['write', '>', 'out'],
      ['duplicate', '>&', '1'],
      ['read', '<', 'in'],
    ]);
  });

  it('separates prefix assignments from the command', () => {
    const [cmd] = parse('A=1 B="$(c)" d e').commands.filter(
      (c) => c.words.length > 0 && c.words[0]?.text === 'd',
    );
    expect(cmd?.assignments.map((a) => [a.name, a.word.text, a.value.literal])).toEqual([
      ['A', 'A=1', true],
      ['B', 'B=$(c)', false],
    ]);
  });

  it('treats [ … ] as the test command and [[ … ]] as syntax', () => {
    expect(argvs('[ -f "a b" ] && [[ -n $x ]]')).toEqual([['[', '-f', 'a b', ']']]);
  });

  it('follows the rest of a heredoc line: a pipe after <<EOF feeds the next command', () => {
    const parsed = parse('cat <<EOF | sh\ntouch x\nEOF');
    expect(parsed.problems).toEqual([]);
    const [cat, sh] = parsed.commands;
    expect(cat?.scope.stdin).toEqual({ kind: 'text', text: 'touch x\n', literal: true });
    expect([sh?.words[0]?.text, sh?.scope.stdin.kind]).toEqual(['sh', 'pipe']);
  });

  it('knows what a heredoc or here-string gives as input, and whether it is literal', () => {
    expect(parse("sh <<'E'\n$(a)\nE").commands[0]?.scope.stdin).toEqual({
      kind: 'text',
      text: '$(a)\n',
      literal: true,
    });
    expect(parse('sh <<<"hi"').commands[0]?.scope.stdin).toEqual({
      kind: 'text',
      text: 'hi\n',
      literal: true,
    });
    const unquoted = parse('sh <<E\n$(a)\nE');
    expect(unquoted.commands.map((c) => c.words[0]?.text)).toEqual(['a', 'sh']);
    expect(unquoted.commands[1]?.scope.stdin).toMatchObject({ kind: 'text', literal: false });
  });

  it('ignores comments, including substitutions in them', () => {
    expect(argvs('ls # $(touch x)\necho ok')).toEqual([['ls'], ['echo', 'ok']]);
  });

  it('joins words split by a backslash-newline only between words', () => {
    expect(argvs('ls \\\n  -la')).toEqual([['ls', '-la']]);
  });
});

describe('refusing what the parser and bash could read differently', () => {
  it('refuses parse errors', () => {
    expect(problems('echo "unterminated')[0]).toMatch(/could not be parsed/);
    expect(problems('cat 1<>file')[0]).toMatch(/could not be parsed/);
  });

  it('refuses control characters that tree-sitter treats as blanks', () => {
    expect(problems('ls \\\r\ntouch x')[0]).toMatch(/U\+000D/);
    expect(problems('echo a\vb')[0]).toMatch(/U\+000B/);
  });

  it('refuses a backslash-newline inside a word', () => {
    expect(problems('to\\\nuch x')[0]).toMatch(/backslash-newline/);
  });

  it('refuses escapes inside backquotes, which nest substitutions the tree hides', () => {
    expect(problems('echo `echo \\`touch x\\``')[0]).toMatch(/use \$\(…\) instead/);
  });

  it('refuses heredocs whose end it cannot pin down', () => {
    expect(problems('cat <<EOF\nx\nEOF \nEOF\ntouch y')[0]).toMatch(/heredoc/);
  });

  it('refuses subscripts and targets in arithmetic that no guard checks, whose values can hide command substitutions', () => {
    expect(problems('(( a[i]++ ))')[0]).toMatch(/arithmetic/);
    expect(problems('echo ${a[i+1]}')[0]).toMatch(/arithmetic/);
    expect(problems('echo ${a[$(cat n)]}')[0]).toMatch(/arithmetic/);
    // A variable assigned in arithmetic and a variable or name as a subscript are checked when
    // they run (policy-guards.test.ts).
    expect(problems('(( i++ )); (( i += 2 )); echo ${a[i]} "${a[$k]}"; a[$i]=x')).toEqual([]);
    // Variables and command output are read through a guard the printed script evaluates (see
    // policy-print.test.ts).
    expect(problems('echo $((x)) $(($x + 1)) ${s:n} $(( $(cat n) + 1 )); [[ $x -eq 1 ]]')).toEqual(
      [],
    );
    expect(problems('echo $((1 + 2)) ${#x} $(( $# + $? ))')).toEqual([]);
  });

  it('refuses indirect and prompt expansions, which evaluate values', () => {
    // `${!x}` alone is checked when it runs (guards.ts); with an operator it is refused.
    expect(problems('echo ${!x:-y}')[0]).toMatch(/indirect/);
    expect(problems('echo ${!x}')).toEqual([]);
    expect(problems('echo ${x@P}')[0]).toMatch(/@P/);
    expect(problems('echo ${!prefix*} ${!arr[@]} ${x@Q}')).toEqual([]);
  });

  it('refuses reserved words in command position, a sign the parser was confused', () => {
    expect(problems('coproc x { ls; }').join()).toMatch(/reliably/);
  });
});
