export const id = 221;
export const ids = [221];
export const modules = {

/***/ 221:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runPost: () => (/* binding */ runPost)
});

// UNUSED EXPORTS: cleanUpAfterRun, endRunProcesses, restoreCredentialFiles

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(24);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(161);
;// CONCATENATED MODULE: ./src/run/runner.ts
/**
 * What the runner tells the step about where it runs, from variables no command of the run can
 * change (`GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`, `GITHUB_RUN_ID`) and its own layout: the pages
 * of this repository and this run, and the file-command files through which a step steers the job.
 */
/** The repository's page, when the runner says where it is. */
function repositoryUrlOf(env) {
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository } = env;
    if (!server || !repository)
        return undefined;
    return `${server.replace(/\/+$/, '')}/${repository}`;
}
/** The link to this workflow run, when the runner says where it is. */
function runUrlOf(env) {
    const repository = repositoryUrlOf(env);
    const id = env.GITHUB_RUN_ID;
    return repository && id ? `${repository}/actions/runs/${id}` : undefined;
}
/**
 * The variables that name the runner's file-command files: what is appended to them steers later
 * steps (`env`, `path`), sets this step's outputs and state, or writes its summary.
 */
const runner_FILE_COMMANDS = {
    env: 'GITHUB_ENV',
    path: 'GITHUB_PATH',
    output: 'GITHUB_OUTPUT',
    state: 'GITHUB_STATE',
    summary: 'GITHUB_STEP_SUMMARY',
};
/** All of them: an agent's command that could write to one could forge what the step reports. */
const FILE_COMMAND_VARIABLES = Object.values(runner_FILE_COMMANDS);
/** The runner keeps every step's file-command files here; a step could reach its neighbours'. */
const FILE_COMMAND_DIRECTORY = '_runner_file_commands';

;// CONCATENATED MODULE: ./src/run/workflow-commands.ts
/**
 * What the step says to the runner, in the runner's own protocol: log lines and `::name
 * prop=value::data` commands on stdout, key/value blocks appended to the file-command files, and
 * inputs read from `INPUT_<NAME>`. It speaks exactly as `@actions/core` does for what the action uses
 * (__tests__/workflow-commands.test.ts compares the two byte for byte), without loading it: its
 * import evaluates an HTTP client (undici) and a process runner the action never asks it for, some
 * 40 ms of the action's start-up on a 2-core machine.
 *
 * Every message is written to stdout as one string, as `@actions/core` writes it, which the log
 * buffer (log-buffer.ts) relies on.
 */





