import {
  emptyAnalysis,
  optionDanger,
  unresolvable,
  type Analysis,
  type AnalysisContext,
  type Analyzer,
  type InnerCommand,
} from './analysis.js';
import {
  absorb,
  compileTable,
  resolveLong,
  scanOptions,
  optionValue,
  type CompiledTable,
  type OptionTable,
} from './options.js';
import {
  ENDS_OPTIONS_WITH_DOUBLE_DASH,
  programName,
  roleOf,
  runsItsArguments,
} from './registry.js';
import {
  literalWord,
  mayBeOption,
  unknownFrom,
  unknownWords,
  valueOf,
  type Word,
} from './read/words.js';

/*
 * Commands that run other commands. Each analyzer finds the inner command (or shell text) so the
 * policy can check it on its own: allowing `env *`, `find *` or `xargs *` must not let an unlisted
 * command through them.
 */

/** How a wrapper's own argv is laid out before the command it runs. */
interface WrapperSpec {
  readonly options?: OptionTable;
  /** Operands before the command (`timeout DURATION cmd`, `chroot DIR cmd`). */
  readonly leadingOperands?: number;
  /** Options whose value is shell text run by a shell (`su -c`, `flock -c`). */
  readonly scriptOptions?: readonly string[];
  /** Options that mean no command is run (`command -v`, `taskset -p`). */
  readonly noCommand?: readonly string[];
  /** The word after the leading operands may be `-c TEXT` (flock). */
  readonly scriptAfterOperands?: boolean;
}

