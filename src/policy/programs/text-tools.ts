import {
  codeDanger,
  emptyAnalysis,
  optionDanger,
  type Analysis,
  type Analyzer,
  type RuntimeCheck,
} from './analysis.js';
import { addInPlaceWrites, possibleOperands } from './common.js';
import { absorb, compiled, scanOptions, type OptionTable } from './options.js';
import { awkProgramDangers, awkTemplateDangers, sedScriptDangers } from '../scripts.js';
import { guardableTarget, wordTemplate } from '../read/guards.js';
import { RUNS, WRITES, type ProgramFamily } from './spec.js';
import { valueOf, type Word } from '../read/words.js';

const SED_OPTIONS: OptionTable = {
  // -i rewrites the files it reads: a write of each, checked against the write patterns.
  values: ['-e, --expression=SCRIPT', '-l, --line-length=N', '-i[SUFFIX], --in-place[=SUFFIX]'],
  dangerous: {
    '-f, --file=SCRIPTFILE':
      'runs a sed script from a file, which can run programs and write files',
  },
};

const AWK_OPTIONS: OptionTable = {
  // awk reads options only before the program text.
  optionsFirst: true,
  values: ['-F, --field-separator=FS', '-v, --assign=VAR=VAL', '-e, --source=PROGRAM'],
  dangerous: {
    '-W OPTION': {
      why: 'sets an implementation option (mawk -W exec runs a program file)',
      when: (value) =>
        value === undefined ||
        !/^(sandbox|version|v|usage|help|posix|traditional|compat|lint|dump|interactive|i)$/.test(
          value,
        ),
    },
    '-f, --file=PROGFILE':
      'runs an awk program from a file, which can run programs and write files',
    '-i, --include=FILE': 'loads awk source from a file',
    '-l, --load=LIB': 'loads a shared library',
    '-E, --exec=FILE': 'runs an awk program from a file',
    '-o[FILE], --pretty-print[=FILE]': WRITES,
    '-d[FILE], --dump-variables[=FILE]': WRITES,
    '-p[FILE], --profile[=FILE]': WRITES,
    '-D[FILE], --debug[=FILE]': 'starts the awk debugger',
  },
};

const GREP_OPTIONS: OptionTable = {};

const RG_OPTIONS: OptionTable = {
  values: [
    '-e, --regexp=PATTERN',
    '-f, --file=PATTERNFILE',
    '-g, --glob=GLOB',
    '--iglob=GLOB',
    '-t, --type=TYPE',
    '-T, --type-not=TYPE',
    '-m, --max-count=NUM',
    '-A, --after-context=NUM',
    '-B, --before-context=NUM',
    '-C, --context=NUM',
    '-d, --max-depth=NUM',
    '-j, --threads=NUM',
    '-M, --max-columns=NUM',
    '-r, --replace=REPLACEMENT',
    '--type-add=TYPESPEC',
    '--ignore-file=PATH',
    '--pre-glob=GLOB',
    '-E, --encoding=ENCODING',
    '--color=WHEN',
    '--colors=SPEC',
    '--sort=SORTBY',
    '--sortr=SORTBY',
  ],
  dangerous: {
    '--pre=COMMAND': RUNS,
    '--hostname-bin=COMMAND': RUNS,
  },
};

const AG_OPTIONS: OptionTable = {
  values: [
    '-A, --after=NUM',
    '-B, --before=NUM',
    '-C, --context=NUM',
    '-G, --file-search-regex=PATTERN',
    '-g PATTERN',
    '--ignore=PATTERN',
    '-m, --max-count=NUM',
    '--depth=NUM',
    '-p, --path-to-ignore=FILE',
  ],
  dangerous: { '--pager=COMMAND': RUNS },
};

const SORT_OPTIONS: OptionTable = {
  values: [
    '-k, --key=KEYDEF',
    '-t, --field-separator=SEP',
    '-S, --buffer-size=SIZE',
    '-T, --temporary-directory=DIR',
    '--parallel=N',
    '--batch-size=NMERGE',
    '--files0-from=F',
    '--random-source=FILE',
    '--sort=WORD',
  ],
  dangerous: {
    '-o, --output=FILE': WRITES,
    '--compress-program=PROG': RUNS,
  },
};

const SHUF_OPTIONS: OptionTable = {
  values: ['-n, --head-count=COUNT', '-i, --input-range=LO-HI', '--random-source=FILE'],
  dangerous: { '-o, --output=FILE': WRITES },
};

