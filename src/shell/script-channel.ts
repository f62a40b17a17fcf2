/**
 * How commands reach the persistent bash: a script file that bash runs, and two gates it waits at.
 *
 * bash reads a script it cannot seek (a FIFO, a pipe) one byte per system call, so that it never
 * consumes input past the line it runs; a frame of about 80 bytes and the command itself then cost a
 * system call a byte. A regular file bash reads in blocks of up to 8 KiB (as large as the file was
 * when bash opened it, so the file starts with a comment that long). But at the end of a regular file
 * bash finds end-of-file and exits, so it must never get there before the next line is written: each
 * call's line ends (in the frame's end function, after the end marker) by opening one of two FIFOs
 * for reading, which blocks bash until this side opens it for writing. The session appends the next
 * line to the script and only then opens the gate bash waits at.
 *
 * Two gates, used in turn, because a gate held open for a moment too long would also let bash through
 * the next one: bash, woken by the opening, can run the whole next call and reach its gate before
 * this side closes the first.
 *
 * The opening is the dearest step of a quick call: it wakes bash on the other core, and on the
 * 2-core virtual machines measured that wake, a call into the hypervisor, was about 12% of the main
 * thread's time in a burst of `true` calls. A byte written to a pipe is a cheaper wake (the kernel
 * may keep the reader on the writer's core): a bare round trip released that way took 60–69 µs
 * against 78–83 µs through the FIFO, in the same runs. But bash takes one byte from a pipe only
 * with the `read` builtin, which a command can shadow with a function or turn off (`enable -n
 * read`), and the frame relies on no builtin (see frame.ts).
 *
 * While a command runs, nothing after its own line is in the script: a command that reads the script
 * (`/proc/$$/fd/255`) learns only what ran already. The script grows by each call's line for the
 * life of the shell; it is removed with the shell.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, fstat, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gateWait } from './frame.js';

/** The most bash reads from its script at once (bash's MAX_INPUT_BUFFER_SIZE). */
const BASH_READ_SIZE = 8192;
/** How the session opens a gate: for writing, failing (ENXIO) rather than waiting when bash is not there. */
const GATE_FLAGS = constants.O_WRONLY | constants.O_NONBLOCK;
/** Tries at a gate bash has not reached, one after the other, before trying once a millisecond. */
const QUICK_TRIES = 32;
const SLOW_TRY_MS = 1;

export type Gate = 0 | 1;

export class ScriptChannel {
  /** The private directory of the script and the gates. */
  readonly dir: string;
  /** The script, named `bash` so that bash's messages read `bash: line 3: …`, relative to `dir`. */
  readonly script = 'bash';
  /** The gates' paths. */
  readonly gates: readonly [string, string];
  readonly #scriptFd: number;
  /** The gate bash waits at (or will, once the line it runs is done). */
  #waitingAt: Gate = 0;
  /** Lines sent (and disposals): a try at a gate for an earlier one gives up. */
  #sends = 0;

  /** Makes the directory, the gates and a script of `preamble`, after which bash waits at gate 0. */
  constructor(preamble: (gates: readonly [string, string]) => string, env: NodeJS.ProcessEnv) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'bash-agent-'));
    this.gates = [path.join(this.dir, 'gate0'), path.join(this.dir, 'gate1')];
    try {
      execFileSync('mkfifo', ['-m', '600', ...this.gates], { env });
      this.#scriptFd = openSync(
        path.join(this.dir, this.script),
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND,
        0o600,
      );
    } catch (error) {
      rmSync(this.dir, { recursive: true, force: true });
      throw new Error(`Could not create the shell's command channel: ${String(error)}`);
    }
    // A comment line that makes the script as long as bash's largest read when bash opens it.
    this.#append(
      `#${' '.repeat(BASH_READ_SIZE - 2)}\n${preamble(this.gates)}${gateWait(this.gates[0])}\n`,
    );
  }

  /** The gate the line sent next must end at: the one bash does not wait at now. */
  get nextGate(): Gate {
    return this.#waitingAt === 0 ? 1 : 0;
  }

  /**
   * Appends `line` (which must end at `nextGate`) to the script and lets bash through the gate it
   * waits at, now or as soon as it gets there. Throws when the script cannot be written (a full disk);
   * bash is then still held at its gate.
   */
  send(line: string): void {
    this.#append(line);
    const gate = this.#waitingAt;
    this.#waitingAt = this.nextGate;
    this.#sends += 1;
    if (!this.#openNow(gate)) this.#openSoon(gate, this.#sends, 1);
  }

  /** Stops waiting for bash at a gate and removes the channel; the shell must be gone. */
  dispose(): void {
    this.#sends += 1;
    closeSync(this.#scriptFd);
    rmSync(this.dir, { recursive: true, force: true });
  }

  #append(text: string): void {
    const bytes = Buffer.from(text);
    for (let written = 0; written < bytes.length;) {
      written += writeSync(this.#scriptFd, bytes, written);
    }
  }

  /**
   * Opens the gate for writing and closes it again in the same turn, which lets bash through if it
   * waits there; false when bash is not there yet. Any other failure (the gate was removed) leaves
   * bash to fail its own opening and read on: it runs the lines the session wrote, meets the end of
   * the script and exits, which the session notices.
   */
  #openNow(gate: Gate): boolean {
    let fd: number;
    try {
      fd = openSync(this.gates[gate], GATE_FLAGS);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ENXIO';
    }
    closeSync(fd);
    return true;
  }

  /**
   * Tries the gate again, as long as `send` is the last line sent, each time after a trip through
   * libuv's thread pool: meanwhile the event loop sleeps, so bash, which may share this core, runs up
   * to its gate (tried again at once, the gate would keep bash off the core it needs to get there).
   * The try itself stays on this thread, opening and closing in one turn: a gate left open while
   * bash runs the next line would let it through the gate after that one too. Quick tries first
   * (bash is microseconds from its gate after its end marker), then one a millisecond, for a shell
   * still busy (an end that came before its command was over).
   */
  #openSoon(gate: Gate, send: number, tries: number): void {
    const again = (): void => {
      if (send !== this.#sends || this.#openNow(gate)) return;
      this.#openSoon(gate, send, tries + 1);
    };
    if (tries < QUICK_TRIES) fstat(this.#scriptFd, again);
    else setTimeout(again, SLOW_TRY_MS);
  }
}
