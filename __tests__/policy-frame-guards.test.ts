// What the session's frame relies on (src/policy/frame.ts): the builtins it runs and the descriptors
// above 9. No pattern allows touching them, under any allowlist or under `*` with deny patterns.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { all, policy, verdicts } from '../__fixtures__/policy/verdicts.js';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';
import { FRAME_NAMES } from '../src/policy/frame.js';
import type { CommandPolicy } from '../src/policy/types.js';

/** Every program the forms below use, a shell that may run anything, and writes anywhere. */
const BROAD = [
  'echo *',
  'cat *',
  'head *',
  'enable *',
  'exec *',
  'bash *',
  'eval *',
  'trap *',
  'read *',
  'mapfile *',
  'readarray *',
  'alias *',
  'builtin *',
  'command *',
  'export *',
  'true',
  ':',
  '> **',
];

let readOnly: CommandPolicy;
let broad: CommandPolicy;
let denyOnly: CommandPolicy;

beforeAll(async () => {
  readOnly = await policy([...DEFAULT_ALLOWED_COMMANDS]);
  broad = await policy(BROAD);
  denyOnly = await policy(['*'], ['rm *']);
});

/** Runs a bash script and returns what it printed (stdout and stderr together). */
function bash(script: string): string {
  const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  return r.stdout + r.stderr;
}

describe('names the frame relies on', () => {
  const direct = [
    'builtin(){ :; }',
    'builtin() { :; }',
    'function builtin { :; }',
    'function builtin() { :; }',
    'builtin () ( : )',
    'f(){ builtin(){ :; }; }',
    'f() { g() { function builtin { :; }; }; }',
    'return() { :; }',
    'exit() { :; }',
    'eval() { :; }',
    'cd() { :; }',
    'enable -n builtin',
    'enable -nf x.so builtin',
    'enable -f x.so builtin',
    'enable -fx.so builtin',
    'enable -d builtin',
    'enable -n -- builtin',
    'enable -s -n builtin',
    'enable -sn builtin',
    'enable -an builtin',
    'enable -n printf builtin',
    'enable -n return',
    'enable -n exit',
    'enable -n eval',
    'enable -n cd',
    // The reader of long raw text (frameCall) runs these two.
    'enable -n read',
    'enable -n unset',
    'enable -n $x',
    'enable -n "$x"',
    'enable $x',
    'enable "$opt" builtin',
    'alias b=builtin',
    "alias b='builtin'",
    "alias b=' builtin x'",
    // The keywords the frame's line is written with, where bash would expand an alias of them.
    "alias '{'=echo",
    'alias \\}=:',
    "alias '[['='/bin/echo FORGED'",
    "alias ll=ls '[['=true",
    'echo x; enable -n builtin',
    'true && builtin(){ :; }',
    'x=$(enable -n builtin)',
  ];
  /** Reached only through a program the read-only default does not allow. */
  const wrapped = [
    "bash -c 'builtin(){ :; }'",
    "bash -c 'enable -n builtin'",
    "eval 'builtin(){ :; }'",
    "eval 'function builtin { :; }'",
    "eval 'enable -n builtin'",
    "trap 'builtin(){ :; }' EXIT",
    "trap 'enable -n builtin' DEBUG",
    'builtin enable -n builtin',
    'command enable -n builtin',
    "bash <<'EOF'\nbuiltin(){ :; }\nEOF",
    'bash -c "eval \'builtin(){ :; }\'"',
  ];

  it('refuses a definition, disabling or alias of one under a broad allowlist', () => {
    const commands = [...direct, ...wrapped];
    expect(verdicts(broad, commands)).toEqual(all(commands, 'frame-name'));
  });

  it('refuses them under * with a deny pattern', () => {
    const commands = [...direct, ...wrapped];
    expect(verdicts(denyOnly, commands)).toEqual(all(commands, 'frame-name'));
  });

  it('refuses them under the read-only default, before any pattern is looked at', () => {
    expect(verdicts(readOnly, direct)).toEqual(all(direct, 'frame-name'));
    // The program that would run the text is not allowed, so its text is not read.
    expect(verdicts(readOnly, wrapped)).toEqual(all(wrapped, 'no-matching-pattern'));
  });

  it('keeps enable that lists or enables, and enable -n of other builtins, as before', async () => {
    const commands = [
      'enable',
      'enable -p',
      'enable -a',
      'enable -s',
      'enable -n',
      'enable -n pwd',
      'enable -d pwd',
      'enable builtin',
      'enable return',
      'enable -- -n builtin',
      'alias ll=ls',
      'unset -f builtin',
      'declare -f builtin',
      'builtin cd /tmp',
      'f() { builtin return 3; }',
      'mybuiltin() { :; }',
    ];
    expect(verdicts(denyOnly, commands)).toEqual(all(commands, 'allowed'));
    const plain = [
      'enable',
      'enable -p',
      'enable -a',
      'enable -n pwd',
      'enable builtin',
      'mybuiltin() { :; }',
    ];
    expect(verdicts(broad, plain)).toEqual(all(plain, 'allowed'));
    expect(verdicts(readOnly, ['enable', 'enable -p'])).toEqual(
      all(['enable', 'enable -p'], 'no-matching-pattern'),
    );
    // The allowlist decides these, as it did: -f loads a library unless a pattern spells it out.
    const spelled = await policy(['enable -f *']);
    expect(verdicts(spelled, ['enable -f x.so foo'])).toEqual({ 'enable -f x.so foo': 'allowed' });
    expect(verdicts(spelled, ['enable -f x.so builtin'])).toEqual({
      'enable -f x.so builtin': 'frame-name',
    });
  });

  it('says the name is one the frame relies on and cannot be redefined', () => {
    for (const command of ['builtin(){ :; }', 'enable -n builtin']) {
      const d = broad.check(command, '/work/repo');
      if (d.allowed) throw new Error(`${command} was allowed`);
      expect(d.message).toMatch(/^Command denied by policy: /);
      expect(d.message).toContain("builtin, a name the session's frame relies on, which cannot be");
      expect(d.message).toContain('redefined');
    }
  });

  it('is under * alone not checked at all (nothing is parsed)', async () => {
    const anything = await policy(['*']);
    const commands = ['builtin(){ :; }', 'enable -n builtin', 'cat <&255', 'exec {fd}<&0'];
    expect(verdicts(anything, commands)).toEqual(all(commands, 'allowed'));
  });

  it('lists every builtin whose loss breaks the frame: enable -n of any breaks builtin NAME', () => {
    expect(FRAME_NAMES).toContain('builtin');
    for (const name of FRAME_NAMES.filter((n) => n !== 'builtin')) {
      expect(bash(`enable -n ${name}; builtin ${name} --help >/dev/null`)).toContain(
        `${name}: not a shell builtin`,
      );
    }
    // A function shadows `builtin` itself, and an alias names the function a definition defines.
    expect(bash('builtin() { echo shadowed; }; \\builtin true')).toBe('shadowed\n');
    expect(bash('shopt -s expand_aliases; alias b=builtin\nb() { :; }\ndeclare -F')).toBe(
      'declare -f builtin\n',
    );
    // bash expands an alias of a keyword in a command's place before it reads the keyword.
    expect(bash("shopt -s expand_aliases; alias '[['='echo aliased'\n[[ -n x ]]")).toBe(
      'aliased -n x ]]\n',
    );
    // `{` becomes `echo`, so the group's `}` stands alone.
    expect(bash("shopt -s expand_aliases; alias '{'='echo aliased'\n{ true; }")).toContain(
      "syntax error near unexpected token `}'",
    );
  });
});

