import './sourcemap-register.cjs';import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 758:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   bD: () => (/* binding */ messageOf)
/* harmony export */ });
/* unused harmony exports messageWithCause, GitError, ShellStartError, InputError */
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

/***/ 344:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _run_clean_start_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(578);
// The post step's entry point (`runs.post`): its own bundle, so that nothing but the post step's
// work can ever run in it, whatever the main step got to record before it was killed.

// Leftovers of the run may still be running: they must not find the inputs in this process's
// environment either.
(0,_run_clean_start_js__WEBPACK_IMPORTED_MODULE_0__/* .startClean */ .Ke)();
const { runPost } = await __nccwpck_require__.e(/* import() */ 221).then(__nccwpck_require__.bind(__nccwpck_require__, 221));
await runPost();

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 578:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Ke: () => (/* binding */ startClean),
  $v: () => (/* binding */ sweepStaleCarriers)
});

// UNUSED EXPORTS: CARRIER_VARIABLE, FORGED_MARKER_NOTE, carrierFileOf, carrierMarker, carrierProblem, decodeCarried, encodeCarried, needsNode24Note, processIdentity, splitEnvironment, takeCarrier, writeCarrier

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(24);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __nccwpck_require__(161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/shell/env.ts
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
const SECRET_INPUTS = (/* unused pure expression or super */ null && (['INPUT_ANTHROPIC-API-KEY', 'INPUT_GITHUB-TOKEN']));
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

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __nccwpck_require__(758);
;// CONCATENATED MODULE: ./src/run/clean-start.ts
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
        stat = (0,external_node_fs_.readFileSync)(statFile, 'latin1');
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
    return external_node_path_default().isAbsolute(file) ? file : undefined;
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
        (isSecretVariable(name, value) ? carried : kept)[name] = value;
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
        (0,external_node_fs_.accessSync)('/dev/shm', external_node_fs_.constants.W_OK | external_node_fs_.constants.X_OK);
        return '/dev/shm';
    }
    catch {
        return (0,external_node_os_.tmpdir)(); // not there, or not writable
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
    const dir = (0,external_node_fs_.mkdtempSync)(external_node_path_default().join(parent, `bash-agent-env-${identity.replace(':', '-')}-`));
    const file = external_node_path_default().join(dir, 'env.json');
    (0,external_node_fs_.writeFileSync)(file, encodeCarried(carried), { mode: 0o600, flag: 'wx' });
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
    const dir = external_node_path_default().dirname(file);
    const dirStat = (0,external_node_fs_.lstatSync)(dir);
    // O_NOFOLLOW: a link in the file's place is refused rather than followed.
    const fd = (0,external_node_fs_.openSync)(file, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW);
    try {
        const problem = carrierProblem(dirStat, (0,external_node_fs_.fstatSync)(fd), process.getuid?.() ?? 0);
        if (problem !== undefined) {
            throw new Error(`The carried environment ${file} is not the action's own: ${problem}`);
        }
        (0,external_node_fs_.rmSync)(file, { force: true });
        (0,external_node_fs_.rmdirSync)(dir);
        return decodeCarried((0,external_node_fs_.readFileSync)(fd, 'utf8'));
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
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
        names = (0,external_node_fs_.readdirSync)(parent);
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
        const dir = external_node_path_default().join(parent, name);
        try {
            // Never another user's (a shared /tmp): only what this user's runs made is theirs to remove.
            if ((0,external_node_fs_.lstatSync)(dir).uid !== uid)
                continue;
            (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
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
        (0,external_node_fs_.rmSync)(external_node_path_default().dirname(file), { recursive: true, force: true });
        note(`The action could not re-execute itself without its secrets (${(0,errors/* messageOf */.bD)(error)}); they stay in its process environment.`);
    }
}


/***/ }),

/***/ 598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 24:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

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
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
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
/******/ var __webpack_exports__ = __nccwpck_require__(344);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 

//# sourceMappingURL=index.js.map