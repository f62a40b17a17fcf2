/**
 * The guard tried as an attacker would: a real bash session (the action's own) in a real git
 * repository whose configuration holds an actions/checkout credential, a home directory and runner
 * files of its own, and the commands an agent would run to read the credential or to leave something
 * behind for a later step. Then the guard's undo, and a later step run for real to show that nothing
 * planted fires.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as step from '../__fixtures__/workflow-commands.js';
import { startMessagesServer, type MessagesServer } from '../__fixtures__/messages-server.js';
import { apiError, commands, toolResults } from '../__fixtures__/messages.js';
import { FileSnapshot } from '../src/guard/file-snapshot.js';
import { git } from '../src/git/exec.js';
import { buildShellEnv } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';

jest.unstable_mockModule('../src/run/workflow-commands.js', () => step);
const { run } = await import('../src/main.js');
const { Guard, describeUndone } = await import('../src/guard/guard.js');

const TOKEN = 'ghs_guardTestToken0123456789abcdefABCDEF';
const BASIC = Buffer.from(`x-access-token:${TOKEN}`, 'utf8').toString('base64');
const HEADER_KEY = 'http.https://github.com/.extraheader';
const HEADER = `AUTHORIZATION: basic ${BASIC}`;

let root: string;
let home: string;
let runnerTemp: string;
let commandsDir: string;
let workspace: string;
let runnerEnv: Record<string, string>;
const sessions: BashSession[] = [];
const savedEnv = { ...process.env };
let server: MessagesServer | undefined;

function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' });
}

function write(file: string, content: string, mode = 0o644): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.chmodSync(file, mode);
}

/** Every entry below `dir` as type, mode and content, links not followed. */
function tree(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (file: string): void => {
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    const name = path.relative(dir, file) || '.';
    if (!stat) return;
    const mode = (stat.mode & 0o7777).toString(8);
    if (stat.isSymbolicLink()) found[name] = `link -> ${fs.readlinkSync(file)}`;
    else if (stat.isFile()) found[name] = `file ${mode} ${fs.readFileSync(file, 'utf8')}`;
    else if (stat.isDirectory()) {
      found[name] = `dir ${mode}`;
      if ((stat.mode & 0o500) === 0o500) {
        for (const child of fs.readdirSync(file).sort()) walk(path.join(file, child));
      }
    } else found[name] = 'special';
  };
  walk(dir);
  return found;
}

/** Everything the guard watches in this test's world. */
function watched(): Record<string, Record<string, string>> {
  return {
    home: tree(home),
    runner: tree(commandsDir),
    hooks: tree(path.join(workspace, '.git', 'hooks')),
    config: tree(path.join(workspace, '.git', 'config')),
  };
}

async function startShell(): Promise<BashSession> {
  const session = await BashSession.start({
    cwd: workspace,
    env: { ...buildShellEnv(process.env, []).env, HOME: home, RUNNER_TEMP: runnerTemp },
    maxOutput: 30_000,
    defaultTimeoutMs: 20_000,
  });
  sessions.push(session);
  return session;
}

function startGuard(): ReturnType<typeof Guard.start> {
  return Guard.start({ workingDirectory: workspace, home, env: runnerEnv });
}

