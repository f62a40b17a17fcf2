import type { OptionTable } from './options.js';

/*
 * Options of common programs that write files or run programs. An allow pattern that spells such an
 * option out (`sort -o *`) allows it; a `*` does not. Each table lists, man-page style, the options
 * that take a value (so the value is not read as an option) and the dangerous ones with what they
 * do. To cover a new program, add a table here; programs without a table are matched by their
 * patterns alone.
 */

/** The value names a file written: checked against the write patterns like a redirection. */
const WRITES = { why: 'writes a file', effect: 'writes' } as const;
/** The value names a program run: checked like a command of its own. */
const RUNS = { why: 'runs a program', code: true, effect: 'runs-program' } as const;
/** The value is shell text run by a shell: checked like a script. */
const RUNS_SHELL = { why: 'runs a shell command', code: true, effect: 'runs-shell' } as const;
const WRITES_INTO = 'writes files into a directory';
const CODE = { why: 'runs code given on the command line', code: true } as const;

/** ssh -o keys whose values are commands, files or libraries. */
const SSH_RISKY_KEYS =
  /^\s*(proxycommand|localcommand|permitlocalcommand|knownhostscommand|pkcs11provider|securitykeyprovider|include|match|controlpath|controlmaster|userknownhostsfile|identityagent|xauthlocation|remotecommand|proxyusefdpass|sessiontype|stdinnull)\b/i;

const sshLike = {
  '-o OPTION': {
    why: 'sets an ssh option that can run a program or write a file',
    when: (value: string | undefined) => value === undefined || SSH_RISKY_KEYS.test(value),
  },
  '-F CONFIGFILE': 'reads an ssh configuration that can run programs',
} as const;

/** `compgen` and `complete` share their options: both can name a command or function to run. */
const COMPLETION_BUILTIN: OptionTable = {
  values: [
    '-A ACTION',
    '-G GLOBPAT',
    '-W WORDLIST',
    '-P PREFIX',
    '-S SUFFIX',
    '-X FILTERPAT',
    '-o OPTION',
  ],
  dangerous: { '-C COMMAND': RUNS, '-F FUNCTION': 'runs a shell function' },
};

