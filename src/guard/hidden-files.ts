/**
 * Credential files that sit where the agent's shell can read them — google-github-actions/auth writes
 * its file into the workspace — taken out of its reach for the run: read into memory and removed
 * before the shell starts, then written back exactly (content and mode, as a fresh file, never through
 * a link planted in their place) when the run ends, whatever its ending, an exit of the process
 * included. The action reads the credentials from the copy it holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FileSnapshot } from './file-snapshot.js';
import { messageOf } from '../base/errors.js';

/** Why a credential file could not be taken out: the run must not start with it in reach. */
export class HiddenFileError extends Error {
  constructor(
    /** The path as it was given. */
    readonly file: string,
    /** What is wrong with it, as the rest of a sentence that starts with the path. */
    readonly reason: string,
  ) {
    super(`${file} ${reason}`);
    this.name = 'HiddenFileError';
  }
}

function reason(error: unknown): string {
  return messageOf(error);
}

/**
 * The file a path names, links followed: removing a link would leave its target readable. Throws
 * a HiddenFileError for a path that names no regular file.
 */
function realFile(file: string): string {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch (error) {
    throw new HiddenFileError(file, `cannot be read: ${reason(error)}`);
  }
  if (!fs.statSync(real).isFile()) throw new HiddenFileError(file, 'is not a file');
  return real;
}

/** Files out of the shell's reach until `restore`. */
export class HiddenFiles {
  readonly #snapshot: FileSnapshot;
  /** Each path as given, and the file it named. */
  readonly #files: ReadonlyMap<string, string>;
  #problems: string[] | undefined;
  readonly #onExit = (): void => void this.restore();

  private constructor(snapshot: FileSnapshot, files: ReadonlyMap<string, string>) {
    this.#snapshot = snapshot;
    this.#files = files;
    // However the process ends short of SIGKILL — a forced exit of a cancelled run, an exit before
    // anyone could register `restore` — the files go back as it exits ('exit' listeners run then).
    process.on('exit', this.#onExit);
  }

  /**
   * Reads and removes every file (a path named twice, or through a link, counts once). Must run
   * while no process of the agent's exists. Throws a HiddenFileError, with every file back in place,
   * when one cannot be read or removed.
   */
  static take(paths: readonly string[]): HiddenFiles {
    const files = new Map(paths.map((file) => [file, realFile(file)]));
    const unique = [...new Set(files.values())];
    const snapshot = FileSnapshot.take(
      unique.map((file) => ({ base: path.dirname(file), relative: path.basename(file) })),
    );
    // A message names a path as it was given, not the file a link led to.
    const given = (real: string): string =>
      [...files].find(([, target]) => target === real)?.[0] ?? real;
    const uncopied = unique.find((file) => !snapshot.holdsCopyOf(file));
    if (uncopied) {
      throw new HiddenFileError(given(uncopied), 'is too large or unreadable to be put back');
    }
    for (const file of unique) {
      try {
        fs.unlinkSync(file);
      } catch (error) {
        // Half taken out is no protection, and a file removed for good would break later steps.
        snapshot.restore();
        throw new HiddenFileError(
          given(file),
          `cannot be taken out of the shell's reach: ${reason(error)}`,
        );
      }
    }
    return new HiddenFiles(snapshot, files);
  }

  /** The content a path named when it was taken out. */
  contentOf(file: string): Buffer {
    const real = this.#files.get(file);
    const content = real === undefined ? undefined : this.#snapshot.contentOf(real);
    if (content === undefined) throw new Error(`${file} was not taken out`);
    return content;
  }

  /**
   * Writes every file back as it was, replacing whatever the run left at its path. Synchronous, so a
   * forced exit can run it; later calls do nothing and return the same. Returns one line for each
   * file that could not be put back.
   */
  restore(): string[] {
    process.removeListener('exit', this.#onExit);
    this.#problems ??= this.#snapshot
      .restore()
      .filter((change) => !change.undone)
      .map((change) => `${change.path} could not be put back: ${change.reason ?? change.change}`);
    return this.#problems;
  }
}
