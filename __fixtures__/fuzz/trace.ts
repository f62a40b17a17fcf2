import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Reads what strace saw (`strace -ff -o PREFIX`, one file per process) into the two things the
 * fuzzer judges: programs started and files written, each with the process image that did it.
 */

/** What a process was running: the last program it executed, or its parent's at the fork. */
export interface Image {
  /** Absolute path of the executed file. */
  readonly path: string;
  readonly argv: readonly string[];
  /** The environment it was started with (`NAME=value` strings). */
  readonly env: readonly string[];
  /** The image that started this one; undefined for the first program the tracer ran. */
  readonly launcher: Image | undefined;
}

export interface ExecEvent {
  readonly pid: number;
  /** The image of the process just before it executed the new program. */
  readonly launcher: Image;
  readonly image: Image;
}

export interface WriteEvent {
  readonly pid: number;
  readonly writer: Image;
  /** Absolute path created, changed, renamed or removed. */
  readonly path: string;
  readonly syscall: string;
}

export interface Trace {
  /** The shells: the first program of each process the tracer started (a restart starts another). */
  readonly roots: ReadonlySet<Image>;
  readonly execs: readonly ExecEvent[];
  readonly writes: readonly WriteEvent[];
}

/** The strace arguments this reader understands; the caller appends `-o PREFIX -- PROGRAM…`. */
export const STRACE_ARGS: readonly string[] = [
  '-f',
  '-ff',
  // Stops the tracee only at the calls traced, not at every system call.
  '--seccomp-bpf',
  '-qq',
  '-v',
  '-x',
  '-y',
  '-s',
  '65536',
  '-e',
  'trace=execve,execveat,clone,clone3,fork,vfork,chdir,fchdir,open,openat,openat2,creat,rename,renameat,renameat2,unlink,unlinkat,rmdir,mkdir,mkdirat,link,linkat,symlink,symlinkat,truncate,utimensat,chmod,fchmodat',
];

const OPEN_WRITE_FLAGS = /\bO_(WRONLY|RDWR|CREAT|TRUNC|APPEND)\b/;

interface ProcessState {
  image: Image;
  cwd: string | undefined;
}

/** Reads every `PREFIX.PID` file and follows the processes from the one no other process started. */
export function readTrace(prefix: string): Trace {
  const dir = path.dirname(prefix);
  const base = path.basename(prefix) + '.';
  const files = new Map<number, string[]>();
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(base)) continue;
    const pid = Number(name.slice(base.length));
    if (!Number.isInteger(pid)) continue;
    files.set(pid, readFileSync(path.join(dir, name), 'utf8').split('\n'));
  }
  const children = new Set<number>();
  for (const lines of files.values()) {
    for (const line of lines) {
      const child = forkedChild(line);
      if (child !== undefined) children.add(child);
    }
  }
  const execs: ExecEvent[] = [];
  const writes: WriteEvent[] = [];
  const roots = new Set<Image>();
  const unknown: Image = { path: '(not yet executed)', argv: [], env: [], launcher: undefined };
  const queue = [...files.keys()]
    .filter((pid) => !children.has(pid))
    .sort((a, b) => a - b)
    .map((pid) => ({ pid, state: { image: unknown, cwd: undefined } as ProcessState }));
  while (queue.length > 0) {
    const { pid, state } = queue.shift() as { pid: number; state: ProcessState };
    for (const line of files.get(pid) ?? []) {
      const call = parseCall(line);
      if (!call) continue;
      const { name, args, result } = call;
      noteDirectory(state, args);
      const ok = result !== undefined && !result.startsWith('-1') && result !== '?';
      if (!ok) continue;
      if (name === 'clone' || name === 'clone3' || name === 'fork' || name === 'vfork') {
        const child = Number(/^\d+/.exec(result)?.[0]);
        if (files.has(child))
          queue.push({ pid: child, state: { image: state.image, cwd: state.cwd } });
      } else if (name === 'execve' || name === 'execveat') {
        const [file, argv, env] =
          name === 'execve' ? [args[0], args[1], args[2]] : [args[1], args[2], args[3]];
        const first = state.image === unknown;
        const image: Image = {
          path: resolvePath(state, stringValue(file ?? ''), undefined),
          argv: arrayValue(argv ?? '[]'),
          env: arrayValue(env ?? '[]'),
          launcher: first ? undefined : state.image,
        };
        if (first) roots.add(image);
        else execs.push({ pid, launcher: state.image, image });
        state.image = image;
      } else if (name === 'chdir') {
        state.cwd = resolvePath(state, stringValue(args[0] ?? ''), undefined);
      } else if (name === 'fchdir') {
        state.cwd = decoration(args[0] ?? '') ?? state.cwd;
      } else {
        for (const target of writtenPaths(name, args, result, state)) {
          writes.push({ pid, writer: state.image, path: target, syscall: name });
        }
      }
    }
  }
  if (roots.size === 0) throw new Error('the trace has no executed program');
  return { roots, execs, writes };
}

function forkedChild(line: string): number | undefined {
  const match = /^(clone3?|v?fork)\(.*\)\s+=\s+(\d+)/.exec(line);
  return match ? Number(match[2]) : undefined;
}

