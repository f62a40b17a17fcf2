import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { performance } from 'node:perf_hooks';
import { omissionMarker } from './format.js';
import {
  frameCall,
  frameDefinitions,
  frameNames,
  NONCE_BYTES,
  parseEndMessage,
  shellWord,
  shellWordOfBytes,
  END_FD,
  type FrameEnd,
  type FrameNames,
} from './frame.js';
import { CallTimer } from './call-timer.js';
import { ShellCgroup } from './cgroup.js';
import { ShellStartError } from '../base/errors.js';
import { CommandChannel, END_SOCKET_FD, SHELL_STDIO } from './channel.js';
import { readKernelCwd, type KernelCwd } from './kernel-cwd.js';
import { OutputCapture } from './output.js';
import { anyAlive, channelsOf, findShellProcesses, signalProcesses } from './process-tree.js';
import type { CommandResult, FrameFault, ShellLoss } from './result.js';
import { randomBase64Url, randomHex } from '../base/random-token.js';

export interface BashSessionOptions {
  /** Directory the shell starts in, and restarts in. */
  cwd: string;
  /** The complete environment of the shell (see buildShellEnv). */
  env: Record<string, string>;
  /** Most characters of one command's output kept (head and tail). */
  maxOutput: number;
  /** Redaction for output the session itself cuts (output between calls); none by default. */
  redact?: (text: string) => string;
  /** Time limit of a command when `run` is given none. */
  defaultTimeoutMs: number;
  /** Time between SIGTERM and SIGKILL when a command times out, for `trap … TERM` handlers. */
  killGraceMs?: number;
  /** The bash executable; `bash` on PATH by default. */
  bashPath?: string;
  /**
   * A program and its arguments that bash is started through, bash's path and arguments following
   * them: the sandbox helper, which confines itself and then executes bash.
   */
  launcher?: readonly string[];
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
  /**
   * The command is well-formed bash (the policy's print of what it checked): it runs as bash reads it
   * at a prompt, `$_` included. Anything else runs through `eval`, which contains any text.
   */
  wellFormed?: boolean;
}

/** How long to keep reading after the shell is gone, for output still in the pipe. */
const DRAIN_AFTER_EXIT_MS = 250;
/** How long to wait for SIGKILLed processes to disappear. */
const KILL_CONFIRM_MS = 2000;
/** How often to look whether killed processes are gone during the grace period. */
const REAP_POLL_MS = 10;

/** How one call ended, as the session saw it. */
type Outcome = FrameEnd | 'timeout' | 'exited' | 'foreign-end' | 'forged-end';

/** The call running in a shell. */
interface Call {
  nonce: string;
  capture: OutputCapture;
  /** The end the frame reported, once it has. */
  end: FrameEnd | undefined;
  /** `$PWD` as the end reported it (EndMessage.pwd). */
  pwd?: string;
  finish: (outcome: Outcome) => void;
}

/** One bash process and the state of the call running in it. */
interface Shell {
  child: ChildProcess;
  pid: number;
  /** `NAME=value` every process of this shell inherits: how escaped descendants are found. */
  marker: string;
  /** The links of the shell's sockets in /proc (`socket:[N]`): whoever holds one is the shell's. */
  channels: readonly string[];
  /**
   * A cgroup of the shell's own, where this process may make one (root, a delegated tree): every
   * process the shell starts is in it, whatever it does to its environment, session or descriptors.
   */
  cgroup: ShellCgroup | undefined;
  /** This shell's frame functions. */
  frame: FrameNames;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** The running call, if any. */
  call: Call | undefined;
  /** An end arrived that no call of the session's was waiting for: the shell is not to be trusted. */
  foreignEnd: boolean;
  /** Where commands go, and their ends come from. */
  channel: CommandChannel;
  /** Resolves when stdout has ended. */
  drained: Promise<void>;
  /** Stops reading and closes every descriptor of the shell on this side; the shell must be gone. */
  dispose: () => void;
}

/** A deleted working directory, and the existing parent the next command runs in. */
interface Move {
  from: string;
  to: string;
}

/**
 * A persistent bash process that runs one command at a time, the way the bash tool expects: state
 * (cwd, variables, functions, `$?` and `$_`) persists between calls; stdin is /dev/null for every
 * command; output is stdout and stderr interleaved, bounded in memory; a command past its time limit is
 * killed with its whole process tree and the shell replaced; a command that ends the shell is noticed
 * at once.
 */