/** The data of a command: what would end the line or start an escape is escaped. */
function escapeData(text) {
    return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
/** A property's value: also what would end the value (`,`) or the properties (`:`). */
function escapeProperty(text) {
    return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
/**
 * One workflow command as the runner reads it, without the line's end. Properties with an empty
 * value are left out, but any property given at all puts the space after the name, as
 * `@actions/core` does (`::warning ::text` for an empty title).
 */
function commandLine(name, properties, data) {
    const given = Object.entries(properties);
    const shown = given.flatMap(([key, value]) => (value ? [`${key}=${escapeProperty(value)}`] : []));
    return `::${name}${given.length > 0 ? ` ${shown.join(',')}` : ''}::${escapeData(data)}`;
}
function issue(name, properties, data) {
    process.stdout.write(commandLine(name, properties, data) + external_node_os_.EOL);
}
/**
 * `name<<DELIMITER`, the value, `DELIMITER`: a heredoc the value cannot end early, since the
 * delimiter is random per value (and checked absent from both, should the random source be known).
 */
function keyValueBlock(name, value) {
    const delimiter = `ghadelimiter_${randomUUID()}`;
    if (name.includes(delimiter)) {
        throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
    }
    if (value.includes(delimiter)) {
        throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
    }
    return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}`;
}
/** Appends `name`=`value` to the file-command file at `file`, which the runner created. */
function appendKeyValue(file, name, value) {
    if (!existsSync(file))
        throw new Error(`Missing file at path: ${file}`);
    appendFileSync(file, `${keyValueBlock(name, value)}${EOL}`, { encoding: 'utf8' });
}
/** The input `name` as the runner passes it (`INPUT_<NAME>`, spaces as `_`), trimmed; '' when unset. */
function getInput(name) {
    return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '').trim();
}
/**
 * Sets the step's output `name`. Without a GITHUB_OUTPUT file, the `set-output` command it replaced
 * (which runners now ignore), after an empty line, as `@actions/core` still writes it.
 */
function setOutput(name, value) {
    const file = process.env[FILE_COMMANDS.output] || '';
    if (file)
        return appendKeyValue(file, name, value);
    process.stdout.write(EOL);
    issue('set-output', { name }, value);
}
/** Saves `value` for the post step, which finds it as `STATE_<name>`. */
function saveState(name, value) {
    const file = process.env[FILE_COMMANDS.state] || '';
    if (file)
        return appendKeyValue(file, name, value);
    issue('save-state', { name }, value);
}
/** Has the runner mask `secret` in every later line of the log. */
function setSecret(secret) {
    issue('add-mask', {}, secret);
}
/** Writes `message` to the log as it is. */
function info(message) {
    process.stdout.write(message + external_node_os_.EOL);
}
/** A line shown only with step debug logging on. */
function debug(message) {
    issue('debug', {}, message);
}
/** A warning: a log line and an annotation on the run. */
function warning(message, properties = {}) {
    issue('warning', { ...properties }, message);
}
/** Fails the step (exit code 1 when the process ends) with `message` as an error annotation. */
function setFailed(message) {
    process.exitCode = 1;
    issue('error', {}, message);
}
/** Folds the log's next lines, up to endGroup, under `title`. */
function startGroup(title) {
    issue('group', {}, title);
}
function endGroup() {
    issue('endgroup', {}, '');
}
/**
 * Appends `markdown` and a line end to the step's summary file. Each append stands alone: a failed
 * one leaves nothing behind (`@actions/core`'s summary would keep its text for the next write).
 */
async function appendSummary(markdown) {
    const variable = FILE_COMMANDS.summary;
    const file = process.env[variable];
    if (!file) {
        throw new Error(`Unable to find environment variable for $${variable}. Check if your runtime environment supports job summaries.`);
    }
    try {
        await access(file, constants.R_OK | constants.W_OK);
    }
    catch {
        throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`);
    }
    await appendFile(file, markdown + EOL, { encoding: 'utf8' });
}
/** appendSummary at once, for a process about to end (a forced exit cannot wait for a write). */
function appendSummarySync(markdown) {
    const variable = FILE_COMMANDS.summary;
    const file = process.env[variable];
    if (!file)
        throw new Error(`${variable} is not set`);
    appendFileSync(file, markdown + EOL, { encoding: 'utf8' });
}

// EXTERNAL MODULE: ./src/run/clean-start.ts + 1 modules
var clean_start = __webpack_require__(578);
;// CONCATENATED MODULE: ./src/run/post-record.ts
/**
 * What the main step leaves for the post step (`runs.post`), through the runner's step state
 * (`step.saveState` appends to GITHUB_STATE; the runner hands each value to the post step as
 * `STATE_<name>`). A main step the runner SIGKILLs never gets to put back what it took or end what it
 * started; the post step does, from this record alone:
 *
 * - `run`: the run's token, which marks every process of the run's shell (RUN_MARKER_VARIABLE in
 *   their environment).
 * - `credentials`: the git configuration files whose credential the run takes out, as they were,
 *   sealed (AES-256-GCM) under a key derived from the action's secret inputs. The state file is
 *   readable by the agent's shell while the run goes on; the inputs never are (clean-start.ts,
 *   shell/env.ts), and the runner gives the post step the same inputs again.
 * - `credentials-restored`: the main step put the files back itself; the post step leaves them alone.
 */


