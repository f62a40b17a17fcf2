/**
 * What the agent must not leave behind, and what it must not read while it runs. Before the shell
 * starts: a copy of every place a later step (or a later process of this one) reads instructions
 * from — the runner's file-command files, the repository's `.git/config` and `.git/hooks/`, the
 * runner user's git, npm, ssh and shell start-up files — and the checkout's credentials taken out of
 * the repository's configuration. When the run ends, whatever its ending: every such place put back
 * as it was, credentials included, and a list of what the run had changed there. The agent's changes
 * to the working tree are its work and are not touched.
 */
import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_SNAPSHOT_LIMITS,
  FileSnapshot,
  type SnapshotLimits,
  type UndoneChange,
  type WatchedPlace,
} from './file-snapshot.js';
import {
  credentialEnv,
  credentialSecrets,
  findCredentials,
  readConfigFiles,
  takeOut,
  type Credential,
} from '../git/credentials.js';
import { git } from '../git/exec.js';
import { FILE_COMMAND_DIRECTORY, FILE_COMMAND_VARIABLES } from '../run/runner.js';

export type { UndoneChange } from './file-snapshot.js';

/** Files and directories under the home directory that later programs read and obey. */
const HOME_PLACES = [
  // git: aliases, hooks paths, credential helpers, `core.sshCommand` for every later git call.
  '.gitconfig',
  '.git-credentials',
  '.config/git',
  // npm and yarn: registries, tokens, scripts run on install.
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  // ssh: `ProxyCommand`, `authorized_keys`, keys of a later deploy.
  '.ssh',
  // Shells that later steps start as login or interactive shells.
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshenv',
  '.zshrc',
  '.zprofile',
  '.zlogin',
  // Credentials and defaults of the download tools later steps use.
  '.netrc',
  '.curlrc',
  '.wgetrc',
  // The GitHub CLI (aliases run shell commands, and its hosts file holds a token); docker's
  // credential helpers are programs; package indexes of pip and cargo.
  '.config/gh',
  '.docker/config.json',
  '.config/pip',
  '.pip',
  '.pypirc',
  '.cargo/config.toml',
  '.cargo/config',
];

/** Where the repository keeps what git runs and obeys (shared by all its worktrees). */
const GIT_DIR_PLACES = ['config', 'hooks'];

export interface GuardOptions {
  /** The shell's working directory; its repository, if any, is guarded. */
  workingDirectory: string;
  /** The runner user's home directory; `HOME` of `env` by default. */
  home?: string;
  /** Where the runner's file-command paths, `RUNNER_TEMP` and `HOME` are read from. */
  env?: NodeJS.ProcessEnv;
  limits?: Partial<SnapshotLimits>;
  /**
   * Told of each configuration file a credential is about to be taken out of, with its bytes as they
   * are, before the copy is taken: for a record that outlives this process (a SIGKILL skips `end`).
   */
  beforeTakeOut?: (files: ConfigFileBefore[]) => void;
}

/** A configuration file as it was before its credentials were taken out. */
export interface ConfigFileBefore {
  file: string;
  original: Buffer;
  /** The values taken out of it. */
  credentials: string[];
}

/** The nearest directory at or above `dir` that holds a `.git`, as git's own discovery finds it. */
function repositoryTop(dir: string): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (existsSync(path.join(current, '.git'))) return current;
    if (path.dirname(current) === current) return undefined;
  }
}

/**
 * The repository's common git directory (where `config` and `hooks` live for all its worktrees), or
 * undefined outside a repository. Looking for `.git` first means a run outside a repository needs no
 * git at all; inside one, git must answer (or the run fails), or the credential would stay where the
 * shell can read it.
 */
async function commonGitDir(workingDirectory: string): Promise<string | undefined> {
  const top = repositoryTop(workingDirectory);
  if (top === undefined) return undefined;
  // The usual checkout: `.git` is the common directory itself, and no git process is needed to say so.
  const dotGit = path.join(top, '.git');
  if (statSync(dotGit).isDirectory() && !existsSync(path.join(dotGit, 'commondir'))) return dotGit;
  const found = await git(
    // A checkout owned by another user is still ours to guard.
    ['-c', 'safe.directory=*', 'rev-parse', '--path-format=absolute', '--git-common-dir'],
    { cwd: top },
  );
  return found.stdout.trim();
}

function runnerPlaces(env: NodeJS.ProcessEnv): WatchedPlace[] {
  const places: WatchedPlace[] = [];
  for (const name of FILE_COMMAND_VARIABLES) {
    const file = env[name];
    if (file) places.push({ base: path.dirname(file), relative: path.basename(file) });
  }
  if (env.RUNNER_TEMP) places.push({ base: env.RUNNER_TEMP, relative: FILE_COMMAND_DIRECTORY });
  return places;
}

/**
 * The directories of `PATH` under the home directory (`~/.local/bin`, `~/.cargo/bin` on GitHub's
 * images): a program planted there would run instead of the real one in every later step.
 */
function pathDirectoriesUnder(home: string, searchPath: string | undefined): WatchedPlace[] {
  return (searchPath ?? '')
    .split(path.delimiter)
    .filter(
      (dir) =>
        path.isAbsolute(dir) && path.resolve(dir).startsWith(`${path.resolve(home)}${path.sep}`),
    )
    .map((dir) => ({ base: home, relative: path.relative(home, dir) }));
}

/** Bounds of the search for submodules, whose git directories nest inside the repository's. */
const MAX_SUBMODULE_DEPTH = 6;
const MAX_SUBMODULES = 200;

