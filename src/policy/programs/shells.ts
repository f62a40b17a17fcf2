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
import { mayBeOption, valueOf, type Word } from '../read/words.js';

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
  dash: {
    role: 'shell',
    examples: {
      patterns: ['dash scripts/*', 'ls *'],
      allow: ['dash scripts/build.sh'],
      refuse: [
        ["dash -c 'ls'", 'no-matching-pattern'],
        ['dash other.sh', 'no-matching-pattern'],
      ],
    },
  },
  zsh: {
    role: 'shell',
    examples: {
      patterns: ['zsh scripts/*', 'ls *'],
      allow: ['zsh scripts/build.sh'],
      refuse: [
        ["zsh -c 'ls'", 'no-matching-pattern'],
        ['zsh other.sh', 'no-matching-pattern'],
      ],
    },
  },
  ksh: {
    role: 'shell',
    examples: {
      patterns: ['ksh scripts/*', 'ls *'],
      allow: ['ksh scripts/build.sh'],
      refuse: [
        ["ksh -c 'ls'", 'no-matching-pattern'],
        ['ksh other.sh', 'no-matching-pattern'],
      ],
    },
  },
  mksh: {
    role: 'shell',
    examples: {
      patterns: ['mksh scripts/*', 'ls *'],
      allow: ['mksh scripts/build.sh'],
      refuse: [
        ["mksh -c 'ls'", 'no-matching-pattern'],
        ['mksh other.sh', 'no-matching-pattern'],
      ],
    },
  },
  ash: {
    role: 'shell',
    examples: {
      patterns: ['ash scripts/*', 'ls *'],
      allow: ['ash scripts/build.sh'],
      refuse: [
        ["ash -c 'ls'", 'no-matching-pattern'],
        ['ash other.sh', 'no-matching-pattern'],
      ],
    },
  },
  yash: {
    role: 'shell',
    examples: {
      patterns: ['yash scripts/*', 'ls *'],
      allow: ['yash scripts/build.sh'],
      refuse: [
        ["yash -c 'ls'", 'no-matching-pattern'],
        ['yash other.sh', 'no-matching-pattern'],
      ],
    },
  },
  posh: {
    role: 'shell',
    examples: {
      patterns: ['posh scripts/*', 'ls *'],
      allow: ['posh scripts/build.sh'],
      refuse: [
        ["posh -c 'ls'", 'no-matching-pattern'],
        ['posh other.sh', 'no-matching-pattern'],
      ],
    },
  },
  rbash: {
    role: 'shell',
    examples: {
      patterns: ['rbash scripts/*', 'ls *'],
      allow: ['rbash scripts/build.sh'],
      refuse: [
        ["rbash -c 'ls'", 'no-matching-pattern'],
        ['rbash other.sh', 'no-matching-pattern'],
      ],
    },
  },
  lksh: {
    role: 'shell',
    examples: {
      patterns: ['lksh scripts/*', 'ls *'],
      allow: ['lksh scripts/build.sh'],
      refuse: [
        ["lksh -c 'ls'", 'no-matching-pattern'],
        ['lksh other.sh', 'no-matching-pattern'],
      ],
    },
  },
  pdksh: {
    role: 'shell',
    examples: {
      patterns: ['pdksh scripts/*', 'ls *'],
      allow: ['pdksh scripts/build.sh'],
      refuse: [
        ["pdksh -c 'ls'", 'no-matching-pattern'],
        ['pdksh other.sh', 'no-matching-pattern'],
      ],
    },
  },
  oksh: {
    role: 'shell',
    examples: {
      patterns: ['oksh scripts/*', 'ls *'],
      allow: ['oksh scripts/build.sh'],
      refuse: [
        ["oksh -c 'ls'", 'no-matching-pattern'],
        ['oksh other.sh', 'no-matching-pattern'],
      ],
    },
  },
  csh: {
    role: 'shell',
    examples: {
      patterns: ['csh scripts/*', 'ls *'],
      allow: ['csh scripts/build.sh'],
      refuse: [
        ["csh -c 'ls'", 'no-matching-pattern'],
        ['csh other.sh', 'no-matching-pattern'],
      ],
    },
  },
  tcsh: {
    role: 'shell',
    examples: {
      patterns: ['tcsh scripts/*', 'ls *'],
      allow: ['tcsh scripts/build.sh'],
      refuse: [
        ["tcsh -c 'ls'", 'no-matching-pattern'],
        ['tcsh other.sh', 'no-matching-pattern'],
      ],
    },
  },
  fish: {
    role: 'shell',
    examples: {
      patterns: ['fish scripts/*', 'ls *'],
      allow: ['fish scripts/build.sh'],
      refuse: [
        ["fish -c 'ls'", 'no-matching-pattern'],
        ['fish other.sh', 'no-matching-pattern'],
      ],
    },
  },
  eval: {
    role: 'runner',
    analyse: analyseEval,
    examples: {
      patterns: ['eval *', 'ls *'],
      allow: ["eval 'ls -la'", 'eval ls -la'],
      refuse: [
        ["eval 'rm x'", 'no-matching-pattern'],
        ['eval "$cmd"', 'unresolvable'],
      ],
    },
  },
  source: {
    role: 'runner',
    analyse: analyseSource('source'),
    examples: {
      patterns: ['source *', 'echo *'],
      allow: ['source env.sh'],
      refuse: [['echo ls | source /dev/stdin', 'unresolvable']],
    },
  },
  '.': {
    role: 'runner',
    analyse: analyseSource('.'),
    examples: {
      patterns: ['. *', 'echo *'],
      allow: ['. env.sh'],
      refuse: [['echo ls | . /dev/stdin', 'unresolvable']],
    },
  },
  trap: {
    role: 'runner',
    analyse: analyseTrap,
    examples: {
      patterns: ['trap *', 'rm tmp/*'],
      allow: ["trap 'rm tmp/x' EXIT", 'trap - EXIT'],
      refuse: [
        ["trap 'rm -rf /' EXIT", 'no-matching-pattern'],
        ['trap "$cleanup" EXIT', 'unresolvable'],
      ],
    },
  },
};
