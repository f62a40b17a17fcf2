/**
 * Holds the action's log in memory and writes it out in batches. Every line logged is a synchronous
 * write to the log pipe, and each one wakes the runner that reads it: several per command, which on
 * a 2-core runner cost about as much as running the command in bash. While holding, the stream's
 * `write` appends text to one string, whichever module writes (workflow-commands.ts writes one string
 * per line); anything else (bytes, an encoding, a callback) first lets what is held out, so the order
 * stays. A flush hands the whole text to the kernel in one write: a corked stream would do the same
 * with one queued chunk per line and a writev over thousands of them, several microseconds a
 * command. What is held goes out on a short timer (so the log of a long command shows while it
 * runs), when the caller asks (before each model request), and on every way out of the process:
 * the end of the run, `process.exit`, an uncaught error, and SIGINT/SIGTERM (the runner's cancel).
 */
import type { Writable } from 'node:stream';

/** The longest a line waits in memory while the process is idle (a long command runs). */
const FLUSH_EVERY_MS = 100;

/** Signals that end the process by default, and that the runner sends to cancel a step. */
const ENDING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

export interface LogBuffer {
  /** Writes out everything held so far, in order. */
  flush(): void;
  /**
   * Runs `step` at every flush, before the log's own lines go out, and at `stop`: how another
   * buffered sink (the JSONL file) shares the log's flush points and its hooks on the way out.
   */
  onFlush(step: () => void): void;
  /** Flushes and stops holding: later writes go straight out. Idempotent. */
  stop(): void;
}

export interface LogBufferOptions {
  flushEveryMs?: number;
}

/** Starts holding what is written to `stream` (the process's stdout in the action). */
export function bufferLog(stream: Writable, options: LogBufferOptions = {}): LogBuffer {
  let holding = true;
  let held = '';
  const steps: Array<() => void> = [];
  const ownWrite = Object.prototype.hasOwnProperty.call(stream, 'write');
  const write = stream.write;
  type WriteArgs = [chunk: unknown, ...rest: unknown[]];
  const writeOut = (...args: WriteArgs): boolean =>
    (write as (...args: WriteArgs) => boolean).apply(stream, args);
  // Synchronous for pipes, files and terminals, which is what the exit hook needs.
  const release = (): void => {
    if (held === '') return;
    const text = held;
    held = '';
    writeOut(text);
  };
  stream.write = ((...args: WriteArgs): boolean => {
    const [chunk] = args;
    if (holding && args.length === 1 && typeof chunk === 'string') {
      held += chunk;
      return true;
    }
    release();
    return writeOut(...args);
  }) as Writable['write'];

  const flush = (): void => {
    for (const step of steps) step();
    release();
  };

  // unref: the timer alone never keeps the process alive; the exit hook writes what is left.
  const timer = setInterval(flush, options.flushEveryMs ?? FLUSH_EVERY_MS).unref();

  const onSignal = (signal: NodeJS.Signals): void => {
    flush();
    // When nothing else handles the signal, it ends the process as it would have without this
    // listener: the default action, taken once the log is out.
    if (process.listenerCount(signal) === 1) {
      stop();
      process.kill(process.pid, signal);
    }
  };

  const stop = (): void => {
    if (!holding) return;
    flush();
    holding = false;
    if (ownWrite) stream.write = write;
    else Reflect.deleteProperty(stream, 'write');
    clearInterval(timer);
    process.removeListener('exit', stop);
    for (const signal of ENDING_SIGNALS) process.removeListener(signal, onSignal);
  };

  // 'exit' also comes after an uncaught exception or rejection; a listener there may only write
  // synchronously, which a write to a pipe, a file or a terminal is.
  process.on('exit', stop);
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);

  return { flush, stop, onFlush: (step) => void steps.push(step) };
}
