import { emptyAnalysis, optionDanger, unresolvable, type Analyzer } from './analysis.js';
import type { ProgramFamily } from './spec.js';
import { mayBeOption, unknownFrom, valueOf, type Word } from '../read/words.js';

/** find's predicates with the number of words they take. */
const FIND_ARGUMENTS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    [
      '-name',
      '-iname',
      '-path',
      '-ipath',
      '-wholename',
      '-iwholename',
      '-regex',
      '-iregex',
      '-lname',
      '-ilname',
      '-type',
      '-xtype',
      '-perm',
      '-size',
      '-user',
      '-group',
      '-uid',
      '-gid',
      '-mtime',
      '-mmin',
      '-atime',
      '-amin',
      '-ctime',
      '-cmin',
      '-links',
      '-inum',
      '-samefile',
      '-newer',
      '-anewer',
      '-cnewer',
      '-maxdepth',
      '-mindepth',
      '-fstype',
      '-used',
      '-context',
      '-printf',
      '-regextype',
      '-files0-from',
      '-since',
      '-Bmin',
      '-Btime',
      '-Bnewer',
    ].map((p) => [p, 1]),
  ),
};

const FIND_DANGERS: Readonly<Record<string, { readonly args: number; readonly why: string }>> = {
  '-delete': { args: 0, why: 'deletes files' },
};

/** Actions that write the file named by the next word: writes, checked like redirections. */
const FIND_WRITES: Readonly<Record<string, number>> = {
  '-fprint': 1,
  '-fprint0': 1,
  '-fprintf': 2,
  '-fls': 1,
};

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** find [-H] [-L] [-P] [-D opts] [-Olevel] [starting-point...] [expression] */
const analyseFind: Analyzer = (words) => {
  const result = emptyAnalysis();
  let i = 1;
  for (; i < words.length; i++) {
    const text = valueOf(words[i]);
    if (
      text === '-H' ||
      text === '-L' ||
      text === '-P' ||
      (text !== undefined && /^-O\d*$/.test(text))
    )
      continue;
    if (text === '-D') {
      i++;
      continue;
    }
    break;
  }
  // Starting points run until the first word that begins an expression.
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) {
      if (!mayBeOption(word)) continue;
      if (word.splits) {
        result.dangers.push(
          unresolvable(i, `'${word.source}' could expand to find actions such as -exec`),
        );
      } else {
        result.dangers.push(
          optionDanger(i, 0, `'${word.source}' could expand to a find action such as -delete`),
        );
      }
      continue;
    }
    if (/^[-(!),]/.test(word.text) && word.text.length >= 1) break;
  }
  while (i < words.length) {
    const word = words[i] as Word;
    if (!word.literal) {
      result.dangers.push(
        word.splits
          ? unresolvable(i, `'${word.source}' could expand to find actions such as -exec`)
          : optionDanger(i, 0, `'${word.source}' could expand to a find action such as -delete`),
      );
      i++;
      continue;
    }
    const text = word.text;
    if (FIND_EXEC.has(text)) {
      let end = i + 1;
      for (; end < words.length; end++) {
        const t = valueOf(words[end]);
        if (t === ';' || (t === '+' && valueOf(words[end - 1]) === '{}')) break;
      }
      if (end >= words.length) {
        result.dangers.push(unresolvable(i, `find ${text} has no terminating ';' or '+'`));
        return result;
      }
      const inner = words.slice(i + 1, end).map((w, k) =>
        // find puts the path in place of {} anywhere in a word: only a bare {} argument keeps a
        // known shape (a path, not an option); as the command it is a program found on disk.
        w.literal && w.text.includes('{}') && (k === 0 || w.text !== '{}')
          ? unknownFrom(w, w.text.indexOf('{}'))
          : w,
      );
      if (inner.length === 0) {
        result.dangers.push(unresolvable(i, `find ${text} has no command`));
        return result;
      }
      const from: number[] = [];
      for (let k = i + 1; k < end; k++) from.push(k);
      result.inner.push({ words: inner, from, where: `run by find ${text}` });
      i = end + 1;
      continue;
    }
    const writes = FIND_WRITES[text];
    if (writes !== undefined) {
      const target = words[i + 1];
      if (target === undefined) {
        result.dangers.push(optionDanger(i, text.length, `find ${text} has no file`));
        return result;
      }
      result.writes.push({ index: i, spell: text.length, option: `find ${text}`, target });
      i += 1 + writes;
      continue;
    }
    const danger = FIND_DANGERS[text];
    if (danger) {
      result.dangers.push(optionDanger(i, text.length, `${danger.why} (find ${text})`));
      i += 1 + danger.args;
      continue;
    }
    const args = FIND_ARGUMENTS[text] ?? (text.startsWith('-newer') ? 1 : 0);
    i += 1 + args;
  }
  return result;
};

/** fd [OPTIONS] [pattern] [path...] with -x/--exec and -X/--exec-batch running a command. */
const analyseFd: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const text = valueOf(words[i]);
    if (text === '-x' || text === '--exec' || text === '-X' || text === '--exec-batch') {
      let end = i + 1;
      while (end < words.length && valueOf(words[end]) !== ';') end++;
      if (end === i + 1) {
        result.dangers.push(unresolvable(i, `fd ${text} has no command`));
        return result;
      }
      const inner = words
        .slice(i + 1, end)
        .map((w) =>
          w.literal && /\{[^}]*\}/.test(w.text) && !/^\{[/.]*\}$/.test(w.text)
            ? unknownFrom(w, w.text.indexOf('{'))
            : w,
        );
      const from: number[] = [];
      for (let k = i + 1; k < end; k++) from.push(k);
      result.inner.push({ words: inner, from, where: `run by fd ${text}` });
      i = end;
    }
  }
  return result;
};

/** Programs that find files and may run a command on each. */
export const FINDERS: ProgramFamily = {
  find: {
    role: 'runner',
    analyse: analyseFind,
    executes: 'its-commands',
    examples: {
      patterns: ['find *', 'grep *'],
      allow: ["find . -name '*.ts' -exec grep -l x {} +"],
      refuse: [
        ['find . -exec rm {} \\;', 'no-matching-pattern'],
        ['find . -fprint out.txt', 'write-not-allowed'],
        ['find . -delete', 'dangerous-option'],
      ],
    },
  },
  fd: {
    role: 'runner',
    analyse: analyseFd,
    examples: {
      patterns: ['fd *', 'ls *'],
      allow: ['fd -e ts -x ls'],
      refuse: [
        ['fd -e ts -x rm', 'no-matching-pattern'],
        ['fd -e ts -x', 'unresolvable'],
      ],
    },
  },
  fdfind: {
    role: 'runner',
    analyse: analyseFd,
    examples: {
      patterns: ['fdfind *', 'ls *'],
      allow: ['fdfind -e ts -X ls'],
      refuse: [['fdfind -e ts -X rm', 'no-matching-pattern']],
    },
  },
};