const ICONV_OPTIONS: OptionTable = {
  values: ['-f, --from-code=NAME', '-t, --to-code=NAME'],
  dangerous: { '-o, --output=FILE': WRITES },
};

const YQ_OPTIONS: OptionTable = {
  values: [
    '-o, --output-format=FORMAT',
    '-p, --input-format=FORMAT',
    '-I, --indent=N',
    '--expression=EXPR',
    '--from-file=FILE',
  ],
  dangerous: { '-i, --inplace': 'rewrites the input file' },
};

const XMLLINT_OPTIONS: OptionTable = {
  values: [
    '--path=PATHS',
    '--xpath=EXPR',
    '--schema=FILE',
    '--relaxng=FILE',
    '--dtdvalid=URL',
    '--encode=ENCODING',
  ],
  dangerous: { '-o, --output=FILE': WRITES, '--shell': 'starts an interactive shell' },
};

const SDIFF_OPTIONS: OptionTable = {
  values: ['-I, --ignore-matching-lines=RE', '-w, --width=NUM', '--diff-program=PROGRAM'],
  dangerous: { '-o, --output=FILE': WRITES, '--diff-program=PROGRAM': RUNS },
};

/**
 * sed: -i and -f are table options; the script itself may run programs (e) or write files (w).
 * `--sandbox` earns nothing: after `--` it is a file name, and the script is judged the same either way.
 */
const analyseSed: Analyzer = (words) => {
  const result = emptyAnalysis();
  const t = compiled(SED_OPTIONS);
  const scan = scanOptions(words, 1, t);
  absorb(result, scan);
  const scripts: Array<{ index: number; value: Word | string | undefined }> = scan.options
    .filter((o) => o.name === '-e' || o.name === '--expression')
    .map((o) => ({ index: o.valueIndex ?? o.index, value: o.value }));
  const fromFile = scan.options.some((o) => o.name === '-f' || o.name === '--file');
  let files = scan.operands;
  if (scripts.length === 0 && !fromFile && scan.operands[0] !== undefined) {
    scripts.push({ index: scan.operands[0], value: words[scan.operands[0]] });
    files = scan.operands.slice(1);
  }
  const commands: string[] = [];
  const read = (text: string): string[] => sedScriptDangers(text, commands);
  for (const { index, value } of scripts)
    addProgramDangers(result, index, value, read, 'sed script', SED_GUARD);
  for (const text of commands)
    result.scripts.push({ text, where: 'in the command run by sed e', index: undefined });
  const inPlace = scan.options.find((o) => o.name === '-i' || o.name === '--in-place');
  const unknown = possibleOperands(words, scan).filter((i) => !scan.operands.includes(i));
  if (inPlace) addInPlaceWrites(result, words, inPlace, [...files, ...unknown]);
  return result;
};

/**
 * How a program text built from variables is checked when it runs (runtimeCheck): what stands for
 * each variable when the text is read, and the characters no value may hold.
 */
interface GuardRule {
  /** Read in each variable's place: it must be dangerous wherever a value could be. */
  readonly placeholder: string;
  /** Characters that would change how the text reads (besides the text's own punctuation). */
  readonly structure: string;
  /** How the text is read with the placeholders in it (the program's own reading otherwise). */
  readonly read?: (template: string) => string[];
}

/**
 * `e` is sed's command that runs a program, and a flag of `s` that does: read in a variable's place,
 * it makes any position where a value could be a command or a flag dangerous. The structure is what
 * ends a sed command or escapes out of a field (a line break, `\\`, `;`, braces, a comment): with
 * none of it, nor a delimiter of the script's own, a value stays inside the field it is written in.
 */
const SED_GUARD: GuardRule = { placeholder: 'e', structure: '\n\r\\;{}#' };

/**
 * In awk a value is read as code, wherever it stands outside a string or a regex (`{print $$col}`,
 * `$0 ~ $pat`); what keeps it harmless is what it cannot hold. awk runs a program only through
 * `system(…)` or a pipe (`|`, `|&`), writes a file only through `>` or `>>` after print, and loads
 * code only through `@`: without `(` no value calls anything, without `|`, `<` or `>` it opens no
 * pipe or file, without `@` it loads nothing; without `"` or `\` it cannot end the string it is in,
 * nor the regex when the program's own delimiter `/` is barred (the program's punctuation is, as
 * sed's); without `;`, braces, `#` or a line break it adds no statement or rule and comments out
 * nothing. The one place a value that holds none of these could still do harm is a name the program
 * calls (`$f("ls")` with f=system): the placeholder is a name, and a call of a name holding it is
 * refused (awkTemplateDangers), as is a write (`print > $out`), which the reading already refuses
 * for any target but a quiet one.
 */
