import './sourcemap-register.cjs';import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 34758:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   V9: () => (/* binding */ messageWithCause),
/* harmony export */   XS: () => (/* binding */ GitError),
/* harmony export */   bD: () => (/* binding */ messageOf),
/* harmony export */   dz: () => (/* binding */ InputError),
/* harmony export */   l5: () => (/* binding */ ShellStartError)
/* harmony export */ });
/**
 * The action's error vocabulary: one way to put any thrown value into words, and the typed errors of
 * the parts outside the process (the shell's start, git) and of an unusable input, which carry what
 * callers decide on as fields, never as text to match.
 */
/**
 * The message of anything thrown: an error's message, anything else as a string. Duck-typed: an
 * error made in another realm (a VM context, a worker) is no `Error` of this one.
 */
function messageOf(error) {
    const message = error?.message;
    return typeof message === 'string' ? message : String(error);
}
/** messageOf, followed by its cause's message where that says more (`fetch failed: other side closed`). */
function messageWithCause(error) {
    const text = messageOf(error);
    const cause = error?.cause?.message;
    return typeof cause === 'string' && cause !== text ? `${text}: ${cause}` : text;
}
/** A git command of the action's that failed; the message is for people, the fields for callers. */
class GitError extends Error {
    verb;
    failure;
    exitCode;
    stderr;
    constructor(message, 
    /** `git <verb>`, without the rest of argv (which may carry a configuration value). */
    verb, failure, 
    /** The exit status; null when git did not exit by itself. */
    exitCode, 
    /** What git printed on stderr (empty when it never ran). */
    stderr, options) {
        super(message, options);
        this.verb = verb;
        this.failure = failure;
        this.exitCode = exitCode;
        this.stderr = stderr;
        this.name = 'GitError';
    }
}
/** The shell could not be started (a missing working directory, bash not answering). */
class ShellStartError extends Error {
    constructor(message, options) {
        super(message, options);
        this.name = 'ShellStartError';
    }
}
/** An input whose value is unusable; the message names the input, quotes the value and says what was expected. */
class InputError extends Error {
    input;
    constructor(input, message) {
        super(message);
        this.input = input;
        this.name = 'InputError';
    }
}


/***/ }),

/***/ 79407:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _run_clean_start_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(50029);
/* harmony import */ var _run_v8_tuning_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(52454);
// The action's entry point: the only module with a side effect on import.


// Before any other module is even loaded: on Node 24 this re-executes without the secrets in the
// environment and returns only in the re-executed process (V8 flags set earlier would not survive).
(0,_run_clean_start_js__WEBPACK_IMPORTED_MODULE_0__/* .startClean */ .Ke)();
// Before the second it takes to load the action: a cancel in that time is the run's to handle.
// Evaluated only here, after the clean start, but bundled into this entry file ("eager"): main.js
// imports it too, and a chunk of its own would be a second copy of it in dist/.
const { exitAfterReport, holdSignals } = await Promise.resolve(/* import() eager */).then(__nccwpck_require__.bind(__nccwpck_require__, 77206));
holdSignals();
// Before the first request, whose HTTP parser is the first wasm the process compiles.
(0,_run_v8_tuning_js__WEBPACK_IMPORTED_MODULE_1__/* .keepWasmOnBaselineCompiler */ .xL)();
// Before any function of the action is hot.
(0,_run_v8_tuning_js__WEBPACK_IMPORTED_MODULE_1__/* .leaveMaglevOff */ .BT)();
const { run } = await __nccwpck_require__.e(/* import() */ 718).then(__nccwpck_require__.bind(__nccwpck_require__, 96718));
await run();
exitAfterReport();

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 77206:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ listenForCancellation),
/* harmony export */   exitAfterReport: () => (/* binding */ exitAfterReport),
/* harmony export */   holdSignals: () => (/* binding */ holdSignals)
/* harmony export */ });
/* unused harmony export CancelledError */
/**
 * What a cancelled step does instead of dying. The runner cancels a step (the cancel button,
 * `timeout-minutes`) with SIGINT, then SIGTERM about 7.5 s later, then SIGKILL; Node's default for
 * both signals is to end at once, which loses the summary, the outputs and the undo of what the agent
 * changed, and leaves bash's processes running. Here the first signal aborts the run's signal (the
 * loop stops, the request in flight and the running command are aborted, and the ordinary wind-down
 * follows); later signals are swallowed, so they cannot cut that wind-down short; and a hard timer
 * ends the process well before the runner's SIGKILL, after the steps that must not be skipped.
 */
