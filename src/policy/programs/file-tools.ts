import { emptyAnalysis, optionDanger, type Analyzer } from './analysis.js';
import { possibleOperands, quoted, tableAnalysis } from './common.js';
import {
  absorb,
  compiled,
  compileTable,
  optionValue,
  scanOptions,
  type OptionTable,
} from './options.js';
import { RUNS, RUNS_SHELL, WRITES, type ProgramFamily } from './spec.js';
import { literalWord, valueOf, type Word } from '../read/words.js';

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

const TAR_OPTIONS: OptionTable = {
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
};

const CPIO_OPTIONS: OptionTable = {
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
};

const ZIP_OPTIONS: OptionTable = {
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

/** tar also takes old-style options: `tar cvfI archive prog` (letters without a dash, values after). */
const analyseTar: Analyzer = (words) => {
  const result = emptyAnalysis();
  const t = compiled(TAR_OPTIONS);
  let from = 1;
  const first = words[1];
  if (first?.literal && /^[A-Za-z]+$/.test(first.text)) {
    let next = 2;
    for (const letter of first.text) {
      const spec = t.short.get(letter);
      if (spec?.danger) {
        result.dangers.push(
          optionDanger(
            1,
            first.text.length,
            `${typeof spec.danger === 'string' ? spec.danger : spec.danger.why} (tar ${letter})`,
          ),
        );
      }
      if (letter === 'f') {
        const archive = valueOf(words[next]);
        if (archive?.includes(':'))
          result.dangers.push(
            optionDanger(next, archive.length, 'uses an archive on another host, through rsh'),
          );
      }
      if (spec && spec.arity === 'required') next++;
    }
    from = next;
  }
  const scan = scanOptions(words, from, t);
  absorb(result, scan);
  // As the scan reads it: after `--` the word is a file name and forces nothing.
  const forceLocal = scan.options.some((option) => option.name === '--force-local');
  for (const option of scan.options) {
    const value = optionValue(option);
    if ((option.name === '-f' || option.name === '--file') && value?.includes(':') && !forceLocal) {
      result.dangers.push(
        optionDanger(option.index, option.spell, 'uses an archive on another host, through rsh'),
      );
    }
  }
  return result;
};

const analyseZip: Analyzer = (words) => {
  const result = tableAnalysis(ZIP_OPTIONS, words);
  words.forEach((w, i) => {
    if (i > 0 && w.literal && /^-[^-]*TT/.test(w.text)) {
      result.dangers.push(
        optionDanger(i, w.text.indexOf('TT') + 2, 'runs a program to test the archive (zip -TT)'),
      );
    }
  });
  return result;
};

/**
 * ln, cp, mv, install: a link or copy of a program runs that program under the new name
 * (`ln -s /bin/rm del`). The sources are what the new names will stand for.
 */
const COPY_TABLE = compileTable({
  values: ['-t, --target-directory=DIRECTORY', '-S, --suffix=SUFFIX', '-m, --mode=MODE'],
});

const analyseCopy: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, COPY_TABLE);
  const intoDirectory = scan.options.some(
    (o) => o.name === '-t' || o.name === '--target-directory',
  );
  const sources = intoDirectory ? scan.operands : scan.operands.slice(0, -1);
  for (const i of sources) {
    const word = words[i] as Word;
    result.renames.push({ index: i, text: word.literal ? quoted(word.text) : undefined });
  }
  return result;
};

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
    examples: {
      patterns: ['rm *'],
      allow: ['rm a.txt'],
      refuse: [['rm a.txt > .git/x', 'write-into-git']],
    },
  },
  touch: {
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['touch *'],
      allow: ['touch a.txt'],
      refuse: [['touch a.txt > .git/x', 'write-into-git']],
    },
  },
  mkdir: {
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['mkdir *'],
      allow: ['mkdir a.txt'],
      refuse: [['mkdir a.txt > .git/x', 'write-into-git']],
    },
  },
  rmdir: {
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['rmdir *'],
      allow: ['rmdir a.txt'],
      refuse: [['rmdir a.txt > .git/x', 'write-into-git']],
    },
  },
  chmod: {
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['chmod *'],
      allow: ['chmod a.txt'],
      refuse: [['chmod a.txt > .git/x', 'write-into-git']],
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
  tar: {
    aliases: ['gtar', 'bsdtar'],
    options: TAR_OPTIONS,
    analyse: analyseTar,
    examples: {
      patterns: ['tar *', 'gzip *'],
      allow: ['tar -czf out.tgz src', 'tar xzf a.tgz', 'tar -I gzip -cf a.tgz src'],
      refuse: [
        ['tar --to-command=sh -xf a.tar', 'no-matching-pattern'],
        ['tar -I xz -cf a.tgz src', 'no-matching-pattern'],
        ['tar -cf host:a.tar src', 'dangerous-option'],
      ],
    },
  },
  cpio: {
    options: CPIO_OPTIONS,
    examples: {
      patterns: ['cpio *'],
      allow: ['cpio -i -F a.cpio'],
      refuse: [['cpio -i --rsh-command=ssh -F a.cpio', 'no-matching-pattern']],
    },
  },
  zip: {
    options: ZIP_OPTIONS,
    analyse: analyseZip,
    examples: {
      patterns: ['zip *'],
      allow: ['zip -r out.zip src'],
      refuse: [
        ['zip -T -TT ./check out.zip', 'dangerous-option'],
        ['zip --unzip-command=unzip -T out.zip', 'no-matching-pattern'],
      ],
    },
  },
  ln: {
    analyse: analyseCopy,
    examples: {
      patterns: ['*', '!rm *'],
      allow: ['ln -s a.txt b.txt'],
      refuse: [['ln -s /bin/rm del', 'denied-pattern']],
    },
  },
  cp: {
    analyse: analyseCopy,
    examples: {
      patterns: ['*', '!rm *'],
      allow: ['cp a.txt b.txt'],
      refuse: [['cp /bin/rm del', 'denied-pattern']],
    },
  },
  mv: {
    analyse: analyseCopy,
    examples: {
      patterns: ['*', '!rm *'],
      allow: ['mv a.txt b.txt'],
      refuse: [['mv /bin/rm del', 'denied-pattern']],
    },
  },
  install: {
    analyse: analyseCopy,
    examples: {
      patterns: ['*', '!rm *'],
      allow: ['install a.txt b.txt'],
      refuse: [['install /bin/rm del', 'denied-pattern']],
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
