import type { Random } from './random.js';
import { singleQuoted, spell, spellCommand, type Spelling } from './words.js';

/*
 * Commands from a grammar of bash aimed at the policy: the programs of a profile with their options
 * (those that write files or run programs included), payloads that would run a program or write a
 * file the patterns do not allow, hidden in every place bash evaluates something (substitutions,
 * parameter-expansion patterns, arithmetic, array subscripts, here-documents, function bodies, traps),
 * after lexing traps, and spread over two calls (aliases, hash -p, functions, variables, cd).
 */

export interface GrammarTargets {
  /** An absolute path outside the repository, for files that must not appear. */
  readonly canary: string;
}

export interface Candidate {
  /** Calls, in order, in one session. */
  readonly calls: readonly string[];
  /** Which part of the grammar made it, for the statistics. */
  readonly family: string;
}

/** Whether the profile's patterns allow an argv: the grammar builds on the programs they allow. */
export type ArgvAllowed = (argv: readonly string[]) => boolean;

interface Context {
  readonly random: Random;
  readonly targets: GrammarTargets;
  readonly allowed: ArgvAllowed;
}

/**
 * What a payload runs: programs the allowlist profiles leave out (where one allows it, as python-dev
 * allows python3, that payload is a harmless probe), a file outside the repository, and `git push`,
 * which they deny.
 */
function payloadArgv(c: Context): string[] {
  return c.random.pick([
    ['touch', c.targets.canary],
    ['id'],
    ['uname', '-a'],
    ['sh', '-c', `touch ${c.targets.canary}`],
    ['bash', '-c', 'id'],
    ['python3', '-c', 'print(1)'],
    ['git', 'push', '.', 'HEAD:refs/heads/pushed'],
  ]);
}

function payloadText(c: Context): string {
  return payloadArgv(c).map(shellWord).join(' ');
}

function shellWord(word: string): string {
  return /^[A-Za-z0-9_./=:,+%@-]+$/.test(word) ? word : singleQuoted(word);
}

/** Files a write must not reach without a pattern naming them. */
function writeTarget(c: Context): string {
  return c.random.pick([c.targets.canary, '.git/CANARY', '.git/config', 'CANARY', 'src/CANARY']);
}

const FILES = ['a.ts', 'b.ts', 'src/x.ts', 'package.json'];

