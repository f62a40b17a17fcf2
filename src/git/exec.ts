/**
 * The one funnel for the action's own git processes. The repository's configuration may have been
 * written by anyone who could push to it or by an earlier step, so every call runs with argv arrays
 * (no shell), without the system configuration, with hooks and the file-system monitor switched off
 * and without prompting for credentials.
 */
import { execFile } from 'node:child_process';

export interface GitResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
  /** Variables added to the process's environment (per-process configuration, for example). */
  env?: Record<string, string>;
  /** Return a non-zero exit instead of throwing, for calls whose failure is an answer. */
  allowAllExitCodes?: boolean;
}

/**
 * Settings given on every command line: they win over anything in the repository's files, so a
 * planted `core.hooksPath`, `core.fsmonitor` or pager cannot make our own calls run a program.
 */
const HARDENING = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.pager=cat',
  '-c',
  'credential.helper=',
];

/** Where a failure message quotes git's own words: the first lines of its stderr. */
function briefly(text: string): string {
  return text.trim().split('\n').slice(0, 3).join(' / ');
}

/** The verb of a call, for messages: the rest of argv may carry a configuration value. */
function verb(args: readonly string[]): string {
  const found = args.find((arg, index) => !arg.startsWith('-') && args[index - 1] !== '-c');
  return `git ${found ?? ''}`.trim();
}

/** Runs `git <args>` hardened; throws on a non-zero exit unless `allowAllExitCodes`. */
export function git(args: readonly string[], options: GitOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...HARDENING, ...args],
      {
        cwd: options.cwd,
        env: {
          ...process.env,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_TERMINAL_PROMPT: '0',
          GIT_OPTIONAL_LOCKS: '0',
          ...options.env,
        },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const exitCode =
          error === null ? 0 : typeof error.code === 'number' ? error.code : Number.NaN;
        if (Number.isNaN(exitCode)) {
          reject(new Error(`Could not run ${verb(args)}: ${error?.code ?? 'unknown error'}`));
          return;
        }
        if (exitCode !== 0 && options.allowAllExitCodes !== true) {
          reject(new Error(`${verb(args)} failed with exit code ${exitCode}: ${briefly(stderr)}`));
          return;
        }
        resolve({ exitCode, stdout, stderr });
      },
    );
  });
}
