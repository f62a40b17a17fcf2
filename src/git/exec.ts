/**
 * The one funnel for the action's own git processes. The repository's configuration may have been
 * written by anyone who could push to it, by an earlier step or by the agent, so every call runs with
 * argv arrays (no shell), without the system or global configuration, with every setting that names
 * a program overridden on the command line, in an environment of its own (nothing inherited that
 * starts with `GIT_`, no secrets), and without prompting for credentials.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { GitError } from '../base/errors.js';

export interface GitResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
  /** Variables added to the process's environment (per-process configuration, for example). */
  env?: Record<string, string>;
  /** Text written to the process's standard input (it gets none otherwise). */
  input?: string | Buffer;
  /** Return a non-zero exit instead of throwing, for calls whose failure is an answer. */
  allowAllExitCodes?: boolean;
  /**
   * Read the system's and the runner user's configuration too. Only for reading settings before
   * the run, when they are still the runner's own (a Git LFS filter lives there).
   */
  userConfig?: boolean;
  /**
   * Ends the process (SIGKILL, its children with it where they share its group) and fails the call
   * once this much time has passed: for calls that wait on a remote, which may never answer.
   */
  timeoutMs?: number;
}

/**
 * How long a remote may send or take nothing before git gives the transfer up (HTTP remotes): a
 * server that accepts the connection and never answers would otherwise hold the step until the
 * job's own time-out, hours later.
 */
export const STALLED_TRANSFER_SECONDS = 60;
/** The longest one network call of the action's git may take, stalled or not (ssh remotes too). */
export const NETWORK_CALL_TIMEOUT_MS = 10 * 60_000;

/**
 * Settings given on every command line. Command-line settings win over the repository's files, and
 * git hands them on to the git processes it starts itself (`GIT_CONFIG_PARAMETERS`), so none of the
 * programs a planted configuration names can run in the action's process, where the token is.
 * Filters, textconv and diff or merge drivers are not in the list: they are keyed by driver names
 * nobody can list in advance, so the action's git never reaches them instead (plumbing with
 * `--no-filters`, no diffs, merges only in a repository without attributes; see commit.ts).
 */
const HARDENING: ReadonlyArray<readonly [string, string]> = [
  // Hooks of every kind (pre-commit, reference-transaction, post-index-change, pre-push, …).
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false'],
  ['core.pager', 'cat'],
  ['core.editor', ':'],
  ['sequence.editor', ':'],
  // Empty: no askpass program, and with GIT_TERMINAL_PROMPT=0 no prompt either.
  ['core.askPass', ''],
  ['core.sshCommand', 'ssh'],
  // An empty value clears the list of helpers gathered so far, the repository's included.
  ['credential.helper', ''],
  ['commit.gpgSign', 'false'],
  ['tag.gpgSign', 'false'],
  ['push.gpgSign', 'false'],
  ['gpg.program', 'gpg'],
  ['gpg.ssh.program', 'ssh-keygen'],
  ['gpg.x509.program', 'gpgsm'],
  ['gpg.ssh.defaultKeyCommand', ''],
  // Remote helpers that run a command line (`ext::sh -c …`) or talk over inherited descriptors.
  ['protocol.ext.allow', 'never'],
  ['protocol.fd.allow', 'never'],
  // Submodules would bring their own configuration and hooks along.
  ['submodule.recurse', 'false'],
  ['push.recurseSubmodules', 'no'],
  ['fetch.recurseSubmodules', 'false'],
  // `gc --auto` and maintenance after a fetch or commit start further processes.
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
  // The working directory is the checkout the action was given, whoever owns its files.
  ['safe.directory', '*'],
  // Below 1 byte a second for STALLED_TRANSFER_SECONDS, an HTTP transfer is given up.
  ['http.lowSpeedLimit', '1'],
  ['http.lowSpeedTime', String(STALLED_TRANSFER_SECONDS)],
];

const HARDENING_ARGS = HARDENING.flatMap(([key, value]) => ['-c', `${key}=${value}`]);

/**
 * The variables git needs from the action's environment (the runner's, which the agent's shell
 * cannot change): where programs and home are, and how the network is reached — a self-hosted
 * runner's proxy and certificate authorities, an ssh agent holding a deploy key. Everything else
 * stays out, `GIT_DIR` and `GIT_SSH_COMMAND` included.
 */
