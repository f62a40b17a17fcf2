/**
 * Where the confined shell may write: the workspace, temporary space, the tool caches under the
 * home directory, the character devices a shell writes to, and `writable-paths`. Everything else
 * (the home directory's start-up and config files, the runner's file-command files, the tool cache
 * under /opt, other checkouts) is read-only to the shell and everything it starts.
 */
import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { FILE_COMMAND_DIRECTORY, FILE_COMMAND_VARIABLES } from '../run/runner.js';

/** Caches package managers and build tools keep under the home directory, which builds need. */
export const HOME_CACHES: readonly string[] = [
  // pip, Go's build cache, and most tools that follow XDG
  '.cache',
  '.npm',
  '.yarn',
  '.pnpm-store',
  '.local/share/pnpm',
  '.cargo/registry',
  '.cargo/git',
  'go/pkg/mod',
  // Go's cached checksum-database tree, written when modules are downloaded and verified
  'go/pkg/sumdb',
  '.m2',
  '.gradle',
];

/**
 * Temporary space every process expects to write: /dev/shm is where Python's multiprocessing and
 * others keep shared memory.
 */
const TEMPORARY = ['/tmp', '/dev/shm'];

/** The devices a shell and the usual tools open for writing; pseudo-terminals for `script`, expect, pty tests. */
const DEVICES = [
  '/dev/null',
  '/dev/zero',
  '/dev/full',
  '/dev/random',
  '/dev/urandom',
  '/dev/tty',
  '/dev/ptmx',
  '/dev/pts',
];

export interface WritableOptions {
  /** The checkout (GITHUB_WORKSPACE). */
  workspace: string;
  /** Where the shell starts, which may lie outside the workspace. */
  workingDirectory: string;
  /** The `writable-paths` input, absolute. */
  writablePaths: readonly string[];
  /** The environment of the action, for HOME, TMPDIR, RUNNER_TEMP and the file-command files. */
  env: NodeJS.ProcessEnv;
}

/**
 * Go's caches where the environment moves them: GOCACHE (build cache), GOMODCACHE (module cache),
 * and the module and checksum caches under the first GOPATH entry. GOPATH itself is not made
 * writable, since it may be the home directory. Relative values are ignored, as Go ignores them.
 */
function goCaches(env: NodeJS.ProcessEnv): string[] {
  const gopath = env.GOPATH?.split(path.delimiter)[0];
  const caches = [env.GOCACHE, env.GOMODCACHE];
  if (gopath) caches.push(path.join(gopath, 'pkg', 'mod'), path.join(gopath, 'pkg', 'sumdb'));
  return caches.filter((cache): cache is string => !!cache && path.isAbsolute(cache));
}

/** Whether `inner` is `outer` or lies beneath it. */
function within(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Files and directories the shell must never be able to write, whatever else is writable. */
export function protectedPaths(env: NodeJS.ProcessEnv): string[] {
  const files = FILE_COMMAND_VARIABLES.flatMap((name) => (env[name] ? [env[name]] : []));
  if (env.RUNNER_TEMP) files.push(path.join(env.RUNNER_TEMP, FILE_COMMAND_DIRECTORY));
  return files;
}

/** The first protected path a writable `place` would cover, if any. */
export function coveredProtectedPath(place: string, env: NodeJS.ProcessEnv): string | undefined {
  return protectedPaths(env).find((file) => within(file, place));
}

/** Every path the shell may write beneath, absolute; some may not exist (the helper skips those). */
export function writablePlaces(options: WritableOptions): string[] {
  const { env } = options;
  const places = [options.workspace, options.workingDirectory, ...TEMPORARY];
  // TMPDIR is the run's own temporary space, unless it is where the runner keeps its files.
  if (env.TMPDIR && coveredProtectedPath(env.TMPDIR, env) === undefined) places.push(env.TMPDIR);
  if (env.HOME) places.push(...HOME_CACHES.map((cache) => path.join(env.HOME!, cache)));
  // Like TMPDIR, a cache the environment names must not open the runner's files to the shell.
  places.push(...goCaches(env).filter((cache) => coveredProtectedPath(cache, env) === undefined));
  places.push(...DEVICES, ...options.writablePaths);
  return [...new Set(places.map((place) => path.resolve(place)))];
}

/**
 * Makes the home directory's caches before the shell starts: a rule needs an existing directory,
 * and a tool could not make its cache later, since the home directory itself is not writable.
 * Returns the directories it made, parents first, for `removeEmptyCaches` after the run.
 */
export function makeHomeCaches(home: string | undefined): string[] {
  if (!home) return [];
  const made: string[] = [];
  for (const cache of HOME_CACHES) {
    let dir = home;
    for (const part of cache.split('/')) {
      dir = path.join(dir, part);
      if (existsSync(dir)) continue;
      try {
        mkdirSync(dir);
        made.push(dir);
      } catch {
        // A home directory that is not ours to write: the tool finds no cache, as it would anyway.
        break;
      }
    }
  }
  return made;
}

/**
 * Takes back the caches `makeHomeCaches` made that the run left empty, deepest first, so that the
 * home directory is as the run found it unless a tool did keep something in its cache.
 */
export function removeEmptyCaches(made: readonly string[]): void {
  for (const dir of [...made].reverse()) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty: a tool's cache now, kept like any cache.
    }
  }
}
