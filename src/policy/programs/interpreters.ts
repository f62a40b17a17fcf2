import { codeDanger, emptyAnalysis, unresolvable, type Analyzer } from './analysis.js';
import { addInPlaceWrites, addStdinCode } from './common.js';
import { absorb, compiled, scanOptions, type OptionTable } from './options.js';
import { CODE, RUNS, type ProgramFamily } from './spec.js';
import { valueOf, type Word } from '../read/words.js';

// Their code options run code the policy cannot check.

const PYTHON_OPTIONS: OptionTable = {
  values: ['-W ARG', '-X OPT', '--check-hash-based-pycs=MODE'],
  dangerous: { '-c CMD': CODE },
  terminal: ['-c', '-m'],
  optionsFirst: true,
};

const NODE_OPTIONS: OptionTable = {
  values: [
    '-C, --conditions=CONDITION',
    '--input-type=TYPE',
    '--title=TITLE',
    '--stack-size=SIZE',
    '--max-old-space-size=SIZE',
    '--test-name-pattern=PATTERN',
    '--test-reporter=REPORTER',
  ],
  dangerous: {
    '-e, --eval=SCRIPT': CODE,
    '-p, --print=SCRIPT': CODE,
    '-r, --require=MODULE': 'preloads a module',
    '--import=MODULE': 'preloads a module',
    '--loader=MODULE, --experimental-loader=MODULE': 'loads a module loader',
    '--env-file=FILE, --env-file-if-exists=FILE': 'sets environment variables from a file',
    '--run=SCRIPT': 'runs a package.json script',
    '--inspect[=PORT], --inspect-brk[=PORT], --inspect-wait[=PORT]': 'opens a debugger port',
  },
  optionsFirst: true,
};

const PERL_OPTIONS: OptionTable = {
  values: [
    '-I DIR',
    '-F PATTERN',
    '-0[DIGITS]',
    '-l[OCTNUM]',
    '-C[NUMBER]',
    '-D[FLAGS]',
    '-x[DIR]',
    '-i[EXTENSION]',
  ],
  dangerous: {
    '-e PROGRAM': CODE,
    '-E PROGRAM': CODE,
    '-M MODULE': 'loads a module with arguments that can run code',
    '-m MODULE': 'loads a module with arguments that can run code',
    '-d[MODULE]': 'starts a debugger',
  },
  optionsFirst: true,
};

const RUBY_OPTIONS: OptionTable = {
  values: [
    '-I DIR',
    '-F PATTERN',
    '-C DIR',
    '-E ENCODING',
    '-0[OCTAL]',
    '-W[LEVEL]',
    '-x[DIR]',
    '-K KCODE',
    '-i[EXTENSION]',
  ],
  dangerous: {
    '-e SCRIPT': CODE,
    '-r LIBRARY': 'loads a library',
  },
  optionsFirst: true,
};

const PHP_OPTIONS: OptionTable = {
  values: ['-t DOCROOT', '-z FILE'],
  dangerous: {
    '-r CODE': CODE,
    '-B CODE': CODE,
    '-R CODE': CODE,
    '-E CODE': CODE,
    '-F FILE': RUNS,
    '-d KEY=VALUE': 'sets a php.ini directive, which can load code',
    '-c PATH': 'reads another php.ini',
    '-S ADDRESS': 'starts a web server',
    '-a': 'reads code from standard input',
  },
  optionsFirst: true,
};

const LUA_OPTIONS: OptionTable = {
  values: ['-l MODULE'],
  dangerous: { '-e STAT': CODE },
  optionsFirst: true,
};

const RSCRIPT_OPTIONS: OptionTable = {
  values: ['--default-packages=LIST'],
  dangerous: { '-e EXPRESSION': CODE },
  optionsFirst: true,
};

const R_OPTIONS: OptionTable = {
  values: ['--file=FILE', '-f FILE'],
  dangerous: { '-e EXPRESSION': CODE },
};

