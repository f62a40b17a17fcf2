/**
 * The text that frames each command sent to the persistent bash, and the reading of its end marker.
 *
 * Everything a command runs can redefine names: a function shadows any builtin (`builtin`, `command`
 * and `printf` included), `enable -n` removes builtins, an alias replaces even a keyword, a variable
 * can be made readonly or a nameref whose subscript runs code when assigned. So the frame relies on
 * none of that at call time:
 * - its code lives in functions defined when the shell starts, before any command ran (no alias or
 *   function of the agent exists yet, and keywords in a body are parsed then), and made readonly, so
 *   they can be neither redefined nor unset;
 * - each call names them quoted (`\name`), which no alias expands, and a function name is looked up
 *   before everything else, so nothing shadows them;
 * - the bodies use only keywords (`[[`, `if`, `time`, `{`), redirections, positional parameters and
 *   `$?`; the marker is printed by the `time` keyword with `TIMEFORMAT` assigned for that one function
 *   call (so the agent's own `time` keeps its format), after checking it is not a nameref;
 * - the directory is never printed: the session reads it from the kernel. Instead the frame checks,
 *   just before the command runs, that the shell is in the directory the command was checked against
 *   (`[[ . -ef DIR ]]`: the inode, not `$PWD`); a command that ended early in appearance and changed
 *   directory afterwards cannot make the next command run somewhere else;
 * - the end says only whether the shell is still in that directory (the same test again), and when it
 *   is, the session keeps what it knew rather than read the kernel per command. A forged end can say so
 *   falsely, but the check before the next command then finds the shell elsewhere: the claim can cost
 *   a restart, never run a command in a directory it was not checked against.
 * The whole call is one line, read by bash (one byte at a time from its FIFO) before any of it runs,
 * so while a command runs nothing of its frame is left in the FIFO for it to read ahead. Each byte of
 * the line and each argument of a call costs bash time per command (callgrind: ~340 instructions a
 * byte, ~5000 an argument), so the nonce travels as one word.
 */

/** How a call's frame reported its end. */
export type FrameEnd =
  /** `stayed`: the shell is still in the directory the command was checked against. */
  | { kind: 'exit'; status: number; stayed: boolean }
  /** The shell was not in the directory the command was checked against; the command did not run. */
  | { kind: 'moved' }
  /** The frame could not print its marker honestly (TIMEFORMAT readonly, a nameref, or changed). */
  | { kind: 'tampered' };

/** Every marker starts with this, so a marker of an earlier call can be recognised in later output. */
export const MARKER_TAG = '%BASH_AGENT_';
/** The tag as the frame writes it into TIMEFORMAT (where `%%` prints `%`). */
const TAG = `%${MARKER_TAG}`;
/** Hex digits in each half of a call's nonce: 48 random bits in all, far past guessing within a call. */
export const NONCE_HALF = 6;
/** Length of a marker: the tag, two nonce halves joined by `%`, and the space before the status. */
export const MARKER_LENGTH = MARKER_TAG.length + NONCE_HALF + 1 + NONCE_HALF + 1;

/** What follows the status when the shell is no longer in the directory it was checked against. */
const LEFT = 'left';

/** What bash prints in front of the marker when the frame reports tampering (see `broken` below). */
const TAMPER_PREFIX = /bash: [^\n:]*\d+: \/dev\/null\/$/;

/** The names of one shell's frame functions; random per shell, so a shell that replaced itself with
 * `exec bash …` does not have them. Short: bash reads its script one byte per system call, so each
 * byte of a call's line costs (≈ 0.2 µs). */
export interface FrameNames {
  guard: string;
  end: string;
  time: string;
  broken: string;
}

export function frameNames(id: string): FrameNames {
  return {
    guard: `__g${id}`,
    end: `__e${id}`,
    time: `__t${id}`,
    broken: `__x${id}`,
  };
}

/**
 * The definitions sent once when the shell starts. A call's nonce comes in as one argument, its two
 * halves joined by `%%`, which the text `time` prints turns into the marker's one `%`: so neither a
 * trace of the call (`set -x`), of the assignment (which shows `%%`), nor the echo of the line
 * (`set -v`) contains a marker. A function returns the status of its last command, so none of them
 * needs `return`.
 */
