import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkedCall,
  scratchRepoSessions,
  type CheckedOutcome,
} from '../__fixtures__/test-sessions.js';
import { ARITHMETIC_VALUE_STOPPED } from '../src/policy/read/expansion-rules.js';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';
import type { BashSession } from '../src/shell/session.js';

/*
 * Constructs of agents' scripts the policy allows, each run in the real session as bash runs the
 * typed text, and beside it the dangerous spelling of the same construct, refused with its code or
 * stopped when it runs, with the effect it aims at shown absent.
 */

let root: string;
let repo: string;
let canary: string;
const sessions = scratchRepoSessions('policy-allowances-', (made) => {
  ({ root, repo } = made);
  canary = path.join(root, 'canary');
});

const ALLOW = [
  'echo *',
  'printf *',
  'unset *',
  'let *',
  'declare *',
  'x=*',
  'n=*',
  'f=*',
  's=*',
  'p=*',
  'i=*',
  'vals=*',
  'target=*',
  'HOME_DIR=*',
  'cat *',
  '> out/**',
];

async function setup(
  allow = ALLOW,
  deny: string[] = [],
): Promise<{ policy: CommandPolicy; session: BashSession }> {
  const policy = await loadPolicy({ allow, deny, workingDirectory: repo });
  return { policy, session: await sessions.start() };
}

function call(
  policy: CommandPolicy,
  session: BashSession,
  command: string,
): Promise<CheckedOutcome> {
  return checkedCall(policy, session, command.replaceAll('CANARY', canary), repo);
}

/** The typed text's output in a plain bash, for comparison with the print's. */
function plainBash(text: string): string {
  return spawnSync('bash', ['--noprofile', '--norc', '-c', text], { cwd: repo, encoding: 'utf8' })
    .stdout;
}

/** Runs `text` through the policy and expects what a plain bash prints for it. */
async function runsAsTyped(policy: CommandPolicy, session: BashSession, text: string) {
  const outcome = await call(policy, session, text);
  expect(outcome.code).toBeUndefined();
  expect(outcome.isError).toBe(false);
  expect(outcome.output).toBe(plainBash(text));
  return outcome;
}

function expectRefused(policy: CommandPolicy, text: string, code: string): void {
  expect(policy.check(text.replaceAll('CANARY', canary), repo)).toMatchObject({
    allowed: false,
    refusal: { code },
  });
}

