/**
 * How commands reach the persistent bash, and how their ends come back: two Unix sockets, which is
 * what Node's `pipe` stdio is. bash reads its commands from its standard input, the first socket; the
 * frame writes each end to the second one, which the shell starts with as descriptor 3 and moves to
 * END_FD. Why no command can reach either is in frame.ts; in short, a socket cannot be opened by any
 * path, and while a command runs bash holds both only in close-on-exec copies.
 *
 * bash reads a socket one byte per system call, so that it never takes input past the line it runs:
 * there is no script file to read ahead in, and nothing waits at a gate between calls. The next line
 * is simply not there until the session writes it, after the end of the call before it.
 */
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** The descriptor the end socket has in the child when it starts. */
export const END_SOCKET_FD = 3;

/** The stdio of a shell: its input, output, errors before they are joined to the output, ends. */
export const SHELL_STDIO = ['pipe', 'pipe', 'pipe', 'pipe'] as const;

/** The longest end message kept while its line is incomplete: the frame's are a few dozen bytes. */
const MAX_MESSAGE = 4096;

export class CommandChannel {
  readonly #input: Writable;
  readonly #ends: Readable;
  #partial = '';

  /** `onMessage` gets each whole line of the end socket. */
  constructor(child: ChildProcess, onMessage: (line: string) => void) {
    this.#input = child.stdin!;
    this.#ends = child.stdio[END_SOCKET_FD] as Readable;
    // A shell that died makes writes fail: that is seen through its exit, not here.
    this.#input.on('error', () => undefined);
    this.#ends.on('error', () => undefined);
    this.#ends.setEncoding('utf8');
    this.#ends.on('data', (text: string) => {
      let lines = this.#partial + text;
      for (let end = lines.indexOf('\n'); end >= 0; end = lines.indexOf('\n')) {
        onMessage(lines.slice(0, end));
        lines = lines.slice(end + 1);
      }
      // A line that never ends is not the frame's: keep its tail only, so it cannot grow the process.
      this.#partial = lines.slice(-MAX_MESSAGE);
    });
  }

  /** Writes `text` to bash's input; throws when the channel was disposed. */
  send(text: string): void {
    if (this.#input.destroyed) throw new Error("the shell's input is closed");
    this.#input.write(text);
  }

  /**
   * Closes both sockets on this side, so that a process the shell left behind that still holds the
   * other ends cannot keep the action's event loop alive.
   */
  dispose(): void {
    this.#input.destroy();
    this.#ends.removeAllListeners('data');
    this.#ends.destroy();
  }
}
