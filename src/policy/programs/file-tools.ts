import { basename } from 'node:path';
import { emptyAnalysis, optionDanger, type Analyzer } from './analysis.js';
import { addChanged, changed, possibleOperands, quoted } from './common.js';
import { absorb, compiled, compileTable, scanOptions, type OptionTable } from './options.js';
import { WRITES, type ProgramFamily } from './spec.js';
import { literalWord, type Word } from '../read/words.js';

const TREE_OPTIONS: OptionTable = {
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
};

const FILE_OPTIONS: OptionTable = {
  values: [
    '-e, --exclude=TEST',
    '-f, --files-from=FILE',
    '-F, --separator=SEP',
    '-m, --magic-file=LIST',
    '-P, --parameter=NAME=VALUE',
  ],
  dangerous: { '-C, --compile': 'writes a compiled magic file' },
};

const DATE_OPTIONS: OptionTable = {
  values: [
    '-d, --date=STRING',
    '-f, --file=DATEFILE',
    '-r, --reference=FILE',
    '-I[FMT], --iso-8601[=FMT]',
    '--rfc-3339=FMT',
  ],
  dangerous: { '-s, --set=STRING': 'sets the system clock' },
};

const UNIQ_OPTIONS: OptionTable = {
  values: [
    '-f, --skip-fields=N',
    '-s, --skip-chars=N',
    '-w, --check-chars=N',
    '--all-repeated[=METHOD]',
    '--group[=METHOD]',
  ],
};

/**
 * ln, cp, mv, install: a link or copy of a program runs that program under the new name
 * (`ln -s /bin/rm del`). The sources are what the new names will stand for. The destination (the
 * last operand, or `-t`'s directory) is changed, and so are mv's sources, which leave their
 * directory; `install -d` creates every operand; `ln` with one operand links into the current
 * directory under the target's own name.
 */
const COPY_TABLE = compileTable({
  values: ['-t, --target-directory=DIRECTORY', '-S, --suffix=SUFFIX', '-m, --mode=MODE'],
  flags: ['-d, --directory'],
});

function analyseCopy(program: 'cp' | 'mv' | 'ln' | 'install'): Analyzer {
  return (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, COPY_TABLE);
    const directory = scan.options.find((o) => o.name === '-t' || o.name === '--target-directory');
    const sources = directory ? scan.operands : scan.operands.slice(0, -1);
    for (const i of sources) {
      const word = words[i] as Word;
      result.renames.push({ index: i, text: word.literal ? quoted(word.text) : undefined });
    }
    const creates =
      program === 'install' &&
      scan.options.some((o) => o.name === '-d' || o.name === '--directory');
    if (directory?.value !== undefined) {
      const value = directory.value;
      const target =
        typeof value === 'string' ? literalWord(value, words[directory.index]?.start) : value;
      // Allowed by a pattern that spells the whole word out, not `-t` alone (`cp -t *`).
      const at = directory.valueIndex ?? directory.index;
      const word = words[at] as Word;
      result.writes.push(changed(at, word.literal ? word.text.length : 0, `${program} -t`, target));
    }
    // A word whose value is unknown may be a file name as well as an option: changed too.
    const operands = possibleOperands(words, scan);
    const last = operands.at(-1);
    const lone = program === 'ln' && !directory && operands.length === 1;
    for (const i of operands) {
      const isDestination = !directory && i === last && !lone;
      if (creates || isDestination || program === 'mv') addChanged(result, words, i, program);
    }
    const only = words[last ?? 0];
    if (lone && only?.literal) {
      // `ln -s ../x/.git` makes ./.git.
      const name = literalWord(basename(only.text), only.start);
      result.writes.push(changed(last as number, only.text.length, program, name));
    }
    return result;
  };
}

const TOUCH_OPTIONS: OptionTable = {
  values: ['-d, --date=STRING', '-r, --reference=FILE', '-t STAMP'],
};
const MODE_OPTIONS: OptionTable = { values: ['-m, --mode=MODE', '--reference=FILE'] };
const OWNER_OPTIONS: OptionTable = { values: ['--reference=FILE', '--from=OWNER'] };
const TRUNCATE_OPTIONS: OptionTable = { values: ['-r, --reference=FILE', '-s, --size=SIZE'] };
const SHRED_OPTIONS: OptionTable = {
  values: ['-n, --iterations=N', '-s, --size=N', '--random-source=FILE', '--remove[=HOW]'],
};

/** rm, touch, chmod…: every file operand is created, changed or deleted. */
function analyseChangesOperands(program: string, table: OptionTable = {}): Analyzer {
  const options = compiled(table);
  return (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, options);
    absorb(result, scan);
    for (const i of possibleOperands(words, scan)) addChanged(result, words, i, program);
    return result;
  };
}

