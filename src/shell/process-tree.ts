import { readdirSync, readFileSync } from 'node:fs';

/**
 * Finding and killing every process a shell started. A process group catches pipelines and
 * background jobs; `setsid`, `nohup … &` and double-forking daemons leave the group, so processes are
 * also found through the marker variable every one of them inherits, and through their parent links.
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
 * Every live process that belongs to the shell `rootPid`: its process group, its descendants, and
 * anything carrying `marker` (a `NAME=value` entry of the environment the shell was started with).
 */
export function findShellProcesses(rootPid: number, marker: string): number[] {
  const infos = listPids()
    .filter((pid) => pid !== process.pid)
    .map(readStat)
    .filter((info): info is ProcessInfo => info !== undefined && !info.zombie);
  const children = new Map<number, number[]>();
  for (const info of infos) {
    const list = children.get(info.ppid) ?? [];
    list.push(info.pid);
    children.set(info.ppid, list);
  }
  const found = new Set<number>();
  const queue = [rootPid];
  for (const info of infos) {
    if (info.pgid === rootPid || hasMarker(info.pid, marker)) queue.push(info.pid);
  }
  while (queue.length > 0) {
    const pid = queue.pop()!;
    if (found.has(pid)) continue;
    found.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  const live = new Set(infos.map((info) => info.pid));
  return [...found].filter((pid) => live.has(pid));
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
