import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * A cgroup (v2) of the shell's own, where the system lets this process make one. The kernel puts every
 * process a member forks into the member's cgroup, and nothing a process does to its environment,
 * session, process group, parent or descriptors takes it out: a shell moved in before it runs anything
 * has all its descendants in there, the daemon that `setsid`s, drops the marker variable and closes
 * every descriptor included. process-tree.ts cannot find that one; the cgroup lists and kills it.
 *
 * Leaving is only possible through the cgroup filesystem itself (writing to another cgroup's
 * `cgroup.procs`, which needs write access to the common ancestor): a shell running as root, or as a
 * user the cgroup tree is delegated to, can move out. That is no worse than without a cgroup.
 *
 * Everything here fails soft: where there is no cgroup v2, no write access (GitHub's hosted runners
 * run the action as `runner`, who may not write there), or anything else goes wrong, `create` returns
 * `undefined` and the caller goes on with process-tree.ts alone; no method throws.
 */

/** Test seams, not inputs of the action. */
export interface ShellCgroupOptions {
  /** Make the cgroup in this directory instead of where /proc/self says. */
  under?: string;
  /** `false`: kill as on kernels before 5.14, which have no `cgroup.kill`. */
  killFile?: boolean;
}

/** How long a SIGKILL per process (kernels without `cgroup.kill`) goes on before giving up. */
const SIGNAL_KILL_MS = 500;
/** How long `remove` waits by default for killed members to be gone before the directory goes. */
const REMOVE_WAIT_MS = 1000;
const POLL_MS = 5;

export class ShellCgroup {
  /** The cgroup's directory in the cgroup filesystem. */
  readonly path: string;
  readonly #killFile: boolean;
  #removed = false;

  private constructor(dir: string, killFile: boolean) {
    this.path = dir;
    this.#killFile = killFile;
  }

  /**
   * Makes a new, empty cgroup `bash-agent-<hex>` for one shell, or `undefined` where none can be made.
   * Tried first as a child of this process's own cgroup, then as its sibling (see placements).
   */
  static create(options: ShellCgroupOptions = {}): ShellCgroup | undefined {
    const parents = options.under !== undefined ? [options.under] : placements();
    for (const parent of parents) {
      const dir = makeCgroup(parent);
      if (dir !== undefined) return new ShellCgroup(dir, options.killFile ?? true);
    }
    return undefined;
  }

  /**
   * The cgroup a process of a shell is in, when it is one `create` made (`bash-agent-<hex>`): how the
   * post step of a killed run finds the cgroup its shell left behind. `undefined` for any other.
   */
  static of(pid: number): ShellCgroup | undefined {
    const own = ownCgroupDir(`/proc/${pid}/cgroup`);
    if (own === undefined || !/^bash-agent-[0-9a-f]{12}$/.test(path.basename(own.dir))) {
      return undefined;
    }
    return existsSync(path.join(own.dir, 'cgroup.procs'))
      ? new ShellCgroup(own.dir, true)
      : undefined;
  }