const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  nice: { options: { values: ['-n, --adjustment=N'] } },
  nohup: {},
  timeout: {
    options: { values: ['-s, --signal=SIGNAL', '-k, --kill-after=DURATION'] },
    leadingOperands: 1,
  },
  stdbuf: { options: { values: ['-i, --input=MODE', '-o, --output=MODE', '-e, --error=MODE'] } },
  setsid: {},
  ionice: {
    options: {
      values: [
        '-c, --class=CLASS',
        '-n, --classdata=NUM',
        '-p, --pid=PID',
        '-P, --pgid=PGID',
        '-u, --uid=UID',
      ],
    },
    noCommand: ['-p', '-P', '-u'],
  },
  chrt: {
    options: {
      values: ['-T, --sched-runtime=NS', '-P, --sched-period=NS', '-D, --sched-deadline=NS'],
    },
    leadingOperands: 1,
    noCommand: ['-p', '--pid', '-m', '--max'],
  },
  taskset: { leadingOperands: 1, noCommand: ['-p', '--pid'] },
  flock: {
    options: { values: ['-w, --timeout=SECONDS', '-E, --conflict-exit-code=NUMBER'] },
    leadingOperands: 1,
    scriptOptions: ['-c', '--command'],
    scriptAfterOperands: true,
  },
  chroot: { options: { values: ['--userspec=USER:GROUP', '--groups=GROUPS'] }, leadingOperands: 1 },
  unshare: {
    options: {
      values: [
        '-S, --setuid=UID',
        '-G, --setgid=GID',
        '-R, --root=DIR',
        '-w, --wd=DIR',
        '--propagation=FLAGS',
      ],
    },
  },
  sudo: {
    options: {
      values: [
        '-C, --close-from=NUM',
        '-D, --chdir=DIR',
        '-g, --group=GROUP',
        '-p, --prompt=PROMPT',
        '-R, --chroot=DIR',
        '-r, --role=ROLE',
        '-t, --type=TYPE',
        '-T, --command-timeout=TIMEOUT',
        '-U, --other-user=USER',
        '-u, --user=USER',
        '-h, --host=HOST',
      ],
      dangerous: {
        '-s, --shell': 'runs a shell',
        '-i, --login': 'runs a login shell',
        '-e, --edit': 'edits files',
      },
    },
    noCommand: [
      '-l',
      '--list',
      '-v',
      '--validate',
      '-k',
      '--reset-timestamp',
      '-K',
      '--remove-timestamp',
      '-V',
      '--version',
    ],
  },
  doas: {
    options: { values: ['-u USER', '-C CONFIG'], dangerous: { '-s': 'runs a shell' } },
    noCommand: ['-C', '-L'],
  },
  command: { noCommand: ['-v', '-V'] },
  builtin: {},
  exec: { options: { values: ['-a NAME'] } },
  time: {
    options: {
      values: ['-f, --format=FORMAT'],
      dangerous: { '-o, --output=FILE': 'writes a file' },
    },
  },
  su: {
    options: {
      values: ['-g, --group=GROUP', '-G, --supp-group=GROUP', '-w, --whitelist-environment=LIST'],
      dangerous: { '-s, --shell=SHELL': 'runs another shell' },
    },
    scriptOptions: ['-c', '--command', '-C', '--session-command'],
    noCommand: ['*'],
  },
  runuser: {
    options: {
      values: [
        '-g, --group=GROUP',
        '-G, --supp-group=GROUP',
        '-u, --user=USER',
        '-w, --whitelist-environment=LIST',
      ],
      dangerous: { '-s, --shell=SHELL': 'runs another shell' },
    },
    scriptOptions: ['-c', '--command', '-C', '--session-command'],
  },
  strace: {
    options: {
      values: [
        '-e EXPR',
        '-p PID',
        '-s STRSIZE',
        '-u USERNAME',
        '-P PATH',
        '-a COLUMN',
        '-I INTERRUPTIBLE',
        '-b SYSCALL',
        '-X FORMAT',
        '-O OVERHEAD',
        '-S SORTBY',
      ],
      dangerous: {
        '-o, --output=FILE': 'writes a file',
        '-E, --env=VAR=VAL': 'sets an environment variable',
      },
    },
  },
  ltrace: {
    options: {
      values: [
        '-e FILTER',
        '-p PID',
        '-s STRSIZE',
        '-u USERNAME',
        '-a COLUMN',
        '-n NR',
        '-l LIBRARY',
        '-x FILTER',
      ],
      dangerous: {
        '-o, --output=FILE': 'writes a file',
        '-F, --config=FILE': 'reads a configuration',
      },
    },
  },
  valgrind: {
    options: {
      dangerous: { '--log-file=FILE': 'writes a file', '--xml-file=FILE': 'writes a file' },
    },
  },
  'xvfb-run': {
    options: {
      values: [
        '-n, --server-num=NUM',
        '-s, --server-args=ARGS',
        '-f, --auth-file=FILE',
        '-e, --error-file=FILE',
        '-p, --xauth-protocol=PROTO',
        '-w, --wait=DELAY',
      ],
    },
  },
  'dbus-run-session': {},
  torsocks: {},
  proxychains: { options: { values: ['-f FILE'] } },
  proxychains4: { options: { values: ['-f FILE'] } },
  sshpass: { options: { values: ['-p PASSWORD', '-f FILE', '-d FD', '-e'] } },
  faketime: { options: { values: ['-m', '-f'] }, leadingOperands: 1 },
  numactl: {
    options: {
      values: [
        '-i, --interleave=NODES',
        '-N, --cpunodebind=NODES',
        '-m, --membind=NODES',
        '-C, --physcpubind=CPUS',
        '-p, --preferred=NODE',
      ],
    },
  },
  catchsegv: {},
  rlwrap: {},
  unbuffer: {},
  chronic: {},
  ifne: {},
  setarch: { leadingOperands: 1 },
  linux32: {},
  linux64: {},
  prlimit: {},
  cgexec: { options: { values: ['-g CONTROLLERS:PATH'] } },
  firejail: {},
  'systemd-run': {},
  pkexec: { options: { values: ['--user=USER'] } },
  gosu: { leadingOperands: 1 },
  'su-exec': { leadingOperands: 1 },
  logsave: { leadingOperands: 1 },
  nsenter: {
    options: {
      values: [
        '-t, --target=PID',
        '-S, --setuid=UID',
        '-G, --setgid=GID',
        '-r, --root[=DIR]',
        '-w, --wd[=DIR]',
      ],
    },
  },
};

const compiledWrappers = new Map<string, CompiledTable>();

