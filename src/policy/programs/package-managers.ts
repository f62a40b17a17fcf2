import { optionDanger, type Analyzer } from './analysis.js';
import { tableAnalysis } from './common.js';
import { compiled, scanOptions, type OptionTable } from './options.js';
import { RUNS, WRITES, type ProgramFamily } from './spec.js';
import { valueOf, type Word } from '../read/words.js';

const MAKE_OPTIONS: OptionTable = {
  values: [
    '-C, --directory=DIR',
    '-I, --include-dir=DIR',
    '-j[N], --jobs[=N]',
    '-l[N], --load-average[=N]',
    '-o, --old-file=FILE, --assume-old=FILE',
    '-W, --what-if=FILE, --new-file=FILE, --assume-new=FILE',
    '-O[TYPE], --output-sync[=TYPE]',
    '--debug[=FLAGS]',
  ],
  dangerous: {
    '-E, --eval=STRING': 'runs make code given on the command line',
    '-f, --file=FILE, --makefile=FILE': {
      why: 'runs a makefile read from standard input or a device',
      when: (value) => value === undefined || value === '-' || /^\/(dev|proc)\//.test(value),
      code: true,
    },
    '-t, --touch': 'creates or touches target files',
  },
};

const NPM_OPTIONS: OptionTable = {
  values: [
    '-w, --workspace=NAME',
    '--registry=URL',
    '--loglevel=LEVEL',
    '--tag=TAG',
    '--omit=TYPE',
    '--include=TYPE',
  ],
  dangerous: {
    '--script-shell=SHELL': 'runs package scripts with another shell',
    '--node-options=OPTIONS': 'passes options to node',
    '--userconfig=FILE': 'reads another npm configuration',
    '--globalconfig=FILE': 'reads another npm configuration',
    '-C, --prefix=DIR': 'runs the scripts of another package',
    '--init-module=FILE': RUNS,
    '--onload-script=FILE': RUNS,
    '--shell=SHELL': RUNS,
    '--editor=EDITOR': RUNS,
    '--browser=BROWSER': RUNS,
    '--git=GIT': RUNS,
    '-c, --call=COMMAND': RUNS,
  },
};

const NPX_OPTIONS: OptionTable = {
  values: ['-p, --package=PACKAGE', '-w, --workspace=NAME', '--registry=URL'],
  dangerous: {
    '-c, --call=COMMAND': RUNS,
    '--shell=SHELL': RUNS,
    '--script-shell=SHELL': RUNS,
    '--node-options=OPTIONS': 'passes options to node',
    '--userconfig=FILE': 'reads another npm configuration',
    '--prefix=DIR': 'runs the scripts of another package',
  },
  optionsFirst: true,
};

const CARGO_OPTIONS: OptionTable = {
  values: [
    '-p, --package=SPEC',
    '--bin=NAME',
    '--example=NAME',
    '--test=NAME',
    '--bench=NAME',
    '--features=FEATURES',
    '-F FEATURES',
    '--target=TRIPLE',
    '--target-dir=DIR',
    '--manifest-path=PATH',
    '-j, --jobs=N',
    '--profile=NAME',
    '--color=WHEN',
    '-Z FLAG',
  ],
  dangerous: { '--config=KEY=VALUE': 'sets cargo configuration, which can name programs to run' },
};

const GO_OPTIONS: OptionTable = {
  singleDashLong: true,
  values: [
    '-C DIR',
    '-o FILE',
    '-p N',
    '-tags TAGS',
    '-run REGEXP',
    '-count N',
    '-timeout D',
    '-ldflags FLAGS',
    '-gcflags FLAGS',
    '-mod MODE',
  ],
  dangerous: { '-toolexec CMD': RUNS, '-exec CMD': RUNS },
};

const ESLINT_OPTIONS: OptionTable = {
  values: [
    '--ext=EXTENSIONS',
    '--ignore-path=FILE',
    '--ignore-pattern=PATTERN',
    '--max-warnings=N',
    '--env=ENV',
    '--global=VARIABLES',
    '--parser=PARSER',
    '--parser-options=OPTIONS',
    '--rule=RULE',
    '--cache-strategy=STRATEGY',
  ],
  dangerous: {
    '-c, --config=FILE': 'loads a configuration, which runs code',
    '--rulesdir=DIR': 'loads rules, which run code',
    '--plugin=PLUGIN': 'loads a plugin, which runs code',
    '--resolve-plugins-relative-to=DIR': 'loads plugins from elsewhere',
    '-f, --format=FORMAT': 'can load a formatter, which runs code',
    '-o, --output-file=FILE': WRITES,
    '--fix': 'rewrites files',
    '--cache-location=PATH': WRITES,
  },
};

const PRETTIER_OPTIONS: OptionTable = {
  values: [
    '--ignore-path=PATH',
    '--parser=PARSER',
    '--print-width=N',
    '--tab-width=N',
    '--trailing-comma=MODE',
    '--arrow-parens=MODE',
    '--end-of-line=EOL',
    '--log-level=LEVEL',
  ],
  dangerous: {
    '-w, --write': 'rewrites files',
    '--plugin=PLUGIN': 'loads a plugin, which runs code',
    '--config=FILE': 'loads a configuration, which can run code',
    '--cache-location=PATH': WRITES,
  },
};

