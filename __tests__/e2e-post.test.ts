/**
 * The bundled action killed the way the runner kills a step that did not honour its cancel (SIGKILL,
 * which nothing can catch) while a command runs, then its post step (`runs.post`) run the way the
 * runner runs it: with the main step's saved state as `STATE_<name>`. What the kill left behind is
 * checked first, so the test shows the post step is what puts it right. Runs on dist/: `npm run
 * bundle` first after changes.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import { commands, final } from '../__fixtures__/messages.js';
import { processesWith } from '../__fixtures__/processes.js';
import { POST_ENTRY, postStepEnvironment, runBundle } from '../__fixtures__/runner.js';
import { processIdentity, writeCarrier } from '../src/run/clean-start.js';

const KEY = 'sk-ant-api03-Post0step0key000000000000000000000000';
const TOKEN = 'ghs_postStepToken0000000000000000000000000';
const BASIC = Buffer.from(`x-access-token:${TOKEN}`, 'utf8').toString('base64');
const HEADER_KEY = 'http.https://github.com/.extraheader';
/** Unique arguments, so the test finds exactly the processes its own run started. */
const DAEMON = `${process.pid}.101`;
const FOREGROUND = `${process.pid}.202`;

const runs = useBundleRuns();

beforeAll(() => {
  if (!existsSync(POST_ENTRY)) throw new Error(`${POST_ENTRY} is missing: run \`npm run bundle\``);
});

afterEach(() => {
  for (const pid of [...processesWith(DAEMON), ...processesWith(FOREGROUND)]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 30_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A carrier as a process leaves it when it is killed between writing it and its re-execution. */
async function carrierOfAKilledProcess(): Promise<string> {
  const child = spawn('sleep', ['30']);
  await new Promise((resolve) => child.once('spawn', resolve));
  const identity = processIdentity(`/proc/${child.pid}/stat`)!;
  const file = writeCarrier({ 'INPUT_GITHUB-TOKEN': TOKEN }, identity);
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  return file;
}

describe('the post step after a SIGKILL of the main step', () => {
  it('puts the credential back byte for byte, ends the shell’s processes and removes dead carriers', async () => {
    // A daemon that leaves the process group and the action's descriptors, and a command in the
    // foreground, both of the shell.
    const server = await runs.messages([
      commands(`(setsid sleep ${DAEMON} >/dev/null 2>&1 &); sleep ${FOREGROUND}`),
      final('never reached'),
    ]);
    const runner = runs.runner(
      {
        task: 'Run it.',
        'anthropic-api-key': KEY,
        'github-token': TOKEN,
        'allowed-commands': '*',
        'time-limit': '5m',
        'command-timeout': '10m',
      },
      { ANTHROPIC_BASE_URL: server.url },
    );
    const fileCommands = path.join(runner.env.RUNNER_TEMP!, '_runner_file_commands');
    mkdirSync(fileCommands);
    runner.env.GITHUB_STATE = path.join(fileCommands, 'save_state_1');
    writeFileSync(runner.env.GITHUB_STATE, '');
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: runner.workspace, env: { ...runner.env } });
    git('init', '-q', '-b', 'main');
    git('config', HEADER_KEY, `AUTHORIZATION: basic ${BASIC}`);
    const configFile = path.join(runner.workspace, '.git', 'config');
    const before = readFileSync(configFile);

    let pid = 0;
    const main = runBundle(runner.env, runner.workspace, {
      onSpawn: (spawned) => (pid = spawned),
      timeoutMs: 60_000,
    });
    await until(
      () => processesWith(FOREGROUND).length > 0 && processesWith(DAEMON).length > 0,
      'the command to run',
    );
    process.kill(pid, 'SIGKILL');
    const killed = await main;
    expect(killed.code).toBeNull();
    // What the kill left: the credential out of the file, the shell's processes running.
    expect(readFileSync(configFile, 'latin1')).not.toContain(BASIC);
    expect(processesWith(FOREGROUND).length).toBeGreaterThan(0);
    expect(processesWith(DAEMON).length).toBeGreaterThan(0);
    // The state file holds the record sealed: the credential is not readable in it.
    const state = readFileSync(runner.env.GITHUB_STATE, 'utf8');
    expect(state).not.toContain(BASIC);
    expect(state).not.toContain(TOKEN);
    const staleCarrier = await carrierOfAKilledProcess();

    const post = await runBundle(postStepEnvironment(runner.env), runner.workspace, {
      entry: POST_ENTRY,
      timeoutMs: 30_000,
    });

    expect(post.code).toBe(0);
    expect(readFileSync(configFile).equals(before)).toBe(true);
    expect(processesWith(FOREGROUND)).toEqual([]);
    expect(processesWith(DAEMON)).toEqual([]);
    expect(existsSync(path.dirname(staleCarrier))).toBe(false);
    // No carrier of a dead process is left where carriers go, whoever made it.
    const parent = path.dirname(path.dirname(staleCarrier));
    const dead = readdirSync(parent)
      .map((name) => /^bash-agent-env-(\d+)-(\d+)-/.exec(name))
      .filter((match) => match !== null)
      .filter(([, p, start]) => processIdentity(`/proc/${p}/stat`) !== `${p}:${start}`);
    expect(dead).toEqual([]);
    expect(post.stdout).toMatch(/Put the checkout's credential back in .*\.git\/config/);
    expect(post.stdout).not.toContain(BASIC);
  }, 90_000);

  it('after a main step that ended normally, changes nothing', async () => {
    const server = await runs.messages([commands('echo hi'), final('Done.')]);
    const runner = runs.runner(
      { task: 'Say hi.', 'anthropic-api-key': KEY, 'github-token': TOKEN, 'allowed-commands': '*' },
      { ANTHROPIC_BASE_URL: server.url },
    );
    runner.env.GITHUB_STATE = path.join(runner.root, 'state.txt');
    writeFileSync(runner.env.GITHUB_STATE, '');
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: runner.workspace });
    execFileSync('git', ['config', HEADER_KEY, `AUTHORIZATION: basic ${BASIC}`], {
      cwd: runner.workspace,
    });
    const configFile = path.join(runner.workspace, '.git', 'config');
    const before = readFileSync(configFile);
    const main = await runBundle(runner.env, runner.workspace);
    expect(main.outputs.conclusion).toBe('success');
    // A later step's own edit, which a post step that put back blindly would undo.
    execFileSync('git', ['config', 'user.name', 'a later step'], { cwd: runner.workspace });
    const edited = readFileSync(configFile);
    expect(edited.equals(before)).toBe(false);

    const post = await runBundle(postStepEnvironment(runner.env), runner.workspace, {
      entry: POST_ENTRY,
    });

    expect(post.code).toBe(0);
    expect(readFileSync(configFile).equals(edited)).toBe(true);
    expect(post.stdout).not.toMatch(/credential back|Ended \d+ process/);
  }, 60_000);
});
