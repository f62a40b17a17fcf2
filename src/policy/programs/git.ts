import { emptyAnalysis, optionDanger, type Analyzer } from './analysis.js';
import {
  absorb,
  compileTable,
  scanOptions,
  type CompiledTable,
  type OptionTable,
} from './options.js';
import { RUNS, RUNS_SHELL, WRITES, WRITES_INTO, type ProgramFamily } from './spec.js';
import { valueOf, type Word } from '../read/words.js';

// git: global options, options shared by the subcommands, and per-subcommand extras.

/** Configuration keys that name no program, file or hook: `git -c user.name=… commit` is fine. */
const GIT_INERT_CONFIG =
  /^(user\.(name|email)|author\.(name|email)|committer\.(name|email)|color\.[\w.-]+|core\.(quotepath|autocrlf|safecrlf|filemode|ignorecase|abbrev|precomposeunicode)|init\.defaultbranch|advice\.[\w.-]+|log\.[\w.-]+|diff\.(noprefix|renames|algorithm|context|mnemonicprefix|relative|statgraphwidth|interhunkcontext|colormoved)|merge\.conflictstyle|pull\.(rebase|ff)|push\.(default|autosetupremote)|commit\.(gpgsign|verbose)|tag\.gpgsign|gc\.auto|maintenance\.auto|fetch\.(prune|parallel)|status\.[\w.-]+|i18n\.[\w.-]+|column\.[\w.-]+|grep\.[\w.-]+|rerere\.enabled|blame\.[\w.-]+|protocol\.version|versionsort\.suffix|rebase\.(autosquash|autostash)|feature\.[\w.-]+)=/i;

const gitConfigDanger = {
  why: 'runs programs named in configuration',
  when: (value: string | undefined) => value === undefined || !GIT_INERT_CONFIG.test(value),
  code: true,
};

