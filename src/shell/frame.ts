/**
 * The text that frames each command sent to the persistent bash, and the reading of its end marker.
 *
 * Everything a command runs can redefine names: a function shadows any builtin (`builtin`, `command`
 * and `printf` included), `enable -n` removes builtins, an alias replaces even a keyword, a variable
 * can be made readonly or a nameref whose subscript runs code when it is read or assigned. So the
 * frame relies on none of that at call time:
 * - its code lives in functions defined when the shell starts, before any command ran (no alias or
 *   function of the agent exists yet, and keywords in a body are parsed then), and made readonly, so
 *   they can be neither redefined nor unset;
 * - each call names them quoted (`\name`), which no alias expands, and a function name is looked up
 *   before everything else, so nothing shadows them;
 * - the bodies use only keywords (`[[`, `{`), redirections and positional parameters: no
 *   builtin and no variable. The marker is the one thing bash prints without either: the error
 *   message of a redirection that must fail, `bash: line N: /dev/null/%BASH_AGENT_<nonce> <status>:
 *   Not a directory`, written to a descriptor of its own. What bash puts in front of the marker is
 *   the same on every call of a shell (the name of the script the function was read from, and the
 *   function's line), so the session learns it from the shell's first call and takes it off each
 *   output;
 * - the directory is never printed: the session reads it from the kernel after every call (one
 *   `readlink`, far cheaper than the bytes a directory would add to the line). The frame checks,
 *   just before the command runs, that the shell is in the directory the command was checked against
 *   (`[[ . -ef DIR ]]`: the inode, not `$PWD`); a command that ended early in appearance and changed
 *   directory afterwards cannot make the next command run somewhere else.
 * The whole call is one line of the script bash runs (see ScriptChannel), which ends at a gate: bash
 * reads the next line only once the session has written it. Each byte of the line, each call of a
 * function and each argument costs bash time per command (callgrind: ~340 instructions a byte,
 * ~12,000 a function call and ~5,000 an argument): so the frame is two calls, the directory travels
 * once, the nonce and the names are short, and words that need no quoting go bare.
 */

import type { Gate } from './script-channel.js';

/** How a call's frame reported its end. */
export type FrameEnd =
  | { kind: 'exit'; status: number }
  /** The shell was not in the directory the command was checked against; the command did not run. */
  | { kind: 'moved' }
  /** What followed the marker is not what the frame writes: the end was forged. */
  | { kind: 'unreadable' };

/** Every marker starts with this, so a marker of an earlier call can be recognised in later output. */
export const MARKER_TAG = '%BASH_AGENT_';
/**
 * Bytes of a call's nonce, drawn fresh per call: 48 random bits, far past guessing within a call. It
 * travels in the line as 8 base64url characters alone (see randomBase64Url); only the marker puts the
 * tag in front of them, so neither a trace of the call (`set -x`) nor the echo of the line (`set -v`)
 * contains a marker.
 */
export const NONCE_BYTES = 6;
/** Length of a marker: the tag, the nonce's characters, and the space before the status. */
export const MARKER_LENGTH = MARKER_TAG.length + (4 * NONCE_BYTES) / 3 + 1;

/** The names of one shell's frame functions; random per shell, so a shell that replaced itself with
 * `exec bash …` does not have them. */
export interface FrameNames {
  guard: string;
  /** One end function per gate of the script channel: `ends[g]` waits at gate `g` when it is done. */
  ends: readonly [string, string];
}

/** `id`: a few hex digits, fresh per shell. */
export function frameNames(id: string): FrameNames {
  return { guard: `_g${id}`, ends: [`_e${id}`, `_f${id}`] };
}

/**
 * The bash that waits until the session opens the gate (a FIFO) at `gatePath` (see ScriptChannel): a
 * redirection on a keyword alone, so no function, alias or builtin of the agent's can change it.
 */
export function gateWait(gatePath: string): string {
  return `{ [[ 1 ]]; } 9<${ansiCQuote(gatePath)}`;
}

