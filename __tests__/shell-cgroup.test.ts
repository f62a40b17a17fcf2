import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ShellCgroup } from '../src/shell/cgroup.js';
import { channelsOf, findShellProcesses } from '../src/shell/process-tree.js';
import {
  killAfterTest,
  killBareShells,
  startBareShell,
  waitFor,
  type BareShell,
} from '../__fixtures__/bare-shells.js';
import { comm, descendsFrom, fdsOf, procStat, running } from '../__fixtures__/processes.js';

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

const cgroups: ShellCgroup[] = [];
const tmpDirs: string[] = [];

afterEach(() => {
  for (const cgroup of cgroups.splice(0)) cgroup.remove();
  killBareShells();
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function createCgroup(): ShellCgroup {
  const cgroup = ShellCgroup.create();
  expect(cgroup).toBeDefined();
  cgroups.push(cgroup!);
  return cgroup!;
}

/** A real bash reading commands from stdin, moved into `cgroup` before it reads any. */
function startShell(cgroup: ShellCgroup): Promise<BareShell> {
  return startBareShell({
    env: { CG: cgroup.path },
    beforeCommands: (pid) => expect(cgroup.move(pid)).toBe(true),
  });
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
      expect(procStat(daemon)?.pgid).not.toBe(shell.pid);
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
        () => cgroup!.pids().some((pid) => procStat(pid)?.ppid === looper),
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
    killAfterTest(other.pid!);
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
