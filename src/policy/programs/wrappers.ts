import { emptyAnalysis, unresolvable, type Analysis, type Analyzer } from './analysis.js';
import { addScript, innerFrom, takeAssignments } from './common.js';
import { absorb, compileTable, scanOptions, type CompiledTable } from './options.js';
import type { ProgramFamily, WrapperLayout } from './spec.js';
import { valueOf, type Word } from '../read/words.js';

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
  nohup: {
    role: 'wrapper',
    examples: {
      patterns: ['nohup *', 'ls *'],
      allow: ['nohup ls -la'],
      refuse: [['nohup rm x', 'no-matching-pattern']],
    },
  },
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
    examples: {
      patterns: ['stdbuf *', 'ls *'],
      allow: ['stdbuf -oL ls -la'],
      refuse: [['stdbuf -oL rm x', 'no-matching-pattern']],
    },
  },
  setsid: {
    role: 'wrapper',
    examples: {
      patterns: ['setsid *', 'ls *'],
      allow: ['setsid ls -la'],
      refuse: [['setsid rm x', 'no-matching-pattern']],
    },
  },
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
    examples: {
      patterns: ['ionice *', 'ls *'],
      allow: ['ionice -c 3 ls -la'],
      refuse: [['ionice -c 3 rm x', 'no-matching-pattern']],
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
    examples: {
      patterns: ['chrt *', 'ls *'],
      allow: ['chrt 10 ls -la'],
      refuse: [['chrt 10 rm x', 'no-matching-pattern']],
    },
  },
  taskset: {
    role: 'wrapper',
    wrapper: { leadingOperands: 1, noCommand: ['-p', '--pid'] },
    examples: {
      patterns: ['taskset *', 'ls *'],
      allow: ['taskset 0x1 ls -la'],
      refuse: [['taskset 0x1 rm x', 'no-matching-pattern']],
    },
  },
  flock: {
    role: 'wrapper',
    wrapper: {
      options: { values: ['-w, --timeout=SECONDS', '-E, --conflict-exit-code=NUMBER'] },
      leadingOperands: 1,
      scriptOptions: ['-c', '--command'],
      scriptAfterOperands: true,
    },
    examples: {
      patterns: ['flock *', 'ls *'],
      allow: ['flock /tmp/lock ls -la', "flock /tmp/lock -c 'ls -la'"],
      refuse: [
        ['flock /tmp/lock rm x', 'no-matching-pattern'],
        ["flock /tmp/lock -c 'rm x'", 'no-matching-pattern'],
      ],
    },
  },
  chroot: {
    role: 'wrapper',
    wrapper: {
      options: { values: ['--userspec=USER:GROUP', '--groups=GROUPS'] },
      leadingOperands: 1,
    },
    examples: {
      patterns: ['chroot *', 'ls *'],
      allow: ['chroot /srv ls -la'],
      refuse: [['chroot /srv rm x', 'no-matching-pattern']],
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
    examples: {
      patterns: ['unshare *', 'ls *'],
      allow: ['unshare ls -la'],
      refuse: [['unshare rm x', 'no-matching-pattern']],
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
    examples: {
      patterns: ['sudo *', 'ls *'],
      allow: ['sudo -u bob ls -la', 'sudo LANG=C ls'],
      refuse: [
        ['sudo rm x', 'no-matching-pattern'],
        ['sudo -s', 'inline-code'],
        ['sudo PATH=/tmp ls', 'risky-variable'],
      ],
    },
  },
  doas: {
    role: 'wrapper',
    wrapper: {
      options: { values: ['-u USER', '-C CONFIG'], dangerous: { '-s': 'runs a shell' } },
      noCommand: ['-C', '-L'],
    },
    examples: {
      patterns: ['doas *', 'ls *'],
      allow: ['doas -u bob ls -la'],
      refuse: [['doas -u bob rm x', 'no-matching-pattern']],
    },
  },
  command: {
    role: 'wrapper',
    wrapper: { noCommand: ['-v', '-V'] },
    examples: {
      patterns: ['command *', 'ls *'],
      allow: ['command ls -la', 'command -v rm'],
      refuse: [['command rm x', 'no-matching-pattern']],
    },
  },
  builtin: {
    role: 'wrapper',
    examples: {
      patterns: ['builtin *', 'ls *'],
      allow: ['builtin ls -la'],
      refuse: [['builtin rm x', 'no-matching-pattern']],
    },
  },
  exec: {
    role: 'wrapper',
    wrapper: { options: { values: ['-a NAME'] } },
    examples: {
      patterns: ['exec *', 'ls *'],
      allow: ['exec ls -la'],
      refuse: [['exec rm x', 'no-matching-pattern']],
    },
  },
  time: {
    role: 'wrapper',
    wrapper: {
      options: {
        values: ['-f, --format=FORMAT'],
        dangerous: { '-o, --output=FILE': 'writes a file' },
      },
    },
    transparent: true,
    examples: {
      patterns: ['time *', 'ls *'],
      allow: ['time ls -la', 'time -p ls'],
      refuse: [['time rm x', 'no-matching-pattern']],
    },
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
    examples: {
      patterns: ['su *', 'ls *'],
      allow: ["su -c 'ls -la' bob"],
      refuse: [
        ["su -c 'rm x' bob", 'no-matching-pattern'],
        ['su -s /bin/zsh bob', 'inline-code'],
      ],
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
    examples: {
      patterns: ['runuser *', 'ls *'],
      allow: ['runuser -u bob ls -la'],
      refuse: [['runuser -u bob rm x', 'no-matching-pattern']],
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
    examples: {
      patterns: ['strace *', 'ls *'],
      allow: ['strace -f ls -la'],
      refuse: [
        ['strace -f rm x', 'no-matching-pattern'],
        ['strace -o trace.log ls', 'dangerous-option'],
      ],
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
    examples: {
      patterns: ['ltrace *', 'ls *'],
      allow: ['ltrace -f ls -la'],
      refuse: [['ltrace -f rm x', 'no-matching-pattern']],
    },
  },
  valgrind: {
    role: 'wrapper',
    wrapper: {
      options: {
        dangerous: { '--log-file=FILE': 'writes a file', '--xml-file=FILE': 'writes a file' },
      },
    },
    examples: {
      patterns: ['valgrind *', 'ls *'],
      allow: ['valgrind -q ls -la'],
      refuse: [
        ['valgrind -q rm x', 'no-matching-pattern'],
        ['valgrind --log-file=v.log ls', 'dangerous-option'],
      ],
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
    examples: {
      patterns: ['xvfb-run *', 'ls *'],
      allow: ['xvfb-run -a ls -la'],
      refuse: [['xvfb-run -a rm x', 'no-matching-pattern']],
    },
  },
  'dbus-run-session': {
    role: 'wrapper',
    examples: {
      patterns: ['dbus-run-session *', 'ls *'],
      allow: ['dbus-run-session ls -la'],
      refuse: [['dbus-run-session rm x', 'no-matching-pattern']],
    },
  },
  torsocks: {
    role: 'wrapper',
    examples: {
      patterns: ['torsocks *', 'ls *'],
      allow: ['torsocks ls -la'],
      refuse: [['torsocks rm x', 'no-matching-pattern']],
    },
  },
  proxychains: {
    role: 'wrapper',
    wrapper: { options: { values: ['-f FILE'] } },
    examples: {
      patterns: ['proxychains *', 'ls *'],
      allow: ['proxychains -f p.conf ls -la'],
      refuse: [['proxychains -f p.conf rm x', 'no-matching-pattern']],
    },
  },
  proxychains4: {
    role: 'wrapper',
    wrapper: { options: { values: ['-f FILE'] } },
    examples: {
      patterns: ['proxychains4 *', 'ls *'],
      allow: ['proxychains4 -q ls -la'],
      refuse: [['proxychains4 -q rm x', 'no-matching-pattern']],
    },
  },
  sshpass: {
    role: 'wrapper',
    wrapper: { options: { values: ['-p PASSWORD', '-f FILE', '-d FD', '-e'] } },
    examples: {
      patterns: ['sshpass *', 'ls *'],
      allow: ['sshpass -e ls -la'],
      refuse: [['sshpass -e rm x', 'no-matching-pattern']],
    },
  },
  faketime: {
    role: 'wrapper',
    wrapper: { options: { values: ['-m', '-f'] }, leadingOperands: 1 },
    examples: {
      patterns: ['faketime *', 'ls *'],
      allow: ["faketime '2020-01-01' ls -la"],
      refuse: [["faketime '2020-01-01' rm x", 'no-matching-pattern']],
    },
  },
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
    examples: {
      patterns: ['numactl *', 'ls *'],
      allow: ['numactl -N 0 ls -la'],
      refuse: [['numactl -N 0 rm x', 'no-matching-pattern']],
    },
  },
  catchsegv: {
    role: 'wrapper',
    examples: {
      patterns: ['catchsegv *', 'ls *'],
      allow: ['catchsegv ls -la'],
      refuse: [['catchsegv rm x', 'no-matching-pattern']],
    },
  },
  rlwrap: {
    role: 'wrapper',
    examples: {
      patterns: ['rlwrap *', 'ls *'],
      allow: ['rlwrap ls -la'],
      refuse: [['rlwrap rm x', 'no-matching-pattern']],
    },
  },
  unbuffer: {
    role: 'wrapper',
    examples: {
      patterns: ['unbuffer *', 'ls *'],
      allow: ['unbuffer ls -la'],
      refuse: [['unbuffer rm x', 'no-matching-pattern']],
    },
  },
  chronic: {
    role: 'wrapper',
    examples: {
      patterns: ['chronic *', 'ls *'],
      allow: ['chronic ls -la'],
      refuse: [['chronic rm x', 'no-matching-pattern']],
    },
  },
  ifne: {
    role: 'wrapper',
    examples: {
      patterns: ['ifne *', 'ls *'],
      allow: ['ifne ls -la'],
      refuse: [['ifne rm x', 'no-matching-pattern']],
    },
  },
  setarch: {
    role: 'wrapper',
    wrapper: { leadingOperands: 1 },
    examples: {
      patterns: ['setarch *', 'ls *'],
      allow: ['setarch x86_64 ls -la'],
      refuse: [['setarch x86_64 rm x', 'no-matching-pattern']],
    },
  },
  linux32: {
    role: 'wrapper',
    examples: {
      patterns: ['linux32 *', 'ls *'],
      allow: ['linux32 ls -la'],
      refuse: [['linux32 rm x', 'no-matching-pattern']],
    },
  },
  linux64: {
    role: 'wrapper',
    examples: {
      patterns: ['linux64 *', 'ls *'],
      allow: ['linux64 ls -la'],
      refuse: [['linux64 rm x', 'no-matching-pattern']],
    },
  },
  prlimit: {
    role: 'wrapper',
    examples: {
      patterns: ['prlimit *', 'ls *'],
      allow: ['prlimit ls -la'],
      refuse: [['prlimit rm x', 'no-matching-pattern']],
    },
  },
  cgexec: {
    role: 'wrapper',
    wrapper: { options: { values: ['-g CONTROLLERS:PATH'] } },
    examples: {
      patterns: ['cgexec *', 'ls *'],
      allow: ['cgexec -g cpu:batch ls -la'],
      refuse: [['cgexec -g cpu:batch rm x', 'no-matching-pattern']],
    },
  },
  firejail: {
    role: 'wrapper',
    examples: {
      patterns: ['firejail *', 'ls *'],
      allow: ['firejail ls -la'],
      refuse: [['firejail rm x', 'no-matching-pattern']],
    },
  },
  'systemd-run': {
    role: 'wrapper',
    examples: {
      patterns: ['systemd-run *', 'ls *'],
      allow: ['systemd-run ls -la'],
      refuse: [['systemd-run rm x', 'no-matching-pattern']],
    },
  },
  pkexec: {
    role: 'wrapper',
    wrapper: { options: { values: ['--user=USER'] } },
    examples: {
      patterns: ['pkexec *', 'ls *'],
      allow: ['pkexec ls -la'],
      refuse: [['pkexec rm x', 'no-matching-pattern']],
    },
  },
  gosu: {
    role: 'wrapper',
    wrapper: { leadingOperands: 1 },
    examples: {
      patterns: ['gosu *', 'ls *'],
      allow: ['gosu bob ls -la'],
      refuse: [['gosu bob rm x', 'no-matching-pattern']],
    },
  },
  'su-exec': {
    role: 'wrapper',
    wrapper: { leadingOperands: 1 },
    examples: {
      patterns: ['su-exec *', 'ls *'],
      allow: ['su-exec bob ls -la'],
      refuse: [['su-exec bob rm x', 'no-matching-pattern']],
    },
  },
  logsave: {
    role: 'wrapper',
    wrapper: { leadingOperands: 1 },
    examples: {
      patterns: ['logsave *', 'ls *'],
      allow: ['logsave /dev/null ls -la'],
      refuse: [['logsave /dev/null rm x', 'no-matching-pattern']],
    },
  },
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
    examples: {
      patterns: ['nsenter *', 'ls *'],
      allow: ['nsenter -t 1 ls -la'],
      refuse: [['nsenter -t 1 rm x', 'no-matching-pattern']],
    },
  },
};