/** git's own options, before the subcommand. */
const GIT_GLOBAL_OPTIONS: OptionTable = {
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
const GIT_COMMON_OPTIONS: OptionTable = {
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
const GIT_RISKY_SUBCOMMANDS: Readonly<Record<string, string>> = {
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

const GIT_CONFIG_READS = new Set([
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--get-color',
  '--get-colorbool',
  '-l',
  '--list',
  'get',
  'list',
]);

const GIT_CONFIG_WRITES = new Set([
  '--add',
  '--unset',
  '--unset-all',
  '--replace-all',
  '--rename-section',
  '--remove-section',
  '-e',
  '--edit',
  'set',
  'unset',
  'rename-section',
  'remove-section',
  'edit',
]);

const GIT_GLOBAL = compileTable(GIT_GLOBAL_OPTIONS);

const gitTables = new Map<string, CompiledTable>();

function gitTable(subcommand: string): CompiledTable {
  let t = gitTables.get(subcommand);
  if (!t) {
    const own = GIT_SUBCOMMAND_OPTIONS[subcommand] ?? {};
    t = compileTable({
      values: [...(own.values ?? [])],
      dangerous: { ...GIT_COMMON_OPTIONS.dangerous, ...own.dangerous },
      safe: GIT_COMMON_OPTIONS.safe,
    });
    gitTables.set(subcommand, t);
  }
  return t;
}

/** git [global options] SUBCOMMAND [options and operands] */
const analyseGit: Analyzer = (words) => {
  const result = emptyAnalysis();
  const global = scanOptions(words, 1, GIT_GLOBAL);
  absorb(result, global);
  const at = global.operands[0];
  if (at === undefined) return result;
  const sub = valueOf(words[at]);
  if (sub === undefined) return result;
  const risky = GIT_RISKY_SUBCOMMANDS[sub];
  if (risky) result.dangers.push(optionDanger(at, sub.length, `${risky} (git ${sub})`));
  const scan = scanOptions(words, at + 1, gitTable(sub));
  absorb(result, scan);
  const operandText = scan.operands.map((i) => valueOf(words[i]));
  if (sub === 'config') {
    const rest = words
      .slice(at + 1)
      .map((w) => (w.literal ? w.text.replace(/=.*$/, '') : undefined));
    const reads = rest.some((u) => u !== undefined && GIT_CONFIG_READS.has(u));
    const writes = rest.some((u) => u === undefined || GIT_CONFIG_WRITES.has(u));
    const positional = rest.filter((u) => u === undefined || !u.startsWith('-')).length;
    // `git config NAME` reads; `git config NAME VALUE` writes.
    if (writes || (!reads && positional !== 1)) {
      result.dangers.push(
        optionDanger(
          at,
          sub.length,
          'changes git configuration, which can name programs git runs (git config)',
        ),
      );
    }
  }
  if (sub === 'submodule' && operandText.includes('foreach')) {
    const i = scan.operands[operandText.indexOf('foreach')] as number;
    result.dangers.push(
      optionDanger(
        i,
        'foreach'.length,
        'runs a command in every submodule (git submodule foreach)',
      ),
    );
  }
  if (sub === 'bisect' && operandText[0] === 'run') {
    const start = (scan.operands[0] as number) + 1;
    if (start < words.length) {
      const from: number[] = [];
      for (let i = start; i < words.length; i++) from.push(i);
      result.inner.push({ words: words.slice(start), from, where: 'run by git bisect run' });
    }
  }
  return result;
};

/** Global options of git that change nothing a pattern is about: skipped before matching. */
const HARMLESS_GIT_GLOBAL = new Set([
  '--no-pager',
  '-P',
  '--no-optional-locks',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-replace-objects',
  '--no-advice',
  '--no-lazy-fetch',
]);

/**
 * git's words as a pattern should see them: harmless global options and configuration that names
 * no program (`-c color.ui=never`) dropped, and `-C DIR` taken out as the directories git moves
 * to first (checked as `cd DIR`). Stops at the first global option it does not know to be plain.
 */
export function canonicalGit(words: readonly Word[]): {
  words: readonly Word[];
  directories: Word[];
} {
  const directories: Word[] = [];
  let i = 1;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) break;
    if (HARMLESS_GIT_GLOBAL.has(word.text)) continue;
    const value = words[i + 1];
    if (word.text === '-C' && value?.literal && value.text !== '' && !value.tilde) {
      directories.push(value);
      i++;
      continue;
    }
    if (word.text === '-c' && value?.literal && GIT_INERT_CONFIG.test(value.text)) {
      i++;
      continue;
    }
    break;
  }
  if (i === 1) return { words, directories };
  return { words: [words[0] as Word, ...words.slice(i)], directories };
}

/** `git -C x push` as `git push`, so a deny pattern cannot be stepped around with global options. */
export function withoutGitGlobalOptions(words: readonly Word[]): readonly Word[] {
  const scan = scanOptions(words, 1, GIT_GLOBAL);
  const at = scan.operands[0];
  if (at === undefined || at === 1) return words;
  return [words[0] as Word, ...words.slice(at)];
}

const HG_OPTIONS: OptionTable = {
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
};

const SVN_OPTIONS: OptionTable = {
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
};

/** Version control. */
export const VERSION_CONTROL: ProgramFamily = {
  git: {
    options: GIT_GLOBAL_OPTIONS,
    analyse: analyseGit,
    executes: {
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
  hg: {
    options: HG_OPTIONS,
    examples: {
      patterns: ['hg *'],
      allow: ['hg status', 'hg log -l 5'],
      refuse: [['hg --config ui.editor=vi commit', 'dangerous-option']],
    },
  },
  svn: {
    options: SVN_OPTIONS,
    examples: {
      patterns: ['svn *'],
      allow: ['svn status', 'svn log -l 5'],
      refuse: [['svn diff --diff-cmd=vimdiff', 'no-matching-pattern']],
    },
  },
};