/** The runner's two polite signals; SIGKILL cannot be caught. */
const CANCEL_SIGNALS = ['SIGINT', 'SIGTERM'];
/**
 * From the first signal to the forced exit: inside the 5 s the action promises, and far inside the
 * runner's 7.5 s before SIGTERM and 10 s before SIGKILL.
 */
const WIND_DOWN_MS = 4_500;
/** The abort reason of a cancelled run; its message says which signal came. */
class CancelledError extends Error {
    signalName;
    constructor(signalName) {
        super(`The run was cancelled (${signalName})`);
        this.signalName = signalName;
        this.name = 'CancelledError';
    }
}
let earliest;
/**
 * Catches the runner's signals from the process's first moments, before the run can listen for them
 * (loading the action takes a second, during which Node's default would end the process by the
 * signal, with no report and no undo); the run's listenForCancellation takes them over. The first
 * call is the one listenForCancellation takes over by default.
 */
function holdSignals(source = process) {
    const signals = [];
    const hold = (signal) => {
        signals.push(signal);
    };
    for (const signal of CANCEL_SIGNALS)
        source.on(signal, hold);
    const held = {
        release: () => {
            for (const signal of CANCEL_SIGNALS)
                source.removeListener(signal, hold);
            return signals.splice(0);
        },
    };
    earliest ??= held;
    return held;
}
/** After the run: how long the process may take to end by itself before it is ended. */
const EXIT_GRACE_MS = 2_000;
/**
 * The process's end once the run is over and reported: later signals are swallowed (ending by the
 * signal would replace the step's exit status), and whatever still keeps the event loop alive (a
 * leftover's descriptor, a socket that never closes) cannot hold the step: after `graceMs` the
 * process exits with the status the run set.
 */
function exitAfterReport(options = {}) {
    // The status the run set, given explicitly: `process.exit(undefined)` exits with 0.
    const exit = options.exit ?? (() => process.exit(process.exitCode ?? 0));
    for (const signal of CANCEL_SIGNALS)
        (options.source ?? process).on(signal, () => undefined);
    // unref: a process with nothing left to do ends at once, without waiting for this.
    setTimeout(() => exit(), options.graceMs ?? EXIT_GRACE_MS).unref();
}
/** Starts listening for the runner's cancel signals. */
function listenForCancellation(options = {}) {
    const controller = new AbortController();
    const steps = [];
    const windDownMs = options.windDownMs ?? WIND_DOWN_MS;
    const exit = options.exit ?? ((code) => process.exit(code));
    const source = options.source ?? process;
    const forceExit = () => {
        const cancelled = controller.signal.reason instanceof Error
            ? controller.signal.reason.message
            : 'The run was cancelled';
        const why = `${cancelled}, and its wind-down did not finish within ${windDownMs / 1000} s`;
        for (const step of steps) {
            try {
                step(why);
            }
            catch {
                // the next step must still run, and the process must still end
            }
        }
        exit(1);
    };
    const onSignal = (signal) => {
        const first = !controller.signal.aborted;
        try {
            options.onSignal?.(signal, first);
        }
        catch {
            // a failing log write must not stop the cancellation
        }
        if (!first)
            return;
        // unref: when the wind-down ends on time nothing waits for this timer; when something hangs
        // after it (an open socket), the timer is what ends the process.
        setTimeout(forceExit, windDownMs).unref();
        controller.abort(new CancelledError(signal));
    };
    for (const signal of CANCEL_SIGNALS)
        source.on(signal, onSignal);
    const held = options.held ?? earliest;
    if (held === earliest)
        earliest = undefined;
    for (const signal of held?.release() ?? [])
        onSignal(signal);
    return {
        signal: controller.signal,
        beforeForcedExit: (step) => steps.push(step),
        dispose: () => {
            for (const signal of CANCEL_SIGNALS)
                source.removeListener(signal, onSignal);
        },
    };
}