export function frameDefinitions(names: FrameNames, frameFd: number): string {
  const { guard, end, time, broken } = names;
  return (
    // $1: directory checked against; $2: nonce.
    `${guard}() { [[ . -ef $1 ]] || { ${end} moved "$2" "$1"; [[ '' ]]; }; }\n` +
    // $1: status (or `moved`); $2: nonce; $3: directory checked against. A nameref could run code
    // when assigned.
    `${end}() { if [[ -R TIMEFORMAT ]]; then ${broken} "$2"; ` +
    `elif [[ . -ef $3 ]]; then TIMEFORMAT="${TAG}$2 $1" ${time} "${TAG}$2 $1" "$2"; ` +
    `else TIMEFORMAT="${TAG}$2 $1 ${LEFT}" ${time} "${TAG}$2 $1 ${LEFT}" "$2"; fi; }\n` +
    // A readonly TIMEFORMAT keeps its value (bash still runs the function), a case attribute changes it.
    `${time}() { if [[ \${TIMEFORMAT-} == "$1" ]]; then { time; } 2>&${frameFd}; ` +
    `else ${broken} "$2"; fi; }\n` +
    // No variable to print with: the error message of a redirection that must fail carries the
    // marker (`bash: line N: /dev/null/%…%… tampered: Not a directory`), the nonce's `%%` made one.
    `${broken}() { { </dev/null/"${MARKER_TAG}\${1/\\%\\%/%} tampered"; } 2>&${frameFd} || [[ 1 ]]; }\n` +
    `readonly -f ${guard} ${end} ${time} ${broken}\n`
  );
}

/** One call: the line to send and the marker its end prints. */
export interface FramedCall {
  line: string;
  marker: string;
}

/**
 * The line that runs `command` if the shell is in the directory `quotedDir` names (one `$'…'` word,
 * from ansiCQuoteBytes or ansiCQuote), then prints the marker with the exit status. `nonce` is
 * 2 × NONCE_HALF hex digits, fresh per call. The command travels as one ANSI-C quoted word for
 * `eval`: whatever it contains (an unclosed quote, a heredoc on its last line, a trailing backslash or
 * `&`) it cannot run into the frame.
 */
export function frameCall(
  names: FrameNames,
  command: string,
  quotedDir: string,
  nonce: string,
): FramedCall {
  const half1 = nonce.slice(0, NONCE_HALF);
  const half2 = nonce.slice(NONCE_HALF, 2 * NONCE_HALF);
  const word = `${half1}%%${half2}`;
  return {
    line:
      `\\${names.guard} ${quotedDir} ${word}&&` +
      `\\eval -- ${ansiCQuote(command)};\\${names.end} "$?" ${word} ${quotedDir}\n`,
    marker: `${MARKER_TAG}${half1}%${half2} `,
  };
}

const FRAME_END = new RegExp(`^(\\d+|moved|tampered)(?: (${LEFT}))?(?:$|[\\s:])`);

/**
 * Reads what follows a marker up to its line end: the exit status (and `left` when the shell is no
 * longer where the command was checked), `moved` or `tampered`.
 */
export function parseFrameEnd(trailer: string): FrameEnd | undefined {
  const words = FRAME_END.exec(trailer);
  const word = words?.[1];
  if (word === undefined) return undefined;
  if (word === 'moved') return { kind: 'moved' };
  if (word === 'tampered') return { kind: 'tampered' };
  return { kind: 'exit', status: Number(word), stayed: words?.[2] === undefined };
}

/** The output of a call whose frame reported tampering, without bash's error prefix before the marker. */
export function withoutTamperPrefix(output: string): string {
  return output.replace(TAMPER_PREFIX, '');
}

/** `$'…'` quoting of bytes that may not be UTF-8 (a directory's name), each such byte as `\xNN`. */
export function ansiCQuoteBytes(bytes: Buffer): string {
  const text = bytes.toString();
  if (Buffer.from(text).equals(bytes)) {
    return ansiCQuote(text);
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
