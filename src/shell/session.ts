import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { performance } from 'node:perf_hooks';
import { omissionMarker } from './format.js';
import {
  ansiCQuote,
  endPrefixOf,
  EndReader,
  frameCall,
  frameDefinitions,
  frameNames,
  NONCE_BYTES,
  shellWord,
  shellWordOfBytes,
  type FrameEnd,
  type FrameNames,
} from './frame.js';
import { CallTimer } from './call-timer.js';
import { readKernelCwd, type KernelCwd } from './kernel-cwd.js';
import { OutputCapture } from './output.js';
import { ScriptChannel } from './script-channel.js';
import { anyAlive, findShellProcesses, signalProcesses } from './process-tree.js';
import type { CommandResult, FrameFault } from './result.js';
import { randomBase64Url, randomHex } from '../random-token.js';

export interface BashSessionOptions {
  /** Directory the shell starts in, and restarts in. */
  cwd: string;
  /** The complete environment of the shell (see buildShellEnv). */
  env: Record<string, string>;
  /** Most characters of one command's output kept (head and tail). */
  maxOutput: number;
  /** Time limit of a command when `run` is given none. */
  defaultTimeoutMs: number;
  /** Time between SIGTERM and SIGKILL when a command times out, for `trap … TERM` handlers. */
  killGraceMs?: number;
  /** The bash executable; `bash` on PATH by default. */
  bashPath?: string;
  /**
   * Ends the session when aborted (the run is cancelled): the running command is killed with every
   * process of the shell, its call returns, and no shell is started again.
   */
  signal?: AbortSignal;
}

export interface RunOptions {
  timeoutMs?: number;
  /**
   * The directory the command was checked against (by default the session's `cwd`). The command runs
   * only if the shell is in that directory when bash reaches it.
   */
  expectedCwd?: string;
}

/** How long to keep reading after the shell is gone, for output still in the pipe. */
const DRAIN_AFTER_EXIT_MS = 250;
/** How long to wait for SIGKILLed processes to disappear. */
const KILL_CONFIRM_MS = 2000;
/** How often to look whether killed processes are gone during the grace period. */
const REAP_POLL_MS = 10;
/** File descriptor the frame writes its end marker to: a copy of the original stdout, so a command
 * that redirects the shell's own stdout (`exec >log`) cannot swallow the marker. */
const FRAME_FD = 63;
/** How many earlier markers of a shell are remembered to recognise a late one (see `early-end`). */
const REMEMBERED_MARKERS = 256;

/** One bash process and the state of the call running in it. */
interface Shell {
  child: ChildProcess;
  pid: number;
  /** `NAME=value` every process of this shell inherits: how escaped descendants are found. */
  marker: string;
  /** This shell's frame functions. */
  frame: FrameNames;
  /** What bash writes in front of each of this shell's markers (learned from its first call). */
  endPrefix: string;
  /** Markers of this shell's earlier calls: one showing up later means a call ended only in appearance. */
  pastMarkers: Set<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * Ends the running call when the shell exits. Set per call rather than racing each call against
   * `exited`, which would leave one reaction per call on that promise for the shell's whole life.
   */
  endCallOnExit: (() => void) | undefined;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Called with each decoded piece of output. */
  sink: (text: string) => void;
  /** The script bash runs: where each call's line goes. */
  channel: ScriptChannel;
  /** Resolves when stdout has ended. */
  drained: Promise<void>;
  /** Stops reading and removes the command channel; the shell must be gone. */
  dispose: () => void;
}

/**
 * A persistent bash process that runs one command at a time, the way the bash tool expects: state
 * (cwd, variables, functions) persists between calls; stdin is /dev/null for every command; output is
 * stdout and stderr interleaved, bounded in memory; a command past its time limit is killed with its
 * whole process tree and the shell replaced; a command that ends the shell is noticed at once.
 */
export class BashSession {
  readonly #options: Required<Omit<BashSessionOptions, 'signal'>>;
  readonly #signal: AbortSignal | undefined;
  #shell: Shell | undefined;
  #cwd: string;
  /** The last reading of the kernel's directory of the shell, while it is the one `#cwd` names. */
  #kernelCwd: KernelCwd | undefined;
  /**
   * `#cwd` as the word the frame checks against: the kernel's bytes, once read from the kernel,
   * quoted once per change of directory rather than once per call.
   */
  #cwdWord = '';
  /** Calls are chained so two never share the shell's pipes. */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  /** Output that arrived while no call was running (a background job), given to the next call. */
  #stray = '';
  /** The running call's time limit. */
  readonly #callTimer = new CallTimer();
  readonly #onProcessExit = (): void => this.#killNow();
  readonly #onAbort = (): void => void this.kill().catch(() => undefined);

