import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateScripts } from '../__fixtures__/fuzz/scripts.js';
import {
  checkEquivalence,
  describeEquivalence,
  loadScriptCorpus,
  type Equivalence,
} from '../__fixtures__/policy/equivalence.js';
import { makeFixture, type Fixture } from '../__fixtures__/policy/fixture.js';
import {
  checkedCall,
  scratchRepoSessions,
  type CheckedOutcome,
} from '../__fixtures__/test-sessions.js';
import { STOPPED_NOTE } from '../src/policy/read/guards.js';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';
import type { BashSession } from '../src/shell/session.js';

/*
 * Deny patterns under `*` where a word's value is only known when the command runs: the command
 * runs as typed, behind a guard that matches the values against the deny patterns then. Each test
 * runs the policy's decision in a real session; each attack shows its effect did not happen.
 */

let root: string;
let protectedDir: string;
let work: string;
const sessions = scratchRepoSessions('policy-deny-guards-', (made) => {
  root = made.root;
  protectedDir = path.join(root, 'protected');
  work = path.join(root, 'work');
  const git = (...args: string[]): void => {
    execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  };
  // A repository with two bare remotes: origin, which a deny pattern covers, and mirror.
  git('init', '-q', '-b', 'main', work);
  git(
    '-C',
    work,
    '-c',
    'user.name=t',
    '-c',
    'user.email=t@t',
    'commit',
    '-q',
    '--allow-empty',
    '-m',
    'x',
  );
  for (const remote of ['origin', 'mirror']) {
    git('init', '-q', '--bare', path.join(root, `${remote}.git`));
    git('-C', work, 'remote', 'add', remote, path.join(root, `${remote}.git`));
  }
  git('-C', work, 'config', 'push.default', 'current');
});

/** Recreates the directory the deny patterns protect, with a file in it. */
function makeProtected(): void {
  mkdirSync(protectedDir, { recursive: true });
  writeFileSync(path.join(protectedDir, 'keep'), 'x');
}

function denyPatterns(): string[] {
  return [`rm -rf ${protectedDir}*`, `touch ${root}/x*`, 'git push origin*'];
}

function call(
  policy: CommandPolicy,
  session: BashSession,
  command: string,
): Promise<CheckedOutcome> {
  return checkedCall(policy, session, command, root);
}

async function setup(deny = denyPatterns()): Promise<{
  policy: CommandPolicy;
  session: BashSession;
}> {
  makeProtected();
  const policy = await loadPolicy({ allow: ['*'], deny, workingDirectory: root });
  return { policy, session: await sessions.start({ cwd: root }) };
}

/** The call was stopped by the guard of `pattern`: an error, with the denial's words. */
function expectStopped(outcome: CheckedOutcome, pattern: string): void {
  expect(outcome.code).toBeUndefined();
  expect(outcome.isError).toBe(true);
  expect(outcome.output).toContain('Command denied by policy: ');
  expect(outcome.output).toContain(`matches the denied pattern '${pattern}'`);
  expect(outcome.output).toContain(STOPPED_NOTE);
}