export const OPTION_TABLES: Readonly<Record<string, OptionTable>> = {
  sort: {
    values: [
      '-k, --key=KEYDEF',
      '-t, --field-separator=SEP',
      '-S, --buffer-size=SIZE',
      '-T, --temporary-directory=DIR',
      '--parallel=N',
      '--batch-size=NMERGE',
      '--files0-from=F',
      '--random-source=FILE',
      '--sort=WORD',
    ],
    dangerous: {
      '-o, --output=FILE': WRITES,
      '--compress-program=PROG': RUNS,
    },
  },
  shuf: {
    values: ['-n, --head-count=COUNT', '-i, --input-range=LO-HI', '--random-source=FILE'],
    dangerous: { '-o, --output=FILE': WRITES },
  },
  iconv: {
    values: ['-f, --from-code=NAME', '-t, --to-code=NAME'],
    dangerous: { '-o, --output=FILE': WRITES },
  },
  tree: {
    values: [
      '-L LEVEL',
      '-P PATTERN',
      '-I PATTERN',
      '--filelimit=N',
      '--timefmt=FMT',
      '-H BASEHREF',
      '-T TITLE',
      '--charset=CHARSET',
      '--sort=TYPE',
      '--gitfile=FILE',
      '--fromfile=FILE',
    ],
    dangerous: { '-o FILE': WRITES },
  },
  file: {
    values: [
      '-e, --exclude=TEST',
      '-f, --files-from=FILE',
      '-F, --separator=SEP',
      '-m, --magic-file=LIST',
      '-P, --parameter=NAME=VALUE',
    ],
    dangerous: { '-C, --compile': 'writes a compiled magic file' },
  },
  yq: {
    values: [
      '-o, --output-format=FORMAT',
      '-p, --input-format=FORMAT',
      '-I, --indent=N',
      '--expression=EXPR',
      '--from-file=FILE',
    ],
    dangerous: { '-i, --inplace': 'rewrites the input file' },
  },
  sed: {
    // -i rewrites the files it reads: a write of each, checked against the write patterns.
    values: ['-e, --expression=SCRIPT', '-l, --line-length=N', '-i[SUFFIX], --in-place[=SUFFIX]'],
    dangerous: {
      '-f, --file=SCRIPTFILE':
        'runs a sed script from a file, which can run programs and write files',
    },
  },
  awk: {
    // awk reads options only before the program text.
    optionsFirst: true,
    values: ['-F, --field-separator=FS', '-v, --assign=VAR=VAL', '-e, --source=PROGRAM'],
    dangerous: {
      '-W OPTION': {
        why: 'sets an implementation option (mawk -W exec runs a program file)',
        when: (value) =>
          value === undefined ||
          !/^(sandbox|version|v|usage|help|posix|traditional|compat|lint|dump|interactive|i)$/.test(
            value,
          ),
      },
      '-f, --file=PROGFILE':
        'runs an awk program from a file, which can run programs and write files',
      '-i, --include=FILE': 'loads awk source from a file',
      '-l, --load=LIB': 'loads a shared library',
      '-E, --exec=FILE': 'runs an awk program from a file',
      '-o[FILE], --pretty-print[=FILE]': WRITES,
      '-d[FILE], --dump-variables[=FILE]': WRITES,
      '-p[FILE], --profile[=FILE]': WRITES,
      '-D[FILE], --debug[=FILE]': 'starts the awk debugger',
    },
  },
  grep: {},
  rg: {
    values: [
      '-e, --regexp=PATTERN',
      '-f, --file=PATTERNFILE',
      '-g, --glob=GLOB',
      '--iglob=GLOB',
      '-t, --type=TYPE',
      '-T, --type-not=TYPE',
      '-m, --max-count=NUM',
      '-A, --after-context=NUM',
      '-B, --before-context=NUM',
      '-C, --context=NUM',
      '-d, --max-depth=NUM',
      '-j, --threads=NUM',
      '-M, --max-columns=NUM',
      '-r, --replace=REPLACEMENT',
      '--type-add=TYPESPEC',
      '--ignore-file=PATH',
      '--pre-glob=GLOB',
      '-E, --encoding=ENCODING',
      '--color=WHEN',
      '--colors=SPEC',
      '--sort=SORTBY',
      '--sortr=SORTBY',
    ],
    dangerous: {
      '--pre=COMMAND': RUNS,
      '--hostname-bin=COMMAND': RUNS,
    },
  },
  ag: {
    values: [
      '-A, --after=NUM',
      '-B, --before=NUM',
      '-C, --context=NUM',
      '-G, --file-search-regex=PATTERN',
      '-g PATTERN',
      '--ignore=PATTERN',
      '-m, --max-count=NUM',
      '--depth=NUM',
      '-p, --path-to-ignore=FILE',
    ],
    dangerous: { '--pager=COMMAND': RUNS },
  },
  bat: {
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
  },
  less: {
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
  },
  man: {
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
  },
  curl: {
    values: [
      '-d, --data=DATA',
      '--data-raw=DATA',
      '--data-binary=DATA',
      '--data-urlencode=DATA',
      '-H, --header=HEADER',
      '-X, --request=METHOD',
      '-u, --user=USER',
      '-A, --user-agent=NAME',
      '-e, --referer=URL',
      '-m, --max-time=SECONDS',
      '--connect-timeout=SECONDS',
      '-x, --proxy=PROXY',
      '-F, --form=DATA',
      '-b, --cookie=DATA',
      '--retry=NUM',
      '-T, --upload-file=FILE',
      '-r, --range=RANGE',
    ],
    dangerous: {
      '-w, --write-out=FORMAT': {
        why: 'writes a file (%output{…})',
        when: (value) => value === undefined || value.includes('%output{'),
      },
      '-o, --output=FILE': WRITES,
      '-O, --remote-name': WRITES,
      '--remote-name-all': WRITES,
      '--output-dir=DIR': WRITES_INTO,
      '-D, --dump-header=FILE': WRITES,
      '-c, --cookie-jar=FILE': WRITES,
      '--trace=FILE': WRITES,
      '--trace-ascii=FILE': WRITES,
      '--libcurl=FILE': WRITES,
      '--stderr=FILE': WRITES,
      '--etag-save=FILE': WRITES,
      '--hsts=FILE': WRITES,
      '--alt-svc=FILE': WRITES,
      '-K, --config=FILE': 'reads options from a file',
    },
  },
  wget: {
    values: [
      '-t, --tries=N',
      '-T, --timeout=SECONDS',
      '-U, --user-agent=AGENT',
      '--header=HEADER',
      '-i, --input-file=FILE',
      '--user=USER',
      '--password=PASS',
      '-l, --level=DEPTH',
      '-A, --accept=LIST',
      '-R, --reject=LIST',
    ],
    dangerous: {
      '-O, --output-document=FILE': WRITES,
      '-o, --output-file=FILE': WRITES,
      '-a, --append-output=FILE': WRITES,
      '-P, --directory-prefix=PREFIX': WRITES_INTO,
      '-e, --execute=COMMAND': 'runs a wgetrc command, which can write files',
      '--use-askpass=COMMAND': RUNS,
      '--config=FILE': 'reads a configuration that can write files',
    },
  },
  tar: {
    values: [
      '-b, --blocking-factor=BLOCKS',
      '-C, --directory=DIR',
      '-f, --file=ARCHIVE',
      '-H, --format=FORMAT',
      '-K, --starting-file=MEMBER',
      '-L, --tape-length=N',
      '-N, --newer=DATE',
      '-T, --files-from=FILE',
      '-X, --exclude-from=FILE',
      '--exclude=PATTERN',
      '--owner=NAME',
      '--group=NAME',
      '--mode=CHANGES',
      '--mtime=DATE',
      '--transform=EXPRESSION',
      '--xform=EXPRESSION',
      '--strip-components=N',
      '--checkpoint[=N]',
      '-V, --label=TEXT',
    ],
    flags: ['--force-local'],
    dangerous: {
      '--checkpoint-action=ACTION': 'can run a program at checkpoints',
      '--to-command=COMMAND': RUNS_SHELL,
      '-I, --use-compress-program=PROG': RUNS,
      '--rsh-command=COMMAND': RUNS,
      '--rmt-command=COMMAND': RUNS,
      '-F, --info-script=FILE, --new-volume-script=FILE': RUNS,
      '--index-file=FILE': WRITES,
      '-g, --listed-incremental=FILE': WRITES,
      '--volno-file=FILE': WRITES,
    },
  },
  cpio: {
    values: [
      '-H, --format=FORMAT',
      '-E, --pattern-file=FILE',
      '-D, --directory=DIR',
      '-I FILE',
      '-O FILE',
      '-F, --file=ARCHIVE',
      '-M, --message=STRING',
      '-R, --owner=OWNER',
    ],
    dangerous: { '--rsh-command=COMMAND': RUNS },
  },
  zip: {
    // zip's two-letter options (-TT, -tt) are checked separately, in programs.ts.
    values: [
      '-b PATH',
      '-n SUFFIXES',
      '-t DATE',
      '-x FILE',
      '-i FILE',
      '-P PASSWORD',
      '-Z METHOD',
      '-O OUTFILE',
    ],
    dangerous: { '--unzip-command=COMMAND': RUNS },
  },
  rsync: {
    values: [
      '--exclude=PATTERN',
      '--include=PATTERN',
      '--exclude-from=FILE',
      '--include-from=FILE',
      '--files-from=FILE',
      '-f, --filter=RULE',
      '--chmod=CHMOD',
      '--bwlimit=RATE',
      '--timeout=SECONDS',
      '-T, --temp-dir=DIR',
      '--backup-dir=DIR',
      '--suffix=SUFFIX',
      '--compare-dest=DIR',
      '--copy-dest=DIR',
      '--link-dest=DIR',
      '--partial-dir=DIR',
      '--max-size=SIZE',
      '--min-size=SIZE',
      '--port=PORT',
    ],
    dangerous: {
      '-e, --rsh=COMMAND': RUNS,
      '--rsync-path=PROGRAM': RUNS,
      '--write-batch=FILE': WRITES,
      '--only-write-batch=FILE': WRITES,
      '--read-batch=FILE': 'replays a batch file',
      '--log-file=FILE': WRITES,
      '-M, --remote-option=OPTION': 'passes options to the receiving rsync',
      '--config=FILE': 'reads a daemon configuration',
    },
  },
  ssh: {
    values: [
      '-b BIND',
      '-c CIPHERS',
      '-D PORT',
      '-e ESCAPE',
      '-i IDENTITY',
      '-J DESTINATION',
      '-L ADDRESS',
      '-l LOGIN',
      '-m MACS',
      '-O CTL',
      '-p PORT',
      '-Q QUERY',
      '-R ADDRESS',
      '-w TUN',
      '-B IFACE',
      '-P TAG',
    ],
    dangerous: {
      ...sshLike,
      '-E LOGFILE': WRITES,
      '-I PKCS11': 'loads a library',
      '-S CTL_PATH': 'creates a control socket',
    },
    optionsFirst: true,
  },
  scp: {
    values: ['-c CIPHER', '-i IDENTITY', '-J DESTINATION', '-l LIMIT', '-P PORT', '-X OPTION'],
    dangerous: { ...sshLike, '-S PROGRAM': RUNS, '-D SFTP_SERVER': RUNS },
  },
  sftp: {
    values: [
      '-B SIZE',
      '-c CIPHER',
      '-i IDENTITY',
      '-J DESTINATION',
      '-l LIMIT',
      '-P PORT',
      '-R NUM',
      '-s SUBSYSTEM',
      '-X OPTION',
    ],
    dangerous: {
      ...sshLike,
      '-S PROGRAM': RUNS,
      '-D SFTP_SERVER': RUNS,
      '-b BATCHFILE': 'runs sftp commands from a file, which can run local commands',
    },
  },
  nc: {
    values: [
      '-i INTERVAL',
      '-p PORT',
      '-s SOURCE',
      '-w TIMEOUT',
      '-x PROXY',
      '-X PROTOCOL',
      '-q SECONDS',
    ],
    dangerous: {
      '-e, --exec=PROGRAM': RUNS,
      '-c, --sh-exec=COMMAND': RUNS,
      '--lua-exec=FILE': RUNS,
      '-o, --output=FILE': WRITES,
    },
  },
  socat: {},
  tcpdump: {
    values: [
      '-c COUNT',
      '-i INTERFACE',
      '-s SNAPLEN',
      '-C FILESIZE',
      '-G SECONDS',
      '-W FILECOUNT',
      '-y DATALINKTYPE',
      '-E SPI',
      '-F FILE',
      '-r FILE',
      '-Z USER',
      '-T TYPE',
    ],
    dangerous: { '-w FILE': WRITES, '-z COMMAND': RUNS },
  },
  nmap: {
    singleDashLong: true,
    values: ['-p PORTS', '-iL FILE', '--exclude=HOSTS', '--top-ports=N', '-e IFACE'],
    dangerous: {
      '--script=SCRIPTS': 'runs scripts',
      '--script-args=ARGS': 'runs scripts',
      '-oN FILE': WRITES,
      '-oX FILE': WRITES,
      '-oG FILE': WRITES,
      '-oA BASENAME': WRITES,
      '-oS FILE': WRITES,
      '--resume=FILE': 'reads a saved scan',
    },
  },
  gdb: {
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
  },
  make: {
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
  },
  npm: {
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
  },
  npx: {
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
  },
  cargo: {
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
  },
  go: {
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
  },
  eslint: {
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
  },
  prettier: {
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
  },
  xmllint: {
    values: [
      '--path=PATHS',
      '--xpath=EXPR',
      '--schema=FILE',
      '--relaxng=FILE',
      '--dtdvalid=URL',
      '--encode=ENCODING',
    ],
    dangerous: { '-o, --output=FILE': WRITES, '--shell': 'starts an interactive shell' },
  },
  sdiff: {
    values: ['-I, --ignore-matching-lines=RE', '-w, --width=NUM', '--diff-program=PROGRAM'],
    dangerous: { '-o, --output=FILE': WRITES, '--diff-program=PROGRAM': RUNS },
  },
  hg: {
    values: [
      '-R, --repository=REPO',
      '--cwd=DIR',
      '-r, --rev=REV',
      '-l, --limit=NUM',
      '-T, --template=TEMPLATE',
    ],
    dangerous: {
      '--config=CONFIG': 'sets configuration, which can run programs',
      '--debugger': 'starts a debugger',
    },
  },
  svn: {
    values: [
      '-r, --revision=ARG',
      '-m, --message=MESSAGE',
      '--username=NAME',
      '--password=PASSWORD',
      '-l, --limit=N',
      '--depth=ARG',
    ],
    dangerous: {
      '--config-option=OPTION': 'sets configuration, which can run programs',
      '--config-dir=DIR': 'reads another configuration',
      '--diff-cmd=CMD': RUNS,
      '--diff3-cmd=CMD': RUNS,
      '--editor-cmd=CMD': RUNS,
    },
  },
  'apt-get': {
    values: ['-t, --target-release=RELEASE'],
    dangerous: {
      '-o, --option=OPTION': 'sets configuration, which can run programs',
      '-c, --config-file=FILE': 'reads a configuration that can run programs',
    },
  },
  apt: {
    values: ['-t, --target-release=RELEASE'],
    dangerous: {
      '-o, --option=OPTION': 'sets configuration, which can run programs',
      '-c, --config-file=FILE': 'reads a configuration that can run programs',
    },
  },
  rpm: {
    values: ['-q', '--root=DIR', '--dbpath=DIR', '--qf=FORMAT', '--queryformat=FORMAT'],
    dangerous: {
      '-E, --eval=EXPR': 'evaluates a macro, which can run programs',
      '--pipe=COMMAND': RUNS,
      '-D, --define=MACRO': 'defines a macro, which can run programs',
      '--macros=FILE': 'loads macros',
    },
  },
  date: {
    values: [
      '-d, --date=STRING',
      '-f, --file=DATEFILE',
      '-r, --reference=FILE',
      '-I[FMT], --iso-8601[=FMT]',
      '--rfc-3339=FMT',
    ],
    dangerous: { '-s, --set=STRING': 'sets the system clock' },
  },
  printf: {
    // `-v NAME` assigns a variable, which the printf analyser checks as an assignment is checked.
    values: ['-v VAR'],
    optionsFirst: true,
  },
  compgen: COMPLETION_BUILTIN,
  complete: COMPLETION_BUILTIN,
  hash: {
    dangerous: { '-p PATH': 'makes a command name run another program' },
  },
  enable: {
    dangerous: { '-f FILE': 'loads a shared library into the shell' },
  },
  bind: {
    values: ['-m KEYMAP', '-q FUNCTION', '-u FUNCTION', '-r KEYSEQ', '-f FILE'],
    dangerous: { '-x KEYSEQ:COMMAND': RUNS },
  },
  mapfile: {
    values: ['-d DELIM', '-n COUNT', '-O ORIGIN', '-s COUNT', '-u FD', '-c QUANTUM'],
    dangerous: { '-C CALLBACK': 'runs a callback command' },
    optionsFirst: true,
  },
  read: {
    values: [
      '-a ARRAY',
      '-d DELIM',
      '-i TEXT',
      '-n NCHARS',
      '-N NCHARS',
      '-p PROMPT',
      '-t TIMEOUT',
      '-u FD',
    ],
    optionsFirst: true,
  },
  fc: {
    values: ['-e ENAME'],
    dangerous: {
      '-s': 're-runs commands from history',
      '-e ENAME': 'runs an editor on commands, then runs them',
    },
  },

  // Interpreters: their code options run code the policy cannot check.
  python: {
    values: ['-W ARG', '-X OPT', '--check-hash-based-pycs=MODE'],
    dangerous: { '-c CMD': CODE },
    terminal: ['-c', '-m'],
    optionsFirst: true,
  },
  node: {
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
  },
  deno: {
    values: ['--config=FILE', '--import-map=FILE'],
    dangerous: {
      '--eval-file=FILE': RUNS,
      '--env-file[=FILE]': 'sets environment variables from a file',
    },
  },
  bun: {
    values: ['--cwd=DIR', '--config=FILE'],
    dangerous: {
      '-e, --eval=SCRIPT': CODE,
      '-p, --print=SCRIPT': CODE,
      '-r, --preload=MODULE': 'preloads a module',
      '--env-file=FILE': 'sets environment variables from a file',
    },
  },
  perl: {
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
  },
  ruby: {
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
  },
  php: {
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
  },
  lua: {
    values: ['-l MODULE'],
    dangerous: { '-e STAT': CODE },
    optionsFirst: true,
  },
  Rscript: {
    values: ['--default-packages=LIST'],
    dangerous: { '-e EXPRESSION': CODE },
    optionsFirst: true,
  },
  R: {
    values: ['--file=FILE', '-f FILE'],
    dangerous: { '-e EXPRESSION': CODE },
  },
  julia: {
    values: ['-J, --sysimage=FILE', '-t, --threads=N', '-p, --procs=N', '--project[=DIR]'],
    dangerous: { '-e, --eval=EXPR': CODE, '-E, --print=EXPR': CODE, '-L, --load=FILE': RUNS },
    optionsFirst: true,
  },
  expect: {
    values: ['-D VALUE'],
    dangerous: { '-c COMMANDS': CODE },
  },
  osascript: {
    values: ['-l LANGUAGE', '-s FLAGS'],
    dangerous: { '-e STATEMENT': CODE },
  },
  jrunscript: {
    dangerous: { '-e SCRIPT': CODE },
  },
  vim: {
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
  },
  emacs: {
    values: ['--chdir=DIR', '-d, --display=DISPLAY', '--insert=FILE'],
    dangerous: {
      '--eval=EXPR, --execute=EXPR': CODE,
      '-l, --load=FILE': RUNS,
      '-f, --funcall=FUNCTION': 'calls a function',
      '--batch': 'runs non-interactively, usually to run code',
      '--script=FILE': RUNS,
      '-x': RUNS,
    },
  },
  crontab: {
    values: ['-u USER'],
    dangerous: { '-e': 'edits the crontab', '-r': 'removes the crontab' },
  },
  ed: {
    values: ['-p STRING'],
  },
};