beforeEach(() => {
  step.reset();
  root = fs.realpathSync(fs.mkdtempSync(path.join(tmpdir(), 'guard-test-')));
  home = path.join(root, 'home');
  write(path.join(home, '.bashrc'), '# the runner image bashrc\n');
  write(path.join(home, '.profile'), '# profile\n');
  write(path.join(home, '.ssh', 'known_hosts'), 'github.com ssh-ed25519 AAAAC3Nza\n', 0o600);
  fs.chmodSync(path.join(home, '.ssh'), 0o700);

  runnerTemp = path.join(root, 'runner-temp');
  commandsDir = path.join(runnerTemp, '_runner_file_commands');
  // As on GitHub's images: a directory of the home is on PATH, for every later step too.
  fs.mkdirSync(path.join(home, '.local', 'bin'), { recursive: true });
  runnerEnv = { RUNNER_TEMP: runnerTemp, PATH: `${home}/.local/bin:${process.env.PATH ?? ''}` };
  const files: Record<string, [string, string]> = {
    GITHUB_ENV: ['set_env_1', 'EARLIER_STEP=1\n'],
    GITHUB_PATH: ['add_path_1', ''],
    GITHUB_OUTPUT: ['set_output_1', ''],
    GITHUB_STATE: ['save_state_1', ''],
    GITHUB_STEP_SUMMARY: ['step_summary_1', '## An earlier step\n'],
  };
  for (const [name, [file, content]] of Object.entries(files)) {
    runnerEnv[name] = path.join(commandsDir, file);
    write(runnerEnv[name], content);
  }

  workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace);
  gitIn(workspace, 'init', '-q', '-b', 'main');
  write(path.join(workspace, 'README.md'), 'hello\n');
  gitIn(workspace, 'add', 'README.md');
  gitIn(workspace, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'init');
  // What actions/checkout 4 leaves behind, by the same git command.
  gitIn(workspace, 'config', '--local', HEADER_KEY, HEADER);
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await server?.close();
  server = undefined;
  process.env = { ...savedEnv };
  process.exitCode = undefined;
  fs.chmodSync(root, 0o700);
  execFileSync('chmod', ['-R', 'u+rwx', root]);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the checkout credential', () => {
  it('is out of .git/config while the shell runs and back byte for byte afterwards', async () => {
    const config = path.join(workspace, '.git', 'config');
    const before = fs.readFileSync(config);
    const guard = await startGuard();
    const shell = await startShell();

    const probe = await shell.run(
      `grep -c 'AUTHORIZATION' .git/config; grep -c '${BASIC.slice(0, 12)}' .git/config; git config --get-regexp extraheader`,
    );
    expect(probe.output).toBe('0\n0\n');
    expect(probe.exitCode).toBe(1);
    await shell.close();

    // The action's own git gets it per process, with the file still without it.
    const own = await git(['config', '--get', HEADER_KEY], { cwd: workspace, env: guard.gitEnv() });
    expect(own.stdout.trim()).toBe(HEADER);
    expect(fs.readFileSync(config, 'utf8')).not.toContain('AUTHORIZATION');

    expect(guard.end()).toEqual([]);
    expect(fs.readFileSync(config).equals(before)).toBe(true);
    expect(guard.secretValues).toEqual(expect.arrayContaining([HEADER, BASIC, TOKEN]));
  });

  it('is out of the file actions/checkout 6 includes from RUNNER_TEMP as well', async () => {
    gitIn(workspace, 'config', '--local', '--unset', HEADER_KEY);
    const included = path.join(runnerTemp, 'git-credentials-0b5e.config');
    write(included, `[http "https://github.com/"]\n\textraheader = ${HEADER}\n`, 0o600);
    const gitDir = path.join(workspace, '.git');
    gitIn(workspace, 'config', '--local', `includeIf.gitdir:${gitDir}/.path`, included);
    const before = {
      config: fs.readFileSync(path.join(gitDir, 'config')),
      included: tree(included),
    };
    const guard = await startGuard();
    const shell = await startShell();

    const probe = await shell.run(
      `grep -c AUTHORIZATION "$RUNNER_TEMP"/git-credentials-*.config; git config --get-regexp extraheader; echo "git: $?"`,
    );
    expect(probe.output).toBe('0\ngit: 1\n');
    await shell.close();

    expect(guard.end()).toEqual([]);
    expect(fs.readFileSync(path.join(gitDir, 'config')).equals(before.config)).toBe(true);
    expect(tree(included)).toEqual(before.included);
  });

  it('is out even when it is there twice, and both copies come back', async () => {
    gitIn(workspace, 'config', '--local', '--add', HEADER_KEY, HEADER);
    const config = path.join(workspace, '.git', 'config');
    const before = fs.readFileSync(config);
    const guard = await startGuard();
    expect(fs.readFileSync(config, 'utf8')).not.toContain('AUTHORIZATION');
    expect(guard.end()).toEqual([]);
    expect(fs.readFileSync(config).equals(before)).toBe(true);
  });

  it('refuses to start when a file holding it could not be put back exactly, and changes nothing', async () => {
    const real = path.join(runnerTemp, 'real-credentials.config');
    write(real, `[http "https://github.com/"]\n\textraheader = ${HEADER}\n`, 0o600);
    const link = path.join(runnerTemp, 'git-credentials-1.config');
    fs.symlinkSync(real, link);
    gitIn(workspace, 'config', '--local', 'include.path', link);
    const before = [
      tree(runnerTemp),
      fs.readFileSync(path.join(workspace, '.git', 'config'), 'utf8'),
    ];

    await expect(startGuard()).rejects.toThrow(/holds a credential but is not a plain file/);
    expect([
      tree(runnerTemp),
      fs.readFileSync(path.join(workspace, '.git', 'config'), 'utf8'),
    ]).toEqual(before);
  });

  it("is out of a submodule's config, where actions/checkout 4 writes it for submodules", async () => {
    const library = path.join(root, 'library');
    fs.mkdirSync(library);
    gitIn(library, 'init', '-q', '-b', 'main');
    gitIn(
      library,
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@e',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'lib',
    );
    gitIn(
      workspace,
      '-c',
      'protocol.file.allow=always',
      'submodule',
      'add',
      '-q',
      library,
      'libs/library',
    );
    gitIn(path.join(workspace, 'libs', 'library'), 'config', '--local', HEADER_KEY, HEADER);
    const submoduleConfig = path.join(workspace, '.git', 'modules', 'libs', 'library', 'config');
    const before = fs.readFileSync(submoduleConfig);
    const guard = await startGuard();
    const shell = await startShell();

    const probe = await shell.run(
      'grep -rc AUTHORIZATION .git/modules/libs/library/config; cd libs/library && git config --get-regexp extraheader',
    );
    expect(probe.output).toBe('0\n');
    await shell.close();

    // Both configs held it: the action's git gets it once.
    expect(Object.values(guard.gitEnv()).filter((value) => value === HEADER)).toHaveLength(1);
    expect(guard.end()).toEqual([]);
    expect(fs.readFileSync(submoduleConfig).equals(before)).toBe(true);
  });

  it('is out of the shared config when the shell starts in a linked worktree', async () => {
    const linked = path.join(root, 'linked');
    gitIn(workspace, 'worktree', 'add', '-q', linked);
    const before = fs.readFileSync(path.join(workspace, '.git', 'config'));
    const guard = await Guard.start({ workingDirectory: linked, home, env: runnerEnv });

    const seen = spawnSync('git', ['config', '--get-regexp', 'extraheader'], { cwd: linked });
    expect([seen.status, String(seen.stdout)]).toEqual([1, '']);
    expect(fs.readFileSync(path.join(workspace, '.git', 'config'), 'utf8')).not.toContain(
      'AUTHORIZATION',
    );
    expect(guard.end()).toEqual([]);
    expect(fs.readFileSync(path.join(workspace, '.git', 'config')).equals(before)).toBe(true);
  });

  it('loses the password of a remote URL while the shell runs; the action still reaches it', async () => {
    const url = `https://x-access-token:${TOKEN}@github.com/octo/repo.git`;
    gitIn(workspace, 'remote', 'add', 'origin', url);
    const guard = await startGuard();
    const shell = await startShell();

    const probe = await shell.run(`git remote get-url origin; grep -c '${TOKEN}' .git/config`);
    expect(probe.output).toBe('https://x-access-token@github.com/octo/repo.git\n0\n');
    await shell.close();

    const own = await git(['ls-remote', '--get-url', 'origin'], {
      cwd: workspace,
      env: guard.gitEnv(),
    });
    expect(own.stdout.trim()).toBe(url);
    expect(guard.end()).toEqual([]);
    expect(gitIn(workspace, 'remote', 'get-url', 'origin').trim()).toBe(url);
  });
});

