import { emptyAnalysis, unresolvable, type Analysis, type Analyzer } from './analysis.js';
import { addScript, innerFrom, takeAssignments } from './common.js';
import { absorb, compileTable, scanOptions, type CompiledTable } from './options.js';
import type { ProgramFamily, WrapperLayout } from './spec.js';
import { valueOf, type Word } from '../words.js';

const compiledWrappers = new Map<string, CompiledTable>();

function wrapperTable(name: string, spec: WrapperLayout): CompiledTable {
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

function wrapperAnalysis(name: string, spec: WrapperLayout, words: readonly Word[]): Analysis {
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
  if (spec.assignments) start = takeAssignments(words, start, result);
  result.inner.push(innerFrom(words, start, where));
  return result;
}

/**
 * The analyser of a wrapper: laid out as its spec says, or, when it has no layout, with the command
 * as the first word not starting with `-`.
 */
export function analyseWrapper(name: string, layout: WrapperLayout = {}): Analyzer {
  return (words) => wrapperAnalysis(name, layout, words);
}

/** Programs that run the command after their own options, which is checked on its own. */
export const WRAPPERS: ProgramFamily = {
  nice: {
    role: 'wrapper',
    wrapper: { options: { values: ['-n, --adjustment=N'] } },
    examples: {
      patterns: ['nice *', 'ls *'],
      allow: ['nice -n 5 ls -la'],
      refuse: [['nice rm x', 'no-matching-pattern']],
    },
  },
  nohup: { role: 'wrapper' },
  timeout: {
    role: 'wrapper',
    wrapper: {
      options: { values: ['-s, --signal=SIGNAL', '-k, --kill-after=DURATION'] },
      leadingOperands: 1,
    },
    examples: {
      patterns: ['timeout *', 'npm test'],
      allow: ['timeout 60 npm test'],
      refuse: [['timeout -s KILL 5 curl x', 'no-matching-pattern']],
    },
  },
  stdbuf: {
    role: 'wrapper',
    wrapper: { options: { values: ['-i, --input=MODE', '-o, --output=MODE', '-e, --error=MODE'] } },
  },
  setsid: { role: 'wrapper' },
  ionice: {
    role: 'wrapper',
    wrapper: {
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
  },
  chrt: {
    role: 'wrapper',
    wrapper: {
      options: {
        values: ['-T, --sched-runtime=NS', '-P, --sched-period=NS', '-D, --sched-deadline=NS'],
      },
      leadingOperands: 1,
      noCommand: ['-p', '--pid', '-m', '--max'],
    },
  },
  taskset: { role: 'wrapper', wrapper: { leadingOperands: 1, noCommand: ['-p', '--pid'] } },
  flock: {
    role: 'wrapper',
    wrapper: {
      options: { values: ['-w, --timeout=SECONDS', '-E, --conflict-exit-code=NUMBER'] },
      leadingOperands: 1,
      scriptOptions: ['-c', '--command'],
      scriptAfterOperands: true,
    },
  },
  chroot: {
    role: 'wrapper',
    wrapper: {
      options: { values: ['--userspec=USER:GROUP', '--groups=GROUPS'] },
      leadingOperands: 1,
    },
  },
  unshare: {
    role: 'wrapper',
    wrapper: {
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
  },
  sudo: {
    role: 'wrapper',
    wrapper: {
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
      assignments: true,
    },
  },
  doas: {
    role: 'wrapper',
    wrapper: {
      options: { values: ['-u USER', '-C CONFIG'], dangerous: { '-s': 'runs a shell' } },
      noCommand: ['-C', '-L'],
    },
  },
  command: { role: 'wrapper', wrapper: { noCommand: ['-v', '-V'] } },
  builtin: { role: 'wrapper' },
  exec: { role: 'wrapper', wrapper: { options: { values: ['-a NAME'] } } },
  time: {
    role: 'wrapper',
    wrapper: {
      options: {
        values: ['-f, --format=FORMAT'],
        dangerous: { '-o, --output=FILE': 'writes a file' },
      },
    },
    transparent: true,
  },
  su: {
    role: 'wrapper',
    wrapper: {
      options: {
        values: ['-g, --group=GROUP', '-G, --supp-group=GROUP', '-w, --whitelist-environment=LIST'],
        dangerous: { '-s, --shell=SHELL': 'runs another shell' },
      },
      scriptOptions: ['-c', '--command', '-C', '--session-command'],
      noCommand: ['*'],
    },
  },
  runuser: {
    role: 'wrapper',
    wrapper: {
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
  },
  strace: {
    role: 'wrapper',
    wrapper: {
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
  },
  ltrace: {
    role: 'wrapper',
    wrapper: {
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
  },
  valgrind: {
    role: 'wrapper',
    wrapper: {
      options: {
        dangerous: { '--log-file=FILE': 'writes a file', '--xml-file=FILE': 'writes a file' },
      },
    },
  },
  'xvfb-run': {
    role: 'wrapper',
    wrapper: {
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
  },
  'dbus-run-session': { role: 'wrapper' },
  torsocks: { role: 'wrapper' },
  proxychains: { role: 'wrapper', wrapper: { options: { values: ['-f FILE'] } } },
  proxychains4: { role: 'wrapper', wrapper: { options: { values: ['-f FILE'] } } },
  sshpass: {
    role: 'wrapper',
    wrapper: { options: { values: ['-p PASSWORD', '-f FILE', '-d FD', '-e'] } },
  },
  faketime: { role: 'wrapper', wrapper: { options: { values: ['-m', '-f'] }, leadingOperands: 1 } },
  numactl: {
    role: 'wrapper',
    wrapper: {
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
  },
  catchsegv: { role: 'wrapper' },
  rlwrap: { role: 'wrapper' },
  unbuffer: { role: 'wrapper' },
  chronic: { role: 'wrapper' },
  ifne: { role: 'wrapper' },
  setarch: { role: 'wrapper', wrapper: { leadingOperands: 1 } },
  linux32: { role: 'wrapper' },
  linux64: { role: 'wrapper' },
  prlimit: { role: 'wrapper' },
  cgexec: { role: 'wrapper', wrapper: { options: { values: ['-g CONTROLLERS:PATH'] } } },
  firejail: { role: 'wrapper' },
  'systemd-run': { role: 'wrapper' },
  pkexec: { role: 'wrapper', wrapper: { options: { values: ['--user=USER'] } } },
  gosu: { role: 'wrapper', wrapper: { leadingOperands: 1 } },
  'su-exec': { role: 'wrapper', wrapper: { leadingOperands: 1 } },
  logsave: { role: 'wrapper', wrapper: { leadingOperands: 1 } },
  nsenter: {
    role: 'wrapper',
    wrapper: {
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
  },
};