const JULIA_OPTIONS: OptionTable = {
  values: ['-J, --sysimage=FILE', '-t, --threads=N', '-p, --procs=N', '--project[=DIR]'],
  dangerous: { '-e, --eval=EXPR': CODE, '-E, --print=EXPR': CODE, '-L, --load=FILE': RUNS },
  optionsFirst: true,
};

const DENO_OPTIONS: OptionTable = {
  values: ['--config=FILE', '--import-map=FILE'],
  dangerous: {
    '--eval-file=FILE': RUNS,
    '--env-file[=FILE]': 'sets environment variables from a file',
  },
};

const BUN_OPTIONS: OptionTable = {
  values: ['--cwd=DIR', '--config=FILE'],
  dangerous: {
    '-e, --eval=SCRIPT': CODE,
    '-p, --print=SCRIPT': CODE,
    '-r, --preload=MODULE': 'preloads a module',
    '--env-file=FILE': 'sets environment variables from a file',
  },
};

const EXPECT_OPTIONS: OptionTable = {
  values: ['-D VALUE'],
  dangerous: { '-c COMMANDS': CODE },
};

const OSASCRIPT_OPTIONS: OptionTable = {
  values: ['-l LANGUAGE', '-s FLAGS'],
  dangerous: { '-e STATEMENT': CODE },
};

const JRUNSCRIPT_OPTIONS: OptionTable = {
  dangerous: { '-e SCRIPT': CODE },
};

/** The analyser of an interpreter: code options are table dangers; with no script they read code from stdin. */
export function analyseInterpreter(name: string, options: OptionTable | undefined): Analyzer {
  return (words, context) => {
    const result = emptyAnalysis();
    if (!options) return result;
    const t = compiled(options);
    const scan = scanOptions(words, 1, t);
    absorb(result, scan);
    const inPlace = scan.options.find((o) => o.name === '-i');
    if (inPlace) {
      // With -e the operands are all files; without, the first one is the script.
      const inline = scan.options.some((o) => o.name === '-e' || o.name === '-E');
      addInPlaceWrites(result, words, inPlace, scan.operands.slice(inline ? 0 : 1));
    }
    if (scan.terminalAt !== undefined || scan.dangers.length > 0) return result;
    if (name === 'deno' && valueOf(words[1]) === 'eval') {
      result.dangers.push(codeDanger(1, 4, 'runs code given on the command line (deno eval)'));
      return result;
    }
    const script = scan.operands[0];
    if (script !== undefined && valueOf(words[script]) !== '-') {
      const word = words[script] as Word;
      if (!word.literal && word.source.startsWith('<(')) {
        result.dangers.push(unresolvable(script, `${name} runs code produced by a command`));
      }
      return result;
    }
    if (['deno', 'bun', 'R', 'osascript', 'jrunscript', 'expect'].includes(name)) return result;
    addStdinCode(result, name, context);
    return result;
  };
}