// git: global options, options shared by the subcommands, and per-subcommand extras.

/** Configuration keys that name no program, file or hook: `git -c user.name=… commit` is fine. */
export const GIT_INERT_CONFIG =
  /^(user\.(name|email)|author\.(name|email)|committer\.(name|email)|color\.[\w.-]+|core\.(quotepath|autocrlf|safecrlf|filemode|ignorecase|abbrev|precomposeunicode)|init\.defaultbranch|advice\.[\w.-]+|log\.[\w.-]+|diff\.(noprefix|renames|algorithm|context|mnemonicprefix|relative|statgraphwidth|interhunkcontext|colormoved)|merge\.conflictstyle|pull\.(rebase|ff)|push\.(default|autosetupremote)|commit\.(gpgsign|verbose)|tag\.gpgsign|gc\.auto|maintenance\.auto|fetch\.(prune|parallel)|status\.[\w.-]+|i18n\.[\w.-]+|column\.[\w.-]+|grep\.[\w.-]+|rerere\.enabled|blame\.[\w.-]+|protocol\.version|versionsort\.suffix|rebase\.(autosquash|autostash)|feature\.[\w.-]+)=/i;

const gitConfigDanger = {
  why: 'runs programs named in configuration',
  when: (value: string | undefined) => value === undefined || !GIT_INERT_CONFIG.test(value),
  code: true,
};