const AWK_PLACEHOLDER = 'RUNTIMEVALUE';
const AWK_GUARD: GuardRule = {
  placeholder: AWK_PLACEHOLDER,
  structure: '\n\r\\;{}#()|<>"\'`@',
  read: (template) => awkTemplateDangers(template, AWK_PLACEHOLDER),
};

/**
 * A word built from variables (`"s/$OLD/$NEW/"`) whose reading is safe wherever a variable's value
 * stays in the field it is written in: read with the rule's placeholder in each variable's place,
 * it has no danger, so no value is read as a command or a flag; the guard then forbids, in the
 * values, the characters that would leave a field (the rule's structure) and every other
 * punctuation of the text itself (its delimiters).
 */
function runtimeCheck(
  word: Word,
  index: number,
  read: (text: string) => string[],
  what: string,
  rule: GuardRule,
): RuntimeCheck | undefined {
  if (!guardableTarget(word)) return undefined;
  const template = wordTemplate(word.source, rule.placeholder);
  if (template.variables.length === 0 || (rule.read ?? read)(template.text).length > 0)
    return undefined;
  const punctuation = template.literal.replace(/[A-Za-z0-9 ]/g, '');
  return { index, variables: template.variables, forbidden: rule.structure + punctuation, what };
}

/**
 * awk: the program (first operand, or -e/--source) may run programs or write files. gawk's `-S` is
 * no excuse: mawk and busybox awk have no sandbox, and after the program `-S` is only an operand.
 */
const analyseAwk: Analyzer = (words) => {
  const result = emptyAnalysis();
  const t = compiled(AWK_OPTIONS);
  const scan = scanOptions(words, 1, t);
  absorb(result, scan);
  const programs: Array<{ index: number; value: Word | string | undefined }> = scan.options
    .filter((o) => o.name === '-e' || o.name === '--source')
    .map((o) => ({ index: o.valueIndex ?? o.index, value: o.value }));
  const fromFile = scan.options.some((o) => ['-f', '--file', '-E', '--exec'].includes(o.name));
  if (programs.length === 0 && !fromFile && scan.operands[0] !== undefined) {
    programs.push({ index: scan.operands[0], value: words[scan.operands[0]] });
  }
  for (const { index, value } of programs)
    addProgramDangers(result, index, value, awkProgramDangers, 'awk program', AWK_GUARD);
  return result;
};

function addProgramDangers(
  result: Analysis,
  index: number,
  value: Word | string | undefined,
  read: (text: string) => string[],
  what: string,
  guardRule?: GuardRule,
): void {
  const text = typeof value === 'string' ? value : valueOf(value);
  const length = typeof value === 'string' ? value.length : (value?.text.length ?? 0);
  if (text === undefined) {
    const check =
      typeof value === 'object' && guardRule
        ? runtimeCheck(value, index, read, what, guardRule)
        : undefined;
    if (check) (result.runtimeChecks ??= []).push(check);
    else
      result.dangers.push(codeDanger(index, 0, `runs a ${what} that is not known until run time`));
    return;
  }
  // A pattern that spells the whole program out allows it; writing a file is an ordinary
  // option-like danger, running a program is code the policy cannot follow.
  for (const why of read(text)) {
    result.dangers.push((why.startsWith('writes') ? optionDanger : codeDanger)(index, length, why));
  }
}