const INHERITED = [
  'PATH',
  'HOME',
  'TMPDIR',
  'SYSTEMROOT',
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'ALL_PROXY',
  'all_proxy',
  'NO_PROXY',
  'no_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'CURL_CA_BUNDLE',
  'GIT_SSL_CAINFO',
  'GIT_SSL_CAPATH',
  'SSH_AUTH_SOCK',
];

function gitEnvironment(options: GitOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return {
    ...env,
    // Messages in one language, so that a refusal can be told from another failure.
    LC_ALL: 'C',
    ...(options.userConfig ? {} : { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' }),
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    ...options.env,
  };
}

/** Where a failure message quotes git's own words: the first lines of its stderr. */
function briefly(text: string): string {
  return text.trim().split('\n').slice(0, 3).join(' / ');
}

/** The verb of a call, for messages: the rest of argv may carry a configuration value. */
export function verb(args: readonly string[]): string {
  const found = args.find(
    (arg, index) =>
      !arg.startsWith('-') && args[index - 1] !== '-c' && args[index - 1] !== '--git-dir',
  );
  return `git ${found ?? ''}`.trim();
}

/**
 * Kills `child` and its process group after `ms` (none: never); returns the disarm and whether
 * it fired.
 */
function deadlineFor(
  child: ChildProcess,
  ms: number | undefined,
): { fired: () => boolean; clear: () => void } {
  let fired = false;
  const timer =
    ms === undefined
      ? undefined
      : setTimeout(() => {
          fired = true;
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            child.kill('SIGKILL');
          }
        }, ms);
  return { fired: () => fired, clear: () => clearTimeout(timer) };
}

/** How a call that ran ended: its result, or the GitError its end makes of it. */
function outcomeOf(
  name: string,
  options: GitOptions,
  end: { code: number | null; signal: NodeJS.Signals | null; timedOut: boolean },
  stdout: Buffer[],
  stderr: Buffer[],
): GitResult | GitError {
  const errors = Buffer.concat(stderr).toString('utf8');
  if (end.timedOut) {
    const message = `${name} did not finish within ${options.timeoutMs! / 1000} s`;
    return new GitError(message, name, 'timeout', null, errors);
  }
  if (end.code === null) {
    const message = `${name} was ended by signal ${end.signal ?? 'unknown'}`;
    return new GitError(message, name, 'signal', null, errors);
  }
  if (end.code !== 0 && options.allowAllExitCodes !== true) {
    const message = `${name} failed with exit code ${end.code}: ${briefly(errors)}`;
    return new GitError(message, name, 'exit', end.code, errors);
  }
  return { exitCode: end.code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: errors };
}

/** Runs `git <args>` hardened; throws on a non-zero exit unless `allowAllExitCodes`. */
export function git(args: readonly string[], options: GitOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...HARDENING_ARGS, ...args], {
      cwd: options.cwd,
      env: gitEnvironment(options),
      stdio: ['pipe', 'pipe', 'pipe'],
      // A group of its own, so that a deadline ends the remote helper git started too.
      detached: options.timeoutMs !== undefined,
    });
    const deadline = deadlineFor(child, options.timeoutMs);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A process that exits before reading its input must not turn into an unhandled EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
    const name = verb(args);
    child.on('error', (error: NodeJS.ErrnoException) => {
      const message = `Could not run ${name}: ${error.code ?? 'unknown error'}`;
      reject(new GitError(message, name, 'spawn', null, '', { cause: error }));
    });
    child.on('close', (code, signal) => {
      deadline.clear();
      const end = { code, signal, timedOut: deadline.fired() };
      const outcome = outcomeOf(name, options, end, stdout, stderr);
      if (outcome instanceof GitError) reject(outcome);
      else resolve(outcome);
    });
  });
}

/** `git` bound to one repository: what the verbs of repo.ts run their calls through. */
export type GitRunner = (
  args: readonly string[],
  options?: Omit<GitOptions, 'cwd'>,
) => Promise<GitResult>;

/** A full object id, SHA-1 or SHA-256, as git prints it. */
export const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
