import {
  codeDanger,
  emptyAnalysis,
  optionDanger,
  unresolvable,
  type Analysis,
  type Analyzer,
} from './analysis.js';
import { addScript, innerFrom, quoted, takeAssignments } from './common.js';
import { absorb, compileTable, optionValue, resolveLong, scanOptions } from './options.js';
import type { ProgramFamily } from './spec.js';
import { literalWord, unknownFrom, unknownWords, valueOf, type Word } from '../read/words.js';

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
const analyseEnv: Analyzer = (input) => {
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
const analyseXargs: Analyzer = (words, { programs }) => {
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
  const program = name === undefined ? undefined : programs.nameOf(name);
  const role = program === undefined ? undefined : (programs.specOf(program)?.role ?? 'plain');
  // An interpreter given words from stdin runs the files they name, which its own analysis and
  // patterns judge (`xargs python3 -m py_compile` under `python3 *`); the rest run the words.
  if (program !== undefined && role !== 'plain' && role !== 'interpreter') {
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
      programs.specOf(program)?.endsOptionsWithDoubleDash === true &&
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

/** watch [options] COMMAND: the words joined by spaces go to `sh -c` unless -x is given. */
const WATCH_TABLE = compileTable({
  values: [
    '-n, --interval=SECONDS',
    '-q, --equexit=CYCLES',
    '-d[PERMANENT], --differences[=PERMANENT]',
  ],
  optionsFirst: true,
});

const analyseWatch: Analyzer = (words) => {
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
const analyseScript: Analyzer = (words) => {
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
const analyseBusybox: Analyzer = (words) => {
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

export const analyseStringRunner: Analyzer = (words, { programs }) => {
  const result = emptyAnalysis();
  result.dangers.push(
    codeDanger(
      0,
      0,
      `${programs.nameOf(words[0]?.text ?? '')} runs command strings through a shell in ways the policy cannot check`,
    ),
  );
  return result;
};

/** At most this many texts per command are read for the deny patterns. */
const MAX_RUNNER_TEXTS = 64;

/**
 * The shell text a string runner may run, for the deny patterns under `*` (under an allowlist the
 * runner is refused whatever it runs). Which words are the runner's own options is not modelled, so
 * every run of words from a plain one to `end` is read as the command, once with each
 * argument (`parallel -j 4 rm ::: a` gives `4 rm 'a'` and `rm 'a'`); `{}` stands for the argument.
 */
function addRunnerTexts(
  result: Analysis,
  words: readonly Word[],
  from: number,
  end: number,
  args: readonly string[],
  where: string,
): void {
  const texts: string[] = [];
  for (let k = from; k < end; k++) {
    const first = words[k] as Word;
    // An option, or a word that is only an argument's place (`{}`): not a command name.
    if (!first.literal || first.text.startsWith('-') || first.text.startsWith('{')) continue;
    const command = words
      .slice(k, end)
      .map((w) => (w.literal ? w.text : w.source))
      .join(' ');
    if (args.length === 0) texts.push(command);
    for (const arg of args)
      texts.push(command.includes('{}') ? command.replaceAll('{}', arg) : `${command} ${arg}`);
  }
  for (const text of texts.slice(0, MAX_RUNNER_TEXTS))
    result.scripts.push({ text, where, index: undefined });
}

const PARALLEL_SEPARATOR = /^::::?\+?$/;

/** GNU parallel: the command before `:::`, run through a shell with each argument after it. */
const analyseParallel: Analyzer = (words, context) => {
  const result = analyseStringRunner(words, context);
  const separator = (w: Word): boolean => w.literal && PARALLEL_SEPARATOR.test(w.text);
  const first = words.findIndex((w, i) => i > 0 && separator(w));
  const end = first < 0 ? words.length : first;
  const args: string[] = [];
  let fromFiles = false;
  for (const word of words.slice(end)) {
    if (separator(word)) fromFiles = word.text.startsWith('::::');
    else if (!fromFiles) args.push(word.literal ? quoted(word.text) : word.source);
  }
  addRunnerTexts(result, words, 1, end, args, 'in the command run by parallel');
  return result;
};

/** tmux commands whose operands are a shell command. */
const TMUX_SHELL_COMMANDS = new Set([
  'new-session',
  'new',
  'new-window',
  'neww',
  'split-window',
  'splitw',
  'respawn-pane',
  'respawnp',
  'respawn-window',
  'respawnw',
  'run-shell',
  'run',
  'display-popup',
  'popup',
  'pipe-pane',
  'pipep',
]);

/** tmux: `-c TEXT`, and the shell command of each command above in a `;`-separated sequence. */
const analyseTmux: Analyzer = (words, context) => {
  const result = analyseStringRunner(words, context);
  let i = 1;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal || !word.text.startsWith('-')) break;
    if (word.text === '-c')
      addRunnerTexts(result, words, i + 1, i + 2, [], 'in the command run by tmux -c');
    if (/^-[LSfcT]$/.test(word.text)) i++;
  }
  while (i < words.length) {
    let end = words.findIndex((w, k) => k > i && w.literal && w.text === ';');
    if (end < 0) end = words.length;
    const name = words[i] as Word;
    if (name.literal && TMUX_SHELL_COMMANDS.has(name.text))
      addRunnerTexts(result, words, i + 1, end, [], `in the command run by tmux ${name.text}`);
    i = end + 1;
  }
  return result;
};

/** Programs that run commands in their own ways, each read by its analyser. */
export const RUNNERS: ProgramFamily = {
  env: {
    role: 'runner',
    analyse: analyseEnv,
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
    analyse: analyseXargs,
    examples: {
      patterns: ['xargs *', 'grep *', 'find *'],
      allow: ["find . -name '*.ts' | xargs grep -n x"],
      refuse: [
        ['find . | xargs rm', 'no-matching-pattern'],
        ['find . | xargs sh -c x', 'unresolvable'],
      ],
    },
  },
  watch: {
    role: 'runner',
    analyse: analyseWatch,
    examples: {
      patterns: ['watch *', 'ls *'],
      allow: ['watch -n 5 ls -la', 'watch -x ls'],
      refuse: [
        ['watch rm x', 'no-matching-pattern'],
        ['watch -x rm x', 'no-matching-pattern'],
      ],
    },
  },
  script: {
    role: 'runner',
    analyse: analyseScript,
    examples: {
      patterns: ['script *', 'ls *'],
      allow: ['script -q -c ls /dev/null'],
      refuse: [
        ['script out.log', 'dangerous-option'],
        ['script -q -c "rm x" /dev/null', 'no-matching-pattern'],
      ],
    },
  },
  busybox: {
    role: 'runner',
    analyse: analyseBusybox,
    examples: {
      patterns: ['busybox *', 'ls *'],
      allow: ['busybox ls -la'],
      refuse: [
        ['busybox rm x', 'no-matching-pattern'],
        ['busybox --install', 'dangerous-option'],
      ],
    },
  },
  parallel: {
    role: 'string-runner',
    analyse: analyseParallel,
    examples: {
      patterns: ['parallel *'],
      allow: [],
      refuse: [['parallel echo x', 'inline-code']],
    },
  },
  sem: {
    role: 'string-runner',
    examples: { patterns: ['sem *'], allow: [], refuse: [['sem echo x', 'inline-code']] },
  },
  xe: {
    role: 'string-runner',
    examples: { patterns: ['xe *'], allow: [], refuse: [['xe echo x', 'inline-code']] },
  },
  rush: {
    role: 'string-runner',
    examples: { patterns: ['rush *'], allow: [], refuse: [['rush echo x', 'inline-code']] },
  },
  hyperfine: {
    role: 'string-runner',
    examples: {
      patterns: ['hyperfine *'],
      allow: [],
      refuse: [['hyperfine echo x', 'inline-code']],
    },
  },
  tmux: {
    role: 'string-runner',
    analyse: analyseTmux,
    examples: { patterns: ['tmux *'], allow: [], refuse: [['tmux echo x', 'inline-code']] },
  },
  screen: {
    role: 'string-runner',
    examples: { patterns: ['screen *'], allow: [], refuse: [['screen echo x', 'inline-code']] },
  },
  at: {
    role: 'string-runner',
    examples: { patterns: ['at *'], allow: [], refuse: [['at echo x', 'inline-code']] },
  },
  batch: {
    role: 'string-runner',
    examples: { patterns: ['batch *'], allow: [], refuse: [['batch echo x', 'inline-code']] },
  },
  entr: {
    role: 'string-runner',
    examples: { patterns: ['entr *'], allow: [], refuse: [['entr echo x', 'inline-code']] },
  },
  byobu: {
    role: 'string-runner',
    examples: { patterns: ['byobu *'], allow: [], refuse: [['byobu echo x', 'inline-code']] },
  },
};