/**
 * Planting everything a later step or process would obey. Paths are spelled out: the policy refuses
 * a redirection whose target is only known when it runs.
 */
function attack(): string {
  const runnerFile = (name: string): string => path.join(commandsDir, name);
  return [
    `echo "NODE_OPTIONS=--require=/tmp/x" >> ${runnerFile('set_env_1')}`,
    `echo /tmp/evil-bin >> ${runnerFile('add_path_1')}`,
    `echo "conclusion=success" >> ${runnerFile('set_output_1')}`,
    `echo "forged=1" >> ${runnerFile('save_state_1')}`,
    `echo "# All good" > ${runnerFile('step_summary_1')}`,
    `echo "LATER=1" > ${runnerFile('set_env_2')}`,
    `printf '#!/bin/sh\\ntouch "$PWD/CANARY-hook"\\n' > .git/hooks/pre-commit`,
    'chmod +x .git/hooks/pre-commit',
    'git config core.fsmonitor "touch $PWD/CANARY-fsmonitor; false"',
    `echo "touch $PWD/CANARY-bashrc" >> ${home}/.bashrc`,
    `echo "//registry.npmjs.org/:_authToken=stolen" > ${home}/.npmrc`,
    `printf "Host *\\n  ProxyCommand touch $PWD/CANARY-ssh\\n" > ${home}/.ssh/config`,
    'git config --global alias.st "!touch $PWD/CANARY-alias"',
    'chmod 644 ~/.ssh/known_hosts',
    `printf '#!/bin/sh\\ntouch "$PWD/CANARY-path"\\n' > ${home}/.local/bin/git`,
    `chmod +x ${home}/.local/bin/git`,
    'rm ~/.profile',
    'echo "the agent\'s work" >> README.md',
  ].join('\n');
}

