import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';
import { parsePatternInput } from '../src/policy/decide/patterns.js';
import { decideExec, interpreterOf, resolveExecSet } from '../src/sandbox/exec-set.js';
import { sandboxLabel } from '../src/sandbox/facts.js';
import { locateHelper, parseReport } from '../src/sandbox/helper.js';
import { coveredProtectedPath, HOME_CACHES, writablePlaces } from '../src/sandbox/writable.js';

const allow = (...patterns: string[]) => parsePatternInput(patterns, 'allowed-commands');

describe('exec confinement, decided from the allowlist', () => {
  it('is on for the read-only default, with git helpers', () => {
    expect(decideExec(allow(...DEFAULT_ALLOWED_COMMANDS))).toEqual({
      confined: true,
      programs: ['ls', 'cat', 'head', 'tail', 'wc', 'grep', 'find', 'pwd', 'cd', 'echo', 'git'],
      gitHelpers: true,
    });
  });

  it.each([
    [['ls *', 'npm test'], '`npm test` may run other programs'],
    [['git push *'], '`git push *` may run other programs'],
    [['git *'], '`git *` may run other programs'],
    [['sort *'], '`sort *` may run other programs'],
    [['*'], 'the allowlist is `*`'],
  ])('is off for %j: %s', (patterns, why) => {
    expect(decideExec(allow(...patterns))).toEqual({ confined: false, why });
  });

  it('ignores write patterns, which run nothing', () => {
    expect(decideExec(allow('cat *', '> src/**'))).toMatchObject({
      confined: true,
      programs: ['cat'],
    });
  });
});

describe('the files exec confinement allows', () => {
  it("reads an ELF program's loader and a script's interpreter", async () => {
    const bash = interpreterOf('/bin/bash');
    expect(bash.kind).toBe('elf');
    expect(bash.path).toMatch(/^\/lib.*\/ld-linux-(x86-64|aarch64)\.so\.\d$/);
    const dir = mkdtempSync(path.join(tmpdir(), 'exec-set-'));
    try {
      const script = path.join(dir, 'cat');
      writeFileSync(script, '#!/bin/sh -e\necho hi\n', { mode: 0o755 });
      expect(interpreterOf(script)).toEqual({ kind: 'script', path: '/bin/sh' });
      // A script found first on PATH turns confinement off: its interpreter would run any script.
      const decision = decideExec(allow('cat *'));
      expect(await resolveExecSet(decision, '/bin/bash', `${dir}:/usr/bin:/bin`, dir)).toEqual({
        confined: false,
        why: '`cat` is a script run by /bin/sh',
      });
      const found = await resolveExecSet(decision, '/bin/bash', '/usr/bin:/bin', dir);
      expect(found).toMatchObject({ confined: true });
      if (found.confined) {
        expect(found.paths).toEqual(['/bin/bash', bash.path, '/usr/bin/cat']);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('where the shell may write', () => {
  const env = {
    HOME: '/home/runner',
    RUNNER_TEMP: '/home/runner/work/_temp',
    GITHUB_ENV: '/home/runner/work/_temp/_runner_file_commands/set_env_1',
  };

  it('covers the workspace, temporary space, the caches, the devices and writable-paths', () => {
    const places = writablePlaces({
      workspace: '/home/runner/work/repo/repo',
      workingDirectory: '/home/runner/work/repo/repo/sub',
      writablePaths: ['/srv/cache'],
      env: { ...env, TMPDIR: '/var/tmp/run' },
    });
    expect(places).toEqual(
      expect.arrayContaining([
        '/home/runner/work/repo/repo',
        '/home/runner/work/repo/repo/sub',
        '/tmp',
        '/var/tmp/run',
        '/home/runner/.npm',
        '/home/runner/go/pkg/mod',
        '/dev/null',
        '/srv/cache',
      ]),
    );
    expect(places).toHaveLength(2 + 2 + 1 + HOME_CACHES.length + 8 + 1);
    expect(places).not.toContain('/home/runner');
    expect(places).not.toContain('/home/runner/work/_temp');
  });

  it("follows Go's caches where GOCACHE, GOMODCACHE and GOPATH move them, never onto the runner's files", () => {
    const place = (goEnv: Record<string, string>) =>
      writablePlaces({
        workspace: '/w',
        workingDirectory: '/w',
        writablePaths: [],
        env: { ...env, ...goEnv },
      });
    const moved = place({
      GOCACHE: '/srv/go-build',
      GOMODCACHE: '/srv/gomod',
      GOPATH: '/opt/gopath:/opt/other',
    });
    expect(moved).toEqual(
      expect.arrayContaining([
        '/srv/go-build',
        '/srv/gomod',
        '/opt/gopath/pkg/mod',
        '/opt/gopath/pkg/sumdb',
      ]),
    );
    // GOPATH's own directory (here the home directory) and its later entries stay read-only.
    const home = place({ GOPATH: '/home/runner:/opt/other' });
    expect(home).not.toContain('/home/runner');
    expect(home.filter((p) => p.startsWith('/opt/other'))).toEqual([]);
    // Relative values, which Go ignores, and values covering the file-command files are left out.
    const refused = place({ GOCACHE: 'rel/cache', GOMODCACHE: '/home/runner/work', GOPATH: '' });
    expect(refused).toHaveLength(place({}).length);
    expect(refused).not.toContain('/home/runner/work');
    expect(place({})).toContain('/home/runner/go/pkg/sumdb');
  });

  it("leaves out a TMPDIR that holds the runner's file-command files", () => {
    const places = writablePlaces({
      workspace: '/w',
      workingDirectory: '/w',
      writablePaths: [],
      env: { ...env, TMPDIR: '/home/runner/work/_temp' },
    });
    expect(places).not.toContain('/home/runner/work/_temp');
    expect(coveredProtectedPath('/home/runner/work', env)).toBe(env.GITHUB_ENV);
    expect(coveredProtectedPath('/home/runner/work/repo', env)).toBeUndefined();
  });
});

describe('the helper', () => {
  it('is found for x64 and arm64 in the source tree, and for nothing else', () => {
    expect(locateHelper('x64')).toMatch(/src\/sandbox\/bin\/landlock-exec-x64$/);
    expect(locateHelper('arm64')).toMatch(/src\/sandbox\/bin\/landlock-exec-arm64$/);
    expect(locateHelper('ia32')).toBeUndefined();
  });

  it('reports in one line the action reads', () => {
    expect(parseReport('abi=4 writes refer truncate network rules=12 missing=3\n')).toEqual({
      abi: 4,
      features: new Set(['writes', 'refer', 'truncate', 'network']),
      rules: 12,
      missing: 3,
    });
    expect(parseReport('landlock-exec: unavailable')).toBeUndefined();
  });

  it('names what held in the output', () => {
    expect(sandboxLabel(undefined)).toBe('none');
    expect(sandboxLabel({ held: false, why: "'sandbox' is off" })).toBe('none');
    const held = {
      held: true as const,
      abi: 6,
      writes: 'w',
      exec: { confined: true, detail: 'x' },
      network: { confined: true, detail: 'n' },
      scope: 's',
    };
    expect(sandboxLabel(held)).toBe('landlock-abi-6 (writes, exec, network off)');
    expect(sandboxLabel({ ...held, exec: { confined: false, detail: 'x' } })).toBe(
      'landlock-abi-6 (writes, network off)',
    );
  });
});
