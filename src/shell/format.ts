import type { CommandResult, FrameFault, ShellLoss } from './result.js';

/** The text that stands in for the middle of an output too long to return whole. */
export function omissionMarker(omitted: number): string {
  return `\n[... ${omitted} characters omitted ...]\n`;
}

export interface FormatOptions {
  /** Most characters of the text returned: the `max-output` input; no cap by default. */
  maxOutput?: number;
  /** The run's deadline, not command-timeout, set the command's time limit. */
  cutByDeadline?: boolean;
}

function describeShellExit(result: CommandResult): string {
  if (result.shellExitSignal !== null)
    return `the shell exited: it was killed by ${result.shellExitSignal}`;
  return `the shell exited with status ${result.shellExitStatus ?? 'unknown'}`;
}

const RESET =
  'a new shell was started, so the working directory, variables and functions were reset';

const FRAME_FAULTS: Record<FrameFault, string> = {
  'directory-changed':
    'the command did not run: the shell had left the directory the command was checked against after the previous command ended',
  'directory-deleted':
    "the command did not run: the shell's working directory was deleted after the command was checked",
  'foreign-end':
    "the shell reported the end of a command that was not running (something made the session's frame write out of turn)",
  'forged-end': "the shell's end-of-command report was not in the frame's words",
  'text-unread':
    "the command did not run: the shell could not read the command's text whole (something an earlier command set, such as a readonly variable or TMOUT, got in the way)",
};