describe('assignments by builtins', () => {
  it('runs printf -v into a plain name, refuses a subscript, a computed name or a risky one', async () => {
    const { policy, session } = await setup();
    const outcome = await runsAsTyped(
      policy,
      session,
      "printf -v padded '%05d' 42; printf -v joined '%s,' a b; echo \"$padded $joined\"",
    );
    expect(outcome.output).toBe('00042 a,b,\n');
    expectRefused(policy, "printf -v 'a[$(touch CANARY)]' %s 1", 'unresolvable');
    expectRefused(policy, 'x=\'a[$(touch CANARY)]\'; printf -v "$x" %s 1', 'unresolvable');
    expectRefused(policy, 'printf -v PATH %s /nonexistent', 'risky-variable');
    expectRefused(policy, 'printf -vBASH_ENV %s /nonexistent', 'risky-variable');
    expect(existsSync(canary)).toBe(false);
  });

  it('runs unset of a literal element, negative too, and refuses a subscript that runs code', async () => {
    const { policy, session } = await setup();
    const outcome = await runsAsTyped(
      policy,
      session,
      "declare -a stack=(a b c); unset 'stack[-1]'; unset 'stack[0]'; echo \"${stack[@]}\"",
    );
    expect(outcome.output).toBe('b\n');
    expectRefused(policy, "unset 'a[$(touch CANARY)]'", 'unresolvable');
    expectRefused(policy, 'unset "a[$n]"', 'unresolvable');
  });

  it('runs let on numbers and on variables holding numbers, as bash does', async () => {
    const { policy, session } = await setup([...ALLOW, 'ref=*']);
    const outcome = await runsAsTyped(policy, session, 'let \'a=4*5\' b=7; echo "$a $b"');
    expect(outcome.output).toBe('20 7\n');
    const script =
      'let a=4*5\nlet "b = a + 1"\nref=b; let c=ref*2 \'d = 16#ff, a++\'; echo "$a $b $c $d"';
    expect((await runsAsTyped(policy, session, script)).output).toBe('21 21 42 255\n');
    expectRefused(policy, "let 'a[$(touch CANARY)]=1'", 'unresolvable');
    expectRefused(policy, "let 'x=a[$(touch CANARY)]'", 'unresolvable');
    expectRefused(policy, 'let "y=$x"', 'unresolvable');
    expectRefused(policy, 'let PATH=1', 'risky-variable');
    expectRefused(policy, "let 'PATH+=1'", 'risky-variable');
    // A glob word the guard would list where a leading [x]= is a subscript bash evaluates.
    expectRefused(policy, 'let [x]=5*1', 'unresolvable');
    // Commas between expressions are kept: bash evaluates each.
    const comma = await runsAsTyped(policy, session, '(( p=1, q=2 )); echo $(( p, q )) "$p"');
    expect(comma.output).toBe('2 1\n');
    expect(existsSync(canary)).toBe(false);
  });

  it('stops let when a variable it reads holds a command hidden in a subscript', async () => {
    const { policy, session } = await setup([...ALLOW, 'y=*']);
    expect((await call(policy, session, "x='a[$(touch CANARY)]'")).code).toBeUndefined();
    for (const text of ['let y=x', "let 'y = x + 1'", 'let x++', "let 'z=1, y=x'"]) {
      const outcome = await call(policy, session, text);
      expect(outcome.isError).toBe(true);
      expect(outcome.output).toContain(ARITHMETIC_VALUE_STOPPED);
    }
    // Followed through a name: y names x, which holds the subscript.
    expect((await call(policy, session, 'y=x; let z=y')).output).toContain(
      ARITHMETIC_VALUE_STOPPED,
    );
    expect(existsSync(canary)).toBe(false);
  });

  it('stops let on a bare word that names files, which bash would have globbed', async () => {
    const { policy, session } = await setup();
    // Bash would run `let a=405`, a value the policy never read: a file matching the word stops it.
    writeFileSync(path.join(repo, 'a=405'), 'x');
    try {
      const outcome = await call(policy, session, 'let a=1; let a=4*5; echo "a=$a"');
      expect(outcome.isError).toBe(true);
      expect(outcome.output).toContain('which bash reads as a pattern and which names files here');
      expect(outcome.output).not.toContain('a=20');
      expect((await call(policy, session, 'echo "$a"')).output).toBe('1\n');
      rmSync(path.join(repo, 'a=405'));
      await runsAsTyped(policy, session, 'let a=4*5; echo "a=$a"');
    } finally {
      rmSync(path.join(repo, 'a=405'), { force: true });
    }
  });
  it('lets a script set a variable named like a setting, not one naming configuration', async () => {
    const { policy, session } = await setup();
    await runsAsTyped(policy, session, 'declare -g CONFIG_MODE=strict; echo "$CONFIG_MODE"');
    for (const name of ['CONFIG_SITE', 'KUBECONFIG', 'GIT_CONFIG_MODE', 'DOCKER_CONFIG'])
      expectRefused(policy, `declare -g ${name}=/nonexistent`, 'risky-variable');
  });
});

describe('a base prefix on a variable in arithmetic', () => {
  it('runs 10#$n and 16#${h} as bash does, in $(( )) and (( ))', async () => {
    const { policy, session } = await setup([...ALLOW, 'm=*', 'h=*']);
    const script =
      'n=08\nm=$(( 10#$n + 1 ))\necho "$m"\nh=ff; echo $(( 16#${h} * 2 )) $(( 1 + 10#$n ))\n' +
      '(( 10#$n > 3 )) && echo big; echo \'$(( 10#$n ))\' "10#$n"';
    expect((await runsAsTyped(policy, session, script)).output).toBe(
      '9\n510 9\nbig\n$(( 10#$n )) 10#08\n',
    );
  });

  it('stops a value that is not digits, which bash would evaluate as an expression', async () => {
    const { policy, session } = await setup();
    // In a plain bash, n='1+x' makes `10#$n` read x, whose subscript runs the command.
    const attack = "x='a[$(touch CANARY)]'; n='1+x'; echo $(( 10#$n ))";
    spawnSync('bash', ['--noprofile', '--norc', '-c', attack.replaceAll('CANARY', canary)]);
    expect(existsSync(canary)).toBe(true);
    rmSync(canary);
    for (const value of ['1+x', 'a[$(touch CANARY)]', ' 8']) {
      expect((await call(policy, session, "x='a[$(touch CANARY)]'")).code).toBeUndefined();
      expect((await call(policy, session, `n='${value}'`)).code).toBeUndefined();
      const outcome = await call(policy, session, 'echo $(( 10#$n + 1 ))');
      expect(outcome.isError).toBe(true);
      expect(outcome.output).toContain('has a value that is not digits of base 10');
    }
    expect(existsSync(canary)).toBe(false);
    expectRefused(policy, 'echo $(( 10#$(touch CANARY) ))', 'unsupported-syntax');
    expectRefused(policy, 'echo $(( 10#$n$m ))', 'unparsable');
  });
});