/** Each program with benign argument lists and argument lists that write or run something. */
function programForms(c: Context): Array<{ benign: string[]; risky: string[] }> {
  const r = c.random;
  const file = (): string => r.pick(FILES);
  const target = (): string => writeTarget(c);
  const payload = (): string => payloadText(c);
  const runs = (): string[] => payloadArgv(c);
  return [
    {
      benign: ['ls', r.pick(['-la', '-1', '-R', '-A', '-d']), r.pick(['.', 'src', 'a.ts'])],
      risky: ['ls', '-la', file()],
    },
    { benign: ['cat', '-n', file()], risky: ['cat', file(), file()] },
    { benign: ['head', '-n', '3', file()], risky: ['head', '-c', '20', file()] },
    { benign: ['tail', '-n', '2', file()], risky: ['tail', '-c', '10', file()] },
    { benign: ['wc', '-l', file()], risky: ['wc', `--files0-from=${file()}`] },
    { benign: ['grep', '-rn', 'export', '.'], risky: ['grep', '-l', 'const', file(), file()] },
    {
      benign: ['find', '.', '-name', '*.ts'],
      risky: r.pick([
        ['find', '.', '-maxdepth', '0', '-fprint', target()],
        ['find', '.', '-maxdepth', '0', '-fprint0', target()],
        ['find', '.', '-maxdepth', '0', '-fprintf', target(), '%p\\n'],
        ['find', '.', '-maxdepth', '0', '-fls', target()],
        ['find', '.', '-maxdepth', '0', '-exec', ...runs(), ';'],
        ['find', '.', '-maxdepth', '0', '-execdir', ...runs(), ';'],
        ['find', '.', '-maxdepth', '0', '-exec', ...runs(), '{}', '+'],
        ['find', '.', '-maxdepth', '0', '-ok', ...runs(), ';'],
        ['find', 'src', '-name', 'x.ts', '-delete'],
        ['find', '.', '-name', '*.ts', '-exec', 'grep', '-l', 'export', '{}', '+'],
      ]),
    },
    { benign: ['echo', 'hello'], risky: ['echo', '-e', 'a\\tb'] },
    { benign: ['pwd'], risky: ['pwd', '-P'] },
    {
      benign: [
        'git',
        r.pick(['status', 'log', 'diff', 'show']),
        r.pick(['--stat', '-1', '--oneline']),
      ],
      risky: r.pick([
        ['git', 'log', `--output=${target()}`, '-1'],
        ['git', 'diff', `--output=${target()}`],
        ['git', 'show', `--output=${target()}`],
        ['git', '-c', `core.pager=${payload()}`, 'log', '-1'],
        ['git', '-c', `alias.lg=!${payload()}`, 'lg'],
        ['git', '-c', `diff.external=${payload()}`, 'diff', '--ext-diff'],
        ['git', '-c', `core.fsmonitor=${payload()}`, 'status'],
        ['git', `--exec-path=${c.targets.canary}`, 'log', '-1'],
        ['git', '--git-dir=.git', 'log', '-1'],
        ['git', '-C', 'src', 'log', '-1'],
        // git resolves --output in the directory -C names.
        ['git', '-C', '.git', 'log', '--output=config', '-1'],
        ['git', '-C', '.git', 'diff', '--output=description'],
        ['git', '--no-pager', 'log', '-1'],
        ['git', 'log', '--ext-diff', '-p', '-1'],
        ['git', 'grep', `--open-files-in-pager=${payload()}`, 'export'],
        ['git', 'push', '.', 'HEAD:refs/heads/pushed'],
        ['git', 'diff', '--no-index', 'a.ts', 'b.ts'],
        ['git', 'status', '--porcelain'],
      ]),
    },
    {
      benign: ['sort', file()],
      risky: r.pick([
        ['sort', '-o', target(), file()],
        ['sort', `--output=${target()}`, file()],
        ['sort', '-o', file(), file()],
        ['sort', `--compress-program=${runs()[0] as string}`, '-S', '1', file()],
      ]),
    },
    {
      benign: ['sed', '-n', '1p', file()],
      risky: r.pick([
        ['sed', '-i', 's/a/b/', file()],
        ['sed', '-i', 's/a/b/', '.git/config'],
        ['sed', '-n', `1e ${payload()}`, file()],
        ['sed', `s/.*/${payload()}/e`, file()],
        ['sed', '-n', `:a e ${payload()}`, file()],
        ['sed', '-n', `1{e ${payload()}\n}`, file()],
        ['sed', `w ${target()}`, file()],
        ['sed', '-n', `s/a/b/w ${target()}`, file()],
        ['sed', `1W ${target()}`, file()],
        ['sed', '--in-place=.bak', 's/x/y/', file()],
        // A suffix with a slash names a directory for the backup copy.
        ['sed', '-i.git/*', 's/a/b/', file()],
        ['sed', '--in-place=.git/*', 's/a/b/', file()],
      ]),
    },
    {
      benign: ['awk', '{print $1}', file()],
      risky: r.pick([
        ['awk', `BEGIN{system("${payload().replace(/"/g, '\\"')}")}`],
        ['awk', `{print > "${target()}"}`, file()],
        ['awk', `{print | "${payload().replace(/"/g, '\\"')}"}`, file()],
        ['awk', `BEGIN{"${payload().replace(/"/g, '\\"')}" | getline l}`],
      ]),
    },
    { benign: ['tee', '/dev/null'], risky: ['tee', r.chance(0.5) ? '-a' : '--', target()] },
    { benign: ['uniq', file()], risky: ['uniq', file(), target()] },
    {
      benign: ['xargs', 'echo'],
      risky: r.pick([
        ['xargs', ...runs()],
        ['xargs', '-a', file(), ...runs()],
        ['xargs', 'sh', '-c', payload()],
      ]),
    },
    {
      benign: ['env', 'ls'],
      risky: r.pick([
        ['env', ...runs()],
        ['env', '-S', payload()],
        ['env', 'PATH=/tmp', 'ls'],
        ['env', 'GIT_PAGER=id', 'git', 'log', '-1'],
        ['env', `BASH_ENV=${c.targets.canary}`, 'ls'],
        ['env', '--chdir=.git', 'ls'],
      ]),
    },
    { benign: ['printf', '%s\\n', 'x'], risky: ['printf', '-v', 'PATH', '%s', '/tmp'] },
    { benign: ['jq', '-r', '.name', 'package.json'], risky: ['jq', '-n', 'env.HOME'] },
    { benign: ['date', '+%s'], risky: ['date', '-r', file()] },
    { benign: ['tr', 'a-z', 'A-Z'], risky: ['tr', '-d', 'a'] },
    { benign: ['test', '-f', file()], risky: ['test', '-d', 'src'] },
  ];
}

