/**
 * A bounded copy of chosen files and directories, and the way back to it. Taking the copy never
 * follows a symbolic link and never opens anything but a regular file, so a link planted towards
 * `/dev/zero` or a FIFO cannot hang it; sizes and counts are capped, so a huge file or a directory of
 * millions of entries cannot exhaust memory. Putting it back removes what was created, writes back
 * what was changed or removed (content and mode), and replaces by a fresh file anything whose type
 * changed, without ever writing through a link: a restored file is a new file renamed into place.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { messageOf } from '../base/errors.js';

export interface SnapshotLimits {
  /** Largest file kept whole; a larger one is only fingerprinted. */
  maxFileBytes: number;
  /** Most bytes kept over all files. */
  maxTotalBytes: number;
  /**
   * Largest file fingerprinted by its content (which lets an append be cut off again); a larger one
   * by its inode's size and times only, so a directory of big binaries is not read at all.
   */
  maxHashBytes: number;
  /** Most entries recorded over all places. */
  maxEntries: number;
  /** Deepest directory level recorded below a place. */
  maxDepth: number;
}

export const DEFAULT_SNAPSHOT_LIMITS: Readonly<SnapshotLimits> = {
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  maxHashBytes: 16 * 1024 * 1024,
  maxEntries: 20_000,
  maxDepth: 8,
};

/** A place to watch: `relative` below `base`, a directory trusted to stay where it is. */
export interface WatchedPlace {
  base: string;
  relative: string;
}

/** One thing put back, or found changed and not put back. */
export interface UndoneChange {
  path: string;
  /** What the run did there; `unwatched`: a directory too large to have been recorded. */
  change: 'created' | 'modified' | 'removed' | 'mode' | 'replaced' | 'unwatched';
  /** False when it could not be put back (too large to have been copied, or an error). */
  undone: boolean;
  reason?: string;
}

type Entry =
  | { kind: 'absent' }
  | { kind: 'file'; mode: number; content: Buffer; expected?: { content: Buffer; mode: number } }
  | {
      kind: 'large-file';
      mode: number;
      size: number;
      /** Inode, modification and change time: any write moves the change time, which no call sets back. */
      inode: string;
      sha256: string | undefined;
    }
  | {
      kind: 'directory';
      mode: number;
      /** Undefined when the children are not watched (an ancestor, or see `unwatched`). */
      children: Map<string, Entry> | undefined;
      /** Why the children of a watched directory could not be recorded. */
      unwatched?: string;
    }
  | { kind: 'symlink'; target: string }
  /** Sockets, FIFOs, devices: never opened, left as they are. */
  | { kind: 'special' };

interface Root {
  path: string;
  /** The directories between the base and the place, outermost first. */
  ancestors: Array<{ path: string; entry: Entry }>;
  entry: Entry;
}

const MODE_BITS = 0o7777;
const READ_CHUNK = 1024 * 1024;

