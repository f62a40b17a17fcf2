/**
 * The text that frames each command sent to the persistent bash, and the reading of its ends.
 *
 * The channel (see CommandChannel): bash reads its commands from its standard input, a Unix socket,
 * and the frame reports each call's end over a second socket. A command must not be able to read,
 * write, consume or imitate either, so each route is closed by construction:
 * - **Nothing to open.** A socket cannot be opened through `/proc/<pid>/fd/N` (the kernel answers
 *   ENXIO), neither bash's nor the action's, and no file or FIFO carries a command or an end: there is
 *   no path a command could read, append to or open behind the session.
 * - **Nothing held.** While the command runs, bash's input and the end socket are closed: the call
 *   wraps the command in `{ …; }</dev/null` and `{ COMMAND } 63>&-`. bash keeps the originals in
 *   copies of its own (descriptors 10 and up) that it marks close-on-exec, so nothing the command
 *   starts inherits them, and a command reaches them only by naming them (`<&10`, `>&11`), which the
 *   policy refuses (descriptors above 9 and descriptors held in variables belong to the frame). The
 *   copies are put back when the command is over, before the frame writes the end, so not even a
 *   command that closes or replaces descriptor 63 (`exec 63>&-`) changes the frame of a later call.
 * - **Nothing to learn.** The call's line is consumed from the socket as bash reads it, so no later
 *   reader finds it; the nonce is in the line only.
 * - **Nothing to replace.** The frame's functions are defined when the shell starts, before any
 *   command ran (no alias or function of the agent exists yet, and keywords in a body are parsed
 *   then), and made readonly, so they can be neither redefined nor unset; each call names them quoted
 *   (`\name`), which no alias expands. The bodies use only keywords (`[[`, `{`), redirections,
 *   positional parameters and `\builtin` (for `return`, `exit`, `cd`, `eval` and `printf`): `builtin`
 *   is the one name the frame looks up that a command could shadow (by a function), and it and the
 *   builtins it runs are the ones a command could remove (`enable -n`); the policy refuses all of
 *   that (FRAME_NAMES in the policy). The line itself is written with keywords alone where bash
 *   reads a command's name (`{`, `}`, and `[[` for the check after a status of 0), which an alias
 *   could rewrite once `expand_aliases` is on; the policy refuses aliases by those names
 *   (FRAME_KEYWORDS).
 * - **The end is the frame's.** The end, `%BASH_AGENT_<nonce> <status>`, is written on the end socket
 *   (descriptor 63) alone. The output carries no marker at all: nothing a command prints can
 *   end a call, and the session reads what is left of the output when the end comes (it was written
 *   before the end).
 * - **`$?` and `$_` are the agent's.** After a status of 0 the check is `[[`, which leaves `$?` at 0
 *   and `$_` alone; otherwise the guard returns the status the previous call left (so the command
 *   sees it in `$?`), with `||` after it so that `set -e` ignores it, and its last argument is the
 *   `$_` the previous call left, which makes it `$_` again. The end's last argument keeps the
 *   command's `$_` the same way.
 *
 * - **Long text is the command's alone.** Long raw text follows its line instead of being quoted
 *   into it, and a reader of the frame's takes it in bulk and checks it whole before `eval` runs it;
 *   why that keeps every route above closed is at frameCall.
 *
 * Each byte of the line costs bash a system call (it reads a socket one byte at a time, so that it
 * never takes input meant for a later line), so the names and the nonce are short, plain words end
 * with `;` rather than a line of their own, and long raw text is read in bulk (frameCall).
 */

/** How a call's frame reported its end. */
export type FrameEnd =
  | { kind: 'exit'; status: number }
  /** The shell was not in the directory the command was checked against; the command did not run. */
  | { kind: 'moved' }
  /** The shell could not read the command's text whole (see frameCall); the command did not run. */
  | { kind: 'unread' };

/** Every end message's marker starts with this. */
export const MARKER_TAG = '%BASH_AGENT_';
/**
 * Bytes of a call's nonce, drawn fresh per call: 48 random bits, far past guessing within a call. It
 * travels in the line as 8 base64url characters alone (see randomBase64Url); only the marker puts the
 * tag in front of them, so neither a trace of the call (`set -x`) nor the echo of the line (`set -v`)
 * contains a marker.
 */
export const NONCE_BYTES = 6;
/** Characters of a nonce. */
export const NONCE_LENGTH = (4 * NONCE_BYTES) / 3;
/** Characters of the mark that ends text read in bulk (see frameCall): a nonce's. */
const MARK_LENGTH = NONCE_LENGTH;