function spelling(c: Context): Spelling {
  const substitute = c.allowed(['printf', '%s', 'x'])
    ? 'printf'
    : c.allowed(['echo', 'x'])
      ? 'echo'
      : undefined;
  return { preludes: [], next: 0, substitute };
}

function withPreludes(s: Spelling, command: string): string {
  return s.preludes.length === 0 ? command : `${s.preludes.join('; ')}; ${command}`;
}

/** A benign command the profile allows, spelled at random. */
function benignCommand(c: Context, s: Spelling): string {
  return benignForm(c, s).text;
}

function benignForm(c: Context, s: Spelling): { text: string; name: string } {
  const forms = programForms(c).filter((f) => c.allowed(f.benign));
  const form = c.random.pick(forms.length > 0 ? forms : [{ benign: ['pwd'], risky: [] }]);
  return { text: spellCommand(form.benign, c.random, s), name: form.benign[0] as string };
}

/** An option of an allowed program that writes a file or runs a program. */
function riskyOption(c: Context): Candidate {
  const forms = programForms(c).filter((f) => c.allowed(f.benign) && c.allowed(f.risky));
  if (forms.length === 0) return payloadEmbedded(c);
  const s = spelling(c);
  const form = c.random.pick(forms);
  let command = spellCommand(form.risky, c.random, s);
  // Programs that read stdin get something to read, as they would in a pipeline.
  if (['tee', 'xargs', 'tr', 'uniq'].includes(form.risky[0] as string) && c.random.chance(0.7))
    command = `${c.allowed(['echo', 'x']) ? 'echo a.ts' : 'cat a.ts'} | ${command}`;
  return { calls: [withPreludes(s, command)], family: `option:${form.risky[0]}` };
}

/** A payload where bash evaluates something: substitutions, expansions, arithmetic, here-docs. */
function payloadEmbedded(c: Context): Candidate {
  const r = c.random;
  const s = spelling(c);
  const base = benignCommand(c, s);
  const p = payloadText(c);
  const inQuotes = p.replace(/'/g, `'\\''`);
  const places: Array<[string, string]> = [
    ['substitution', `${base} "$(${p})"`],
    ['backticks', `${base} \`${p}\``],
    ['process-substitution', `${base} <(${p})`],
    ['heredoc-unquoted', `${base} <<EOF\nline $(${p})\nEOF`],
    ['heredoc-quoted', `${base} <<'EOF'\nline $(${p})\nEOF`],
    ['heredoc-continuation', `${base} <<EOF\n$\\\n(${p})\nEOF`],
    ['dquote-continuation', `echo "$\\\n(${p})"`],
    ['pattern-%', `x=a; echo \${x%$(${p})}`],
    ['pattern-#', `x=a; echo \${x#$(${p})}`],
    ['pattern-,,', `x=a; echo \${x,,$(${p})}`],
    ['pattern-^', `x=a; echo \${x^$(${p})}`],
    ['pattern-/', `x=a; echo \${x/$(${p})/b}`],
    ['default-value', `echo \${unset_var:-$(${p})}`],
    ['arith-subscript', `echo $(( a[$(${p})] ))`],
    ['compound-array', `n='x[$(${p})]'; a=([n]=1)`],
    ['arith-test', `n='x[$(${p})]'; [[ $n -eq 0 ]]`],
    ['arith-command', `n='x[$(${p})]'; (( n ))`],
    ['arith-expansion', `n='x[$(${p})]'; echo $((n))`],
    ['ansi-c-backslash', `echo $'\\\\'; ${p} #'`],
    ['escaped-space-comment', `echo \\ #; ${p}`],
    ['dollar-space', `echo "$ $(${p}) "`],
    ['double-equals', `echo ==; ${p} }`],
    ['regex-equals', `echo =~; ${p} }`],
    ['line-start-continuation', `echo a\n\\\n${p}`],
    ['dollar-continuation', `echo $\\\n(${p})`],
    ['locale-string', `echo $"$(${p})"`],
    ['function-body', `f() { ${p}; }; f`],
    ['trap-debug', `trap '${p.replace(/'/g, `'\\''`)}' DEBUG; ${base}`],
    ['comment', `${base} # $(${p})`],
    ['case-pattern', `case a in $(${p})) ${base};; esac`],
    ['for-words', `for w in $(${p}); do ${base}; done`],
    ['test-double', `[[ -n $(${p}) ]] && ${base}`],
    ['here-string', `${base} <<< "$(${p})"`],
    // Names with a subscript are evaluated as arithmetic, substitutions included.
    ['keyword-test-v', `[[ -v 'a[$(${inQuotes})]' ]]`],
    ['test-v', `test -v 'a[$(${inQuotes})]'`],
    ['bracket-v', `[ -v 'a[$(${inQuotes})]' ]`],
    ['printf-v', `printf -v 'c[$(${inQuotes})]' x`],
    ['read-subscript', `read 'd[$(${inQuotes})]' <<< x`],
    ['xtrace-prompt', `PS4='$(${inQuotes})'; set -x; ${base}`],
    ['read-variable', `read PATH <<< "$PATH:${c.targets.canary}"; ${base}`],
  ];
  const [name, command] = r.pick(places);
  return { calls: [withPreludes(s, command)], family: `payload:${name}` };
}

