import { optionDanger, type Analyzer } from './analysis.js';
import { tableAnalysis } from './common.js';
import type { OptionTable } from './options.js';
import { CODE, RUNS, WRITES, type ProgramFamily } from './spec.js';

const VIM_OPTIONS: OptionTable = {
  values: [
    '-T TERMINAL',
    '-i VIMINFO',
    '-t TAG',
    '-q ERRORFILE',
    '-r FILE',
    '-o[N]',
    '-O[N]',
    '-p[N]',
  ],
  dangerous: {
    '-c COMMAND': 'runs an editor command, which can run programs',
    '--cmd=COMMAND': 'runs an editor command, which can run programs',
    '-S FILE': 'sources an editor script',
    '-s SCRIPTIN': 'reads editor commands from a file',
    '-u VIMRC': 'reads another vimrc',
    '-U GVIMRC': 'reads another gvimrc',
    '-w SCRIPTOUT': WRITES,
    '-W SCRIPTOUT': WRITES,
    '-e': 'reads editor commands from standard input',
    '-E': 'reads editor commands from standard input',
    '-x': 'encrypts files',
  },
};

const EMACS_OPTIONS: OptionTable = {
  values: ['--chdir=DIR', '-d, --display=DISPLAY', '--insert=FILE'],
  dangerous: {
    '--eval=EXPR, --execute=EXPR': CODE,
    '-l, --load=FILE': RUNS,
    '-f, --funcall=FUNCTION': 'calls a function',
    '--batch': 'runs non-interactively, usually to run code',
    '--script=FILE': RUNS,
    '-x': RUNS,
  },
};

const ED_OPTIONS: OptionTable = {
  values: ['-p STRING'],
};

const CRONTAB_OPTIONS: OptionTable = {
  values: ['-u USER'],
  dangerous: { '-e': 'edits the crontab', '-r': 'removes the crontab' },
};

const LESS_OPTIONS: OptionTable = {
  values: [
    '-b N',
    '-h N',
    '-j N',
    '-p PATTERN',
    '-P PROMPT',
    '-t TAG',
    '-T TAGSFILE',
    '-x N',
    '-y N',
    '-z N',
    '-# N',
  ],
  dangerous: {
    '-o, --log-file=FILE': WRITES,
    '-O, --LOG-FILE=FILE': WRITES,
    '-k, --lesskey-file=FILE': 'reads key bindings that can run commands',
    '--lesskey-src=FILE': 'reads key bindings that can run commands',
    '--lesskey-content=TEXT': 'sets key bindings that can run commands',
  },
};

const MAN_OPTIONS: OptionTable = {
  values: [
    '-M, --manpath=PATH',
    '-S, -s, --sections=LIST',
    '-m, --systems=SYSTEM',
    '-L, --locale=LOCALE',
    '-E, --encoding=ENCODING',
    '-R, --recode=ENCODING',
    '-T[DEVICE], --troff-device[=DEVICE]',
  ],
  dangerous: {
    '-P, --pager=PAGER': RUNS,
    '-H[BROWSER], --html[=BROWSER]': RUNS,
    '-C, --config-file=FILE': 'reads a configuration that names programs',
    '-p, --preprocessor=STRING': RUNS,
  },
};

const BAT_OPTIONS: OptionTable = {
  values: [
    '-l, --language=LANG',
    '-H, --highlight-line=N',
    '--tabs=T',
    '--wrap=MODE',
    '--terminal-width=W',
    '--theme=THEME',
    '-r, --line-range=RANGE',
    '--style=STYLE',
    '--color=WHEN',
    '-m, --map-syntax=MAP',
  ],
  dangerous: { '--pager=COMMAND': RUNS },
};

const GDB_OPTIONS: OptionTable = {
  singleDashLong: true,
  values: [
    '-p, --pid=PID',
    '-d, --directory=DIR',
    '-cd=DIR',
    '-s, --symbols=FILE',
    '-c, --core=FILE',
    '-e, --exec=FILE',
  ],
  dangerous: {
    '-ex, --eval-command=COMMAND': RUNS,
    '-iex, --init-eval-command=COMMAND': RUNS,
    '-x, --command=FILE': RUNS,
    '-ix, --init-command=FILE': RUNS,
    '--batch': RUNS,
  },
};

