import { TABLE_ALIASES } from './dangerous-options.js';
import type { RefusalCode } from '../decide/refusal.js';

/*
 * What the policy knows about each program that needs more than its patterns: its role, and
 * commands it must allow and refuse under given patterns (run by one generic test, so each
 * program's rules carry their own proof). The option tables are in dangerous-options.ts under the
 * same names; how a wrapper lays out its argv is in wrappers.ts. A program not listed is plain:
 * matched by its patterns and its option table alone.
 *
 * Roles:
 *   shell          runs shell text (-c TEXT, a script file, standard input); the text is checked
 *   interpreter    runs code of another language; a pattern that runs any file (`node *`) also
 *                  allows its inline code and code on standard input
 *   wrapper        runs the command in its operands (`nice cmd`), which is checked on its own
 *   runner         runs commands in its own ways (env, xargs, find -exec, eval, make…)
 *   string-runner  runs argument strings through a shell in ways the policy does not model
 */
export type Role = 'shell' | 'interpreter' | 'wrapper' | 'runner' | 'string-runner' | 'plain';

export interface ProgramExamples {
  /** The allowlist the examples are checked under (deny patterns after a `!`). */
  readonly patterns: readonly string[];
  readonly allow: readonly string[];
  /** Commands refused, each with the refusal's code. */
  readonly refuse: readonly (readonly [string, RefusalCode])[];
}

interface ProgramEntry {
  readonly role: Role;
  readonly examples?: ProgramExamples;
}

const shell: ProgramEntry = { role: 'shell' };
const interpreter: ProgramEntry = { role: 'interpreter' };
const wrapper: ProgramEntry = { role: 'wrapper' };
const runner: ProgramEntry = { role: 'runner' };
const stringRunner: ProgramEntry = { role: 'string-runner' };

