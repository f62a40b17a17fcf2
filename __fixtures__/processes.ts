/** Looking for processes by their command line, as a test of what a killed session left running. */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Processes whose command line (arguments joined by NUL, as /proc shows them) holds `marker`:
 * `sleep\0 30.123` finds `sleep 30.123` and nothing that merely mentions it in one argument.
 */
export function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(marker);
      } catch {
        return false; // gone since the listing
      }
    })
    .map(Number);
}

/** A process's state, parent and process group, from /proc; undefined once it is gone. */
export function procStat(pid: number): { state: string; ppid: number; pgid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, ppid: Number(fields[1]), pgid: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** Whether `pid` exists and is not a zombie. */
export function running(pid: number): boolean {
  const info = procStat(pid);
  return info !== undefined && info.state !== 'Z';
}

/** The name `pid` runs under, or undefined once it is gone. */
export function comm(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Whether `ancestor` is on `pid`'s chain of parents. */
export function descendsFrom(pid: number, ancestor: number): boolean {
  for (let at = procStat(pid)?.ppid; at !== undefined && at > 0; at = procStat(at)?.ppid) {
    if (at === ancestor) return true;
  }
  return false;
}

/** The descriptors `pid` holds open. */
export function fdsOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/fd`).map(Number);
}
