import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { policy } from '../__fixtures__/policy/verdicts.js';
import type { CommandPolicy } from '../src/policy/types.js';

/*
 * The script the policy prints must mean what bash reads from the typed text. Each case runs the
 * typed text and the printed script in a fresh bash of its own, in a fresh directory, and compares
 * what they print, their exit status, the files they leave and, where given, the state a line run
 * after them shows (`declare -p` of the names involved).
 */

const ALLOW = [
  'echo *',
  'printf *',
  'cat *',
  'declare *',
  'time *',
  'sleep *',
  'read *',
  'true',
  ':',
  '> **',
];

const directories: string[] = [];
afterAll(() => {
  for (const d of directories) rmSync(d, { recursive: true, force: true });
});

interface Run {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number | null;
  readonly files: Record<string, string>;
}

function run(text: string, after: string, env: Record<string, string>): Run {
  const cwd = mkdtempSync(path.join(tmpdir(), 'policy-print-bash-'));
  directories.push(cwd);
  const script = after === '' ? text : `${text}\n${after}`;
  const result = spawnSync('bash', ['--noprofile', '--norc', '-c', script], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', ...env },
  });
  const files: Record<string, string> = {};
  for (const name of readdirSync(cwd).sort())
    files[name] = readFileSync(path.join(cwd, name), 'utf8');
  return {
    stdout: result.stdout,
    // The printed script has its own line breaks: bash's messages number lines differently.
    stderr: result.stderr.replace(/^bash: (?:-c: )?line \d+: /gm, 'bash: line N: '),
    status: result.status,
    files,
  };
}

/** The typed text and its print, each run in bash; returns the print for further checks. */
function same(
  p: CommandPolicy,
  text: string,
  options: { after?: string; env?: Record<string, string> } = {},
): string {
  const decision = p.check(text, '/tmp');
  if (!decision.allowed) throw new Error(`${text} refused: ${decision.refusal.detail}`);
  const after = options.after ?? '';
  const env = options.env ?? {};
  const typed = run(text, after, env);
  const printed = run(decision.script, after, env);
  expect({ text, ...printed }).toEqual({ text, ...typed });
  return decision.script;
}