describe('IFS set for the session', () => {
  it('runs as typed, and leaves the run-time checks and the frame working', async () => {
    const { policy, session } = await setup();
    await runsAsTyped(policy, session, "IFS=,; x='a,b,c'; printf '<%s>' $x; echo");
    // An IFS made of every character the guards and the frame write with.
    const hostile = "IFS=$' \\t\\n0123456789@[]$(){}\\'\"_/.:;=-'";
    expect((await call(policy, session, hostile)).code).toBeUndefined();
    expect((await call(policy, session, "x='a[$(touch CANARY)]'")).code).toBeUndefined();
    const arithmetic = await call(policy, session, 'echo $(( x + 1 ))');
    expect(arithmetic.isError).toBe(true);
    expect(arithmetic.output).toContain(ARITHMETIC_VALUE_STOPPED);
    const write = await call(policy, session, 'f=.git/config; echo pwned > "$f"');
    expect(write.isError).toBe(true);
    expect(write.output).toContain('Command denied by policy');
    expect(existsSync(path.join(repo, '.git', 'config'))).toBe(false);
    expect(existsSync(canary)).toBe(false);
    // The frame still ends calls and keeps the state.
    expect((await call(policy, session, 'n=5; echo "$n"')).output).toBe('5\n');
  });

  it('is still read as splitting an unquoted expansion into any words, options included', async () => {
    const { policy } = await setup([...ALLOW, 'sort *']);
    expectRefused(policy, 'IFS=/; x=a/-o/out/f; sort $x', 'dangerous-option');
  });
});

describe('parameter operations and strings', () => {
  it('runs negative offsets, substitutions with slashes, @Q and \\u escapes as typed', async () => {
    const { policy, session } = await setup();
    await runsAsTyped(
      policy,
      session,
      [
        "s='hello world'; nums=(1 2 3 4); p=/usr/local/bin",
        'echo "${s: -3} ${nums[@]: -2} ${s:-3}"',
        'echo "${p//\\//:}" ${p//\\//-}',
        'echo "${p/\\/usr/~}"',
        'paths=(src/a src/b); echo "${paths[@]/#src\\//lib/}"',
        't=$\'one\\ntwo\'; echo "${t%%$\'\\n\'*}" "${s@Q}"',
        "echo $'\\u00e9' x$'\\u00e9t\\u00e9'",
      ].join('\n'),
    );
  });

  it('still refuses a substitution that runs a command, however its braces and quotes read', async () => {
    const { policy } = await setup();
    for (const text of [
      'echo ${x/\\}/$(touch CANARY)}',
      'echo "${x/a/$(touch CANARY)}"',
      'echo "${x/a/`touch CANARY`}"',
      'echo "${x/\'}\'/$(touch CANARY)}"',
      'echo "${x@P}"',
    ])
      expect(policy.check(text.replaceAll('CANARY', canary), repo).allowed).toBe(false);
  });

  it('reads a word holding a \\u escape as unknown from there on: an option it may be is still one', async () => {
    const { policy } = await setup([...ALLOW, 'sort *']);
    expectRefused(policy, "sort $'-o\\u00e9'", 'dangerous-option');
    expectRefused(policy, "sort -o$'\\u00e9'", 'dangerous-option');
    // The same for any value known only at run time attached to a short option that writes.
    expectRefused(policy, 'sort -o"$x"', 'dangerous-option');
  });
});

