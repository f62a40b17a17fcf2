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
  // and a dangling one is followed too, since writing through it creates its target.
  let existing = path;
  const rest: string[] = [];
  for (;;) {
    try {
      const real = realpathSync(existing);
      return rest.length > 0 ? join(real, ...rest.reverse()) : real;
    } catch {
      const target = depth < 16 ? danglingLinkTarget(existing) : undefined;
      if (target !== undefined) {
        return realPath(rest.length > 0 ? join(target, ...[...rest].reverse()) : target, depth + 1);
      }
      const parent = dirname(existing);
      if (parent === existing) return path;
      rest.push(basename(existing));
      existing = parent;
    }
  }
}

function danglingLinkTarget(path: string): string | undefined {
  try {
    if (!lstatSync(path).isSymbolicLink()) return undefined;
    return resolve(dirname(path), readlinkSync(path));
  } catch {
    return undefined;
  }
}
