import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';

let root: string;
let repo: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'policy-writes-'));
  repo = path.join(root, 'repo');
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  mkdirSync(path.join(repo, 'src'));
  mkdirSync(path.join(repo, 'out'));
  symlinkSync(path.join(repo, '.git', 'config'), path.join(repo, 'notes.txt'));
  symlinkSync(path.join(repo, '.git'), path.join(repo, 'out', 'g'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

async function policy(allow: string[], deny: string[] = []): Promise<CommandPolicy> {
  return loadPolicy({ allow, deny, workingDirectory: repo });
}

/** 'allowed', or the code of the refusal. */
function allowed(p: CommandPolicy, command: string, cwd = repo): string {
  const d = p.check(command, cwd);
  return d.allowed ? 'allowed' : d.refusal.code;
}

describe('writes by redirection', () => {
  it('always allows /dev/null, /dev/stdout, /dev/stderr and descriptor duplication', async () => {
    const p = await policy(['echo *', 'ls *']);
    for (const command of [
      'echo x >/dev/null',
      'ls 2>/dev/null',
      'echo x >&2',
      'ls 2>&1',
      'echo x >/dev/stderr',
      'ls >/dev/stdout 2>&-',
      'ls <&-',
    ]) {
      expect([command, allowed(p, command)]).toEqual([command, 'allowed']);
    }
  });

  it('needs a > PATH-GLOB pattern for every operator that creates or changes a file', async () => {
    const p = await policy(['echo *', 'ls *', 'cat *', 'exec *']);
    for (const command of [
      'echo x > a',
      'echo x >> a',
      'echo x >| a',
      'echo x &> a',
      'echo x &>> a',
      'echo x 2> a',
      'echo x >& a',
      'exec 3> a',
      '> a',
      '{ echo; } > a',
      'f() { echo; } > a',
    ]) {
      expect([command, allowed(p, command)]).toEqual([command, 'write-not-allowed']);
    }
    expect(allowed(p, 'cat < a')).toBe('allowed');
  });

  it('resolves targets against the current directory, given as cwd', async () => {
    const p = await policy(['echo *', '> src/**']);
    expect(allowed(p, 'echo x > src/a.ts')).toBe('allowed');
    expect(allowed(p, 'echo x > a.ts', path.join(repo, 'src'))).toBe('allowed');
    expect(allowed(p, 'echo x > a.ts')).toBe('write-not-allowed');
    expect(allowed(p, 'echo x > ../repo/src/a.ts', path.join(repo, 'src'))).toBe(
      'write-not-allowed',
    );
    expect(allowed(p, `echo x > ${repo}/src/a.ts`)).toBe('allowed');
    expect(allowed(p, 'echo x > src/../a.ts')).toBe('write-not-allowed');
  });

  it('follows cd commands in the same text, including ones that may fail', async () => {
    const p = await policy(['echo *', 'cd *', '> src/**', '> *.txt']);
    // After `;` the cd may have failed: the write may land in either directory.
    expect(allowed(p, 'cd src; echo x > a.ts')).toBe('write-not-allowed');
    expect(allowed(p, 'cd src; echo x > b/a.txt')).toBe('write-not-allowed');
    expect(allowed(p, 'cd src; echo x > x.txt')).toBe('allowed');
    // After `&&` it succeeded: the write lands in src/ alone.
    expect(allowed(p, 'cd src && echo x > a.ts')).toBe('allowed');
    expect(allowed(p, 'cd src && echo x > b/a.txt')).toBe('allowed');
    expect(allowed(p, 'cd .git && echo x > config.txt')).toBe('write-into-git');
    expect(allowed(p, 'cd "$d" && echo x > a.txt')).toBe('write-target-unknown');
    expect(allowed(p, 'cd && echo x > a.txt')).toBe('write-target-unknown');
    expect(allowed(p, 'for d in a b; do cd ..; done; echo x > a.txt')).toBe('write-target-unknown');
    expect(allowed(p, 'f() { cd .git; }')).toBe('deferred-directory-change');
    // A subshell body cannot change the caller's directory.
    expect(allowed(p, 'f() ( cd src; echo hi )')).toBe('allowed');
  });

  it('never reaches into .git/, not even through a symlink, unless a pattern names .git', async () => {
    const p = await policy(['echo *', '> **']);
    expect(allowed(p, 'echo x > anything/at/all.ts')).toBe('allowed');
    expect(allowed(p, 'echo x >> .git/config')).toBe('write-into-git');
    expect(allowed(p, 'echo x >> .GIT/config')).toBe('write-into-git');
    expect(allowed(p, 'echo x >> notes.txt')).toBe('write-into-git');
    expect(allowed(p, 'echo x > out/g/hooks/pre-commit')).toBe('write-into-git');
    const named = await policy(['echo *', '> .git/info/**']);
    expect(allowed(named, 'echo x >> .git/info/exclude')).toBe('allowed');
  });

  it('refuses targets known only at run time that no guard can check once', async () => {
    const p = await policy(['echo *', '> **']);
    expect(allowed(p, 'echo x > $f')).toBe('write-target-unknown');
    expect(allowed(p, 'echo x > "$RANDOM.txt"')).toBe('write-target-unknown');
    expect(allowed(p, 'echo x > $(echo a)')).toBe('write-target-unknown');
    expect(allowed(p, 'echo x > *.txt')).toBe('write-target-unknown');
  });

  it('allows a quoted target built from variables behind a guard that checks it when it runs', async () => {
    const p = await policy(['echo *', '> **']);
    const decision = p.check('echo x > "out/$f.txt"', repo);
    expect(decision).toMatchObject({ allowed: true, printed: true });
    // The guard sits in the target's word, and the script runs under eval so that it can stop it.
    expect(decision.allowed && decision.script).toMatch(/^\\builtin eval -- .*PPID:0:/s);
  });

  it('matches ~/ targets only against ~/ patterns or **', async () => {
    expect(allowed(await policy(['echo *', '> ~/notes/*']), 'echo x > ~/notes/a')).toBe('allowed');
    expect(allowed(await policy(['echo *', '> ~/notes/*']), 'echo x > ~/.gitconfig')).toBe(
      'write-not-allowed',
    );
    expect(allowed(await policy(['echo *', '> *']), 'echo x > ~/.gitconfig')).toBe(
      'write-not-allowed',
    );
    expect(allowed(await policy(['echo *', '> **']), 'echo x > ~/.gitconfig')).toBe('allowed');
  });

  it('lets the single pattern * write anywhere, .git/ included, and honours deny write patterns', async () => {
    const p = await policy(['*'], ['> .env', '> secrets/**']);
    expect(allowed(p, 'echo x > a/b.txt')).toBe('allowed');
    expect(allowed(p, 'echo x > .git/config')).toBe('allowed');
    expect(allowed(p, 'echo x > "$f"')).toBe('allowed');
    expect(allowed(p, 'echo x > .env')).toBe('write-not-allowed');
    expect(allowed(p, 'cd secrets; echo x > k')).toBe('write-not-allowed');
  });
});
