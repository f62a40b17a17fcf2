import {
  emptyAnalysis,
  optionDanger,
  unresolvable,
  type Analysis,
  type Analyzer,
} from './analysis.js';
import { quoted } from './common.js';
import { absorb, compiled, optionValue, scanOptions, type OptionTable } from './options.js';
import { RUNS, type ProgramFamily } from './spec.js';
import { mayBeOption, valueOf, type Word } from '../read/words.js';

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

const PRINTF_OPTIONS: OptionTable = {
  // `-v NAME` assigns a variable, which the printf analyser checks as an assignment is checked.
  values: ['-v VAR'],
  optionsFirst: true,
};

const HASH_OPTIONS: OptionTable = {
  dangerous: { '-p PATH': 'makes a command name run another program' },
};

const ENABLE_OPTIONS: OptionTable = {
  dangerous: { '-f FILE': 'loads a shared library into the shell' },
};

const BIND_OPTIONS: OptionTable = {
  values: ['-m KEYMAP', '-q FUNCTION', '-u FUNCTION', '-r KEYSEQ', '-f FILE'],
  dangerous: { '-x KEYSEQ:COMMAND': RUNS },
};

const MAPFILE_OPTIONS: OptionTable = {
  values: ['-d DELIM', '-n COUNT', '-O ORIGIN', '-s COUNT', '-u FD', '-c QUANTUM'],
  dangerous: { '-C CALLBACK': 'runs a callback command' },
  optionsFirst: true,
};

const READ_OPTIONS: OptionTable = {
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
};

const FC_OPTIONS: OptionTable = {
  values: ['-e ENAME'],
  dangerous: {
    '-s': 're-runs commands from history',
    '-e ENAME': 'runs an editor on commands, then runs them',
  },
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variable part of NAME, NAME=VALUE, NAME+=VALUE or NAME[N]=VALUE. */
function variableOf(
  word: Word,
): { name: string; length: number; subscript: string | undefined } | undefined {
  const known = word.literal ? word.text : word.prefix;
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?=|$)/.exec(known);
  if (!m) return undefined;
  if (!word.literal && m[3] === '' && m[0] === known) return undefined;
  return {
    name: m[1] as string,
    length: (m[1] as string).length + (m[2]?.length ?? 0) + (m[3]?.length ?? 0),
    subscript: m[2],
  };
}

/** declare, typeset, local, export, readonly: options, then NAME[=VALUE] words. */
function analyseDeclaration(name: string): Analyzer {
  return (words) => {
    const result = emptyAnalysis();
    const flags = new Set<string>();
    let i = 1;
    for (; i < words.length; i++) {
      const word = words[i] as Word;
      if (!word.literal) {
        if (mayBeOption(word) || word.text.startsWith('+')) {
          result.dangers.push(unresolvable(i, `'${word.source}' could change what ${name} does`));
          return result;
        }
        break;
      }
      if (word.text === '--') {
        i++;
        break;
      }
      if (!/^[-+][a-zA-Z]+$/.test(word.text)) break;
      if (word.text.startsWith('-')) for (const c of word.text.slice(1)) flags.add(c);
    }
    const exported = name === 'export' ? !flags.has('n') : flags.has('x');
    if (flags.has('n') && name !== 'export') {
      result.dangers.push(
        optionDanger(1, 0, `makes a name refer to another variable (${name} -n)`),
      );
    }
    if (flags.has('f') && exported) {
      result.dangers.push(optionDanger(1, 0, `exports a shell function to programs (${name} -f)`));
      return result;
    }
    if (flags.has('f') || flags.has('F')) return result;
    for (; i < words.length; i++) {
      const word = words[i] as Word;
      const variable = variableOf(word);
      if (!variable) {
        result.dangers.push(
          unresolvable(i, `sets a variable whose name is not known until run time (${name})`),
        );
        continue;
      }
      if (variable.subscript !== undefined && !/^\[[0-9]+\]$/.test(variable.subscript)) {
        result.dangers.push(
          unresolvable(
            i,
            'uses an array subscript the policy cannot check (subscripts run commands)',
          ),
        );
        continue;
      }
      if (
        flags.has('i') &&
        word.text.includes('=') &&
        !(word.literal && /=[0-9]+$/.test(word.text))
      ) {
        result.dangers.push(
          unresolvable(i, 'gives an integer variable a value that is evaluated as arithmetic'),
        );
      }
      const eq = word.text.indexOf('=');
      const value =
        eq < 0
          ? undefined
          : { ...word, text: word.text.slice(eq + 1), prefix: word.prefix.slice(eq + 1) };
      result.variables.push({
        index: i,
        name: variable.name,
        exported,
        spell: variable.length,
        value,
      });
    }
    return result;
  };
}