/** A later step on the same runner: a login shell that uses git the ordinary way. */
function laterStep(): void {
  execFileSync(
    'bash',
    [
      '-lic',
      'git st; git status >/dev/null; echo later >> README.md; git -c user.name=t -c user.email=t@e commit -qam x',
    ],
    { cwd: workspace, env: { PATH: runnerEnv.PATH, HOME: home }, stdio: 'ignore' },
  );
}

function canaries(): string[] {
  return fs.readdirSync(workspace).filter((name) => name.startsWith('CANARY'));
}

describe('nothing left behind', () => {
  it('undoes every planted file, mode and removal, names each, and keeps the working tree edit', async () => {
    const before = watched();
    const guard = await startGuard();
    const shell = await startShell();
    const planted = await shell.run(attack());
    expect(planted.exitCode).toBe(0);
    await shell.close();

    const undone = guard.end();
    expect(watched()).toEqual(before);
    expect(fs.readFileSync(path.join(workspace, 'README.md'), 'utf8')).toBe(
      "hello\nthe agent's work\n",
    );
    const named = (file: string, change: string): unknown =>
      expect.objectContaining({ path: file, change, undone: true });
    expect(undone).toEqual(
      expect.arrayContaining([
        named(path.join(commandsDir, 'set_env_1'), 'modified'),
        named(path.join(commandsDir, 'add_path_1'), 'modified'),
        named(path.join(commandsDir, 'set_output_1'), 'modified'),
        named(path.join(commandsDir, 'save_state_1'), 'modified'),
        named(path.join(commandsDir, 'step_summary_1'), 'modified'),
        named(path.join(commandsDir, 'set_env_2'), 'created'),
        named(path.join(workspace, '.git', 'hooks', 'pre-commit'), 'created'),
        named(path.join(workspace, '.git', 'config'), 'modified'),
        named(path.join(home, '.bashrc'), 'modified'),
        named(path.join(home, '.npmrc'), 'created'),
        named(path.join(home, '.ssh', 'config'), 'created'),
        named(path.join(home, '.gitconfig'), 'created'),
        named(path.join(home, '.ssh', 'known_hosts'), 'mode'),
        named(path.join(home, '.profile'), 'removed'),
        named(path.join(home, '.local', 'bin', 'git'), 'created'),
      ]),
    );
    expect(undone).toHaveLength(15);
    expect(describeUndone(undone.find((change) => change.path.endsWith('.npmrc'))!)).toBe(
      `${path.join(home, '.npmrc')}: created during the run; removed`,
    );

    laterStep();
    expect(canaries()).toEqual([]);
  });

  it('removes a link planted in a watched place instead of writing through it, hard links too', async () => {
    const before = watched();
    const guard = await startGuard();
    const shell = await startShell();
    const planted = await shell.run(
      [
        'rm ~/.bashrc && ln -s "$PWD/README.md" ~/.bashrc',
        'rm ~/.profile && ln README.md ~/.profile',
        'rm -r ~/.ssh && mkdir keys && echo mine > keys/kept && ln -s "$PWD/keys" ~/.ssh',
        'mkdir -p conf/git && echo "[alias] st = !touch $PWD/CANARY-conf" > conf/git/config',
        'ln -s "$PWD/conf" ~/.config',
      ].join('\n'),
    );
    expect(planted.exitCode).toBe(0);
    await shell.close();

    const undone = guard.end();
    expect(watched()).toEqual(before);
    // The link targets are the agent's working tree: untouched by the undo.
    expect(fs.readFileSync(path.join(workspace, 'README.md'), 'utf8')).toBe('hello\n');
    expect(tree(path.join(workspace, 'keys'))).toEqual({
      '.': 'dir 755',
      kept: 'file 644 mine\n',
    });
    expect(fs.existsSync(path.join(workspace, 'conf', 'git', 'config'))).toBe(true);
    expect(undone.map((change) => [change.path, change.change])).toEqual(
      expect.arrayContaining([
        [path.join(home, '.bashrc'), 'replaced'],
        [path.join(home, '.profile'), 'modified'],
        [path.join(home, '.ssh'), 'replaced'],
        [path.join(home, '.config'), 'replaced'],
      ]),
    );
    laterStep();
    expect(canaries()).toEqual([]);
  });

  it('is not undone by a background job that writes after the undo: the session ends it first', async () => {
    const before = watched();
    const guard = await startGuard();
    const shell = await startShell();
    await shell.run(
      `(sleep 1; echo "touch $PWD/CANARY-late" >> ${home}/.bashrc) >/dev/null 2>&1 &`,
    );
    await shell.close();
    guard.end();

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(watched()).toEqual(before);
  });

  it('puts back a directory the run made unreadable, and its mode', async () => {
    const before = watched();
    const guard = await startGuard();
    const shell = await startShell();
    await shell.run('echo "Host *" >> ~/.ssh/known_hosts; chmod 000 ~/.ssh');
    await shell.close();

    const undone = guard.end();
    expect(watched()).toEqual(before);
    expect(undone.map((change) => change.change).sort()).toEqual(['mode', 'modified']);
  });

  it('keeps a bounded copy: a huge file, a FIFO and a link to /dev/zero in ~/.ssh are not read', async () => {
    const ssh = path.join(home, '.ssh');
    const huge = path.join(ssh, 'huge');
    // Sparse: 600 MiB that take no disk, and that a copy would hold in memory.
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 600 * 1024 * 1024);
    execFileSync('mkfifo', [path.join(ssh, 'agent.sock')]);
    fs.symlinkSync('/dev/zero', path.join(ssh, 'zero'));
    const memoryBefore = process.memoryUsage().arrayBuffers;

    const guard = await startGuard();
    expect(process.memoryUsage().arrayBuffers - memoryBefore).toBeLessThan(64 * 1024 * 1024);
    const shell = await startShell();
    await shell.run('echo "ProxyCommand evil" >> ~/.ssh/huge');
    await shell.close();

    const undone = guard.end();
    // Too large even to fingerprint by content: the change is found, said, and not hidden.
    expect(undone).toEqual([
      expect.objectContaining({ path: huge, change: 'modified', undone: false }),
    ]);
    expect(describeUndone(undone[0]!)).toMatch(/: changed during the run; NOT put back \(larger/);
    expect(fs.lstatSync(path.join(ssh, 'agent.sock')).isFIFO()).toBe(true);
    expect(fs.readlinkSync(path.join(ssh, 'zero'))).toBe('/dev/zero');
  });
});