/** Programs that search, filter and rewrite text. */
export const TEXT_TOOLS: ProgramFamily = {
  sed: {
    aliases: ['gsed'],
    options: SED_OPTIONS,
    analyse: analyseSed,
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['sed *', '> src/**'],
      allow: ["sed -i 's/a/b/' src/a.ts", 'sed -n 1,20p a.ts', "sed -i.bak 's/a/b/' src/a.ts"],
      refuse: [
        ["sed -i 's/a/b/' a.ts", 'write-not-allowed'],
        ["sed -i'../*' 's/a/b/' src/a.ts", 'dangerous-option'],
        ["sed -n ':a e touch x' a.ts", 'inline-code'],
        ["sed -n '1e touch x' a.ts", 'inline-code'],
      ],
    },
  },
  awk: {
    aliases: ['gawk', 'mawk', 'nawk', 'original_awk', 'busybox_awk'],
    options: AWK_OPTIONS,
    analyse: analyseAwk,
    examples: {
      patterns: ['awk *'],
      allow: [
        "awk '{print $1}' a.txt",
        "awk -F: '{print $1}' /etc/passwd",
        // Checked when they run: no value may hold ( ) | < > " \ ; { } # @, nor the program's $ or /.
        'awk "{print \\$$col}" a.txt',
        'awk "/$pat/ {print}" a.txt',
      ],
      refuse: [
        ['awk \'BEGIN{system("ls")}\'', 'inline-code'],
        ['awk \'{print > "out.txt"}\' a.txt', 'dangerous-option'],
        ['awk -f prog.awk a.txt', 'inline-code'],
        // A value where awk reads a name it calls, or a file it writes.
        ['awk "BEGIN{$f(\\"ls\\")}"', 'inline-code'],
        ['awk "BEGIN{sys$f(\\"ls\\")}"', 'inline-code'],
        ['awk "{print > $out}" a.txt', 'inline-code'],
        ['awk "{print $x | \\"sh\\"}" a.txt', 'inline-code'],
      ],
    },
  },
  grep: {
    aliases: ['egrep', 'fgrep'],
    options: GREP_OPTIONS,
    executes: 'nothing',
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['grep *', 'egrep *'],
      allow: ['grep -rn TODO src', 'egrep -n x a.txt'],
      refuse: [
        ['grep -n x a.txt > .git/x', 'write-into-git'],
        ['grep -n x a.txt > a.txt', 'write-not-allowed'],
      ],
    },
  },
  jq: {
    executes: 'nothing',
    examples: {
      patterns: ['jq *'],
      allow: ['jq .name package.json'],
      refuse: [['jq . a.json > .git/x', 'write-into-git']],
    },
  },
  rg: {
    options: RG_OPTIONS,
    executes: 'nothing',
    examples: {
      patterns: ['rg *', 'cat *'],
      allow: ['rg -n TODO src', 'rg --pre=cat x'],
      refuse: [['rg --pre=sh x', 'no-matching-pattern']],
    },
  },
  ag: {
    options: AG_OPTIONS,
    examples: {
      patterns: ['ag *', 'less *'],
      allow: ['ag TODO src', 'ag -C 2 TODO'],
      refuse: [['ag --pager=less TODO', 'dangerous-option']],
    },
  },
  sort: {
    options: SORT_OPTIONS,
    endsOptionsWithDoubleDash: true,
    examples: {
      patterns: ['sort *', 'gzip *', '> out/**'],
      allow: ['sort -o out/s.txt a.txt', 'sort -rn a.txt', 'sort --compress-program=gzip a.txt'],
      refuse: [
        ['sort -o s.txt a.txt', 'write-not-allowed'],
        ['sort -o .git/config a.txt', 'write-into-git'],
        ['sort --compress-program=xz a.txt', 'no-matching-pattern'],
      ],
    },
  },
  shuf: {
    options: SHUF_OPTIONS,
    examples: {
      patterns: ['shuf *', '> out/**'],
      allow: ['shuf -n 3 a.txt', 'shuf -o out/s.txt a.txt'],
      refuse: [['shuf -o s.txt a.txt', 'write-not-allowed']],
    },
  },
  iconv: {
    options: ICONV_OPTIONS,
    examples: {
      patterns: ['iconv *', '> out/**'],
      allow: ['iconv -f latin1 -t utf-8 a.txt', 'iconv -t utf-8 -o out/a.txt a.txt'],
      refuse: [['iconv -t utf-8 -o a.txt b.txt', 'write-not-allowed']],
    },
  },
  yq: {
    options: YQ_OPTIONS,
    examples: {
      patterns: ['yq *'],
      allow: ['yq .name a.yaml'],
      refuse: [['yq -i .x=1 a.yaml', 'dangerous-option']],
    },
  },
  xmllint: {
    options: XMLLINT_OPTIONS,
    examples: {
      patterns: ['xmllint *', '> out/**'],
      allow: ['xmllint --noout a.xml', 'xmllint -o out/b.xml a.xml'],
      refuse: [
        ['xmllint --shell a.xml', 'dangerous-option'],
        ['xmllint -o b.xml a.xml', 'write-not-allowed'],
      ],
    },
  },
  sdiff: {
    options: SDIFF_OPTIONS,
    examples: {
      patterns: ['sdiff *', 'diff *'],
      allow: ['sdiff a.txt b.txt', 'sdiff --diff-program=diff a b'],
      refuse: [['sdiff --diff-program=sh a b', 'no-matching-pattern']],
    },
  },
};