function wrapperTable(name: string, spec: WrapperSpec): CompiledTable {
  let table = compiledWrappers.get(name);
  if (!table) {
    const scriptOptions = (spec.scriptOptions ?? []).map((o) =>
      o.startsWith('--') ? `${o}=TEXT` : `${o} TEXT`,
    );
    table = compileTable({
      ...spec.options,
      values: [...(spec.options?.values ?? []), ...scriptOptions],
      flags: (spec.noCommand ?? []).filter(
        (o) =>
          o !== '*' && !(spec.options?.values ?? []).some((v) => v.split(/[ =,[]/).includes(o)),
      ),
      // Wrappers stop reading options at the command they run.
      optionsFirst: true,
    });
    compiledWrappers.set(name, table);
  }
  return table;
}

function analyseWrapper(name: string, spec: WrapperSpec, words: readonly Word[]): Analysis {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, wrapperTable(name, spec));
  absorb(result, scan);
  const where = `run by ${name}`;
  for (const option of scan.options) {
    if (spec.scriptOptions?.includes(option.name)) {
      addScript(
        result,
        option.value,
        option.valueIndex ?? option.index,
        `in the script of ${name} ${option.name}`,
      );
      return result;
    }
  }
  if (scan.options.some((o) => spec.noCommand?.includes(o.name)) || spec.noCommand?.includes('*')) {
    return result;
  }
  const first = scan.operands[0];
  if (first === undefined) return result;
  let start = first + (spec.leadingOperands ?? 0);
  if (spec.scriptAfterOperands) {
    const flag = valueOf(words[start]);
    if (flag !== undefined && spec.scriptOptions?.includes(flag)) {
      addScript(result, words[start + 1], start + 1, `in the script of ${name} ${flag}`);
      return result;
    }
  }
  // The leading operands themselves must be known, or the command could start anywhere.
  for (let i = first; i < start && i < words.length; i++) {
    if ((words[i] as Word).splits) {
      result.dangers.push(
        unresolvable(
          i,
          `'${(words[i] as Word).source}' hides where the command run by ${name} starts`,
        ),
      );
      return result;
    }
  }
  if (start >= words.length) return result;
  if (name === 'sudo') start = takeAssignments(words, start, result);
  result.inner.push(innerFrom(words, start, where));
  return result;
}

function innerFrom(
  words: readonly Word[],
  start: number,
  where: string,
  end = words.length,
): InnerCommand {
  const from: number[] = [];
  for (let i = start; i < end; i++) from.push(i);
  return { words: words.slice(start, end), from, where };
}

function addScript(
  result: Analysis,
  value: Word | string | undefined,
  index: number,
  where: string,
): void {
  const text = typeof value === 'string' ? value : valueOf(value);
  if (text === undefined) {
    result.dangers.push(unresolvable(index, 'runs shell text that is not known until run time'));
  } else {
    result.scripts.push({ text, where, index });
  }
}

/**
 * NAME=VALUE words before a command (env, sudo): environment variables of the command. `origin` maps
 * a position in `words` to the word of the original command it came from (env -S splits one into many).
 */
function takeAssignments(
  words: readonly Word[],
  start: number,
  result: Analysis,
  origin: (i: number) => number = (i) => i,
): number {
  let i = start;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    const known = word.literal ? word.text : word.prefix;
    const eq = known.indexOf('=');
    if (eq <= 0) break;
    result.variables.push({
      index: origin(i),
      name: known.slice(0, eq),
      exported: true,
      spell: eq + 1,
      value: valueAfter(word, eq),
    });
  }
  return i;
}

/** The part of a NAME=VALUE word after the `=`. */
function valueAfter(word: Word, eq: number): Word {
  return { ...word, text: word.text.slice(eq + 1), prefix: word.prefix.slice(eq + 1) };
}

const ENV_TABLE = compileTable({
  values: [
    '-u, --unset=NAME',
    '-C, --chdir=DIR',
    '-S, --split-string=S',
    '-a, --argv0=ARG',
    '--block-signal[=SIG]',
    '--default-signal[=SIG]',
    '--ignore-signal[=SIG]',
  ],
  dangerous: { '-P ALTPATH': 'looks the command up in another PATH' },
  safe: ['ignore-environment', 'null', 'debug', 'list-signal-handling', 'help', 'version'],
});
const ENV_FLAGS = new Set(['i', '0', 'v']);
const ENV_LONG_FLAGS = [
  'ignore-environment',
  'null',
  'debug',
  'list-signal-handling',
  'help',
  'version',
];

/**
 * Splits an `env -S` string the way env does, for the strings that need no escape processing;
 * undefined for the others (the policy does not guess).
 */
export function splitEnvString(text: string): string[] | undefined {
  if (/[\\$]/.test(text)) return undefined;
  const words: string[] = [];
  let current: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      if (current !== undefined) words.push(current);
      current = undefined;
    } else if (c === '#' && current === undefined) {
      break;
    } else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return undefined;
      current = (current ?? '') + text.slice(i + 1, end);
      i = end;
    } else {
      current = (current ?? '') + c;
    }
  }
  if (current !== undefined) words.push(current);
  return words;
}