/** The names under which the record is saved; `STATE_<name>` in the post step's environment. */
const STATE = {
    run: 'run',
    credentials: 'credentials',
    credentialsRestored: 'credentials-restored',
};
/**
 * The variable that marks every process of a run's shell, `<name>=<run token>`: the post step ends
 * what still carries it.
 */
const RUN_MARKER_VARIABLE = 'BASH_AGENT_RUN';
/** The inputs whose values seal the credentials: secrets the shell never sees. */
const SEALING_INPUTS = ['INPUT_GITHUB-TOKEN', 'INPUT_ANTHROPIC-API-KEY'];
/**
 * Saves one value for the post step, through the runner's GITHUB_STATE file only (the `save-state`
 * log command it replaced is disabled on runners); false where there is no such file.
 */
function save(name, value, env = process.env) {
    if (!env.GITHUB_STATE)
        return false;
    step.saveState(name, value);
    return true;
}
/**
 * Starts the record: a fresh run token, saved before the shell that carries it exists; undefined
 * where no post step can read it.
 */
function beginRecord() {
    const token = randomBytes(16).toString('hex');
    return save(STATE.run, token) ? token : undefined;
}
/** The run token the main step saved (in the post step), or undefined. */
function recordedRun(env = process.env) {
    const token = env[`STATE_${STATE.run}`] ?? '';
    return /^[0-9a-f]{32}$/.test(token) ? token : undefined;
}
/** The sealing key, or undefined when no secret input is set (a key anyone could derive). */
function sealingKey(env) {
    const material = SEALING_INPUTS.map((name) => env[name]?.trim() ?? '');
    if (material.every((value) => value === ''))
        return undefined;
    const ikm = Buffer.from(JSON.stringify(material), 'utf8');
    return Buffer.from((0,external_node_crypto_.hkdfSync)('sha256', ikm, Buffer.alloc(0), 'bash-agent post-step record', 32));
}
/** `files` sealed for the state, as `iv.tag.ciphertext` in base64; undefined without a key. */
function sealFiles(files, env) {
    const key = sealingKey(env);
    if (key === undefined)
        return undefined;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(files), 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
}
/** The files `sealed` holds; throws when it was not sealed under this environment's key. */
function openFiles(sealed, env) {
    const key = sealingKey(env);
    if (key === undefined)
        throw new Error('no secret input to open the record with');
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64'));
    if (iv === undefined || tag === undefined || data === undefined) {
        throw new Error('the record is not in the form the main step writes');
    }
    const decipher = (0,external_node_crypto_.createDecipheriv)('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    const parsed = JSON.parse(text);
    if (!Array.isArray(parsed))
        throw new Error('the record is not a list of files');
    return parsed;
}
/**
 * Saves the configuration files before their credentials are taken out. Returns a note for the log
 * when they cannot be kept for the post step (no secret input to seal them with).
 */
function keepCredentialFiles(files, env = process.env) {
    if (files.length === 0)
        return undefined;
    const sealed = sealFiles(files, env);
    if (sealed === undefined) {
        return 'The checkout credential is not kept for the post step (neither github-token nor anthropic-api-key is set to seal it with): should this step be killed, later steps find .git/config without it.';
    }
    save(STATE.credentials, sealed, env);
    return undefined;
}
/** Says the main step put the credentials back itself. */
function markCredentialsRestored() {
    save(STATE.credentialsRestored, 'true');
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
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
            const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
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
        fds = readdirSync(`/proc/${pid}/fd`);
    }
    catch {
        return false; // gone, or another user's
    }
    return fds.some((fd) => {
        try {
            return channels.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
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

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(758);
;// CONCATENATED MODULE: ./src/post.ts
/**
 * The post step (`runs.post`, `post-if: always()`): puts back what a main step that was killed
 * (the runner's SIGKILL after an unanswered cancel, an out-of-memory kill) could not. It ends the
 * processes the run's shell left, first, so none of them can change a file after it is put back;
 * then puts back the git configuration files the run took the checkout's credential out of; then
 * removes the secret carriers of processes that are gone. After a main step that ended normally
 * there is nothing left to do, and it does nothing.
 */







/** How long the post step goes on finding and killing the run's processes (they may be forking). */
const END_PROCESSES_MS = 3_000;
/**
 * Kills every process that carries the run's marker, and their descendants, with the cgroups they
 * are in: a daemon that dropped the marker is still in its shell's cgroup.
 */
async function endRunProcesses(runToken, waitMs = END_PROCESSES_MS) {
    const marker = `${RUN_MARKER_VARIABLE}=${runToken}`;
    const killed = new Set();
    const deadline = performance.now() + waitMs;
    for (;;) {
        const found = findMarkedProcesses(marker);
        if (found.length === 0)
            return { killed: killed.size, survivors: 0 };
        if (performance.now() >= deadline)
            return { killed: killed.size, survivors: found.length };
        const cgroups = new Map();
        for (const pid of found) {
            const cgroup = ShellCgroup.of(pid);
            if (cgroup)
                cgroups.set(cgroup.path, cgroup);
        }
        for (const cgroup of cgroups.values())
            cgroup.remove(0);
        for (const pid of found) {
            try {
                process.kill(pid, 'SIGKILL');
                killed.add(pid);
            }
            catch {
                // gone meanwhile
            }
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
}
/**
 * Puts back each kept file that holds none of the credentials taken out of it: the run's edit still
 * stands. A file holding one again was put back already (by the main step, or a later checkout) and
 * is left as it is.
 */
function restoreCredentialFiles(files) {
    const restored = [];
    for (const { file, original, credentials } of files) {
        const now = (0,external_node_fs_.existsSync)(file) ? (0,external_node_fs_.readFileSync)(file, 'utf8') : '';
        if (credentials.some((value) => now.includes(value)))
            continue;
        (0,external_node_fs_.writeFileSync)(file, Buffer.from(original, 'base64'));
        restored.push(file);
    }
    return restored;
}
/** The post step's work, from the main step's record in `env`. */
async function cleanUpAfterRun(env) {
    const report = {
        killed: 0,
        survivors: 0,
        restored: [],
        carriers: [],
        problems: [],
    };
    const runToken = recordedRun(env);
    if (runToken !== undefined)
        Object.assign(report, await endRunProcesses(runToken));
    const sealed = env[`STATE_${STATE.credentials}`] ?? '';
    if (sealed !== '' && env[`STATE_${STATE.credentialsRestored}`] !== 'true') {
        try {
            report.restored = restoreCredentialFiles(openFiles(sealed, env));
        }
        catch (error) {
            report.problems.push(`Could not put the checkout's credential back: ${(0,errors/* messageOf */.bD)(error)}`);
        }
    }
    report.carriers = (0,clean_start/* sweepStaleCarriers */.$v)();
    return report;
}
/** The post step: does its work and says what it did; never fails the job over it. */
async function runPost(env = process.env) {
    const report = await cleanUpAfterRun(env);
    if (report.killed > 0) {
        info(`Ended ${report.killed} process(es) the run's shell had left running.`);
    }
    if (report.survivors > 0) {
        warning(`${report.survivors} process(es) of the run's shell could not be ended.`);
    }
    for (const file of report.restored) {
        info(`Put the checkout's credential back in ${file} (the main step did not end normally).`);
    }
    if (report.carriers.length > 0) {
        info(`Removed ${report.carriers.length} carrier file(s) left by killed processes.`);
    }
    for (const problem of report.problems)
        warning(problem);
}


/***/ })

};

//# sourceMappingURL=221.index.js.map