/** Keyed by program name as `programName` gives it (`python3` → `python`, `gawk` → `awk`). */
export const PROGRAMS: Readonly<Record<string, ProgramEntry>> = {
  // shells
  sh: {
    role: 'shell',
    examples: {
      patterns: ['sh scripts/*', 'ls *'],
      allow: ['sh scripts/build.sh'],
      refuse: [
        ["sh -c 'ls'", 'no-matching-pattern'],
        ['sh scripts/build.sh; rm x', 'no-matching-pattern'],
      ],
    },
  },
  bash: {
    role: 'shell',
    examples: {
      // `bash *` runs any file, so it runs any text too; what the text runs still meets the deny
      // patterns, which these examples do not have.
      patterns: ['bash *', 'echo *'],
      allow: ["bash -c 'rm -rf build'", 'echo rm x | bash', "bash <<'EOF'\nrm x\nEOF"],
      refuse: [['ls | bash', 'no-matching-pattern']],
    },
  },
  dash: shell,
  zsh: shell,
  ksh: shell,
  mksh: shell,
  ash: shell,
  yash: shell,
  posh: shell,
  rbash: shell,
  lksh: shell,
  pdksh: shell,
  oksh: shell,
  csh: shell,
  tcsh: shell,
  fish: shell,

  // interpreters
  python: {
    role: 'interpreter',
    examples: {
      patterns: ['python3 *', 'ls *'],
      allow: [
        "python3 -c 'print(1)'",
        "python3 - <<'EOF'\nprint(1)\nEOF",
        'python3 -m pytest -q',
        'ls | python3 -c "import sys; print(len(sys.stdin.read()))"',
      ],
      refuse: [["python -c 'print(1)'", 'no-matching-pattern']],
    },
  },
  node: {
    role: 'interpreter',
    examples: {
      patterns: ['node *'],
      allow: [
        "node -e 'console.log(1)'",
        "node -p 'process.version'",
        'node --require ts-node/register x.ts',
        "node <<'EOF'\nconsole.log(1)\nEOF",
      ],
      refuse: [['node -e 1 > .git/config', 'write-into-git']],
    },
  },
  perl: {
    role: 'interpreter',
    examples: {
      patterns: ['perl *', '> src/**'],
      allow: ["perl -e 'print 1'", "perl -pi -e 's/a/b/' src/a.ts"],
      refuse: [
        ["perl -pi -e 's/a/b/' a.ts", 'write-not-allowed'],
        ["perl -pi -e 's/a/b/' src/../.git/config", 'write-into-git'],
      ],
    },
  },
  ruby: interpreter,
  php: interpreter,
  lua: interpreter,
  luajit: interpreter,
  Rscript: interpreter,
  R: interpreter,
  julia: interpreter,
  deno: interpreter,
  bun: interpreter,
  tclsh: interpreter,
  wish: interpreter,
  expect: interpreter,
  osascript: interpreter,
  jrunscript: interpreter,

  // wrappers: the command after their own options is checked on its own
  nice: {
    role: 'wrapper',
    examples: {
      patterns: ['nice *', 'ls *'],
      allow: ['nice -n 5 ls -la'],
      refuse: [['nice rm x', 'no-matching-pattern']],
    },
  },
  nohup: wrapper,
  timeout: {
    role: 'wrapper',
    examples: {
      patterns: ['timeout *', 'npm test'],
      allow: ['timeout 60 npm test'],
      refuse: [['timeout -s KILL 5 curl x', 'no-matching-pattern']],
    },
  },
  stdbuf: wrapper,
  setsid: wrapper,
  ionice: wrapper,
  chrt: wrapper,
  taskset: wrapper,
  flock: wrapper,
  chroot: wrapper,
  unshare: wrapper,
  sudo: wrapper,
  doas: wrapper,
  command: wrapper,
  builtin: wrapper,
  exec: wrapper,
  time: wrapper,
  su: wrapper,
  runuser: wrapper,
  strace: wrapper,
  ltrace: wrapper,
  valgrind: wrapper,
  'xvfb-run': wrapper,
  'dbus-run-session': wrapper,
  torsocks: wrapper,
  proxychains: wrapper,
  proxychains4: wrapper,
  sshpass: wrapper,
  faketime: wrapper,
  numactl: wrapper,
  catchsegv: wrapper,
  rlwrap: wrapper,
  unbuffer: wrapper,
  chronic: wrapper,
  ifne: wrapper,
  setarch: wrapper,
  linux32: wrapper,
  linux64: wrapper,
  prlimit: wrapper,
  cgexec: wrapper,
  firejail: wrapper,
  'systemd-run': wrapper,
  pkexec: wrapper,
  gosu: wrapper,
  'su-exec': wrapper,
  logsave: wrapper,
  nsenter: wrapper,

  // runners
  env: {
    role: 'runner',
    examples: {
      patterns: ['env *', 'node *'],
      allow: ['env NODE_ENV=test node x.js', 'env'],
      refuse: [
        ['env PATH=/tmp node x.js', 'risky-variable'],
        ["env -S 'rm x'", 'no-matching-pattern'],
      ],
    },
  },
  xargs: {
    role: 'runner',
    examples: {
      patterns: ['xargs *', 'grep *', 'find *'],
      allow: ["find . -name '*.ts' | xargs grep -n x"],
      refuse: [
        ['find . | xargs rm', 'no-matching-pattern'],
        ['find . | xargs sh -c x', 'unresolvable'],
      ],
    },
  },
  eval: runner,
  source: runner,
  '.': runner,
  find: {
    role: 'runner',
    examples: {
      patterns: ['find *', 'grep *'],
      allow: ["find . -name '*.ts' -exec grep -l x {} +"],
      refuse: [
        ['find . -exec rm {} \\;', 'no-matching-pattern'],
        ['find . -fprint out.txt', 'write-not-allowed'],
        ['find . -delete', 'dangerous-option'],
      ],
    },
  },
  fd: runner,
  fdfind: runner,
  watch: runner,
  script: runner,
  busybox: runner,
  npx: runner,
  make: runner,
  gmake: runner,
  ssh: runner,
  trap: runner,
  vim: runner,
  ed: runner,
  red: runner,

  // runners of argument strings the policy does not model
  parallel: stringRunner,
  sem: stringRunner,
  xe: stringRunner,
  rush: stringRunner,
  hyperfine: stringRunner,
  tmux: stringRunner,
  screen: stringRunner,
  at: stringRunner,
  batch: stringRunner,
  entr: stringRunner,
  byobu: stringRunner,

  // plain programs with rules worth proving
  sort: {
    role: 'plain',
    examples: {
      patterns: ['sort *', 'gzip *', '> out/**'],
      allow: ['sort -o out/s.txt a.txt', 'sort -rn a.txt', 'sort --compress-program=gzip a.txt'],
      refuse: [
        ['sort -o s.txt a.txt', 'write-not-allowed'],
        ['sort -o .git/config a.txt', 'write-into-git'],
        ['sort --compress-program=xz a.txt', 'no-matching-pattern'],
      ],
    },
  },
  sed: {
    role: 'plain',
    examples: {
      patterns: ['sed *', '> src/**'],
      allow: ["sed -i 's/a/b/' src/a.ts", 'sed -n 1,20p a.ts', "sed -i.bak 's/a/b/' src/a.ts"],
      refuse: [
        ["sed -i 's/a/b/' a.ts", 'write-not-allowed'],
        ["sed -i'../*' 's/a/b/' src/a.ts", 'dangerous-option'],
        ["sed -n ':a e touch x' a.ts", 'inline-code'],
        ["sed -n '1e touch x' a.ts", 'inline-code'],
      ],
    },
  },
  tee: {
    role: 'plain',
    examples: {
      patterns: ['tee *', 'echo *', '> logs/**'],
      allow: ['echo x | tee logs/a.txt', 'echo x | tee /dev/null'],
      refuse: [
        ['echo x | tee a.txt', 'write-not-allowed'],
        ['echo x | tee -a .git/hooks/pre-commit', 'write-into-git'],
      ],
    },
  },
  git: {
    role: 'plain',
    examples: {
      patterns: ['git diff *', 'git log *', 'git status *', 'cd *'],
      allow: [
        'git --no-pager diff',
        'git -P log --oneline -5',
        'git -C sub status',
        'git --no-optional-locks status --porcelain',
        'git -c color.ui=never log -1',
      ],
      refuse: [
        ['git -C sub push', 'no-matching-pattern'],
        ['git log --output=x -1', 'write-not-allowed'],
        ['git -c core.pager=sh log', 'no-matching-pattern'],
      ],
    },
  },
};