/***/ }),

/***/ 50029:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ke: () => (/* binding */ startClean)
/* harmony export */ });
/* unused harmony exports CARRIER_VARIABLE, FORGED_MARKER_NOTE, processIdentity, carrierMarker, carrierFileOf, needsNode24Note, splitEnvironment, encodeCarried, decodeCarried, writeCarrier, carrierProblem, takeCarrier, sweepStaleCarriers */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _shell_env_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(13841);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(34758);
/**
 * Keeps the action's secrets out of its own process's environment. A process's environment at exec
 * time stays readable in `/proc/PID/environ` for as long as it runs, by every process of the same
 * user \u2014 the agent's shell included \u2014 so the runner's block, with the API key, the token and every
 * `INPUT_*`, must not be the one this process runs with. On Node 24 the process re-executes itself
 * (`process.execve`: same PID, argv and stdio) with only the variables that are not secret, and the
 * secret ones travel to the new image outside any environment or command line.
 *
 * The carrier is a file, not a descriptor: Node opens every descriptor close-on-exec and offers no
 * way to clear that flag (execve keeps only 0\u20132), so no pipe or open file can cross the exec. The
 * file is written whole before the exec (a pipe would block past 64 KiB with no reader yet), in a
 * fresh 0700 directory on tmpfs where there is one, so the values are never on disk; the new image
 * unlinks it before reading, before anything else of the action has run. Only the file's path is in
 * the new environment.
 *
 * The variable that names the file is also what tells the new image it is the re-executed one, and an
 * earlier step can set any variable for this one (through GITHUB_ENV). So the marker is bound to this
 * very process: it names the process's pid and start time (/proc/self/stat), which execve keeps and
 * no earlier step can know, and the file it names must be a private file of this user's. A marker
 * that is not this process's is ignored, with a warning, and the secrets are kept out as usual.
 */





/**
 * Marks the re-executed process and names its carrier file: `PID:STARTTIME:PATH` (carrierMarker).
 */
const CARRIER_VARIABLE = 'BASH_AGENT_CARRIED_ENV';
/** The warning of a start whose environment held a marker that is not this process's. */
const FORGED_MARKER_NOTE = `::warning::${CARRIER_VARIABLE} was set before the action started (by an earlier step, through ` +
    `GITHUB_ENV?) but does not belong to this process; it was ignored, and the action's secrets are ` +
    `kept out of its environment as usual.`;
/**
 * What identifies this process across execve and to no one before it existed: its pid and its
 * start time in clock ticks since boot (field 22 of /proc/self/stat), as `PID:STARTTIME`.
 * Undefined where there is no /proc.
 */
