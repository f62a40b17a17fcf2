import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { channelsOf, findShellProcesses, signalProcesses } from '../src/shell/process-tree.js';

/** Every wait in these tests gives up after this long. */
const WAIT_MS = 5000;

/** A real bash reading commands from its stdin, with the marker in its environment. */
interface TestShell {
  child: ChildProcess;
  pid: number;
  marker: string;
  /** Runs `command` (bash reads it from stdin). */
  send(command: string): void;
  /** The next line bash printed, as a pid. */
  nextPid(): Promise<number>;
}

const started: number[] = [];
const shells: ChildProcess[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) kill(pid);
  for (const child of shells.splice(0)) {
    kill(-child.pid!); // its process group
    kill(child.pid!);
    child.stdin?.destroy();
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
});

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

async function startShell(
  stdio: StdioOptions = ['pipe', 'pipe', 'pipe'],
  args: string[] = [],
): Promise<TestShell> {
  const value = randomBytes(8).toString('hex');
  const child = spawn('bash', ['--noprofile', '--norc', ...args], {
    detached: true,
    stdio,
    env: { ...process.env, BASH_AGENT_SHELL: value },
  });
  shells.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    pid: child.pid!,
    marker: `BASH_AGENT_SHELL=${value}`,
    send: (command) => child.stdin!.write(`${command}\n`),
    nextPid: async () => {
      await waitFor(() => output.includes('\n'), 'a line from bash');
      const line = output.slice(0, output.indexOf('\n'));
      output = output.slice(line.length + 1);
      expect(line).toMatch(/^\d+$/);
      const pid = Number(line);
      started.push(pid);
      return pid;
    },
  };
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function stat(pid: number): { state: string; ppid: number; pgid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, ppid: Number(fields[1]), pgid: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

function running(pid: number): boolean {
  const info = stat(pid);
  return info !== undefined && info.state !== 'Z';
}

function comm(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Whether `ancestor` is on `pid`'s chain of parents. */
function descendsFrom(pid: number, ancestor: number): boolean {
  for (let at = stat(pid)?.ppid; at !== undefined && at > 0; at = stat(at)?.ppid) {
    if (at === ancestor) return true;
  }
  return false;
}

/** Waits until `pid` runs `name` and bash is no longer among its ancestors (the subshell is gone). */
async function waitOrphaned(pid: number, shell: TestShell, name: string): Promise<void> {
  await waitFor(
    () => comm(pid) === name && !descendsFrom(pid, shell.pid),
    `${pid} to run ${name} outside bash's tree`,
  );
}

/** The attacker's daemon has left what the old rules looked for: group, marker and parent. */
function expectEscaped(pid: number, shell: TestShell): void {
  expect(stat(pid)?.pgid).not.toBe(shell.pid);
  expect(readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0')).not.toContain(shell.marker);
  expect(descendsFrom(pid, shell.pid)).toBe(false);
}

describe('channelsOf', () => {
  it("reads the shell's stdio sockets", async () => {
    const shell = await startShell();
    const channels = channelsOf(shell.pid, [0, 1, 2]);
    expect(channels).toHaveLength(3);
    for (const link of channels) expect(link).toMatch(/^socket:\[\d+\]$/);
  });

  it('skips descriptors that are closed and ones that are no pipe or socket (/dev/null)', async () => {
    // A shell that waits (one reading /dev/null would end at once), as one process: a child it
    // forked would be found, rightly, as its descendant, whenever the fork beats the look.
    const shell = await startShell(['ignore', 'pipe', 'pipe'], ['-c', 'exec sleep 30']);
    const channels = channelsOf(shell.pid, [0, 1, 2, 77]);
    expect(channels).toHaveLength(2);
    expect(channelsOf(2 ** 22 + 1, [0, 1])).toEqual([]);
  });
});

describe('findShellProcesses with channels', () => {
  it('finds a daemon that left the group, dropped the marker and was reparented, which the other rules miss', async () => {
    const shell = await startShell();
    const channels = channelsOf(shell.pid, [0, 1, 2]);
    shell.send(`(setsid env -u BASH_AGENT_SHELL sh -c 'echo $$; exec sleep 999' &)`);
    const daemon = await shell.nextPid();
    await waitOrphaned(daemon, shell, 'sleep');
    expectEscaped(daemon, shell);

    expect(findShellProcesses(shell.pid, shell.marker)).not.toContain(daemon);
    const found = findShellProcesses(shell.pid, shell.marker, channels);
    expect(found).toContain(daemon);
    expect(found).toContain(shell.pid);

    signalProcesses(shell.pid, found, 'SIGKILL');
    await waitFor(() => !running(daemon), `${daemon} to be gone`);
    expect(running(shell.pid)).toBe(false);
  });

  it('finds the descendants of a channel holder, though they hold none of the channels', async () => {
    const shell = await startShell();
    const channels = channelsOf(shell.pid, [0, 1, 2]);
    shell.send(
      `(setsid env -u BASH_AGENT_SHELL sh -c 'echo $$; sleep 999 </dev/null >/dev/null 2>&1 & echo $!; wait' &)`,
    );
    const holder = await shell.nextPid();
    const quiet = await shell.nextPid();
    await waitOrphaned(holder, shell, 'sh');
    await waitFor(() => comm(quiet) === 'sleep', `${quiet} to run sleep`);
    expectEscaped(holder, shell);
    expect(channelsOf(quiet, fdsOf(quiet)).filter((link) => channels.includes(link))).toEqual([]);

    const old = findShellProcesses(shell.pid, shell.marker);
    expect(old).not.toContain(holder);
    expect(old).not.toContain(quiet);
    const found = findShellProcesses(shell.pid, shell.marker, channels);
    expect(found).toEqual(expect.arrayContaining([holder, quiet]));

    signalProcesses(shell.pid, found, 'SIGKILL');
    await waitFor(() => !running(holder) && !running(quiet), 'both to be gone');
  });

  it('never includes this process, though it holds the channels given', async () => {
    const shell = await startShell();
    const own = channelsOf(process.pid, fdsOf(process.pid));
    expect(own.length).toBeGreaterThan(0);
    const found = findShellProcesses(shell.pid, shell.marker, own);
    expect(found).not.toContain(process.pid);
    expect(found).toContain(shell.pid);
  });

  it('ignores channel targets that are no pipe or socket', async () => {
    // A shell that waits (one reading /dev/null would end at once), as one process: a child it
    // forked would be found, rightly, as its descendant, whenever the fork beats the look.
    const shell = await startShell(['ignore', 'pipe', 'pipe'], ['-c', 'exec sleep 30']);
    // bash's stdin is /dev/null, open in many processes that are not the shell's.
    expect(findShellProcesses(shell.pid, shell.marker, ['/dev/null'])).toEqual([shell.pid]);
  });
});

function fdsOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/fd`).map(Number);
}
