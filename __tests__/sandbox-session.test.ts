/**
 * The Landlock sandbox through the real session: the helper confines itself and executes bash, and
 * commands sent straight to the shell (no policy in the way, as if it had been got around) try to
 * write where later steps would obey it, to run a shell from a planted git hook or `core.fsmonitor`,
 * and to connect out. Every attack is shown to succeed without the sandbox first, so a test cannot
 * pass because the attack was broken. Needs a kernel with Landlock (this machine's offers ABI 7).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';
import { parsePatternInput } from '../src/policy/decide/patterns.js';
import { TEST_ABI_VARIABLE } from '../src/sandbox/helper.js';
import {
  prepareSandbox,
  SandboxUnavailableError,
  type SandboxOptions,
  type SandboxPlan,
} from '../src/sandbox/sandbox.js';
import { buildShellEnv } from '../src/shell/env.js';
import type { BashSession } from '../src/shell/session.js';
import { testSessions } from '../__fixtures__/test-sessions.js';

/*
 * Everything lives outside /tmp, which the sandbox leaves writable: the home directory, the runner's
 * files and another checkout must be out of the shell's reach for the test to mean anything.
 */
let root: string;
let home: string;
let workspace: string;
let other: string;
let runnerTemp: string;
let githubEnv: string;
const sessions = testSessions(() => workspace);

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim();
}

beforeAll(() => {
  root = mkdtempSync('/var/tmp/sandbox-session-');
  home = path.join(root, 'home');
  workspace = path.join(root, 'work', 'repo', 'repo');
  other = path.join(root, 'work', 'other', 'other');
  runnerTemp = path.join(root, 'work', '_temp');
  githubEnv = path.join(runnerTemp, '_runner_file_commands', 'set_env_1');
  for (const dir of [home, workspace, other, path.dirname(githubEnv)]) {
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(path.join(home, '.bashrc'), '# the runner user\n');
  writeFileSync(githubEnv, '');
  writeFileSync(path.join(other, 'README.md'), 'another checkout\n');
  git(workspace, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(workspace, 'README.md'), 'hello\n');
  git(workspace, 'add', '.');
  git(workspace, '-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-qm', 'one');
});

afterEach(() => sessions.closeAll());
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The environment of the action on a runner whose files are under `root`. */
function actionEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    RUNNER_TEMP: runnerTemp,
    GITHUB_WORKSPACE: workspace,
    GITHUB_ENV: githubEnv,
    ...extra,
  };
}

function plan(options: Partial<SandboxOptions> & { patterns?: readonly string[] } = {}) {
  const { patterns = ['*'], ...rest } = options;
  const env = rest.env ?? actionEnv();
  return prepareSandbox({
    mode: 'required',
    networkOff: false,
    writablePaths: [],
    allow: parsePatternInput(patterns, 'allowed-commands'),
    workspace,
    workingDirectory: workspace,
    shellEnv: { ...buildShellEnv(process.env, []).env, HOME: home },
    env,
    ...rest,
  });
}

async function shellUnder(sandbox: SandboxPlan | undefined): Promise<BashSession> {
  return sessions.start({
    env: { ...buildShellEnv(process.env, []).env, HOME: home },
    ...(sandbox?.launcher ? { launcher: sandbox.launcher, bashPath: sandbox.bashPath } : {}),
  });
}