/** Interpreters of other languages than the shell. */
export const INTERPRETERS: ProgramFamily = {
  python: {
    role: 'interpreter',
    aliases: ['python2', 'python3', 'pypy', 'pypy3'],
    options: PYTHON_OPTIONS,
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
    aliases: ['nodejs'],
    options: NODE_OPTIONS,
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
    aliases: ['perl5'],
    options: PERL_OPTIONS,
    examples: {
      patterns: ['perl *', '> src/**'],
      allow: ["perl -e 'print 1'", "perl -pi -e 's/a/b/' src/a.ts"],
      refuse: [
        ["perl -pi -e 's/a/b/' a.ts", 'write-not-allowed'],
        ["perl -pi -e 's/a/b/' src/../.git/config", 'write-into-git'],
      ],
    },
  },
  ruby: {
    role: 'interpreter',
    options: RUBY_OPTIONS,
    examples: {
      patterns: ['ruby -w *'],
      allow: ['ruby -w scripts/x.rb'],
      refuse: [
        ["ruby -w -e 'puts 1'", 'inline-code'],
        ['ruby x.rb', 'no-matching-pattern'],
      ],
    },
  },
  php: {
    role: 'interpreter',
    options: PHP_OPTIONS,
    examples: {
      patterns: ['php -n *'],
      allow: ['php -n scripts/x.php'],
      refuse: [["php -n -r 'echo 1;'", 'inline-code']],
    },
  },
  lua: {
    role: 'interpreter',
    options: LUA_OPTIONS,
    examples: {
      patterns: ['lua -W *'],
      allow: ['lua -W scripts/x.lua'],
      refuse: [["lua -W -e 'print(1)'", 'inline-code']],
    },
  },
  luajit: {
    role: 'interpreter',
    examples: {
      patterns: ['luajit scripts/*'],
      allow: ['luajit scripts/x.lua'],
      refuse: [['luajit other.lua', 'no-matching-pattern']],
    },
  },
  Rscript: {
    role: 'interpreter',
    options: RSCRIPT_OPTIONS,
    examples: {
      patterns: ['Rscript --vanilla *'],
      allow: ['Rscript --vanilla scripts/x.R'],
      refuse: [["Rscript --vanilla -e 'print(1)'", 'inline-code']],
    },
  },
  R: {
    role: 'interpreter',
    options: R_OPTIONS,
    examples: {
      patterns: ['R --vanilla *'],
      allow: ['R --vanilla --file=x.R'],
      refuse: [["R --vanilla -e 'print(1)'", 'inline-code']],
    },
  },
  julia: {
    role: 'interpreter',
    options: JULIA_OPTIONS,
    examples: {
      patterns: ['julia --color=no *'],
      allow: ['julia --color=no scripts/x.jl'],
      refuse: [["julia --color=no -e 'println(1)'", 'inline-code']],
    },
  },
  deno: {
    role: 'interpreter',
    options: DENO_OPTIONS,
    examples: {
      patterns: ['deno run --allow-read *'],
      allow: ['deno run --allow-read scripts/x.ts'],
      refuse: [['deno run --allow-read --env-file=.env x.ts', 'dangerous-option']],
    },
  },
  bun: {
    role: 'interpreter',
    aliases: ['bunx'],
    options: BUN_OPTIONS,
    examples: {
      patterns: ['bun test *'],
      allow: ['bun test src'],
      refuse: [["bun test -e 'console.log(1)'", 'inline-code']],
    },
  },
  tclsh: {
    role: 'interpreter',
    examples: {
      patterns: ['tclsh scripts/*'],
      allow: ['tclsh scripts/x.tcl'],
      refuse: [['tclsh other.tcl', 'no-matching-pattern']],
    },
  },
  wish: {
    role: 'interpreter',
    examples: {
      patterns: ['wish scripts/*'],
      allow: ['wish scripts/x.tcl'],
      refuse: [['wish other.tcl', 'no-matching-pattern']],
    },
  },
  expect: {
    role: 'interpreter',
    options: EXPECT_OPTIONS,
    examples: {
      patterns: ['expect -d *'],
      allow: ['expect -d scripts/x.exp'],
      refuse: [["expect -d -c 'spawn ls'", 'inline-code']],
    },
  },
  osascript: {
    role: 'interpreter',
    options: OSASCRIPT_OPTIONS,
    examples: {
      patterns: ['osascript -s *'],
      allow: ['osascript -s o scripts/x.scpt'],
      refuse: [["osascript -s o -e 'beep'", 'inline-code']],
    },
  },
  jrunscript: {
    role: 'interpreter',
    options: JRUNSCRIPT_OPTIONS,
    examples: {
      patterns: ['jrunscript -q *'],
      allow: ['jrunscript -q x.js'],
      refuse: [["jrunscript -q -e 'print(1)'", 'inline-code']],
    },
  },
};