/** The descriptor the end goes to: the end socket, closed while a command runs. */
export const END_FD = 63;
/** The status of a shell whose guard found it in the wrong directory (it exits on the spot). */
export const MOVED_EXIT_STATUS = 125;
/** What the guard reports before it exits: no nonce, as all it can do is end the shell. */
const MOVED = 'moved';
/** What the reader of a command's text reports before it exits (see frameCall). */
const UNREAD = 'unread';
/**
 * Raw text at least this long, all ASCII, reaches bash in bulk (see frameCall): below it, the
 * reader's call costs more reads than quoting the text saves.
 */
export const BULK_MIN_LENGTH = 64;

/** The names of one shell's frame functions; random per shell, so a shell that replaced itself with
 * `exec bash …` does not have them. */
export interface FrameNames {
  /** Checks the directory and leaves the previous call's `$?` (for a status other than 0). */
  guard: string;
  /** Reports that the shell is not where the command was checked, and ends the shell. */
  moved: string;
  end: string;
  /** Moves the shell to the nearest existing parent of a deleted working directory. */
  move: string;
  /** Reads a command's text in bulk into `text` (see frameCall). */
  read: string;
  /** The variable the text read in bulk is kept in for `eval`. */
  text: string;
}

/** `id`: a few hex digits, fresh per shell. */
export function frameNames(id: string): FrameNames {
  return {
    guard: `_g${id}`,
    moved: `_m${id}`,
    end: `_e${id}`,
    move: `_c${id}`,
    read: `_r${id}`,
    text: `_t${id}`,
  };
}

/**
 * The definitions sent once when the shell starts, after the descriptors are in place. The end is
 * written by `printf` as one line, in one system call, the last thing bash does before it reads the
 * next line (bash doing more after the end, such as putting a descriptor back, was measured to make
 * a quick call about half again as slow).
 */
export function frameDefinitions(names: FrameNames): string {
  const { guard, moved, end, move, read, text } = names;
  return (
    `${moved}() { \\builtin printf '%${MARKER_TAG}${MOVED}\\n' >&${END_FD}; \\builtin exit ${MOVED_EXIT_STATUS}; }; ` +
    // $1: directory checked against; $2: the status to leave in $?; $3: the old $_.
    `${guard}() { [[ . -ef $1 ]] || \\${moved}; \\builtin return "$2"; }; ` +
    // $1: nonce; $2: the old $_. `$?` is still the command's when a function starts. (The tag starts
    // with `%`, which printf's format doubles.) `$PWD` follows when it names the directory the shell
    // is in (see EndMessage.pwd).
    `${end}() { \\builtin set -- "$1" "$?"; if [[ . -ef $PWD && $PWD != *$'\\n'* ]]; then ` +
    `\\builtin printf '%${MARKER_TAG}%s %s %s\\n' "$1" "$2" "$PWD" >&${END_FD}; ` +
    `else \\builtin printf '%${MARKER_TAG}%s %s\\n' "$1" "$2" >&${END_FD}; fi; }; ` +
    // $1: directory; $2: the old $_.
    `${move}() { \\builtin cd -- "$1"; }; ` +
    // $1: characters to read; $2: the mark that ends them; $3: the old $_. See frameCall for why each
    // step is there. The two unsets drop whatever an earlier command made of the variable: `-n` a
    // nameref (and not what it names), `-v` then the variable with its attributes (an integer would
    // evaluate the text as arithmetic, whose subscripts run code), even one declared without a value,
    // which `-n` alone leaves. `IFS=` keeps read from trimming. Any failure ends the shell before
    // bash could read the rest of the text as commands.
    `${read}() { \\builtin unset -n ${text} && \\builtin unset -v ${text} && IFS= \\builtin read -r -N "$1" ${text} && ` +
    `[[ \${${text}: -${MARK_LENGTH}} == "$2" ]] && ${text}=\${${text}::-${MARK_LENGTH}} || ` +
    `{ \\builtin printf '%${MARKER_TAG}${UNREAD}\\n' >&${END_FD}; \\builtin exit ${MOVED_EXIT_STATUS}; }; }\n` +
    `readonly -f ${guard} ${moved} ${end} ${move} ${read}\n`
  );
}

export interface CallText {
  /** The command, as bash is to read it. */
  command: string;
  /**
   * The command is well-formed bash (the policy's own print of it): it goes into the line as it is,
   * where bash reads it as it would at a prompt, as does text of plain words (isPlainWords).
   * Otherwise it goes through `eval` as one word, so
   * that whatever it contains (an unclosed quote, a heredoc on its last line, a trailing backslash or
   * `&`) cannot run into the frame; `$_` after it is then eval's last argument.
   */
  wellFormed: boolean;
  /** The directory the command was checked against (one word, from shellWord or shellWordOfBytes). */
  dirWord: string;
  /** The exit status of the previous call, for `$?`. */
  status: number;
  /** Fresh per call (see NONCE_BYTES). */
  nonce: string;
  /** Fresh per call, drawn as the nonce is but apart from it: ends text read in bulk (frameCall). */
  mark: string;
  /** A word naming the directory to move to first (its old one was deleted), if any. */
  moveTo?: string;
}