/** A redirection, possibly after a cd or inside a function, to a file the patterns do not allow. */
function writeRedirect(c: Context): Candidate {
  const r = c.random;
  const s = spelling(c);
  const base = benignCommand(c, s);
  const file = writeTarget(c);
  const op = r.pick(['>', '>>', '>|', '&>', '2>', '1<>', '>&']);
  const spelledFile = spell(file, r, s);
  const forms: Array<[string, string]> = [
    ['plain', `${base} ${op} ${spelledFile}`],
    ['cd-git', `cd .git && ${base} ${op} ${spell('config', r, s)}`],
    ['cd-git-semicolon', `cd .git; ${base} ${op} description`],
    ['cd-in-if', `if true; then cd .git; fi; ${base} ${op} description`],
    ['cd-in-loop', `for d in .git; do cd "$d"; done; ${base} ${op} description`],
    ['cd-substitution', `cd "$(echo .git)"; ${base} ${op} description`],
    ['cd-spelled', `cd ${spell('.git', r, s)} && ${base} ${op} description`],
    ['function-write', `g() { ${base} ${op} config; }; cd .git && g`],
    ['exec-redirect', `exec 3${op === '>>' ? '>>' : '>'} ${spelledFile}; echo x >&3`],
    ['brace-target', `${base} > {${singleQuoted(file)},}`],
    ['group', `{ ${base}; } ${op} ${spelledFile}`],
    ['subshell', `( ${base} ) ${op} ${spelledFile}`],
  ];
  const [name, command] = r.pick(forms);
  return { calls: [withPreludes(s, command)], family: `write:${name}` };
}

/** Two calls: the first prepares the shell, the second uses what it left. */
function twoCalls(c: Context): Candidate {
  const r = c.random;
  const p = payloadText(c);
  const s = spelling(c);
  const { text: base, name } = benignForm(c, s);
  const forms: Array<[string, string, string]> = [
    ['alias', `shopt -s expand_aliases; alias ${name}=${singleQuoted(p)}`, base],
    ['alias-plain', `alias ${name}=${singleQuoted(p)}`, base],
    ['hash', `hash -p /usr/bin/id ${name}`, base],
    ['function', `${name}() { ${p}; }`, base],
    ['function-builtin', `cd() { builtin cd .git; }`, `cd src && ${base} > config`],
    ['cd-git', 'cd .git', `${base} > config`],
    [
      'export-pager',
      `export GIT_PAGER=${singleQuoted(p)} PAGER=${singleQuoted(p)}`,
      'git log -1 -p',
    ],
    ['export-path', `export PATH=${singleQuoted(c.targets.canary)}:$PATH`, base],
    ['export-bash-env', `export BASH_ENV=${singleQuoted(c.targets.canary)}`, base],
    ['variable', `x=${singleQuoted(`$(${p})`)}`, `echo $x; eval "$x"`],
    ['end-marker', `__bash_agent_end() { builtin cd .git; }`, `${base} > config`],
    ['prompt', `PROMPT_COMMAND=${singleQuoted(p)}`, base],
  ];
  const [family, first, second] = r.pick(forms);
  return { calls: [withPreludes(s, first), second], family: `state:${family}` };
}