describe('a deny pattern a value only known at run time may match', () => {
  it('lets the command run when the value does not match, as typed', async () => {
    const { policy, session } = await setup();
    const text = 'tmp=$(mktemp -d); touch "$tmp/f"; rm -rf "$tmp"; [[ -e $tmp ]] || echo gone';
    const decision = policy.check(text, root);
    // The guard is spliced in: the text otherwise runs as typed.
    expect(decision).toMatchObject({ allowed: true });
    expect(decision.allowed && decision.script).not.toBe(text);
    const unguarded =
      decision.allowed && decision.script.replace(/"\$\{PPID:0:.*?\}"(?="\$tmp)/g, '');
    expect(unguarded).toBe(text);
    expect(await call(policy, session, text)).toEqual({ output: 'gone\n', isError: false });
  });

  it('stops it when the value matches, and the effect does not happen', async () => {
    const { policy, session } = await setup();
    const pattern = `rm -rf ${protectedDir}*`;
    const outcome = await call(
      policy,
      session,
      `tmp=${protectedDir}; echo before; rm -rf "$tmp"; echo after`,
    );
    expectStopped(outcome, pattern);
    expect(outcome.output).toMatch(/^before\n/);
    expect(outcome.output).not.toContain('after');
    expect(existsSync(path.join(protectedDir, 'keep'))).toBe(true);
    // The session and its variables are kept: the stop ended the call, not the shell.
    expect(await call(policy, session, 'echo "$tmp"')).toEqual({
      output: `${protectedDir}\n`,
      isError: false,
    });
  });

  it('stops a file the pattern covers from being created', async () => {
    const { policy, session } = await setup();
    const outcome = await call(policy, session, `f=${root}/xfile; touch "$f"`);
    expectStopped(outcome, `touch ${root}/x*`);
    expect(existsSync(path.join(root, 'xfile'))).toBe(false);
    expect(await call(policy, session, `f=${root}/yfile; touch "$f"`)).toEqual({
      output: '',
      isError: false,
    });
    expect(existsSync(path.join(root, 'yfile'))).toBe(true);
  });

  it('matches the value a word builds from several variables', async () => {
    const { policy, session } = await setup();
    const half = protectedDir.length >> 1;
    const outcome = await call(
      policy,
      session,
      `a=${protectedDir.slice(0, half)}; b=${protectedDir.slice(half)}; rm -rf "$a$b"`,
    );
    expectStopped(outcome, `rm -rf ${protectedDir}*`);
    expect(existsSync(path.join(protectedDir, 'keep'))).toBe(true);
  });

  it('matches a command name known only at run time by its last path segment', async () => {
    const { policy, session } = await setup();
    for (const name of ['rm', '/bin/rm']) {
      const outcome = await call(policy, session, `c=${name}; d=${protectedDir}; "$c" -rf "$d"`);
      expectStopped(outcome, `rm -rf ${protectedDir}*`);
    }
    expect(existsSync(path.join(protectedDir, 'keep'))).toBe(true);
  });

  it('pushes to a remote the pattern does not cover, and not to one it covers', async () => {
    const { policy, session } = await setup();
    const refs = (remote: string): string =>
      execFileSync('git', ['-C', path.join(root, `${remote}.git`), 'for-each-ref'], {
        encoding: 'utf8',
      });
    const mirror = await call(policy, session, `cd ${work} && remote=mirror && git push "$remote"`);
    expect(mirror).toMatchObject({ isError: false });
    expect(refs('mirror')).toContain('refs/heads/main');
    const origin = await call(policy, session, `cd ${work} && remote=origin && git push "$remote"`);
    expectStopped(origin, 'git push origin*');
    expect(refs('origin')).toBe('');
  });

  it('checks the text of a trap when the trap runs', async () => {
    const { policy, session } = await setup();
    const scratch = path.join(root, 'scratch');
    mkdirSync(scratch, { recursive: true });
    // A subshell's EXIT trap runs when the subshell ends.
    const removes = await call(
      policy,
      session,
      `( tmp=${scratch}; trap 'rm -rf "$tmp"' EXIT; true ); [[ -e ${scratch} ]] || echo gone`,
    );
    expect(removes).toEqual({ output: 'gone\n', isError: false });
    const stopped = await call(
      policy,
      session,
      `( tmp=${protectedDir}; trap 'rm -rf "$tmp"' EXIT; true )`,
    );
    expect(stopped.output).toContain(`matches the denied pattern 'rm -rf ${protectedDir}*'`);
    expect(existsSync(path.join(protectedDir, 'keep'))).toBe(true);
  });
});

describe('an attack on the guard', () => {
  it('cannot read the value through a reference to another variable', async () => {
    const { policy, session } = await setup();
    // Each expansion of `"$t"` evaluates the subscript anew: the guard would read one element and
    // rm another. The guard stops at the reference before reading anything.
    const outcome = await call(
      policy,
      session,
      `n=0; a=(${root}/elsewhere ${protectedDir}); declare -n t='a[n++]'; rm -rf "$t"`,
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.output).toContain('refers to another (declare -n)');
    expect(existsSync(path.join(protectedDir, 'keep'))).toBe(true);
  });

  it.each([
    ['IFS that splits the path', `IFS=/; tmp=${'PROTECTED'}; rm -rf "$tmp"`],
    ['IFS holding what the guard prints', `IFS=0@; tmp=${'PROTECTED'}; rm -rf "$tmp"`],
    ['nocasematch', `shopt -s nocasematch; tmp=${'PROTECTED'}; rm -rf "$tmp"`],
    [
      'an array whose first element is the path',
      `declare -a tmp=(${'PROTECTED'} x); rm -rf "$tmp"`,
    ],
    ['the variable made read-only and exported', `declare -rx tmp=${'PROTECTED'}; rm -rf "$tmp"`],
    ['a glob-like setting', `shopt -s extglob nullglob; tmp=${'PROTECTED'}; rm -rf "$tmp"`],
  ])('with %s is still stopped', async (_what, text) => {
    const { policy, session } = await setup();
    const outcome = await call(policy, session, text.replaceAll('PROTECTED', protectedDir));
    expectStopped(outcome, `rm -rf ${protectedDir}*`);
    expect(existsSync(path.join(protectedDir, 'keep'))).toBe(true);
  });

  it('cannot redefine or disable a name the guard runs, nor let a DEBUG trap skip its test', async () => {
    const { policy } = await setup();
    for (const text of [
      'builtin() { \\command printf 0; }',
      'printf() { :; }',
      'enable -n printf',
      'alias [[=true',
      'shopt -s extdebug',
      'set -T',
    ]) {
      const next = `${text}; tmp=${protectedDir}; rm -rf "$tmp"`;
      expect(policy.check(next, root)).toMatchObject({
        allowed: false,
        refusal: { code: 'frame-name' },
      });
    }
  });

  it('refuses as before what a guard cannot read once', async () => {
    const { policy } = await setup();
    for (const [text, code] of [
      ['rm -rf $tmp', 'denied-pattern'],
      ['rm -rf "$(echo /x)"', 'denied-pattern'],
      ['rm -rf "${tmp:=/x}"', 'denied-pattern'],
      ['rm -rf "$RANDOM"', 'denied-pattern'],
      ['rm -rf "$_"', 'denied-pattern'],
      ['rm -rf "$tmp"/*', 'denied-pattern'],
      // A function is called by later calls, outside anything that contains a guard's stop.
      ['f() { rm -rf "$1"; }', 'denied-pattern'],
      // Backquotes change the escapes of the text inside them.
      ['x=`pwd`; rm -rf "$tmp"', 'denied-pattern'],
      // Text bash -c runs is not where the policy can splice a guard.
      [`bash -c 'rm -rf "$1"' _ "$tmp"`, 'denied-pattern'],
      ['$c -rf "$tmp"', 'dynamic-command'],
    ] as const)
      expect(policy.check(text, root)).toMatchObject({ allowed: false, refusal: { code } });
  });
});

describe('the text with its guards', () => {
  /*
   * Deny patterns that words of unknown value may match but whose values in the corpus never do:
   * each script the policy guards runs typed and guarded in fresh bash and fixture copies, and
   * must print, leave and keep the same.
   */
  const NEVER_MATCHED = [
    'rm -rf /etc*',
    'rm -f /etc*',
    'rm /etc*',
    'cp * /etc*',
    'mv * /etc*',
    'touch /etc*',
    'mkdir * /etc*',
    'echo * NEVER-ECHOED',
    'printf * NEVER-PRINTED',
    'cat NEVER-READ',
    'ls * NEVER-LISTED',
    'grep * NEVER-GREPPED',
    'wc * NEVER-COUNTED',
    'sed * NEVER-EDITED',
  ];
  let fixture: Fixture | undefined;
  let results: Equivalence[] = [];

  beforeAll(async () => {
    fixture = makeFixture();
    const scripts = [...loadScriptCorpus().scripts, ...generateScripts(20_261_203, 200)];
    const guarded = [];
    for (const script of scripts) {
      const policy = await loadPolicy({
        allow: ['*'],
        deny: NEVER_MATCHED,
        workingDirectory: fixture.repo,
      });
      const decision = policy.check(script.script, fixture.repo);
      if (decision.allowed && decision.script !== script.script) guarded.push(script);
    }
    const policy = await loadPolicy({
      allow: ['*'],
      deny: NEVER_MATCHED,
      workingDirectory: fixture.repo,
    });
    results = await checkEquivalence(policy, fixture, guarded);
  }, 180_000);

  afterAll(() => {
    if (fixture) rmSync(fixture.root, { recursive: true, force: true });
  });

  it('behaves as typed in every script the policy guards', () => {
    expect(results.length).toBeGreaterThanOrEqual(50);
    for (const result of results) {
      expect(result.refusal).toBeUndefined();
      if (result.differences.length > 0) throw new Error(describeEquivalence(result));
    }
  });
});