/** git's own options, before the subcommand. */
export const GIT_GLOBAL_OPTIONS: OptionTable = {
  values: ['--namespace=NAME', '--super-prefix=PATH', '--list-cmds=GROUP', '--attr-source=TREE'],
  dangerous: {
    '-c NAME=VALUE': gitConfigDanger,
    '--config-env=NAME=ENVVAR': 'runs programs named in configuration',
    '--exec-path[=PATH]': {
      why: 'runs git commands from another directory',
      when: (value) => value !== undefined,
    },
    '-C PATH': 'runs in another directory, whose repository configuration can name programs',
    '--git-dir=PATH': 'uses another repository, whose configuration can name programs',
    '--work-tree=PATH': 'uses another work tree',
    '--bare': 'treats the directory as a repository, whose configuration can name programs',
  },
  optionsFirst: true,
};

/** Options of every git subcommand (diff options appear in log, show, diff…). */
export const GIT_COMMON_OPTIONS: OptionTable = {
  dangerous: {
    '--output=FILE': WRITES,
    '--output-directory=DIR': WRITES_INTO,
    '--ext-diff': 'runs an external diff program',
    '--textconv': 'runs textconv filter programs',
    '--filters': 'runs content filter programs',
    '--upload-pack=PROGRAM': 'runs a program',
    '--receive-pack=PROGRAM': 'runs a program',
    '--exec=PROGRAM': 'runs a program',
    '--extcmd=COMMAND': RUNS_SHELL,
    '--open-files-in-pager[=PAGER]': 'runs a program',
    '--template=DIR': 'copies hooks from a template directory',
    '--config=NAME=VALUE': gitConfigDanger,
    '--separate-git-dir=DIR': 'puts the repository elsewhere',
  },
  safe: ['text', 'filter', 'temp', 'exit-code'],
};

