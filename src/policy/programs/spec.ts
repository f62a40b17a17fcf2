import type { Analyzer } from './analysis.js';
import type { OptionTable } from './options.js';
import type { RefusalCode } from '../decide/refusal.js';

/*
 * What the policy knows about one program, in one place: its role, the options that write files or
 * run programs, how a wrapper lays out the command it runs, the analyser that reads what its words
 * do, what it executes (for the sandbox), and commands it must allow and refuse under given
 * patterns. One generic test runs every spec's examples through the real policy, so each program's
 * rules carry their own proof. A program without a spec is plain: matched by its patterns alone.
 *
 * Roles:
 *   shell          runs shell text (-c TEXT, a script file, standard input); the text is checked
 *   interpreter    runs code of another language; a pattern that runs any file (`node *`) also
 *                  allows its inline code and code on standard input
 *   wrapper        runs the command in its operands (`nice cmd`), which is checked on its own
 *   runner         runs commands in its own ways (env, xargs, find -exec, eval, make…)
 *   string-runner  runs argument strings through a shell in ways the policy does not model
 *   plain          runs nothing of its own
 */
export type Role = 'shell' | 'interpreter' | 'wrapper' | 'runner' | 'string-runner' | 'plain';

/**
 * What a program executes on its own, for the sandbox's exec confinement (sandbox/exec-set.ts,
 * which reads it from executes-table.ts, generated from the specs by `npm run docs`):
 *   nothing       no other program, whatever its options
 *   its-commands  only the commands in its operands (find -exec), which the policy checks as
 *                 commands of their own, so their programs are named by patterns too
 *   git-helpers   only git itself and the programs of git's exec path, for the subcommands listed:
 *                 those read the repository; others run ssh, credential helpers, editors, hooks
 * A program that does not say may run anything (a shell, an interpreter, `npm`, `make`, `sort
 * --compress-program`...), and an allowlist that names one cannot have exec confinement.
 */
export type Executes = 'nothing' | 'its-commands' | { readonly gitHelpers: ReadonlySet<string> };

/** How a wrapper's own argv is laid out before the command it runs. */
export interface WrapperLayout {
  readonly options?: OptionTable;
  /** Operands before the command (`timeout DURATION cmd`, `chroot DIR cmd`). */
  readonly leadingOperands?: number;
  /** Options whose value is shell text run by a shell (`su -c`, `flock -c`). */
  readonly scriptOptions?: readonly string[];
  /** Options that mean no command is run (`command -v`, `taskset -p`); `*` for always. */
  readonly noCommand?: readonly string[];
  /** The word after the leading operands may be `-c TEXT` (flock). */
  readonly scriptAfterOperands?: boolean;
  /** NAME=VALUE words before the command are its environment (sudo). */
  readonly assignments?: boolean;
}

export interface ProgramExamples {
  /** The allowlist the examples are checked under (deny patterns after a `!`). */
  readonly patterns: readonly string[];
  readonly allow: readonly string[];
  /** Commands refused, each with the refusal's code. */
  readonly refuse: readonly (readonly [string, RefusalCode])[];
}

export interface ProgramSpec {
  /** Plain when not given. */
  readonly role?: Role;
  /** Other names of the same program (`gawk` for awk): they share this spec. */
  readonly aliases?: readonly string[];
  /** Options that take a value, and the dangerous ones (an allow pattern must spell those out). */
  readonly options?: OptionTable;
  /** A wrapper's layout; a wrapper without one runs the first word not starting with `-`. */
  readonly wrapper?: WrapperLayout;
  /**
   * What running these words does beyond what their pattern shows. When not given: the analyser of
   * the role (a shell's, an interpreter's, a wrapper's by its layout, a string runner's), else the
   * option table's scan.
   */
  readonly analyse?: Analyzer;
  readonly executes?: Executes;
  /**
   * Reads `--` after its own words as the end of its options and nothing else (GNU getopt), so that
   * words xargs appends after it are only operands: file names, never `-i` or `--expression=…`.
   * echo is not one (it prints `--`), nor is awk (its options end at its program).
   */
  readonly endsOptionsWithDoubleDash?: boolean;
  /**
   * A builtin that only steers the script's own loops and functions (`|| break`): it needs no
   * pattern when its words are literal (a deny pattern still applies).
   */
  readonly controlsFlow?: boolean;
  /** A keyword that runs the command after it and needs no pattern of its own (`time`). */
  readonly transparent?: boolean;
  readonly examples?: ProgramExamples;
}

/** A family of programs, keyed by the name `programName` gives. */
export type ProgramFamily = Readonly<Record<string, ProgramSpec>>;

/** What an analyser may ask about other programs (xargs asks about the one it feeds). */
export interface ProgramLookup {
  /** The name a command word gives (`/usr/bin/python3.12` → `python`). */
  nameOf(word: string): string;
  specOf(name: string): ProgramSpec | undefined;
}

/** The value names a file written: checked against the write patterns like a redirection. */
export const WRITES = { why: 'writes a file', effect: 'writes' } as const;
/** The value names a program run: checked like a command of its own. */
export const RUNS = { why: 'runs a program', code: true, effect: 'runs-program' } as const;
/** The value is shell text run by a shell: checked like a script. */
export const RUNS_SHELL = {
  why: 'runs a shell command',
  code: true,
  effect: 'runs-shell',
} as const;
export const WRITES_INTO = 'writes files into a directory';
export const CODE = { why: 'runs code given on the command line', code: true } as const;