/**
 * The line that runs the command if the shell is in the directory `dirWord` names, then writes the
 * end. Standard input is /dev/null for the whole line, frame included (but for the reader of long
 * text, below), so even a trap of the agent's that runs between the frame's commands never holds the
 * channel. The empty line after an `eval` is
 * for bash 5.2: after `eval` met the end of its text inside a quote, bash reads the next line's `{` as
 * a plain word (`{: command not found`) unless a line comes between.
 *
 * Raw text of BULK_MIN_LENGTH characters or more, all ASCII, is not quoted into the line but follows
 * it: bash reads a line one byte per system call, while `read -N` takes up to 4096 bytes per call
 * (bash 5.2's zreadn, never past the count it was given), which for a 2 KB heredoc is most of the
 * call's cost. The line starts with the reader, `\_r COUNT MARK "$_"`, which bash runs after it has
 * parsed the whole line and before the rest of it; the text comes right after the line's newline,
 * then the mark (fresh per call, like the nonce, and not the nonce), then the empty line. Each route
 * stays closed:
 * - **The text cannot run as commands.** The reader reads exactly COUNT characters, and COUNT
 *   characters are COUNT bytes as the text is ASCII (in every locale bash can run in); it keeps them
 *   only if they end with the mark. Bytes left in bash's read buffer by an earlier `read` of the
 *   agent's would come first and push the mark out of the count; a `TMOUT` or a signal that cut the
 *   read short would leave it out. Whenever the mark is not where it must be,
 *   or any step fails, the reader writes `unread` on the end socket and ends the shell, before bash
 *   could read what is left of the text as commands of its own.
 * - **The nonce is not in it.** The text and the mark are the command's own; the nonce is in the
 *   line, which bash has parsed before the reader runs.
 * - **The frame is not replaced.** The reader is a readonly function like the others; it runs
 *   `\builtin` alone, and its variable is unset right before the read (first as a nameref, so that
 *   a nameref goes and not what it names, then as a variable), which drops whatever attributes a
 *   command gave it; a readonly one makes the unset fail, which ends the shell. `eval` then runs
 *   the variable's text where the quoted text ran, at the top level, as before.
 * - **No channel is held.** While the reader runs, standard input is the command socket, as it is
 *   between calls; what is on it then is this call's text alone (the next line is sent after the
 *   end). A trap that read it would leave the reader short of its text: the call times out and the
 *   shell is replaced.
 */
export function frameCall(names: FrameNames, call: CallText): string {
  const { command, dirWord, status, nonce, moveTo } = call;
  const plain = isPlainWords(command);
  const wellFormed = call.wellFormed || plain;
  const bulk = !wellFormed ? bulkText(command) : undefined;
  // `eval` takes `--` and would read a first word starting with `-` as an option.
  const evalStart = `\\builtin eval ${command.startsWith('-') ? '-- ' : ''}`;
  const body = wellFormed
    ? plain
      ? // No comment, heredoc, backslash or operator can be in plain words: `;` ends them.
        `${command};`
      : // A newline of its own: a comment or a heredoc on the command's last line ends before `}`,
        // and a trailing backslash joins the empty line, not the frame.
        `${command}\n\n`
    : bulk !== undefined
      ? `${evalStart}"$${names.text}";`
      : `${evalStart}${evalWord(command)}\n`;
  const read =
    bulk === undefined ? '' : `\\${names.read} ${bulk.length + MARK_LENGTH} ${call.mark} "$_";`;
  // After a move, `$_` is the move's last argument, which is the old `$_` again.
  const move = moveTo === undefined ? '' : `\\${names.move} ${moveTo} "$_";`;
  // After a status of 0 the check is inline, a function call cheaper: `[[` leaves `$_` alone and
  // `$?` at 0, and its failure on the left of `||` is not one that `set -e` or an ERR trap sees.
  const guard =
    status === 0
      ? `[[ . -ef ${dirWord} ]]||\\${names.moved};{ `
      : `\\${names.guard} ${dirWord} ${status} "$_"||{ `;
  return (
    `${read}{ ${move}${guard}${body}} ${END_FD}>&-;\\${names.end} ${nonce} "$_";}</dev/null\n` +
    (bulk === undefined ? '' : `${bulk}${call.mark}`) +
    (wellFormed ? '' : '\n')
  );
}

/** Characters that are ASCII and not NUL: one byte each, one character each in every locale. */
// eslint-disable-next-line no-control-regex -- the range is exactly the ASCII characters but NUL
const ASCII = /^[\x01-\x7f]*$/;