/** What the model is told before the output when the shell it had was gone before the command. */
function describeLoss(loss: ShellLoss): string {
  const why =
    loss.kind === 'foreign-end'
      ? "the shell reported the end of a command after the previous one had ended (something made the session's frame write out of turn), so it was replaced"
      : loss.signal !== null
        ? `the shell had been killed by ${loss.signal} since the previous command`
        : `the shell had exited with status ${loss.status ?? 'unknown'} since the previous command`;
  return `[${why}; this command ran in a new shell in ${loss.cwd}: the working directory, variables and functions of the old one were lost]`;
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

/** Largest cut ≤ n that doesn't split a UTF-16 surrogate pair. */
function headCut(text: string, n: number): number {
  if (n >= text.length) return text.length;
  if (n <= 0) return 0;
  const code = text.charCodeAt(n - 1);
  return code >= 0xd800 && code <= 0xdbff ? n - 1 : n;
}

/** Start of the longest tail of at most n characters that doesn't begin inside a surrogate pair. */
function tailStart(text: string, n: number): number {
  if (n >= text.length) return 0;
  if (n <= 0) return text.length;
  const start = text.length - n;
  const code = text.charCodeAt(start);
  return code >= 0xdc00 && code <= 0xdfff ? start + 1 : start;
}

/** The output as head, tail and the characters between them already dropped by the session. */
export function splitOutput(result: CommandResult): {
  head: string;
  tail: string;
  omitted: number;
} {
  if (result.omittedChars > 0) {
    const marker = omissionMarker(result.omittedChars);
    const at = result.output.indexOf(marker);
    if (at >= 0) {
      return {
        head: result.output.slice(0, at),
        tail: result.output.slice(at + marker.length),
        omitted: result.omittedChars,
      };
    }
  }
  // Whole: any split point will do; the middle keeps as much of the head as of the tail.
  const middle = headCut(result.output, Math.ceil(result.output.length / 2));
  return { head: result.output.slice(0, middle), tail: result.output.slice(middle), omitted: 0 };
}

/**
 * The result with its output redacted, whole, before anything else can cut it. Where the session's
 * capture already cut the output, a secret may straddle a cut, and its part on this side is no
 * longer any form redaction knows: `margin` characters (the longest secret form) are dropped from
 * each side of the cut after redaction, and counted as omitted. The capture must keep `margin` more
 * characters on each side for that (see captureChars).
 */
export function redactOutput(
  result: CommandResult,
  redact: (text: string) => string,
  margin: number,
): CommandResult {
  if (result.omittedChars === 0) return { ...result, output: redact(result.output) };
  const parts = splitOutput(result);
  const head = redact(parts.head);
  const tail = redact(parts.tail);
  const keptHead = head.slice(0, headCut(head, head.length - margin));
  const keptTail = tail.slice(tailStart(tail, tail.length - margin));
  const omitted = parts.omitted + head.length - keptHead.length + tail.length - keptTail.length;
  return {
    ...result,
    output: `${keptHead}${omissionMarker(omitted)}${keptTail}`,
    omittedChars: omitted,
  };
}

/**
 * The characters of one command's output the session must keep for `kept` to come out of
 * redactOutput: `margin` more on each side of its cut.
 */
export function captureChars(kept: number, margin: number): number {
  return kept + 2 * margin;
}

/**
 * The output cut to at most `room` characters, marker included: head and tail kept around one
 * marker that counts everything dropped. Empty when not even a marker fits.
 */
function fitOutput(result: CommandResult, room: number): string {
  if (result.output.length <= room) return result.output;
  const { head, tail, omitted } = splitOutput(result);
  // The marker is longest when everything is dropped; sized for that, the real one always fits.
  const keep = room - omissionMarker(omitted + head.length + tail.length).length;
  if (keep < 0) return '';
  const headEnd = headCut(head, Math.max(Math.ceil(keep / 2), keep - tail.length));
  const tailFrom = tailStart(tail, keep - headEnd);
  const keptHead = head.slice(0, headEnd);
  const keptTail = tail.slice(tailFrom);
  const dropped = omitted + head.length - keptHead.length + tail.length - keptTail.length;
  return `${keptHead}${omissionMarker(dropped)}${keptTail}`;
}

/**
 * The tool_result the model sees for one command (interface.md): the output, then one line for how it
 * ended when that was anything but success. Errors are flagged so the model cannot mistake them. The
 * whole text, marker and notes included, is never longer than `maxOutput`.
 */
export function formatCommandResult(
  result: CommandResult,
  options: FormatOptions = {},
): { text: string; isError: boolean } {
  const notes: string[] = [];
  if (result.timedOut) {
    const why = options.cutByDeadline
      ? ", cut short by the run's deadline (time-limit is near), not by command-timeout"
      : '';
    notes.push(
      `[timed out after ${seconds(result.timeoutMs)} s${why}: the command and everything it started were killed; ` +
        `the shell was restarted, so the working directory, variables and functions were reset]`,
    );
  } else if (result.frameFault !== null) {
    notes.push(`[${FRAME_FAULTS[result.frameFault]}; ${RESET}]`);
  } else if (result.shellExited) {
    // Not restarted: the session was ended around the command (the run was cancelled).
    const after = result.restarted ? RESET : 'the session is closed, so no new shell was started';
    notes.push(`[${describeShellExit(result)}; ${after}]`);
  } else if (result.exitCode !== 0) {
    notes.push(`[exit code: ${result.exitCode}]`);
  }
  const isError = notes.length > 0;
  // Said before the output: what the command met before it ran. Not an error of the command's own.
  if (result.replacedBefore !== null) notes.unshift(describeLoss(result.replacedBefore));
  if (result.moved !== null) {
    const { from, to } = result.moved;
    notes.unshift(
      `[the working directory ${from} had been deleted: this command ran in ${to}, its nearest existing parent; the session's variables and functions were kept]`,
    );
  }
  const max = options.maxOutput ?? Number.POSITIVE_INFINITY;
  if (notes.length === 0) {
    if (result.output === '') return { text: '(no output)'.slice(0, max), isError };
    return { text: fitOutput(result, max), isError };
  }
  const note = notes.join('\n');
  if (note.length >= max) return { text: note.slice(0, headCut(note, max)), isError };
  // One character for the line break the output may need before the note.
  const output = fitOutput(result, max - note.length - 1);
  const body = output === '' || output.endsWith('\n') ? output : `${output}\n`;
  return { text: body + note, isError };
}
