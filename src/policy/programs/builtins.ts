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
import { mayBeOption, valueOf, type Word } from '../words.js';

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
  dangerous: { '-v VAR': 'assigns a shell variable' },
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
      (word.text.includes('[') && !/^[A-Za-z_][A-Za-z0-9_]*\[[0-9]+\]$/.test(word.text))
    ) {
      result.dangers.push(
        unresolvable(i, 'unsets a name the policy cannot check (array subscripts run commands)'),
      );
    }
  }
  return result;
};

/** `let` evaluates arithmetic, which runs commands hidden in variable values. */
const analyseLet: Analyzer = (words) => {
  const result = emptyAnalysis();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal || !/^[0-9\s+\-*/%()<>=!&|^~]*$/.test(word.text)) {
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
  pwd: { executes: 'nothing' },
  echo: { executes: 'nothing' },
  true: { executes: 'nothing' },
  false: { executes: 'nothing' },
  cd: { analyse: analyseCd, executes: 'nothing' },
  pushd: { analyse: analysePushd },
  popd: { analyse: analysePopd },
  printf: { options: PRINTF_OPTIONS, analyse: analysePrintf, executes: 'nothing' },
  test: { analyse: analyseTest, executes: 'nothing' },
  '[': { analyse: analyseTest, executes: 'nothing' },
  declare: { analyse: analyseDeclaration('declare') },
  typeset: { analyse: analyseDeclaration('typeset') },
  local: { analyse: analyseDeclaration('local') },
  export: { analyse: analyseDeclaration('export') },
  readonly: { analyse: analyseDeclaration('readonly') },
  read: { options: READ_OPTIONS, analyse: analyseRead },
  mapfile: { aliases: ['readarray'], options: MAPFILE_OPTIONS, analyse: analyseMapfile },
  getopts: { analyse: analyseGetopts },
  unset: { analyse: analyseUnset },
  let: { analyse: analyseLet },
  alias: { analyse: analyseAlias },
  hash: { options: HASH_OPTIONS, analyse: analyseHash },
  compgen: { options: COMPLETION_BUILTIN },
  complete: { options: COMPLETION_BUILTIN },
  enable: { options: ENABLE_OPTIONS },
  bind: { options: BIND_OPTIONS },
  fc: { options: FC_OPTIONS },
  break: { controlsFlow: true },
  continue: { controlsFlow: true },
  return: { controlsFlow: true },
};