describe('heredocs tree-sitter reads no expansion in', () => {
  it('runs one inside a function and one after <<- with variables, as typed', async () => {
    const { policy, session } = await setup();
    await runsAsTyped(
      policy,
      session,
      'w() {\n  cat > "out/$1" <<EOF\nfile: $1 ${x} \\$1 \\\\\nEOF\n}\nx=y; w a.txt; w b.txt; cat out/a.txt out/b.txt\n' +
        'g=hi\n\tcat <<-EOF\n\t$g\tworld $g\n\t\tstill\n\tEOF\n' +
        'cat <<EOF\none \\\ntwo $g\nEOF\n',
    );
  });

  it('refuses what it cannot read there, and a backslash-newline that could join an expansion', async () => {
    const { policy } = await setup();
    for (const [text, code] of [
      ['f() {\n  cat <<EOF\n$1 `touch CANARY`\nEOF\n}', 'unsupported-syntax'],
      ['f() {\n  cat <<EOF\n$1 $(touch CANARY)\nEOF\n}', 'no-matching-pattern'],
      ['f() {\n  cat <<EOF\n$1 ${x:-$(touch CANARY)}\nEOF\n}', 'no-matching-pattern'],
      ['cat <<EOF\n$\\\n(touch CANARY)\nEOF', 'unsupported-syntax'],
      ['cat <<EOF\n$na\\\nme\nEOF', 'unsupported-syntax'],
    ] as const)
      expectRefused(policy, text, code);
  });

  it('checks a write to "$1" in a function when it runs', async () => {
    const { policy, session } = await setup();
    expect((await call(policy, session, 'w() { echo x > "$1"; }')).code).toBeUndefined();
    await call(policy, session, 'w out/ok.txt');
    expect(existsSync(path.join(repo, 'out', 'ok.txt'))).toBe(true);
    const stopped = await call(policy, session, 'w .git/config');
    expect(stopped.isError).toBe(true);
    expect(stopped.output).toContain('Command denied by policy');
    expect(existsSync(path.join(repo, '.git', 'config'))).toBe(false);
  });
});

describe('arithmetic in an unquoted heredoc', () => {
  it('runs $((…)) as the arithmetic bash reads, and $(( … ) ) as the command it is', async () => {
    const { policy, session } = await setup();
    const outcome = await runsAsTyped(
      policy,
      session,
      'cat > out/run.sh <<EOF\n#!/bin/sh\necho "\\$HOME is not expanded here"\necho "but this is: $((2 + 3))"\nEOF\ncat out/run.sh\n' +
        'x=4; cat <<EOF\n$((x * 2)) $(( x % 3 )) $((echo sub) )\nEOF\n' +
        "cat <<'EOF'\n$((2 + 3))\nEOF",
    );
    expect(outcome.output).toContain('but this is: 5"\n8 1 sub\n$((2 + 3))\n');
  });

  it('still checks a variable in it at run time and a command substitution in it', async () => {
    const { policy, session } = await setup();
    expect((await call(policy, session, "x='a[$(touch CANARY)]'")).code).toBeUndefined();
    const stopped = await call(policy, session, 'cat <<EOF\n$((x + 1))\nEOF');
    expect(stopped.isError).toBe(true);
    expect(stopped.output).toContain(ARITHMETIC_VALUE_STOPPED);
    expect(existsSync(canary)).toBe(false);
    expectRefused(policy, 'cat <<EOF\n$((1 + $(touch CANARY) ))\nEOF', 'no-matching-pattern');
    expectRefused(policy, 'cat <<EOF\n$((1 + `touch CANARY`))\nEOF', 'no-matching-pattern');
    expectRefused(policy, 'cat <<EOF\n$((touch CANARY) )\nEOF', 'no-matching-pattern');
  });
});

