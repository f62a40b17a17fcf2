import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * How the policy learns what a path really names. The check itself is pure over (text, directory,
 * resolver): everything it needs from the file system goes through here, so a decision that never
 * asked may be reused for the same text and directory.
 */
export interface PathResolver {
  /** The path with every symlink in its longest existing prefix resolved (dangling ones too). */
  realPath(path: string): string;
}

/** The resolver over the real file system. */
export const fileSystemResolver: PathResolver = { realPath: (path) => realPath(path) };

function realPath(path: string, depth = 0): string {
  // Resolve symlinks in the longest existing prefix: a link named notes.txt may point into .git/,
  // and a dangling one is followed too, since writing through it creates its target. A missing
  // path is asked about without throwing (a thrown error costs more than the system call); other
  // failures (a loop, a file where a directory should be) move on to the parent, as a miss does.
  let existing = path;
  const rest: string[] = [];
  for (;;) {
    const entry = quietly(() => lstatSync(existing, { throwIfNoEntry: false }));
    const real = entry && quietly(() => realpathSync(existing));
    if (real !== undefined) return rest.length > 0 ? join(real, ...[...rest].reverse()) : real;
    const link =
      entry?.isSymbolicLink() && depth < 16 ? quietly(() => readlinkSync(existing)) : undefined;
    if (link !== undefined) {
      const target = resolve(dirname(existing), link);
      return realPath(rest.length > 0 ? join(target, ...[...rest].reverse()) : target, depth + 1);
    }
    const parent = dirname(existing);
    if (parent === existing) return path;
    rest.push(basename(existing));
    existing = parent;
  }
}

function quietly<T>(look: () => T): T | undefined {
  try {
    return look();
  } catch {
    return undefined;
  }
}
