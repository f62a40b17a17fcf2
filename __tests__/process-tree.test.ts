import { afterEach, describe, expect, it } from '@jest/globals';
import type { StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { channelsOf, findShellProcesses, signalProcesses } from '../src/shell/process-tree.js';
import {
  killBareShells,
  startBareShell,
  waitFor,
  type BareShell,
} from '../__fixtures__/bare-shells.js';
import { comm, descendsFrom, fdsOf, procStat, running } from '../__fixtures__/processes.js';

afterEach(killBareShells);

function startShell(stdio?: StdioOptions, args?: string[]): Promise<BareShell> {
  return startBareShell({ stdio, args });
}

/** Waits until `pid` runs `name` and bash is no longer among its ancestors (the subshell is gone). */
async function waitOrphaned(pid: number, shell: BareShell, name: string): Promise<void> {
  await waitFor(
    () => comm(pid) === name && !descendsFrom(pid, shell.pid),
    `${pid} to run ${name} outside bash's tree`,
  );
}

/** The attacker's daemon has left what the old rules looked for: group, marker and parent. */
function expectEscaped(pid: number, shell: BareShell): void {
  expect(procStat(pid)?.pgid).not.toBe(shell.pid);
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
