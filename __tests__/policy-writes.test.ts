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

function allowed(p: CommandPolicy, command: string, cwd = repo): boolean {
  return p.check(command, cwd).allowed;
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
      expect([command, allowed(p, command)]).toEqual([command, true]);
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
      expect([command, allowed(p, command)]).toEqual([command, false]);
    }
    expect(allowed(p, 'cat < a')).toBe(true);
  });

  it('resolves targets against the current directory, given as cwd', async () => {
    const p = await policy(['echo *', '> src/**']);
    expect(allowed(p, 'echo x > src/a.ts')).toBe(true);
    expect(allowed(p, 'echo x > a.ts', path.join(repo, 'src'))).toBe(true);
    expect(allowed(p, 'echo x > a.ts')).toBe(false);
    expect(allowed(p, 'echo x > ../repo/src/a.ts', path.join(repo, 'src'))).toBe(false);
    expect(allowed(p, `echo x > ${repo}/src/a.ts`)).toBe(true);
    expect(allowed(p, 'echo x > src/../a.ts')).toBe(false);
  });

  it('follows cd commands in the same text, including ones that may fail', async () => {
    const p = await policy(['echo *', 'cd *', '> src/**', '> *.txt']);
    // After `;` the cd may have failed: the write may land in either directory.
    expect(allowed(p, 'cd src; echo x > a.ts')).toBe(false);
    expect(allowed(p, 'cd src; echo x > b/a.txt')).toBe(false);
    expect(allowed(p, 'cd src; echo x > x.txt')).toBe(true);
    // After `&&` it succeeded: the write lands in src/ alone.
    expect(allowed(p, 'cd src && echo x > a.ts')).toBe(true);
    expect(allowed(p, 'cd src && echo x > b/a.txt')).toBe(true);
    expect(allowed(p, 'cd .git && echo x > config.txt')).toBe(false);
    expect(allowed(p, 'cd "$d" && echo x > a.txt')).toBe(false);
    expect(allowed(p, 'cd && echo x > a.txt')).toBe(false);
    expect(allowed(p, 'for d in a b; do cd ..; done; echo x > a.txt')).toBe(false);
    expect(allowed(p, 'f() { cd .git; }')).toBe(false);
    // A subshell body cannot change the caller's directory.
    expect(allowed(p, 'f() ( cd src; echo hi )')).toBe(true);
  });

  it('never reaches into .git/, not even through a symlink, unless a pattern names .git', async () => {
    const p = await policy(['echo *', '> **']);
    expect(allowed(p, 'echo x > anything/at/all.ts')).toBe(true);
    expect(allowed(p, 'echo x >> .git/config')).toBe(false);
    expect(allowed(p, 'echo x >> .GIT/config')).toBe(false);
    expect(allowed(p, 'echo x >> notes.txt')).toBe(false);
    expect(allowed(p, 'echo x > out/g/hooks/pre-commit')).toBe(false);
    const named = await policy(['echo *', '> .git/info/**']);
    expect(allowed(named, 'echo x >> .git/info/exclude')).toBe(true);
  });

  it('refuses targets known only at run time', async () => {
    const p = await policy(['echo *', '> **']);
    expect(allowed(p, 'echo x > "$f"')).toBe(false);
    expect(allowed(p, 'echo x > $(echo a)')).toBe(false);
    expect(allowed(p, 'echo x > *.txt')).toBe(false);
  });

  it('matches ~/ targets only against ~/ patterns or **', async () => {
    expect(allowed(await policy(['echo *', '> ~/notes/*']), 'echo x > ~/notes/a')).toBe(true);
    expect(allowed(await policy(['echo *', '> ~/notes/*']), 'echo x > ~/.gitconfig')).toBe(false);
    expect(allowed(await policy(['echo *', '> *']), 'echo x > ~/.gitconfig')).toBe(false);
    expect(allowed(await policy(['echo *', '> **']), 'echo x > ~/.gitconfig')).toBe(true);
  });

  it('lets the single pattern * write anywhere, .git/ included, and honours deny write patterns', async () => {
    const p = await policy(['*'], ['> .env', '> secrets/**']);
    expect(allowed(p, 'echo x > a/b.txt')).toBe(true);
    expect(allowed(p, 'echo x > .git/config')).toBe(true);
    expect(allowed(p, 'echo x > "$f"')).toBe(true);
    expect(allowed(p, 'echo x > .env')).toBe(false);
    expect(allowed(p, 'cd secrets; echo x > k')).toBe(false);
  });
});