/**
 * The definitions sent once when the shell starts. The marker is the name of a file under
 * `/dev/null`, which is not a directory: opening it fails whoever runs, and bash says so on standard
 * error, here the frame's descriptor for that one redirection. The failing redirection is on a
 * descriptor other than 0, for which bash would fork first (it guards its own input), and `|| [[ 1 ]]`
 * keeps `set -e` from ending the shell on it. The functions that print a marker are defined on one
 * line: bash puts that line's number in front of the marker, and the session takes off what it
 * learned from the first call. The guard's report does not wait at a gate: the line's end still runs.
 */
export function frameDefinitions(
  names: FrameNames,
  frameFd: number,
  gates: readonly [string, string],
): string {
  const { guard, ends } = names;
  const report = (words: string): string =>
    `{ 9</dev/null/"${MARKER_TAG}${words}"; } 2>&${frameFd} || [[ 1 ]]`;
  // $1: status; $2: nonce.
  const end = (gate: Gate): string =>
    `${ends[gate]}() { ${report('$2 $1')}; ${gateWait(gates[gate])}; }`;
  return (
    // $1: directory checked against; $2: nonce.
    `${guard}() { [[ . -ef $1 ]] || { ${report('$2 moved')}; [[ '' ]]; }; }; ${end(0)}; ${end(1)}\n` +
    `readonly -f ${guard} ${ends.join(' ')}\n`
  );
}

/** One call: the line to send and the marker its end prints. */
export interface FramedCall {
  line: string;
  marker: string;
}

/**
 * The line that runs `command` if the shell is in the directory `dirWord` names (one word, from
 * shellWord or shellWordOfBytes), then prints the marker with the exit status and waits at `gate`.
 * `nonce` is fresh per call (see NONCE_BYTES). The command travels as one word for `eval`: whatever
 * it contains (an unclosed quote, a heredoc on its last line, a trailing backslash or `&`) it cannot
 * run into the frame.
 */
export function frameCall(
  names: FrameNames,
  gate: Gate,
  command: string,
  dirWord: string,
  nonce: string,
): FramedCall {
  // `eval` takes `--` and would read a first word starting with `-` as an option.
  const commandWord = command.startsWith('-') ? `-- ${ansiCQuote(command)}` : shellWord(command);
  return {
    line:
      `\\${names.guard} ${dirWord} ${nonce}&&` +
      `\\eval ${commandWord};\\${names.ends[gate]} "$?" ${nonce}\n`,
    marker: `${MARKER_TAG}${nonce} `,
  };
}

const FRAME_END = /^(\d+|moved)(?:$|[\s:])/;

/**
 * Reads what follows a marker up to its line end (`0: Not a directory`, or `moved: …` when the shell
 * was not where the command was checked; bash's own words after the colon may be in the shell's
 * language).
 */
export function parseFrameEnd(trailer: string): FrameEnd {
  const word = FRAME_END.exec(trailer)?.[1];
  if (word === undefined) return { kind: 'unreadable' };
  if (word === 'moved') return { kind: 'moved' };
  return { kind: 'exit', status: Number(word) };
}

/**
 * What bash wrote in front of the marker on a shell's first call, which ran nothing: the name and
 * line it puts before every error of the frame. Only the last line, for bash may have warned about
 * something (an unknown locale) while it started.
 */
export function endPrefixOf(firstOutput: string): string {
  return firstOutput.slice(firstOutput.lastIndexOf('\n') + 1);
}

/** How a call's output ended, as its reader found it. */
export interface FoundEnd {
  /** The call's own end, or `late`: the end of an earlier call, which was still running after it. */
  end: FrameEnd | 'late';
  /** What came after the end's line (output of something left running in the background). */
  rest: string;
}

/**
 * Reads one call's output as it arrives, in pieces split anywhere: passes the command's own text on
 * to `out`, and finds the call's end, its marker with bash's words in front of it (`prefix`) taken
 * off, or the marker of an earlier call (`past`) showing up late.
 */
export class EndReader {
  readonly #marker: string;
  readonly #prefix: string;
  readonly #past: ReadonlySet<string>;
  readonly #out: (text: string) => void;
  /** Kept back until more comes: what could be the start of a marker, and the words before it. */
  readonly #holdBack: number;
  #pending = '';
  /** What followed the marker, once it was found, until its line is whole. */
  #trailer: string | undefined;

