/*
 * Run-time guards: checks the printed script makes of values that exist only when it runs (a write
 * target built from variables, a variable read or assigned in arithmetic), each stopping the call
 * when the value fails.
 *
 * How a guard stops. A guard is a command substitution inside an arithmetic expansion: it prints
 * what the expansion evaluates when the value passes, and `@` (no operand) when it fails, after its
 * message on standard error. Bash meets the syntax error while expanding the word, before the
 * command the word belongs to runs, and abandons the whole command line it is reading; a printed
 * script that holds a guard therefore runs as the word of `\builtin eval` (containGuards), where
 * the error ends the eval with status 1 and leaves the session's frame around it intact. What ran
 * before the guard in the same call stays done. Inside a subshell (a pipeline's part, `( … )`,
 * `$( … )`) the error ends that subshell only: the guarded command still does not run.
 *
 * Why a command cannot switch a guard off:
 * - A guard names no function and no command a command could define or disable: its tests are
 *   `[[ … ]]` (a keyword; an alias of it is refused with the frame's keywords), its output is written
 *   by `\builtin printf`, its directory read by `\builtin cd` and `\builtin pwd` (a function named
 *   `builtin` is refused, as are `enable` on `builtin`, `cd` and `printf`), and a `pwd` that does
 *   not answer with an absolute path fails the guard.
 * - The variables a guard sets are named `__policy_…` and set in the substitution's subshell, so
 *   none is left behind; a command could only lend them attributes (readonly, integer) by naming
 *   them, and the policy refuses any command that names `__policy_` (namesGuardVariable).
 * - A guard's output decides only by being exactly what passes: a subshell that ends early prints
 *   nothing, and an empty operand is a syntax error too.
 */
import type { RuntimeCheck } from '../programs/analysis.js';
import { quoteLiteral } from './print.js';
import type { WritePattern } from '../decide/patterns.js';
import type { Word } from './words.js';

/** The prefix of every name a guard uses; a command that names it is refused. */
export const GUARD_NAME_PREFIX = '__policy_';

/** How every guard's substitution starts: a printed script holding it runs under `eval`. */
export const GUARD_OPENING = `$(${GUARD_NAME_PREFIX}`;

/** Whether a text (a command, a word after quote removal) names a guard's variable. */
export function namesGuardVariable(text: string): boolean {
  return text.includes(GUARD_NAME_PREFIX);
}

export const GUARD_NAME_WHY = `names ${GUARD_NAME_PREFIX}…, which the policy's run-time checks use and a command may not touch`;

/** What a guard's message adds when it stops a call: nothing is rolled back. */
export const STOPPED_NOTE = 'the call stopped here; what ran before it in this call was not undone';

/**
 * A guard's expansion around `body`, which prints `0` when the value passes and `@` when it fails
 * (see the top of this file): `${PPID:0:N}` is empty for N = 0 and needs no variable of the
 * command's (PPID is always set). `quoted`: as a word of its own, joined to what follows it.
 */
export function guardExpansion(body: string, quoted = true): string {
  const expansion = `\${PPID:0:$(( ($(${body})) ))}`;
  return quoted ? `"${expansion}"` : expansion;
}

/**
 * A failed guard's message on standard error, then the `@` that stops the command. `why` is a
 * bash word (quoted by the caller), so that a guard can show a value it expanded.
 */
function stopCommand(offender: string, why: string): string {
  return `\\builtin printf 'Command denied by policy: '\\''%s'\\'' %s (%s)\\n' ${quoteLiteral(offender)} ${why} ${quoteLiteral(STOPPED_NOTE)} >&2; \\builtin printf @`;
}

/**
 * The printed script as bash is to run it: unchanged without guards; with one, as the word of
 * `\builtin eval`, where a guard's stop ends the script and not the frame's line around it (see the
 * top of this file). `eval` reads the same text the policy printed.
 */
export function containGuards(printed: string): string {
  if (!printed.includes(GUARD_OPENING)) return printed;
  return `\\builtin eval -- ${quoteLiteral(printed)}`;
}

/**
 * A write target whose value a guard can check: double-quoted expansions of plain variables (or
 * positional parameters: `"$1"` in a function) and plain characters around them (escaped ones
 * inside the quotes too: `"{print \$$col}"`), so the value cannot split, glob or differ between
 * the guard's expansion and the write's (no substitution, no arithmetic, no `${x:=…}`, no variable
 * bash changes on its own such as RANDOM or SECONDS).
 */