/** tee FILE…: writes each file it names. */
const TEE_TABLE = compileTable({ values: ['--output-error[=MODE]'] });

const analyseTee: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, TEE_TABLE);
  for (const i of possibleOperands(words, scan)) {
    const word = words[i] as Word;
    if (word.literal && word.text === '-') continue;
    result.writes.push({ index: i, spell: word.text.length, option: 'tee', target: word });
  }
  return result;
};

/** Programs whose second file operand is written (uniq IN OUT, xxd IN OUT). */
function analyseOutputOperand(name: string, source: OptionTable, position: number): Analyzer {
  return (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, compiled(source));
    absorb(result, scan);
    const operands = possibleOperands(words, scan);
    // A word that splits before the output may put any later word in its place.
    const split = operands.slice(0, position + 1).find((i) => (words[i] as Word).splits);
    const out = split ?? operands[position];
    if (out !== undefined) {
      const word = words[out] as Word;
      if (!(word.literal && word.text === '-')) {
        const spell = word.literal ? word.text.length : 0;
        result.writes.push({ index: out, spell, option: `${name}'s output file`, target: word });
      }
    }
    return result;
  };
}

const analyseDd: Analyzer = (words) => {
  const result = emptyAnalysis();
  words.forEach((w, i) => {
    const known = w.literal ? w.text : w.prefix;
    if (i > 0 && known.startsWith('of=')) {
      const target = w.literal ? literalWord(w.text.slice(3), w.start) : { ...w, literal: false };
      result.writes.push({ index: i, spell: 3, option: 'of=', target });
    } else if (i > 0 && !w.literal && known === '') {
      result.dangers.push(optionDanger(i, 3, 'may write a file (dd of=)'));
    }
  });
  return result;
};

