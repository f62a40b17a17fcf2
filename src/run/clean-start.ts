/**
 * Keeps the action's secrets out of its own process's environment. A process's environment at exec
 * time stays readable in `/proc/PID/environ` for as long as it runs, by every process of the same
 * user — the agent's shell included — so the runner's block, with the API key, the token and every
 * `INPUT_*`, must not be the one this process runs with. On Node 24 the process re-executes itself
 * (`process.execve`: same PID, argv and stdio) with only the variables that are not secret, and the
 * secret ones travel to the new image outside any environment or command line.
 *
 * The carrier is a file, not a descriptor: Node opens every descriptor close-on-exec and offers no
 * way to clear that flag (execve keeps only 0–2), so no pipe or open file can cross the exec. The
 * file is written whole before the exec (a pipe would block past 64 KiB with no reader yet), in a
 * fresh 0700 directory on tmpfs where there is one, so the values are never on disk; the new image
 * unlinks it before reading, before anything else of the action has run. Only the file's path is in
 * the new environment.
 *
 * The variable that names the file is also what tells the new image it is the re-executed one, and an
 * earlier step can set any variable for this one (through GITHUB_ENV). So the marker is bound to this
 * very process: it names the process's pid and start time (/proc/self/stat), which execve keeps and
 * no earlier step can know, and the file it names must be a private file of this user's. A marker
 * that is not this process's is ignored, with a warning, and the secrets are kept out as usual.
 */
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isSecretVariable } from '../shell/env.js';
import { messageOf } from '../base/errors.js';

/**
 * Marks the re-executed process and names its carrier file: `PID:STARTTIME:PATH` (carrierMarker).
 */
export const CARRIER_VARIABLE = 'BASH_AGENT_CARRIED_ENV';

/** The warning of a start whose environment held a marker that is not this process's. */
export const FORGED_MARKER_NOTE =
  `::warning::${CARRIER_VARIABLE} was set before the action started (by an earlier step, through ` +
  `GITHUB_ENV?) but does not belong to this process; it was ignored, and the action's secrets are ` +
  `kept out of its environment as usual.`;

/**
 * What identifies this process across execve and to no one before it existed: its pid and its
 * start time in clock ticks since boot (field 22 of /proc/self/stat), as `PID:STARTTIME`.
 * Undefined where there is no /proc.
 */
export function processIdentity(statFile = '/proc/self/stat'): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(statFile, 'latin1');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const pid = /^(\d+) \(/.exec(stat)?.[1];
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (the state), so field 22 is fields[19].
  const startTime = fields[19];
  if (pid === undefined || startTime === undefined || !/^\d+$/.test(startTime)) return undefined;
  return `${pid}:${startTime}`;
}

/** The marker of the process `identity` whose carrier is `file`. */
export function carrierMarker(identity: string, file: string): string {
  return `${identity}:${file}`;
}

/**
 * The carrier file a marker names, when the marker is this process's (`identity`); undefined for a
 * marker of another process, or one in no form the action writes.
 */
export function carrierFileOf(marker: string, identity: string | undefined): string | undefined {
  if (identity === undefined || !marker.startsWith(`${identity}:`)) return undefined;
  const file = marker.slice(identity.length + 1);
  return path.isAbsolute(file) ? file : undefined;
}

/** The line the log gets when the protection is not available. */
export function needsNode24Note(version: string): string {
  return (
    `The action's secrets stay in its process environment, where commands can read them ` +
    `(/proc/PID/environ): keeping them out needs Node 24 (process.execve), and this is Node ${version}.`
  );
}

export interface SplitEnvironment {
  /** What the re-executed process starts with: nothing secret. */
  kept: Record<string, string>;
  /** What goes through the carrier: the inputs, the runner's tokens, secret-looking variables. */
  carried: Record<string, string>;
}

/** Splits an environment by the shell's rules for what is secret (shell/env.ts). */
export function splitEnvironment(env: NodeJS.ProcessEnv): SplitEnvironment {
  const kept: Record<string, string> = {};
  const carried: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name === CARRIER_VARIABLE) continue;
    (isSecretVariable(name, value) ? carried : kept)[name] = value;
  }
  return { kept, carried };
}

/** The carrier's contents: JSON keeps newlines, `=` and any other character a value may hold. */
export function encodeCarried(carried: Record<string, string>): string {
  return JSON.stringify(carried);
}

export function decodeCarried(text: string): Record<string, string> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('The carried environment is not an object');
  }
  const carried: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new Error(`The carried variable ${name} is not a string`);
    carried[name] = value;
  }
  return carried;
}

/** tmpfs keeps the values in memory; where there is none, the system's temporary directory. */
function carrierParent(): string {
  try {
    accessSync('/dev/shm', constants.W_OK | constants.X_OK);
    return '/dev/shm';
  } catch {
    return tmpdir(); // not there, or not writable
  }
}

/** A carrier's directory: `bash-agent-env-PID-STARTTIME-XXXXXX`, naming the process it is for. */
const CARRIER_DIRECTORY = /^bash-agent-env-(\d+)-(\d+)-[A-Za-z0-9]{6}$/;

/**
 * Writes the carrier of the process `identity` (processIdentity); returns its path. The directory
 * is the caller's to remove on failure. Its name says whose it is, so a carrier left by a process
 * killed before it could take it (sweepStaleCarriers) can be told from one still on its way.
 */
export function writeCarrier(
  carried: Record<string, string>,
  identity: string,
  parent = carrierParent(),
): string {
  const dir = mkdtempSync(path.join(parent, `bash-agent-env-${identity.replace(':', '-')}-`));
  const file = path.join(dir, 'env.json');
  writeFileSync(file, encodeCarried(carried), { mode: 0o600, flag: 'wx' });
  return file;
}

