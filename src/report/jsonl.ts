/**
 * The transcript file: one recorded event per line, appended as events come, so a run that
 * crashes still leaves what happened up to then. Events are recorded redacted (transcript.ts), so
 * what is cut here is already safe; an event too long for one line has its longest texts cut to
 * head and tail, and says so.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RecordedEvent } from '../transcript.js';
import { byteLength, clipBytes } from './markdown.js';

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

/**
 * A transcript listener that appends each event to the file at `file`, starting it empty. A
 * failure to write is reported once through `warn`, and the run goes on without the file.
 */
export function jsonlWriter(file: string, warn: (message: string) => void) {
  let broken = false;
  const fail = (error: unknown): void => {
    broken = true;
    warn(
      `Could not write the transcript file ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  };
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '');
  } catch (error) {
    fail(error);
  }
  return (event: RecordedEvent): void => {
    if (broken) return;
    try {
      // Synchronous: the line is in the file before the run goes on, so a crash loses nothing.
      appendFileSync(file, `${eventLine(event)}\n`);
    } catch (error) {
      fail(error);
    }
  };
}