/** Paths a successful call created, changed or removed. */
function writtenPaths(
  name: string,
  args: readonly string[],
  result: string,
  state: ProcessState,
): string[] {
  const at = (dirArg: string | undefined, pathArg: string | undefined): string =>
    resolvePath(
      state,
      stringValue(pathArg ?? ''),
      dirArg === undefined ? undefined : decoration(dirArg),
    );
  switch (name) {
    case 'open':
    case 'creat':
    case 'openat':
    case 'openat2': {
      const flags = name === 'open' ? args[1] : name === 'creat' ? 'O_CREAT' : args[2];
      if (!OPEN_WRITE_FLAGS.test(flags ?? '')) return [];
      // With -y the result names the file opened, symbolic links resolved.
      const opened = decoration(result);
      if (opened !== undefined) return [opened];
      return [name.startsWith('openat') ? at(args[0], args[1]) : at(undefined, args[0])];
    }
    case 'rename':
    case 'link':
      return [at(undefined, args[0]), at(undefined, args[1])].slice(name === 'link' ? 1 : 0);
    case 'renameat':
    case 'renameat2':
      return [at(args[0], args[1]), at(args[2], args[3])];
    case 'linkat':
      return [at(args[2], args[3])];
    case 'symlink':
      return [at(undefined, args[1])];
    case 'symlinkat':
      return [at(args[1], args[2])];
    case 'unlink':
    case 'rmdir':
    case 'mkdir':
    case 'truncate':
      return [at(undefined, args[0])];
    case 'unlinkat':
    case 'mkdirat':
    case 'fchmodat':
      return [at(args[0], args[1])];
    case 'chmod':
      return [at(undefined, args[0])];
    case 'utimensat': {
      // With no path it changes the times of the open file itself (futimens).
      if (args[1] === 'NULL') {
        const file = decoration(args[0] ?? '');
        return file === undefined ? [] : [file];
      }
      return [at(args[0], args[1])];
    }
    default:
      return [];
  }
}

/** Every `AT_FDCWD</dir>` tells the process's current directory at that moment. */
function noteDirectory(state: ProcessState, args: readonly string[]): void {
  for (const arg of args) {
    if (arg.startsWith('AT_FDCWD<')) {
      const dir = decoration(arg);
      if (dir !== undefined) state.cwd = dir;
    }
  }
}

function resolvePath(state: ProcessState, file: string, dir: string | undefined): string {
  if (path.isAbsolute(file)) return path.normalize(file);
  const base = dir ?? state.cwd;
  // Unknown directory: keep the name relative, which no write pattern of a profile matches by accident.
  return base === undefined ? file : path.resolve(base, file);
}

/** The `</path>` strace -y appends to a file descriptor. */
function decoration(text: string): string | undefined {
  const match = /<(.*)>$/.exec(text.trim());
  if (!match) return undefined;
  const inner = unescape(match[1] as string);
  return inner.startsWith('/') ? inner : undefined;
}

interface Call {
  readonly name: string;
  readonly args: string[];
  readonly result: string | undefined;
}

/** `name(arg, arg, …) = result`, split at the top level (strings and brackets kept whole). */
export function parseCall(line: string): Call | undefined {
  const open = /^([a-z0-9_]+)\(/.exec(line);
  if (!open) return undefined;
  const args: string[] = [];
  let depth = 0;
  let current = '';
  let i = open[0].length;
  for (; i < line.length; i++) {
    const c = line[i] as string;
    if (c === '"') {
      const end = stringEnd(line, i);
      current += line.slice(i, end);
      i = end - 1;
      continue;
    }
    // A descriptor's `</path>` decoration follows a digit or AT_FDCWD; any other `<`/`>` (as in
    // clone3's `=>`) is plain text.
    if (c === '<' && /[0-9A-Z]$/.test(current)) {
      const end = line.indexOf('>', i);
      current += line.slice(i, end + 1);
      i = end;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    if (c === ']' || c === '}') depth--;
    if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
    if (c === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  if (current.trim() !== '') args.push(current.trim());
  const rest = line.slice(i + 1);
  const result = /^\s*=\s*(.*)$/.exec(rest)?.[1];
  return { name: open[1] as string, args, result: result?.trim() };
}

/** Index just past the closing quote of the string starting at `start` (and a `...` ellipsis). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  i++;
  if (text.startsWith('...', i)) i += 3;
  return i;
}

function stringValue(arg: string): string {
  const match = /^"((?:[^"\\]|\\.)*)"/.exec(arg);
  return match ? unescape(match[1] as string) : arg;
}

function arrayValue(arg: string): string[] {
  const out: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"/g;
  for (const match of arg.matchAll(pattern)) out.push(unescape(match[1] as string));
  return out;
}

/** strace's C escapes (`\n`, `\"`, `\\`, `\xHH`, octal), as bytes decoded from UTF-8. */
function unescape(text: string): string {
  const bytes: number[] = [];
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, v: 11, f: 12, a: 7, b: 8, e: 27 };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = text[i + 1] ?? '';
    if (next === 'x') {
      bytes.push(parseInt(text.slice(i + 2, i + 4), 16));
      i += 3;
    } else if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1))?.[0] as string;
      bytes.push(parseInt(octal, 8) & 0xff);
      i += octal.length;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