describe('FileSnapshot limits', () => {
  it('holds no copy of a file over the cap, and cuts an append to it back off', () => {
    const big = path.join(home, '.ssh', 'authorized_keys');
    write(big, 'k'.repeat(200_000), 0o600);
    const snapshot = FileSnapshot.take([{ base: home, relative: '.ssh' }], {
      maxFileBytes: 64 * 1024,
    });
    expect(snapshot.bytesHeld).toBe(fs.statSync(path.join(home, '.ssh', 'known_hosts')).size);

    fs.appendFileSync(big, 'ssh-ed25519 AAAA attacker\n');
    expect(snapshot.restore()).toEqual([{ path: big, change: 'modified', undone: true }]);
    expect(fs.readFileSync(big, 'utf8')).toBe('k'.repeat(200_000));

    // A change inside it cannot be undone without a copy: said so.
    fs.writeFileSync(big, 'x'.repeat(200_000));
    expect(snapshot.restore()).toEqual([
      expect.objectContaining({ path: big, change: 'modified', undone: false }),
    ]);
  });

  it('says when a directory has more entries than it watches', () => {
    for (let i = 0; i < 30; i += 1) write(path.join(home, '.ssh', `key${i}`), 'k');
    const snapshot = FileSnapshot.take([{ base: home, relative: '.ssh' }], { maxEntries: 10 });
    expect(snapshot.restore()).toEqual([
      expect.objectContaining({
        path: path.join(home, '.ssh'),
        change: 'unwatched',
        undone: false,
      }),
    ]);
  });
});