function processIdentity(statFile = '/proc/self/stat') {
    let stat;
    try {
        stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(statFile, 'latin1');
    }
    catch {
        return undefined;
    }
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
    const pid = /^(\d+) \(/.exec(stat)?.[1];
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (the state), so field 22 is fields[19].
    const startTime = fields[19];
    if (pid === undefined || startTime === undefined || !/^\d+$/.test(startTime))
        return undefined;
    return `${pid}:${startTime}`;
}
/** The marker of the process `identity` whose carrier is `file`. */
function carrierMarker(identity, file) {
    return `${identity}:${file}`;
}
/**
 * The carrier file a marker names, when the marker is this process's (`identity`); undefined for a
 * marker of another process, or one in no form the action writes.
 */
function carrierFileOf(marker, identity) {
    if (identity === undefined || !marker.startsWith(`${identity}:`))
        return undefined;
    const file = marker.slice(identity.length + 1);
    return node_path__WEBPACK_IMPORTED_MODULE_2___default().isAbsolute(file) ? file : undefined;
}
/** The line the log gets when the protection is not available. */
function needsNode24Note(version) {
    return (`The action's secrets stay in its process environment, where commands can read them ` +
        `(/proc/PID/environ): keeping them out needs Node 24 (process.execve), and this is Node ${version}.`);
}
/** Splits an environment by the shell's rules for what is secret (shell/env.ts). */
function splitEnvironment(env) {
    const kept = {};
    const carried = {};
    for (const [name, value] of Object.entries(env)) {
        if (value === undefined || name === CARRIER_VARIABLE)
            continue;
        ((0,_shell_env_js__WEBPACK_IMPORTED_MODULE_3__/* .isSecretVariable */ .tS)(name, value) ? carried : kept)[name] = value;
    }
    return { kept, carried };
}
/** The carrier's contents: JSON keeps newlines, `=` and any other character a value may hold. */
function encodeCarried(carried) {
    return JSON.stringify(carried);
}
function decodeCarried(text) {
    const parsed = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new Error('The carried environment is not an object');
    }
    const carried = {};
    for (const [name, value] of Object.entries(parsed)) {
        if (typeof value !== 'string')
            throw new Error(`The carried variable ${name} is not a string`);
        carried[name] = value;
    }
    return carried;
}
/** tmpfs keeps the values in memory; where there is none, the system's temporary directory. */
function carrierParent() {
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.accessSync)('/dev/shm', node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.W_OK | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.X_OK);
        return '/dev/shm';
    }
    catch {
        return (0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)(); // not there, or not writable
    }
}
/** A carrier's directory: `bash-agent-env-PID-STARTTIME-XXXXXX`, naming the process it is for. */
const CARRIER_DIRECTORY = /^bash-agent-env-(\d+)-(\d+)-[A-Za-z0-9]{6}$/;
/**
 * Writes the carrier of the process `identity` (processIdentity); returns its path. The directory
 * is the caller's to remove on failure. Its name says whose it is, so a carrier left by a process
 * killed before it could take it (sweepStaleCarriers) can be told from one still on its way.
 */
function writeCarrier(carried, identity, parent = carrierParent()) {
    const dir = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdtempSync)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(parent, `bash-agent-env-${identity.replace(':', '-')}-`));
    const file = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(dir, 'env.json');
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(file, encodeCarried(carried), { mode: 0o600, flag: 'wx' });
    return file;
}
/**
 * Why a carrier (`file`, in `dir`) is not as writeCarrier leaves one, a file of the user `uid` in a
 * directory of theirs, neither open to anyone else; undefined when it is. Only other users' bits
 * are checked: a strict umask may have taken some of the owner's too.
 */
function carrierProblem(dir, file, uid) {
    const notPrivate = (stat, what) => {
        if (stat.uid !== uid)
            return `${what} belongs to uid ${stat.uid}, not ${uid}`;
        const mode = stat.mode & 0o777;
        return (mode & 0o077) === 0
            ? undefined
            : `${what} is open to other users (mode ${mode.toString(8)})`;
    };
    if (!dir.isDirectory())
        return 'its directory is not a directory';
    if (!file.isFile())
        return 'it is not a regular file';
    return notPrivate(dir, 'its directory') ?? notPrivate(file, 'it');
}
/**
 * Reads the carrier and removes it: unlinked before it is read, so it is gone by name whatever the
 * read does, and its descriptor closed before this returns. Throws, without reading or removing
 * anything, when the file or its directory is not as writeCarrier left them: a file of this user's,
 * in a directory of theirs, neither open to others (someone else's could hand the action variables
 * of their choosing).
 */