/**
 * `text` as the reader takes it (NULs dropped, as bash cannot hold them), or undefined: too short to
 * be worth the reader, or not ASCII.
 */
function bulkText(text: string): string | undefined {
  if (text.length < BULK_MIN_LENGTH) return undefined;
  const kept = text.includes('\0') ? text.replaceAll('\0', '') : text;
  return kept.length >= BULK_MIN_LENGTH && ASCII.test(kept) ? kept : undefined;
}

// Dot-all: a directory's name may hold a carriage return or a line separator, and the part of it
// after one must not be lost (a prefix of a name could pass for another directory).
const END_MESSAGE = new RegExp(
  `^${MARKER_TAG}(?:(${MOVED}|${UNREAD})$|([A-Za-z0-9_-]{${NONCE_LENGTH}}) (.*))`,
  's',
);
const END_WORDS = /^(\d+)(?: (.+))?$/s;

/**
 * One message of the end socket: whose call it ends (undefined: no marker in it, or the guard's
 * report, which names no call), and how (undefined: what follows the marker is not the frame's words).
 */
export interface EndMessage {
  nonce: string | undefined;
  end: FrameEnd | undefined;
  /**
   * `$PWD` when the call ended, given only when it named the directory the shell was in (`. -ef
   * $PWD`, tested by the frame after the command). A command can set `$PWD` to anything, but not make
   * the path lead to another directory than the one it is in: when this is the path the session
   * already holds, the kernel has nothing new to say, and the session skips reading it (a system call
   * into /proc that costs a quick call about a twentieth of its time). Anything else, and the session
   * reads the kernel. Either way the next call's guard checks the directory again before its command.
   */
  pwd?: string;
}

/** Reads one line of the end socket. */
export function parseEndMessage(line: string): EndMessage {
  const found = END_MESSAGE.exec(line);
  if (found === null) return { nonce: undefined, end: undefined };
  if (found[1] !== undefined)
    return { nonce: undefined, end: { kind: found[1] as 'moved' | 'unread' } };
  const words = END_WORDS.exec(found[3]!);
  if (words === null) return { nonce: found[2], end: undefined };
  const message: EndMessage = { nonce: found[2], end: { kind: 'exit', status: Number(words[1]) } };
  if (words[2] !== undefined) message.pwd = words[2];
  return message;
}

/**
 * Characters that stand for themselves anywhere in an unquoted bash word, whatever the shell's
 * options and variables: no quoting, expansion, globbing (extglob's included), brace, tilde,
 * operator or comment character among them.
 */
const LITERAL_WORD = /^[A-Za-z0-9_./,:@%+=-]+$/;

/** LITERAL_WORD's characters, and blanks between words. */
const LITERAL_TEXT = /^[A-Za-z0-9_./,:@%+=\t -]+$/;

/** `text` as one bash word: itself when every character is literal, else ANSI-C quoted. */
export function shellWord(text: string): string {
  return LITERAL_WORD.test(text) ? text : ansiCQuote(text);
}

/** bash's reserved words: one of them among plain words could open a compound command. */
const RESERVED_WORDS = new Set([
  '!',
  'case',
  'coproc',
  'do',
  'done',
  'elif',
  'else',
  'esac',
  'fi',
  'for',
  'function',
  'if',
  'in',
  'select',
  'then',
  'time',
  'until',
  'while',
  '{',
  '}',
  '[[',
  ']]',
]);

/**
 * Text that is one simple command of literal words (`git status`, `npm test`, `ls -la src`): bash
 * reads it the same whatever follows it, so it needs no `eval` to keep it from the frame, and runs as
 * it would at a prompt. No quote, operator, expansion or comment can be in it, and no reserved word,
 * which could leave a compound command open.
 */
export function isPlainWords(text: string): boolean {
  // Most text that is not plain words fails this at once; the split is for what passes it.
  if (!LITERAL_TEXT.test(text)) return false;
  const words = text.split(/[ \t]+/).filter((word) => word !== '');
  return (
    words.length > 0 && words.every((word) => LITERAL_WORD.test(word) && !RESERVED_WORDS.has(word))
  );
}

/**
 * `text` as the one word `eval` is given: itself when every character is literal, else in single
 * quotes, where every byte but `'` stands for itself (a NUL, which bash cannot hold, is dropped).
 * Each byte of the line costs bash a read, so this is the shortest quoting for text of many lines:
 * ANSI-C quoting would spend four bytes on each newline.
 */
function evalWord(text: string): string {
  if (LITERAL_WORD.test(text)) return text;
  return `'${text.replaceAll('\0', '').replaceAll("'", "'\\''")}'`;
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