/** env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...] */
export const analyseEnv: Analyzer = (input) => {
  const result = emptyAnalysis();
  // Words from -S replace the -S word; remember where each came from for messages and spelling.
  let words: Word[] = [...input];
  let origin: number[] = input.map((_, i) => i);
  let i = 1;
  options: while (i < words.length) {
    const word = words[i] as Word;
    if (!word.literal) break;
    const text = word.text;
    if (text === '--') {
      i++;
      break;
    }
    if (text === '-') {
      i++;
      continue;
    }
    if (!text.startsWith('-')) break;
    let split: string | undefined;
    let consumed = 1;
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq < 0 ? text.slice(2) : text.slice(2, eq);
      if (ENV_LONG_FLAGS.some((f) => f.startsWith(name)) && !resolveLong(ENV_TABLE, name)) {
        i++;
        continue;
      }
      const spec = resolveLong(ENV_TABLE, name);
      if (!spec) {
        result.dangers.push(
          unresolvable(origin[i] as number, `has an env option the policy does not know (${text})`),
        );
        return result;
      }
      let value = eq < 0 ? undefined : text.slice(eq + 1);
      if (eq < 0 && spec.arity === 'required') {
        value = valueOf(words[i + 1]);
        consumed = 2;
        if (value === undefined && spec.spelling === '--split-string') {
          result.dangers.push(
            unresolvable(origin[i] as number, 'env -S text is not known until run time'),
          );
          return result;
        }
      }
      if (spec.spelling === '--split-string') split = value;
      if (spec.spelling === '--chdir') {
        result.dangers.push(
          optionDanger(
            origin[i] as number,
            eq < 0 ? text.length : eq,
            'runs the command in another directory, with its configuration (--chdir)',
          ),
        );
      }
      if (spec.spelling === '--argv0') {
        result.dangers.push(
          optionDanger(
            origin[i] as number,
            eq < 0 ? text.length : eq,
            'runs the program under another name (--argv0)',
          ),
        );
      }
    } else {
      for (let k = 1; k < text.length; k++) {
        const c = text[k] as string;
        if (ENV_FLAGS.has(c)) continue;
        if (c === 'P') {
          result.dangers.push(
            optionDanger(origin[i] as number, k + 1, 'looks the command up in another PATH (-P)'),
          );
        }
        if (c === 'C') {
          result.dangers.push(
            optionDanger(
              origin[i] as number,
              k + 1,
              'runs the command in another directory, with its configuration (-C)',
            ),
          );
        }
        if (c === 'a') {
          result.dangers.push(
            optionDanger(origin[i] as number, k + 1, 'runs the program under another name (-a)'),
          );
        }
        if (c === 'S' || c === 'u' || c === 'C' || c === 'a' || c === 'P') {
          let value: string | undefined = text.slice(k + 1);
          if (value === '') {
            value = valueOf(words[i + 1]);
            consumed = 2;
            if (value === undefined && c === 'S') {
              result.dangers.push(
                unresolvable(origin[i] as number, 'env -S text is not known until run time'),
              );
              return result;
            }
          }
          if (c === 'S') split = value;
          break;
        }
        result.dangers.push(
          unresolvable(origin[i] as number, `has an env option the policy does not know (-${c})`),
        );
        return result;
      }
    }
    if (split !== undefined) {
      const parts = splitEnvString(split);
      if (!parts) {
        result.dangers.push(
          unresolvable(
            origin[i] as number,
            'env -S text uses escapes or variables the policy does not expand',
          ),
        );
        return result;
      }
      const at = origin[i] as number;
      const start = (words[i] as Word).start;
      words = [
        ...words.slice(0, i),
        ...parts.map((p) => literalWord(p, start)),
        ...words.slice(i + consumed),
      ];
      origin = [...origin.slice(0, i), ...parts.map(() => at), ...origin.slice(i + consumed)];
      continue options;
    }
    i += consumed;
  }
  const positions = origin;
  i = takeAssignments(words, i, result, (at) => positions[at] as number);
  if (i < words.length) {
    result.inner.push({ words: words.slice(i), from: origin.slice(i), where: 'run by env' });
  }
  return result;
};

