import { readlinkSync, statSync } from 'node:fs';

/** A process's working directory as the kernel knows it. */
export interface KernelCwd {
  /** The physical path (symbolic links resolved), without the kernel's ` (deleted)` suffix. */
  path: string;
  /** The same path as the kernel's bytes: a name that is not UTF-8 does not survive `path`. */
  bytes: Buffer;
  /** The directory was removed; the process is still in it, but no path leads there. */
  deleted: boolean;
}

const DELETED = Buffer.from(' (deleted)');

/**
 * The working directory of process `pid`, read from `/proc/<pid>/cwd`: nothing the process prints or
 * sets (`$PWD`, a function, a forged marker) can change what this returns. `undefined` when the
 * process is gone. `previous` itself is returned when the kernel gives the same bytes again (most
 * commands stay where they are), which saves decoding them per command.
 */
export function readKernelCwd(pid: number, previous?: KernelCwd): KernelCwd | undefined {
  const link = `/proc/${pid}/cwd`;
  let target: Buffer;
  try {
    target = readlinkSync(link, { encoding: 'buffer' });
  } catch {
    return undefined;
  }
  const found = (bytes: Buffer, deleted: boolean): KernelCwd => ({
    path: bytes.toString(),
    bytes,
    deleted,
  });
  if (!target.subarray(-DELETED.length).equals(DELETED)) {
    return previous?.deleted === false && previous.bytes.equals(target)
      ? previous
      : found(target, false);
  }
  // The kernel appends the suffix to a removed directory, but a directory may also be named so:
  // it is that directory when the path leads to the same inode the process is in.
  try {
    const here = statSync(link);
    const named = statSync(target);
    if (here.dev === named.dev && here.ino === named.ino) return found(target, false);
  } catch {
    // no such path: removed
  }
  return found(target.subarray(0, -DELETED.length), true);
}
