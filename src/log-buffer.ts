/**
 * Holds the action's log in memory and writes it out in batches. Every `core.info` is a synchronous
 * write to the log pipe, and each one wakes the runner that reads it: three per command, which on a
 * 2-core runner cost about as much as running the command in bash. Corking the stream keeps
 * everything written to it, by whichever module, in one queue in its order; a flush hands the whole
 * queue to the kernel at once (one writev on a pipe). What is held goes out on a short timer (so
 * the log of a long command shows while it runs), when the caller asks (before each model request),
 * and on every way out of the process: the end of the run, `process.exit`, an uncaught error, and
 * SIGINT/SIGTERM (the runner's cancel).
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
  const steps: Array<() => void> = [];
  stream.cork();

  const flush = (): void => {
    for (const step of steps) step();
    if (!holding || stream.writableLength === 0) return;
    // uncork writes the queue out synchronously (one writev); corking again holds the next lines.
    stream.uncork();
    stream.cork();
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
    for (const step of steps) step();
    holding = false;
    clearInterval(timer);
    process.removeListener('exit', stop);
    for (const signal of ENDING_SIGNALS) process.removeListener(signal, onSignal);
    stream.uncork();
  };

  // 'exit' also comes after an uncaught exception or rejection; a listener there may only write
  // synchronously, which uncork does for pipes, files and terminals.
  process.on('exit', stop);
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);

  return { flush, stop, onFlush: (step) => void steps.push(step) };
}