const XARGS_TABLE = compileTable({
  values: [
    '-a, --arg-file=FILE',
    '-d, --delimiter=DELIM',
    '-E EOF',
    '-I REPLACE',
    '-L MAX-LINES',
    '-n, --max-args=MAX-ARGS',
    '-P, --max-procs=MAX-PROCS',
    '-s, --max-chars=MAX-CHARS',
    '-e[EOF], --eof[=EOF]',
    '-i[REPLACE], --replace[=REPLACE]',
    '-l[MAX-LINES], --max-lines[=MAX-LINES]',
  ],
  dangerous: { '--process-slot-var=NAME': 'sets an environment variable of the command' },
  optionsFirst: true,
});

/** xargs [OPTION]... [COMMAND [INITIAL-ARGS]...]: COMMAND gets words read from standard input. */
export const analyseXargs: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, XARGS_TABLE);
  absorb(result, scan);
  let replace: string | undefined;
  for (const option of scan.options) {
    if (option.name === '-I' || option.name === '-i' || option.name === '--replace') {
      const value = optionValue(option);
      replace = option.value === undefined || value === '' ? '{}' : value;
      if (replace === undefined) {
        result.dangers.push(
          unresolvable(option.index, 'xargs -I with a replacement string not known until run time'),
        );
        return result;
      }
    }
  }
  const start = scan.operands[0];
  const inner: Word[] =
    start === undefined ? [literalWord('echo', words[0]?.start ?? 0)] : words.slice(start);
  const from: number[] = start === undefined ? [0] : inner.map((_, k) => start + k);
  const name = valueOf(inner[0]);
  const program = name === undefined ? undefined : programName(name);
  // An interpreter given words from stdin runs the files they name, which its own analysis and
  // patterns judge (`xargs python3 -m py_compile` under `python3 *`); the rest run the words.
  if (program !== undefined && runsItsArguments(program) && roleOf(program) !== 'interpreter') {
    result.dangers.push(
      unresolvable(
        from[0] as number,
        `xargs would hand ${program} words it runs, read from standard input`,
      ),
    );
    // Refused under an allowlist; under `*` what can be seen of it still meets the deny patterns.
  }
  if (replace !== undefined) {
    const marker = replace;
    const replaced = inner.map((w) =>
      w.text.includes(marker) ? unknownFrom(w, w.text.indexOf(marker)) : w,
    );
    result.inner.push({ words: replaced, from, where: 'run by xargs' });
  } else {
    const last = inner[inner.length - 1];
    const tail = unknownWords('<words from standard input>', last?.start ?? 0);
    // The words read from standard input could be options of the program (GNU programs take
    // options among their operands): where the program reads `--` as the end of its options, the
    // print puts one after the written words. Not after a written `--`, nor after a word that may be
    // an option waiting for its value (`grep -e`), whose value the `--` would become.
    const endsOptions =
      program !== undefined &&
      ENDS_OPTIONS_WITH_DOUBLE_DASH.has(program) &&
      last !== undefined &&
      (inner.length === 1 || (last.literal && !last.text.startsWith('-'))) &&
      !inner.slice(1).some((w) => w.text === '--');
    if (endsOptions) {
      const dashes = literalWord('--', last.start);
      const index = from[from.length - 1] as number;
      result.inner.push({
        words: [...inner, dashes, tail],
        from: [...from, -1, -1],
        where: 'run by xargs',
        endsOptionsAfter: index,
      });
    } else {
      result.inner.push({ words: [...inner, tail], from: [...from, -1], where: 'run by xargs' });
    }
  }
  return result;
};

/** find's predicates with the number of words they take. */
const FIND_ARGUMENTS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    [
      '-name',
      '-iname',
      '-path',
      '-ipath',
      '-wholename',
      '-iwholename',
      '-regex',
      '-iregex',
      '-lname',
      '-ilname',
      '-type',
      '-xtype',
      '-perm',
      '-size',
      '-user',
      '-group',
      '-uid',
      '-gid',
      '-mtime',
      '-mmin',
      '-atime',
      '-amin',
      '-ctime',
      '-cmin',
      '-links',
      '-inum',
      '-samefile',
      '-newer',
      '-anewer',
      '-cnewer',
      '-maxdepth',
      '-mindepth',
      '-fstype',
      '-used',
      '-context',
      '-printf',
      '-regextype',
      '-files0-from',
      '-since',
      '-Bmin',
      '-Btime',
      '-Bnewer',
    ].map((p) => [p, 1]),
  ),
};

