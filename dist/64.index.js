export const id = 64;
export const ids = [64];
export const modules = {

/***/ 33064:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  BashSession: () => (/* binding */ BashSession)
});

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:string_decoder"
var external_node_string_decoder_ = __webpack_require__(46193);
// EXTERNAL MODULE: external "node:perf_hooks"
var external_node_perf_hooks_ = __webpack_require__(643);
// EXTERNAL MODULE: ./src/shell/format.ts
var format = __webpack_require__(26951);
;// CONCATENATED MODULE: ./src/shell/frame.ts
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
 *   wraps the command in `{ \u2026; }</dev/null` and `{ COMMAND } 63>&-`. bash keeps the originals in
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
/** Every end message's marker starts with this. */
const MARKER_TAG = '%BASH_AGENT_';
/**
 * Bytes of a call's nonce, drawn fresh per call: 48 random bits, far past guessing within a call. It
 * travels in the line as 8 base64url characters alone (see randomBase64Url); only the marker puts the
 * tag in front of them, so neither a trace of the call (`set -x`) nor the echo of the line (`set -v`)
 * contains a marker.
 */
const NONCE_BYTES = 6;
/** Characters of a nonce. */
const NONCE_LENGTH = (4 * NONCE_BYTES) / 3;
/** Characters of the mark that ends text read in bulk (see frameCall): a nonce's. */
const MARK_LENGTH = NONCE_LENGTH;
/** The descriptor the end goes to: the end socket, closed while a command runs. */
const END_FD = 63;
/** The status of a shell whose guard found it in the wrong directory (it exits on the spot). */
const MOVED_EXIT_STATUS = 125;
/** What the guard reports before it exits: no nonce, as all it can do is end the shell. */
const MOVED = 'moved';
/** What the reader of a command's text reports before it exits (see frameCall). */
const UNREAD = 'unread';
/**
 * Raw text at least this long, all ASCII, reaches bash in bulk (see frameCall): below it, the
 * reader's call costs more reads than quoting the text saves.
 */