describe('descriptors above 9 and descriptors held in variables', () => {
  const refused = [
    '{ head -c 5; } <&255',
    'cat <&255',
    'echo x >&63',
    'echo x 1>&63',
    'echo x >& 63',
    "echo x >&'63'",
    'echo x >&"63"',
    "echo x >&$'\\x36\\x33'",
    'echo x >&10-',
    'cat <&010',
    'cat <&0063',
    'echo x 10>file',
    'echo x 10>>file',
    'cat 255<&0',
    'cat 11<&-',
    'echo x 63>&-',
    'exec 10<&-',
    'exec 63>&-',
    'exec 11<&-',
    'exec 62>&1',
    'exec 99999999999999999999<&0',
    'cat 10<<EOF\nx\nEOF',
    'cat <<EOF 10<&0\nx\nEOF',
    'exec {fd}<&0',
    'exec {fd}>file',
    'exec {v}>&-',
    'exec {a[1]}>file',
    'echo x {fd}>file',
    'cat {fd}<file',
    'echo x >&$fd',
    'echo x >&${fd}',
    'echo x >&"$x"',
    'cat <&$fd',
    'cat <&"$x"',
    'cat <&$(echo 63)',
    'echo x >&$((60 + 3))',
    'echo x >&{6,3}',
    '{ echo x; } >&$fd',
    'f() { echo x; } 10>&1',
    '{ echo; } 63>&-',
    'x=$(cat <&255)',
    'echo $(echo x >&63)',
    'cat <(cat <&255)',
    'echo x 2>&1 >&63',
    'read -u 10 x',
    'read -ru10 x',
    'read -r -u 255 x',
    "read -u ' 10' x",
    'read -u "$fd" x',
    'read -r "$x"',
    'read $opts x',
    'mapfile -u 10 a',
    'readarray -tu 11 a',
    'mapfile -u $fd a',
    'BASH_XTRACEFD=63 echo x',
    'export BASH_XTRACEFD=12',
    'BASH_XTRACEFD=12',
  ];
  /** Reached only through a program the read-only default does not allow. */
  const wrapped = [
    "bash -c 'cat <&255'",
    "bash -c 'echo x >&63'",
    "eval 'exec 10<&-'",
    "eval 'echo x >&$fd'",
    "trap 'echo x >&63' EXIT",
    "trap 'read -u 10 x' DEBUG",
    "bash <<'EOF'\nexec {fd}<&0\nEOF",
    'command read -u 10 x',
  ];

  it('refuses them under a broad allowlist', () => {
    const commands = [...refused, ...wrapped];
    expect(verdicts(broad, commands)).toEqual(all(commands, 'frame-descriptor'));
  });

  it('refuses them under * with a deny pattern', () => {
    const commands = [...refused, ...wrapped];
    expect(verdicts(denyOnly, commands)).toEqual(all(commands, 'frame-descriptor'));
  });

  it('refuses them under the read-only default, before any pattern is looked at', () => {
    expect(verdicts(readOnly, refused)).toEqual(all(refused, 'frame-descriptor'));
    expect(verdicts(readOnly, wrapped)).toEqual(all(wrapped, 'no-matching-pattern'));
  });

  it('refuses text it cannot parse that looks like a frame construct, under * with deny patterns', () => {
    const commands = ['builtin(){ :; }; (', 'echo x >&63; (', 'echo x 10<>file', 'echo x >&2; ('];
    expect(verdicts(denyOnly, commands)).toEqual({
      'builtin(){ :; }; (': 'frame-name',
      'echo x >&63; (': 'frame-descriptor',
      // tree-sitter does not read `N<>` after a word.
      'echo x 10<>file': 'frame-descriptor',
      'echo x >&2; (': 'allowed',
    });
    expect(verdicts(broad, commands)).toEqual(all(commands, 'unparsable'));
  });

  it('keeps descriptors 0-9 working as they did', () => {
    const allowed = [
      'echo x 2>&1',
      'echo x >&2',
      'echo x 1>&2',
      'echo x 3>&1 1>&2 2>&3',
      'echo x 3>&1 1>&2 2>&3 3>&-',
      'exec 3<file',
      'exec 3>&-',
      'exec 3<&-',
      'exec 4<&0',
      'exec 9>&1',
      'echo x 9>&1',
      'cat 4<&0',
      'cat <&-',
      'echo x >&-',
      'echo x 2>&-',
      'echo 3>&1-',
      'echo x >&09',
      'cat <&3',
      'cat 0<&3',
      'echo x 2>/dev/null',
      'echo x >file 2>&1',
      'echo x &>file',
      'echo x >&file',
      'cat <file',
      'cat 9<file',
      'cat <<EOF\nx\nEOF',
      'cat 3<<EOF\nx\nEOF',
      'echo {a,b}>&2',
      'echo {a,b} >file',
      'echo "{fd}" >file',
      "echo '{fd}'>file",
      'echo \\{fd}>file',
      'echo x{fd}>file',
      '{ echo x; }>&2',
      '{ echo x;}>file',
      'f() { echo x; } >&2',
      'read -r line',
      'read -u 3 line',
      'read -u 9 x',
      'read -p "$prompt" x',
      'read -t "$t" x',
      'mapfile -t a',
      'mapfile -u 3 -t a',
      'echo 10 >file',
      'echo x >10',
      'echo x > 63',
    ];
    expect(verdicts(broad, allowed)).toEqual(all(allowed, 'allowed'));
    expect(verdicts(denyOnly, allowed)).toEqual(all(allowed, 'allowed'));
    // A variable named at run time is the allowlist's own refusal, as before; not the frame's.
    const named = ['read -r -- "$x"', 'read -r line "$x"'];
    expect(verdicts(broad, named)).toEqual(all(named, 'unresolvable'));
    expect(verdicts(denyOnly, named)).toEqual(all(named, 'allowed'));
    const readOnlyAllowed = [
      'echo x 2>&1',
      'echo x >&2',
      'echo x 3>&1 1>&2 2>&3',
      'echo x 9>&1',
      'cat 4<&0',
      'cat <&-',
      'echo x >&-',
      'cat <file',
      'cat 3<<EOF\nx\nEOF',
      'echo {a,b}>&2',
    ];
    expect(verdicts(readOnly, readOnlyAllowed)).toEqual(all(readOnlyAllowed, 'allowed'));
  });

  it('says the descriptor belongs to the frame', () => {
    const d = broad.check('cat <&255', '/work/repo');
    if (d.allowed) throw new Error('cat <&255 was allowed');
    expect(d.refusal.offender).toBe('<&255');
    expect(d.message).toContain(
      "names descriptor 255; descriptors above 9 belong to the session's",
    );
  });

  it('reads descriptors the way bash does', () => {
    // A quoted number duplicates too; a word that is not one is a file (>&) or an error (<&).
    expect(bash(`exec 7>&1; echo quoted >&'7'`)).toBe('quoted\n');
    expect(bash(`exec 7>&1; echo zeros >&007`)).toBe('zeros\n');
    // {NAME} right before the operator allocates a descriptor above 9 into NAME.
    expect(bash('exec {fd}>/dev/null; echo $fd')).toMatch(/^1[0-9]\n$/);
    expect(bash(`echo x >&{6,3}`)).toContain('ambiguous redirect');
    // read -u takes the number as legal_number reads it: blanks and a sign.
    expect(bash(`exec 7<<<hi; read -u ' +7' x; echo $x`)).toBe('hi\n');
  });
});