const FIND_DANGERS: Readonly<Record<string, { readonly args: number; readonly why: string }>> = {
  '-delete': { args: 0, why: 'deletes files' },
};

/** Actions that write the file named by the next word: writes, checked like redirections. */
const FIND_WRITES: Readonly<Record<string, number>> = {
  '-fprint': 1,
  '-fprint0': 1,
  '-fprintf': 2,
  '-fls': 1,
};

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** find [-H] [-L] [-P] [-D opts] [-Olevel] [starting-point...] [expression] */
export const analyseFind: Analyzer = (words) => {
  const result = emptyAnalysis();
  let i = 1;
  for (; i < words.length; i++) {
    const text = valueOf(words[i]);
    if (
      text === '-H' ||
      text === '-L' ||
      text === '-P' ||
      (text !== undefined && /^-O\d*$/.test(text))
    )
      continue;
    if (text === '-D') {
      i++;
      continue;
    }
    break;
  }
  // Starting points run until the first word that begins an expression.
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) {
      if (!mayBeOption(word)) continue;
      if (word.splits) {
        result.dangers.push(
          unresolvable(i, `'${word.source}' could expand to find actions such as -exec`),
        );
      } else {
        result.dangers.push(
          optionDanger(i, 0, `'${word.source}' could expand to a find action such as -delete`),
        );
      }
      continue;
    }
    if (/^[-(!),]/.test(word.text) && word.text.length >= 1) break;
  }
  while (i < words.length) {
    const word = words[i] as Word;
    if (!word.literal) {
      result.dangers.push(
        word.splits
          ? unresolvable(i, `'${word.source}' could expand to find actions such as -exec`)
          : optionDanger(i, 0, `'${word.source}' could expand to a find action such as -delete`),
      );
      i++;
      continue;
    }
    const text = word.text;
    if (FIND_EXEC.has(text)) {
      let end = i + 1;
      for (; end < words.length; end++) {
        const t = valueOf(words[end]);
        if (t === ';' || (t === '+' && valueOf(words[end - 1]) === '{}')) break;
      }
      if (end >= words.length) {
        result.dangers.push(unresolvable(i, `find ${text} has no terminating ';' or '+'`));
        return result;
      }
      const inner = words.slice(i + 1, end).map((w, k) =>
        // find puts the path in place of {} anywhere in a word: only a bare {} argument keeps a
        // known shape (a path, not an option); as the command it is a program found on disk.
        w.literal && w.text.includes('{}') && (k === 0 || w.text !== '{}')
          ? unknownFrom(w, w.text.indexOf('{}'))
          : w,
      );
      if (inner.length === 0) {
        result.dangers.push(unresolvable(i, `find ${text} has no command`));
        return result;
      }
      const from: number[] = [];
      for (let k = i + 1; k < end; k++) from.push(k);
      result.inner.push({ words: inner, from, where: `run by find ${text}` });
      i = end + 1;
      continue;
    }
    const writes = FIND_WRITES[text];
    if (writes !== undefined) {
      const target = words[i + 1];
      if (target === undefined) {
        result.dangers.push(optionDanger(i, text.length, `find ${text} has no file`));
        return result;
      }
      result.writes.push({ index: i, spell: text.length, option: `find ${text}`, target });
      i += 1 + writes;
      continue;
    }
    const danger = FIND_DANGERS[text];
    if (danger) {
      result.dangers.push(optionDanger(i, text.length, `${danger.why} (find ${text})`));
      i += 1 + danger.args;
      continue;
    }
    const args = FIND_ARGUMENTS[text] ?? (text.startsWith('-newer') ? 1 : 0);
    i += 1 + args;
  }
  return result;
};

/** fd [OPTIONS] [pattern] [path...] with -x/--exec and -X/--exec-batch running a command. */
export const analyseFd: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const text = valueOf(words[i]);
    if (text === '-x' || text === '--exec' || text === '-X' || text === '--exec-batch') {
      let end = i + 1;
      while (end < words.length && valueOf(words[end]) !== ';') end++;
      if (end === i + 1) {
        result.dangers.push(unresolvable(i, `fd ${text} has no command`));
        return result;
      }
      const inner = words
        .slice(i + 1, end)
        .map((w) =>
          w.literal && /\{[^}]*\}/.test(w.text) && !/^\{[/.]*\}$/.test(w.text)
            ? unknownFrom(w, w.text.indexOf('{'))
            : w,
        );
      const from: number[] = [];
      for (let k = i + 1; k < end; k++) from.push(k);
      result.inner.push({ words: inner, from, where: `run by fd ${text}` });
      i = end;
    }
  }
  return result;
};