  private constructor(options: BashSessionOptions) {
    const { signal, ...settings } = options;
    this.#options = { killGraceMs: 200, bashPath: 'bash', ...settings };
    this.#signal = signal;
    this.#cwd = options.cwd;
  }

  /** Starts bash in `options.cwd` and waits until it answers. */
  static async start(options: BashSessionOptions): Promise<BashSession> {
    if (!existsSync(options.cwd) || !statSync(options.cwd).isDirectory()) {
      throw new Error(`The shell's working directory does not exist: ${options.cwd}`);
    }
    if (options.signal?.aborted) throw new Error('The run was cancelled before the shell started');
    const session = new BashSession(options);
    // A crashed or killed action must not leave the shell's processes running on the runner.
    process.once('exit', session.#onProcessExit);
    options.signal?.addEventListener('abort', session.#onAbort, { once: true });
    try {
      await session.#enqueue(() => session.#startShell());
    } catch (error) {
      await session.close();
      throw error;
    }
    return session;
  }

  /** The shell's working directory after the last command. */
  get cwd(): string {
    return this.#cwd;
  }

  /** Runs `command` and returns what it printed and how it ended; command failures never throw. */
  run(command: string, options: RunOptions = {}): Promise<CommandResult> {
    const timeoutMs = Math.max(1, Math.round(options.timeoutMs ?? this.#options.defaultTimeoutMs));
    return this.#enqueue(() => this.#run(command, timeoutMs, options.expectedCwd));
  }

  /** Kills the shell and everything it started, and starts a fresh one in the working directory. */
  restart(): Promise<void> {
    return this.#enqueue(async () => {
      await this.#stopShell();
      await this.#startShell();
    });
  }

  /** Kills the shell and everything it started. The session cannot be used afterwards. */
  close(): Promise<void> {
    if (this.#closed) return this.#queue.then(() => undefined);
    this.#closed = true;
    this.#signal?.removeEventListener('abort', this.#onAbort);
    return this.#enqueueAlways(async () => {
      await this.#stopShell();
      process.removeListener('exit', this.#onProcessExit);
    });
  }

  /**
   * Ends the session now, in the middle of a command if one runs: every process of the shell gets
   * SIGKILL at once (a cancelled run has no time for a grace period), the running call returns as
   * if the shell had exited, and the session is closed.
   */
  kill(): Promise<void> {
    const shell = this.#shell;
    const closing = this.close();
    if (shell !== undefined && shell.exit === undefined) {
      signalProcesses(shell.pid, findShellProcesses(shell.pid, shell.marker), 'SIGKILL');
    }
    return closing;
  }

  #enqueue<T>(work: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('The bash session is closed'));
    return this.#enqueueAlways(work);
  }

  #enqueueAlways<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** A directory to start in: the configured one, or its nearest ancestor that still exists. */
  #startDirectory(): string {
    let dir = this.#options.cwd;
    while (!(existsSync(dir) && statSync(dir).isDirectory())) {
      const parent = path.dirname(dir);
      if (parent === dir) return '/';
      dir = parent;
    }
    return dir;
  }