  constructor(
    marker: string,
    prefix: string,
    past: ReadonlySet<string>,
    out: (text: string) => void,
  ) {
    this.#marker = marker;
    this.#prefix = prefix;
    this.#past = past;
    this.#out = out;
    this.#holdBack = prefix.length + MARKER_TAG.length - 1;
  }

  /** Takes the next piece of output; returns the end once it has come whole. */
  push(text: string): FoundEnd | undefined {
    if (this.#trailer === undefined) {
      this.#pending += text;
      if (this.#scan()) return { end: 'late', rest: '' };
      if (this.#trailer === undefined) return undefined;
    } else {
      this.#trailer += text;
    }
    const trailer: string = this.#trailer;
    const lineEnd = trailer.indexOf('\n');
    if (lineEnd < 0) return undefined;
    return { end: parseFrameEnd(trailer.slice(0, lineEnd)), rest: trailer.slice(lineEnd + 1) };
  }

  /** Output kept back and not passed on yet, for a call that ended without its marker. */
  get held(): string {
    return this.#pending;
  }

  /** Passes on what cannot be part of a marker; true when a late marker was found. */
  #scan(): boolean {
    const pending = this.#pending;
    for (let from = 0; ;) {
      const at = pending.indexOf(MARKER_TAG, from);
      if (at < 0) {
        this.#passOn(pending.length - Math.min(pending.length, this.#holdBack));
        return false;
      }
      if (pending.length < at + MARKER_LENGTH) {
        this.#passOn(Math.max(0, at - this.#prefix.length));
        return false;
      }
      const candidate = pending.slice(at, at + MARKER_LENGTH);
      if (candidate === this.#marker) {
        this.#trailer = pending.slice(at + MARKER_LENGTH);
        this.#passOnBefore(at);
        return false;
      }
      if (this.#past.has(candidate)) {
        this.#passOnBefore(at);
        return true;
      }
      from = at + 1;
    }
  }

  /** Passes on the output before `at`, where it is cut. */
  #passOn(at: number): void {
    if (at > 0) this.#out(this.#pending.slice(0, at));
    this.#pending = this.#pending.slice(at);
  }

  /** Passes on the output before a marker at `at`, without bash's words in front of it. */
  #passOnBefore(at: number): void {
    const text = this.#pending.slice(0, at);
    const prefix = this.#prefix;
    this.#pending = '';
    const own = prefix !== '' && text.endsWith(prefix) ? text.slice(0, -prefix.length) : text;
    if (own !== '') this.#out(own);
  }
}

/**
 * Characters that stand for themselves anywhere in an unquoted bash word, whatever the shell's
 * options and variables: no quoting, expansion, globbing (extglob's included), brace, tilde,
 * operator or comment character among them.
 */
const LITERAL_WORD = /^[A-Za-z0-9_./,:@%+=-]+$/;

/** `text` as one bash word: itself when every character is literal, else ANSI-C quoted. */
export function shellWord(text: string): string {
  return LITERAL_WORD.test(text) ? text : ansiCQuote(text);
}

/** shellWord for bytes that may not be UTF-8 (a directory's name), each such byte as `\xNN`. */
export function shellWordOfBytes(bytes: Buffer): string {
  const text = bytes.toString();
  if (Buffer.from(text).equals(bytes)) {
    return shellWord(text);
  }
  const body = Array.from(bytes, (byte) => {
    if (byte === 0x5c) return '\\\\';
    if (byte === 0x27) return "\\'";
    if (byte >= 0x20 && byte < 0x7f) return String.fromCharCode(byte);
    return `\\x${byte.toString(16).padStart(2, '0')}`;
  }).join('');
  return `$'${body}'`;
}

/** `$'…'` quoting: every byte survives, and nothing in the text can end the word early. */
export function ansiCQuote(text: string): string {
  // bash variables cannot hold NUL, and `\x00` would end the word: NULs are dropped.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  const body = text.replace(/[\\'\x00-\x1f\x7f]/g, (char) => {
    if (char === '\\') return '\\\\';
    if (char === "'") return "\\'";
    if (char === '\x00') return '';
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return `$'${body}'`;
}