/** bash [options] [-c TEXT [NAME [ARGS]] | FILE [ARGS]]: the text, a file, or standard input. */
export function analyseShell(name: string): Analyzer {
  return (words, context: AnalysisContext) => {
    const result = emptyAnalysis();
    let command = false;
    let fromStdin = false;
    let i = 1;
    for (; i < words.length; i++) {
      const word = words[i] as Word;
      if (!word.literal) {
        if (mayBeOption(word) || word.text.startsWith('+')) {
          result.dangers.push(unresolvable(i, `'${word.source}' could change how ${name} is run`));
          return result;
        }
        break;
      }
      const text = word.text;
      if (text === '--' || text === '-') {
        i++;
        break;
      }
      if (text.startsWith('--')) {
        if (/^--(rcfile|init-file)(=|$)/.test(text)) {
          result.dangers.push(
            optionDanger(
              i,
              text.indexOf('=') < 0 ? text.length : text.indexOf('='),
              `runs the startup file it names (${text.split('=')[0]})`,
            ),
          );
          if (!text.includes('=')) i++;
        }
        continue;
      }
      if (!text.startsWith('-') && !text.startsWith('+')) break;
      for (let k = 1; k < text.length; k++) {
        const c = text[k];
        if (c === 'c') command = true;
        else if (c === 's') fromStdin = true;
        else if (c === 'o' || c === 'O') {
          if (k === text.length - 1) i++;
          break;
        }
      }
    }
    if (command) {
      addScript(result, words[i], i, `in the script of ${name} -c`);
      return result;
    }
    const operand = words[i];
    if (operand && !fromStdin) {
      const path = operand.literal ? operand.text : undefined;
      if (path === undefined ? operand.source.startsWith('<(') : /^\/(dev|proc)\//.test(path)) {
        result.dangers.push(
          unresolvable(i, `${name} runs a script that is not known until run time`),
        );
      }
      return result;
    }
    addStdinScript(result, name, context);
    return result;
  };
}

/** A shell (or `source /dev/stdin`) reading its commands from standard input. */
export function addStdinScript(result: Analysis, name: string, context: AnalysisContext): void {
  const stdin = context.stdin;
  if (stdin.kind === 'text') {
    if (stdin.literal) {
      result.scripts.push({
        text: stdin.text,
        where: `in the text fed to ${name}`,
        index: undefined,
        stdin: { kind: 'inherited' },
      });
    } else {
      result.dangers.push(
        unresolvable(
          0,
          `${name} reads commands from a heredoc whose text is not known until run time`,
        ),
      );
    }
  } else if (stdin.kind === 'pipe') {
    result.dangers.push(unresolvable(0, `${name} reads commands from a pipe`));
  }
}

/** eval ARGS: the words joined by spaces are shell text. */
export const analyseEval: Analyzer = (words) => {
  const result = emptyAnalysis();
  const args = words.slice(valueOf(words[1]) === '--' ? 2 : 1);
  if (args.length === 0) return result;
  if (args.some((w) => !w.literal)) {
    const bad = args.findIndex((w) => !w.literal);
    result.dangers.push(
      unresolvable(
        words.indexOf(args[bad] as Word),
        'eval runs text that is not known until run time',
      ),
    );
    return result;
  }
  result.scripts.push({
    text: args.map((w) => w.text).join(' '),
    where: 'in the text run by eval',
    index: args.length === 1 ? words.length - 1 : undefined,
  });
  return result;
};

/** source FILE / . FILE: runs a file in this shell, so its effect on the directory is unknown. */
export function analyseSource(name: string): Analyzer {
  return (words, context) => {
    const result: Analysis = { ...emptyAnalysis(), changesDirectory: { target: undefined } };
    let i = 1;
    if (valueOf(words[i]) === '--') i++;
    const file = words[i];
    if (!file) return result;
    const path = valueOf(file);
    if (path === '/dev/stdin' || path === '/proc/self/fd/0' || path === '/dev/fd/0') {
      addStdinScript(result, name, context);
    } else if (
      path === undefined
        ? file.source.startsWith('<(') || file.splits
        : /^\/(dev|proc)\//.test(path)
    ) {
      result.dangers.push(unresolvable(i, `${name} runs a file that is not known until run time`));
    }
    return result;
  };
}