const GUARDABLE_TARGET =
  /^(?:[A-Za-z0-9_./,:@%+=-]|"(?:[^"\\$`]|\\[\s\S]|\$(?:[A-Za-z_][A-Za-z0-9_]*|[1-9]|\{(?:[A-Za-z_][A-Za-z0-9_]*|[1-9])\}))*")+$/;

/**
 * Variables whose value changes from one expansion to the next, or may differ in the guard's
 * substitution (`$_`, the last word of the command before; PIPESTATUS).
 */
const CHANGING_VARIABLE =
  /\$\{?(?:RANDOM|SRANDOM|SECONDS|EPOCHSECONDS|EPOCHREALTIME|BASHPID|LINENO|BASH_COMMAND|BASH_SUBSHELL|HISTCMD|PIPESTATUS|_)\b/;

export function guardableTarget(word: Word): boolean {
  return (
    !word.literal &&
    GUARDABLE_TARGET.test(word.source) &&
    !CHANGING_VARIABLE.test(word.source) &&
    !namesGuardVariable(word.source)
  );
}

/** Where a write guard matches paths: the real working directory and the write patterns. */
export interface WriteRules {
  /** Absolute, symlinks resolved. */
  readonly realWorkingDirectory: string;
  readonly allow: readonly WritePattern[];
  readonly deny: readonly WritePattern[];
}

/**
 * A write pattern as a `[[ … ]]` condition on `$__policy_rel` (the target relative to the working
 * directory, as path.relative gives it) or `$__policy_abs`, true exactly when `writeAllowed` is
 * (patterns.ts) for a target without a line break: the same glob compiled to bash's extended
 * patterns, which `[[ == ]]` matches whatever `extglob` is set to.
 */
export function writePatternCondition(pattern: WritePattern): string {
  if (pattern.home) return '-z .';
  const subject = pattern.glob.startsWith('/') ? '$__policy_abs' : '$__policy_rel';
  const git = pattern.namesGit ? '' : ` && ! ${subject} == ${GIT_SEGMENT_PATTERN}`;
  if (pattern.anyPath)
    return pattern.namesGit ? '-n .' : `( ! ${subject} == ${GIT_SEGMENT_PATTERN} )`;
  return `( ${subject} == ${globPattern(pattern.glob)}${git} )`;
}

/** `(^|/)\.git(/|$)`, any case, as patterns.ts tests it. */
const GIT_SEGMENT_PATTERN = "?(*/)'.'[gG][iI][tT]?(/*)";

/** The glob of a write pattern as a bash pattern: a double star (and slash) spans directories, `*` and `?` one. */
export function globPattern(glob: string): string {
  let body = glob.startsWith('~/') ? glob.slice(2) : glob;
  if (body.startsWith('./')) body = body.slice(2);
  let out = '';
  let literal = '';
  const flush = (): void => {
    if (literal !== '') out += quoteLiteral(literal);
    literal = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '*' && body[i + 1] === '*') {
      flush();
      if (body[i + 2] === '/') {
        out += '?(*/)';
        i += 2;
      } else {
        out += '*';
        i += 1;
      }
    } else if (c === '*') {
      flush();
      out += '*([!/])';
    } else if (c === '?') {
      flush();
      out += '[!/]';
    } else {
      literal += c;
    }
  }
  flush();
  return out === '' ? "''" : out;
}

/**
 * Bash that sets `__policy_rel` to `$__policy_abs` relative to `directory`, as path.relative does
 * (`..` segments for a target outside it).
 */
export function relativeTo(directory: string): string {
  // The root as '' so that every absolute path is under it.
  const root = quoteLiteral(directory === '/' ? '' : directory.replace(/\/+$/, ''));
  return (
    `__policy_w=${root}; __policy_up=; ` +
    `while [[ $__policy_abs != "$__policy_w" && $__policy_abs != "$__policy_w"/* ]]; do ` +
    `__policy_w=\${__policy_w%/*}; __policy_up+=../; done; ` +
    `__policy_rest=\${__policy_abs#"$__policy_w"}; __policy_rest=\${__policy_rest#/}; ` +
    `[[ -n $__policy_rest ]] && __policy_rel=$__policy_up$__policy_rest || __policy_rel=\${__policy_up%/}; `
  );
}

/**
 * The condition on `$__policy_abs`/`$__policy_rel` that the rules allow the write: no deny pattern
 * matches and an allow pattern does.
 */
export function writeRulesCondition(rules: WriteRules): string {
  const any = (patterns: readonly WritePattern[]): string =>
    patterns.length === 0 ? '-z .' : patterns.map(writePatternCondition).join(' || ');
  return `! ( ${any(rules.deny)} ) && ( ${any(rules.allow)} )`;
}

/**
 * The print of a write target checked when it runs: an expansion that is empty when the target
 * (the word's own print, expanded once more: guardableTarget makes that the same value) resolves,
 * symlinks of its directory followed, to a path the write patterns allow, and that stops the call
 * otherwise; then the word itself. A target whose directory does not exist, or that names a
 * directory, passes: the write itself fails (an `operand` of cp or rm that ends in `.` or `..` is
 * checked as the directory it names). A target that is itself a symbolic link stops: where it points
 * is not followed here.
 */
export function guardedWriteTarget(
  printedWord: string,
  offender: string,
  rules: WriteRules,
  operand = false,
): string {
  const say = (why: string): string => stopCommand(offender, `"${why}"`);
  const shown = '$__policy_abs';
  const body =
    `__policy_abs=${printedWord}; ` +
    `__policy_base=\${__policy_abs##*/}; ` +
    `[[ $__policy_abs == */* ]] && __policy_dir=\${__policy_abs%/*}/ || __policy_dir=./; ` +
    `[[ $__policy_dir == /* ]] || __policy_dir=./$__policy_dir; ` +
    // An operand naming a directory by `.` or `..` (`cp a "$d/."`) changes that directory.
    (operand
      ? `[[ $__policy_base == ?(.|..) ]] && { __policy_dir=$__policy_abs/; __policy_base=.; }; `
      : '') +
    `if [[ :$BASHOPTS: == *:nocasematch:* ]]; then ${say('is written with nocasematch set, under which the run-time check cannot match paths')}; ` +
    `elif [[ $__policy_abs == *[$'\\n\\r']* ]]; then ${say('names a path with a line break')}; ` +
    `elif ${operand ? '' : '[[ $__policy_base == ?(.|..) ]] || '}! \\builtin cd -P -- "$__policy_dir" 2>/dev/null; then \\builtin printf 0; ` +
    `else __policy_dir=$(\\builtin pwd -P); ` +
    `if [[ $__policy_dir != /* ]]; then ${say('is written where the run-time check cannot read the directory')}; ` +
    `else __policy_abs=\${__policy_dir%/}/$__policy_base; ` +
    `if [[ -L $__policy_abs ]]; then ${say(`writes through the symbolic link ${shown}`)}; ` +
    `else ${relativeTo(rules.realWorkingDirectory)}` +
    `[[ ${writeRulesCondition(rules)} ]] && \\builtin printf 0 || { ${say(`writes ${shown}, which no '> PATH' pattern allows (or a denied one covers)`)}; }; ` +
    `fi; fi; fi`;
  return guardExpansion(body) + printedWord;
}

/**
 * A guardable word (guardableTarget) read as a template: its literal text with each variable
 * replaced by `placeholder`, and the variables' names in order.
 */
export function wordTemplate(
  source: string,
  placeholder: string,
): { readonly text: string; readonly variables: readonly string[]; readonly literal: string } {
  let text = '';
  let literal = '';
  const variables: string[] = [];
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '"') {
      quoted = !quoted;
      continue;
    }
    if (quoted && c === '\\') {
      // Inside double quotes a backslash escapes only these (and joins lines); it stays otherwise.
      const next = source[i + 1] ?? '';
      if (next === '\n') {
        i++;
        continue;
      }
      const kept = next !== '' && '$`"\\'.includes(next) ? next : c;
      if (kept === next) i++;
      text += kept;
      literal += kept;
      continue;
    }
    const name =
      quoted && c === '$'
        ? /^\$(?:([A-Za-z_][A-Za-z0-9_]*|[1-9])|\{([A-Za-z_][A-Za-z0-9_]*|[1-9])\})/.exec(
            source.slice(i),
          )
        : null;
    if (name) {
      variables.push((name[1] ?? name[2]) as string);
      text += placeholder;
      i += name[0].length - 1;
      continue;
    }
    text += c;
    literal += c;
  }
  return { text, variables, literal };
}

/**
 * The print of a program argument checked when it runs (see RuntimeCheck): an expansion that is
 * empty when no variable holds a forbidden character and stops the call otherwise, then the word.
 * The variables are plain ones (guardableTarget), so the guard's expansion and the word's agree.
 */
export function guardedArgument(
  printedWord: string,
  check: RuntimeCheck,
  offender: string,
): string {
  const chars = [...new Set(check.forbidden)]
    .map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .join('');
  const tests = check.variables.map((v) => `\${${v}} != *[$'${chars}']*`).join(' && ');
  const shown = [
    ...new Set([...check.forbidden].map((c) => (c === '\n' || c === '\r' ? 'a line break' : c))),
  ].join(' ');
  const body =
    `${GUARD_NAME_PREFIX}what=${quoteLiteral(check.what)}; ` +
    `[[ ${tests} ]] && \\builtin printf 0 || { ${stopCommand(offender, quoteLiteral(`has a ${check.what} whose variables hold a character that would change how it reads (one of: ${shown})`))}; }`;
  return guardExpansion(body) + printedWord;
}

/**
 * The print of the name of a function a checked definition made (see Policy.checkedFunctions): an
 * expansion that is empty when the name is a function of the shell when the call runs, and stops
 * the call otherwise (its definition did not run, or was removed, and the name would run a program
 * of that name, which no pattern allows); then the name.
 */
export function guardedFunctionCall(printedName: string, name: string, offender: string): string {
  const body =
    `${GUARD_NAME_PREFIX}name=${printedName}; ` +
    `[[ $(\\builtin type -t -- "$${GUARD_NAME_PREFIX}name") == function ]] && \\builtin printf 0 || ` +
    `{ ${stopCommand(offender, quoteLiteral(`calls ${name}, which is not a function the policy checked the definition of, and no pattern allows it`))}; }`;
  return guardExpansion(body) + printedName;
}

/**
 * Why a command would let a DEBUG trap steer the guards, or undefined. Under `extdebug` (or
 * `functrace`, which it implies) a DEBUG trap runs inside command substitutions, where every guard
 * does its work, and a trap that returns non-zero skips the command it precedes, with status 0: it
 * could skip a guard's test and let the passing branch run. Turning either on is refused wherever
 * the guards stand between the text and bash (under an allowlist); turning them off is harmless.
 */
export function traceIssue(words: readonly Word[]): string | undefined {
  const name = words[0];
  if (!name?.literal) return undefined;
  const operands = words.slice(1);
  if (name.text === 'shopt') return shoptTurnsOnTracing(operands) ? TRACE_WHY : undefined;
  if (name.text === 'set') return setTurnsOnTracing(operands) ? TRACE_WHY : undefined;
  return undefined;
}

/** A word that is, or may be at run time, `option`. */
function mayName(word: Word | undefined, option: string): boolean {
  return word !== undefined && (!word.literal || word.text === option);
}

/** `shopt -s … extdebug`, `shopt -so functrace`, or such a name known only at run time. */
function shoptTurnsOnTracing(words: readonly Word[]): boolean {
  let sets = false;
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) return true;
    if (word.text === '--') {
      i++;
      break;
    }
    if (!word.text.startsWith('-') || word.text === '-') break;
    sets ||= word.text.includes('s');
  }
  return sets && words.slice(i).some((w) => mayName(w, 'extdebug') || mayName(w, 'functrace'));
}