describe('write confinement under `*` with sandbox required', () => {
  const refused: ReadonlyArray<[string, () => string]> = [
    ["the home directory's .bashrc", () => path.join(home, '.bashrc')],
    ['another checkout', () => path.join(other, 'README.md')],
    ["the runner's GITHUB_ENV", () => githubEnv],
    [
      "a new file among the runner's file commands",
      () => path.join(path.dirname(githubEnv), 'set_output_2'),
    ],
    ['the tool cache under /opt', () => `/opt/sandbox-test-${process.pid}`],
  ];

  it.each(refused)('refuses a write to %s, and the shell goes on', async (_name, target) => {
    const file = target();
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    const command = `echo 'export EVIL=1' >> '${file}'; echo "status $?"`;
    try {
      const sandboxed = await shellUnder(await plan());
      const result = await sandboxed.run(command);
      expect(result.output).toContain('Permission denied');
      expect(result.output).toContain('status 1');
      expect(existsSync(file) ? readFileSync(file, 'utf8') : undefined).toBe(before);
      // The run goes on: the same shell answers the next command.
      expect((await sandboxed.run('echo still here')).output).toBe('still here\n');
      await sessions.closeAll();
      // Without the sandbox the same command does write: the refusal above is the kernel's.
      const open = await shellUnder(undefined);
      expect((await open.run(command)).output).toBe('status 0\n');
      expect(readFileSync(file, 'utf8')).toContain('EVIL=1');
    } finally {
      if (before === undefined) rmSync(file, { force: true });
      else writeFileSync(file, before);
    }
  });

  it('lets the shell write the workspace, /tmp, ~/.npm, the devices, a pty and writable-paths', async () => {
    const extra = path.join(root, 'extra');
    mkdirSync(extra, { recursive: true });
    const sandbox = await plan({ writablePaths: [extra] });
    const shell = await shellUnder(sandbox);
    const scratch = `/tmp/sandbox-session-${process.pid}`;
    const result = await shell.run(
      [
        'set -e',
        'echo a > made.txt && mkdir -p sub && mv made.txt sub/ && rm -r sub',
        `echo b > ${scratch} && rm ${scratch}`,
        `echo c > ~/.npm/_cacache-test && rm ~/.npm/_cacache-test`,
        `echo d > ${extra}/file && truncate -s 0 ${extra}/file`,
        'echo e > /dev/null; head -c 4 /dev/urandom | wc -c',
        'cat <(echo process-substitution)',
        'git status --short | wc -l',
        `python3 -c 'import os, pty; m, s = pty.openpty(); print("pty", os.ttyname(s)[:9])'`,
      ].join('\n'),
    );
    expect(result.output).toBe('4\nprocess-substitution\n0\npty /dev/pts/\n');
    expect(result.exitCode).toBe(0);
  });

  it('says what held: the ABI, writes, no exec confinement under `*`, scoping', async () => {
    const sandbox = await plan();
    expect(sandbox.launcher?.at(-1)).toBe('--');
    expect(sandbox.facts).toMatchObject({
      held: true,
      exec: { confined: false, detail: 'the allowlist is `*`' },
      network: { confined: false, detail: 'open (network: on)' },
      scope: 'no ptrace, signals or abstract Unix sockets outside the shell',
    });
    if (!sandbox.facts.held) throw new Error('not held');
    expect(sandbox.facts.abi).toBeGreaterThanOrEqual(6);
  });

  it("keeps the shell from the action's process through /proc (what ptrace would need)", async () => {
    // As root (these tests) /proc lets some entries through anyway; the runner's user gets none.
    const look = `readlink /proc/${process.pid}/exe; echo "status $?"`;
    const shell = await shellUnder(await plan());
    expect((await shell.run(look)).output).toBe('status 1\n');
    await sessions.closeAll();
    const open = await shellUnder(undefined);
    expect((await open.run(look)).output).toBe(`${process.execPath}\nstatus 0\n`);
  });

  it('keeps the shell from signalling processes outside it', async () => {
    const shell = await shellUnder(await plan());
    const result = await shell.run(`kill -0 ${process.pid}; echo "status $?"`);
    expect(result.output).toContain('Operation not permitted');
    expect(result.output).toContain('status 1');
  });
});

describe('exec confinement under the read-only default, with the policy out of the way', () => {
  const canary = (): string => path.join(root, 'exec-canary');
  afterEach(() => {
    rmSync(canary(), { force: true });
    rmSync(path.join(workspace, 'monitor.sh'), { force: true });
  });

  it('is on for the default allowlist, off for one that names a runner of programs', async () => {
    expect((await plan({ patterns: DEFAULT_ALLOWED_COMMANDS })).facts).toMatchObject({
      held: true,
      exec: { confined: true },
    });
    expect(
      (await plan({ patterns: [...DEFAULT_ALLOWED_COMMANDS, 'npm test'] })).facts,
    ).toMatchObject({
      exec: { confined: false, detail: '`npm test` may run other programs' },
    });
    expect((await plan({ patterns: ['git *'] })).facts).toMatchObject({
      exec: { confined: false, detail: '`git *` may run other programs' },
    });
  });

  it('stops a planted core.fsmonitor from running a shell, while git status works', async () => {
    const hook = path.join(workspace, 'monitor.sh');
    writeFileSync(hook, `#!/bin/sh\ntouch '${canary()}'\n`, { mode: 0o755 });
    git(workspace, 'config', 'core.fsmonitor', hook);
    try {
      const open = await shellUnder(undefined);
      await open.run('git status --short');
      expect(existsSync(canary())).toBe(true);
      rmSync(canary());
      await sessions.closeAll();

      const shell = await shellUnder(await plan({ patterns: DEFAULT_ALLOWED_COMMANDS }));
      const result = await shell.run('git status --short; echo "status $?"');
      expect(result.output).toContain('?? monitor.sh');
      expect(result.output).toContain('status 0');
      expect(existsSync(canary())).toBe(false);
    } finally {
      git(workspace, 'config', '--unset-all', 'core.fsmonitor');
    }
  });

  it('stops a planted hook, and any shell or interpreter started directly', async () => {
    const hooks = path.join(workspace, '.git', 'hooks');
    mkdirSync(hooks, { recursive: true });
    writeFileSync(path.join(hooks, 'pre-commit'), `#!/bin/sh\ntouch '${canary()}'\n`, {
      mode: 0o755,
    });
    const commit = `git -c user.name=A -c user.email=a@example.com commit -q --allow-empty -m x`;
    try {
      const shell = await shellUnder(await plan({ patterns: DEFAULT_ALLOWED_COMMANDS }));
      const result = await shell.run(
        [
          `${commit}; echo "commit $?"`,
          `sh -c 'touch ${canary()}'; echo "sh $?"`,
          `python3 -c 'print(1)'; echo "python $?"`,
          `/usr/bin/env true; echo "env $?"`,
          'ls README.md; cat README.md',
        ].join('\n'),
      );
      expect(result.output).toMatch(/commit [1-9]/);
      expect(result.output).toContain('sh 126');
      expect(result.output).toContain('python 126');
      expect(result.output).toContain('env 126');
      expect(result.output).toContain('README.md\nhello\n');
      expect(existsSync(canary())).toBe(false);
      await sessions.closeAll();
      // The same hook does run in an open shell: the refusal above is the kernel's.
      const open = await shellUnder(undefined);
      await open.run(commit);
      expect(existsSync(canary())).toBe(true);
    } finally {
      rmSync(path.join(hooks, 'pre-commit'), { force: true });
      git(workspace, 'reset', '-q', '--soft', 'main@{1}').toString();
    }
  });
});

