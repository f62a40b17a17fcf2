import { execFileSync } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Image, Trace } from './trace.js';

/*
 * What the patterns allow, judged from what really ran. This reads the patterns by itself, with no
 * code of the policy, so that the two disagree only where one of them is wrong:
 *
 * - every program the shell started (or a wrapper like env, xargs, find -exec started for it) must
 *   match an allow pattern and no deny pattern, be the program its name finds on the shell's PATH,
 *   and get no variable that changes what programs run or load;
 * - a program the patterns allow as a whole (npm, node, python3 …) may do anything, and so may what
 *   it starts; any other program (sort, sed, git …) must start nothing of its own (git only itself);
 * - every file the shell or such a program created, changed or removed must be allowed by a
 *   `> PATH` pattern, except the files of programs that exist to change files (touch, cp, mv, rm,
 *   mkdir, git under `git *`) when a `PROGRAM *` pattern allows them, and git's own index.
 */

/** Programs that start the program their arguments name. */
const WRAPPERS = new Set([
  'env',
  'xargs',
  'find',
  'nice',
  'nohup',
  'timeout',
  'stdbuf',
  'setsid',
  'time',
  'ionice',
  'chrt',
  'taskset',
  'flock',
  'command',
  'sudo',
]);

/** Programs whose pattern allows running any code: what they start or write is theirs. */
const RUNS_ANY_CODE = new Set([
  'node',
  'npm',
  'npx',
  'tsc',
  'tsx',
  'ts-node',
  'jest',
  'vitest',
  'yarn',
  'pnpm',
  'deno',
  'bun',
  'python',
  'python3',
  'pip',
  'pip3',
  'pytest',
  'uv',
  'ruff',
  'mypy',
  'perl',
  'ruby',
  'bash',
  'sh',
  'dash',
  'zsh',
  'make',
]);

/** Shells: under `*` the policy reads their -c text, so what they run is checked too. */
const SHELLS = new Set(['bash', 'sh', 'dash']);

/** Programs whose job is to change files. */
const CHANGES_FILES = new Set([
  'touch',
  'cp',
  'mv',
  'rm',
  'mkdir',
  'rmdir',
  'ln',
  'install',
  'chmod',
  'git',
]);

/**
 * Git global options that change neither what git runs nor what it writes. The judge's own list, on
 * purpose not the policy's: a differential check that shared the policy's tables would agree with
 * any mistake in them.
 */
const HARMLESS_GIT_OPTIONS = new Set([
  '--no-pager',
  '-P',
  '--no-optional-locks',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-replace-objects',
]);

/** Variables that change what programs run or load (interface.md, issue 7). */
const RISKY_VARIABLE =
  /^(PATH|LD_\w*|BASH_ENV|ENV|BASH_FUNC_.*|SHELLOPTS|BASHOPTS|PS4|CDPATH|GLOBIGNORE|GIT_\w*|npm_config_\w*|NPM_CONFIG_\w*|HOME|XDG_\w*|PAGER|MANPAGER|EDITOR|VISUAL|PYTHON\w*|NODE_PATH|NODE_OPTIONS|PERL5\w*|PERLLIB|RUBY\w*|TMPDIR|LESSOPEN|LESSCLOSE|\w*_OPTIONS|\w*OPTS?)$/;

/** Bash sets these itself as the shell moves and nests. */
const SHELL_BOOKKEEPING = new Set(['PWD', 'OLDPWD', 'SHLVL', '_']);

const ALWAYS_WRITABLE =
  /^\/dev\/(null|stdout|stderr|tty|fd\/\d+|pts\/\d+)$|^\/proc\/(self|\d+)\/fd\/\d+$/;

interface CommandPattern {
  readonly words: readonly RegExp[];
  readonly rest: boolean;
  readonly source: string;
}

interface WritePattern {
  readonly regex: RegExp;
  readonly absolute: boolean;
  readonly anyPath: boolean;
  readonly namesGit: boolean;
}

export interface OracleProfile {
  readonly allow: readonly string[];
  readonly deny: readonly string[];
}

export interface OracleContext {
  /** The working directory write patterns are relative to. */
  readonly repo: string;
  /** Directories whose writes are the shell's own business (its here-document files). */
  readonly scratchDirectories: readonly string[];
  /** The environment the session was started with. */
  readonly baseEnv: Readonly<Record<string, string>>;
}

export interface Violation {
  readonly kind: 'program' | 'write' | 'variable';
  readonly detail: string;
}

export class Oracle {
  readonly #allow: CommandPattern[] = [];
  readonly #deny: CommandPattern[] = [];
  readonly #writes: WritePattern[] = [];
  readonly #universal: boolean;
  readonly #context: OracleContext;
  readonly #onPath = new Map<string, string | undefined>();
  readonly #gitPrograms: string[];