/** Extra options of particular git subcommands, on top of GIT_COMMON_OPTIONS. */
export const GIT_SUBCOMMAND_OPTIONS: Readonly<Record<string, OptionTable>> = {
  archive: {
    values: ['--prefix=PREFIX', '--format=FMT', '--remote=REPO'],
    dangerous: { '-o, --output=FILE': WRITES },
  },
  'format-patch': {
    values: ['--subject-prefix=PREFIX', '-v, --reroll-count=N'],
    dangerous: { '-o, --output-directory=DIR': WRITES_INTO },
  },
  grep: {
    values: [
      '-e PATTERN',
      '-f FILE',
      '-m, --max-count=NUM',
      '-A, --after-context=NUM',
      '-B, --before-context=NUM',
      '-C, --context=NUM',
    ],
    dangerous: { '-O[PAGER], --open-files-in-pager[=PAGER]': 'runs a program' },
  },
  clone: {
    values: [
      '-b, --branch=NAME',
      '--depth=N',
      '-o, --origin=NAME',
      '--reference=REPO',
      '--filter=SPEC',
    ],
    dangerous: {
      '-u, --upload-pack=PROGRAM': 'runs a program',
      '-c, --config=NAME=VALUE': gitConfigDanger,
    },
  },
  rebase: { dangerous: { '-x, --exec=COMMAND': RUNS_SHELL } },
  difftool: {
    dangerous: {
      '-x, --extcmd=COMMAND': RUNS_SHELL,
      '-t, --tool=TOOL': 'runs a diff tool',
      '-g, --gui': 'runs a diff tool',
    },
  },
  mergetool: {
    dangerous: { '-t, --tool=TOOL': 'runs a merge tool', '-g, --gui': 'runs a merge tool' },
  },
  help: { dangerous: { '-w, --web': 'opens a browser', '-i, --info': 'runs info' } },
  commit: {
    values: [
      '-m, --message=MSG',
      '-F, --file=FILE',
      '-C, --reuse-message=COMMIT',
      '-c, --reedit-message=COMMIT',
      '--author=AUTHOR',
      '--date=DATE',
      '--fixup=COMMIT',
      '--squash=COMMIT',
    ],
  },
  tag: { values: ['-m, --message=MSG', '-F, --file=FILE'] },
  log: { values: ['-S STRING', '-G REGEX'] },
  show: { values: ['-S STRING', '-G REGEX'] },
};

