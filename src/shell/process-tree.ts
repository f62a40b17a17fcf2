import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Finding and killing every process a shell started. A process group catches pipelines and
 * background jobs; `setsid`, `nohup … &` and double-forking daemons leave the group, so processes are
 * also found through the marker variable every one of them inherits, and through their parent links.
 * A daemon can leave the group, drop the marker (`env -u`) and be reparented to init all at once, so
 * a process is also the shell's when it holds one of the shell's channels: the pipes or sockets bash
 * was started with, which every process it starts inherits unless it closes or redirects them. Those
 * are also what a leftover process would keep the action waiting on. Only a cgroup (see cgroup.ts)
 * catches a daemon that does all of this and closes its descriptors too.
 */

interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  zombie: boolean;
}

/** /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses. */
function readStat(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), zombie: fields[0] === 'Z' };
  } catch {
    return undefined; // gone since the directory listing, or not ours to read
  }
}

function listPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return []; // no procfs (not Linux): the process group kill still applies
  }
}

function hasMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker);
  } catch {
    return false;
  }
}

/**
 * Whether a descriptor link names an object private to the session: a pipe or a socket (`pipe:[N]`,
 * `socket:[N]`, by inode). A path such as `/dev/null` (bash's stdin when it is ignored) is open in
 * unrelated processes too, so it never counts as a channel.
 */
function isPrivateChannel(link: string): boolean {
  return /^(?:pipe|socket):\[\d+\]$/.test(link);
}

/**
 * The targets of process `pid`'s descriptors `fds` (`/proc/<pid>/fd/<n>`) that are pipes or sockets,
 * to pass to findShellProcesses. Read once, right after the shell starts: a command may later close
 * or replace the shell's own descriptors (`exec >log`), but what it started before still holds them.
 * Descriptors that are closed or cannot be read are skipped.
 */
export function channelsOf(pid: number, fds: readonly number[]): string[] {
  const links: string[] = [];
  for (const fd of fds) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (isPrivateChannel(link)) links.push(link);
    } catch {
      // closed, or the process is gone
    }
  }
  return links;
}

/** Whether process `pid` has any descriptor open on one of `channels`. */
function holdsChannel(pid: number, channels: ReadonlySet<string>): boolean {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // gone, or another user's
  }
  return fds.some((fd) => {
    try {
      return channels.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      return false; // closed since the listing
    }
  });
}

/**
 * Every live process that belongs to the shell `rootPid`: its process group, its descendants, anything
 * carrying `marker` (a `NAME=value` entry of the environment the shell was started with), anything
 * holding one of `channels` (from channelsOf), and the descendants of all of those. This process is
 * never included: it holds the other ends of the shell's pipes.
 */
export function findShellProcesses(
  rootPid: number,
  marker: string,
  channels: Iterable<string> = [],
): number[] {
  const infos = liveProcesses();
  const tree = descendantsIn(infos);
  const first = [rootPid];
  for (const info of infos) {
    if (info.pgid === rootPid || hasMarker(info.pid, marker)) first.push(info.pid);
  }
  const found = tree(first);
  // Descriptors are the dearest to read (a readlink each), so only of the processes not found yet.
  const wanted = new Set([...channels].filter(isPrivateChannel));
  if (wanted.size > 0) {
    const holders = infos
      .filter((info) => !found.has(info.pid) && holdsChannel(info.pid, wanted))
      .map((info) => info.pid);
    for (const pid of tree(holders)) found.add(pid);
  }
  const live = new Set(infos.map((info) => info.pid));
  return [...found].filter((pid) => live.has(pid));
}

/** Every process but this one and zombies. */
function liveProcesses(): ProcessInfo[] {
  return listPids()
    .filter((pid) => pid !== process.pid)
    .map(readStat)
    .filter((info): info is ProcessInfo => info !== undefined && !info.zombie);
}

/** A function from some pids to them and all their descendants among `infos`. */
function descendantsIn(infos: readonly ProcessInfo[]): (start: readonly number[]) => Set<number> {
  const children = new Map<number, number[]>();
  for (const info of infos) {
    const list = children.get(info.ppid) ?? [];
    list.push(info.pid);
    children.set(info.ppid, list);
  }
  return (start) => {
    const found = new Set<number>();
    const queue = [...start];
    while (queue.length > 0) {
      const pid = queue.pop()!;
      if (found.has(pid)) continue;
      found.add(pid);
      queue.push(...(children.get(pid) ?? []));
    }
    return found;
  };
}

/**
 * Every live process carrying `marker` (a `NAME=value` entry of its environment), and their
 * descendants: what is left of a shell whose own pid and channels are no longer known (the post step
 * of a killed run). This process is never included.
 */
export function findMarkedProcesses(marker: string): number[] {
  const infos = liveProcesses();
  const marked = infos.filter((info) => hasMarker(info.pid, marker)).map((info) => info.pid);
  return [...descendantsIn(infos)(marked)];
}

/**
 * Sends `signal` to the process group, and to each of `pids` that has left it. A member of the group
 * must not get the signal twice: a second SIGTERM would run its `trap … TERM` handler a second time.
 */
export function signalProcesses(
  pgid: number,
  pids: readonly number[],
  signal: NodeJS.Signals,
): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is empty already
  }
  for (const pid of pids) {
    if (readStat(pid)?.pgid === pgid) continue;
    try {
      process.kill(pid, signal);
    } catch {
      // exited in the meantime
    }
  }
}

/** Whether any of `pids` is still running (zombies awaiting their reaper don't count). */
export function anyAlive(pids: readonly number[]): boolean {
  return pids.some((pid) => {
    const info = readStat(pid);
    return info !== undefined && !info.zombie;
  });
}