  async #startShell(): Promise<void> {
    const cwd = this.#startDirectory();
    const marker = `BASH_AGENT_SHELL=${randomBytes(8).toString('hex')}`;
    const [name, value] = marker.split('=') as [string, string];
    // Commands reach bash through a script it runs (see ScriptChannel), not through its stdin, so
    // stdin can stay /dev/null for bash and everything it starts, with no redirection per command
    // (which alone cost ~80 µs a call).
    const frame = frameNames(randomHex(2));
    const channel = new ScriptChannel(
      (gates) =>
        // The channel's directory is only where bash finds its script; OLDPWD must not point there.
        // Nothing the agent defines exists yet, so these builtins and keywords are the real ones.
        `builtin cd -- ${ansiCQuote(cwd)} && builtin unset OLDPWD\n` +
        `exec 2>&1 ${FRAME_FD}>&1\n` +
        frameDefinitions(frame, FRAME_FD, gates),
      this.#options.env,
    );
    const child = spawn(this.#options.bashPath, ['--noprofile', '--norc', channel.script], {
      cwd: channel.dir,
      env: { ...this.#options.env, [name]: value },
      // Its own process group, so a timeout can signal every process of the command at once.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (error) {
      channel.dispose();
      throw error;
    }
    const stdout = child.stdout!;
    const stderr = child.stderr!;
    // StringDecoder rather than TextDecoder: same handling of split and invalid sequences (U+FFFD),
    // several times the speed on bulk output.
    const decoder = new StringDecoder('utf8');
    const exited = new Promise<NonNullable<Shell['exit']>>((resolve) => {
      child.once('exit', (code, signal) => {
        shell.exit = { code, signal };
        shell.endCallOnExit?.();
        resolve(shell.exit);
      });
    });
    const shell: Shell = {
      child,
      pid: child.pid!,
      marker,
      frame,
      endPrefix: '',
      pastMarkers: new Set(),
      exit: undefined,
      exited,
      endCallOnExit: undefined,
      sink: (text) => this.#collectStray(text),
      channel,
      drained: new Promise((resolve) => stdout.once('end', resolve)),
      dispose: () => {
        stdout.removeAllListeners('data');
        stderr.removeAllListeners('data');
        channel.dispose();
      },
    };
    const onData = (chunk: Buffer): void => shell.sink(decoder.write(chunk));
    stdout.on('data', onData);
    // stderr is joined to stdout below; anything bash itself prints before that still gets read.
    stderr.on('data', onData);
    this.#shell = shell;
    this.#cwd = cwd;
    this.#kernelCwd = undefined;
    this.#cwdWord = shellWord(cwd);
    const check = await this.#frame(shell, 'true', 10_000, this.#cwdWord);
    if (check.exitCode !== 0) {
      throw new Error(
        `bash did not start: ${check.output || `exit status ${check.shellExitStatus}`}`,
      );
    }
    shell.endPrefix = endPrefixOf(check.output);
  }

