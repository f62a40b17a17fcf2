/** Programs that pack and unpack archives: what they run, and which files they create or change. */
import { emptyAnalysis, optionDanger, type Analysis, type Analyzer } from './analysis.js';
import { addChanged, changed, tableAnalysis } from './common.js';
import {
  absorb,
  compiled,
  optionValue,
  scanOptions,
  type OptionTable,
  type ScanResult,
} from './options.js';
import { RUNS, RUNS_SHELL, WRITES, type ProgramFamily } from './spec.js';
import { literalWord, valueOf, type Word } from '../read/words.js';

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
  // zip's two-letter options (-TT, -tt) are checked by analyseZip, below.
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

/** tar also takes old-style options: `tar cvfI archive prog` (letters without a dash, values after). */
const analyseTar: Analyzer = (words) => {
  const result = emptyAnalysis();
  const t = compiled(TAR_OPTIONS);
  let from = 1;
  const first = words[1];
  /** Where the old-style `f` letter takes its archive. */
  let archiveAt: number | undefined;
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
        archiveAt = next;
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
  addTarChanges(result, words, scan, archiveAt);
  return result;
};

const TAR_WRITES_ARCHIVE = /^(--(create|append|update|concatenate|catenate)$|-[A-Za-z]*[cruA])/;

const TAR_EXTRACTS = /^(--(extract|get)$|-[A-Za-z]*x)/;

/**
 * What tar changes that its words name: the archive it creates or adds to, and each `-C` directory
 * it extracts into (the members' own names are in the archive, which is not read here).
 */
function addTarChanges(
  result: Analysis,
  words: readonly Word[],
  scan: ScanResult,
  archiveAt: number | undefined,
): void {
  const oldStyle = words[1]?.literal && /^[A-Za-z]+$/.test(words[1].text) ? words[1].text : '';
  const modes = words.filter((w) => w.literal).map((w) => w.text);
  const writesArchive = /[cruA]/.test(oldStyle) || modes.some((m) => TAR_WRITES_ARCHIVE.test(m));
  const extracts = oldStyle.includes('x') || modes.some((m) => TAR_EXTRACTS.test(m));
  if (writesArchive && archiveAt !== undefined && words[archiveAt])
    addChanged(result, words, archiveAt, 'tar -f');
  for (const option of scan.options) {
    const file = option.name === '-f' || option.name === '--file';
    const directory = option.name === '-C' || option.name === '--directory';
    if (!((file && writesArchive) || (directory && extracts))) continue;
    const value = option.value;
    if (value === undefined) continue;
    const target = typeof value === 'string' ? literalWord(value) : value;
    const at = option.valueIndex ?? option.index;
    const word = words[at] as Word;
    result.writes.push(
      changed(at, word.literal ? word.text.length : 0, `tar ${option.name}`, target),
    );
  }
}

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

/** unzip: `-d DIR` is where it extracts (the members' own names are in the archive). */
const analyseUnzip: Analyzer = (words) => {
  const result = emptyAnalysis();
  words.forEach((word, i) => {
    if (i === 0 || !word.literal) return;
    if (word.text === '-d' && words[i + 1]) addChanged(result, words, i + 1, 'unzip -d');
    else if (word.text.startsWith('-d') && word.text.length > 2)
      result.writes.push(
        changed(i, word.text.length, 'unzip -d', literalWord(word.text.slice(2), word.start)),
      );
  });
  return result;
};

/** Programs that pack and unpack archives. */
export const ARCHIVES: ProgramFamily = {
  tar: {
    aliases: ['gtar', 'bsdtar'],
    options: TAR_OPTIONS,
    analyse: analyseTar,
    examples: {
      patterns: ['tar *', 'gzip *'],
      allow: [
        'tar -czf out.tgz src',
        'tar xzf a.tgz',
        'tar -I gzip -cf a.tgz src',
        'tar -czf /tmp/git.tgz .git',
        'tar -xf a.tar -C out',
        'tar -tf .git/x.tar -C .git',
      ],
      refuse: [
        ['tar -xf a.tar -C .git', 'write-into-git'],
        ['tar xf a.tar --directory=.git/hooks', 'write-into-git'],
        ['tar -czf .git/x.tgz src', 'write-into-git'],
        ['tar cf .git/x.tar src', 'write-into-git'],
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
  unzip: {
    analyse: analyseUnzip,
    examples: {
      patterns: ['unzip *'],
      allow: ['unzip -o a.zip -d out', 'unzip -l a.zip'],
      refuse: [
        ['unzip a.zip -d .git/hooks', 'write-into-git'],
        ['unzip -d.git a.zip', 'write-into-git'],
      ],
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
};