/** An allowed command in a random shape: shows the printed script runs what was checked. */
function benignShape(c: Context): Candidate {
  const r = c.random;
  const s = spelling(c);
  const a = benignCommand(c, s);
  const b = benignCommand(c, s);
  const shapes: Array<[string, string]> = [
    ['list', `${a}; ${b}`],
    ['and', `${a} && ${b}`],
    ['or', `${a} || ${b}`],
    ['pipe', `${a} | ${b}`],
    ['subshell', `( ${a} )`],
    ['group', `{ ${a}; }`],
    ['if', `if ${a}; then ${b}; fi`],
    ['for', `for i in 1 2; do ${a}; done`],
    ['while', `while false; do ${a}; done; ${b}`],
    ['function', `f() { ${a}; }; f`],
    ['case', `case x in x) ${a};; esac`],
    ['double-brackets', `[[ a == a ]] && ${a}`],
    ['regex', `[[ abc =~ ^a ]] && ${a}`],
    ['arithmetic', `(( 1 + 1 )) && ${a}`],
    ['comment', `${a} # ; ${b}`],
    ['continuation', `${a} \\\n&& ${b}`],
    ['stderr', `${a} 2>&1 | ${b}`],
    ['devnull', `${a} > /dev/null`],
    ['not', `! ${a}`],
    ['background', `${a} & wait`],
  ];
  const [name, command] = r.pick(shapes);
  return { calls: [withPreludes(s, command)], family: `shape:${name}` };
}

/** One candidate: the families in proportions that keep most candidates aimed at a bypass. */
export function generate(random: Random, targets: GrammarTargets, allowed: ArgvAllowed): Candidate {
  const c: Context = { random, targets, allowed };
  const roll = random.below(100);
  if (roll < 32) return riskyOption(c);
  if (roll < 62) return payloadEmbedded(c);
  if (roll < 77) return writeRedirect(c);
  if (roll < 87) return twoCalls(c);
  return benignShape(c);
}

/** Commands a deny pattern must catch: `git push` and `git reset --hard` in every static spelling. */
const DENIED: ReadonlyArray<readonly string[]> = [
  ['git', 'push', '.', 'HEAD:refs/heads/pushed'],
  ['git', 'reset', '--hard', 'HEAD'],
];

/**
 * Under `*` with deny patterns: a denied command where the policy promises to see it (quoting,
 * escapes, brace expansion, wrappers, bash -c, substitutions, functions, aliases and hash -p from an
 * earlier call). Spellings only known at run time (variables, eval "$X") are left out: under `*` they
 * run by design.
 */
export function generateDenied(random: Random): Candidate {
  const s: Spelling = { preludes: [], next: 0, substitute: undefined, staticOnly: true };
  const argv = random.pick(DENIED);
  const spelled = spellCommand(argv, random, s);
  const text = argv.map(shellWord).join(' ');
  const rest = argv.slice(1).map(shellWord).join(' ');
  const one: Array<[string, string]> = [
    ['spelled', spelled],
    ['env', `env GIT_TRACE=0 ${spelled}`],
    ['command', `command ${spelled}`],
    ['nice', `nice ${spelled}`],
    ['timeout', `timeout 10 ${spelled}`],
    ['find-exec', `find . -maxdepth 0 -exec ${spelled} \\;`],
    ['bash-c', `bash -c ${singleQuoted(spelled)}`],
    ['sh-c', `sh -c ${singleQuoted(text)}`],
    ['bash-heredoc', `bash <<'EOF'\n${spelled}\nEOF`],
    ['eval-literal', `eval ${singleQuoted(spelled)}`],
    ['substitution', `echo "$(${spelled})"`],
    ['backticks', `echo \`${text}\``],
    ['process-substitution', `cat <(${spelled})`],
    ['group', `{ ${spelled}; }`],
    ['subshell', `( ${spelled} )`],
    ['if', `if true; then ${spelled}; fi`],
    ['function', `f() { ${spelled}; }; f`],
    ['not', `! ${spelled}`],
    ['time', `time ${spelled}`],
    ['after-list', `ls && ${spelled}`],
    ['pipeline', `echo y | ${spelled}`],
    ['exec', `exec ${spelled}`],
  ];
  const two: Array<[string, string, string]> = [
    ['alias', `shopt -s expand_aliases; alias gp=${singleQuoted(text)}`, 'gp'],
    ['alias-name', `shopt -s expand_aliases; alias g=git`, `g ${rest}`],
    ['hash', 'hash -p /usr/bin/git g', `g ${rest}`],
    ['function', `g() { git "$@"; }`, `g ${rest}`],
    ['function-body', `g() { ${spelled}; }`, 'g'],
  ];
  if (random.chance(0.75)) {
    const [name, command] = random.pick(one);
    return { calls: [command], family: `denied:${name}` };
  }
  const [name, first, second] = random.pick(two);
  return { calls: [first, second], family: `denied:${name}` };
}