describe('time before a compound command', () => {
  it('runs it as typed, timing the whole command', async () => {
    const { policy, session } = await setup();
    await runsAsTyped(
      policy,
      session,
      "TIMEFORMAT=''\ntime echo hi\ntime { echo block; }\ntime ( echo sub ) | cat\ntime for i in 1 2; do echo $i; done",
    );
  });

  it('checks every command inside it against the allowlist and the write patterns', async () => {
    const { policy, session } = await setup();
    for (const [text, code] of [
      ['time { touch CANARY; }', 'no-matching-pattern'],
      ['time -p ( touch CANARY )', 'no-matching-pattern'],
      ['time for f in x; do touch CANARY; done', 'no-matching-pattern'],
      ['time { echo $(touch CANARY); }', 'no-matching-pattern'],
      ['time { time { echo ok; touch CANARY; }; }', 'no-matching-pattern'],
      ['time { echo x; } > CANARY', 'write-not-allowed'],
      ['time { echo x > CANARY; }', 'write-not-allowed'],
      ['time echo $(touch CANARY)', 'no-matching-pattern'],
      // What the keyword runs may be an option to it: refused before its substitution is read.
      ['time $(touch CANARY)', 'dangerous-option'],
      // Each level of nesting is one more parse of the whole text: the depth is bounded.
      [`${'time { '.repeat(5)}echo deep${'; }'.repeat(5)}`, 'unsupported-syntax'],
    ] as const)
      expectRefused(policy, text, code);
    await runsAsTyped(
      policy,
      session,
      `TIMEFORMAT=''; ${'time { '.repeat(4)}echo deep${'; }'.repeat(4)}`,
    );
  });
});

describe('values read through another variable', () => {
  it('runs ${!name} and array elements in arithmetic as typed', async () => {
    const { policy, session } = await setup();
    const outcome = await runsAsTyped(
      policy,
      session,
      'target=HOME_DIR; HOME_DIR=/work; echo "${!target}" ${!target}\n' +
        'vals=(5 10 0x0f); i=1; echo $(( vals[i] + vals[i+1] )) $(( vals[0] * 2 ))',
    );
    expect(outcome.output).toBe('/work /work\n25 10\n');
  });

  it('stops ${!name} when the name holds a subscript that would run a command', async () => {
    const { policy, session } = await setup();
    expect((await call(policy, session, "target='a[$(touch CANARY)]'")).code).toBeUndefined();
    const stopped = await call(policy, session, 'echo before; echo "${!target}"; echo after');
    expect(stopped.isError).toBe(true);
    expect(stopped.output).toMatch(/^before\n/);
    expect(stopped.output).toContain('its value is not a variable name');
    expect(stopped.output).not.toContain('after');
    expect(existsSync(canary)).toBe(false);
    // Forms the check does not cover are refused as before.
    expectRefused(policy, 'echo "${!target:-x}"', 'unsupported-syntax');
  });

  it('stops an element in arithmetic whose subscript or value would run a command', async () => {
    const { policy, session } = await setup();
    for (const state of [
      "vals=(1 'a[$(touch CANARY)]'); i=1",
      "vals=(1 2); i='a[$(touch CANARY)]'",
      'declare -A vals=([x]=1); i=0',
    ]) {
      expect((await call(policy, session, state)).code).toBeUndefined();
      const stopped = await call(policy, session, 'echo $(( vals[i] + 1 ))');
      expect(stopped.isError).toBe(true);
      expect(stopped.output).toContain(ARITHMETIC_VALUE_STOPPED);
      expect((await call(policy, session, 'unset vals')).code).toBeUndefined();
    }
    expect(existsSync(canary)).toBe(false);
    expectRefused(policy, 'echo $(( vals[i]++ ))', 'unsupported-syntax');
    expectRefused(policy, 'echo $(( vals[i] = 3 ))', 'unsupported-syntax');
  });
});

describe('a write before the text changes directory', () => {
  it('is checked where the text starts, and one after a cd or source where it may land', async () => {
    const { policy } = await setup([...ALLOW, 'source *', 'cd *', 'true', '> lib.sh']);
    expect(
      policy.check("cat > lib.sh <<'EOF'\nf() { :; }\nEOF\nsource ./lib.sh", repo),
    ).toMatchObject({ allowed: true });
    expectRefused(policy, 'echo > lib.sh; cd /etc; echo > lib.sh', 'write-not-allowed');
    expectRefused(policy, 'source ./lib.sh; echo > lib.sh', 'write-target-unknown');
    // In a loop the write also runs after the cd.
    expectRefused(policy, 'while true; do echo > lib.sh; cd /etc; done', 'write-not-allowed');
  });
});
