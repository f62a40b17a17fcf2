import { emptyAnalysis, optionDanger, type Analyzer } from './analysis.js';
import { addChanged, possibleOperands } from './common.js';
import { absorb, compiled, scanOptions, type OptionTable } from './options.js';
import { RUNS, WRITES, WRITES_INTO, type ProgramFamily } from './spec.js';

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

const CURL_OPTIONS: OptionTable = {
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
};

const WGET_OPTIONS: OptionTable = {
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
};

const SSH_OPTIONS: OptionTable = {
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
};

const SCP_OPTIONS: OptionTable = {
  values: ['-c CIPHER', '-i IDENTITY', '-J DESTINATION', '-l LIMIT', '-P PORT', '-X OPTION'],
  dangerous: { ...sshLike, '-S PROGRAM': RUNS, '-D SFTP_SERVER': RUNS },
};

const SFTP_OPTIONS: OptionTable = {
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
};

const NC_OPTIONS: OptionTable = {
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
};

const TCPDUMP_OPTIONS: OptionTable = {
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
};

const NMAP_OPTIONS: OptionTable = {
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
};

const RSYNC_OPTIONS: OptionTable = {
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
};

/** rsync: its last operand is the destination, written unless it names another host (`host:dir`). */
const analyseRsync: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, compiled(RSYNC_OPTIONS));
  absorb(result, scan);
  const operands = possibleOperands(words, scan);
  const last = operands.at(-1);
  const word = last === undefined ? undefined : words[last];
  // With one operand rsync only lists it.
  if (last !== undefined && operands.length > 1 && word && !/^[^/]*:/.test(word.prefix))
    addChanged(result, words, last, 'rsync');
  return result;
};

const analyseSocat: Analyzer = (words) => {
  const result = emptyAnalysis();
  words.forEach((w, i) => {
    if (i === 0) return;
    if (!w.literal) {
      result.dangers.push(optionDanger(i, 0, 'uses a socat address not known until run time'));
    } else if (/^(exec|system)[:,]/i.test(w.text)) {
      result.dangers.push(optionDanger(i, w.text.length, 'runs a program (socat EXEC/SYSTEM)'));
    } else if (
      /^(open|create|gopen|pipe|unix-listen|unix-connect|unix-sendto|unix-recvfrom|unix-recv|unix-client)[:,]/i.test(
        w.text,
      ) ||
      /^[./~]/.test(w.text)
    ) {
      result.dangers.push(optionDanger(i, w.text.length, 'opens a file (socat)'));
    }
  });
  return result;
};

/** Programs that reach other hosts. */
export const NETWORK: ProgramFamily = {
  curl: {
    options: CURL_OPTIONS,
    examples: {
      patterns: ['curl *', '> out/**'],
      allow: ['curl -sS https://example.com', 'curl -o out/a.html https://example.com'],
      refuse: [
        ['curl -o a.html https://example.com', 'write-not-allowed'],
        ['curl -K cfg https://example.com', 'dangerous-option'],
        ["curl -w '%output{x}' https://example.com", 'dangerous-option'],
      ],
    },
  },
  wget: {
    options: WGET_OPTIONS,
    examples: {
      patterns: ['wget *', '> out/**'],
      allow: ['wget -q -O out/a.html https://example.com'],
      refuse: [
        ['wget -O a.html https://example.com', 'write-not-allowed'],
        ['wget -e robots=off https://example.com', 'inline-code'],
      ],
    },
  },
  ssh: {
    role: 'runner',
    options: SSH_OPTIONS,
    examples: {
      patterns: ['ssh *'],
      allow: ['ssh -p 22 host uptime', 'ssh -o ConnectTimeout=5 host uptime'],
      refuse: [
        ['ssh -o ProxyCommand=nc host', 'dangerous-option'],
        ['ssh -F cfg host', 'dangerous-option'],
      ],
    },
  },
  scp: {
    options: SCP_OPTIONS,
    examples: {
      patterns: ['scp *', 'ssh *'],
      allow: ['scp -P 22 a.txt host:/tmp/'],
      refuse: [
        ['scp -o ProxyCommand=x a.txt host:', 'dangerous-option'],
        ['scp -S ssh a.txt host:', 'dangerous-option'],
      ],
    },
  },
  sftp: {
    options: SFTP_OPTIONS,
    examples: {
      patterns: ['sftp *'],
      allow: ['sftp -P 22 host'],
      refuse: [['sftp -b cmds host', 'inline-code']],
    },
  },
  nc: {
    aliases: ['ncat', 'netcat'],
    options: NC_OPTIONS,
    examples: {
      patterns: ['nc *'],
      allow: ['nc -z host 80'],
      refuse: [
        ['nc -e /bin/sh host 80', 'no-matching-pattern'],
        ['nc -c "ls" host 80', 'no-matching-pattern'],
      ],
    },
  },
  socat: {
    analyse: analyseSocat,
    examples: {
      patterns: ['socat *'],
      allow: ['socat - TCP:host:80'],
      refuse: [
        ['socat - EXEC:ls', 'dangerous-option'],
        ['socat - OPEN:a.txt', 'dangerous-option'],
      ],
    },
  },
  tcpdump: {
    options: TCPDUMP_OPTIONS,
    examples: {
      patterns: ['tcpdump *', '> out/**'],
      allow: ['tcpdump -c 10 -i eth0', 'tcpdump -w out/p.pcap'],
      refuse: [
        ['tcpdump -w p.pcap', 'write-not-allowed'],
        ['tcpdump -z gzip -w out/p.pcap', 'no-matching-pattern'],
      ],
    },
  },
  nmap: {
    options: NMAP_OPTIONS,
    examples: {
      patterns: ['nmap *'],
      allow: ['nmap -p 80 host'],
      refuse: [
        ['nmap --script=vuln host', 'inline-code'],
        ['nmap -oN scan.txt host', 'write-not-allowed'],
      ],
    },
  },
  rsync: {
    options: RSYNC_OPTIONS,
    analyse: analyseRsync,
    examples: {
      patterns: ['rsync *', 'ssh *'],
      allow: [
        'rsync -a src/ dst/',
        'rsync -a --exclude=node_modules src/ dst/',
        'rsync -a .git/ /tmp/g/',
      ],
      refuse: [
        ['rsync -e ssh -a src/ host:dst/', 'dangerous-option'],
        ['rsync --log-file=r.log -a src/ dst/', 'write-not-allowed'],
        ['rsync -a hooks/ .git/hooks/', 'write-into-git'],
        ['rsync -a x ./.git', 'write-into-git'],
      ],
    },
  },
};
