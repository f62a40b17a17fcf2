/**
 * Exec confinement: which files the shell may execute, when the allowlist makes that safe. It is on
 * only when every allow pattern names a program whose spec (policy/programs/, `executes`) says it
 * runs no other program on its own; then the shell may execute bash, those programs, their dynamic
 * loaders and, for git, git's own helpers, and nothing else: a planted hook, `core.fsmonitor` or
 * pager cannot start a shell even where the policy were got around.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Pattern } from '../policy/decide/patterns.js';
// The table, not the specs: this is decided before the first request, and the specs load after it.
import { EXECUTES } from '../policy/programs/executes-table.js';
import { unaliasedName } from '../policy/programs/names.js';

/** What the allowlist allows to be executed, before any file is looked up. */
export type ExecDecision =
  | {
      confined: true;
      /** The program words of the allow patterns, as written (`ls`, `/usr/bin/git`). */
      programs: readonly string[];
      /** Some pattern names git: its exec path is executable too. */
      gitHelpers: boolean;
    }
  | { confined: false; why: string };

/** Whether the allowlist `allow` permits exec confinement, and of what. */
export function decideExec(allow: readonly Pattern[]): ExecDecision {
  const programs = new Set<string>();
  let gitHelpers = false;
  for (const pattern of allow) {
    if (pattern.kind === 'write') continue;
    if (pattern.universal) return { confined: false, why: 'the allowlist is `*`' };
    const [first, second] = pattern.words;
    // The pattern parser wants the program spelled out; should it ever not, nothing is assumed.
    if (first === undefined || first.regex !== undefined || first.anyWord) {
      return { confined: false, why: `\`${pattern.source}\` names no single program` };
    }
    const executes = EXECUTES.get(unaliasedName(first.text));
    const runsAnything = `\`${pattern.source}\` may run other programs`;
    if (executes === undefined) return { confined: false, why: runsAnything };
    if (typeof executes === 'object') {
      // `git *`, or a subcommand that runs ssh, credential helpers, editors or hooks.
      const reads = second !== undefined && second.regex === undefined && !second.anyWord;
      if (!reads || !executes.gitHelpers.has(second.text)) {
        return { confined: false, why: runsAnything };
      }
      gitHelpers = true;
    }
    programs.add(first.text);
  }
  return { confined: true, programs: [...programs], gitHelpers };
}

/** The first executable regular file named `name` on `searchPath`, as the shell finds it. */
export function findOnPath(name: string, searchPath: string, cwd: string): string | undefined {
  if (name.includes('/'))
    return isExecutableFile(path.resolve(cwd, name)) ? path.resolve(cwd, name) : undefined;
  for (const dir of searchPath.split(':')) {
    const candidate = path.resolve(cwd, dir || '.', name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    const stat = statSync(file);
    return stat.isFile() && (stat.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** The first bytes of `file`: enough for an ELF header's program headers, or a `#!` line. */
function readHead(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

const PT_INTERP = 3;

/**
 * What else the kernel executes to run `file`: an ELF program's dynamic loader (PT_INTERP), a
 * script's interpreter (`#!`). Those must be executable too, or the program cannot start.
 */
export function interpreterOf(file: string): { kind: 'elf' | 'script'; path: string | undefined } {
  const head = readHead(file, 4096);
  if (head.subarray(0, 2).toString('latin1') === '#!') {
    const line = head.toString('latin1').split('\n')[0]!.slice(2).trim();
    return { kind: 'script', path: line.split(/\s+/)[0] };
  }
  // 64-bit little-endian ELF, as both architectures the helper is built for are.
  if (head.length < 64 || head.readUInt32BE(0) !== 0x7f454c46 || head[4] !== 2 || head[5] !== 1) {
    return { kind: 'elf', path: undefined };
  }
  const phoff = Number(head.readBigUInt64LE(0x20));
  const phentsize = head.readUInt16LE(0x36);
  const phnum = head.readUInt16LE(0x38);
  const headers =
    phoff + phentsize * phnum <= head.length ? head : readHead(file, phoff + phentsize * phnum);
  for (let index = 0; index < phnum; index += 1) {
    const at = phoff + index * phentsize;
    if (headers.readUInt32LE(at) !== PT_INTERP) continue;
    const offset = Number(headers.readBigUInt64LE(at + 8));
    const size = Number(headers.readBigUInt64LE(at + 0x20));
    const text = readHead(file, offset + size).subarray(offset, offset + size);
    return { kind: 'elf', path: text.toString('latin1').replace(/\0.*$/s, '') };
  }
  return { kind: 'elf', path: undefined };
}

/** The files exec confinement lets the shell execute, or why it cannot be on. */
export type ExecSet =
  { confined: true; paths: readonly string[] } | { confined: false; why: string };

/** How long `git --exec-path` may take. */
const GIT_EXEC_PATH_TIMEOUT_MS = 10_000;

/**
 * The files behind `decision`: bash, each allowed program found on the shell's PATH, their
 * loaders, git's exec path. A program that is a script turns confinement off, since its interpreter
 * would run any other script as well.
 */
export async function resolveExecSet(
  decision: ExecDecision,
  bashPath: string,
  searchPath: string,
  cwd: string,
): Promise<ExecSet> {
  if (!decision.confined) return decision;
  const paths = new Set<string>([bashPath]);
  const files = [bashPath];
  for (const program of decision.programs) {
    const file = findOnPath(program, searchPath, cwd);
    // A builtin (cd, pwd) or a program that is not installed: nothing to execute.
    if (file !== undefined) files.push(file);
  }
  for (const file of files) {
    const interpreter = interpreterOf(file);
    if (interpreter.kind === 'script') {
      return {
        confined: false,
        why: `\`${path.basename(file)}\` is a script run by ${interpreter.path ?? 'an interpreter'}`,
      };
    }
    paths.add(file);
    if (interpreter.path !== undefined) paths.add(interpreter.path);
  }
  if (decision.gitHelpers) {
    const git = files.find((file) => path.basename(file) === 'git');
    if (git !== undefined) {
      const { stdout } = await promisify(execFile)(git, ['--exec-path'], {
        encoding: 'utf8',
        timeout: GIT_EXEC_PATH_TIMEOUT_MS,
        env: { PATH: searchPath },
      });
      const execPath = stdout.trim();
      if (execPath !== '') paths.add(execPath);
    }
  }
  return { confined: true, paths: [...paths] };
}
