import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { writeFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import {
  checkedCall,
  scratchRepoSessions,
  type CheckedOutcome,
} from '../__fixtures__/test-sessions.js';
import { ARITHMETIC_VALUE_STOPPED } from '../src/policy/read/expansion-rules.js';
import { relativeTo, writePatternCondition } from '../src/policy/read/guards.js';
import {
  parsePatternInput,
  writeAllowed,
  type WritePattern,
} from '../src/policy/decide/patterns.js';
import { DecisionCache } from '../src/policy/decide/decision-cache.js';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';
import type { BashSession } from '../src/shell/session.js';

/*
 * The run-time guards, proven in the real session: the policy's print runs in a BashSession, and
 * each attack shows the effect it aims at did not happen, the call ended as an error with a denial's
 * words, what ran before the guard stayed done, and the shell (with its state) is still there.
 */

let root: string;
let repo: string;
let outside: string;
const sessions = scratchRepoSessions('policy-guards-', (made) => {
  ({ root, repo } = made);
  outside = path.join(root, 'outside');
  mkdirSync(outside);
  // A directory link out of the repository, and a file link into .git/.
  symlinkSync(outside, path.join(repo, 'out', 'escape'));
  symlinkSync(path.join(repo, '.git', 'config'), path.join(repo, 'out', 'notes.txt'));
});

const ALLOW = [
  'echo *',
  'cat *',
  'tee *',
  'touch *',
  'f=*',
  'x=*',
  'i=*',
  'n=*',
  'v=*',
  'sum=*',
  'shopt *',
  ':',
  '> out/**',
  '> notes.md',
];

function call(
  policy: CommandPolicy,
  session: BashSession,
  command: string,
): Promise<CheckedOutcome> {
  return checkedCall(policy, session, command, repo);
}

async function setup(
  allow = ALLOW,
  deny: string[] = [],
): Promise<{ policy: CommandPolicy; session: BashSession }> {
  const policy = await loadPolicy({ allow, deny, workingDirectory: repo });
  return { policy, session: await sessions.start() };
}

describe('arithmetic that assigns', () => {
  it('runs i++, +=, --i and C-style loops as bash does', async () => {
    const { policy, session } = await setup();
    const text =
      'i=1; (( i++ )); (( --i )); n=0x1F; sum=2; (( sum += n )); echo "$i $sum"; for ((v=0; v<3; v++)); do echo $v; done; echo $(( sum -= 1 ))';
    const plain = spawnSync('bash', ['--noprofile', '--norc', '-c', text], { encoding: 'utf8' });
    const outcome = await call(policy, session, text);
    expect(outcome.code).toBeUndefined();
    expect(outcome.output).toBe(plain.stdout);
    expect(outcome.output).toBe('1 33\n0\n1\n2\n32\n');
  });

  it('stops a value that smuggles a command through the variable it assigns', async () => {
    const { policy, session } = await setup();
    const canary = path.join(root, 'arith-canary');
    const attack = `x='a[$(touch ${canary})]'`;
    expect((await call(policy, session, attack)).code).toBeUndefined();
    for (const use of [
      '(( x++ ))',
      '(( x += 1 ))',
      '(( --x ))',
      'for (( ; x++ < 3; )); do :; done',
    ]) {
      const outcome = await call(policy, session, use);
      expect(outcome.code).toBeUndefined();
      expect(outcome.isError).toBe(true);
      expect(outcome.output).toContain(ARITHMETIC_VALUE_STOPPED);
    }
    const stopped = await call(policy, session, 'echo before; echo $(( x *= 2 )); echo after');
    expect(stopped.isError).toBe(true);
    expect(stopped.output).toMatch(/^before\n/);
    expect(stopped.output).toContain(ARITHMETIC_VALUE_STOPPED);
    expect(stopped.output).not.toContain('after');
    expect(existsSync(canary)).toBe(false);
    // The session and its state are kept: the stop ended the call, not the shell.
    expect((await call(policy, session, 'echo "$x"')).output).toBe(`a[$(touch ${canary})]\n`);
  });

  it('refuses assigning in arithmetic a variable that changes what runs or where bash writes', async () => {
    const { policy } = await setup();
    for (const text of [
      '(( PATH = 1 ))',
      '(( BASH_XTRACEFD = 12 ))',
      'for ((LD_PRELOAD=0; ; )); do :; done',
    ])
      expect(policy.check(text, repo)).toMatchObject({
        allowed: false,
        refusal: { code: 'risky-variable' },
      });
  });

  it("refuses a command that names the guards' variables, however it is spelled", async () => {
    const { policy } = await setup([...ALLOW, 'readonly *', 'declare *']);
    for (const text of [
      'readonly __policy_value=5',
      'readonly _\\_policy_value=5',
      "declare -i '__policy_abs'",
      '(( __policy_value = 1 ))',
      'echo x > "$__policy_abs"',
    ])
      expect(policy.check(text, repo)).toMatchObject({
        allowed: false,
        refusal: { code: 'frame-name' },
      });
  });
});

describe('write targets known at run time', () => {
  it('writes where the patterns allow, once the value is known', async () => {
    const { policy, session } = await setup();
    const outcome = await call(
      policy,
      session,
      'for i in 1 2; do echo "n$i" > "out/$i.txt"; done; f=notes.md; echo hi > "$f"; echo two | tee "out/t$i.txt" >/dev/null; cat out/1.txt out/2.txt notes.md out/t2.txt',
    );
    expect(outcome).toEqual({ output: 'n1\nn2\nhi\ntwo\n', isError: false });
  });

  it.each([
    ['a .. path out of out/', 'f=out/../../outside/dotdot'],
    ['a directory symlink out of the repository', 'f=out/escape/linked'],
    ['a file symlink into .git/', 'f=out/notes.txt'],
    ['an absolute path', `f=${'$PWD'}/../outside/absolute`],
  ])('stops %s and writes nothing', async (_what, assign) => {
    const { policy, session } = await setup();
    const before = readFileSync(path.join(repo, '.git', 'config'), { flag: 'a+' }).toString();
    const outcome = await call(
      policy,
      session,
      `${assign}; echo before > out/before.txt; echo evil > "$f"; echo after > out/after.txt`,
    );
    expect(outcome.code).toBeUndefined();
    expect(outcome.isError).toBe(true);
    expect(outcome.output).toMatch(
      /^Command denied by policy: '> "\$f"' (writes|writes through the symbolic link) .*what ran before it in this call was not undone/,
    );
    expect(readFileSync(path.join(repo, 'out', 'before.txt'), 'utf8')).toBe('before\n');
    expect(existsSync(path.join(repo, 'out', 'after.txt'))).toBe(false);
    expect(existsSync(path.join(outside, 'dotdot'))).toBe(false);
    expect(existsSync(path.join(outside, 'linked'))).toBe(false);
    expect(existsSync(path.join(outside, 'absolute'))).toBe(false);
    expect(readFileSync(path.join(repo, '.git', 'config'), 'utf8')).toBe(before);
    rmSync(path.join(repo, 'out', 'before.txt'));
  });

  it('stops a write a deny pattern covers and one into .git/ under > **', async () => {
    const { policy, session } = await setup(['echo *', 'f=*', '> **'], ['> secret/**']);
    mkdirSync(path.join(repo, 'secret'), { recursive: true });
    // Another directory on a case-sensitive file system, but a .git one to the patterns.
    mkdirSync(path.join(repo, '.GIT'), { recursive: true });
    for (const target of ['secret/key', '.git/hooks-x', '.GIT/x']) {
      const outcome = await call(policy, session, `f=${target}; echo x > "$f"`);
      expect(outcome.isError).toBe(true);
      expect(outcome.output).toContain('Command denied by policy: \'> "$f"\'');
      expect(existsSync(path.join(repo, target))).toBe(false);
    }
  });

  it('cannot be steered by a DEBUG trap: extdebug and functrace, which would let one in, are refused', async () => {
    const allow = [...ALLOW, 'set *', 'trap *'];
    const { policy, session } = await setup(allow);
    // A trap that skips every test a guard makes (a skipped command's status is 0) would let the
    // passing branch run, were it inherited by the guard's substitution.
    for (const text of [
      'shopt -s extdebug',
      'shopt -s nullglob extdebug',
      'shopt -so functrace',
      'o=extdebug; shopt -s "$o"',
      'set -T',
      'set -eT',
      'set -o functrace',
      'set -eo functrace',
    ])
      expect(policy.check(text, repo)).toMatchObject({
        allowed: false,
        refusal: { code: 'frame-name' },
      });
    for (const text of ['set -euo pipefail', 'set +T', 'shopt -u extdebug', 'shopt -s nullglob'])
      expect(policy.check(text, repo)).toMatchObject({ allowed: true });
    // Without them the trap stays out of the guard's substitution, and the write is stopped.
    const skipTests = `trap '[[ $BASH_COMMAND != *"[["* ]]' DEBUG`;
    expect(await call(policy, session, skipTests)).toMatchObject({ isError: false });
    const outcome = await call(policy, session, 'f=out/escape/planted; echo x > "$f"');
    expect(outcome.isError).toBe(true);
    expect(existsSync(path.join(outside, 'planted'))).toBe(false);
    // Under `*` the deny patterns' guards stand between the text and bash (policy-deny-guards):
    // refused there too. With only write patterns denied, no guard stands there.
    const universal = await loadPolicy({ allow: ['*'], deny: ['rm *'], workingDirectory: repo });
    expect(universal.check('shopt -s extdebug', repo)).toMatchObject({
      allowed: false,
      refusal: { code: 'frame-name' },
    });
    const writesOnly = await loadPolicy({ allow: ['*'], deny: ['> x'], workingDirectory: repo });
    expect(writesOnly.check('shopt -s extdebug', repo)).toMatchObject({ allowed: true });
  });

  it('stops the write in a pipeline part, where only that subshell ends', async () => {
    const { policy, session } = await setup();
    const outcome = await call(policy, session, 'f=../outside/piped; echo evil | tee "$f"');
    expect(outcome.output).toContain('Command denied by policy: \'tee "$f"\'');
    expect(existsSync(path.join(outside, 'piped'))).toBe(false);
  });

  it('stops when nocasematch would make the check match paths of another case', async () => {
    const { policy, session } = await setup();
    const outcome = await call(policy, session, 'shopt -s nocasematch; f=OUT/x; echo x > "$f"');
    expect(outcome.isError).toBe(true);
    expect(outcome.output).toContain('nocasematch');
    await call(policy, session, 'shopt -u nocasematch');
  });

  it('still refuses targets a guard cannot check once', async () => {
    const { policy } = await setup();
    for (const text of [
      'echo x > $f',
      'echo x > "$(echo a)"',
      'echo x > "out/$RANDOM"',
      'echo x > "${f:=a}"',
    ])
      expect(policy.check(text, repo)).toMatchObject({
        allowed: false,
        refusal: { code: 'write-target-unknown' },
      });
  });
});

describe('sed scripts built from variables', () => {
  const SED = ['sed *', 'OLD=*', 'NEW=*', 'cat *', 'echo *', '> out/**'];

  it('runs a substitution whose fields hold variables, as bash would', async () => {
    const { policy, session } = await setup(SED);
    writeFileSync(path.join(repo, 'out', 'sed.txt'), 'hello world\n');
    const outcome = await call(
      policy,
      session,
      'OLD=hello; NEW=bye/x; sed -i "s|$OLD|$NEW|" out/sed.txt; cat out/sed.txt; NEW=ciao; sed "s/bye/$NEW/" out/sed.txt',
    );
    expect(outcome).toEqual({ output: 'bye/x world\nciao/x world\n', isError: false });
  });

  it.each([
    // Each runs or writes CANARY when the script is read after expansion, unchecked.
    ['a delimiter and ; that start an e command', "NEW='x/;e touch CANARY;#'"],
    ['a line break that starts a w command', "NEW=$'x/\\nw CANARY\\n#'"],
    ['a backslash, which could escape a delimiter', "NEW='x\\/;e touch CANARY;#'"],
  ])('stops a value holding %s and runs nothing', async (_what, assignment) => {
    const { policy, session } = await setup(SED);
    const canary = path.join(root, 'sed-canary');
    writeFileSync(path.join(repo, 'out', 'sed.txt'), 'hello\n');
    const set = assignment.replace('CANARY', canary);
    expect((await call(policy, session, set)).code).toBeUndefined();
    const outcome = await call(
      policy,
      session,
      'echo before; sed -i "s/hello/$NEW/" out/sed.txt; echo after',
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.output).toMatch(
      /^before\nCommand denied by policy: 'sed -i "s\/hello\/\$NEW\/" out\/sed.txt' has a sed script/,
    );
    expect(outcome.output).not.toContain('after');
    expect(existsSync(canary)).toBe(false);
    expect(readFileSync(path.join(repo, 'out', 'sed.txt'), 'utf8')).toBe('hello\n');
  });

  it('still refuses a variable where sed reads commands or flags', async () => {
    const { policy } = await setup(SED);
    for (const text of ['sed "s/a/b/$OLD" x', 'sed "$OLD" x', 'sed "1$OLD" x', 'sed "$OLD"\'p\' x'])
      expect(policy.check(text, repo)).toMatchObject({ allowed: false });
  });
});

describe('awk programs built from variables', () => {
  const AWK = ['awk *', 'col=*', 'pat=*', 'f=*', 'echo *'];

  it('runs a program whose variables hold plain values, as bash would', async () => {
    const { policy, session } = await setup(AWK);
    writeFileSync(path.join(repo, 'out', 'awk.txt'), 'a b c\nhello world x\n');
    const text =
      'col=2; awk "{print \\$$col}" out/awk.txt; pat=wor; awk "/$pat/ {print \\$1}" out/awk.txt';
    const plain = spawnSync('bash', ['--noprofile', '--norc', '-c', text], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(plain.stdout).toBe('b\nworld\nhello\n');
    expect(await call(policy, session, text)).toEqual({ output: plain.stdout, isError: false });
  });

  it.each([
    ['a new rule that calls system()', `col='1}BEGIN{system("touch CANARY")'`],
    ['a pipe to a shell', `col='1 | "sh -c \\"touch CANARY\\""'`],
    ['a print into a file', `col='1 > "CANARY"'`],
    ['a line break and a new rule', `col=$'1}\\nBEGIN{system("touch CANARY")'`],
  ])('stops a value holding %s and runs nothing', async (_what, assignment) => {
    const { policy, session } = await setup(AWK);
    const canary = path.join(root, 'awk-canary');
    writeFileSync(path.join(repo, 'out', 'awk.txt'), 'a b\n');
    expect(
      (await call(policy, session, assignment.replace('CANARY', canary))).code,
    ).toBeUndefined();
    const outcome = await call(policy, session, 'awk "{print \\$$col}" out/awk.txt; echo after');
    expect(outcome.isError).toBe(true);
    expect(outcome.output).toMatch(
      /^Command denied by policy: 'awk "\{print \\\$\$col\}" out\/awk.txt' has a awk program whose variables hold a character/,
    );
    expect(outcome.output).not.toContain('after');
    expect(existsSync(canary)).toBe(false);
  });

  it('still refuses a variable where awk reads a name it calls or a file it writes', async () => {
    const { policy } = await setup(AWK);
    for (const text of [
      'awk "BEGIN{$f(\\"touch x\\")}"',
      'awk "BEGIN{sys$f(\\"touch x\\")}"',
      'awk "{print > $f}" out/awk.txt',
      'awk "{print \\$1 | $f}" out/awk.txt',
      'awk "{print $(echo x)}" out/awk.txt',
    ])
      expect(policy.check(text, repo)).toMatchObject({
        allowed: false,
        refusal: { code: 'inline-code' },
      });
  });
});

describe('functions defined in an earlier call', () => {
  const FUNCTIONS = ['echo *', 'true', 'eval *', 'source *', 'rm out/*'];

  it('may be called by name in the same and later calls, with no pattern of their own', async () => {
    const { policy, session } = await setup(FUNCTIONS);
    expect(await call(policy, session, 'greet() { echo "hi $1"; }; greet a')).toEqual({
      output: 'hi a\n',
      isError: false,
    });
    expect(await call(policy, session, 'greet b')).toEqual({ output: 'hi b\n', isError: false });
    // A redefinition is checked again: this body is refused, and the checked one stays.
    expect(policy.check('greet() { rm -rf /; }', repo)).toMatchObject({
      allowed: false,
      refusal: { code: 'no-matching-pattern' },
    });
    expect((await call(policy, session, 'greet c')).output).toBe('hi c\n');
  });

  it('does not vouch for a definition that never ran: the name would run the program', async () => {
    const { policy, session } = await setup(FUNCTIONS);
    const canary = path.join(root, 'function-canary');
    expect((await call(policy, session, 'true || touch() { echo fake; }')).code).toBeUndefined();
    const outcome = await call(policy, session, `echo before; touch ${canary}; echo after`);
    expect(outcome.isError).toBe(true);
    expect(outcome.output).toMatch(
      /^before\nCommand denied by policy: 'touch .*' calls touch, which is not a function/,
    );
    expect(existsSync(canary)).toBe(false);
  });

  it('forgets every definition once a file is sourced, and never learns one made under eval', async () => {
    const { policy, session } = await setup(FUNCTIONS);
    writeFileSync(path.join(repo, 'lib.sh'), 'helper() { touch out/sourced; }\n');
    expect((await call(policy, session, 'helper() { echo checked; }; helper')).output).toBe(
      'checked\n',
    );
    expect((await call(policy, session, 'source ./lib.sh')).code).toBeUndefined();
    expect(policy.check('helper', repo)).toMatchObject({
      allowed: false,
      refusal: { code: 'no-matching-pattern' },
    });
    expect((await call(policy, session, "eval 'other() { echo x; }'")).code).toBeUndefined();
    expect(policy.check('other', repo)).toMatchObject({ allowed: false });
  });

  it('through the decision cache too: a repeated source forgets them again', async () => {
    const { policy, session } = await setup(FUNCTIONS);
    const cached = new DecisionCache(policy);
    writeFileSync(path.join(repo, 'lib.sh'), 'helper() { touch out/sourced; }\n');
    const define = 'helper() { echo checked; }';
    for (const text of [define, 'source ./lib.sh', define]) {
      const decision = cached.check(text, repo);
      expect(decision).toMatchObject({ allowed: true, cacheable: false });
      if (decision.allowed) await session.run(decision.script, { wellFormed: decision.printed });
    }
    expect(cached.check('source ./lib.sh', repo)).toMatchObject({ allowed: true });
    // lib.sh's helper (unchecked) is the function now: the name is not callable.
    expect(cached.check('helper', repo)).toMatchObject({ allowed: false });
  });

  it("refuses a function named like the guards' variables", async () => {
    const { policy } = await setup(FUNCTIONS);
    expect(policy.check('__policy_name() { :; }', repo)).toMatchObject({
      allowed: false,
      refusal: { code: 'frame-name' },
    });
  });
});

describe('xargs fed from a pipe', () => {
  it('hands sed the piped words as operands behind a --, so a word cannot become its option', async () => {
    const { policy, session } = await setup(['printf *', 'xargs *', 'sed *', 'ls *']);
    const canary = path.join(root, 'xargs-canary');
    writeFileSync(path.join(repo, 'out', 'xargs.txt'), 'n1\n');
    const attack = `printf '%s\\n' out/xargs.txt "'--expression=1e touch ${canary}'" | xargs sed -n 1p`;
    const decision = policy.check(attack, repo);
    expect(decision.allowed && decision.script).toMatch(/'xargs' 'sed' '-n' '1p' --$/m);
    const outcome = await call(policy, session, attack);
    expect(outcome.output).toContain('n1\n');
    expect(outcome.output).toContain("can't read --expression=1e touch");
    expect(existsSync(canary)).toBe(false);
  });

  it('adds no -- after a word that may be an option waiting for its value, nor a second one', async () => {
    const policy = await loadPolicy({
      allow: ['ls *', 'xargs *', 'grep *', 'sed *'],
      deny: [],
      workingDirectory: repo,
    });
    for (const text of ['ls | xargs grep -e', 'ls | xargs sed -n 1p -- x.txt']) {
      const decision = policy.check(text, repo);
      expect(decision.allowed && decision.script).not.toMatch(/-- *$|-- --/m);
    }
  });

  it('refuses a program that does not take -- as the end of its options, naming why', async () => {
    const policy = await loadPolicy({
      allow: ['ls *', 'xargs *', 'tar *', '> **'],
      deny: [],
      workingDirectory: repo,
    });
    expect(policy.check('ls | xargs tar -cf out/a.tar', repo)).toMatchObject({
      allowed: false,
      refusal: {
        code: 'dangerous-option',
        detail: expect.stringMatching(/could expand to an option/),
      },
    });
  });
});

describe('the write guard matches paths as patterns.ts does', () => {
  // A seeded generator, so a failure names a case that can be replayed.
  let seed = 20_261_204;
  const next = (n: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const pick = <T>(items: readonly T[]): T => items[next(items.length)] as T;

  it('agrees with writeAllowed on generated globs and paths', () => {
    const wd = '/w/repo';
    const globParts = [
      'a',
      'b',
      '.',
      '-',
      '*',
      '?',
      '**',
      '**/',
      '/',
      '.git',
      '.GIT',
      'x.ts',
      '[',
      "'",
    ];
    const segments = ['a', 'b', 'ab', 'x.ts', '.git', '.GiT', 'a.b', '-', '*', "'", ' '];
    const globs: string[] = [];
    for (let i = 0; i < 120; i++) {
      let glob = Array.from({ length: 1 + next(4) }, () => pick(globParts)).join('');
      if (next(5) === 0) glob = `${wd}/${glob}`;
      if (next(8) === 0) glob = `./${glob}`;
      globs.push(glob);
    }
    globs.push('**', '**/*.ts', 'src/**', '.git/**', '~/x');
    const paths: string[] = [wd, '/w', '/', '/w/other/a'];
    for (let i = 0; i < 60; i++)
      paths.push(
        `${pick([wd, wd, wd, '/w', '/w/repo2', '/'])}/${Array.from({ length: 1 + next(4) }, () => pick(segments)).join('/')}`.replace(
          /\/+/g,
          '/',
        ),
      );
    const patterns = globs.flatMap((g) => {
      try {
        return parsePatternInput(
          `> ${g.includes(' ') || g.includes("'") ? JSON.stringify(g) : g}`,
          'test',
        ) as WritePattern[];
      } catch {
        return [];
      }
    });
    expect(patterns.length).toBeGreaterThan(100);
    let script = '';
    const expected: string[] = [];
    for (const p of patterns) {
      for (const target of paths) {
        script += `__policy_abs=${shellQuote(target)}; ${relativeTo(wd)}[[ ${writePatternCondition(p)} ]] && echo 1 || echo 0\n`;
        expected.push(writeAllowed(p, target, wd) ? '1' : '0');
      }
    }
    const result = spawnSync('bash', ['--noprofile', '--norc', '-s'], {
      input: script,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    const got = result.stdout.split('\n').slice(0, -1);
    const differences = got.flatMap((g, i) =>
      g === expected[i]
        ? []
        : [
            `${(patterns[Math.floor(i / paths.length)] as WritePattern).source} ${paths[i % paths.length]}: bash ${g}`,
          ],
    );
    expect(differences).toEqual([]);
    expect(got.length).toBe(expected.length);
  });
});

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