describe('network off', () => {
  let server: Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1;
      socket.end('hello from loopback\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const connect = (): string =>
    `{ exec 3<>/dev/tcp/127.0.0.1/${port} && head -1 <&3; } 2>&1; echo "status $?"`;

  it('refuses a TCP connection from the shell to loopback', async () => {
    const shell = await shellUnder(await plan({ networkOff: true }));
    const result = await shell.run(connect());
    expect(result.output).toContain('Permission denied');
    expect(result.output).toContain('status 1');
    expect(connections).toBe(0);
    expect((await plan({ networkOff: true })).facts).toMatchObject({
      network: { confined: true, detail: 'TCP connect and bind refused (UDP and DNS are not)' },
    });
  });

  it('lets it through with network on', async () => {
    const shell = await shellUnder(await plan());
    expect((await shell.run(connect())).output).toBe('hello from loopback\nstatus 0\n');
    expect(connections).toBe(1);
  });
});

describe('a kernel that cannot confine', () => {
  it('stops `required` with an error that says why, where Landlock is missing', async () => {
    const call = () => plan({ env: actionEnv({ [TEST_ABI_VARIABLE]: '0' }) });
    await expect(call()).rejects.toThrow(SandboxUnavailableError);
    await expect(call()).rejects.toThrow(
      /Input 'sandbox' is 'required', but the shell cannot be confined here/,
    );
  });

  it('goes on unconfined under `auto`, and says so', async () => {
    const sandbox = await plan({ mode: 'auto', env: actionEnv({ [TEST_ABI_VARIABLE]: '0' }) });
    expect(sandbox.launcher).toBeUndefined();
    expect(sandbox.facts).toEqual({ held: false, why: 'unavailable: --max-abi 0' });
  });

  it('stops `required` with network off on a kernel without TCP rules (ABI 3)', async () => {
    const env = actionEnv({ [TEST_ABI_VARIABLE]: '3' });
    await expect(plan({ networkOff: true, env })).rejects.toThrow(
      "'network: off' needs Landlock ABI 4, and this kernel offers ABI 3",
    );
    expect((await plan({ mode: 'auto', networkOff: true, env })).facts).toMatchObject({
      held: true,
      abi: 3,
      network: { confined: false, detail: 'not confined: TCP rules need ABI 4' },
      scope: 'no ptrace outside the shell; signals and abstract sockets need ABI 6',
    });
  });

  it('stops `required` when there is no helper', async () => {
    await expect(plan({ helper: undefined })).rejects.toThrow(/no sandbox helper/);
    expect(await plan({ mode: 'off' })).toMatchObject({
      launcher: undefined,
      facts: { held: false, why: "'sandbox' is off" },
    });
  });

  it('never runs bash unconfined when the helper cannot apply its rules', async () => {
    const sandbox = await plan();
    const broken = [...sandbox.launcher!.slice(0, -1), '--no-such-rule', '--'];
    await expect(sessions.start({ launcher: broken, bashPath: sandbox.bashPath })).rejects.toThrow(
      /landlock-exec: unknown argument --no-such-rule/,
    );
  });
});
