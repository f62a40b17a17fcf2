import { existsSync, readFileSync } from 'node:fs';
import { ansiCQuote } from './frame.js';

/**
 * Starting bash on another core than the action's main thread, and leaving it free to run anywhere.
 *
 * The action and its shell take turns: the action writes a command to the FIFO, bash runs it and
 * writes its end, the action reads it and prepares the next. A pipe's writer wakes its reader on its
 * own core whenever the scheduler sees no reason to move it, and then the two run on one core while
 * the other is idle: bash preempts the action in the middle of its write, and the action's work after
 * it waits for bash. The kernel keeps a woken thread on the core it last ran on while that core is
 * idle, so a shell that first runs on a core of its own tends to stay there (on 2 cores, 0.88–0.90 of
 * the time per command of a shell started anywhere). Only the start is pinned: the shell widens its
 * own affinity back to the action's before any command runs, so nothing the agent starts is held to
 * one core (the session checks this, and starts a shell without the placement if it failed).
 */

/**
 * `taskset` from util-linux at the paths a system installs it to, never from PATH: a program the
 * agent planted on PATH must not be what starts the next shell.
 */
export const TASKSET_PATHS: readonly string[] = ['/usr/bin/taskset', '/bin/taskset'];

/** How to start the shell on another core, and the line its start-up runs to be free again. */
export interface CpuPlacement {
  /** The launcher and its arguments to put in front of bash's. */
  launcher: string;
  launcherArgs: string[];
  /** A line of the shell's start-up, run before any command: the affinity widened back. */
  release: string;
  /** The affinity every process of the shell must have once `release` ran, as a CPU list. */
  cpus: string;
}

/** Parses a kernel CPU list (`0-3,8,10-11`) into CPU numbers, or undefined when it is not one. */
export function parseCpuList(list: string): number[] | undefined {
  const cpus: number[] = [];
  for (const part of list.trim().split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) return undefined;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (last < first) return undefined;
    for (let cpu = first; cpu <= last; cpu++) cpus.push(cpu);
  }
  return cpus;
}

/** The CPU list a process or thread may run on (`/proc/<id>/status`), as the kernel writes it. */
export function allowedCpuList(statusPath: string): string | undefined {
  try {
    return /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync(statusPath, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** The CPU the calling thread runs on: field 39 of its stat line, after the parenthesised name. */
function currentCpu(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const cpu = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[36]);
    return Number.isInteger(cpu) ? cpu : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The placement for a shell started now: on the allowed CPU after the one this thread is on.
 * Undefined where it cannot help or cannot be done: one allowed CPU, no /proc, no taskset.
 */
export function cpuPlacement(tasksetPaths: readonly string[]): CpuPlacement | undefined {
  const taskset = tasksetPaths.find((candidate) => existsSync(candidate));
  const list = allowedCpuList('/proc/thread-self/status');
  const cpus = list === undefined ? undefined : parseCpuList(list);
  const here = currentCpu();
  if (taskset === undefined || list === undefined || cpus === undefined || cpus.length < 2) {
    return undefined;
  }
  const next = cpus.find((cpu) => here !== undefined && cpu > here) ?? cpus[0]!;
  const other = next === here ? cpus[1]! : next;
  return {
    launcher: taskset,
    launcherArgs: ['-c', String(other)],
    // Before any function of the agent exists, so `$$` and the path are what they say.
    release: `${ansiCQuote(taskset)} -p -c ${list} "$$" >/dev/null 2>&1`,
    cpus: list,
  };
}