const APT_GET_OPTIONS: OptionTable = {
  values: ['-t, --target-release=RELEASE'],
  dangerous: {
    '-o, --option=OPTION': 'sets configuration, which can run programs',
    '-c, --config-file=FILE': 'reads a configuration that can run programs',
  },
};

const APT_OPTIONS: OptionTable = {
  values: ['-t, --target-release=RELEASE'],
  dangerous: {
    '-o, --option=OPTION': 'sets configuration, which can run programs',
    '-c, --config-file=FILE': 'reads a configuration that can run programs',
  },
};

const RPM_OPTIONS: OptionTable = {
  values: ['-q', '--root=DIR', '--dbpath=DIR', '--qf=FORMAT', '--queryformat=FORMAT'],
  dangerous: {
    '-E, --eval=EXPR': 'evaluates a macro, which can run programs',
    '--pipe=COMMAND': RUNS,
    '-D, --define=MACRO': 'defines a macro, which can run programs',
    '--macros=FILE': 'loads macros',
  },
};

/** make NAME=VALUE overrides a variable of the makefile, which can change the commands it runs. */
const analyseMake: Analyzer = (words) => {
  const result = tableAnalysis(MAKE_OPTIONS, words);
  const scan = scanOptions(words, 1, compiled(MAKE_OPTIONS));
  for (const i of scan.operands) {
    const word = words[i] as Word;
    const known = word.literal ? word.text : word.prefix;
    if (/^[^=\s]+=/.test(known)) {
      result.dangers.push(
        optionDanger(
          i,
          known.indexOf('=') + 1,
          'overrides a make variable, which can change the commands make runs',
        ),
      );
    }
  }
  return result;
};

const analyseNpm: Analyzer = (words) => {
  const result = tableAnalysis(NPM_OPTIONS, words);
  const scan = scanOptions(words, 1, compiled(NPM_OPTIONS));
  const sub = scan.operands[0];
  if (sub !== undefined && valueOf(words[sub]) === 'explore') {
    result.dangers.push(
      optionDanger(sub, 'explore'.length, 'runs a shell command in a package (npm explore)'),
    );
  }
  return result;
};

/** Package managers, build tools and the tools they run. */
export const PACKAGE_MANAGERS: ProgramFamily = {
  make: {
    role: 'runner',
    options: MAKE_OPTIONS,
    analyse: analyseMake,
    examples: {
      patterns: ['make *'],
      allow: ['make test', 'make -C sub -j4 build'],
      refuse: [
        ['make CC=evil', 'dangerous-option'],
        ['make -f /dev/stdin', 'inline-code'],
      ],
    },
  },
  gmake: {
    role: 'runner',
    options: MAKE_OPTIONS,
    analyse: analyseMake,
    examples: {
      patterns: ['gmake *'],
      allow: ['gmake test'],
      refuse: [['gmake CC=evil', 'dangerous-option']],
    },
  },
  npm: {
    options: NPM_OPTIONS,
    analyse: analyseNpm,
    examples: {
      patterns: ['npm *'],
      allow: ['npm test', 'npm run build'],
      refuse: [
        ['npm explore pkg -- ls', 'dangerous-option'],
        ['npm --script-shell=./sh test', 'inline-code'],
      ],
    },
  },
  npx: {
    role: 'runner',
    options: NPX_OPTIONS,
    examples: {
      patterns: ['npx *'],
      allow: ['npx tsc --noEmit', 'npx -p typescript tsc'],
      refuse: [["npx -c 'rm x'", 'no-matching-pattern']],
    },
  },
  cargo: {
    options: CARGO_OPTIONS,
    examples: {
      patterns: ['cargo *'],
      allow: ['cargo test', 'cargo build -p core'],
      refuse: [['cargo --config \'target.x.runner="sh"\' run', 'dangerous-option']],
    },
  },
  go: {
    options: GO_OPTIONS,
    examples: {
      patterns: ['go *'],
      allow: ['go test ./...', 'go build -o out/app .'],
      refuse: [['go test -exec ./evil ./...', 'no-matching-pattern']],
    },
  },
  eslint: {
    options: ESLINT_OPTIONS,
    examples: {
      patterns: ['eslint *'],
      allow: ['eslint src'],
      refuse: [['eslint --rulesdir rules src', 'dangerous-option']],
    },
  },
  prettier: {
    options: PRETTIER_OPTIONS,
    examples: {
      patterns: ['prettier *'],
      allow: ['prettier --check src'],
      refuse: [['prettier --write src', 'dangerous-option']],
    },
  },
  'apt-get': {
    options: APT_GET_OPTIONS,
    examples: {
      patterns: ['apt-get *'],
      allow: ['apt-get install -y jq'],
      refuse: [['apt-get -o APT::Update::Pre-Invoke::=ls update', 'dangerous-option']],
    },
  },
  apt: {
    options: APT_OPTIONS,
    examples: {
      patterns: ['apt *'],
      allow: ['apt list --installed'],
      refuse: [['apt -c cfg update', 'dangerous-option']],
    },
  },
  rpm: {
    options: RPM_OPTIONS,
    examples: {
      patterns: ['rpm *'],
      allow: ['rpm -qa', "rpm -q --qf '%{NAME}' bash"],
      refuse: [["rpm -E '%(ls)'", 'dangerous-option']],
    },
  },
};