/** read, mapfile/readarray, getopts, printf -v: the names they assign. */
const analyseRead: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, compiled(READ_OPTIONS));
  absorb(result, scan);
  const names = [...scan.operands];
  for (const option of scan.options)
    if (option.name === '-a' && option.valueIndex !== undefined) names.push(option.valueIndex);
  addNames(result, words, names, 'read');
  return result;
};

const analyseMapfile: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, compiled(MAPFILE_OPTIONS));
  absorb(result, scan);
  addNames(result, words, scan.operands.slice(0, 1), 'mapfile');
  return result;
};

const analyseGetopts: Analyzer = (words) => {
  const result = emptyAnalysis();
  addNames(result, words, words.length > 2 ? [2] : [], 'getopts');
  return result;
};

const analysePrintf: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, compiled(PRINTF_OPTIONS));
  absorb(result, scan);
  for (const option of scan.options) {
    if (option.name === '-v') {
      if (option.valueIndex !== undefined)
        addNames(result, words, [option.valueIndex], 'printf -v');
      else if (typeof option.value === 'string' && NAME.test(option.value)) {
        result.variables.push({
          index: option.index,
          name: option.value,
          exported: false,
          spell: option.spell + option.value.length,
        });
      } else {
        result.dangers.push(
          unresolvable(option.index, 'printf -v assigns a name the policy cannot check'),
        );
      }
    }
  }
  return result;
};

function addNames(
  result: Analysis,
  words: readonly Word[],
  indices: readonly number[],
  what: string,
): void {
  for (const i of indices) {
    const word = words[i] as Word;
    if (!word.literal || !NAME.test(word.text)) {
      result.dangers.push(
        unresolvable(
          i,
          `${what} assigns a name the policy cannot check (array subscripts run commands)`,
        ),
      );
    } else {
      result.variables.push({
        index: i,
        name: word.text,
        exported: false,
        spell: word.text.length,
      });
    }
  }
}

const analyseUnset: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (word.literal && /^-[fvn]+$/.test(word.text)) continue;
    if (
      !word.literal ||
      (word.text.includes('[') && !/^[A-Za-z_][A-Za-z0-9_]*\[-?[0-9]+\]$/.test(word.text))
    ) {
      result.dangers.push(
        unresolvable(i, 'unsets a name the policy cannot check (array subscripts run commands)'),
      );
    }
  }
  return result;
};

/** Arithmetic on literal numbers only. */
const LET_NUMBERS = /^[0-9\s+\-*/%()<>=!&|^~]*$/;
/** `NAME=EXPR` where EXPR is arithmetic on literal numbers (`==` is a comparison, not this). */
const LET_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(?!=)([0-9\s+\-*/%()<>!&|^~]*)$/;

/**
 * `let` evaluates arithmetic, which runs commands hidden in variable values. An argument the reading
 * printed with its variables checked at run time (let-arguments.ts) passes; of the others, it may
 * compute on numbers and assign the result to a plain name, checked as any assignment is, but it
 * may not read a variable (`let "a=$b+1"` evaluates b's value).
 */
const analyseLet: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (word.arithmetic === true) continue;
    const assigns = word.literal ? LET_ASSIGNMENT.exec(word.text) : null;
    if (assigns) {
      const name = assigns[1] as string;
      result.variables.push({ index: i, name, exported: false, spell: name.length + 1 });
      continue;
    }
    if (!word.literal || !LET_NUMBERS.test(word.text)) {
      result.dangers.push(
        unresolvable(
          i,
          'evaluates arithmetic on variables, which can run commands hidden in their values',
        ),
      );
    }
  }
  return result;
};

/** test / [: `-v NAME` with a subscript runs commands. */
const analyseTest: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) continue;
    if (word.text === '-v' || word.text === '-R') {
      const operand = words[i + 1];
      if (operand && (!operand.literal || operand.text.includes('['))) {
        result.dangers.push(
          unresolvable(
            i + 1,
            `tests ${word.text} on a name the policy cannot check (array subscripts run commands)`,
          ),
        );
      }
    }
  }
  return result;
};

/** cd, pushd, popd change the directory later redirections resolve against. */
const analyseCd: Analyzer = (words) => {
  const result: Analysis = { ...emptyAnalysis(), changesDirectory: { target: undefined } };
  let i = 1;
  for (; i < words.length; i++) {
    const text = valueOf(words[i]);
    if (text === '--') {
      i++;
      break;
    }
    if (text === undefined || !/^-[LPe@]+$/.test(text)) break;
  }
  return { ...result, changesDirectory: { target: words[i] } };
};

const analysePushd: Analyzer = (words) => {
  const target = words[1];
  const text = valueOf(target);
  const known = target && text !== undefined && !/^[-+]/.test(text) ? target : undefined;
  return { ...emptyAnalysis(), changesDirectory: { target: known } };
};