export class BashSession {
  readonly #options: Required<Omit<BashSessionOptions, 'signal' | 'launcher'>>;
  readonly #launcher: readonly string[];
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
  /** The working directory was found deleted: the next command runs in its nearest existing parent. */
  #move: Move | undefined;
  /** The exit status the last command left, for the next command's `$?`. */
  #status = 0;
  /** Calls are chained so two never share the shell's pipes. */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  /**
   * A shell is being started: one that dies before its first answer is not started again (a bash,
   * or a sandbox helper, that cannot start would be restarted forever), its start fails.
   */
  #starting = false;
  /** Output that arrived while no call was running (a background job), given to the next call. */
  #stray = '';
  /** The running call's time limit. */
  readonly #callTimer = new CallTimer();
  readonly #onProcessExit = (): void => this.#killNow();
  readonly #onAbort = (): void => void this.kill().catch(() => undefined);

  private constructor(options: BashSessionOptions) {
    const { signal, launcher, ...settings } = options;
    this.#options = { killGraceMs: 200, bashPath: 'bash', redact: (text) => text, ...settings };
    this.#launcher = launcher ?? [];
    this.#signal = signal;
    this.#cwd = options.cwd;
  }

  /** Starts bash in `options.cwd` and waits until it answers. */
  static async start(options: BashSessionOptions): Promise<BashSession> {
    if (!isDirectory(options.cwd)) {
      throw new ShellStartError(`The shell's working directory does not exist: ${options.cwd}`);
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

  /**
   * The directory the next command runs in: `cwd`, unless that directory was deleted since, in which
   * case the next command runs in its nearest existing parent (and its result says so).
   */
  nextCwd(): string {
    // The reading after the last command: a directory removed by a job between calls is caught by
    // the guard instead (the command does not run, and the model is told).
    const now = this.#kernelCwd;
    if (this.#move !== undefined || now === undefined || !now.deleted) return this.#cwd;
    const to = nearestExistingDirectory(now.path);
    this.#move = { from: now.path, to };
    this.#cwd = to;
    this.#kernelCwd = undefined;
    this.#cwdWord = shellWord(to);
    return to;
  }

  /** Runs `command` and returns what it printed and how it ended; command failures never throw. */
  run(command: string, options: RunOptions = {}): Promise<CommandResult> {
    const timeoutMs = Math.max(1, Math.round(options.timeoutMs ?? this.#options.defaultTimeoutMs));
    return this.#enqueue(() => this.#run(command, timeoutMs, options));
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
    if (shell !== undefined && shell.exit === undefined) this.#signalShell(shell, 'SIGKILL');
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

  async #startShell(): Promise<void> {
    const cwd = nearestExistingDirectory(this.#options.cwd);
    const marker = `BASH_AGENT_SHELL=${randomBytes(8).toString('hex')}`;
    const [name, value] = marker.split('=') as [string, string];
    const frame = frameNames(randomHex(2));
    const cgroup = ShellCgroup.create();
    // `-s`: commands come on standard input, the command channel (see CommandChannel).
    const [file, ...argv] = [
      ...this.#launcher,
      this.#options.bashPath,
      '--noprofile',
      '--norc',
      '-s',
    ];
    const child = spawn(file!, argv, {
      cwd,
      env: { ...this.#options.env, [name]: value },
      // Its own process group, so a timeout can signal every process of the command at once.
      detached: true,
      stdio: [...SHELL_STDIO],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (error) {
      for (const stream of child.stdio) stream?.destroy();
      cgroup?.remove();
      throw error;
    }
    const pid = child.pid!;
    // Before bash reads its first line, so it has started nothing outside the cgroup.
    if (cgroup !== undefined && !cgroup.move(pid)) cgroup.remove();
    const stdout = child.stdout!;
    const stderr = child.stderr!;
    // StringDecoder rather than TextDecoder: same handling of split and invalid sequences (U+FFFD),
    // several times the speed on bulk output.
    const decoder = new StringDecoder('utf8');
    const exited = new Promise<NonNullable<Shell['exit']>>((resolve) => {
      child.once('exit', (code, signal) => {
        shell.exit = { code, signal };
        shell.call?.finish('exited');
        resolve(shell.exit);
      });
    });
    const channel = new CommandChannel(child, (line) => this.#onEndMessage(shell, line));
    const shell: Shell = {
      child,
      pid,
      marker,
      // Read before bash runs anything: its first three descriptors and the end socket.
      channels: channelsOf(pid, [0, 1, 2, END_SOCKET_FD]),
      cgroup: cgroup?.pids().includes(pid) ? cgroup : undefined,
      frame,
      exit: undefined,
      exited,
      call: undefined,
      foreignEnd: false,
      channel,
      drained: new Promise((resolve) => stdout.once('end', resolve)),
      dispose: () => {
        stdout.removeAllListeners('data');
        stderr.removeAllListeners('data');
        stdout.destroy();
        stderr.destroy();
        channel.dispose();
        shell.cgroup?.remove();
      },
    };
    const onData = (chunk: Buffer): void => this.#deliver(shell, decoder.write(chunk));
    stdout.on('data', onData);
    // stderr is joined to stdout below; anything bash itself prints before that still gets read.
    stderr.on('data', onData);
    this.#shell = shell;
    this.#cwd = cwd;
    this.#kernelCwd = undefined;
    this.#move = undefined;
    this.#status = 0;
    this.#cwdWord = shellWord(cwd);
    // Nothing the agent defines exists yet, so these builtins are the real ones. A fresh shell has no
    // previous directory, whatever the action's environment says. Descriptor 3, the end socket, is
    // moved out of the range commands use.
    channel.send(
      `builtin unset OLDPWD\n` +
        `exec 2>&1 ${END_FD}>&${END_SOCKET_FD} ${END_SOCKET_FD}>&-\n` +
        frameDefinitions(frame),
    );
    this.#starting = true;
    const check = await this.#frame(
      shell,
      'true',
      true,
      10_000,
      { dir: cwd, word: this.#cwdWord },
      undefined,
    ).finally(() => (this.#starting = false));
    if (check.exitCode !== 0 || check.output !== '') {
      throw new ShellStartError(
        `bash did not start: ${check.output || `exit status ${check.shellExitStatus}`}`,
      );
    }
  }

  /** Output of the shell: the running call's, or kept for the next one. */
  #deliver(shell: Shell, text: string): void {
    const call = shell.call;
    if (call !== undefined) return call.capture.append(text);
    // Bounded: a background job that prints forever between calls must not grow the process.
    // Redacted before the cut, which would leave a secret's end that no redaction could recognise.
    // Held up to twice the cap, so that each redaction is paid for by a cap's worth of new text
    // rather than done again for every chunk; the capture it goes to cuts to the cap itself.
    const stray = this.#stray + text;
    this.#stray =
      stray.length > 2 * this.#options.maxOutput
        ? this.#options.redact(stray).slice(-this.#options.maxOutput)
        : stray;
  }

  /** One line of the end socket. */
  #onEndMessage(shell: Shell, line: string): void {
    const { nonce, end, pwd } = parseEndMessage(line);
    const call = shell.call;
    if (call !== undefined && (end?.kind === 'moved' || end?.kind === 'unread')) {
      return call.finish(end);
    }
    if (call === undefined || nonce !== call.nonce || call.end !== undefined) {
      // Not the end of the running call, or a second one: only the frame writes here, so something
      // made it write out of turn. The shell is replaced before it reads anything more.
      shell.foreignEnd = true;
      call?.finish('foreign-end');
      return;
    }
    if (end === undefined) return call.finish('forged-end');
    call.end = end;
    call.pwd = pwd;
    // The output was written before the end, so the socket was readable no later than the end's:
    // what the event loop has not read of it yet it reads in this same turn, before any immediate.
    setImmediate(() => call.finish(end));
  }

  async #run(command: string, timeoutMs: number, options: RunOptions): Promise<CommandResult> {
    const old = this.#shell;
    let lost: ShellLoss | null = null;
    if (old === undefined || old.exit !== undefined || old.foreignEnd) {
      if (old !== undefined) await this.#stopShell();
      await this.#startShell();
      // Where the new shell started is known only now.
      if (old !== undefined) {
        const cwd = this.#cwd;
        lost = old.foreignEnd
          ? { kind: 'foreign-end', cwd }
          : { kind: 'exited', status: old.exit!.code, signal: old.exit!.signal, cwd };
      }
    }
    this.nextCwd();
    const move = this.#move;
    this.#move = undefined;
    const expected = options.expectedCwd;
    const checked =
      expected === undefined || expected === this.#cwd
        ? { dir: this.#cwd, word: this.#cwdWord }
        : { dir: expected, word: shellWord(expected) };
    const result = await this.#frame(
      this.#shell!,
      command,
      options.wellFormed === true,
      timeoutMs,
      checked,
      move === undefined ? undefined : shellWord(move.to),
    );
    return { ...result, moved: move ?? null, replacedBefore: lost };
  }

  /**
   * Sends one framed command and waits for its end, a timeout or the shell's death. The directory
   * afterwards is read from the kernel, never from anything the shell printed.
   */
  async #frame(
    shell: Shell,
    command: string,
    wellFormed: boolean,
    timeoutMs: number,
    checked: { dir: string; word: string },
    moveTo: string | undefined,
  ): Promise<CommandResult> {
    const { dir: checkedDir, word: checkedDirWord } = checked;
    const started = performance.now();
    const capture = new OutputCapture(this.#options.maxOutput);
    // Random per call, so earlier output cannot contain it, and sent only now, in a line bash takes
    // out of the socket as it reads it.
    const nonce = randomBase64Url(NONCE_BYTES);
    const line = frameCall(shell.frame, {
      command,
      wellFormed,
      dirWord: checkedDirWord,
      status: this.#status,
      nonce,
      mark: randomBase64Url(NONCE_BYTES),
      moveTo,
    });

    let finish!: (outcome: Outcome) => void;
    const framed = new Promise<Outcome>((resolve) => (finish = resolve));
    const call: Call = { nonce, capture, end: undefined, finish: (o) => finish(o) };
    shell.call = call;
    // Output that came between calls is this call's.
    capture.append(this.#stray);
    this.#stray = '';
    try {
      shell.channel.send(line);
    } catch (error) {
      shell.call = undefined;
      await this.#stopShell();
      throw new Error(`Could not send the command to the shell: ${String(error)}`);
    }
    this.#callTimer.start(timeoutMs, () => call.finish('timeout'));
    if (shell.exit) call.finish('exited');
    const outcome = await framed;
    shell.call = undefined;
    this.#callTimer.stop();

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
    } else if (outcome === 'foreign-end' || outcome === 'forged-end') {
      frameFault = outcome;
      await this.#killShell(shell, this.#options.killGraceMs);
    } else if (outcome.kind === 'exit') {
      exitCode = outcome.status;
      this.#status = outcome.status;
      const cwd = stillIn(call.pwd, this.#kernelCwd)
        ? this.#kernelCwd
        : readKernelCwd(shell.pid, this.#kernelCwd);
      if (cwd !== undefined && cwd !== this.#kernelCwd) {
        this.#cwd = cwd.path;
        this.#kernelCwd = cwd;
        this.#cwdWord = shellWordOfBytes(cwd.bytes);
      }
    } else if (outcome.kind === 'unread') {
      // The reader exits the shell on the spot, before bash reads the rest of the text.
      frameFault = 'text-unread';
      await this.#killShell(shell, 0);
    } else {
      // The guard exits the shell on the spot: whether the directory is gone is read from the path.
      frameFault = isDirectory(checkedDir) ? 'directory-changed' : 'directory-deleted';
      await this.#killShell(shell, 0);
    }
    // A closed session (killed mid-command) is not brought back.
    const restarted = exitCode === null && !this.#closed && !this.#starting;
    if (exitCode === null) {
      // Whatever reached the pipe before the end is part of the command's output.
      capture.append(this.#stray);
      this.#stray = '';
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
      moved: null,
      replacedBefore: null,
      cwd: this.#cwd,
      durationMs: performance.now() - started,
    };
  }

  /**
   * Every process of the shell: its group, its descendants, its marker's and its sockets' holders,
   * and its cgroup's members.
   */
  #processesOf(shell: Shell): number[] {
    const found = findShellProcesses(shell.pid, shell.marker, shell.channels);
    const members = shell.cgroup?.pids() ?? [];
    return members.length === 0 ? found : [...new Set([...found, ...members])];
  }

  #signalShell(shell: Shell, signal: NodeJS.Signals): void {
    signalProcesses(shell.pid, this.#processesOf(shell), signal);
    if (signal === 'SIGKILL') shell.cgroup?.kill();
  }

  /**
   * Ends the shell and every process it started: SIGTERM first so `trap … TERM` handlers run, SIGKILL
   * after `graceMs` for whatever is left, then a short wait for output still in the pipe.
   */
  async #killShell(shell: Shell, graceMs: number): Promise<void> {
    let pids = this.#processesOf(shell);
    if (graceMs > 0) {
      signalProcesses(shell.pid, pids, 'SIGTERM');
      const deadline = performance.now() + graceMs;
      while (performance.now() < deadline && (shell.exit === undefined || anyAlive(pids))) {
        await delay(REAP_POLL_MS);
      }
      pids = this.#processesOf(shell);
    }
    signalProcesses(shell.pid, pids, 'SIGKILL');
    shell.cgroup?.kill();
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
    this.#signalShell(shell, 'SIGKILL');
    shell.dispose();
  }
}

/** `dir`, or its nearest ancestor that still exists. */
function nearestExistingDirectory(dir: string): string {
  while (!isDirectory(dir)) {
    const parent = path.dirname(dir);
    if (parent === dir) return '/';
    dir = parent;
  }
  return dir;
}

function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Whether the frame's report of `$PWD` (EndMessage.pwd) shows the shell still where the kernel last
 * said it was: the same path, which the kernel gave physical (so no symbolic link in it could lead
 * elsewhere), and which leads to the directory the shell is in.
 */
function stillIn(pwd: string | undefined, last: KernelCwd | undefined): last is KernelCwd {
  // Compared as bytes: a name that is not UTF-8 reads as the same text as others that are not either.
  return (
    pwd !== undefined &&
    last !== undefined &&
    !last.deleted &&
    pwd === last.path &&
    last.bytes.equals(Buffer.from(pwd))
  );
}