describe('the print means what bash reads', () => {
  it('keeps the blanks before an expansion inside double quotes', async () => {
    const p = await policy(ALLOW);
    same(p, 'a=(1 2 3); echo "${#a[@]} ${a[*]}"');
    same(p, 'x=1; echo "a $(echo b) $((1 + 2)) ${x} `echo c` $x."');
    same(p, 'x=1; printf "[%s]\\n" "a  ${x}" "	${x}"');
  });

  it('keeps the blank lines and leading blanks a heredoc body starts with', async () => {
    const p = await policy(ALLOW);
    same(p, "cat <<'EOF'\n\n\nbody\nEOF");
    same(p, 'x=1; cat <<EOF\n  \n\t\n  indented $x\nEOF');
    same(p, 'cat <<EOF\n\n\nEOF');
    same(p, 'cat <<-EOF\n\t\n\t  body\n\tEOF');
    same(p, "cat <<'EOF' >out.txt\n\n  body\nEOF");
  });

  it('keeps assignments on a line of their own apart from the command on the next', async () => {
    const p = await policy(ALLOW);
    same(p, 'a=7 b=9\necho $a $b', { after: 'declare -p a b' });
    same(p, 'a=1 b=2\n\nc=3 d=4\necho $a $c >out.txt', { after: 'declare -p a b c d' });
    same(p, 'a=1 >f.txt\necho x $a', { after: 'declare -p a' });
    same(p, 'a=1 b=2 # note\necho $a', { after: 'declare -p a b' });
    // A backslash-newline joins the lines: there the assignment is the command's environment.
    same(p, 'a=1 \\\necho $a', { after: 'declare -p a' });
  });

  it('prints time as the keyword where bash reads the keyword', async () => {
    const p = await policy(ALLOW);
    // A program named time of the test's own, so what runs it shows without timings.
    const bin = mkdtempSync(path.join(tmpdir(), 'policy-print-bash-bin-'));
    directories.push(bin);
    writeFileSync(path.join(bin, 'time'), '#!/bin/sh\necho "program time" >&2\nexec "$@"\n');
    chmodSync(path.join(bin, 'time'), 0o755);
    const env = { TIMEFORMAT: 'timed %%', PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` };
    expect(same(p, 'time true', { env })).toMatch(/^time /);
    same(p, 'time -p true', { env });
    same(p, 'time sleep 0 | cat', { env });
    same(p, 'true && time true', { env });
    same(p, '! time true', { env });
    // Not the keyword: the program of that name, or none at all.
    same(p, "'time' true", { env });
    same(p, 'echo x | time cat', { env });
    expect(p.check('time -f %e true', '/tmp')).toMatchObject({
      allowed: false,
      refusal: { code: 'unprintable' },
    });
  });

  it('prints time before a compound command as the keyword timing it', async () => {
    const p = await policy(ALLOW);
    // A program named time of the test's own: run instead of the keyword, it would show.
    const bin = mkdtempSync(path.join(tmpdir(), 'policy-print-bash-bin-'));
    directories.push(bin);
    writeFileSync(path.join(bin, 'time'), '#!/bin/sh\necho "program time" >&2\nexec "$@"\n');
    chmodSync(path.join(bin, 'time'), 0o755);
    const env = { TIMEFORMAT: 'timed', PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` };
    expect(same(p, 'time { echo block; }', { env })).toMatch(/^time \{ /);
    expect(same(p, 'time -p ( echo sub )', { env })).toMatch(/^time -p \( /);
    same(p, 'time for i in 1 2; do echo $i; done', { env });
    same(p, 'time while read -r l; do echo "$l"; done <<< x', { env });
    same(p, 'time if true; then echo y; fi', { env });
    same(p, 'time case a in a) echo x ;; esac', { env });
    same(p, 'time [[ -n x ]] && echo y', { env });
    same(p, 'x=1; time (( x += 2 ))', { env, after: 'declare -p x' });
    same(p, 'time { echo a; } | cat; time { echo b; } && echo c', { env });
    same(p, 'time { echo a >&2; } 2> err.txt; time -- { echo d; } > out.txt', { env });
    same(p, 'time { time { echo inner; }; }; if time { true; }; then echo yes; fi', { env });
    same(p, 'f() { time { echo fn; }; }; f; echo "time { x"', { env });
    // A quoted heredoc's body is text: a `time {` in it stays as typed.
    same(p, "cat <<'EOF'\n$(time { echo x; })\nEOF", { env });
  });

  it('prints $"…" as the double-quoted string it is without a message catalogue', async () => {
    const p = await policy(ALLOW);
    same(p, 'echo $"hi"');
    same(p, 'x=1; echo a$"hi" $"hi"b $"a $x" "$" $ "b"');
    same(p, 'x=$"h  i"; echo "$x"', { after: 'declare -p x' });
  });

  it('keeps the options of declaration builtins options, and associative keys keys', async () => {
    const p = await policy(ALLOW);
    same(p, 'declare -A m=([k]=v); declare -p m');
    same(p, 'x=y; declare -A m=([k]=v ["a b"]=c [$x]=3 [k2]="$x z" [k3]= [a$x]=1 [@]=2)', {
      after: 'declare -p m',
    });
    same(p, 'declare -rA m=([k]=v)', { after: 'declare -p m' });
    same(p, 'declare -A m=(k v)', { after: 'declare -p m' });
    same(p, 'declare -a x=(1 2) y=3; declare -p x y');
    same(p, 'declare -- x=1', { after: 'declare -p x' });
  });

  it('computes arithmetic on integer values as bash does, and leaves no name of its own set', async () => {
    const p = await policy(ALLOW);
    const after = 'compgen -v __policy_ || echo none set';
    for (const value of ['21', "' 42 '", '0x1F', '010', '2#101', '-3', "''", "$'7\\n'"]) {
      same(p, `ref=${value}; echo $((ref * 2)) $((1 - ref)) $(( $ref + 1 ))`, { after });
      same(p, `ref=${value}; [[ $ref -eq 8 ]] && echo eight; (( ref > 3 )) && echo big`, { after });
    }
    same(p, 'echo $((never_set + 1))', { after });
    same(p, 'echo $(( $(echo 0x10) + 1 )) $(( $(printf " 7\\n") * 2 ))', { after });
    same(p, 's=hello; i=" 1"; echo "${s:i}" ${s:i}', { after });
    // A value naming a variable is that variable's value, as far as bash follows it.
    same(p, 'ref=base; base=21; echo $((ref * 2))', { after });
    same(p, 'ref=mid; mid=base; base=0x10; echo $((ref))', { after });
    same(p, 'ref=(3 4); echo $((ref * 2))', { after });
  });

  it('still stops arithmetic on a value that is an expression', async () => {
    const p = await policy(ALLOW);
    // A chain of names deeper than the policy follows is refused the same way.
    for (const value of [
      "'a[$(echo RAN >&2)]'",
      "'1+1'",
      'x; x="a[\\$(echo RAN >&2)]"',
      'a; a=b; b=c; c=d; d=4',
    ]) {
      const decision = p.check(`ref=${value}; echo $((ref * 2))`, '/tmp');
      if (!decision.allowed) throw new Error(decision.refusal.detail);
      const printed = run(decision.script, 'compgen -v __policy_ || echo none set', {});
      expect(printed.stdout).toBe('none set\n');
      expect(printed.stderr).not.toContain('RAN');
      expect(printed.stderr).toContain(
        'bash: ref: has a value that is neither an integer nor the name of a variable holding one',
      );
    }
  });

  it('keeps the blank between < and a process substitution', async () => {
    const p = await policy(ALLOW);
    same(p, 'while read -r l; do echo "[$l]"; done < <(printf \'a\\nb\\n\')');
    same(p, 'cat < <(echo x)');
  });
});