const analysePopd: Analyzer = () => ({
  ...emptyAnalysis(),
  changesDirectory: { target: undefined },
});

/** alias NAME=VALUE changes what a later command word runs. */
const analyseAlias: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    const known = word.literal ? word.text : word.prefix;
    if (word.literal && !known.includes('=')) continue;
    const eq = known.indexOf('=');
    result.dangers.push(
      optionDanger(
        i,
        eq < 0 ? 0 : word.text.length,
        'defines an alias, which changes what a later command runs',
      ),
    );
    result.renames.push({ index: i, text: word.literal ? word.text.slice(eq + 1) : undefined });
  }
  return result;
};

/** hash -p PATH NAME makes NAME run PATH. */
const analyseHash: Analyzer = (words) => {
  const result = emptyAnalysis();
  const scan = scanOptions(words, 1, compiled(HASH_OPTIONS));
  absorb(result, scan);
  for (const option of scan.options) {
    if (option.name !== '-p') continue;
    const path = optionValue(option);
    result.renames.push({
      index: option.index,
      text: path === undefined ? undefined : quoted(path),
    });
  }
  return result;
};

/** Builtins of bash that set variables, change the directory or rename commands. */
export const BUILTINS: ProgramFamily = {
  pwd: {
    executes: 'nothing',
    examples: { patterns: ['pwd'], allow: ['pwd'], refuse: [['pwd -P', 'no-matching-pattern']] },
  },
  echo: {
    executes: 'nothing',
    examples: {
      patterns: ['echo hello *'],
      allow: ['echo hello world'],
      refuse: [['echo bye', 'no-matching-pattern']],
    },
  },
  true: {
    executes: 'nothing',
    examples: { patterns: ['true'], allow: ['true'], refuse: [['true x', 'no-matching-pattern']] },
  },
  false: {
    executes: 'nothing',
    examples: {
      patterns: ['false'],
      allow: ['false'],
      refuse: [['false x', 'no-matching-pattern']],
    },
  },
  cd: {
    analyse: analyseCd,
    executes: 'nothing',
    examples: {
      patterns: ['cd *', 'echo *', '> out/**'],
      allow: ['cd out && echo x > f.txt', 'cd -P src'],
      refuse: [['cd src && echo x > f.txt', 'write-not-allowed']],
    },
  },
  pushd: {
    analyse: analysePushd,
    examples: {
      patterns: ['pushd *', 'echo *', '> out/**'],
      allow: ['pushd out && echo x > f.txt'],
      refuse: [['pushd src && echo x > f.txt', 'write-not-allowed']],
    },
  },
  popd: {
    analyse: analysePopd,
    examples: {
      patterns: ['popd', 'pushd *', 'echo *', '> out/**'],
      allow: ['pushd out && popd'],
      refuse: [['pushd out && popd && echo x > f.txt', 'write-target-unknown']],
    },
  },
  printf: {
    options: PRINTF_OPTIONS,
    analyse: analysePrintf,
    executes: 'nothing',
    examples: {
      patterns: ['printf *'],
      allow: ["printf '%s\\n' x", 'printf -v line %s x'],
      refuse: [
        ['printf -v "$name" %s x', 'unresolvable'],
        ['printf -v PATH %s /tmp', 'risky-variable'],
      ],
    },
  },
  test: {
    analyse: analyseTest,
    executes: 'nothing',
    examples: {
      patterns: ['test *'],
      allow: ['test -f a.txt', 'test -v HOME'],
      refuse: [['test -v "a[$(ls)]"', 'unresolvable']],
    },
  },
  '[': {
    analyse: analyseTest,
    executes: 'nothing',
    examples: {
      patterns: ['[ *'],
      allow: ['[ -f a.txt ]'],
      refuse: [['[ -v "a[$(ls)]" ]', 'unresolvable']],
    },
  },
  declare: {
    analyse: analyseDeclaration('declare'),
    examples: {
      patterns: ['declare *'],
      allow: ['declare -a names=(x y)', 'declare count=1'],
      refuse: [
        ['declare PATH=/tmp', 'risky-variable'],
        ['declare -n ref=x', 'dangerous-option'],
      ],
    },
  },
  typeset: {
    analyse: analyseDeclaration('typeset'),
    examples: {
      patterns: ['typeset *'],
      allow: ['typeset -a names=(x y)', 'typeset count=1'],
      refuse: [
        ['typeset PATH=/tmp', 'risky-variable'],
        ['typeset -n ref=x', 'dangerous-option'],
      ],
    },
  },
  local: {
    analyse: analyseDeclaration('local'),
    examples: {
      patterns: ['local *'],
      allow: ['local -a names=(x y)', 'local count=1'],
      refuse: [
        ['local PATH=/tmp', 'risky-variable'],
        ['local -n ref=x', 'dangerous-option'],
      ],
    },
  },
  export: {
    analyse: analyseDeclaration('export'),
    examples: {
      patterns: ['export *'],
      allow: ['export NODE_ENV=test'],
      refuse: [
        ['export PATH=/tmp', 'risky-variable'],
        ['export -f f', 'dangerous-option'],
        ['export "$name=1"', 'unresolvable'],
      ],
    },
  },
  readonly: {
    analyse: analyseDeclaration('readonly'),
    examples: {
      patterns: ['readonly *'],
      allow: ['readonly -a names=(x y)', 'readonly count=1'],
      refuse: [
        ['readonly PATH=/tmp', 'risky-variable'],
        ['readonly -n ref=x', 'dangerous-option'],
      ],
    },
  },
  read: {
    options: READ_OPTIONS,
    analyse: analyseRead,
    examples: {
      patterns: ['read *'],
      allow: ['read -r line', 'read -ra parts'],
      refuse: [
        ['read -r PATH', 'risky-variable'],
        ['read -r "a[$(ls)]"', 'unresolvable'],
      ],
    },
  },
  mapfile: {
    aliases: ['readarray'],
    options: MAPFILE_OPTIONS,
    analyse: analyseMapfile,
    examples: {
      patterns: ['mapfile *'],
      allow: ['mapfile -t lines'],
      refuse: [
        ['mapfile -C cb -t lines', 'inline-code'],
        ['mapfile -t PATH', 'risky-variable'],
      ],
    },
  },
  getopts: {
    analyse: analyseGetopts,
    examples: {
      patterns: ['getopts *'],
      allow: ['getopts ab opt'],
      refuse: [['getopts ab PATH', 'risky-variable']],
    },
  },
  unset: {
    analyse: analyseUnset,
    examples: {
      patterns: ['unset *'],
      allow: ['unset x', 'unset -f f'],
      refuse: [['unset "a[$(ls)]"', 'unresolvable']],
    },
  },
  let: {
    analyse: analyseLet,
    examples: {
      patterns: ['let *'],
      allow: ["let '1+2'", 'let x++', 'let "b = a + 1"'],
      refuse: [['let "x=$y"', 'unresolvable']],
    },
  },
  alias: {
    analyse: analyseAlias,
    examples: {
      patterns: ['alias *'],
      allow: ['alias'],
      refuse: [["alias ll='ls -l'", 'dangerous-option']],
    },
  },
  hash: {
    options: HASH_OPTIONS,
    analyse: analyseHash,
    examples: {
      patterns: ['hash *'],
      allow: ['hash -r'],
      refuse: [['hash -p /bin/rm del', 'dangerous-option']],
    },
  },
  compgen: {
    options: COMPLETION_BUILTIN,
    examples: {
      patterns: ['compgen *'],
      allow: ['compgen -c'],
      refuse: [
        ['compgen -C ls x', 'no-matching-pattern'],
        ['compgen -F f x', 'inline-code'],
      ],
    },
  },
  complete: {
    options: COMPLETION_BUILTIN,
    examples: {
      patterns: ['complete *'],
      allow: ['complete -p'],
      refuse: [['complete -F f cmd', 'inline-code']],
    },
  },
  enable: {
    options: ENABLE_OPTIONS,
    examples: {
      patterns: ['enable *'],
      allow: ['enable'],
      refuse: [['enable -f ./lib.so x', 'dangerous-option']],
    },
  },
  bind: {
    options: BIND_OPTIONS,
    examples: {
      patterns: ['bind *'],
      allow: ['bind -l'],
      refuse: [['bind -x \'"\\C-t":ls\'', 'inline-code']],
    },
  },
  fc: {
    options: FC_OPTIONS,
    examples: { patterns: ['fc *'], allow: ['fc -l'], refuse: [['fc -s', 'dangerous-option']] },
  },
  break: {
    controlsFlow: true,
    examples: {
      patterns: ['ls *'],
      allow: ['for f in a b; do ls "$f" || break; done'],
      refuse: [['for f in a b; do break "$(ls)"; done', 'no-matching-pattern']],
    },
  },
  continue: {
    controlsFlow: true,
    examples: {
      patterns: ['ls *'],
      allow: ['for f in a b; do ls "$f" || continue; done'],
      refuse: [['for f in a b; do continue "$(ls)"; done', 'no-matching-pattern']],
    },
  },
  return: {
    controlsFlow: true,
    examples: {
      patterns: ['ls *'],
      allow: ['f() { ls || return; }; f'],
      refuse: [['f() { return "$(ls)"; }; f', 'no-matching-pattern']],
    },
  },
};