  constructor(profile: OracleProfile, context: OracleContext) {
    this.#context = context;
    const lines = (list: readonly string[]): string[] =>
      list
        .flatMap((l) => l.split('\n'))
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('#'));
    const allow = lines(profile.allow);
    this.#universal = allow.includes('*');
    for (const line of allow) {
      if (line.startsWith('>')) this.#writes.push(writePattern(line));
      else if (line !== '*') this.#allow.push(commandPattern(line));
    }
    for (const line of lines(profile.deny))
      if (!line.startsWith('>')) this.#deny.push(commandPattern(line));
    const git = this.#resolve('git');
    const execPath = git ? execFileSync(git, ['--exec-path'], { encoding: 'utf8' }).trim() : '';
    this.#gitPrograms = [git ? realpathSync(git) : '/nonexistent', execPath + '/'];
  }

  /** Whether the patterns allow this argv as a command (the grammar builds on what they allow). */
  allows(argv: readonly string[]): boolean {
    const any = (list: CommandPattern[]): boolean =>
      list.some((p) => matches(p, argv) || matches(p, gitNormal(argv)));
    return (this.#universal || any(this.#allow)) && !any(this.#deny);
  }

  judge(trace: Trace): Violation[] {
    if (this.#universal) return this.#judgeDenied(trace);
    const violations: Violation[] = [];
    for (const exec of trace.execs) {
      const lineage = this.#lineage(exec.launcher, trace.roots);
      if (lineage === 'runs-any-code') continue;
      const argv = exec.image.argv;
      const shown = `${argv.map(quote).join(' ')} (${exec.image.path}, started by ${describe(exec.launcher, trace.roots)})`;
      if (lineage === 'git') {
        const real = safeRealpath(exec.image.path);
        if (!this.#gitPrograms.some((p) => real === p || (p.endsWith('/') && real.startsWith(p))))
          violations.push({ kind: 'program', detail: `git started ${shown}` });
        continue;
      }
      if (lineage === 'plain') {
        violations.push({
          kind: 'program',
          detail: `a program that runs nothing started ${shown}`,
        });
        continue;
      }
      if (
        !this.#universal &&
        !this.#allow.some((p) => matches(p, argv) || matches(p, gitNormal(argv)))
      )
        violations.push({ kind: 'program', detail: `no allow pattern matches ${shown}` });
      const denied = this.#deny.find((p) => matches(p, argv) || matches(p, gitNormal(argv)));
      if (denied)
        violations.push({
          kind: 'program',
          detail: `the deny pattern '${denied.source}' matches ${shown}`,
        });
      const name = argv[0] ?? '';
      if (!name.includes('/')) {
        const expected = this.#resolve(name);
        if (expected === undefined || safeRealpath(expected) !== safeRealpath(exec.image.path))
          violations.push({
            kind: 'program',
            detail: `'${name}' ran ${exec.image.path}, not ${expected ?? 'a program on PATH'}`,
          });
      }
      for (const variable of this.#changedRiskyVariables(exec.image)) {
        violations.push({ kind: 'variable', detail: `${variable} reached ${shown}` });
      }
    }
    if (!this.#universal) {
      for (const write of trace.writes) {
        if (ALWAYS_WRITABLE.test(write.path) || write.path.startsWith('pipe:')) continue;
        if (this.#context.scratchDirectories.some((d) => write.path.startsWith(d + '/'))) continue;
        const lineage = this.#lineage(write.writer, trace.roots, true);
        if (lineage === 'runs-any-code') continue;
        const name = path.basename(write.writer.path);
        // git diff refreshes the index's stat data whatever GIT_OPTIONAL_LOCKS says.
        if (lineage === 'git' && /\/\.git\/index(\.lock)?$/.test(write.path)) continue;
        if (
          !trace.roots.has(write.writer) &&
          CHANGES_FILES.has(name) &&
          this.#allow.some((p) => isWholeProgram(p, name))
        )
          continue;
        if (this.#writes.some((p) => writeAllowed(p, write.path, this.#context.repo))) continue;
        violations.push({
          kind: 'write',
          detail: `${write.syscall} ${write.path} by ${describe(write.writer, trace.roots)}`,
        });
      }
    }
    return violations;
  }

  /**
   * Under `*`: only the deny patterns, on every program the shell, a wrapper or a shell it started
   * ran (bash -c text is visible to the policy, npm's scripts are not), named as typed and as the
   * program it really was (an alias or `hash -p` gives a denied program another name).
   */
  #judgeDenied(trace: Trace): Violation[] {
    const violations: Violation[] = [];
    for (const exec of trace.execs) {
      let opaque = false;
      for (
        let at: Image | undefined = exec.launcher;
        at && !trace.roots.has(at);
        at = at.launcher
      ) {
        const name = path.basename(at.path);
        if (RUNS_ANY_CODE.has(name) && !SHELLS.has(name)) opaque = true;
      }
      if (opaque) continue;
      const argv = exec.image.argv;
      const asRun = [path.basename(exec.image.path), ...argv.slice(1)];
      const denied = this.#deny.find((p) =>
        [argv, asRun].some((a) => matches(p, a) || matches(p, gitNormal(a))),
      );
      if (denied)
        violations.push({
          kind: 'program',
          detail: `the deny pattern '${denied.source}' matches ${argv.map(quote).join(' ')} (${exec.image.path}, started by ${describe(exec.launcher, trace.roots)})`,
        });
    }
    return violations;
  }

  /**
   * Who is responsible for what `image` does: the shell (or a wrapper it started), git, a program
   * that runs nothing, or a program allowed to run any code (anything below it is its own).
   */
  #lineage(
    image: Image,
    roots: ReadonlySet<Image>,
    self = false,
  ): 'shell' | 'git' | 'plain' | 'runs-any-code' {
    for (let at: Image | undefined = image; at && !roots.has(at); at = at.launcher) {
      if (RUNS_ANY_CODE.has(path.basename(at.path))) return 'runs-any-code';
    }
    if (roots.has(image)) return 'shell';
    const name = path.basename(image.path);
    if (name === 'git' || name.startsWith('git-')) return 'git';
    if (self || WRAPPERS.has(name)) return 'shell';
    return 'plain';
  }

  #changedRiskyVariables(image: Image): string[] {
    const changed: string[] = [];
    const seen = new Set<string>();
    for (const entry of image.env) {
      const eq = entry.indexOf('=');
      const name = eq < 0 ? entry : entry.slice(0, eq);
      seen.add(name);
      if (SHELL_BOOKKEEPING.has(name) || !RISKY_VARIABLE.test(name)) continue;
      if (this.#context.baseEnv[name] !== entry.slice(eq + 1))
        changed.push(`${name}=${entry.slice(eq + 1)}`);
    }
    for (const name of Object.keys(this.#context.baseEnv)) {
      if (!seen.has(name) && RISKY_VARIABLE.test(name) && !SHELL_BOOKKEEPING.has(name))
        changed.push(`${name} (unset)`);
    }
    return changed;
  }

  #resolve(name: string): string | undefined {
    if (this.#onPath.has(name)) return this.#onPath.get(name);
    let found: string | undefined;
    for (const dir of (this.#context.baseEnv.PATH ?? '').split(':')) {
      const candidate = path.join(dir || '.', name);
      try {
        accessSync(candidate, constants.X_OK);
        found = candidate;
        break;
      } catch {
        // not in this directory
      }
    }
    this.#onPath.set(name, found);
    return found;
  }
}

function describe(image: Image, roots: ReadonlySet<Image>): string {
  return roots.has(image) ? 'the shell' : path.basename(image.path);
}

function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function safeRealpath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** git's argv with its harmless global options left out, `-C DIR` included (checked as `cd DIR`). */
function gitNormal(argv: readonly string[]): readonly string[] {
  if (argv[0] !== 'git') return argv;
  const out = ['git'];
  let i = 1;
  for (; i < argv.length; i++) {
    const word = argv[i] as string;
    if (HARMLESS_GIT_OPTIONS.has(word)) continue;
    if (word === '-C') {
      i++;
      continue;
    }
    break;
  }
  return [...out, ...argv.slice(i)];
}

function splitWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g))
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}

