/**
 * Runs the bundled action (`dist/index.js`) as a process the way the runner does: on the Node that
 * action.yml names, inputs as `INPUT_<NAME>` variables (upper-cased, dashes kept), the runner's files
 * for outputs and the step summary, and the Messages API at ANTHROPIC_BASE_URL.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shippedNode } from './node24.js';

/**
 * The bundle the tests run: dist/index.js, or a bundle built elsewhere for a trial run
 * (`BASH_AGENT_BUNDLE=/tmp/dist/index.js`) that leaves the committed one alone.
 */
export const DIST_ENTRY =
  process.env.BASH_AGENT_BUNDLE ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** The post step's bundle (action.yml `runs.post`), next to the main one. */
export const POST_ENTRY = path.join(path.dirname(DIST_ENTRY), 'post', 'index.js');

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  elapsedMs: number;
}

/** Reads a GITHUB_OUTPUT file (`name<<DELIMITER` … `DELIMITER` blocks, or `name=value` lines). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string];
      const value: string[] = [];
      for (index += 1; index < lines.length && lines[index] !== delimiter; index += 1) {
        value.push(lines[index] as string);
      }
      outputs[name] = value.join('\n');
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

/**
 * The outputs a run wrote; none when its GITHUB_OUTPUT is no file to read (a missing directory, or
 * /dev/full, which reads as endless zeros), as a test of a runner file that fails sets it.
 */
function readOutputs(file: string): Record<string, string> {
  const isFile = (() => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  })();
  return isFile ? parseOutputFile(readFileSync(file, 'utf8')) : {};
}

export function requireBundle(): void {
  if (!existsSync(DIST_ENTRY)) {
    throw new Error(`${DIST_ENTRY} is missing: run \`npm run bundle\` before this test`);
  }
}

/**
 * A fresh workspace and runner files under `base`; `env` is what the runner would set for the step.
 * A sandbox test puts them outside /tmp, which the sandboxed shell may write.
 */
export function runnerEnvironment(
  inputs: Record<string, string>,
  extra: Record<string, string> = {},
  base: string = tmpdir(),
) {
  const root = realpathSync(mkdtempSync(path.join(base, 'runner-')));
  const workspace = path.join(root, 'workspace');
  const temp = path.join(root, 'temp');
  const outputFile = path.join(root, 'output.txt');
  const summaryFile = path.join(root, 'summary.md');
  for (const dir of [workspace, temp]) mkdirSync(dir);
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? root,
    LANG: 'C.UTF-8',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: temp,
    ...extra,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return { root, workspace, outputFile, summaryFile, env };
}

export interface RunBundleOptions {
  /** Kill the action and fail after this long. */
  timeoutMs?: number;
  /**
   * `ignore` sends the log to /dev/null instead of a pipe this process reads, as a benchmark's
   * reference for what reading the log costs; `stdout` is then empty.
   */
  stdout?: 'pipe' | 'ignore';
  /** Called with the action's process id once it is started. */
  onSpawn?: (pid: number) => void;
  /** Called with the log so far each time more of it arrives. */
  onStdout?: (soFar: string) => void;
  /** The bundle to run: the main step's by default, POST_ENTRY for the post step. */
  entry?: string;
}

/**
 * The post step's environment as the runner builds it: the step's own, plus `STATE_<name>` for each
 * value the main step saved to its GITHUB_STATE file.
 */
export function postStepEnvironment(env: Record<string, string>): Record<string, string> {
  const saved = existsSync(env.GITHUB_STATE ?? '')
    ? parseOutputFile(readFileSync(env.GITHUB_STATE!, 'utf8'))
    : {};
  const state = Object.fromEntries(
    Object.entries(saved).map(([name, value]) => [`STATE_${name}`, value]),
  );
  return { ...env, ...state };
}

/** Starts `dist/index.js` on the shipped Node with `env` and waits for it to exit. */
export function runBundle(
  env: Record<string, string>,
  cwd: string,
  {
    timeoutMs = 30_000,
    stdout: stdoutMode = 'pipe',
    onSpawn,
    onStdout,
    entry = DIST_ENTRY,
  }: RunBundleOptions = {},
): Promise<ActionRun> {
  requireBundle();
  const started = performance.now();
  const child = spawn(shippedNode(), [entry], {
    cwd,
    env,
    stdio: ['ignore', stdoutMode, 'pipe'],
  });
  if (child.pid !== undefined) onSpawn?.(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    onStdout?.(stdout);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not exit within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout,
        stderr,
        outputs: readOutputs(env.GITHUB_OUTPUT as string),
        summary: readFileSync(env.GITHUB_STEP_SUMMARY as string, 'utf8'),
        elapsedMs: performance.now() - started,
      });
    });
  });
}