function takeCarrier(file) {
    const dir = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(file);
    const dirStat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(dir);
    // O_NOFOLLOW: a link in the file's place is refused rather than followed.
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(file, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW);
    try {
        const problem = carrierProblem(dirStat, (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd), process.getuid?.() ?? 0);
        if (problem !== undefined) {
            throw new Error(`The carried environment ${file} is not the action's own: ${problem}`);
        }
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmSync)(file, { force: true });
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmdirSync)(dir);
        return decodeCarried((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(fd, 'utf8'));
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
}
/**
 * Removes the carriers of processes that are gone (killed between writing the carrier and the new
 * image's taking it): this user's directories in `parent` named for a process whose pid is no
 * longer that process (its start time differs, or there is none). Returns the directories removed.
 * A carrier of a live process is still on its way and is left alone.
 */
function sweepStaleCarriers(parent = carrierParent(), statFileOf = (pid) => `/proc/${pid}/stat`) {
    let names;
    try {
        names = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readdirSync)(parent);
    }
    catch {
        return [];
    }
    const uid = process.getuid?.();
    const removed = [];
    for (const name of names) {
        const [, pid, startTime] = CARRIER_DIRECTORY.exec(name) ?? [];
        if (pid === undefined || processIdentity(statFileOf(pid)) === `${pid}:${startTime}`)
            continue;
        const dir = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(parent, name);
        try {
            // Never another user's (a shared /tmp): only what this user's runs made is theirs to remove.
            if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(dir).uid !== uid)
                continue;
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmSync)(dir, { recursive: true, force: true });
            removed.push(dir);
        }
        catch {
            // gone meanwhile, or not removable: nothing of ours to fail on
        }
    }
    return removed;
}
/**
 * The action's first act. In the original process: re-executes without the secrets (never returns
 * then). In the re-executed one: takes the carried variables back into `process.env` \u2014 a later
 * setenv changes the C library's copy, never the exec-time block `/proc/PID/environ` shows; children
 * get explicit environments built without them (shell/env.ts).
 */
function startClean(options = {}) {
    const env = options.env ?? process.env;
    const note = options.note ?? ((line) => process.stdout.write(`${line}\n`));
    const identity = 'identity' in options ? options.identity : processIdentity();
    const marker = env[CARRIER_VARIABLE];
    if (marker !== undefined) {
        delete env[CARRIER_VARIABLE];
        const carrier = carrierFileOf(marker, identity);
        if (carrier !== undefined) {
            Object.assign(env, takeCarrier(carrier));
            return;
        }
        // Set by someone else: its file is left alone, and this start goes on as a first one.
        note(FORGED_MARKER_NOTE);
    }
    const { kept, carried } = splitEnvironment(env);
    if (Object.keys(carried).length === 0)
        return;
    const execve = 'execve' in options ? options.execve : process.execve;
    if (execve === undefined) {
        note(needsNode24Note(process.versions.node));
        return;
    }
    if (identity === undefined) {
        note('The action could not re-execute itself without its secrets (/proc/self/stat is not readable, so the re-executed process could not be told from a forged one); they stay in its process environment.');
        return;
    }
    sweepStaleCarriers();
    const file = writeCarrier(carried, identity);
    try {
        execve(process.execPath, [process.argv0, ...process.execArgv, ...process.argv.slice(1)], {
            ...kept,
            [CARRIER_VARIABLE]: carrierMarker(identity, file),
        });
    }
    catch (error) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmSync)(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(file), { recursive: true, force: true });
        note(`The action could not re-execute itself without its secrets (${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .messageOf */ .bD)(error)}); they stay in its process environment.`);
    }
}


/***/ }),

/***/ 52454:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  UJ: () => (/* binding */ collectGarbageNow),
  xL: () => (/* binding */ keepWasmOnBaselineCompiler),
  BT: () => (/* binding */ leaveMaglevOff)
});

// UNUSED EXPORTS: MAGLEV_OFF