const BULK_MIN_LENGTH = 64;
/** `id`: a few hex digits, fresh per shell. */
function frameNames(id) {
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
function frameDefinitions(names) {
    const { guard, moved, end, move, read, text } = names;
    return (`${moved}() { \\builtin printf '%${MARKER_TAG}${MOVED}\\n' >&${END_FD}; \\builtin exit ${MOVED_EXIT_STATUS}; }; ` +
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
        `readonly -f ${guard} ${moved} ${end} ${move} ${read}\n`);
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
function frameCall(names, call) {
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
    const read = bulk === undefined ? '' : `\\${names.read} ${bulk.length + MARK_LENGTH} ${call.mark} "$_";`;
    // After a move, `$_` is the move's last argument, which is the old `$_` again.
    const move = moveTo === undefined ? '' : `\\${names.move} ${moveTo} "$_";`;
    // After a status of 0 the check is inline, a function call cheaper: `[[` leaves `$_` alone and
    // `$?` at 0, and its failure on the left of `||` is not one that `set -e` or an ERR trap sees.
    const guard = status === 0
        ? `[[ . -ef ${dirWord} ]]||\\${names.moved};{ `
        : `\\${names.guard} ${dirWord} ${status} "$_"||{ `;
    return (`${read}{ ${move}${guard}${body}} ${END_FD}>&-;\\${names.end} ${nonce} "$_";}</dev/null\n` +
        (bulk === undefined ? '' : `${bulk}${call.mark}`) +
        (wellFormed ? '' : '\n'));
}
/** Characters that are ASCII and not NUL: one byte each, one character each in every locale. */
// eslint-disable-next-line no-control-regex -- the range is exactly the ASCII characters but NUL
const ASCII = /^[\x01-\x7f]*$/;
/**
 * `text` as the reader takes it (NULs dropped, as bash cannot hold them), or undefined: too short to
 * be worth the reader, or not ASCII.
 */
function bulkText(text) {
    if (text.length < BULK_MIN_LENGTH)
        return undefined;
    const kept = text.includes('\0') ? text.replaceAll('\0', '') : text;
    return kept.length >= BULK_MIN_LENGTH && ASCII.test(kept) ? kept : undefined;
}
// Dot-all: a directory's name may hold a carriage return or a line separator, and the part of it
// after one must not be lost (a prefix of a name could pass for another directory).
const END_MESSAGE = new RegExp(`^${MARKER_TAG}(?:(${MOVED}|${UNREAD})$|([A-Za-z0-9_-]{${NONCE_LENGTH}}) (.*))`, 's');
const END_WORDS = /^(\d+)(?: (.+))?$/s;
/** Reads one line of the end socket. */
function parseEndMessage(line) {
    const found = END_MESSAGE.exec(line);
    if (found === null)
        return { nonce: undefined, end: undefined };
    if (found[1] !== undefined)
        return { nonce: undefined, end: { kind: found[1] } };
    const words = END_WORDS.exec(found[3]);
    if (words === null)
        return { nonce: found[2], end: undefined };
    const message = { nonce: found[2], end: { kind: 'exit', status: Number(words[1]) } };
    if (words[2] !== undefined)
        message.pwd = words[2];
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
function shellWord(text) {
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
function isPlainWords(text) {
    // Most text that is not plain words fails this at once; the split is for what passes it.
    if (!LITERAL_TEXT.test(text))
        return false;
    const words = text.split(/[ \t]+/).filter((word) => word !== '');
    return (words.length > 0 && words.every((word) => LITERAL_WORD.test(word) && !RESERVED_WORDS.has(word)));
}
/**
 * `text` as the one word `eval` is given: itself when every character is literal, else in single
 * quotes, where every byte but `'` stands for itself (a NUL, which bash cannot hold, is dropped).
 * Each byte of the line costs bash a read, so this is the shortest quoting for text of many lines:
 * ANSI-C quoting would spend four bytes on each newline.
 */
function evalWord(text) {
    if (LITERAL_WORD.test(text))
        return text;
    return `'${text.replaceAll('\0', '').replaceAll("'", "'\\''")}'`;
}
/** shellWord for bytes that may not be UTF-8 (a directory's name), each such byte as `\xNN`. */
function shellWordOfBytes(bytes) {
    const text = bytes.toString();
    if (Buffer.from(text).equals(bytes)) {
        return shellWord(text);
    }
    const body = Array.from(bytes, (byte) => {
        if (byte === 0x5c)
            return '\\\\';
        if (byte === 0x27)
            return "\\'";
        if (byte >= 0x20 && byte < 0x7f)
            return String.fromCharCode(byte);
        return `\\x${byte.toString(16).padStart(2, '0')}`;
    }).join('');
    return `$'${body}'`;
}
/** `$'\u2026'` quoting: every byte survives, and nothing in the text can end the word early. */
function ansiCQuote(text) {
    // bash variables cannot hold NUL, and `\x00` would end the word: NULs are dropped.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
    const body = text.replace(/[\\'\x00-\x1f\x7f]/g, (char) => {
        if (char === '\\')
            return '\\\\';
        if (char === "'")
            return "\\'";
        if (char === '\x00')
            return '';
        return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    });
    return `$'${body}'`;
}

;// CONCATENATED MODULE: ./src/shell/call-timer.ts
/**
 * The time limit of the call running in a session, kept on one timer for all its calls. Arming and
 * clearing a Node timer costs microseconds each (timers live in lists under a priority queue), and a
 * burst of quick commands would pay that hundreds of times (2.4 \u00b5s a call on Node 24, 6.6 \u00b5s while
 * cold). Instead, a timer armed for an earlier call is left to run out; when it does, it is armed
 * again for what is left of the running call's limit, if a call is running, and otherwise it stops.
 */
class CallTimer {
    #clock;
    #timer;
    /** When the armed timer fires, on `#clock`. */
    #firesAt = 0;
    /** When the running call's limit is reached, on `#clock`. */
    #deadline = 0;
    #onExpiry;
    constructor(clock = () => performance.now()) {
        this.#clock = clock;
    }
    /** Calls `onExpiry` once `ms` have passed, unless `stop` comes first. One call at a time. */
    start(ms, onExpiry) {
        const now = this.#clock();
        this.#deadline = now + ms;
        this.#onExpiry = onExpiry;
        // A timer that fires before this deadline arms itself again for the rest.
        if (this.#timer !== undefined && this.#firesAt <= this.#deadline)
            return;
        this.#arm(ms, now);
    }
    /** The running call ended: its `onExpiry` is not called. */
    stop() {
        this.#onExpiry = undefined;
    }
    #arm(ms, now) {
        if (this.#timer !== undefined)
            clearTimeout(this.#timer);
        this.#firesAt = now + ms;
        this.#timer = setTimeout(() => this.#fire(), ms);
        // Left armed after its call ended, it must not keep the process alive; while a call runs, the
        // shell's pipes do.
        this.#timer.unref();
    }
    #fire() {
        this.#timer = undefined;
        const onExpiry = this.#onExpiry;
        if (onExpiry === undefined)
            return;
        const now = this.#clock();
        const left = this.#deadline - now;
        if (left > 0) {
            this.#arm(left, now);
            return;
        }
        this.#onExpiry = undefined;
        onExpiry();
    }
}

;// CONCATENATED MODULE: ./src/shell/cgroup.ts



/** How long a SIGKILL per process (kernels without `cgroup.kill`) goes on before giving up. */
const SIGNAL_KILL_MS = 500;
/** How long `remove` waits by default for killed members to be gone before the directory goes. */
const REMOVE_WAIT_MS = 1000;
const POLL_MS = 5;
class ShellCgroup {
    /** The cgroup's directory in the cgroup filesystem. */
    path;
    #killFile;
    #removed = false;
    constructor(dir, killFile) {
        this.path = dir;
        this.#killFile = killFile;
    }
    /**
     * Makes a new, empty cgroup `bash-agent-<hex>` for one shell, or `undefined` where none can be made.
     * Tried first as a child of this process's own cgroup, then as its sibling (see placements).
     */
    static create(options = {}) {
        const parents = options.under !== undefined ? [options.under] : placements();
        for (const parent of parents) {
            const dir = makeCgroup(parent);
            if (dir !== undefined)
                return new ShellCgroup(dir, options.killFile ?? true);
        }
        return undefined;
    }
    /**
     * The cgroup a process of a shell is in, when it is one `create` made (`bash-agent-<hex>`): how the
     * post step of a killed run finds the cgroup its shell left behind. `undefined` for any other.
     */
    static of(pid) {
        const own = ownCgroupDir(`/proc/${pid}/cgroup`);
        if (own === undefined || !/^bash-agent-[0-9a-f]{12}$/.test(external_node_path_default().basename(own.dir))) {
            return undefined;
        }
        return (0,external_node_fs_.existsSync)(external_node_path_default().join(own.dir, 'cgroup.procs'))
            ? new ShellCgroup(own.dir, true)
            : undefined;
    }
    /**
     * Moves process `pid` into the cgroup; whatever it forks from then on is born in it. Move the shell
     * before it runs anything: what it started before stays where it was. `false` when the kernel
     * refuses (the caller should then `remove` the cgroup and do without). Never moves this process,
     * which `kill` would kill.
     */
    move(pid) {
        if (pid === process.pid || this.#removed)
            return false;
        return writeControl(this.path, 'cgroup.procs', String(pid));
    }
    /**
     * The processes in the cgroup and in any cgroup a member made below it, this one excepted (`kill`
     * spares it too). Zombies are not listed: the kernel takes exited processes out.
     */
    pids() {
        return this.#members().filter((pid) => pid !== process.pid);
    }
    /**
     * SIGKILL to every member. Asynchronous like any SIGKILL: the members are gone a moment later
     * (`remove` waits for that). With `cgroup.kill` (kernel 5.14+) the kernel kills the whole subtree at
     * once, members forking meanwhile included; without it, see #signalEach.
     */
    kill() {
        if (this.#removed)
            return;
        const members = this.#members();
        if (members.length === 0)
            return;
        // This process in the cgroup (someone moved it in) must survive: spare it, freeze nothing.
        if (members.includes(process.pid)) {
            signalAll(members);
            return;
        }
        if (this.#killFile && writeControl(this.path, 'cgroup.kill', '1'))
            return;
        this.#signalEach();
    }
    /**
     * Kills what is left, then removes the cgroup's directory (and any a member made below it), retried
     * for up to `waitMs` while the killed members are dying: a cgroup with processes in it cannot be
     * removed (EBUSY). `true` once the directory is gone; `false` if it stays (an empty cgroup left
     * behind holds nothing the action waits on). Synchronous, so an `exit` handler can call it.
     */
    remove(waitMs = REMOVE_WAIT_MS) {
        if (this.#removed)
            return true;
        const deadline = performance.now() + waitMs;
        for (;;) {
            this.kill();
            const outcome = removeTree(this.path);
            if (outcome === 'gone') {
                this.#removed = true;
                return true;
            }
            if (outcome !== 'busy' || performance.now() >= deadline)
                return false;
            sleepSync(POLL_MS);
        }
    }
    /** Every process in the cgroup's subtree, this one included if it is there. */
    #members() {
        if (this.#removed)
            return [];
        const pids = new Set();
        for (const dir of subtree(this.path)) {
            for (const pid of readProcs(dir))
                pids.add(pid);
        }
        return [...pids];
    }
    /**
     * Kills without `cgroup.kill`: freezes the cgroup (`cgroup.freeze`, kernel 5.2+) so no member can
     * fork a process the listing misses, sends SIGKILL to each member (a frozen process still dies of
     * it), and lists again until none is left, then thaws. Without a freezer the repeated rounds alone
     * catch what was forked in between.
     */
    #signalEach() {
        const frozen = writeControl(this.path, 'cgroup.freeze', '1');
        const deadline = performance.now() + SIGNAL_KILL_MS;
        for (;;) {
            const members = this.#members();
            if (members.length === 0 || performance.now() >= deadline)
                break;
            signalAll(members);
            sleepSync(1);
        }
        if (frozen)
            writeControl(this.path, 'cgroup.freeze', '0');
    }
}
/**
 * Where the shell's cgroup may go, best first. This process's cgroup is read from /proc/self/cgroup
 * (`0::/path`, relative to the cgroup v2 mount seen through /proc/self/mountinfo; the machine may
 * mount it at /sys/fs/cgroup or, on a hybrid v1/v2 system, at /sys/fs/cgroup/unified).
 *
 * cgroup v2 allows processes only in cgroups that don't pass controllers to children ("no internal
 * processes", the root excepted). Ours holds this process, so its `cgroup.subtree_control` is empty
 * (or it is the root): a child of it gets no controllers and may hold processes, and moving the
 * shell there needs write access only to our own cgroup, the common ancestor. A sibling (a child of
 * our parent) is the fallback, for a cgroup we may not write to under a parent we may; it may get
 * controllers, which a leaf cgroup with processes is allowed, but the move then needs the parent.
 */
function placements() {
    const own = ownCgroupDir();
    if (own === undefined)
        return [];
    const { mount, dir } = own;
    return dir === mount ? [dir] : [dir, external_node_path_default().dirname(dir)];
}
function ownCgroupDir(cgroupFile = '/proc/self/cgroup') {
    let cgroupPath;
    let mountinfo;
    try {
        // The v2 entry has hierarchy id 0 and no controller list; v1 entries (hybrid systems) differ.
        cgroupPath = (0,external_node_fs_.readFileSync)(cgroupFile, 'utf8')
            .split('\n')
            .find((line) => line.startsWith('0::'))
            ?.slice(3);
        mountinfo = (0,external_node_fs_.readFileSync)('/proc/self/mountinfo', 'utf8');
    }
    catch {
        return undefined; // not Linux
    }
    // `/..` leads outside this cgroup namespace, where no mount of ours reaches.
    if (cgroupPath === undefined || !cgroupPath.startsWith('/') || cgroupPath.includes('/..')) {
        return undefined;
    }
    for (const { root, mount } of cgroup2Mounts(mountinfo)) {
        if (root === '/')
            return { mount, dir: external_node_path_default().join(mount, cgroupPath) };
        if (cgroupPath === root || cgroupPath.startsWith(`${root}/`)) {
            return { mount, dir: external_node_path_default().join(mount, cgroupPath.slice(root.length)) };
        }
    }
    return undefined;
}
/**
 * The writable cgroup v2 mounts in /proc/self/mountinfo: `id parent dev root mountpoint options
 * [optional fields] - fstype source superoptions`, with spaces and such in paths escaped as `\040`.
 */
function cgroup2Mounts(mountinfo) {
    const unescape = (field) => field.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8)));
    const mounts = [];
    for (const line of mountinfo.split('\n')) {
        const fields = line.split(' ');
        const dash = fields.indexOf('-');
        if (dash < 0 || fields[dash + 1] !== 'cgroup2')
            continue;
        if (!(fields[5] ?? '').split(',').includes('rw'))
            continue;
        mounts.push({ root: unescape(fields[3] ?? ''), mount: unescape(fields[4] ?? '') });
    }
    return mounts;
}
/**
 * A new cgroup directory under `parent`, or `undefined`. mkdir is how a cgroup is made; the kernel
 * fills the new directory with its control files. A directory without `cgroup.procs` is not a cgroup
 * (a mkdir in a tmpfs, such as the one a hybrid system mounts at /sys/fs/cgroup, also succeeds), so
 * it is removed again.
 */
function makeCgroup(parent) {
    const dir = external_node_path_default().join(parent, `bash-agent-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    try {
        (0,external_node_fs_.mkdirSync)(dir);
    }
    catch {
        return undefined; // no such directory, no write access, a read-only mount, too many cgroups
    }
    if ((0,external_node_fs_.existsSync)(external_node_path_default().join(dir, 'cgroup.procs')))
        return dir;
    try {
        (0,external_node_fs_.rmdirSync)(dir);
    }
    catch {
        // not ours to clean any further
    }
    return undefined;
}
/** Writes `value` to a control file of cgroup `dir`; `false` on any failure (or a missing file). */
function writeControl(dir, file, value) {
    try {
        (0,external_node_fs_.writeFileSync)(external_node_path_default().join(dir, file), value);
        return true;
    }
    catch {
        return false;
    }
}
function readProcs(dir) {
    try {
        return (0,external_node_fs_.readFileSync)(external_node_path_default().join(dir, 'cgroup.procs'), 'utf8')
            .split('\n')
            .filter((line) => line !== '')
            .map(Number);
    }
    catch {
        return [];
    }
}
/** `dir` and every cgroup below it, deepest first (the order they can be removed in). */
function subtree(dir) {
    let entries = [];
    try {
        entries = (0,external_node_fs_.readdirSync)(dir, { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => external_node_path_default().join(dir, entry.name));
    }
    catch {
        // gone, or never there
    }
    return [...entries.flatMap(subtree), dir];
}
/**
 * Removes cgroup `dir` and the cgroups below it. rmdir, not a recursive delete: the control files
 * cannot be unlinked, and the kernel removes them with the directory. `busy` (EBUSY) while a
 * process is still in one of them, worth another try; `stuck` on any other failure.
 */
function removeTree(dir) {
    for (const each of subtree(dir)) {
        try {
            (0,external_node_fs_.rmdirSync)(each);
        }
        catch (error) {
            const code = error.code;
            if (code !== 'ENOENT')
                return code === 'EBUSY' ? 'busy' : 'stuck';
        }
    }
    return 'gone';
}
/** SIGKILL to each of `pids` but this process. */
function signalAll(pids) {
    for (const pid of pids) {
        if (pid === process.pid)
            continue;
        try {
            process.kill(pid, 'SIGKILL');
        }
        catch {
            // exited meanwhile
        }
    }
}
/** Blocks for `ms`: `remove` and `kill` must work from an `exit` handler, where nothing async runs. */
function sleepSync(ms) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(34758);
;// CONCATENATED MODULE: ./src/shell/channel.ts
/** The descriptor the end socket has in the child when it starts. */
const END_SOCKET_FD = 3;
/** The stdio of a shell: its input, output, errors before they are joined to the output, ends. */
const SHELL_STDIO = ['pipe', 'pipe', 'pipe', 'pipe'];
/** The longest end message kept while its line is incomplete: the frame's are a few dozen bytes. */
const MAX_MESSAGE = 4096;
class CommandChannel {
    #input;
    #ends;
    #partial = '';
    /** `onMessage` gets each whole line of the end socket. */
    constructor(child, onMessage) {
        this.#input = child.stdin;
        this.#ends = child.stdio[END_SOCKET_FD];
        // A shell that died makes writes fail: that is seen through its exit, not here.
        this.#input.on('error', () => undefined);
        this.#ends.on('error', () => undefined);
        this.#ends.setEncoding('utf8');
        this.#ends.on('data', (text) => {
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
    send(text) {
        if (this.#input.destroyed)
            throw new Error("the shell's input is closed");
        this.#input.write(text);
    }
    /**
     * Closes both sockets on this side, so that a process the shell left behind that still holds the
     * other ends cannot keep the action's event loop alive.
     */
    dispose() {
        this.#input.destroy();
        this.#ends.removeAllListeners('data');
        this.#ends.destroy();
    }
}

;// CONCATENATED MODULE: ./src/shell/kernel-cwd.ts

const DELETED = Buffer.from(' (deleted)');
/**
 * The working directory of process `pid`, read from `/proc/<pid>/cwd`: nothing the process prints or
 * sets (`$PWD`, a function, a forged marker) can change what this returns. `undefined` when the
 * process is gone. `previous` itself is returned when the kernel gives the same bytes again (most
 * commands stay where they are), which saves decoding them per command.
 */
function readKernelCwd(pid, previous) {
    const link = `/proc/${pid}/cwd`;
    let target;
    try {
        target = (0,external_node_fs_.readlinkSync)(link, { encoding: 'buffer' });
    }
    catch {
        return undefined;
    }
    const found = (bytes, deleted) => ({
        path: bytes.toString(),
        bytes,
        deleted,
    });
    if (!target.subarray(-DELETED.length).equals(DELETED)) {
        return previous?.deleted === false && previous.bytes.equals(target)
            ? previous
            : found(target, false);
    }
    // The kernel appends the suffix to a removed directory, but a directory may also be named so:
    // it is that directory when the path leads to the same inode the process is in.
    try {
        const here = (0,external_node_fs_.statSync)(link);
        const named = (0,external_node_fs_.statSync)(target);
        if (here.dev === named.dev && here.ino === named.ino)
            return found(target, false);
    }
    catch {
        // no such path: removed
    }
    return found(target.subarray(0, -DELETED.length), true);
}

;// CONCATENATED MODULE: ./src/shell/output.ts
/**
 * Bounded capture of one command's output: incremental UTF-8 decoding, a head and a tail up to the
 * cap, and a count of what was dropped between them \u2014 so a command printing a gigabyte costs a few
 * megabytes at most.
 */
class OutputCapture {
    #headLimit;
    #tailLimit;
    #head = '';
    /** Tail pieces, oldest first; their total length is kept in #tailLength. */
    #tail = [];
    #tailLength = 0;
    #omitted = 0;
    /** `limit` is the most characters kept; half go to the head, the rest to the tail. */
    constructor(limit) {
        this.#headLimit = Math.ceil(limit / 2);
        this.#tailLimit = limit - this.#headLimit;
    }
    append(text) {
        if (text === '')
            return;
        // The head takes text only until the first piece goes to the tail, even if a surrogate pair left
        // it one short: text after the tail's start must never land before it.
        if (this.#tail.length === 0 && this.#omitted === 0 && this.#head.length < this.#headLimit) {
            const cut = safeCut(text, this.#headLimit - this.#head.length);
            this.#head += text.slice(0, cut);
            text = text.slice(cut);
            if (text === '')
                return;
        }
        this.#tail.push(text);
        this.#tailLength += text.length;
        // Trim only once the excess is worth a copy: trimming on every small write would be quadratic.
        if (this.#tailLength > this.#tailLimit * 2 + 65_536)
            this.#trimTail();
    }
    #trimTail() {
        let excess = this.#tailLength - this.#tailLimit;
        while (excess > 0 && this.#tail.length > 0) {
            const first = this.#tail[0];
            if (first.length <= excess) {
                this.#tail.shift();
                this.#tailLength -= first.length;
                this.#omitted += first.length;
                excess -= first.length;
            }
            else {
                const cut = safeCutFromStart(first, excess);
                this.#tail[0] = first.slice(cut);
                this.#tailLength -= cut;
                this.#omitted += cut;
                excess = 0;
            }
        }
    }
    /** The kept text: head and tail, and the number of characters dropped between them. */
    result() {
        this.#trimTail();
        const tail = this.#tail.join('');
        this.#tail = tail === '' ? [] : [tail];
        return { head: this.#head, tail, omitted: this.#omitted };
    }
}
/** Largest cut \u2264 n that doesn't split a UTF-16 surrogate pair (an emoji must not become two halves). */
function safeCut(text, n) {
    if (n >= text.length)
        return text.length;
    const code = text.charCodeAt(n - 1);
    return code >= 0xd800 && code <= 0xdbff ? n - 1 : n;
}
/** Smallest cut \u2265 n that doesn't split a surrogate pair, for dropping n characters from the front. */
function safeCutFromStart(text, n) {
    if (n >= text.length)
        return text.length;
    const code = text.charCodeAt(n);
    return code >= 0xdc00 && code <= 0xdfff ? n + 1 : n;
}

;// CONCATENATED MODULE: ./src/shell/process-tree.ts

/** /proc/<pid>/stat: "pid (comm) state ppid pgrp \u2026"; comm may hold spaces and parentheses. */
function readStat(pid) {
    try {
        const stat = (0,external_node_fs_.readFileSync)(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), zombie: fields[0] === 'Z' };
    }
    catch {
        return undefined; // gone since the directory listing, or not ours to read
    }
}
function listPids() {
    try {
        return (0,external_node_fs_.readdirSync)('/proc')
            .filter((name) => /^\d+$/.test(name))
            .map(Number);
    }
    catch {
        return []; // no procfs (not Linux): the process group kill still applies
    }
}
function hasMarker(pid, marker) {
    try {
        return (0,external_node_fs_.readFileSync)(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker);
    }
    catch {
        return false;
    }
}
/**
 * Whether a descriptor link names an object private to the session: a pipe or a socket (`pipe:[N]`,
 * `socket:[N]`, by inode). A path such as `/dev/null` (bash's stdin when it is ignored) is open in
 * unrelated processes too, so it never counts as a channel.
 */
function isPrivateChannel(link) {
    return /^(?:pipe|socket):\[\d+\]$/.test(link);
}
/**
 * The targets of process `pid`'s descriptors `fds` (`/proc/<pid>/fd/<n>`) that are pipes or sockets,
 * to pass to findShellProcesses. Read once, right after the shell starts: a command may later close
 * or replace the shell's own descriptors (`exec >log`), but what it started before still holds them.
 * Descriptors that are closed or cannot be read are skipped.
 */
function channelsOf(pid, fds) {
    const links = [];
    for (const fd of fds) {
        try {
            const link = (0,external_node_fs_.readlinkSync)(`/proc/${pid}/fd/${fd}`);
            if (isPrivateChannel(link))
                links.push(link);
        }
        catch {
            // closed, or the process is gone
        }
    }
    return links;
}
/** Whether process `pid` has any descriptor open on one of `channels`. */
function holdsChannel(pid, channels) {
    let fds;
    try {
        fds = (0,external_node_fs_.readdirSync)(`/proc/${pid}/fd`);
    }
    catch {
        return false; // gone, or another user's
    }
    return fds.some((fd) => {
        try {
            return channels.has((0,external_node_fs_.readlinkSync)(`/proc/${pid}/fd/${fd}`));
        }
        catch {
            return false; // closed since the listing
        }
    });
}
/**
 * Every live process that belongs to the shell `rootPid`: its process group, its descendants, anything
 * carrying `marker` (a `NAME=value` entry of the environment the shell was started with), anything
 * holding one of `channels` (from channelsOf), and the descendants of all of those. This process is
 * never included: it holds the other ends of the shell's pipes.
 */
function findShellProcesses(rootPid, marker, channels = []) {
    const infos = liveProcesses();
    const tree = descendantsIn(infos);
    const first = [rootPid];
    for (const info of infos) {
        if (info.pgid === rootPid || hasMarker(info.pid, marker))
            first.push(info.pid);
    }
    const found = tree(first);
    // Descriptors are the dearest to read (a readlink each), so only of the processes not found yet.
    const wanted = new Set([...channels].filter(isPrivateChannel));
    if (wanted.size > 0) {
        const holders = infos
            .filter((info) => !found.has(info.pid) && holdsChannel(info.pid, wanted))
            .map((info) => info.pid);
        for (const pid of tree(holders))
            found.add(pid);
    }
    const live = new Set(infos.map((info) => info.pid));
    return [...found].filter((pid) => live.has(pid));
}
/** Every process but this one and zombies. */
function liveProcesses() {
    return listPids()
        .filter((pid) => pid !== process.pid)
        .map(readStat)
        .filter((info) => info !== undefined && !info.zombie);
}
/** A function from some pids to them and all their descendants among `infos`. */
function descendantsIn(infos) {
    const children = new Map();
    for (const info of infos) {
        const list = children.get(info.ppid) ?? [];
        list.push(info.pid);
        children.set(info.ppid, list);
    }
    return (start) => {
        const found = new Set();
        const queue = [...start];
        while (queue.length > 0) {
            const pid = queue.pop();
            if (found.has(pid))
                continue;
            found.add(pid);
            queue.push(...(children.get(pid) ?? []));
        }
        return found;
    };
}
/**
 * Every live process carrying `marker` (a `NAME=value` entry of its environment), and their
 * descendants: what is left of a shell whose own pid and channels are no longer known (the post step
 * of a killed run). This process is never included.
 */
function findMarkedProcesses(marker) {
    const infos = liveProcesses();
    const marked = infos.filter((info) => hasMarker(info.pid, marker)).map((info) => info.pid);
    return [...descendantsIn(infos)(marked)];
}
/**
 * Sends `signal` to the process group, and to each of `pids` that has left it. A member of the group
 * must not get the signal twice: a second SIGTERM would run its `trap \u2026 TERM` handler a second time.
 */
function signalProcesses(pgid, pids, signal) {
    try {
        process.kill(-pgid, signal);
    }
    catch {
        // the group is empty already
    }
    for (const pid of pids) {
        if (readStat(pid)?.pgid === pgid)
            continue;
        try {
            process.kill(pid, signal);
        }
        catch {
            // exited in the meantime
        }
    }
}
/** Whether any of `pids` is still running (zombies awaiting their reaper don't count). */
function anyAlive(pids) {
    return pids.some((pid) => {
        const info = readStat(pid);
        return info !== undefined && !info.zombie;
    });
}

// EXTERNAL MODULE: ./src/base/random-token.ts
var random_token = __webpack_require__(97074);
;// CONCATENATED MODULE: ./src/shell/session.ts
















/** How long to keep reading after the shell is gone, for output still in the pipe. */
const DRAIN_AFTER_EXIT_MS = 250;
/** How long to wait for SIGKILLed processes to disappear. */
const KILL_CONFIRM_MS = 2000;
/** How often to look whether killed processes are gone during the grace period. */
const REAP_POLL_MS = 10;
/**
 * A persistent bash process that runs one command at a time, the way the bash tool expects: state
 * (cwd, variables, functions, `$?` and `$_`) persists between calls; stdin is /dev/null for every
 * command; output is stdout and stderr interleaved, bounded in memory; a command past its time limit is
 * killed with its whole process tree and the shell replaced; a command that ends the shell is noticed
 * at once.
 */
class BashSession {
    #options;
    #launcher;
    #signal;
    #shell;
    #cwd;
    /** The last reading of the kernel's directory of the shell, while it is the one `#cwd` names. */
    #kernelCwd;
    /**
     * `#cwd` as the word the frame checks against: the kernel's bytes, once read from the kernel,
     * quoted once per change of directory rather than once per call.
     */
    #cwdWord = '';
    /** The working directory was found deleted: the next command runs in its nearest existing parent. */
    #move;
    /** The exit status the last command left, for the next command's `$?`. */
    #status = 0;
    /** Calls are chained so two never share the shell's pipes. */
    #queue = Promise.resolve();
    #closed = false;
    /**
     * A shell is being started: one that dies before its first answer is not started again (a bash,
     * or a sandbox helper, that cannot start would be restarted forever), its start fails.
     */
    #starting = false;
    /** Output that arrived while no call was running (a background job), given to the next call. */
    #stray = '';
    /** The running call's time limit. */
    #callTimer = new CallTimer();
    #onProcessExit = () => this.#killNow();
    #onAbort = () => void this.kill().catch(() => undefined);
    constructor(options) {
        const { signal, launcher, ...settings } = options;
        this.#options = { killGraceMs: 200, bashPath: 'bash', redact: (text) => text, ...settings };
        this.#launcher = launcher ?? [];
        this.#signal = signal;
        this.#cwd = options.cwd;
    }
    /** Starts bash in `options.cwd` and waits until it answers. */
    static async start(options) {
        if (!isDirectory(options.cwd)) {
            throw new errors/* ShellStartError */.l5(`The shell's working directory does not exist: ${options.cwd}`);
        }
        if (options.signal?.aborted)
            throw new Error('The run was cancelled before the shell started');
        const session = new BashSession(options);
        // A crashed or killed action must not leave the shell's processes running on the runner.
        process.once('exit', session.#onProcessExit);
        options.signal?.addEventListener('abort', session.#onAbort, { once: true });
        try {
            await session.#enqueue(() => session.#startShell());
        }
        catch (error) {
            await session.close();
            throw error;
        }
        return session;
    }
    /** The shell's working directory after the last command. */
    get cwd() {
        return this.#cwd;
    }
    /**
     * The directory the next command runs in: `cwd`, unless that directory was deleted since, in which
     * case the next command runs in its nearest existing parent (and its result says so).
     */
    nextCwd() {
        // The reading after the last command: a directory removed by a job between calls is caught by
        // the guard instead (the command does not run, and the model is told).
        const now = this.#kernelCwd;
        if (this.#move !== undefined || now === undefined || !now.deleted)
            return this.#cwd;
        const to = nearestExistingDirectory(now.path);
        this.#move = { from: now.path, to };
        this.#cwd = to;
        this.#kernelCwd = undefined;
        this.#cwdWord = shellWord(to);
        return to;
    }
    /** Runs `command` and returns what it printed and how it ended; command failures never throw. */
    run(command, options = {}) {
        const timeoutMs = Math.max(1, Math.round(options.timeoutMs ?? this.#options.defaultTimeoutMs));
        return this.#enqueue(() => this.#run(command, timeoutMs, options));
    }
    /** Kills the shell and everything it started, and starts a fresh one in the working directory. */
    restart() {
        return this.#enqueue(async () => {
            await this.#stopShell();
            await this.#startShell();
        });
    }
    /** Kills the shell and everything it started. The session cannot be used afterwards. */
    close() {
        if (this.#closed)
            return this.#queue.then(() => undefined);
        this.#closed = true;
        this.#signal?.removeEventListener('abort', this.#onAbort);
        return this.#enqueueAlways(async () => {
            await this.#stopShell();
            process.removeListener('exit', this.#onProcessExit);
        });
    }
    /**
     * Ends the session now, in the middle of a command if one runs: every process of the shell gets
     * SIGKILL at once (a cancelled run has no time for a grace period), the running call returns as
     * if the shell had exited, and the session is closed.
     */
    kill() {
        const shell = this.#shell;
        const closing = this.close();
        if (shell !== undefined && shell.exit === undefined)
            this.#signalShell(shell, 'SIGKILL');
        return closing;
    }
    #enqueue(work) {
        if (this.#closed)
            return Promise.reject(new Error('The bash session is closed'));
        return this.#enqueueAlways(work);
    }
    #enqueueAlways(work) {
        const next = this.#queue.then(work, work);
        this.#queue = next.catch(() => undefined);
        return next;
    }
    async #startShell() {
        const cwd = nearestExistingDirectory(this.#options.cwd);
        const marker = `BASH_AGENT_SHELL=${(0,external_node_crypto_.randomBytes)(8).toString('hex')}`;
        const [name, value] = marker.split('=');
        const frame = frameNames((0,random_token/* randomHex */.n)(2));
        const cgroup = ShellCgroup.create();
        // `-s`: commands come on standard input, the command channel (see CommandChannel).
        const [file, ...argv] = [
            ...this.#launcher,
            this.#options.bashPath,
            '--noprofile',
            '--norc',
            '-s',
        ];
        const child = (0,external_node_child_process_.spawn)(file, argv, {
            cwd,
            env: { ...this.#options.env, [name]: value },
            // Its own process group, so a timeout can signal every process of the command at once.
            detached: true,
            stdio: [...SHELL_STDIO],
        });
        try {
            await new Promise((resolve, reject) => {
                child.once('spawn', resolve);
                child.once('error', reject);
            });
        }
        catch (error) {
            for (const stream of child.stdio)
                stream?.destroy();
            cgroup?.remove();
            throw error;
        }
        const pid = child.pid;
        // Before bash reads its first line, so it has started nothing outside the cgroup.
        if (cgroup !== undefined && !cgroup.move(pid))
            cgroup.remove();
        const stdout = child.stdout;
        const stderr = child.stderr;
        // StringDecoder rather than TextDecoder: same handling of split and invalid sequences (U+FFFD),
        // several times the speed on bulk output.
        const decoder = new external_node_string_decoder_.StringDecoder('utf8');
        const exited = new Promise((resolve) => {
            child.once('exit', (code, signal) => {
                shell.exit = { code, signal };
                shell.call?.finish('exited');
                resolve(shell.exit);
            });
        });
        const channel = new CommandChannel(child, (line) => this.#onEndMessage(shell, line));
        const shell = {
            child,
            pid,
            marker,
            // Read before bash runs anything: its first three descriptors and the end socket.
            channels: channelsOf(pid, [0, 1, 2, END_SOCKET_FD]),
            cgroup: cgroup?.pids().includes(pid) ? cgroup : undefined,
            frame,
            exit: undefined,
            exited,
            call: undefined,
            foreignEnd: false,
            channel,
            drained: new Promise((resolve) => stdout.once('end', resolve)),
            dispose: () => {
                stdout.removeAllListeners('data');
                stderr.removeAllListeners('data');
                stdout.destroy();
                stderr.destroy();
                channel.dispose();
                shell.cgroup?.remove();
            },
        };
        const onData = (chunk) => this.#deliver(shell, decoder.write(chunk));
        stdout.on('data', onData);
        // stderr is joined to stdout below; anything bash itself prints before that still gets read.
        stderr.on('data', onData);
        this.#shell = shell;
        this.#cwd = cwd;
        this.#kernelCwd = undefined;
        this.#move = undefined;
        this.#status = 0;
        this.#cwdWord = shellWord(cwd);
        // Nothing the agent defines exists yet, so these builtins are the real ones. A fresh shell has no
        // previous directory, whatever the action's environment says. Descriptor 3, the end socket, is
        // moved out of the range commands use.
        channel.send(`builtin unset OLDPWD\n` +
            `exec 2>&1 ${END_FD}>&${END_SOCKET_FD} ${END_SOCKET_FD}>&-\n` +
            frameDefinitions(frame));
        this.#starting = true;
        const check = await this.#frame(shell, 'true', true, 10_000, { dir: cwd, word: this.#cwdWord }, undefined).finally(() => (this.#starting = false));
        if (check.exitCode !== 0 || check.output !== '') {
            throw new errors/* ShellStartError */.l5(`bash did not start: ${check.output || `exit status ${check.shellExitStatus}`}`);
        }
    }
    /** Output of the shell: the running call's, or kept for the next one. */
    #deliver(shell, text) {
        const call = shell.call;
        if (call !== undefined)
            return call.capture.append(text);
        // Bounded: a background job that prints forever between calls must not grow the process.
        // Redacted before the cut, which would leave a secret's end that no redaction could recognise.
        // Held up to twice the cap, so that each redaction is paid for by a cap's worth of new text
        // rather than done again for every chunk; the capture it goes to cuts to the cap itself.
        const stray = this.#stray + text;
        this.#stray =
            stray.length > 2 * this.#options.maxOutput
                ? this.#options.redact(stray).slice(-this.#options.maxOutput)
                : stray;
    }
    /** One line of the end socket. */
    #onEndMessage(shell, line) {
        const { nonce, end, pwd } = parseEndMessage(line);
        const call = shell.call;
        if (call !== undefined && (end?.kind === 'moved' || end?.kind === 'unread')) {
            return call.finish(end);
        }
        if (call === undefined || nonce !== call.nonce || call.end !== undefined) {
            // Not the end of the running call, or a second one: only the frame writes here, so something
            // made it write out of turn. The shell is replaced before it reads anything more.
            shell.foreignEnd = true;
            call?.finish('foreign-end');
            return;
        }
        if (end === undefined)
            return call.finish('forged-end');
        call.end = end;
        call.pwd = pwd;
        // The output was written before the end, so the socket was readable no later than the end's:
        // what the event loop has not read of it yet it reads in this same turn, before any immediate.
        setImmediate(() => call.finish(end));
    }
    async #run(command, timeoutMs, options) {
        const old = this.#shell;
        let lost = null;
        if (old === undefined || old.exit !== undefined || old.foreignEnd) {
            if (old !== undefined)
                await this.#stopShell();
            await this.#startShell();
            // Where the new shell started is known only now.
            if (old !== undefined) {
                const cwd = this.#cwd;
                lost = old.foreignEnd
                    ? { kind: 'foreign-end', cwd }
                    : { kind: 'exited', status: old.exit.code, signal: old.exit.signal, cwd };
            }
        }
        this.nextCwd();
        const move = this.#move;
        this.#move = undefined;
        const expected = options.expectedCwd;
        const checked = expected === undefined || expected === this.#cwd
            ? { dir: this.#cwd, word: this.#cwdWord }
            : { dir: expected, word: shellWord(expected) };
        const result = await this.#frame(this.#shell, command, options.wellFormed === true, timeoutMs, checked, move === undefined ? undefined : shellWord(move.to));
        return { ...result, moved: move ?? null, replacedBefore: lost };
    }
    /**
     * Sends one framed command and waits for its end, a timeout or the shell's death. The directory
     * afterwards is read from the kernel, never from anything the shell printed.
     */
    async #frame(shell, command, wellFormed, timeoutMs, checked, moveTo) {
        const { dir: checkedDir, word: checkedDirWord } = checked;
        const started = external_node_perf_hooks_.performance.now();
        const capture = new OutputCapture(this.#options.maxOutput);
        // Random per call, so earlier output cannot contain it, and sent only now, in a line bash takes
        // out of the socket as it reads it.
        const nonce = (0,random_token/* randomBase64Url */.O)(NONCE_BYTES);
        const line = frameCall(shell.frame, {
            command,
            wellFormed,
            dirWord: checkedDirWord,
            status: this.#status,
            nonce,
            mark: (0,random_token/* randomBase64Url */.O)(NONCE_BYTES),
            moveTo,
        });
        let finish;
        const framed = new Promise((resolve) => (finish = resolve));
        const call = { nonce, capture, end: undefined, finish: (o) => finish(o) };
        shell.call = call;
        // Output that came between calls is this call's.
        capture.append(this.#stray);
        this.#stray = '';
        try {
            shell.channel.send(line);
        }
        catch (error) {
            shell.call = undefined;
            await this.#stopShell();
            throw new Error(`Could not send the command to the shell: ${String(error)}`);
        }
        this.#callTimer.start(timeoutMs, () => call.finish('timeout'));
        if (shell.exit)
            call.finish('exited');
        const outcome = await framed;
        shell.call = undefined;
        this.#callTimer.stop();
        let exitCode = null;
        let shellExited = false;
        let shellExitStatus = null;
        let shellExitSignal = null;
        let frameFault = null;
        const isTimeout = outcome === 'timeout';
        if (outcome === 'timeout') {
            await this.#killShell(shell, this.#options.killGraceMs);
        }
        else if (outcome === 'exited') {
            shellExited = true;
            shellExitStatus = shell.exit.code;
            shellExitSignal = shell.exit.signal;
            // Orphaned background jobs of the dead shell go with it; their pipe ends would also keep
            // stdout open forever.
            await this.#killShell(shell, 0);
        }
        else if (outcome === 'foreign-end' || outcome === 'forged-end') {
            frameFault = outcome;
            await this.#killShell(shell, this.#options.killGraceMs);
        }
        else if (outcome.kind === 'exit') {
            exitCode = outcome.status;
            this.#status = outcome.status;
            const cwd = stillIn(call.pwd, this.#kernelCwd)
                ? this.#kernelCwd
                : readKernelCwd(shell.pid, this.#kernelCwd);
            if (cwd !== undefined && cwd !== this.#kernelCwd) {
                this.#cwd = cwd.path;
                this.#kernelCwd = cwd;
                this.#cwdWord = shellWordOfBytes(cwd.bytes);
            }
        }
        else if (outcome.kind === 'unread') {
            // The reader exits the shell on the spot, before bash reads the rest of the text.
            frameFault = 'text-unread';
            await this.#killShell(shell, 0);
        }
        else {
            // The guard exits the shell on the spot: whether the directory is gone is read from the path.
            frameFault = isDirectory(checkedDir) ? 'directory-changed' : 'directory-deleted';
            await this.#killShell(shell, 0);
        }
        // A closed session (killed mid-command) is not brought back.
        const restarted = exitCode === null && !this.#closed && !this.#starting;
        if (exitCode === null) {
            // Whatever reached the pipe before the end is part of the command's output.
            capture.append(this.#stray);
            this.#stray = '';
            shell.dispose();
            this.#shell = undefined;
            if (restarted)
                await this.#startShell();
        }
        const { head, tail, omitted } = capture.result();
        return {
            output: omitted > 0 ? `${head}${(0,format/* omissionMarker */.MC)(omitted)}${tail}` : head + tail,
            omittedChars: omitted,
            exitCode,
            timedOut: isTimeout,
            timeoutMs,
            shellExited,
            shellExitStatus,
            shellExitSignal,
            frameFault,
            restarted,
            moved: null,
            replacedBefore: null,
            cwd: this.#cwd,
            durationMs: external_node_perf_hooks_.performance.now() - started,
        };
    }
    /**
     * Every process of the shell: its group, its descendants, its marker's and its sockets' holders,
     * and its cgroup's members.
     */
    #processesOf(shell) {
        const found = findShellProcesses(shell.pid, shell.marker, shell.channels);
        const members = shell.cgroup?.pids() ?? [];
        return members.length === 0 ? found : [...new Set([...found, ...members])];
    }
    #signalShell(shell, signal) {
        signalProcesses(shell.pid, this.#processesOf(shell), signal);
        if (signal === 'SIGKILL')
            shell.cgroup?.kill();
    }
    /**
     * Ends the shell and every process it started: SIGTERM first so `trap \u2026 TERM` handlers run, SIGKILL
     * after `graceMs` for whatever is left, then a short wait for output still in the pipe.
     */
    async #killShell(shell, graceMs) {
        let pids = this.#processesOf(shell);
        if (graceMs > 0) {
            signalProcesses(shell.pid, pids, 'SIGTERM');
            const deadline = external_node_perf_hooks_.performance.now() + graceMs;
            while (external_node_perf_hooks_.performance.now() < deadline && (shell.exit === undefined || anyAlive(pids))) {
                await delay(REAP_POLL_MS);
            }
            pids = this.#processesOf(shell);
        }
        signalProcesses(shell.pid, pids, 'SIGKILL');
        shell.cgroup?.kill();
        await shell.exited;
        // SIGKILL is delivered asynchronously: wait until the processes are really gone, so that "closed"
        // means no process of the session is left.
        for (let waited = 0; waited < KILL_CONFIRM_MS && anyAlive(pids); waited += REAP_POLL_MS) {
            await delay(REAP_POLL_MS);
        }
        await Promise.race([shell.drained, delay(DRAIN_AFTER_EXIT_MS)]);
    }
    async #stopShell() {
        const shell = this.#shell;
        if (shell === undefined)
            return;
        this.#shell = undefined;
        await this.#killShell(shell, 0);
        shell.dispose();
        this.#stray = '';
    }
    /** Last resort when the action's process exits: no time for anything but SIGKILL. */
    #killNow() {
        const shell = this.#shell;
        if (shell === undefined)
            return;
        this.#signalShell(shell, 'SIGKILL');
        shell.dispose();
    }
}
/** `dir`, or its nearest ancestor that still exists. */
function nearestExistingDirectory(dir) {
    while (!isDirectory(dir)) {
        const parent = external_node_path_default().dirname(dir);
        if (parent === dir)
            return '/';
        dir = parent;
    }
    return dir;
}
function isDirectory(dir) {
    return (0,external_node_fs_.existsSync)(dir) && (0,external_node_fs_.statSync)(dir).isDirectory();
}
function delay(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}
/**
 * Whether the frame's report of `$PWD` (EndMessage.pwd) shows the shell still where the kernel last
 * said it was: the same path, which the kernel gave physical (so no symbolic link in it could lead
 * elsewhere), and which leads to the directory the shell is in.
 */
function stillIn(pwd, last) {
    // Compared as bytes: a name that is not UTF-8 reads as the same text as others that are not either.
    return (pwd !== undefined &&
        last !== undefined &&
        !last.deleted &&
        pwd === last.path &&
        last.bytes.equals(Buffer.from(pwd)));
}


/***/ })

};

//# sourceMappingURL=64.index.js.map