describe('run()', () => {
  it('undoes the run when it ends by an error mid-run, logs it and puts it in the summary', async () => {
    const before = watched();
    server = await startMessagesServer([
      commands(`grep -c AUTHORIZATION .git/config\n${attack()}`),
      apiError(400, 'invalid_request_error', 'something broke mid-run'),
    ]);
    Object.assign(process.env, runnerEnv, { HOME: home, GITHUB_WORKSPACE: workspace });
    Object.assign(step.inputs, {
      task: 'Plant things',
      'anthropic-api-key': 'sk-ant-api03-guard-test-key-0123456789',
      'anthropic-base-url': server.url,
      'allowed-commands': '*\n> .git/**',
    });

    await run();

    expect(step.outputs.conclusion).toBe('error');
    expect(toolResults(server.requests[1]!.body)[0]!.content).toMatch(/^0\n/);
    expect(watched()).toEqual(before);
    const warning = step.log.find((line) => line.includes('outside the working tree:'));
    expect(warning).toContain(`${path.join(home, '.npmrc')}: created during the run; removed`);
    expect(warning).toContain(`${path.join(commandsDir, 'set_env_1')}: changed during the run`);
    expect(step.summaries.join('')).toContain('[!CAUTION]');
    expect(step.summaries.join('')).toContain('\\.npmrc: created during the run; removed');
    laterStep();
    expect(canaries()).toEqual([]);
  });
});