;// CONCATENATED MODULE: external "node:v8"
const external_node_v8_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:v8");
var external_node_v8_default = /*#__PURE__*/__nccwpck_require__.n(external_node_v8_namespaceObject);
;// CONCATENATED MODULE: external "node:vm"
const external_node_vm_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:vm");
;// CONCATENATED MODULE: ./src/run/v8-tuning.ts
/**
 * What the action asks of V8 for a burst of commands: both cores free for bash. Nothing V8 must do is
 * skipped; compiles that would compete with the commands are not made, or kept out of the moments
 * the commands run.
 */


/**
 * Keeps every WebAssembly module compiled from now on on V8's baseline compiler (Liftoff). By
 * default V8 recompiles hot wasm functions with its optimising compiler on background threads, and
 * on a 2-core runner those threads compete with bash exactly while the model's first commands run.
 * The process has two such modules: the bash grammar, and the HTTP parser inside Node's fetch, which
 * is compiled at the first request and which the first large response made hot (its recompilation
 * cost ~20 ms of CPU during a 300-command burst). So the entry point calls this before anything
 * else, and the parser again for the programs that load it alone.
 *
 * Set at run time, a flag's implications are not applied, so `--liftoff-only` alone changes
 * nothing: these are the two flags it implies that stop the tier-up. Unlike `--liftoff-only`, they
 * still let a function Liftoff cannot compile fall back to the optimising compiler instead of
 * aborting.
 */
function keepWasmOnBaselineCompiler() {
    external_node_v8_default().setFlagsFromString('--no-wasm-tier-up');
    external_node_v8_default().setFlagsFromString('--no-wasm-dynamic-tiering');
}
/** The V8 flag that turns Maglev off (for a process started with it, such as a benchmark's part). */
const MAGLEV_OFF = '--no-maglev';
/**
 * Turns off Maglev, V8's mid-tier optimising compiler, for the rest of the process. Its compiles
 * run on V8's background threads, and the busiest moment of a run, a response with hundreds of tool
 * calls, is when the functions on a command's path become hot: on a 2-core runner those compiles
 * took a core from bash just then (on 300 `true` calls in one response, 35\u201350 ms of CPU on the
 * background threads during the burst, 3\u20134 ms without them) and gave the burst nothing back. With
 * Maglev off the burst took 0.92 of the time it took with Maglev at lowered thresholds (paired
 * runs, faster in 16 of 20), and start-up is unchanged (311 against 317 ms). TurboFan stays: code
 * that runs hot for long (thousands of calls) is still optimised. Turning it off as well made the
 * burst faster again (0.88\u20130.93 of the time in three paired runs), but the command policy, which
 * every command goes through, checked 3\u20136 times slower in a long run (median 47\u201380 \u00b5s a check
 * against 213\u2013267 \u00b5s; a 1 MiB heredoc 52\u201382 ms against 122\u2013205 ms). Called first thing at the entry
 * point: turned off only once the first request was out, when functions were already on their way
 * up the tiers, the burst took 1.27 times as long as with Maglev off from the start (slower in 15
 * of 16 paired runs). Starting functions on baseline code at once (`--always-sparkplug`) changed
 * nothing once Maglev was off (0.97, faster in 9 of 16), so it is not set.
 */
function leaveMaglevOff() {
    external_node_v8_default().setFlagsFromString(MAGLEV_OFF);
}
/**
 * Runs a full garbage collection now. Start-up (the bundle, the SDK, the parser, the shell) leaves
 * the old generation just under V8's first limit, so without this the first major collection came
 * during the model's first burst of commands: 15-30 ms of marking on the main thread and a helper
 * thread, ~0.1 ms on each of 300 commands. Called once both are loaded, while the first request is
 * still out, it costs the run nothing, and the limit V8 sets after it leaves room for the burst.
 * `gc` is taken from a fresh context with the flag on only for that moment, because the runner
 * starts Node without `--expose-gc` and nothing else in the process should see it. (The inspector's
 * `HeapProfiler.collectGarbage` is no substitute: it runs a memory-reducing collection that shrinks
 * the heap and its limits, and disconnecting in its callback hung the process.)
 */