function globRegex(glob: string, segmentStar: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += segmentStar;
    else if (c === '?') source += segmentStar === '.*' ? '.' : '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

function commandPattern(line: string): CommandPattern {
  const words = splitWords(line);
  const rest = words.length > 1 && words[words.length - 1] === '*';
  const fixed = rest ? words.slice(0, -1) : words;
  return { words: fixed.map((w) => globRegex(w, '.*')), rest, source: line };
}

function matches(pattern: CommandPattern, argv: readonly string[]): boolean {
  if (argv.length < pattern.words.length) return false;
  if (!pattern.rest && argv.length !== pattern.words.length) return false;
  return pattern.words.every((regex, i) => regex.test(argv[i] as string));
}

function isWholeProgram(pattern: CommandPattern, name: string): boolean {
  return pattern.rest && pattern.words.length === 1 && (pattern.words[0] as RegExp).test(name);
}

function writePattern(line: string): WritePattern {
  const glob = splitWords(line.replace(/^>{1,2}\|?/, '').trim())[0] ?? '';
  return {
    regex: globRegex(glob, '[^/]*'),
    absolute: path.isAbsolute(glob),
    anyPath: glob === '**',
    namesGit: /(^|\/)\.git(\/|$)/i.test(glob),
  };
}

function writeAllowed(pattern: WritePattern, target: string, repo: string): boolean {
  const shown = pattern.absolute ? target : path.relative(repo, target).split(path.sep).join('/');
  if (!pattern.namesGit && /(^|\/)\.git(\/|$)/i.test(shown)) return false;
  return pattern.anyPath || pattern.regex.test(shown);
}
