import {
  emptyAnalysis,
  optionDanger,
  unresolvable,
  type Analysis,
  type Analyzer,
  type ProgramContext,
} from './analysis.js';
import { addScript, addStdinScript } from './common.js';
import type { ProgramFamily } from './spec.js';
import { mayBeOption, valueOf, type Word } from '../words.js';

/** bash [options] [-c TEXT [NAME [ARGS]] | FILE [ARGS]]: the text, a file, or standard input. */
export function analyseShell(name: string): Analyzer {
  return (words, context: ProgramContext) => {
    const result = emptyAnalysis();
    let command = false;
    let fromStdin = false;
    let i = 1;
    for (; i < words.length; i++) {
      const word = words[i] as Word;
      if (!word.literal) {
        if (mayBeOption(word) || word.text.startsWith('+')) {
          result.dangers.push(unresolvable(i, `'${word.source}' could change how ${name} is run`));
          return result;
        }
        break;
      }
      const text = word.text;
      if (text === '--' || text === '-') {
        i++;
        break;
      }
      if (text.startsWith('--')) {
        if (/^--(rcfile|init-file)(=|$)/.test(text)) {
          result.dangers.push(
            optionDanger(
              i,
              text.indexOf('=') < 0 ? text.length : text.indexOf('='),
              `runs the startup file it names (${text.split('=')[0]})`,
            ),
          );
          if (!text.includes('=')) i++;
        }
        continue;
      }
      if (!text.startsWith('-') && !text.startsWith('+')) break;
      for (let k = 1; k < text.length; k++) {
        const c = text[k];
        if (c === 'c') command = true;
        else if (c === 's') fromStdin = true;
        else if (c === 'o' || c === 'O') {
          if (k === text.length - 1) i++;
          break;
        }
      }
    }
    if (command) {
      addScript(result, words[i], i, `in the script of ${name} -c`);
      return result;
    }
    const operand = words[i];
    if (operand && !fromStdin) {
      const path = operand.literal ? operand.text : undefined;
      if (path === undefined ? operand.source.startsWith('<(') : /^\/(dev|proc)\//.test(path)) {
        result.dangers.push(
          unresolvable(i, `${name} runs a script that is not known until run time`),
        );
      }
      return result;
    }
    addStdinScript(result, name, context);
    return result;
  };
}

/** eval ARGS: the words joined by spaces are shell text. */
const analyseEval: Analyzer = (words) => {
  const result = emptyAnalysis();
  const args = words.slice(valueOf(words[1]) === '--' ? 2 : 1);
  if (args.length === 0) return result;
  if (args.some((w) => !w.literal)) {
    const bad = args.findIndex((w) => !w.literal);
    result.dangers.push(
      unresolvable(
        words.indexOf(args[bad] as Word),
        'eval runs text that is not known until run time',
      ),
    );
    return result;
  }
  result.scripts.push({
    text: args.map((w) => w.text).join(' '),
    where: 'in the text run by eval',
    index: args.length === 1 ? words.length - 1 : undefined,
  });
  return result;
};

/** source FILE / . FILE: runs a file in this shell, so its effect on the directory is unknown. */
function analyseSource(name: string): Analyzer {
  return (words, context) => {
    const result: Analysis = { ...emptyAnalysis(), changesDirectory: { target: undefined } };
    let i = 1;
    if (valueOf(words[i]) === '--') i++;
    const file = words[i];
    if (!file) return result;
    const path = valueOf(file);
    if (path === '/dev/stdin' || path === '/proc/self/fd/0' || path === '/dev/fd/0') {
      addStdinScript(result, name, context);
    } else if (
      path === undefined
        ? file.source.startsWith('<(') || file.splits
        : /^\/(dev|proc)\//.test(path)
    ) {
      result.dangers.push(unresolvable(i, `${name} runs a file that is not known until run time`));
    }
    return result;
  };
}

/** trap [-lp] [[ACTION] SIGNAL...]: ACTION is shell text run later. */
const analyseTrap: Analyzer = (words) => {
  const result = emptyAnalysis();
  let i = 1;
  const first = valueOf(words[i]);
  if (first === '-l' || first === '-p' || first === '-lp' || first === '-pl') return result;
  if (first === '--') i++;
  if (words.length - i < 2) return result;
  const action = words[i] as Word;
  if (!action.literal) {
    result.dangers.push(unresolvable(i, 'trap runs text that is not known until run time'));
    return result;
  }
  if (action.text === '-' || action.text === '') return result;
  result.scripts.push({
    text: action.text,
    where: 'in a trap',
    index: i,
    deferred: true,
    betweenCalls: true,
  });
  return result;
};

/** Shells, and the builtins that run shell text in this shell. */
export const SHELLS: ProgramFamily = {
  sh: {
    role: 'shell',
    examples: {
      patterns: ['sh scripts/*', 'ls *'],
      allow: ['sh scripts/build.sh'],
      refuse: [
        ["sh -c 'ls'", 'no-matching-pattern'],
        ['sh scripts/build.sh; rm x', 'no-matching-pattern'],
      ],
    },
  },
  bash: {
    role: 'shell',
    examples: {
      // `bash *` runs any file, so it runs any text too; what the text runs still meets the deny
      // patterns, which these examples do not have.
      patterns: ['bash *', 'echo *'],
      allow: ["bash -c 'rm -rf build'", 'echo rm x | bash', "bash <<'EOF'\nrm x\nEOF"],
      refuse: [['ls | bash', 'no-matching-pattern']],
    },
  },
  dash: { role: 'shell' },
  zsh: { role: 'shell' },
  ksh: { role: 'shell' },
  mksh: { role: 'shell' },
  ash: { role: 'shell' },
  yash: { role: 'shell' },
  posh: { role: 'shell' },
  rbash: { role: 'shell' },
  lksh: { role: 'shell' },
  pdksh: { role: 'shell' },
  oksh: { role: 'shell' },
  csh: { role: 'shell' },
  tcsh: { role: 'shell' },
  fish: { role: 'shell' },
  eval: { role: 'runner', analyse: analyseEval },
  source: { role: 'runner', analyse: analyseSource('source') },
  '.': { role: 'runner', analyse: analyseSource('.') },
  trap: { role: 'runner', analyse: analyseTrap },
};