function collectGarbageNow() {
    external_node_v8_default().setFlagsFromString('--expose-gc');
    const gc = (0,external_node_vm_namespaceObject.runInNewContext)('gc');
    external_node_v8_default().setFlagsFromString('--no-expose-gc');
    gc();
}


/***/ }),

/***/ 13841:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ys: () => (/* binding */ buildShellEnv),
/* harmony export */   tS: () => (/* binding */ isSecretVariable)
/* harmony export */ });
/* unused harmony exports looksSecret, NO_EDITOR */
/**
 * The environment the agent's shell starts with: the runner's environment minus everything secret or
 * able to steer the action itself, plus settings that keep every tool non-interactive.
 */
/** Words that make a variable name look secret wherever they appear in it (`MY_GITHUBTOKEN`). */
const SECRET_SUBSTRINGS = [
    'TOKEN',
    'SECRET',
    'PASSWORD',
    'PASSWD',
    'PASSPHRASE',
    'CREDENTIAL',
    'APIKEY',
    'PRIVATE',
];
/**
 * Words that make a name look secret only as a whole `_`-separated part: as substrings they would hit
 * harmless names (`KEY` in `KEYBOARD_LAYOUT`, `AUTH` in `GIT_AUTHOR_NAME`).
 */
const SECRET_PARTS = new Set([
    'KEY',
    'KEYS',
    'AUTH',
    'PASS',
    'PAT',
    'PWD_HASH',
    'COOKIE',
    'SESSION',
    'SIGNATURE',
    'CERT',
    'DSN',
]);
/** Value shapes of well-known credentials, scrubbed whatever the variable is called. */
const SECRET_VALUE_PATTERNS = [
    /^sk-ant-/, // Anthropic API keys
    /^(gh[pousr]_|github_pat_)[A-Za-z0-9_]{20,}/, // GitHub tokens
    /^(AKIA|ASIA)[A-Z0-9]{16}$/, // AWS access key ids
    /^xox[abposr]-/, // Slack tokens
    /^-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    /^eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./, // JSON web tokens
];
/**
 * Names dropped whatever `env-passthrough` says: they carry the action's own inputs, the runner's
 * tokens, or files through which a step talks to the runner (writing `GITHUB_ENV` or `GITHUB_PATH`
 * would steer later steps; writing `GITHUB_OUTPUT` would forge this step's outputs).
 */