/** Subcommands that run programs or change configuration by their nature. */
export const GIT_RISKY_SUBCOMMANDS: Readonly<Record<string, string>> = {
  'filter-branch': 'runs filter commands',
  instaweb: 'starts a web server and a browser',
  'send-email': 'runs a mail program',
  hook: 'runs hooks',
  maintenance: 'schedules background jobs',
  daemon: 'starts a server',
  p4: 'runs Perforce',
  svn: 'runs Subversion',
  cvsimport: 'runs CVS',
  cvsserver: 'runs a CVS server',
  'web--browse': 'opens a browser',
  'upload-pack': 'serves a repository',
  'receive-pack': 'receives pushes and runs hooks',
};

/** Other names of the same program. */
export const TABLE_ALIASES: Readonly<Record<string, string>> = {
  gawk: 'awk',
  mawk: 'awk',
  nawk: 'awk',
  original_awk: 'awk',
  busybox_awk: 'awk',
  gsed: 'sed',
  egrep: 'grep',
  fgrep: 'grep',
  nodejs: 'node',
  python2: 'python',
  python3: 'python',
  pypy: 'python',
  pypy3: 'python',
  perl5: 'perl',
  gtar: 'tar',
  bsdtar: 'tar',
  ncat: 'nc',
  netcat: 'nc',
  vi: 'vim',
  nvim: 'vim',
  view: 'vim',
  vimdiff: 'vim',
  rvim: 'vim',
  gvim: 'vim',
  ex: 'vim',
  readarray: 'mapfile',
  bunx: 'bun',
};