function lstat(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * Opens a regular file for reading without following a link and without blocking on a FIFO that was
 * swapped in after the lstat; anything else is refused.
 */
function openRegular(file: string): number {
  const fd = fs.openSync(
    file,
    fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK,
  );
  if (!fs.fstatSync(fd).isFile()) {
    fs.closeSync(fd);
    throw new Error(`${file} is not a regular file`);
  }
  return fd;
}

/** At most `max` bytes from the start of a regular file. */
function readHead(file: string, max: number): Buffer {
  const fd = openRegular(file);
  try {
    // Sized by the file, not by the cap: a cap-sized buffer per file made a directory of small
    // files cost a megabyte each. One byte more shows a file still growing.
    let buffer = Buffer.allocUnsafe(Math.min(max, fs.fstatSync(fd).size + 1));
    let length = 0;
    while (length < max) {
      if (length === buffer.length) {
        const larger = Buffer.allocUnsafe(Math.min(max, buffer.length * 2));
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      const read = fs.readSync(fd, buffer, length, buffer.length - length, length);
      if (read === 0) break;
      length += read;
    }
    return buffer.subarray(0, length);
  } finally {
    fs.closeSync(fd);
  }
}

function readOrUndefined(file: string, max: number): Buffer | undefined {
  try {
    return readHead(file, max);
  } catch {
    return undefined;
  }
}

/** SHA-256 of the first `bytes` bytes of a regular file, read in chunks so memory stays flat. */
function hashHead(file: string, bytes: number): string {
  const fd = openRegular(file);
  try {
    const hash = createHash('sha256');
    const chunk = Buffer.alloc(Math.min(READ_CHUNK, Math.max(1, bytes)));
    let offset = 0;
    while (offset < bytes) {
      const read = fs.readSync(fd, chunk, 0, Math.min(chunk.length, bytes - offset), offset);
      if (read === 0) break;
      hash.update(chunk.subarray(0, read));
      offset += read;
    }
    return hash.digest('hex');
  } finally {
    fs.closeSync(fd);
  }
}

function inodeOf(stat: fs.Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

/** Removes a file, link or whole directory tree; links are removed, never followed. */
function removeTree(file: string): void {
  const stat = lstat(file);
  if (!stat) return;
  if (stat.isDirectory()) {
    // A directory the run made unreadable or unwritable must still be emptied.
    if ((stat.mode & 0o700) !== 0o700) fs.chmodSync(file, stat.mode | 0o700);
    for (const name of fs.readdirSync(file)) removeTree(path.join(file, name));
    fs.rmdirSync(file);
  } else {
    fs.unlinkSync(file);
  }
}

/** Puts `content` at `file` as a new file with exactly `mode`, whatever stood there. */
function writeFresh(file: string, content: Buffer, mode: number): void {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.restore`,
  );
  const fd = fs.openSync(
    temporary,
    fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW,
    0o600,
  );
  try {
    fs.writeSync(fd, content);
    // The umask must not decide the mode of a restored file.
    fs.fchmodSync(fd, mode);
  } finally {
    fs.closeSync(fd);
  }
  const stat = lstat(file);
  if (stat?.isDirectory()) removeTree(file);
  fs.renameSync(temporary, file);
}

/** A copy of files and directories taken now, to be put back with `restore`. */
export class FileSnapshot {
  readonly #roots: Root[];
  readonly #limits: SnapshotLimits;
  #entries = 0;
  #bytesHeld = 0;

  private constructor(limits: SnapshotLimits) {
    this.#roots = [];
    this.#limits = limits;
  }

  /** Records every place; a place inside another one is recorded once, as part of the outer one. */
  static take(places: readonly WatchedPlace[], limits: Partial<SnapshotLimits> = {}): FileSnapshot {
    const snapshot = new FileSnapshot({ ...DEFAULT_SNAPSHOT_LIMITS, ...limits });
    const resolved = places.map((place) => ({
      base: path.resolve(place.base),
      full: path.resolve(place.base, place.relative),
    }));
    const unique = resolved.filter(
      (place, index) =>
        !resolved.some(
          (other, otherIndex) =>
            (other.full === place.full && otherIndex < index) ||
            place.full.startsWith(`${other.full}${path.sep}`),
        ),
    );
    for (const place of unique) snapshot.#roots.push(snapshot.#recordRoot(place.base, place.full));
    return snapshot;
  }

  /** Bytes of file content the snapshot holds in memory. */
  get bytesHeld(): number {
    return this.#bytesHeld;
  }

  /** Whether the snapshot holds a whole copy of `file`, so that it can be written back exactly. */
  holdsCopyOf(file: string): boolean {
    return this.#find(path.resolve(file))?.kind === 'file';
  }

  /** The content recorded for `file`, when the snapshot holds a whole copy of it. */
  contentOf(file: string): Buffer | undefined {
    const entry = this.#find(path.resolve(file));
    return entry?.kind === 'file' ? entry.content : undefined;
  }

  /**
   * Declares the current content of a recorded file to be the action's own doing (a credential it took
   * out): `restore` still writes back the recorded content but does not report this state as a change.
   */
  markOwnEdit(file: string): void {
    const entry = this.#find(path.resolve(file));
    if (entry?.kind !== 'file') throw new Error(`${file} is not a recorded file`);
    const stat = fs.lstatSync(file);
    entry.expected = {
      content: readHead(file, this.#limits.maxFileBytes + 1),
      mode: stat.mode & MODE_BITS,
    };
  }

  /** Puts every place back as recorded and says what was changed there. */
  restore(): UndoneChange[] {
    const changes: UndoneChange[] = [];
    for (const root of this.#roots) {
      try {
        for (const ancestor of root.ancestors) this.#restoreAncestor(ancestor, changes);
      } catch (error) {
        changes.push({
          path: root.path,
          change: 'replaced',
          undone: false,
          reason: messageOf(error),
        });
        continue;
      }
      this.#restoreEntry(root.path, root.entry, changes);
    }
    return changes;
  }

  #find(file: string): Entry | undefined {
    for (const root of this.#roots) {
      if (root.path === file) return root.entry;
      if (!file.startsWith(`${root.path}${path.sep}`)) continue;
      let entry: Entry | undefined = root.entry;
      for (const name of path.relative(root.path, file).split(path.sep)) {
        entry = entry?.kind === 'directory' ? entry.children?.get(name) : undefined;
      }
      return entry;
    }
    return undefined;
  }

  #recordRoot(base: string, full: string): Root {
    const ancestors: Root['ancestors'] = [];
    const parts = path.relative(base, full).split(path.sep).slice(0, -1);
    let current = base;
    for (const part of parts) {
      current = path.join(current, part);
      ancestors.push({ path: current, entry: this.#record(current, 0, true) });
    }
    return { path: full, ancestors, entry: this.#record(full, 0) };
  }

  /** `shallow`: a directory's children are not recorded (an ancestor of a place). */
  #record(file: string, depth: number, shallow = false): Entry {
    const stat = lstat(file);
    if (!stat) return { kind: 'absent' };
    this.#entries += 1;
    const mode = stat.mode & MODE_BITS;
    if (stat.isSymbolicLink()) return { kind: 'symlink', target: fs.readlinkSync(file) };
    if (stat.isFile()) return this.#recordFile(file, stat);
    if (!stat.isDirectory()) return { kind: 'special' };
    if (shallow) return { kind: 'directory', mode, children: undefined };
    if (depth >= this.#limits.maxDepth) {
      const unwatched = `more than ${this.#limits.maxDepth} levels deep when the run began`;
      return { kind: 'directory', mode, children: undefined, unwatched };
    }
    let names: string[];
    try {
      names = fs.readdirSync(file).sort();
    } catch {
      // Unreadable before the run began (mode 000): its changes cannot be told, and that is said.
      const unwatched = 'unreadable when the run began';
      return { kind: 'directory', mode, children: undefined, unwatched };
    }
    const children = new Map<string, Entry>();
    for (const name of names) {
      if (this.#entries >= this.#limits.maxEntries) {
        const unwatched = `more than ${this.#limits.maxEntries} entries when the run began`;
        return { kind: 'directory', mode, children: undefined, unwatched };
      }
      children.set(name, this.#record(path.join(file, name), depth + 1));
    }
    return { kind: 'directory', mode, children };
  }

  #recordFile(file: string, stat: fs.Stats): Entry {
    const mode = stat.mode & MODE_BITS;
    const fits =
      stat.size <= this.#limits.maxFileBytes &&
      this.#bytesHeld + stat.size <= this.#limits.maxTotalBytes;
    const fingerprint = {
      kind: 'large-file' as const,
      mode,
      size: stat.size,
      inode: inodeOf(stat),
    };
    try {
      if (fits) {
        // One byte more than the cap shows a file that grew between the lstat and the read.
        const content = readHead(file, this.#limits.maxFileBytes + 1);
        if (content.length <= this.#limits.maxFileBytes) {
          this.#bytesHeld += content.length;
          return { kind: 'file', mode, content: Buffer.from(content) };
        }
      }
      const sha256 = stat.size <= this.#limits.maxHashBytes ? hashHead(file, stat.size) : undefined;
      return { ...fingerprint, sha256 };
    } catch {
      // Unreadable (mode 000) or swapped for something else since the lstat: size and inode only.
      return { ...fingerprint, sha256: undefined };
    }
  }

  #restoreAncestor(ancestor: Root['ancestors'][number], changes: UndoneChange[]): void {
    const stat = lstat(ancestor.path);
    const entry = ancestor.entry;
    // Only a changed type matters here: an ancestor's own files are not watched, but a directory
    // swapped for a link would make everything below it land somewhere else.
    if (entry.kind === 'directory' && stat?.isDirectory()) return;
    if (entry.kind === 'absent' && (stat === undefined || stat.isDirectory())) return;
    if (entry.kind === 'symlink' && stat?.isSymbolicLink()) {
      if (fs.readlinkSync(ancestor.path) === entry.target) return;
    }
    if (entry.kind !== 'directory' && entry.kind !== 'symlink' && entry.kind !== 'absent') return;
    this.#attempt(ancestor.path, stat ? 'replaced' : 'removed', changes, () => {
      removeTree(ancestor.path);
      if (entry.kind === 'directory') fs.mkdirSync(ancestor.path, { mode: entry.mode });
      if (entry.kind === 'symlink') fs.symlinkSync(entry.target, ancestor.path);
    });
  }

  #attempt(
    file: string,
    change: UndoneChange['change'],
    changes: UndoneChange[],
    work: () => void,
  ): void {
    try {
      work();
      changes.push({ path: file, change, undone: true });
    } catch (error) {
      changes.push({
        path: file,
        change,
        undone: false,
        reason: messageOf(error),
      });
    }
  }

  #restoreEntry(file: string, entry: Entry, changes: UndoneChange[]): void {
    try {
      this.#restoreKind(file, entry, changes);
    } catch (error) {
      // One place that cannot be read must not stop the others from being put back.
      changes.push({
        path: file,
        change: 'modified',
        undone: false,
        reason: messageOf(error),
      });
    }
  }

  #restoreKind(file: string, entry: Entry, changes: UndoneChange[]): void {
    const stat = lstat(file);
    switch (entry.kind) {
      case 'absent':
        if (stat) this.#attempt(file, 'created', changes, () => removeTree(file));
        return;
      case 'special':
        return;
      case 'symlink': {
        if (stat?.isSymbolicLink() && fs.readlinkSync(file) === entry.target) return;
        this.#attempt(file, stat ? 'replaced' : 'removed', changes, () => {
          removeTree(file);
          fs.symlinkSync(entry.target, file);
        });
        return;
      }
      case 'file':
        this.#restoreFile(file, entry, stat, changes);
        return;
      case 'large-file':
        this.#restoreLargeFile(file, entry, stat, changes);
        return;
      case 'directory':
        this.#restoreDirectory(file, entry, stat, changes);
        return;
    }
  }

  #restoreFile(
    file: string,
    entry: Extract<Entry, { kind: 'file' }>,
    stat: fs.Stats | undefined,
    changes: UndoneChange[],
  ): void {
    if (!stat?.isFile()) {
      this.#attempt(file, stat ? 'replaced' : 'removed', changes, () => {
        removeTree(file);
        writeFresh(file, entry.content, entry.mode);
      });
      return;
    }
    const mode = stat.mode & MODE_BITS;
    // Reading one byte past the recorded size is enough to tell any other content apart. A file the
    // run made unreadable counts as changed: it is written back either way.
    const content = readOrUndefined(file, entry.content.length + 1);
    if (content?.equals(entry.content)) {
      if (mode !== entry.mode) {
        this.#attempt(file, 'mode', changes, () => fs.chmodSync(file, entry.mode));
      }
      return;
    }
    const expected = entry.expected;
    const ours =
      expected !== undefined &&
      mode === expected.mode &&
      stat.size === expected.content.length &&
      readOrUndefined(file, expected.content.length + 1)?.equals(expected.content) === true;
    const failures: UndoneChange[] = [];
    this.#attempt(file, 'modified', ours ? failures : changes, () =>
      writeFresh(file, entry.content, entry.mode),
    );
    // Putting back what the action itself took out is no change of the run's, unless it fails.
    changes.push(...failures.filter((change) => !change.undone));
  }

  #restoreLargeFile(
    file: string,
    entry: Extract<Entry, { kind: 'large-file' }>,
    stat: fs.Stats | undefined,
    changes: UndoneChange[],
  ): void {
    const tooLarge = `larger than ${this.#limits.maxFileBytes} bytes when the run began, so no copy was kept`;
    if (!stat?.isFile()) {
      // The content cannot be brought back, but whatever replaced the file must not stay.
      if (stat) removeTree(file);
      changes.push({
        path: file,
        change: stat ? 'replaced' : 'removed',
        undone: false,
        reason: tooLarge,
      });
      return;
    }
    const same =
      stat.size === entry.size &&
      (entry.sha256 === undefined
        ? inodeOf(stat) === entry.inode
        : hashHead(file, entry.size) === entry.sha256);
    if (!same) {
      // Appending is how the runner's files are abused; cutting the file back undoes exactly that.
      const appended =
        entry.sha256 !== undefined &&
        stat.size > entry.size &&
        hashHead(file, entry.size) === entry.sha256;
      if (appended) {
        this.#attempt(file, 'modified', changes, () => {
          const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW);
          try {
            fs.ftruncateSync(fd, entry.size);
          } finally {
            fs.closeSync(fd);
          }
        });
      } else {
        changes.push({ path: file, change: 'modified', undone: false, reason: tooLarge });
      }
    }
    if ((stat.mode & MODE_BITS) !== entry.mode) {
      this.#attempt(file, 'mode', changes, () => fs.chmodSync(file, entry.mode));
    }
  }

  #restoreDirectory(
    file: string,
    entry: Extract<Entry, { kind: 'directory' }>,
    stat: fs.Stats | undefined,
    changes: UndoneChange[],
  ): void {
    let mode = stat?.mode === undefined ? undefined : stat.mode & MODE_BITS;
    if (!stat?.isDirectory()) {
      this.#attempt(file, stat ? 'replaced' : 'removed', changes, () => {
        removeTree(file);
        fs.mkdirSync(file, { mode: 0o700 });
      });
      mode = entry.mode;
    }
    if (!lstat(file)?.isDirectory()) return;
    if (entry.children !== undefined) {
      // A directory the run made unreadable must still be put back; its mode is set last.
      fs.chmodSync(file, (mode ?? entry.mode) | 0o700);
      for (const name of fs.readdirSync(file).sort()) {
        if (!entry.children.has(name)) {
          const child = path.join(file, name);
          this.#attempt(child, 'created', changes, () => removeTree(child));
        }
      }
      for (const [name, child] of entry.children) {
        this.#restoreEntry(path.join(file, name), child, changes);
      }
    } else if (entry.unwatched !== undefined) {
      changes.push({ path: file, change: 'unwatched', undone: false, reason: entry.unwatched });
    }
    if (mode !== entry.mode)
      this.#attempt(file, 'mode', changes, () => fs.chmodSync(file, entry.mode));
    else fs.chmodSync(file, entry.mode);
  }
}