/** What carrierProblem needs of a file's status. */
interface Ownership {
  uid: number;
  mode: number;
  isFile(): boolean;
  isDirectory(): boolean;
}

/**
 * Why a carrier (`file`, in `dir`) is not as writeCarrier leaves one, a file of the user `uid` in a
 * directory of theirs, neither open to anyone else; undefined when it is. Only other users' bits
 * are checked: a strict umask may have taken some of the owner's too.
 */
export function carrierProblem(dir: Ownership, file: Ownership, uid: number): string | undefined {
  const notPrivate = (stat: Ownership, what: string): string | undefined => {
    if (stat.uid !== uid) return `${what} belongs to uid ${stat.uid}, not ${uid}`;
    const mode = stat.mode & 0o777;
    return (mode & 0o077) === 0
      ? undefined
      : `${what} is open to other users (mode ${mode.toString(8)})`;
  };
  if (!dir.isDirectory()) return 'its directory is not a directory';
  if (!file.isFile()) return 'it is not a regular file';
  return notPrivate(dir, 'its directory') ?? notPrivate(file, 'it');
}

/**
 * Reads the carrier and removes it: unlinked before it is read, so it is gone by name whatever the
 * read does, and its descriptor closed before this returns. Throws, without reading or removing
 * anything, when the file or its directory is not as writeCarrier left them: a file of this user's,
 * in a directory of theirs, neither open to others (someone else's could hand the action variables
 * of their choosing).
 */
export function takeCarrier(file: string): Record<string, string> {
  const dir = path.dirname(file);
  const dirStat = lstatSync(dir);
  // O_NOFOLLOW: a link in the file's place is refused rather than followed.
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const problem = carrierProblem(dirStat, fstatSync(fd), process.getuid?.() ?? 0);
    if (problem !== undefined) {
      throw new Error(`The carried environment ${file} is not the action's own: ${problem}`);
    }
    rmSync(file, { force: true });
    rmdirSync(dir);
    return decodeCarried(readFileSync(fd, 'utf8'));
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes the carriers of processes that are gone (killed between writing the carrier and the new
 * image's taking it): this user's directories in `parent` named for a process whose pid is no
 * longer that process (its start time differs, or there is none). Returns the directories removed.
 * A carrier of a live process is still on its way and is left alone.
 */
export function sweepStaleCarriers(
  parent = carrierParent(),
  statFileOf = (pid: string): string => `/proc/${pid}/stat`,
): string[] {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const uid = process.getuid?.();
  const removed: string[] = [];
  for (const name of names) {
    const [, pid, startTime] = CARRIER_DIRECTORY.exec(name) ?? [];
    if (pid === undefined || processIdentity(statFileOf(pid)) === `${pid}:${startTime}`) continue;
    const dir = path.join(parent, name);
    try {
      // Never another user's (a shared /tmp): only what this user's runs made is theirs to remove.
      if (lstatSync(dir).uid !== uid) continue;
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // gone meanwhile, or not removable: nothing of ours to fail on
    }
  }
  return removed;
}

export interface CleanStartOptions {
  env?: NodeJS.ProcessEnv;
  /** `process.execve`, absent before Node 24 (and in tests of that path). */
  execve?: (file: string, args: string[], env: Record<string, string>) => never;
  /** Where the one-line note goes: the log (stdout; the log buffer is not set up yet). */
  note?: (line: string) => void;
  /** This process's processIdentity (tests stand in for another process, or for no /proc). */
  identity?: string | undefined;
}

/**
 * The action's first act. In the original process: re-executes without the secrets (never returns
 * then). In the re-executed one: takes the carried variables back into `process.env` — a later
 * setenv changes the C library's copy, never the exec-time block `/proc/PID/environ` shows; children
 * get explicit environments built without them (shell/env.ts).
 */
export function startClean(options: CleanStartOptions = {}): void {
  const env = options.env ?? process.env;
  const note = options.note ?? ((line: string) => process.stdout.write(`${line}\n`));
  const identity = 'identity' in options ? options.identity : processIdentity();
  const marker = env[CARRIER_VARIABLE];
  if (marker !== undefined) {
    delete env[CARRIER_VARIABLE];
    const carrier = carrierFileOf(marker, identity);
    if (carrier !== undefined) {
      Object.assign(env, takeCarrier(carrier));
      return;
    }
    // Set by someone else: its file is left alone, and this start goes on as a first one.
    note(FORGED_MARKER_NOTE);
  }

  const { kept, carried } = splitEnvironment(env);
  if (Object.keys(carried).length === 0) return;
  const execve = 'execve' in options ? options.execve : process.execve;
  if (execve === undefined) {
    note(needsNode24Note(process.versions.node));
    return;
  }
  if (identity === undefined) {
    note(
      'The action could not re-execute itself without its secrets (/proc/self/stat is not readable, so the re-executed process could not be told from a forged one); they stay in its process environment.',
    );
    return;
  }
  sweepStaleCarriers();
  const file = writeCarrier(carried, identity);
  try {
    execve(process.execPath, [process.argv0, ...process.execArgv, ...process.argv.slice(1)], {
      ...kept,
      [CARRIER_VARIABLE]: carrierMarker(identity, file),
    });
  } catch (error) {
    rmSync(path.dirname(file), { recursive: true, force: true });
    note(
      `The action could not re-execute itself without its secrets (${messageOf(error)}); they stay in its process environment.`,
    );
  }
}
