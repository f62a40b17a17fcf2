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
 */
import {
  accessSync,
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isSecretVariable } from './shell/env.js';

/** Names the carrier file in the re-executed process's environment. */
export const CARRIER_VARIABLE = 'BASH_AGENT_CARRIED_ENV';

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

/** Writes the carrier; returns its path. The directory is the caller's to remove on failure. */
export function writeCarrier(carried: Record<string, string>, parent = carrierParent()): string {
  const dir = mkdtempSync(path.join(parent, 'bash-agent-env-'));
  const file = path.join(dir, 'env.json');
  writeFileSync(file, encodeCarried(carried), { mode: 0o600, flag: 'wx' });
  return file;
}

/**
 * Reads the carrier and removes it: unlinked before it is read, so it is gone by name whatever the
 * read does, and its descriptor closed before this returns.
 */
export function takeCarrier(file: string): Record<string, string> {
  const fd = openSync(file, 'r');
  try {
    rmSync(file, { force: true });
    rmdirSync(path.dirname(file));
    return decodeCarried(readFileSync(fd, 'utf8'));
  } finally {
    closeSync(fd);
  }
}

export interface CleanStartOptions {
  env?: NodeJS.ProcessEnv;
  /** `process.execve`, absent before Node 24 (and in tests of that path). */
  execve?: (file: string, args: string[], env: Record<string, string>) => never;
  /** Where the one-line note goes: the log (stdout; the log buffer is not set up yet). */
  note?: (line: string) => void;
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
  const carrier = env[CARRIER_VARIABLE];
  if (carrier !== undefined) {
    delete env[CARRIER_VARIABLE];
    Object.assign(env, takeCarrier(carrier));
    return;
  }

  const { kept, carried } = splitEnvironment(env);
  if (Object.keys(carried).length === 0) return;
  const execve = 'execve' in options ? options.execve : process.execve;
  if (execve === undefined) {
    note(needsNode24Note(process.versions.node));
    return;
  }
  const file = writeCarrier(carried);
  try {
    execve(process.execPath, [process.argv0, ...process.execArgv, ...process.argv.slice(1)], {
      ...kept,
      [CARRIER_VARIABLE]: file,
    });
  } catch (error) {
    rmSync(path.dirname(file), { recursive: true, force: true });
    note(
      `The action could not re-execute itself without its secrets (${error instanceof Error ? error.message : String(error)}); they stay in its process environment.`,
    );
  }
}