function isRunnerChannel(name) {
    return (carriesActionInput(name) ||
        ['GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_OUTPUT', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY'].includes(name));
}
/**
 * The action's inputs and the runner's own tokens (`ACTIONS_RUNTIME_TOKEN`, the OIDC request token):
 * any input may hold a secret the workflow wrote into it, so all of them are treated as one.
 */
function carriesActionInput(name) {
    return name.startsWith('INPUT_') || name.startsWith('ACTIONS_');
}
/** Variables that make bash read or run something before our first command: startup files are not read. */
function changesShellStartup(name) {
    return ([
        'BASH_ENV',
        'ENV',
        'SHELLOPTS',
        'BASHOPTS',
        'PROMPT_COMMAND',
        'PS4',
        'CDPATH',
        'GLOBIGNORE',
    ].includes(name) || name.startsWith('BASH_FUNC_'));
}
/** Whether a variable of this name and value should be hidden from the shell unless passed through. */
function looksSecret(name, value) {
    const upper = name.toUpperCase();
    if (SECRET_SUBSTRINGS.some((word) => upper.includes(word)))
        return true;
    if (upper.split('_').some((part) => SECRET_PARTS.has(part)))
        return true;
    return SECRET_VALUE_PATTERNS.some((pattern) => pattern.test(value));
}
/**
 * Whether a variable must stay out of every environment another process could read: the action's own
 * (clean-start.ts re-executes without it) and those of the processes the action starts.
 */
function isSecretVariable(name, value) {
    return carriesActionInput(name) || looksSecret(name, value);
}
/** Input variables that hold secrets; their values are redacted everywhere. */
const SECRET_INPUTS = ['INPUT_ANTHROPIC-API-KEY', 'INPUT_GITHUB-TOKEN'];
/**
 * Settings that keep every tool non-interactive. stdin is already /dev/null; these stop the tools that
 * would otherwise open a pager, an editor, or a credential prompt on a terminal that isn't there.
 */
function nonInteractiveSettings(editor) {
    return {
        PAGER: 'cat',
        GIT_PAGER: 'cat',
        MANPAGER: 'cat',
        SYSTEMD_PAGER: 'cat',
        EDITOR: editor,
        VISUAL: editor,
        GIT_EDITOR: editor,
        GIT_SEQUENCE_EDITOR: editor,
        GIT_TERMINAL_PROMPT: '0',
        GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
        GCM_INTERACTIVE: 'never',
        DEBIAN_FRONTEND: 'noninteractive',
        PIP_NO_INPUT: '1',
        TERM: 'dumb',
        CI: 'true',
    };
}
/**
 * A command for `EDITOR` that fails at once with a message the model can act on: git runs the editor
 * through `sh -c`, and a bare `false` would leave the model guessing why `git commit` failed.
 */
const NO_EDITOR = 'sh -c \'echo "No interactive editor is available in this shell: pass the text on the command line (git commit -m ...) or write files with shell commands." >&2; exit 1\' no-editor';
/**
 * Builds the shell's environment from the runner's. `passthrough` names variables that may be seen
 * even though they look secret; the action's own inputs and runner channels are never passed.
 */
function buildShellEnv(parent, passthrough) {
    const allowed = new Set(passthrough);
    const env = {};
    const secretValues = new Set();
    for (const [name, value] of Object.entries(parent)) {
        if (value === undefined)
            continue;
        const secret = SECRET_INPUTS.includes(name) || looksSecret(name, value);
        // A passed-through secret is still a secret: the shell may use it, no report may show it.
        if (secret && value !== '')
            secretValues.add(value);
        if (isRunnerChannel(name) || changesShellStartup(name))
            continue;
        if (secret && !allowed.has(name))
            continue;
        env[name] = value;
    }
    return { env: { ...env, ...nonInteractiveSettings(NO_EDITOR) }, secretValues: [...secretValues] };
}


/***/ }),

/***/ 42613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 20181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 35317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 49140:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("constants");

/***/ }),

/***/ 76982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 24434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 79896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 91943:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs/promises");

/***/ }),

/***/ 58611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 85675:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http2");

/***/ }),

/***/ 65692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 69278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 34589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 16698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 31421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 37540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 77598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 53053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 40610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 78474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 73024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 51455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 37067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 32467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 44708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 98995:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 77030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 48161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 76760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:process");

/***/ }),

/***/ 41792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 80481:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");

/***/ }),

/***/ 57075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 37830:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/web");

/***/ }),

/***/ 46193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");

/***/ }),

/***/ 41692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 73136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 57975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 73429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 75919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 38522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 70857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 16928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 83480:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("querystring");

/***/ }),

/***/ 2203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 13193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 53557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 64756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 52018:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tty");

/***/ }),

/***/ 87016:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");

/***/ }),

/***/ 39023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 28167:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("worker_threads");

/***/ }),

/***/ 43106:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("zlib");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		id: moduleId,
/******/ 		loaded: false,
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Flag the module as loaded
/******/ 	module.loaded = true;
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/node module decorator */
/******/ (() => {
/******/ 	__nccwpck_require__.nmd = (module) => {
/******/ 		module.paths = [];
/******/ 		if (!module.children) module.children = [];
/******/ 		return module;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(79407);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 

//# sourceMappingURL=index.js.map