  /**
   * Moves process `pid` into the cgroup; whatever it forks from then on is born in it. Move the shell
   * before it runs anything: what it started before stays where it was. `false` when the kernel
   * refuses (the caller should then `remove` the cgroup and do without). Never moves this process,
   * which `kill` would kill.
   */
  move(pid: number): boolean {
    if (pid === process.pid || this.#removed) return false;
    return writeControl(this.path, 'cgroup.procs', String(pid));
  }

  /**
   * The processes in the cgroup and in any cgroup a member made below it, this one excepted (`kill`
   * spares it too). Zombies are not listed: the kernel takes exited processes out.
   */
  pids(): number[] {
    return this.#members().filter((pid) => pid !== process.pid);
  }

  /**
   * SIGKILL to every member. Asynchronous like any SIGKILL: the members are gone a moment later
   * (`remove` waits for that). With `cgroup.kill` (kernel 5.14+) the kernel kills the whole subtree at
   * once, members forking meanwhile included; without it, see #signalEach.
   */
  kill(): void {
    if (this.#removed) return;
    const members = this.#members();
    if (members.length === 0) return;
    // This process in the cgroup (someone moved it in) must survive: spare it, freeze nothing.
    if (members.includes(process.pid)) {
      signalAll(members);
      return;
    }
    if (this.#killFile && writeControl(this.path, 'cgroup.kill', '1')) return;
    this.#signalEach();
  }

  /**
   * Kills what is left, then removes the cgroup's directory (and any a member made below it), retried
   * for up to `waitMs` while the killed members are dying: a cgroup with processes in it cannot be
   * removed (EBUSY). `true` once the directory is gone; `false` if it stays (an empty cgroup left
   * behind holds nothing the action waits on). Synchronous, so an `exit` handler can call it.
   */
  remove(waitMs = REMOVE_WAIT_MS): boolean {
    if (this.#removed) return true;
    const deadline = performance.now() + waitMs;
    for (;;) {
      this.kill();
      const outcome = removeTree(this.path);
      if (outcome === 'gone') {
        this.#removed = true;
        return true;
      }
      if (outcome !== 'busy' || performance.now() >= deadline) return false;
      sleepSync(POLL_MS);
    }
  }

  /** Every process in the cgroup's subtree, this one included if it is there. */
  #members(): number[] {
    if (this.#removed) return [];
    const pids = new Set<number>();
    for (const dir of subtree(this.path)) {
      for (const pid of readProcs(dir)) pids.add(pid);
    }
    return [...pids];
  }

  /**
   * Kills without `cgroup.kill`: freezes the cgroup (`cgroup.freeze`, kernel 5.2+) so no member can
   * fork a process the listing misses, sends SIGKILL to each member (a frozen process still dies of
   * it), and lists again until none is left, then thaws. Without a freezer the repeated rounds alone
   * catch what was forked in between.
   */
  #signalEach(): void {
    const frozen = writeControl(this.path, 'cgroup.freeze', '1');
    const deadline = performance.now() + SIGNAL_KILL_MS;
    for (;;) {
      const members = this.#members();
      if (members.length === 0 || performance.now() >= deadline) break;
      signalAll(members);
      sleepSync(1);
    }
    if (frozen) writeControl(this.path, 'cgroup.freeze', '0');
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
function placements(): string[] {
  const own = ownCgroupDir();
  if (own === undefined) return [];
  const { mount, dir } = own;
  return dir === mount ? [dir] : [dir, path.dirname(dir)];
}

function ownCgroupDir(
  cgroupFile = '/proc/self/cgroup',
): { mount: string; dir: string } | undefined {
  let cgroupPath: string | undefined;
  let mountinfo: string;
  try {
    // The v2 entry has hierarchy id 0 and no controller list; v1 entries (hybrid systems) differ.
    cgroupPath = readFileSync(cgroupFile, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('0::'))
      ?.slice(3);
    mountinfo = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return undefined; // not Linux
  }
  // `/..` leads outside this cgroup namespace, where no mount of ours reaches.
  if (cgroupPath === undefined || !cgroupPath.startsWith('/') || cgroupPath.includes('/..')) {
    return undefined;
  }
  for (const { root, mount } of cgroup2Mounts(mountinfo)) {
    if (root === '/') return { mount, dir: path.join(mount, cgroupPath) };
    if (cgroupPath === root || cgroupPath.startsWith(`${root}/`)) {
      return { mount, dir: path.join(mount, cgroupPath.slice(root.length)) };
    }
  }
  return undefined;
}

/**
 * The writable cgroup v2 mounts in /proc/self/mountinfo: `id parent dev root mountpoint options
 * [optional fields] - fstype source superoptions`, with spaces and such in paths escaped as `\040`.
 */
function cgroup2Mounts(mountinfo: string): { root: string; mount: string }[] {
  const unescape = (field: string): string =>
    field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
  const mounts: { root: string; mount: string }[] = [];
  for (const line of mountinfo.split('\n')) {
    const fields = line.split(' ');
    const dash = fields.indexOf('-');
    if (dash < 0 || fields[dash + 1] !== 'cgroup2') continue;
    if (!(fields[5] ?? '').split(',').includes('rw')) continue;
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
function makeCgroup(parent: string): string | undefined {
  const dir = path.join(parent, `bash-agent-${randomBytes(6).toString('hex')}`);
  try {
    mkdirSync(dir);
  } catch {
    return undefined; // no such directory, no write access, a read-only mount, too many cgroups
  }
  if (existsSync(path.join(dir, 'cgroup.procs'))) return dir;
  try {
    rmdirSync(dir);
  } catch {
    // not ours to clean any further
  }
  return undefined;
}

/** Writes `value` to a control file of cgroup `dir`; `false` on any failure (or a missing file). */
function writeControl(dir: string, file: string, value: string): boolean {
  try {
    writeFileSync(path.join(dir, file), value);
    return true;
  } catch {
    return false;
  }
}

function readProcs(dir: string): number[] {
  try {
    return readFileSync(path.join(dir, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map(Number);
  } catch {
    return [];
  }
}

/** `dir` and every cgroup below it, deepest first (the order they can be removed in). */
function subtree(dir: string): string[] {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(dir, entry.name));
  } catch {
    // gone, or never there
  }
  return [...entries.flatMap(subtree), dir];
}

/**
 * Removes cgroup `dir` and the cgroups below it. rmdir, not a recursive delete: the control files
 * cannot be unlinked, and the kernel removes them with the directory. `busy` (EBUSY) while a
 * process is still in one of them, worth another try; `stuck` on any other failure.
 */
function removeTree(dir: string): 'gone' | 'busy' | 'stuck' {
  for (const each of subtree(dir)) {
    try {
      rmdirSync(each);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') return code === 'EBUSY' ? 'busy' : 'stuck';
    }
  }
  return 'gone';
}

/** SIGKILL to each of `pids` but this process. */
function signalAll(pids: readonly number[]): void {
  for (const pid of pids) {
    if (pid === process.pid) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // exited meanwhile
    }
  }
}

/** Blocks for `ms`: `remove` and `kill` must work from an `exit` handler, where nothing async runs. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