  #collectStray(text: string): void {
    // Bounded: a background job that prints forever between calls must not grow the process.
    this.#stray = (this.#stray + text).slice(-this.#options.maxOutput);
  }

  async #run(
    command: string,
    timeoutMs: number,
    expectedCwd: string | undefined,
  ): Promise<CommandResult> {
    if (this.#shell === undefined || this.#shell.exit !== undefined) {
      await this.#stopShell();
      await this.#startShell();
    }
    const checked =
      expectedCwd === undefined || expectedCwd === this.#cwd
        ? this.#cwdWord
        : shellWord(expectedCwd);
    return this.#frame(this.#shell!, command, timeoutMs, checked);
  }

  /**
   * Sends one framed command and waits for its end marker, a timeout or the shell's death. The
   * directory afterwards is read from the kernel, never from anything the shell printed.
   */
  async #frame(
    shell: Shell,
    command: string,
    timeoutMs: number,
    checkedDirWord: string,
  ): Promise<CommandResult> {
    const started = performance.now();
    const capture = new OutputCapture(this.#options.maxOutput);
    // Random per call, so earlier output cannot contain it, and written only now, so no command before
    // this one can read it from the script.
    const { line, marker } = frameCall(
      shell.frame,
      shell.channel.nextGate,
      command,
      checkedDirWord,
      randomBase64Url(NONCE_BYTES),
    );
    const past = shell.pastMarkers;

    // Settled by the end marker, a late marker of an earlier call, or the timer below.
    let finishFrame!: (end: FrameEnd | 'late' | 'timeout' | 'exited') => void;
    const framed = new Promise<FrameEnd | 'late' | 'timeout' | 'exited'>(
      (resolve) => (finishFrame = resolve),
    );
    let finished = false;
    const reader = new EndReader(marker, shell.endPrefix, past, (text) => capture.append(text));
    shell.sink = (text) => {
      const found = reader.push(text);
      if (found === undefined) return;
      finished = true;
      shell.sink = (more) => this.#collectStray(more);
      if (found.rest !== '') this.#collectStray(found.rest);
      finishFrame(found.end);
    };

    // Output that came between calls is this call's, read like the rest: the late end of an earlier
    // call may be in it.
    const stray = this.#stray;
    this.#stray = '';
    if (stray !== '') shell.sink(stray);
    // An earlier call found still running: its shell is replaced before this command reaches it.
    const sent = !finished;
    if (sent) {
      try {
        shell.channel.send(line);
      } catch (error) {
        // Part of the line may be in the script: this shell must never read on.
        await this.#stopShell();
        throw new Error(`Could not send the command to the shell: ${String(error)}`);
      }
    }

    this.#callTimer.start(timeoutMs, () => finishFrame('timeout'));
    if (shell.exit) finishFrame('exited');
    else shell.endCallOnExit = () => finishFrame('exited');
    const outcome = await framed;
    shell.endCallOnExit = undefined;
    this.#callTimer.stop();
    past.add(marker);
    if (past.size > REMEMBERED_MARKERS) past.delete(past.values().next().value!);

    let exitCode: number | null = null;
    let shellExited = false;
    let shellExitStatus: number | null = null;
    let shellExitSignal: NodeJS.Signals | null = null;
    let frameFault: FrameFault | null = null;
    const isTimeout = outcome === 'timeout';

    if (outcome === 'timeout') {
      await this.#killShell(shell, this.#options.killGraceMs);
    } else if (outcome === 'exited') {
      shellExited = true;
      shellExitStatus = shell.exit!.code;
      shellExitSignal = shell.exit!.signal;
      // Orphaned background jobs of the dead shell go with it; their pipe ends would also keep
      // stdout open forever.
      await this.#killShell(shell, 0);
    } else if (outcome === 'late') {
      frameFault = sent ? 'early-end' : 'early-end-not-run';
      await this.#killShell(shell, this.#options.killGraceMs);
    } else if (outcome.kind === 'exit') {
      exitCode = outcome.status;
      const cwd = readKernelCwd(shell.pid, this.#kernelCwd);
      if (cwd !== undefined && cwd !== this.#kernelCwd) {
        this.#cwd = cwd.path;
        this.#kernelCwd = cwd;
        this.#cwdWord = shellWordOfBytes(cwd.bytes);
      }
    } else {
      const gone = outcome.kind === 'moved' && readKernelCwd(shell.pid)?.deleted === true;
      frameFault =
        outcome.kind === 'unreadable'
          ? 'forged-end'
          : gone
            ? 'directory-deleted'
            : 'directory-changed';
      await this.#killShell(shell, 0);
    }
    // A closed session (killed mid-command) is not brought back.
    const restarted = exitCode === null && !this.#closed;
    if (exitCode === null) {
      // Whatever reached the pipe before the end is part of the command's output.
      capture.append(reader.held);
      shell.dispose();
      this.#shell = undefined;
      if (restarted) await this.#startShell();
    }

    const { head, tail, omitted } = capture.result();
    return {
      output: omitted > 0 ? `${head}${omissionMarker(omitted)}${tail}` : head + tail,
      omittedChars: omitted,
      exitCode,
      timedOut: isTimeout,
      timeoutMs,
      shellExited,
      shellExitStatus,
      shellExitSignal,
      frameFault,
      restarted,
      cwd: this.#cwd,
      durationMs: performance.now() - started,
    };
  }

  /**
   * Ends the shell and every process it started: SIGTERM first so `trap … TERM` handlers run, SIGKILL
   * after `graceMs` for whatever is left, then a short wait for output still in the pipe.
   */
  async #killShell(shell: Shell, graceMs: number): Promise<void> {
    let pids = findShellProcesses(shell.pid, shell.marker);
    if (graceMs > 0) {
      signalProcesses(shell.pid, pids, 'SIGTERM');
      const deadline = performance.now() + graceMs;
      while (performance.now() < deadline && (shell.exit === undefined || anyAlive(pids))) {
        await delay(REAP_POLL_MS);
      }
      pids = findShellProcesses(shell.pid, shell.marker);
    }
    signalProcesses(shell.pid, pids, 'SIGKILL');
    await shell.exited;
    // SIGKILL is delivered asynchronously: wait until the processes are really gone, so that "closed"
    // means no process of the session is left.
    for (let waited = 0; waited < KILL_CONFIRM_MS && anyAlive(pids); waited += REAP_POLL_MS) {
      await delay(REAP_POLL_MS);
    }
    await Promise.race([shell.drained, delay(DRAIN_AFTER_EXIT_MS)]);
  }

  async #stopShell(): Promise<void> {
    const shell = this.#shell;
    if (shell === undefined) return;
    this.#shell = undefined;
    await this.#killShell(shell, 0);
    shell.dispose();
    this.#stray = '';
  }

  /** Last resort when the action's process exits: no time for anything but SIGKILL. */
  #killNow(): void {
    const shell = this.#shell;
    if (shell === undefined) return;
    signalProcesses(shell.pid, findShellProcesses(shell.pid, shell.marker), 'SIGKILL');
    shell.dispose();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
