import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ShellCgroup } from '../src/shell/cgroup.js';
import { channelsOf, findShellProcesses } from '../src/shell/process-tree.js';

/** Every wait in these tests gives up after this long. */
const WAIT_MS = 5000;

/**
 * Where a cgroup must be available: as root with a writable cgroup v2 mount (at /sys/fs/cgroup, or
 * at /sys/fs/cgroup/unified on a hybrid v1/v2 system such as this test machine). Elsewhere (GitHub's
 * hosted runners run tests as `runner`) the tests that need one are skipped, and say so in their name.
 */
const cgroupExpected =
  process.getuid?.() === 0 &&
  readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .some((line) => / - cgroup2 /.test(line) && line.split(' ')[5]?.split(',').includes('rw'));
const SKIPPED = ' (skipped: needs root and a writable cgroup v2 mount)';
/** A test that needs a cgroup: skipped, with the reason in its name, where none can be had. */
function itWithCgroup(name: string, test: () => Promise<void> | void): void {
  if (cgroupExpected) it(name, test);
  else it.skip(name + SKIPPED, test);
}

interface TestShell {
  child: ChildProcess;
  pid: number;
  marker: string;
  send(command: string): void;
  nextPid(): Promise<number>;
}

const started: number[] = [];
const shells: ChildProcess[] = [];
const cgroups: ShellCgroup[] = [];
const tmpDirs: string[] = [];