/** `set -T`, `set -o functrace` (letters joined or not), or an option known only at run time. */
function setTurnsOnTracing(words: readonly Word[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) return true;
    const text = word.text;
    if (text === '--' || text === '-' || !/^[-+]/.test(text)) return false;
    // `-o NAME` and `+o NAME`, alone or at the end of joined letters, take the next word.
    const takesName = text.endsWith('o');
    if (text.startsWith('-')) {
      if (text.slice(1).includes('T')) return true;
      if (takesName && mayName(words[i + 1], 'functrace')) return true;
    }
    if (takesName) i++;
  }
  return false;
}

export const TRACE_WHY =
  "turns on extdebug or functrace, under which a DEBUG trap could skip the policy's run-time checks";

/**
 * What goes before `${!name}` in its word: an expansion that is empty when name's value is a
 * variable name, and stops the call otherwise. Bash expands the value it names, and a value such as
 * `a[$(cmd)]` names an array element whose subscript runs cmd. A plain name's value is only read.
 */
export function guardedIndirection(name: string, offender: string): string {
  const body =
    `${GUARD_NAME_PREFIX}name=\${${name}}; ` +
    `${GUARD_NAME_PREFIX}re='^[A-Za-z_][A-Za-z0-9_]*$'; ` +
    `[[ $${GUARD_NAME_PREFIX}name =~ $${GUARD_NAME_PREFIX}re ]] && \\builtin printf 0 || ` +
    `{ ${stopCommand(offender, quoteLiteral(`reads the variable ${name} names, and its value is not a variable name`))}; }`;
  return guardExpansion(body, false);
}

/**
 * What goes before a word printed quoted although bash would read it as a glob (`let a=4*5`): an
 * expansion that is empty when the glob, expanded as bash would expand the word, gives back exactly
 * its own text (no file matches it, or only a file of that very name), and stops the call
 * otherwise. Any shell option that changes globbing (nullglob, failglob, dotglob, nocaseglob,
 * GLOBIGNORE) takes part in that expansion, so its result is compared rather than the options read.
 * `glob` is the word as typed, holding no expansion, quote or brace (the caller makes sure).
 */
export function guardedGlobLiteral(glob: string, text: string, offender: string): string {
  const body =
    `${GUARD_NAME_PREFIX}glob=(${glob}); ` +
    `[[ \${#${GUARD_NAME_PREFIX}glob[@]} == 1 && \${${GUARD_NAME_PREFIX}glob[0]} == ${quoteLiteral(text)} ]] && \\builtin printf 0 || ` +
    `{ ${stopCommand(offender, quoteLiteral(`has the word ${text}, which bash reads as a pattern and which names files here`))}; }`;
  return guardExpansion(body);
}