/**
 * Builtins that only steer the script's own loops and functions (`|| break`): they need no pattern
 * when their words are literal (a deny pattern still applies). Other builtins, `true` included,
 * are commands like any other.
 */
/**
 * Programs that read `--` after their own words as the end of their options and nothing else (GNU
 * getopt), so that words xargs appends after it are only operands: file names, never `-i` or
 * `--expression=…`. echo is not one (it prints `--`), nor is awk (its options end at its program).
 */
export const ENDS_OPTIONS_WITH_DOUBLE_DASH: ReadonlySet<string> = new Set([
  'sed',
  'grep',
  'egrep',
  'fgrep',
  'wc',
  'sort',
  'uniq',
  'cat',
  'head',
  'tail',
  'rm',
  'ls',
  'touch',
  'mkdir',
  'rmdir',
  'du',
  'stat',
  'chmod',
  'md5sum',
  'sha256sum',
  'basename',
  'dirname',
  'realpath',
]);

export const FLOW_BUILTINS: ReadonlySet<string> = new Set(['break', 'continue', 'return']);

/** The role of a program, by the name `programName` gives. */
export function roleOf(name: string): Role {
  return Object.hasOwn(PROGRAMS, name) ? (PROGRAMS[name] as ProgramEntry).role : 'plain';
}

/** The programs of one role. */
export function programsWithRole(role: Role): string[] {
  return Object.keys(PROGRAMS).filter((name) => roleOf(name) === role);
}

/** Programs that run their arguments as commands or code: never fed words by xargs. */
export function runsItsArguments(name: string): boolean {
  return roleOf(name) !== 'plain';
}

/** The program a command word names: `/usr/bin/python3.12` → `python`. */
export function programName(word: string): string {
  const base = word.slice(word.lastIndexOf('/') + 1);
  const unversioned =
    /^(python|pypy|perl|ruby|php|lua|luajit|node|pip|tclsh|wish)[0-9]+(?:\.[0-9]+)*$/.exec(
      base,
    )?.[1] ?? base;
  return TABLE_ALIASES[unversioned] ?? unversioned;
}

/**
 * What a program executes on its own, for the sandbox's exec confinement (sandbox/exec-set.ts):
 *   nothing       no other program, whatever its options
 *   its-commands  only the commands in its operands (find -exec), which the policy checks as
 *                 commands of their own, so their programs are named by patterns too
 *   git-helpers   only git itself and the programs of git's exec path, for the subcommands listed:
 *                 those read the repository; others run ssh, credential helpers, editors, hooks
 * A program not listed may run anything (a shell, an interpreter, `npm`, `make`, `sort
 * --compress-program`...), and an allowlist that names one cannot have exec confinement.
 */
export type Executes = 'nothing' | 'its-commands' | { readonly gitHelpers: ReadonlySet<string> };

const runsNothing = 'nothing';

export const EXECUTES: Readonly<Record<string, Executes>> = {
  // bash builtins: nothing is executed, and their files, where they exist, run nothing either
  cd: runsNothing,
  pwd: runsNothing,
  echo: runsNothing,
  printf: runsNothing,
  test: runsNothing,
  '[': runsNothing,
  true: runsNothing,
  false: runsNothing,
  // programs that read files and print
  ls: runsNothing,
  cat: runsNothing,
  head: runsNothing,
  tail: runsNothing,
  wc: runsNothing,
  grep: runsNothing,
  rg: runsNothing,
  uniq: runsNothing,
  cut: runsNothing,
  tr: runsNothing,
  nl: runsNothing,
  tac: runsNothing,
  od: runsNothing,
  diff: runsNothing,
  cmp: runsNothing,
  stat: runsNothing,
  file: runsNothing,
  du: runsNothing,
  df: runsNothing,
  tree: runsNothing,
  basename: runsNothing,
  dirname: runsNothing,
  realpath: runsNothing,
  readlink: runsNothing,
  date: runsNothing,
  sha256sum: runsNothing,
  md5sum: runsNothing,
  base64: runsNothing,
  jq: runsNothing,
  find: 'its-commands',
  git: {
    gitHelpers: new Set([
      'status',
      'diff',
      'log',
      'show',
      'blame',
      'ls-files',
      'ls-tree',
      'cat-file',
      'rev-parse',
      'rev-list',
      'describe',
      'shortlog',
    ]),
  },
};

/** What `name` (as `programName` gives it) executes; undefined when it may run anything. */
export function executesOf(name: string): Executes | undefined {
  return Object.hasOwn(EXECUTES, name) ? EXECUTES[name] : undefined;
}