afterEach(() => {
  for (const cgroup of cgroups.splice(0)) cgroup.remove();
  for (const pid of started.splice(0)) kill(pid);
  for (const child of shells.splice(0)) {
    kill(-child.pid!);
    kill(child.pid!);
    child.stdin?.destroy();
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

function createCgroup(): ShellCgroup {
  const cgroup = ShellCgroup.create();
  expect(cgroup).toBeDefined();
  cgroups.push(cgroup!);
  return cgroup!;
}

/** A real bash reading commands from stdin, moved into `cgroup` before it reads any. */
async function startShell(cgroup: ShellCgroup): Promise<TestShell> {
  const value = randomBytes(8).toString('hex');
  const child = spawn('bash', ['--noprofile', '--norc'], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, BASH_AGENT_SHELL: value, CG: cgroup.path },
  });
  shells.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  expect(cgroup.move(child.pid!)).toBe(true);
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

function descendsFrom(pid: number, ancestor: number): boolean {
  for (let at = stat(pid)?.ppid; at !== undefined && at > 0; at = stat(at)?.ppid) {
    if (at === ancestor) return true;
  }
  return false;
}

function fdsOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/fd`).map(Number);
}

describe('ShellCgroup', () => {
  itWithCgroup('is available as root with a writable cgroup v2 mount, below our own cgroup', () => {
    const cgroup = createCgroup();
    const own = /^0::(.*)$/m.exec(readFileSync('/proc/self/cgroup', 'utf8'))![1]!;
    expect(path.dirname(cgroup.path).endsWith(own === '/' ? '' : own)).toBe(true);
    expect(path.basename(cgroup.path)).toMatch(/^bash-agent-[0-9a-f]+$/);
    expect(existsSync(path.join(cgroup.path, 'cgroup.procs'))).toBe(true);
    expect(cgroup.pids()).toEqual([]);
  });

  itWithCgroup(
    'finds and kills the daemon that closed every descriptor, which the channels miss',
    async () => {
      const cgroup = createCgroup();
      const shell = await startShell(cgroup);
      const channels = channelsOf(shell.pid, [0, 1, 2]);
      expect(channels).toHaveLength(3);
      shell.send(
        `(setsid env -u BASH_AGENT_SHELL sh -c 'echo $$; exec sleep 999 </dev/null >/dev/null 2>&1' &)`,
      );
      const daemon = await shell.nextPid();
      await waitFor(
        () => comm(daemon) === 'sleep' && !descendsFrom(daemon, shell.pid),
        `${daemon} to run sleep outside bash's tree`,
      );
      expect(stat(daemon)?.pgid).not.toBe(shell.pid);
      expect(readFileSync(`/proc/${daemon}/environ`, 'latin1')).not.toContain(shell.marker);
      expect(channelsOf(daemon, fdsOf(daemon)).filter((link) => channels.includes(link))).toEqual(
        [],
      );
      expect(findShellProcesses(shell.pid, shell.marker, channels)).not.toContain(daemon);

      expect(cgroup.pids()).toEqual(expect.arrayContaining([shell.pid, daemon]));
      cgroup.kill();
      await waitFor(() => !running(daemon) && !running(shell.pid), 'the cgroup to be killed');
      expect(cgroup.remove()).toBe(true);
      expect(existsSync(cgroup.path)).toBe(false);
    },
  );

  itWithCgroup(
    'kills a member that keeps forking, also without cgroup.kill (before 5.14)',
    async () => {
      const cgroup = ShellCgroup.create({ killFile: false });
      expect(cgroup).toBeDefined();
      cgroups.push(cgroup!);
      const shell = await startShell(cgroup!);
      shell.send(
        `(setsid env -u BASH_AGENT_SHELL sh -c 'echo $$; exec </dev/null >/dev/null 2>&1; while :; do sleep 0.01; done' &)`,
      );
      const looper = await shell.nextPid();
      await waitFor(
        () => cgroup!.pids().some((pid) => stat(pid)?.ppid === looper),
        `${looper} to fork`,
      );
      const members = cgroup!.pids();
      expect(members).toEqual(expect.arrayContaining([shell.pid, looper]));
      cgroup!.kill();
      expect(cgroup!.pids()).toEqual([]);
      for (const pid of members) await waitFor(() => !running(pid), `${pid} to be gone`);
      expect(cgroup!.remove()).toBe(true);
      expect(existsSync(cgroup!.path)).toBe(false);
    },
  );

  itWithCgroup(
    'remove leaves no directory behind, also with a cgroup a member made below it',
    async () => {
      const cgroup = createCgroup();
      const shell = await startShell(cgroup);
      shell.send(
        `mkdir "$CG/inner" && (setsid sh -c 'echo $$ > "$CG/inner/cgroup.procs" && echo $$ && exec sleep 999' &)`,
      );
      const nested = await shell.nextPid();
      await waitFor(() => comm(nested) === 'sleep', `${nested} to run sleep`);
      expect(readFileSync(`/proc/${nested}/cgroup`, 'utf8')).toMatch(/^0::.*\/inner$/m);
      expect(cgroup.pids()).toEqual(expect.arrayContaining([shell.pid, nested]));
      expect(cgroup.remove()).toBe(true);
      expect(existsSync(cgroup.path)).toBe(false);
      await waitFor(() => !running(nested) && !running(shell.pid), 'the members to be gone');
    },
  );

  itWithCgroup('never moves, lists or kills this process', () => {
    const cgroup = createCgroup();
    expect(cgroup.move(process.pid)).toBe(false);
    expect(cgroup.pids()).not.toContain(process.pid);
    expect(readFileSync('/proc/self/cgroup', 'utf8')).not.toContain(path.basename(cgroup.path));
  });

  itWithCgroup('is harmless once removed: remove again, kill, pids, move', async () => {
    const cgroup = createCgroup();
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    started.push(other.pid!);
    await new Promise((resolve) => other.once('spawn', resolve));
    expect(cgroup.remove()).toBe(true);
    expect(existsSync(cgroup.path)).toBe(false);
    expect(cgroup.remove()).toBe(true);
    expect(() => cgroup.kill()).not.toThrow();
    expect(cgroup.pids()).toEqual([]);
    expect(cgroup.move(other.pid!)).toBe(false);
    expect(readFileSync(`/proc/${other.pid}/cgroup`, 'utf8')).not.toContain(cgroup.path);
  });

  it('is unavailable in a directory that is no cgroup, and leaves nothing there', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cgroup-test-'));
    tmpDirs.push(dir);
    expect(ShellCgroup.create({ under: dir })).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
    expect(ShellCgroup.create({ under: path.join(dir, 'missing') })).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });
});