/** Programs that read, list, copy and write files. */
export const FILE_TOOLS: ProgramFamily = {
  ls: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['ls *'],
      allow: ['ls a.txt'],
      refuse: [['ls a.txt > .git/x', 'write-into-git']],
    },
  },
  cat: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['cat *'],
      allow: ['cat a.txt'],
      refuse: [['cat a.txt > .git/x', 'write-into-git']],
    },
  },
  head: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['head *'],
      allow: ['head a.txt'],
      refuse: [['head a.txt > .git/x', 'write-into-git']],
    },
  },
  tail: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['tail *'],
      allow: ['tail a.txt'],
      refuse: [['tail a.txt > .git/x', 'write-into-git']],
    },
  },
  wc: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['wc *'],
      allow: ['wc a.txt'],
      refuse: [['wc a.txt > .git/x', 'write-into-git']],
    },
  },
  cut: {
    executes: 'nothing',
    examples: {
      patterns: ['cut *'],
      allow: ['cut a.txt'],
      refuse: [['cut a.txt > .git/x', 'write-into-git']],
    },
  },
  tr: {
    executes: 'nothing',
    examples: {
      patterns: ['tr *'],
      allow: ['tr a.txt'],
      refuse: [['tr a.txt > .git/x', 'write-into-git']],
    },
  },
  nl: {
    executes: 'nothing',
    examples: {
      patterns: ['nl *'],
      allow: ['nl a.txt'],
      refuse: [['nl a.txt > .git/x', 'write-into-git']],
    },
  },
  tac: {
    executes: 'nothing',
    examples: {
      patterns: ['tac *'],
      allow: ['tac a.txt'],
      refuse: [['tac a.txt > .git/x', 'write-into-git']],
    },
  },
  od: {
    executes: 'nothing',
    examples: {
      patterns: ['od *'],
      allow: ['od a.txt'],
      refuse: [['od a.txt > .git/x', 'write-into-git']],
    },
  },
  diff: {
    executes: 'nothing',
    examples: {
      patterns: ['diff *'],
      allow: ['diff a.txt'],
      refuse: [['diff a.txt > .git/x', 'write-into-git']],
    },
  },
  cmp: {
    executes: 'nothing',
    examples: {
      patterns: ['cmp *'],
      allow: ['cmp a.txt'],
      refuse: [['cmp a.txt > .git/x', 'write-into-git']],
    },
  },
  stat: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['stat *'],
      allow: ['stat a.txt'],
      refuse: [['stat a.txt > .git/x', 'write-into-git']],
    },
  },
  du: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['du *'],
      allow: ['du a.txt'],
      refuse: [['du a.txt > .git/x', 'write-into-git']],
    },
  },
  df: {
    executes: 'nothing',
    examples: {
      patterns: ['df *'],
      allow: ['df a.txt'],
      refuse: [['df a.txt > .git/x', 'write-into-git']],
    },
  },
  basename: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['basename *'],
      allow: ['basename a.txt'],
      refuse: [['basename a.txt > .git/x', 'write-into-git']],
    },
  },
  dirname: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['dirname *'],
      allow: ['dirname a.txt'],
      refuse: [['dirname a.txt > .git/x', 'write-into-git']],
    },
  },
  realpath: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['realpath *'],
      allow: ['realpath a.txt'],
      refuse: [['realpath a.txt > .git/x', 'write-into-git']],
    },
  },
  readlink: {
    executes: 'nothing',
    examples: {
      patterns: ['readlink *'],
      allow: ['readlink a.txt'],
      refuse: [['readlink a.txt > .git/x', 'write-into-git']],
    },
  },
  sha256sum: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['sha256sum *'],
      allow: ['sha256sum a.txt'],
      refuse: [['sha256sum a.txt > .git/x', 'write-into-git']],
    },
  },
  md5sum: {
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['md5sum *'],
      allow: ['md5sum a.txt'],
      refuse: [['md5sum a.txt > .git/x', 'write-into-git']],
    },
  },
  base64: {
    executes: 'nothing',
    examples: {
      patterns: ['base64 *'],
      allow: ['base64 a.txt'],
      refuse: [['base64 a.txt > .git/x', 'write-into-git']],
    },
  },
  rm: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('rm'),
    examples: {
      patterns: ['rm *'],
      allow: ['rm a.txt', 'rm -rf build/*.o', 'rm -- -x.txt'],
      refuse: [
        ['rm a.txt > .git/x', 'write-into-git'],
        ['rm .git/index', 'write-into-git'],
        ['rm -rf .git', 'write-into-git'],
        ['rm -f ./.git/hooks/pre-push', 'write-into-git'],
        ['rm src/../.git/config', 'write-into-git'],
        ['rm .G*/index', 'write-into-git'],
      ],
    },
  },
  touch: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('touch', TOUCH_OPTIONS),
    examples: {
      patterns: ['touch *'],
      allow: ['touch a.txt', 'touch -r .git/HEAD a.txt'],
      refuse: [
        ['touch a.txt > .git/x', 'write-into-git'],
        ['touch .git/hooks/post-checkout', 'write-into-git'],
        ['touch -r .git/HEAD -- .git/x', 'write-into-git'],
      ],
    },
  },
  mkdir: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('mkdir', MODE_OPTIONS),
    examples: {
      patterns: ['mkdir *'],
      allow: ['mkdir -p out/a'],
      refuse: [
        ['mkdir a.txt > .git/x', 'write-into-git'],
        ['mkdir -p .git/hooks', 'write-into-git'],
        ['mkdir -m 755 .git/info', 'write-into-git'],
      ],
    },
  },
  rmdir: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('rmdir'),
    examples: {
      patterns: ['rmdir *'],
      allow: ['rmdir out'],
      refuse: [
        ['rmdir a > .git/x', 'write-into-git'],
        ['rmdir .git/refs/tags', 'write-into-git'],
      ],
    },
  },
  chmod: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('chmod', MODE_OPTIONS),
    examples: {
      patterns: ['chmod *'],
      allow: ['chmod +x run.sh', 'chmod --reference=.git/config a.txt'],
      refuse: [
        ['chmod a.txt > .git/x', 'write-into-git'],
        ['chmod +x .git/hooks/x', 'write-into-git'],
        ['chmod -R u+w .git', 'write-into-git'],
      ],
    },
  },
  unlink: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('unlink'),
    examples: {
      patterns: ['unlink *'],
      allow: ['unlink a.txt'],
      refuse: [['unlink .git/index', 'write-into-git']],
    },
  },
  chown: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('chown', OWNER_OPTIONS),
    examples: {
      patterns: ['chown *'],
      allow: ['chown 1000 a.txt'],
      refuse: [['chown -R 1000 .git', 'write-into-git']],
    },
  },
  chgrp: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('chgrp', OWNER_OPTIONS),
    examples: {
      patterns: ['chgrp *'],
      allow: ['chgrp users a.txt'],
      refuse: [['chgrp users .git/config', 'write-into-git']],
    },
  },
  truncate: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('truncate', TRUNCATE_OPTIONS),
    examples: {
      patterns: ['truncate *'],
      allow: ['truncate -s 0 a.log', 'truncate -r .git/index a.bin'],
      refuse: [['truncate -s 0 .git/index', 'write-into-git']],
    },
  },
  shred: {
    endsOptionsWithDoubleDash: true,
    analyse: analyseChangesOperands('shred', SHRED_OPTIONS),
    examples: {
      patterns: ['shred *'],
      allow: ['shred -n 1 a.bin'],
      refuse: [['shred -u .git/index', 'write-into-git']],
    },
  },
  tree: {
    options: TREE_OPTIONS,
    executes: 'nothing',
    examples: {
      patterns: ['tree *', '> out/**'],
      allow: ['tree -L 2 src'],
      refuse: [['tree -o t.txt src', 'write-not-allowed']],
    },
  },
  file: {
    options: FILE_OPTIONS,
    executes: 'nothing',
    examples: {
      patterns: ['file *'],
      allow: ['file -b a.txt'],
      refuse: [['file -C -m magic', 'dangerous-option']],
    },
  },
  date: {
    options: DATE_OPTIONS,
    executes: 'nothing',
    examples: {
      patterns: ['date *'],
      allow: ['date -u +%s', "date -d '1 day ago'"],
      refuse: [["date -s '2020-01-01'", 'dangerous-option']],
    },
  },
  ln: {
    analyse: analyseCopy('ln'),
    examples: {
      patterns: ['ln *'],
      allow: ['ln -s a.txt b.txt', 'ln -s .git/config cfg', 'ln -s ../x'],
      refuse: [
        ['ln -s /tmp/x .git/hooks/pre-push', 'write-into-git'],
        ['ln -sf x .git', 'write-into-git'],
        ['ln -s ../other/.git', 'write-into-git'],
        ['ln -t .git/hooks ../x', 'write-into-git'],
      ],
    },
  },
  cp: {
    analyse: analyseCopy('cp'),
    examples: {
      patterns: ['cp *'],
      allow: ['cp a.txt b.txt', 'cp .git/config /tmp/x', 'cp -r .git/hooks backup/', 'cp a.txt .'],
      refuse: [
        ['cp a.txt .git/hooks/pre-commit', 'write-into-git'],
        ['cp -t .git/hooks a', 'write-into-git'],
        ['cp -t.git/hooks a', 'write-into-git'],
        ['cp --target-directory=.git/hooks a', 'write-into-git'],
        ['cp a ./.git/hooks/x', 'write-into-git'],
        ['cp a src/../.git/hooks/x', 'write-into-git'],
        ['cp a {.git/hooks/x,}', 'write-into-git'],
        ['cp -r hooks .git', 'write-into-git'],
        ['cp a .GIT/config', 'write-into-git'],
      ],
    },
  },
  mv: {
    analyse: analyseCopy('mv'),
    examples: {
      patterns: ['mv *'],
      allow: ['mv a.txt b.txt', 'mv a.txt out/'],
      refuse: [
        ['mv a .git/config', 'write-into-git'],
        ['mv .git .git-old', 'write-into-git'],
        ['mv .git/hooks/x /tmp/x', 'write-into-git'],
        ['mv a .gi?/x', 'write-into-git'],
      ],
    },
  },
  install: {
    analyse: analyseCopy('install'),
    examples: {
      patterns: ['install *'],
      allow: ['install -m755 a bin/a', 'install -d out/bin'],
      refuse: [
        ['install -m755 a .git/hooks/x', 'write-into-git'],
        ['install -d .git/hooks', 'write-into-git'],
        ['install -t .git/hooks a', 'write-into-git'],
      ],
    },
  },
  tee: {
    analyse: analyseTee,
    examples: {
      patterns: ['tee *', 'echo *', '> logs/**'],
      allow: ['echo x | tee logs/a.txt', 'echo x | tee /dev/null'],
      refuse: [
        ['echo x | tee a.txt', 'write-not-allowed'],
        ['echo x | tee -a .git/hooks/pre-commit', 'write-into-git'],
      ],
    },
  },
  dd: {
    analyse: analyseDd,
    examples: {
      patterns: ['dd *', '> out/**'],
      allow: ['dd if=a.img of=out/b.img bs=1M'],
      refuse: [
        ['dd if=a.img of=b.img', 'write-not-allowed'],
        ['dd if=a.img "$target"', 'dangerous-option'],
      ],
    },
  },
  sponge: {
    analyse: analyseOutputOperand('sponge', {}, 0),
    examples: {
      patterns: ['sponge *', 'cat *', '> out/**'],
      allow: ['cat a.txt | sponge out/a.txt'],
      refuse: [['cat a.txt | sponge a.txt', 'write-not-allowed']],
    },
  },
  xxd: {
    analyse: analyseOutputOperand(
      'xxd',
      { values: ['-c COLS', '-g BYTES', '-l LEN', '-o OFFSET', '-s SEEK', '-n NAME'] },
      1,
    ),
    examples: {
      patterns: ['xxd *', '> out/**'],
      allow: ['xxd a.bin', 'xxd a.bin out/a.hex'],
      refuse: [['xxd a.bin a.hex', 'write-not-allowed']],
    },
  },
  uniq: {
    options: UNIQ_OPTIONS,
    analyse: analyseOutputOperand('uniq', UNIQ_OPTIONS, 1),
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['uniq *', '> out/**'],
      allow: ['uniq -c a.txt', 'uniq a.txt out/u.txt'],
      refuse: [['uniq a.txt u.txt', 'write-not-allowed']],
    },
  },
};