/** ed and ex read editing commands, which include `!command`, from standard input. */
function analyseLineEditor(name: string, options: OptionTable): Analyzer {
  return (words, context) => {
    const result = tableAnalysis(options, words);
    if (context.stdin.kind === 'text' || context.stdin.kind === 'pipe') {
      result.dangers.push(
        optionDanger(
          0,
          0,
          `${name} reads editing commands from standard input, which can run programs`,
        ),
      );
    }
    return result;
  };
}

/** vim, and ex (one of its names), which reads editing commands like ed. */
const analyseVim: Analyzer = (words, context) =>
  words[0]?.text.endsWith('ex')
    ? analyseLineEditor('vim', VIM_OPTIONS)(words, context)
    : tableAnalysis(VIM_OPTIONS, words);

/** Editors, pagers and debuggers: each can run commands of its own. */
export const EDITORS: ProgramFamily = {
  vim: {
    role: 'runner',
    aliases: ['vi', 'nvim', 'view', 'vimdiff', 'rvim', 'gvim', 'ex'],
    options: VIM_OPTIONS,
    analyse: analyseVim,
    examples: {
      patterns: ['vim *', 'ex *'],
      allow: ['vim -R a.txt', 'ex -R a.txt'],
      refuse: [
        ["vim -c '!rm x' a.txt", 'inline-code'],
        ["ex a.txt <<'EOF'\n!rm x\nEOF", 'dangerous-option'],
      ],
    },
  },
  emacs: {
    options: EMACS_OPTIONS,
    examples: {
      patterns: ['emacs *'],
      allow: ['emacs -nw a.txt'],
      refuse: [
        ['emacs --eval \'(shell-command "ls")\'', 'inline-code'],
        ['emacs --batch a.txt', 'inline-code'],
      ],
    },
  },
  ed: {
    role: 'runner',
    options: ED_OPTIONS,
    analyse: analyseLineEditor('ed', ED_OPTIONS),
    examples: {
      patterns: ['ed *'],
      allow: ['ed -s a.txt'],
      refuse: [["ed a.txt <<'EOF'\n!rm x\nEOF", 'dangerous-option']],
    },
  },
  red: {
    role: 'runner',
    options: ED_OPTIONS,
    analyse: analyseLineEditor('ed', ED_OPTIONS),
    examples: {
      patterns: ['red *'],
      allow: ['red -s a.txt'],
      refuse: [["red a.txt <<'EOF'\n!rm x\nEOF", 'dangerous-option']],
    },
  },
  crontab: {
    options: CRONTAB_OPTIONS,
    examples: {
      patterns: ['crontab *'],
      allow: ['crontab -l'],
      refuse: [['crontab -r', 'dangerous-option']],
    },
  },
  less: {
    options: LESS_OPTIONS,
    examples: {
      patterns: ['less *'],
      allow: ['less -N a.txt'],
      refuse: [
        ['less -o log.txt a.txt', 'write-not-allowed'],
        ['less -k keys a.txt', 'dangerous-option'],
      ],
    },
  },
  man: {
    options: MAN_OPTIONS,
    examples: {
      patterns: ['man *', 'less *'],
      allow: ['man 1 ls'],
      refuse: [
        ['man -P less ls', 'dangerous-option'],
        ['man -H ls', 'inline-code'],
      ],
    },
  },
  bat: {
    options: BAT_OPTIONS,
    examples: {
      patterns: ['bat *', 'less *'],
      allow: ['bat -n a.txt'],
      refuse: [['bat --pager=less a.txt', 'dangerous-option']],
    },
  },
  gdb: {
    options: GDB_OPTIONS,
    examples: {
      patterns: ['gdb *'],
      allow: ['gdb -p 1'],
      refuse: [
        ["gdb -ex 'shell ls' ./a.out", 'no-matching-pattern'],
        ['gdb -batch -p 1', 'inline-code'],
      ],
    },
  },
};
