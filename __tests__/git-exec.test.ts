/**
 * The action's own git against a repository whose configuration and hooks were planted to run
 * programs: none of them runs, and a failure says which verb failed without quoting its arguments
 * (they may carry a configuration value).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { GitError } from '../src/base/errors.js';
import { git, STALLED_TRANSFER_SECONDS } from '../src/git/exec.js';

let repo: string;

function canaries(): string[] {
  return fs.readdirSync(repo).filter((name) => name.startsWith('CANARY'));
}

beforeEach(() => {
  repo = fs.realpathSync(fs.mkdtempSync(path.join(tmpdir(), 'git-exec-test-')));
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  fs.writeFileSync(path.join(repo, 'a.txt'), 'a\n');
});

afterEach(() => {
  fs.rmSync(repo, { recursive: true, force: true });
});

describe('git', () => {
  it('runs no planted hook, hooks path or file-system monitor', async () => {
    const hook = path.join(repo, '.git', 'hooks', 'pre-commit');
    fs.writeFileSync(hook, `#!/bin/sh\ntouch "${repo}/CANARY-hook"\n`, { mode: 0o755 });
    const elsewhere = path.join(repo, 'planted-hooks');
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(
      path.join(elsewhere, 'pre-commit'),
      `#!/bin/sh\ntouch "${repo}/CANARY-path"\n`,
      {
        mode: 0o755,
      },
    );
    execFileSync('git', ['config', 'core.fsmonitor', `touch ${repo}/CANARY-fsmonitor; false`], {
      cwd: repo,
    });

    await git(['add', 'a.txt'], { cwd: repo });
    await git(['status', '--porcelain'], { cwd: repo });
    await git(['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'x'], {
      cwd: repo,
    });
    execFileSync('git', ['config', 'core.hooksPath', elsewhere], { cwd: repo });
    fs.appendFileSync(path.join(repo, 'a.txt'), 'b\n');
    await git(['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qam', 'y'], {
      cwd: repo,
    });

    expect(canaries()).toEqual([]);
    // The same commit by plain git does run the hook: the test would see one.
    fs.appendFileSync(path.join(repo, 'a.txt'), 'c\n');
    execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qam', 'z'],
      {
        cwd: repo,
      },
    );
    expect(canaries()).toContain('CANARY-path');
  });

  it('asks no planted credential helper, for any URL, and no askpass program', async () => {
    execFileSync('git', ['config', 'credential.helper', `!touch ${repo}/CANARY-helper`], {
      cwd: repo,
    });
    execFileSync(
      'git',
      ['config', 'credential.https://example.com.helper', `!touch ${repo}/CANARY-url-helper`],
      { cwd: repo },
    );
    execFileSync('git', ['config', 'core.askPass', `${repo}/askpass`], { cwd: repo });
    fs.writeFileSync(path.join(repo, 'askpass'), `#!/bin/sh\ntouch "${repo}/CANARY-askpass"\n`, {
      mode: 0o755,
    });
    const request = 'protocol=https\nhost=example.com\npath=o/r.git\n\n';

    await git(['credential', 'fill'], { cwd: repo, input: request, allowAllExitCodes: true });

    expect(canaries()).toEqual([]);
    // Plain git asks both helpers (and then fails, with no one to answer): the test would see them.
    expect(() =>
      execFileSync('git', ['credential', 'fill'], {
        cwd: repo,
        input: request,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '' },
        stdio: ['pipe', 'ignore', 'ignore'],
      }),
    ).toThrow();
    expect(canaries()).toEqual(expect.arrayContaining(['CANARY-helper', 'CANARY-url-helper']));
  });

  it('hands git none of the environment it inherits beyond what it needs', async () => {
    process.env.GIT_DIR = path.join(repo, 'elsewhere');
    process.env.SOME_TOKEN = 'secret-value';
    process.env.HTTPS_PROXY = 'http://proxy.example:3128';
    try {
      const shown = await git(['var', 'GIT_EDITOR'], { cwd: repo });
      expect(shown.stdout.trim()).toBe(':');
      const env = await git(['-c', 'alias.env=!env', 'env'], { cwd: repo });
      expect(env.stdout).not.toContain('secret-value');
      expect(env.stdout).not.toMatch(/^GIT_DIR=/m);
      // How a self-hosted runner reaches the network is the runner's, and goes through.
      expect(env.stdout).toMatch(/^HTTPS_PROXY=http:\/\/proxy\.example:3128$/m);
    } finally {
      delete process.env.HTTPS_PROXY;
      delete process.env.GIT_DIR;
      delete process.env.SOME_TOKEN;
    }
  });

  it('answers a non-zero exit when told to, and otherwise fails naming only the verb', async () => {
    const missing = await git(['config', '--get', 'no.such'], {
      cwd: repo,
      allowAllExitCodes: true,
    });
    expect(missing.exitCode).toBe(1);
    const secret = 'AUTHORIZATION: basic c2VjcmV0LXZhbHVl';
    const failure = git(['config', '--file', path.join(repo, 'nowhere', 'x'), 'a.b', secret], {
      cwd: repo,
    });
    await expect(failure).rejects.toThrow(/^git config failed with exit code \d+/);
    await expect(failure).rejects.not.toThrow(secret);
    // Typed: callers decide on the verb, the status and git's own words, never on the message.
    const error = await failure.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitError);
    expect(error).toMatchObject({ verb: 'git config', failure: 'exit' });
    expect((error as GitError).exitCode).toBeGreaterThan(0);
    expect((error as GitError).stderr).toMatch(/could not lock config file|No such file/);
  });

  it("starts git with none of the action's secrets in its environment", async () => {
    const secrets = {
      'INPUT_ANTHROPIC-API-KEY': 'sk-ant-api03-not-for-git',
      ACTIONS_RUNTIME_TOKEN: 'runtime-not-for-git',
      GITHUB_TOKEN: 'token-not-for-git',
    };
    Object.assign(process.env, secrets);
    try {
      // An alias runs a program with git's own environment: what a planted helper would see.
      const { stdout } = await git(['-c', 'alias.showenv=!env', 'showenv'], { cwd: repo });
      expect(stdout).toContain('GIT_TERMINAL_PROMPT=0');
      for (const value of Object.values(secrets)) expect(stdout).not.toContain(value);
    } finally {
      for (const name of Object.keys(secrets)) delete process.env[name];
    }
  });
});

/** A remote that accepts every connection and never says a word. */
async function silentRemote(): Promise<{ url: string; close: () => Promise<void> }> {
  const held: Socket[] = [];
  const server: Server = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/repo.git`,
    close: () => {
      for (const socket of held) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('git against a remote that never answers', () => {
  it('gives up a stalled transfer after the stall limit, which every call carries', async () => {
    const remote = await silentRemote();
    try {
      expect(STALLED_TRANSFER_SECONDS).toBeLessThanOrEqual(60);
      const started = performance.now();
      // The same limit, shortened on the command line so the test need not wait a minute.
      const result = await git(['-c', 'http.lowSpeedTime=1', 'ls-remote', remote.url], {
        cwd: repo,
        allowAllExitCodes: true,
      });
      expect(result.exitCode).not.toBe(0);
      expect(result.stderr).toMatch(/Operation too slow/);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await remote.close();
    }
  });

  it('ends a call at its deadline, whatever the remote does', async () => {
    const remote = await silentRemote();
    try {
      const started = performance.now();
      await expect(
        git(['fetch', remote.url, 'main'], {
          cwd: repo,
          allowAllExitCodes: true,
          timeoutMs: 1000,
        }),
      ).rejects.toMatchObject({
        name: 'GitError',
        message: 'git fetch did not finish within 1 s',
        verb: 'git fetch',
        failure: 'timeout',
        exitCode: null,
      });
      expect(performance.now() - started).toBeLessThan(5000);
      // Nothing of it is left: the remote helper git started went with it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(spawnSync('pgrep', ['-f', remote.url], { encoding: 'utf8' }).stdout).toBe('');
    } finally {
      await remote.close();
    }
  });
});