/**
 * The git directories of the repository's submodules (`modules/<name>/`, nested ones too): each has
 * its own config (where actions/checkout 4 writes the header for submodules) and its own hooks.
 */
function submoduleGitDirs(gitDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > MAX_SUBMODULE_DEPTH) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    // Links are not directories here: a planted link cannot send the search elsewhere.
    for (const entry of entries.filter((item) => item.isDirectory())) {
      if (found.length >= MAX_SUBMODULES) return;
      const child = path.join(dir, entry.name);
      if (existsSync(path.join(child, 'HEAD')) && existsSync(path.join(child, 'config'))) {
        found.push(child);
        walk(path.join(child, 'modules'), depth + 1);
      } else {
        // A submodule's name may hold slashes: `modules/libs/a/`.
        walk(child, depth + 1);
      }
    }
  };
  walk(path.join(gitDir, 'modules'), 0);
  return found;
}

/** The files `credentials` are in, as they are now; one that cannot be read is left out. */
function filesBefore(credentials: readonly Credential[]): ConfigFileBefore[] {
  const files: ConfigFileBefore[] = [];
  for (const file of new Set(credentials.map((credential) => credential.file))) {
    try {
      files.push({
        file,
        original: readFileSync(file),
        credentials: credentials.filter((each) => each.file === file).map((each) => each.value),
      });
    } catch {
      // the snapshot below refuses it with its own reason
    }
  }
  return files;
}

function fileInItsDirectory(file: string): WatchedPlace {
  return { base: path.dirname(file), relative: path.basename(file) };
}

/** A run's guard: started before the shell, ended (once) after it is gone. */
export class Guard {
  readonly #snapshot: FileSnapshot;
  readonly #credentials: Credential[];
  #ended: UndoneChange[] | undefined;

  private constructor(snapshot: FileSnapshot, credentials: Credential[]) {
    this.#snapshot = snapshot;
    this.#credentials = credentials;
  }

  /** Takes the copy, then the credentials out. Must run while no process of the agent's exists. */
  static async start(options: GuardOptions): Promise<Guard> {
    const env = options.env ?? process.env;
    // What later programs take for home is HOME as the runner sets it; os.homedir() only without it.
    const home = options.home ?? (env.HOME || os.homedir());
    const cwd = options.workingDirectory;
    const gitDir = await commonGitDir(cwd);
    const gitDirs = gitDir ? [gitDir, ...submoduleGitDirs(gitDir)] : [];
    const read = [];
    for (const dir of gitDirs)
      read.push(await readConfigFiles(path.join(dir, 'config'), cwd, home));
    const ownConfigs = new Set(gitDirs.map((dir) => path.join(dir, 'config')));
    const included = [...new Set(read.flatMap((config) => config.files))].filter(
      (file) => !ownConfigs.has(file),
    );
    const places: WatchedPlace[] = [
      ...runnerPlaces(env),
      ...HOME_PLACES.map((relative) => ({ base: home, relative })),
      ...pathDirectoriesUnder(home, env.PATH),
      ...gitDirs.flatMap((dir) => GIT_DIR_PLACES.map((relative) => ({ base: dir, relative }))),
      // Included files hold actions/checkout's header since version 6: watched like the config.
      ...included.map(fileInItsDirectory),
    ];
    const credentials = findCredentials(read.flatMap((config) => config.entries));
    if (credentials.length > 0) options.beforeTakeOut?.(filesBefore(credentials));
    const snapshot = FileSnapshot.take(places, options.limits);
    const uncopied = credentials.find((credential) => !snapshot.holdsCopyOf(credential.file));
    if (uncopied) {
      // Taken out without a copy to put back, the checkout's credential would be lost for good.
      throw new Error(
        `The git configuration ${uncopied.file} holds a credential but is not a plain file of at most ` +
          `${options.limits?.maxFileBytes ?? DEFAULT_SNAPSHOT_LIMITS.maxFileBytes} bytes, so it cannot be taken out and put back safely`,
      );
    }
    try {
      await takeOut(credentials, cwd);
      for (const file of new Set(credentials.map((credential) => credential.file))) {
        snapshot.markOwnEdit(file);
      }
    } catch (error) {
      // Half taken out is worse than not at all: the copy puts every file back.
      snapshot.restore();
      throw error;
    }
    return new Guard(snapshot, credentials);
  }

  /** The credentials' values, for redaction. */
  get secretValues(): string[] {
    return credentialSecrets(this.#credentials);
  }

  /** How many credentials were taken out of the repository's configuration. */
  get credentialCount(): number {
    return this.#credentials.length;
  }

  /** Environment for the action's own git processes: the credentials, per process. */
  gitEnv(): Record<string, string> {
    return credentialEnv(this.#credentials);
  }

  /**
   * Puts every guarded place back, credentials included, and returns what the run had changed.
   * Call it once the shell and everything it started are gone; later calls return the same list.
   */
  end(): UndoneChange[] {
    this.#ended ??= this.#snapshot.restore();
    return this.#ended;
  }
}

const CHANGE_WORDS: Readonly<Record<UndoneChange['change'], string>> = {
  created: 'created during the run',
  modified: 'changed during the run',
  removed: 'removed during the run',
  mode: 'mode changed during the run',
  replaced: 'replaced by another kind of file during the run',
  unwatched: 'not watched',
};

/** One line for the log and the summary: the path, what the run did, and whether it was undone. */
export function describeUndone(change: UndoneChange): string {
  const outcome = change.undone
    ? change.change === 'created'
      ? 'removed'
      : 'put back'
    : `NOT put back${change.reason ? ` (${change.reason})` : ''}`;
  return `${change.path}: ${CHANGE_WORDS[change.change]}; ${outcome}`;
}