/** trap [-lp] [[ACTION] SIGNAL...]: ACTION is shell text run later. */
export const analyseTrap: Analyzer = (words) => {
  const result = emptyAnalysis();
  let i = 1;
  const first = valueOf(words[i]);
  if (first === '-l' || first === '-p' || first === '-lp' || first === '-pl') return result;
  if (first === '--') i++;
  if (words.length - i < 2) return result;
  const action = words[i] as Word;
  if (!action.literal) {
    result.dangers.push(unresolvable(i, 'trap runs text that is not known until run time'));
    return result;
  }
  if (action.text === '-' || action.text === '') return result;
  result.scripts.push({
    text: action.text,
    where: 'in a trap',
    index: i,
    deferred: true,
    betweenCalls: true,
  });
  return result;
};

/** watch [options] COMMAND: the words joined by spaces go to `sh -c` unless -x is given. */
const WATCH_TABLE = compileTable({
  values: [
    '-n, --interval=SECONDS',
    '-q, --equexit=CYCLES',
    '-d[PERMANENT], --differences[=PERMANENT]',
  ],
  optionsFirst: true,
});

export const analyseWatch: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, WATCH_TABLE);
  const start = scan.operands[0];
  if (start === undefined) return result;
  const direct = scan.options.some((o) => o.name === '-x' || o.name === '--exec');
  if (direct) {
    result.inner.push(innerFrom(words, start, 'run by watch'));
    return result;
  }
  const args = words.slice(start);
  if (args.some((w) => !w.literal)) {
    result.dangers.push(unresolvable(start, 'watch runs text that is not known until run time'));
    return result;
  }
  result.scripts.push({
    text: args.map((w) => w.text).join(' '),
    where: 'in the text run by watch',
    index: args.length === 1 ? start : undefined,
  });
  return result;
};

const SCRIPT_TABLE = compileTable({
  values: [
    '-E, --echo=WHEN',
    '-m, --logging-format=FORMAT',
    '-o, --output-limit=SIZE',
    '-c, --command=COMMAND',
  ],
  dangerous: {
    '-I, --log-in=FILE': 'writes a file',
    '-O, --log-out=FILE': 'writes a file',
    '-B, --log-io=FILE': 'writes a file',
    '-T, --log-timing=FILE': 'writes a file',
    '-t[FILE], --timing[=FILE]': 'writes a file',
  },
});

/** script [options] [FILE]: -c runs shell text; FILE (the typescript) is written. */
export const analyseScript: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, SCRIPT_TABLE);
  absorb(result, scan);
  for (const option of scan.options) {
    if (option.name === '-c' || option.name === '--command') {
      addScript(
        result,
        option.value,
        option.valueIndex ?? option.index,
        'in the script of script -c',
      );
    }
  }
  const file = scan.operands[0];
  if (file !== undefined && valueOf(words[file]) !== '/dev/null') {
    result.dangers.push(
      optionDanger(file, (words[file] as Word).text.length, 'writes the session to a file'),
    );
  } else if (
    file === undefined &&
    !scan.options.some((o) => o.name === '-c' || o.name === '--command')
  ) {
    result.dangers.push(optionDanger(0, 0, 'writes the session to the file typescript'));
  }
  return result;
};

/** busybox APPLET [ARGS]: the applet is the command. */
export const analyseBusybox: Analyzer = (words) => {
  const result = emptyAnalysis();
  const applet = valueOf(words[1]);
  if (applet === '--install') {
    result.dangers.push(optionDanger(1, applet.length, 'installs applet links'));
    return result;
  }
  if (applet !== undefined && applet.startsWith('-')) return result;
  if (words.length > 1) result.inner.push(innerFrom(words, 1, 'run by busybox'));
  return result;
};

/**
 * A wrapper of the registry: laid out as WRAPPERS says, or, when it has no layout there, with the
 * command as the first word not starting with `-`.
 */
export function analyseGenericWrapper(name: string): Analyzer {
  const spec = WRAPPERS[name] ?? {};
  return (words) => analyseWrapper(name, spec, words);
}

/** The wrappers with a layout of their own (the registry must list each as a wrapper). */
export const WRAPPER_LAYOUTS: readonly string[] = Object.keys(WRAPPERS);
