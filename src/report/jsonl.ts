/**
 * The transcript file: one recorded event per line. Lines are held in memory as events come and
 * appended in one write at each flush point of the log (before every request, on the log's timer
 * while a command runs long, on every way out of the process: log-buffer.ts), so a burst of commands
 * costs one write per request instead of two per command, and a run that crashes or is cancelled
 * still leaves everything up to its end. Events are recorded redacted (transcript.ts), so
 * what is cut here is already safe; an event too long for one line has its longest texts cut to
 * head and tail, and says so.
 */
import { closeSync, constants, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { RecordedEvent } from '../transcript.js';
import { byteLength, clipBytes } from './markdown.js';
import { messageOf } from '../base/errors.js';

/**
 * Characters of a command's output the session keeps for the transcript (head and tail), however
 * little of it the model gets: enough for a whole test log, small enough that 500 of them fit in
 * memory.
 */
export const TRANSCRIPT_OUTPUT_CHARS = 100_000;

/** The most one line may take: full outputs of any realistic command, and a bound on the file. */
export const EVENT_MAX_BYTES = 1_000_000;

/** The strings of an event, longest first, with a way to put a shorter one in place. */
function stringSlots(
  value: unknown,
  slots: Array<{ length: number; set: (s: string) => void; get: () => string }>,
): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item === 'string') {
        slots.push({
          length: item.length,
          get: () => value[index] as string,
          set: (s) => (value[index] = s),
        });
      } else stringSlots(item, slots);
    });
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (typeof item === 'string') {
        slots.push({
          length: item.length,
          get: () => record[key] as string,
          set: (s) => (record[key] = s),
        });
      } else stringSlots(item, slots);
    }
  }
}

/** One event as its JSON line, at most `maxBytes` (plus the line break). */
export function eventLine(event: RecordedEvent, maxBytes = EVENT_MAX_BYTES): string {
  const line = JSON.stringify(event);
  if (byteLength(line) <= maxBytes) return line;
  const copy = structuredClone(event) as RecordedEvent & { cut?: boolean };
  copy.cut = true;
  const slots: Array<{ length: number; set: (s: string) => void; get: () => string }> = [];
  stringSlots(copy, slots);
  slots.sort((a, b) => b.length - a.length);
  // Halve the longest texts' share until the line fits; JSON escaping can make a text up to six
  // times its length, so each round measures again.
  let share = Math.floor(maxBytes / 2);
  for (;;) {
    for (const slot of slots) {
      if (byteLength(slot.get()) > share) slot.set(clipBytes(slot.get(), share, ' from this line'));
    }
    const cut = JSON.stringify(copy);
    if (byteLength(cut) <= maxBytes || share < 64) return cut;
    share = Math.floor(share / 2);
  }
}

/** The transcript file, open for the whole run. */
export interface JsonlFile {
  /** The transcript listener: holds the event as one line until the next flush. */
  write(event: RecordedEvent): void;
  /** Appends the held lines to the file, in order, in one write. */
  flush(): void;
  /** Flushes, then closes the file: later events are dropped. */
  close(): void;
}

/**
 * Opens the transcript file at `file`, empty, before the shell starts, and writes through that one
 * descriptor: the file sits where the agent's commands can reach it (under RUNNER_TEMP or the
 * workspace), and a path opened again for each line would follow a link the agent put there to a
 * file a later step runs. A failure to write is reported once through `warn`, and the run goes on
 * without the file.
 */
export function openJsonl(file: string, warn: (message: string) => void): JsonlFile {
  let fd: number | undefined;
  let held: string[] = [];
  const fail = (error: unknown): void => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    warn(`Could not write the transcript file ${file}: ${messageOf(error)}`);
  };
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // O_NOFOLLOW: a link already at the path is refused, not written through.
    fd = openSync(
      file,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
      0o600,
    );
  } catch (error) {
    fail(error);
  }
  const flush = (): void => {
    if (fd === undefined || held.length === 0) return;
    const bytes = Buffer.from(held.join(''));
    held = [];
    try {
      // Synchronous, so a flush from the process's exit hook still reaches the file; a short
      // write (a nearly full disk) goes on from where it stopped.
      for (let written = 0; written < bytes.length;) {
        written += writeSync(fd, bytes, written);
      }
    } catch (error) {
      fail(error);
    }
  };
  return {
    write(event) {
      if (fd !== undefined) held.push(`${eventLine(event)}\n`);
    },
    flush,
    close() {
      flush();
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
