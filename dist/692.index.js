export const id = 692;
export const ids = [692];
export const modules = {

/***/ 43692:
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
/** Every marker starts with this, so a marker of an earlier call can be recognised in later output. */
const MARKER_TAG = '%BASH_AGENT_';
/**
 * Bytes of a call's nonce, drawn fresh per call: 48 random bits, far past guessing within a call. It
 * travels in the line as 8 base64url characters alone (see randomBase64Url); only the marker puts the
 * tag in front of them, so neither a trace of the call (`set -x`) nor the echo of the line (`set -v`)
 * contains a marker.
 */
const NONCE_BYTES = 6;
/** Length of a marker: the tag, the nonce's characters, and the space before the status. */
const MARKER_LENGTH = MARKER_TAG.length + (4 * NONCE_BYTES) / 3 + 1;
/** `id`: a few hex digits, fresh per shell. */
function frameNames(id) {
    return { guard: `_g${id}`, ends: [`_e${id}`, `_f${id}`] };
}
/**
 * The bash that waits until the session opens the gate (a FIFO) at `gatePath` (see ScriptChannel): a
 * redirection on a keyword alone, so no function, alias or builtin of the agent's can change it.
 */
function gateWait(gatePath) {
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
function frameDefinitions(names, frameFd, gates) {
    const { guard, ends } = names;
    const report = (words) => `{ 9</dev/null/"${MARKER_TAG}${words}"; } 2>&${frameFd} || [[ 1 ]]`;
    // $1: status; $2: nonce.
    const end = (gate) => `${ends[gate]}() { ${report('$2 $1')}; ${gateWait(gates[gate])}; }`;
    return (
    // $1: directory checked against; $2: nonce.
    `${guard}() { [[ . -ef $1 ]] || { ${report('$2 moved')}; [[ '' ]]; }; }; ${end(0)}; ${end(1)}\n` +
        `readonly -f ${guard} ${ends.join(' ')}\n`);
}
/**
 * The line that runs `command` if the shell is in the directory `dirWord` names (one word, from
 * shellWord or shellWordOfBytes), then prints the marker with the exit status and waits at `gate`.
 * `nonce` is fresh per call (see NONCE_BYTES). The command travels as one word for `eval`: whatever
 * it contains (an unclosed quote, a heredoc on its last line, a trailing backslash or `&`) it cannot
 * run into the frame.
 */
function frameCall(names, gate, command, dirWord, nonce) {
    // `eval` takes `--` and would read a first word starting with `-` as an option.
    const commandWord = command.startsWith('-') ? `-- ${ansiCQuote(command)}` : shellWord(command);
    return {
        line: `\\${names.guard} ${dirWord} ${nonce}&&` +
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
function parseFrameEnd(trailer) {
    const word = FRAME_END.exec(trailer)?.[1];
    if (word === undefined)
        return { kind: 'unreadable' };
    if (word === 'moved')
        return { kind: 'moved' };
    return { kind: 'exit', status: Number(word) };
}
/**
 * What bash wrote in front of the marker on a shell's first call, which ran nothing: the name and
 * line it puts before every error of the frame. Only the last line, for bash may have warned about
 * something (an unknown locale) while it started.
 */
function endPrefixOf(firstOutput) {
    return firstOutput.slice(firstOutput.lastIndexOf('\n') + 1);
}
/**
 * Reads one call's output as it arrives, in pieces split anywhere: passes the command's own text on
 * to `out`, and finds the call's end, its marker with bash's words in front of it (`prefix`) taken
 * off, or the marker of an earlier call (`past`) showing up late.
 */
class EndReader {
    #marker;
    #prefix;
    #past;
    #out;
    /** Kept back until more comes: what could be the start of a marker, and the words before it. */
    #holdBack;
    #pending = '';
    /** What followed the marker, once it was found, until its line is whole. */
    #trailer;
    constructor(marker, prefix, past, out) {
        this.#marker = marker;
        this.#prefix = prefix;
        this.#past = past;
        this.#out = out;
        this.#holdBack = prefix.length + MARKER_TAG.length - 1;
    }
    /** Takes the next piece of output; returns the end once it has come whole. */
    push(text) {
        if (this.#trailer === undefined) {
            this.#pending += text;
            if (this.#scan())
                return { end: 'late', rest: '' };
            if (this.#trailer === undefined)
                return undefined;
        }
        else {
            this.#trailer += text;
        }
        const trailer = this.#trailer;
        const lineEnd = trailer.indexOf('\n');
        if (lineEnd < 0)
            return undefined;
        return { end: parseFrameEnd(trailer.slice(0, lineEnd)), rest: trailer.slice(lineEnd + 1) };
    }
    /** Output kept back and not passed on yet, for a call that ended without its marker. */
    get held() {
        return this.#pending;
    }
    /** Passes on what cannot be part of a marker; true when a late marker was found. */
    #scan() {
        const pending = this.#pending;
        for (let from = 0;;) {
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
    #passOn(at) {
        if (at > 0)
            this.#out(this.#pending.slice(0, at));
        this.#pending = this.#pending.slice(at);
    }
    /** Passes on the output before a marker at `at`, without bash's words in front of it. */
    #passOnBefore(at) {
        const text = this.#pending.slice(0, at);
        const prefix = this.#prefix;
        this.#pending = '';
        const own = prefix !== '' && text.endsWith(prefix) ? text.slice(0, -prefix.length) : text;
        if (own !== '')
            this.#out(own);
    }
}
/**
 * Characters that stand for themselves anywhere in an unquoted bash word, whatever the shell's
 * options and variables: no quoting, expansion, globbing (extglob's included), brace, tilde,
 * operator or comment character among them.
 */
const LITERAL_WORD = /^[A-Za-z0-9_./,:@%+=-]+$/;
/** `text` as one bash word: itself when every character is literal, else ANSI-C quoted. */
function shellWord(text) {
    return LITERAL_WORD.test(text) ? text : ansiCQuote(text);
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
/** `$'…'` quoting: every byte survives, and nothing in the text can end the word early. */
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
 * burst of quick commands would pay that hundreds of times (2.4 µs a call on Node 24, 6.6 µs while
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
 * cap, and a count of what was dropped between them — so a command printing a gigabyte costs a few
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
/** Largest cut ≤ n that doesn't split a UTF-16 surrogate pair (an emoji must not become two halves). */
function safeCut(text, n) {
    if (n >= text.length)
        return text.length;
    const code = text.charCodeAt(n - 1);
    return code >= 0xd800 && code <= 0xdbff ? n - 1 : n;
}
/** Smallest cut ≥ n that doesn't split a surrogate pair, for dropping n characters from the front. */
function safeCutFromStart(text, n) {
    if (n >= text.length)
        return text.length;
    const code = text.charCodeAt(n);
    return code >= 0xdc00 && code <= 0xdfff ? n + 1 : n;
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
;// CONCATENATED MODULE: ./src/shell/script-channel.ts
/**
 * How commands reach the persistent bash: a script file that bash runs, and two gates it waits at.
 *
 * bash reads a script it cannot seek (a FIFO, a pipe) one byte per system call, so that it never
 * consumes input past the line it runs; a frame of about 80 bytes and the command itself then cost a
 * system call a byte. A regular file bash reads in blocks of up to 8 KiB (as large as the file was
 * when bash opened it, so the file starts with a comment that long). But at the end of a regular file
 * bash finds end-of-file and exits, so it must never get there before the next line is written: each
 * call's line ends (in the frame's end function, after the end marker) by opening one of two FIFOs
 * for reading, which blocks bash until this side opens it for writing. The session appends the next
 * line to the script and only then opens the gate bash waits at.
 *
 * Two gates, used in turn, because a gate held open for a moment too long would also let bash through
 * the next one: bash, woken by the opening, can run the whole next call and reach its gate before
 * this side closes the first.
 *
 * The opening is the dearest step of a quick call: it wakes bash on the other core, and on the
 * 2-core virtual machines measured that wake, a call into the hypervisor, was about 12% of the main
 * thread's time in a burst of `true` calls. A byte written to a pipe is a cheaper wake (the kernel
 * may keep the reader on the writer's core): a bare round trip released that way took 60–69 µs
 * against 78–83 µs through the FIFO, in the same runs. But bash takes one byte from a pipe only
 * with the `read` builtin, which a command can shadow with a function or turn off (`enable -n
 * read`), and the frame relies on no builtin (see frame.ts).
 *
 * While a command runs, nothing after its own line is in the script: a command that reads the script
 * (`/proc/$$/fd/255`) learns only what ran already. The script grows by each call's line for the
 * life of the shell; it is removed with the shell.
 */





/** The most bash reads from its script at once (bash's MAX_INPUT_BUFFER_SIZE). */
const BASH_READ_SIZE = 8192;
/** How the session opens a gate: for writing, failing (ENXIO) rather than waiting when bash is not there. */
const GATE_FLAGS = external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_NONBLOCK;
/** Tries at a gate bash has not reached, one after the other, before trying once a millisecond. */
const QUICK_TRIES = 32;
const SLOW_TRY_MS = 1;
class ScriptChannel {
    /** The private directory of the script and the gates. */
    dir;
    /** The script, named `bash` so that bash's messages read `bash: line 3: …`, relative to `dir`. */
    script = 'bash';
    /** The gates' paths. */
    gates;
    #scriptFd;
    /** The gate bash waits at (or will, once the line it runs is done). */
    #waitingAt = 0;
    /** Lines sent (and disposals): a try at a gate for an earlier one gives up. */
    #sends = 0;
    /** Makes the directory, the gates and a script of `preamble`, after which bash waits at gate 0. */
    constructor(preamble, env) {
        this.dir = (0,external_node_fs_.mkdtempSync)(external_node_path_default().join((0,external_node_os_.tmpdir)(), 'bash-agent-'));
        this.gates = [external_node_path_default().join(this.dir, 'gate0'), external_node_path_default().join(this.dir, 'gate1')];
        try {
            (0,external_node_child_process_.execFileSync)('mkfifo', ['-m', '600', ...this.gates], { env });
            this.#scriptFd = (0,external_node_fs_.openSync)(external_node_path_default().join(this.dir, this.script), external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | external_node_fs_.constants.O_APPEND, 0o600);
        }
        catch (error) {
            (0,external_node_fs_.rmSync)(this.dir, { recursive: true, force: true });
            throw new Error(`Could not create the shell's command channel: ${String(error)}`);
        }
        // A comment line that makes the script as long as bash's largest read when bash opens it.
        this.#append(`#${' '.repeat(BASH_READ_SIZE - 2)}\n${preamble(this.gates)}${gateWait(this.gates[0])}\n`);
    }
    /** The gate the line sent next must end at: the one bash does not wait at now. */
    get nextGate() {
        return this.#waitingAt === 0 ? 1 : 0;
    }
    /**
     * Appends `line` (which must end at `nextGate`) to the script and lets bash through the gate it
     * waits at, now or as soon as it gets there. Throws when the script cannot be written (a full disk);
     * bash is then still held at its gate.
     */
    send(line) {
        this.#append(line);
        const gate = this.#waitingAt;
        this.#waitingAt = this.nextGate;
        this.#sends += 1;
        if (!this.#openNow(gate))
            this.#openSoon(gate, this.#sends, 1);
    }
    /** Stops waiting for bash at a gate and removes the channel; the shell must be gone. */
    dispose() {
        this.#sends += 1;
        (0,external_node_fs_.closeSync)(this.#scriptFd);
        (0,external_node_fs_.rmSync)(this.dir, { recursive: true, force: true });
    }
    #append(text) {
        const bytes = Buffer.from(text);
        for (let written = 0; written < bytes.length;) {
            written += (0,external_node_fs_.writeSync)(this.#scriptFd, bytes, written);
        }
    }
    /**
     * Opens the gate for writing and closes it again in the same turn, which lets bash through if it
     * waits there; false when bash is not there yet. Any other failure (the gate was removed) leaves
     * bash to fail its own opening and read on: it runs the lines the session wrote, meets the end of
     * the script and exits, which the session notices.
     */
    #openNow(gate) {
        let fd;
        try {
            fd = (0,external_node_fs_.openSync)(this.gates[gate], GATE_FLAGS);
        }
        catch (error) {
            return error.code !== 'ENXIO';
        }
        (0,external_node_fs_.closeSync)(fd);
        return true;
    }
    /**
     * Tries the gate again, as long as `send` is the last line sent, each time after a trip through
     * libuv's thread pool: meanwhile the event loop sleeps, so bash, which may share this core, runs up
     * to its gate (tried again at once, the gate would keep bash off the core it needs to get there).
     * The try itself stays on this thread, opening and closing in one turn: a gate left open while
     * bash runs the next line would let it through the gate after that one too. Quick tries first
     * (bash is microseconds from its gate after its end marker), then one a millisecond, for a shell
     * still busy (an end that came before its command was over).
     */
    #openSoon(gate, send, tries) {
        const again = () => {
            if (send !== this.#sends || this.#openNow(gate))
                return;
            this.#openSoon(gate, send, tries + 1);
        };
        if (tries < QUICK_TRIES)
            (0,external_node_fs_.fstat)(this.#scriptFd, again);
        else
            setTimeout(again, SLOW_TRY_MS);
    }
}

;// CONCATENATED MODULE: ./src/shell/process-tree.ts

/** /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses. */
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
 * Every live process that belongs to the shell `rootPid`: its process group, its descendants, and
 * anything carrying `marker` (a `NAME=value` entry of the environment the shell was started with).
 */
function findShellProcesses(rootPid, marker) {
    const infos = listPids()
        .filter((pid) => pid !== process.pid)
        .map(readStat)
        .filter((info) => info !== undefined && !info.zombie);
    const children = new Map();
    for (const info of infos) {
        const list = children.get(info.ppid) ?? [];
        list.push(info.pid);
        children.set(info.ppid, list);
    }
    const found = new Set();
    const queue = [rootPid];
    for (const info of infos) {
        if (info.pgid === rootPid || hasMarker(info.pid, marker))
            queue.push(info.pid);
    }
    while (queue.length > 0) {
        const pid = queue.pop();
        if (found.has(pid))
            continue;
        found.add(pid);
        queue.push(...(children.get(pid) ?? []));
    }
    const live = new Set(infos.map((info) => info.pid));
    return [...found].filter((pid) => live.has(pid));
}
/**
 * Sends `signal` to the process group, and to each of `pids` that has left it. A member of the group
 * must not get the signal twice: a second SIGTERM would run its `trap … TERM` handler a second time.
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

// EXTERNAL MODULE: ./src/random-token.ts
var random_token = __webpack_require__(13228);
;// CONCATENATED MODULE: ./src/shell/session.ts














/** How long to keep reading after the shell is gone, for output still in the pipe. */
const DRAIN_AFTER_EXIT_MS = 250;
/** How long to wait for SIGKILLed processes to disappear. */
const KILL_CONFIRM_MS = 2000;
/** How often to look whether killed processes are gone during the grace period. */
const REAP_POLL_MS = 10;
/** File descriptor the frame writes its end marker to: a copy of the original stdout, so a command
 * that redirects the shell's own stdout (`exec >log`) cannot swallow the marker. */
const FRAME_FD = 63;
/** How many earlier markers of a shell are remembered to recognise a late one (see `early-end`). */
const REMEMBERED_MARKERS = 256;
/**
 * A persistent bash process that runs one command at a time, the way the bash tool expects: state
 * (cwd, variables, functions) persists between calls; stdin is /dev/null for every command; output is
 * stdout and stderr interleaved, bounded in memory; a command past its time limit is killed with its
 * whole process tree and the shell replaced; a command that ends the shell is noticed at once.
 */
class BashSession {
    #options;
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
    /** Calls are chained so two never share the shell's pipes. */
    #queue = Promise.resolve();
    #closed = false;
    /** Output that arrived while no call was running (a background job), given to the next call. */
    #stray = '';
    /** The running call's time limit. */
    #callTimer = new CallTimer();
    #onProcessExit = () => this.#killNow();
    #onAbort = () => void this.kill().catch(() => undefined);
    constructor(options) {
        const { signal, ...settings } = options;
        this.#options = { killGraceMs: 200, bashPath: 'bash', ...settings };
        this.#signal = signal;
        this.#cwd = options.cwd;
    }
    /** Starts bash in `options.cwd` and waits until it answers. */
    static async start(options) {
        if (!(0,external_node_fs_.existsSync)(options.cwd) || !(0,external_node_fs_.statSync)(options.cwd).isDirectory()) {
            throw new Error(`The shell's working directory does not exist: ${options.cwd}`);
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
    /** Runs `command` and returns what it printed and how it ended; command failures never throw. */
    run(command, options = {}) {
        const timeoutMs = Math.max(1, Math.round(options.timeoutMs ?? this.#options.defaultTimeoutMs));
        return this.#enqueue(() => this.#run(command, timeoutMs, options.expectedCwd));
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
        if (shell !== undefined && shell.exit === undefined) {
            signalProcesses(shell.pid, findShellProcesses(shell.pid, shell.marker), 'SIGKILL');
        }
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
    /** A directory to start in: the configured one, or its nearest ancestor that still exists. */
    #startDirectory() {
        let dir = this.#options.cwd;
        while (!((0,external_node_fs_.existsSync)(dir) && (0,external_node_fs_.statSync)(dir).isDirectory())) {
            const parent = external_node_path_default().dirname(dir);
            if (parent === dir)
                return '/';
            dir = parent;
        }
        return dir;
    }
    async #startShell() {
        const cwd = this.#startDirectory();
        const marker = `BASH_AGENT_SHELL=${(0,external_node_crypto_.randomBytes)(8).toString('hex')}`;
        const [name, value] = marker.split('=');
        // Commands reach bash through a script it runs (see ScriptChannel), not through its stdin, so
        // stdin can stay /dev/null for bash and everything it starts, with no redirection per command
        // (which alone cost ~80 µs a call).
        const frame = frameNames((0,random_token/* randomHex */.n)(2));
        const channel = new ScriptChannel((gates) => 
        // The channel's directory is only where bash finds its script; OLDPWD must not point there.
        // Nothing the agent defines exists yet, so these builtins and keywords are the real ones.
        `builtin cd -- ${ansiCQuote(cwd)} && builtin unset OLDPWD\n` +
            `exec 2>&1 ${FRAME_FD}>&1\n` +
            frameDefinitions(frame, FRAME_FD, gates), this.#options.env);
        const child = (0,external_node_child_process_.spawn)(this.#options.bashPath, ['--noprofile', '--norc', channel.script], {
            cwd: channel.dir,
            env: { ...this.#options.env, [name]: value },
            // Its own process group, so a timeout can signal every process of the command at once.
            detached: true,
            stdio: ['ignore', 'pipe', 'pipe'],
        });
        try {
            await new Promise((resolve, reject) => {
                child.once('spawn', resolve);
                child.once('error', reject);
            });
        }
        catch (error) {
            channel.dispose();
            throw error;
        }
        const stdout = child.stdout;
        const stderr = child.stderr;
        // StringDecoder rather than TextDecoder: same handling of split and invalid sequences (U+FFFD),
        // several times the speed on bulk output.
        const decoder = new external_node_string_decoder_.StringDecoder('utf8');
        const exited = new Promise((resolve) => {
            child.once('exit', (code, signal) => {
                shell.exit = { code, signal };
                shell.endCallOnExit?.();
                resolve(shell.exit);
            });
        });
        const shell = {
            child,
            pid: child.pid,
            marker,
            frame,
            endPrefix: '',
            pastMarkers: new Set(),
            exit: undefined,
            exited,
            endCallOnExit: undefined,
            sink: (text) => this.#collectStray(text),
            channel,
            drained: new Promise((resolve) => stdout.once('end', resolve)),
            dispose: () => {
                stdout.removeAllListeners('data');
                stderr.removeAllListeners('data');
                channel.dispose();
            },
        };
        const onData = (chunk) => shell.sink(decoder.write(chunk));
        stdout.on('data', onData);
        // stderr is joined to stdout below; anything bash itself prints before that still gets read.
        stderr.on('data', onData);
        this.#shell = shell;
        this.#cwd = cwd;
        this.#kernelCwd = undefined;
        this.#cwdWord = shellWord(cwd);
        const check = await this.#frame(shell, 'true', 10_000, this.#cwdWord);
        if (check.exitCode !== 0) {
            throw new Error(`bash did not start: ${check.output || `exit status ${check.shellExitStatus}`}`);
        }
        shell.endPrefix = endPrefixOf(check.output);
    }
    #collectStray(text) {
        // Bounded: a background job that prints forever between calls must not grow the process.
        this.#stray = (this.#stray + text).slice(-this.#options.maxOutput);
    }
    async #run(command, timeoutMs, expectedCwd) {
        if (this.#shell === undefined || this.#shell.exit !== undefined) {
            await this.#stopShell();
            await this.#startShell();
        }
        const checked = expectedCwd === undefined || expectedCwd === this.#cwd
            ? this.#cwdWord
            : shellWord(expectedCwd);
        return this.#frame(this.#shell, command, timeoutMs, checked);
    }
    /**
     * Sends one framed command and waits for its end marker, a timeout or the shell's death. The
     * directory afterwards is read from the kernel, never from anything the shell printed.
     */
    async #frame(shell, command, timeoutMs, checkedDirWord) {
        const started = external_node_perf_hooks_.performance.now();
        const capture = new OutputCapture(this.#options.maxOutput);
        // Random per call, so earlier output cannot contain it, and written only now, so no command before
        // this one can read it from the script.
        const { line, marker } = frameCall(shell.frame, shell.channel.nextGate, command, checkedDirWord, (0,random_token/* randomBase64Url */.O)(NONCE_BYTES));
        const past = shell.pastMarkers;
        // Settled by the end marker, a late marker of an earlier call, or the timer below.
        let finishFrame;
        const framed = new Promise((resolve) => (finishFrame = resolve));
        let finished = false;
        const reader = new EndReader(marker, shell.endPrefix, past, (text) => capture.append(text));
        shell.sink = (text) => {
            const found = reader.push(text);
            if (found === undefined)
                return;
            finished = true;
            shell.sink = (more) => this.#collectStray(more);
            if (found.rest !== '')
                this.#collectStray(found.rest);
            finishFrame(found.end);
        };
        // Output that came between calls is this call's, read like the rest: the late end of an earlier
        // call may be in it.
        const stray = this.#stray;
        this.#stray = '';
        if (stray !== '')
            shell.sink(stray);
        // An earlier call found still running: its shell is replaced before this command reaches it.
        const sent = !finished;
        if (sent) {
            try {
                shell.channel.send(line);
            }
            catch (error) {
                // Part of the line may be in the script: this shell must never read on.
                await this.#stopShell();
                throw new Error(`Could not send the command to the shell: ${String(error)}`);
            }
        }
        this.#callTimer.start(timeoutMs, () => finishFrame('timeout'));
        if (shell.exit)
            finishFrame('exited');
        else
            shell.endCallOnExit = () => finishFrame('exited');
        const outcome = await framed;
        shell.endCallOnExit = undefined;
        this.#callTimer.stop();
        past.add(marker);
        if (past.size > REMEMBERED_MARKERS)
            past.delete(past.values().next().value);
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
        else if (outcome === 'late') {
            frameFault = sent ? 'early-end' : 'early-end-not-run';
            await this.#killShell(shell, this.#options.killGraceMs);
        }
        else if (outcome.kind === 'exit') {
            exitCode = outcome.status;
            const cwd = readKernelCwd(shell.pid, this.#kernelCwd);
            if (cwd !== undefined && cwd !== this.#kernelCwd) {
                this.#cwd = cwd.path;
                this.#kernelCwd = cwd;
                this.#cwdWord = shellWordOfBytes(cwd.bytes);
            }
        }
        else {
            const gone = outcome.kind === 'moved' && readKernelCwd(shell.pid)?.deleted === true;
            frameFault =
                outcome.kind === 'unreadable'
                    ? 'forged-end'
                    : gone
                        ? 'directory-deleted'
                        : 'directory-changed';
            await this.#killShell(shell, 0);
        }
        // A closed session (killed mid-command) is not brought back.
        const restarted = exitCode === null && !this.#closed;
        if (exitCode === null) {
            // Whatever reached the pipe before the end is part of the command's output.
            capture.append(reader.held);
            shell.dispose();
            this.#shell = undefined;
            if (restarted)
                await this.#startShell();
        }
        const { head, tail, omitted } = capture.result();
        return {
            output: omitted > 0 ? `${head}${(0,format/* omissionMarker */.M)(omitted)}${tail}` : head + tail,
            omittedChars: omitted,
            exitCode,
            timedOut: isTimeout,
            timeoutMs,
            shellExited,
            shellExitStatus,
            shellExitSignal,
            frameFault,
            restarted,
            cwd: this.#cwd,
            durationMs: external_node_perf_hooks_.performance.now() - started,
        };
    }
    /**
     * Ends the shell and every process it started: SIGTERM first so `trap … TERM` handlers run, SIGKILL
     * after `graceMs` for whatever is left, then a short wait for output still in the pipe.
     */
    async #killShell(shell, graceMs) {
        let pids = findShellProcesses(shell.pid, shell.marker);
        if (graceMs > 0) {
            signalProcesses(shell.pid, pids, 'SIGTERM');
            const deadline = external_node_perf_hooks_.performance.now() + graceMs;
            while (external_node_perf_hooks_.performance.now() < deadline && (shell.exit === undefined || anyAlive(pids))) {
                await delay(REAP_POLL_MS);
            }
            pids = findShellProcesses(shell.pid, shell.marker);
        }
        signalProcesses(shell.pid, pids, 'SIGKILL');
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
        signalProcesses(shell.pid, findShellProcesses(shell.pid, shell.marker), 'SIGKILL');
        shell.dispose();
    }
}
function delay(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}


/***/ })

};

//# sourceMappingURL=692.index.js.map