export const id = 632;
export const ids = [632];
export const modules = {

/***/ 32632:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DEFAULT_ALLOWED_COMMANDS: () => (/* reexport */ DEFAULT_ALLOWED_COMMANDS),
  STRICT_POLICY_VARIABLE: () => (/* binding */ STRICT_POLICY_VARIABLE),
  loadPolicy: () => (/* binding */ loadPolicy)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
;// CONCATENATED MODULE: ./src/policy/read/quote.ts
/** Quoting of literal text for the printed script. */
/** Text bash reads as exactly itself, as one shell word. */
function quoteLiteral(text) {
    let out = '';
    let quoted = '';
    const flush = () => {
        if (quoted !== '')
            out += `'${quoted}'`;
        quoted = '';
    };
    for (const c of text) {
        const code = c.charCodeAt(0);
        if (c === "'") {
            flush();
            out += "\\'";
        }
        else if ((code < 0x20 && c !== '\n' && c !== '\t') || code === 0x7f) {
            // Control characters are spelled out, so the printed script holds none of them.
            flush();
            out += `$'\\x${code.toString(16).padStart(2, '0')}'`;
        }
        else {
            quoted += c;
        }
    }
    flush();
    return out === '' ? "''" : out;
}

;// CONCATENATED MODULE: ./src/policy/read/print.ts
/*
 * Rendering the script the policy hands bash from its Doc (word-types.ts), once the check has
 * replaced what it replaces.
 */


const NO_REPLACEMENTS = { words: new Map(), inputs: new Map() };
/** Why a script could not be printed; the check turns it into a refusal. */
class PrintError extends Error {
    reason;
    at;
    constructor(reason, at) {
        super(reason);
        this.reason = reason;
        this.at = at;
    }
}
/** Renders a Doc to the text bash runs. Throws PrintError for anything that cannot be printed. */
function render(doc, replacements = NO_REPLACEMENTS) {
    const queues = [[]];
    let out = '';
    const flush = () => {
        const queue = queues[queues.length - 1];
        if (queue.length === 0)
            return;
        if (!out.endsWith('\n'))
            out += '\n';
        for (const body of queue)
            out += body.text + body.delimiter + '\n';
        queue.length = 0;
    };
    const walk = (chunks) => {
        for (const chunk of chunks) {
            if (typeof chunk === 'string') {
                out += chunk;
            }
            else if ('word' in chunk) {
                const replaced = replacements.words.get(chunk.word);
                if (replaced !== undefined)
                    out += replaced;
                else if (chunk.word.printed === undefined)
                    throw new PrintError(`has a word the policy cannot print: ${chunk.word.unprintable ?? chunk.word.source}`, chunk.word.start);
                else
                    walk(chunk.word.printed);
            }
            else if ('heredoc' in chunk) {
                const replaced = replacements.inputs.get(chunk.heredoc.input);
                const quoted = replaced !== undefined || chunk.heredoc.quoted;
                let text = replaced ?? render(chunk.heredoc.body, replacements);
                if (text !== '' && !text.endsWith('\n'))
                    text += '\n';
                const delimiter = delimiterFor(text);
                out += quoted ? `<<'${delimiter}'` : `<<${delimiter}`;
                queues[queues.length - 1].push({ delimiter, text });
            }
            else if ('herestring' in chunk) {
                const replaced = replacements.inputs.get(chunk.herestring);
                out += '<<< ';
                // Bash adds the newline a here-string ends with.
                if (replaced !== undefined)
                    out += quoteLiteral(replaced.replace(/\n$/, ''));
                else
                    walk([{ word: chunk.value }]);
            }
            else if ('newline' in chunk) {
                if (queues.slice(0, -1).some((q) => q.length > 0)) {
                    // Bash would start reading the outer heredoc's body at this line end.
                    throw new PrintError('has a multi-line substitution on the line of a heredoc', 0);
                }
                out += '\n';
                flush();
            }
            else if ('nest' in chunk) {
                if (chunk.nest === 'enter')
                    queues.push([]);
                else {
                    flush();
                    queues.pop();
                }
            }
            else {
                throw new PrintError(chunk.unprintable, chunk.at);
            }
        }
    };
    walk(doc);
    flush();
    return out;
}
/** A heredoc delimiter that no line of the body equals. */
function delimiterFor(body) {
    const lines = new Set(body.split('\n'));
    let delimiter = 'POLICY_EOF';
    for (let n = 1; lines.has(delimiter); n++)
        delimiter = `POLICY_EOF_${n}`;
    return delimiter;
}
/**
 * Printed shell text that bash may run while it waits for its next line (a trap for a signal that
 * comes between calls): bash runs a trap there with its own standard input, the session's channel,
 * so a reader in the trap (`head -c 300`) would take the next call's line, nonce and all. Standard
 * input from /dev/null, as every command has it, closes that route. The newline before `}` ends a
 * comment or a heredoc on the text's last line.
 */
function withOwnInput(printed) {
    return `{ ${printed}\n} 0</dev/null`;
}

;// CONCATENATED MODULE: ./src/policy/read/guards.ts

/** The prefix of every name a guard uses; a command that names it is refused. */
const GUARD_NAME_PREFIX = '__policy_';
/** How every guard's substitution starts: a printed script holding it runs under `eval`. */
const GUARD_OPENING = `$(${GUARD_NAME_PREFIX}`;
/** Whether a text (a command, a word after quote removal) names a guard's variable. */
function namesGuardVariable(text) {
    return text.includes(GUARD_NAME_PREFIX);
}
const GUARD_NAME_WHY = `names ${GUARD_NAME_PREFIX}\u2026, which the policy's run-time checks use and a command may not touch`;
/** What a guard's message adds when it stops a call: nothing is rolled back. */
const STOPPED_NOTE = 'the call stopped here; what ran before it in this call was not undone';
/**
 * A guard's expansion around `body`, which prints `0` when the value passes and `@` when it fails
 * (see the top of this file): `${PPID:0:N}` is empty for N = 0 and needs no variable of the
 * command's (PPID is always set). `quoted`: as a word of its own, joined to what follows it.
 */
function guardExpansion(body, quoted = true) {
    const expansion = `\${PPID:0:$(( ($(${body})) ))}`;
    return quoted ? `"${expansion}"` : expansion;
}
/**
 * A failed guard's message on standard error, then the `@` that stops the command. `why` is a
 * bash word (quoted by the caller), so that a guard can show a value it expanded.
 */
function stopCommand(offender, why) {
    return `\\builtin printf 'Command denied by policy: '\\''%s'\\'' %s (%s)\\n' ${quoteLiteral(offender)} ${why} ${quoteLiteral(STOPPED_NOTE)} >&2; \\builtin printf @`;
}
/**
 * The printed script as bash is to run it: unchanged without guards; with one, as the word of
 * `\builtin eval`, where a guard's stop ends the script and not the frame's line around it (see the
 * top of this file). `eval` reads the same text the policy printed.
 */
function containGuards(printed) {
    if (!printed.includes(GUARD_OPENING))
        return printed;
    return `\\builtin eval -- ${quoteLiteral(printed)}`;
}
/**
 * A write target whose value a guard can check: double-quoted expansions of plain variables (or
 * positional parameters: `"$1"` in a function) and plain characters around them (escaped ones
 * inside the quotes too: `"{print \$$col}"`), so the value cannot split, glob or differ between
 * the guard's expansion and the write's (no substitution, no arithmetic, no `${x:=\u2026}`, no variable
 * bash changes on its own such as RANDOM or SECONDS).
 */
const GUARDABLE_TARGET = /^(?:[A-Za-z0-9_./,:@%+=-]|"(?:[^"\\$`]|\\[\s\S]|\$(?:[A-Za-z_][A-Za-z0-9_]*|[1-9]|\{(?:[A-Za-z_][A-Za-z0-9_]*|[1-9])\}))*")+$/;
/**
 * Variables whose value changes from one expansion to the next, or may differ in the guard's
 * substitution (`$_`, the last word of the command before; PIPESTATUS).
 */
const CHANGING_VARIABLE = /\$\{?(?:RANDOM|SRANDOM|SECONDS|EPOCHSECONDS|EPOCHREALTIME|BASHPID|LINENO|BASH_COMMAND|BASH_SUBSHELL|HISTCMD|PIPESTATUS|_)\b/;
function guardableTarget(word) {
    return (!word.literal &&
        GUARDABLE_TARGET.test(word.source) &&
        !CHANGING_VARIABLE.test(word.source) &&
        !namesGuardVariable(word.source));
}
/**
 * A write pattern as a `[[ \u2026 ]]` condition on `$__policy_rel` (the target relative to the working
 * directory, as path.relative gives it) or `$__policy_abs`, true exactly when `writeAllowed` is
 * (patterns.ts) for a target without a line break: the same glob compiled to bash's extended
 * patterns, which `[[ == ]]` matches whatever `extglob` is set to.
 */
function writePatternCondition(pattern) {
    if (pattern.home)
        return '-z .';
    const subject = pattern.glob.startsWith('/') ? '$__policy_abs' : '$__policy_rel';
    const git = pattern.namesGit ? '' : ` && ! ${subject} == ${GIT_SEGMENT_PATTERN}`;
    if (pattern.anyPath)
        return pattern.namesGit ? '-n .' : `( ! ${subject} == ${GIT_SEGMENT_PATTERN} )`;
    return `( ${subject} == ${globPattern(pattern.glob)}${git} )`;
}
/** `(^|/)\.git(/|$)`, any case, as patterns.ts tests it. */
const GIT_SEGMENT_PATTERN = "?(*/)'.'[gG][iI][tT]?(/*)";
/** The glob of a write pattern as a bash pattern: a double star (and slash) spans directories, `*` and `?` one. */
function globPattern(glob) {
    let body = glob.startsWith('~/') ? glob.slice(2) : glob;
    if (body.startsWith('./'))
        body = body.slice(2);
    let out = '';
    let literal = '';
    const flush = () => {
        if (literal !== '')
            out += quoteLiteral(literal);
        literal = '';
    };
    for (let i = 0; i < body.length; i++) {
        const c = body[i];
        if (c === '*' && body[i + 1] === '*') {
            flush();
            if (body[i + 2] === '/') {
                out += '?(*/)';
                i += 2;
            }
            else {
                out += '*';
                i += 1;
            }
        }
        else if (c === '*') {
            flush();
            out += '*([!/])';
        }
        else if (c === '?') {
            flush();
            out += '[!/]';
        }
        else {
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
function relativeTo(directory) {
    // The root as '' so that every absolute path is under it.
    const root = quoteLiteral(directory === '/' ? '' : directory.replace(/\/+$/, ''));
    return (`__policy_w=${root}; __policy_up=; ` +
        `while [[ $__policy_abs != "$__policy_w" && $__policy_abs != "$__policy_w"/* ]]; do ` +
        `__policy_w=\${__policy_w%/*}; __policy_up+=../; done; ` +
        `__policy_rest=\${__policy_abs#"$__policy_w"}; __policy_rest=\${__policy_rest#/}; ` +
        `[[ -n $__policy_rest ]] && __policy_rel=$__policy_up$__policy_rest || __policy_rel=\${__policy_up%/}; `);
}
/**
 * The condition on `$__policy_abs`/`$__policy_rel` that the rules allow the write: no deny pattern
 * matches and an allow pattern does.
 */
function writeRulesCondition(rules) {
    const any = (patterns) => patterns.length === 0 ? '-z .' : patterns.map(writePatternCondition).join(' || ');
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
function guardedWriteTarget(printedWord, offender, rules, operand = false) {
    const say = (why) => stopCommand(offender, `"${why}"`);
    const shown = '$__policy_abs';
    const body = `__policy_abs=${printedWord}; ` +
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
function wordTemplate(source, placeholder) {
    let text = '';
    let literal = '';
    const variables = [];
    let quoted = false;
    for (let i = 0; i < source.length; i++) {
        const c = source[i];
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
            if (kept === next)
                i++;
            text += kept;
            literal += kept;
            continue;
        }
        const name = quoted && c === '$'
            ? /^\$(?:([A-Za-z_][A-Za-z0-9_]*|[1-9])|\{([A-Za-z_][A-Za-z0-9_]*|[1-9])\})/.exec(source.slice(i))
            : null;
        if (name) {
            variables.push((name[1] ?? name[2]));
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
function guardedArgument(printedWord, check, offender) {
    const chars = [...new Set(check.forbidden)]
        .map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .join('');
    const tests = check.variables.map((v) => `\${${v}} != *[$'${chars}']*`).join(' && ');
    const shown = [
        ...new Set([...check.forbidden].map((c) => (c === '\n' || c === '\r' ? 'a line break' : c))),
    ].join(' ');
    const body = `${GUARD_NAME_PREFIX}what=${quoteLiteral(check.what)}; ` +
        `[[ ${tests} ]] && \\builtin printf 0 || { ${stopCommand(offender, quoteLiteral(`has a ${check.what} whose variables hold a character that would change how it reads (one of: ${shown})`))}; }`;
    return guardExpansion(body) + printedWord;
}
/**
 * The print of the name of a function a checked definition made (see Policy.checkedFunctions): an
 * expansion that is empty when the name is a function of the shell when the call runs, and stops
 * the call otherwise (its definition did not run, or was removed, and the name would run a program
 * of that name, which no pattern allows); then the name.
 */
function guardedFunctionCall(printedName, name, offender) {
    const body = `${GUARD_NAME_PREFIX}name=${printedName}; ` +
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
function traceIssue(words) {
    const name = words[0];
    if (!name?.literal)
        return undefined;
    const operands = words.slice(1);
    if (name.text === 'shopt')
        return shoptTurnsOnTracing(operands) ? TRACE_WHY : undefined;
    if (name.text === 'set')
        return setTurnsOnTracing(operands) ? TRACE_WHY : undefined;
    return undefined;
}
/** A word that is, or may be at run time, `option`. */
function mayName(word, option) {
    return word !== undefined && (!word.literal || word.text === option);
}
/** `shopt -s \u2026 extdebug`, `shopt -so functrace`, or such a name known only at run time. */
function shoptTurnsOnTracing(words) {
    let sets = false;
    let i = 0;
    for (; i < words.length; i++) {
        const word = words[i];
        if (!word.literal)
            return true;
        if (word.text === '--') {
            i++;
            break;
        }
        if (!word.text.startsWith('-') || word.text === '-')
            break;
        sets ||= word.text.includes('s');
    }
    return sets && words.slice(i).some((w) => mayName(w, 'extdebug') || mayName(w, 'functrace'));
}
/** `set -T`, `set -o functrace` (letters joined or not), or an option known only at run time. */
function setTurnsOnTracing(words) {
    for (let i = 0; i < words.length; i++) {
        const word = words[i];
        if (!word.literal)
            return true;
        const text = word.text;
        if (text === '--' || text === '-' || !/^[-+]/.test(text))
            return false;
        // `-o NAME` and `+o NAME`, alone or at the end of joined letters, take the next word.
        const takesName = text.endsWith('o');
        if (text.startsWith('-')) {
            if (text.slice(1).includes('T'))
                return true;
            if (takesName && mayName(words[i + 1], 'functrace'))
                return true;
        }
        if (takesName)
            i++;
    }
    return false;
}
const TRACE_WHY = "turns on extdebug or functrace, under which a DEBUG trap could skip the policy's run-time checks";
/**
 * What goes before `${!name}` in its word: an expansion that is empty when name's value is a
 * variable name, and stops the call otherwise. Bash expands the value it names, and a value such as
 * `a[$(cmd)]` names an array element whose subscript runs cmd. A plain name's value is only read.
 */
function guardedIndirection(name, offender) {
    const body = `${GUARD_NAME_PREFIX}name=\${${name}}; ` +
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
function guardedGlobLiteral(glob, text, offender) {
    const body = `${GUARD_NAME_PREFIX}glob=(${glob}); ` +
        `[[ \${#${GUARD_NAME_PREFIX}glob[@]} == 1 && \${${GUARD_NAME_PREFIX}glob[0]} == ${quoteLiteral(text)} ]] && \\builtin printf 0 || ` +
        `{ ${stopCommand(offender, quoteLiteral(`has the word ${text}, which bash reads as a pattern and which names files here`))}; }`;
    return guardExpansion(body);
}

;// CONCATENATED MODULE: ./src/policy/decide/check-context.ts

/** A refusal of text that names a guard's variable (see guards.ts), or undefined. */
function guardNameFailure(text, where) {
    if (!namesGuardVariable(text))
        return undefined;
    return { code: 'frame-name', offender: text, where, why: GUARD_NAME_WHY, suggest: {} };
}

// EXTERNAL MODULE: ./src/policy/decide/patterns.ts
var decide_patterns = __webpack_require__(97996);
;// CONCATENATED MODULE: ./src/policy/programs/analysis.ts
function emptyAnalysis() {
    return { dangers: [], inner: [], scripts: [], variables: [], writes: [], renames: [] };
}
function optionDanger(index, spell, why) {
    return { index, spell, why, severity: 'option' };
}
function codeDanger(index, spell, why) {
    return { index, spell, why, severity: 'code' };
}
function unresolvable(index, why) {
    return { index, spell: 0, why, severity: 'unresolvable' };
}

;// CONCATENATED MODULE: ./src/policy/read/braces.ts
/** Most words one brace expansion may produce before the policy gives up on it. */
const MAX_BRACE_WORDS = 4096;
/**
 * Bash's brace expansion over the parts of a word: `{a,b}` and `{x..y[..step]}` made of unquoted
 * characters. Returns the parts of each resulting word, or undefined when the expansion is one the
 * policy does not reproduce exactly (or would make too many words).
 */
function expandBraces(parts) {
    const out = [];
    const work = (atoms) => {
        if (out.length > MAX_BRACE_WORDS)
            return false;
        const brace = findBrace(atoms);
        if (brace === 'unsupported')
            return false;
        if (!brace) {
            out.push([...atoms]);
            return true;
        }
        const before = atoms.slice(0, brace.open);
        const after = atoms.slice(brace.close + 1);
        for (const alternative of brace.alternatives) {
            if (!work([...before, ...alternative, ...after]))
                return false;
        }
        return true;
    };
    return work(parts) ? out : undefined;
}
const isChar = (p, c) => p !== undefined && p.kind === 'literal' && p.unquoted && p.value === c;
/** The first `{\u2026}` that bash expands, or undefined; 'unsupported' for a sequence not reproduced. */
function findBrace(atoms) {
    for (let open = 0; open < atoms.length; open++) {
        if (!isChar(atoms[open], '{'))
            continue;
        let depth = 0;
        const commas = [];
        let close = -1;
        for (let i = open + 1; i < atoms.length; i++) {
            if (isChar(atoms[i], '{'))
                depth++;
            else if (isChar(atoms[i], '}')) {
                if (depth === 0) {
                    close = i;
                    break;
                }
                depth--;
            }
            else if (depth === 0 && isChar(atoms[i], ','))
                commas.push(i);
        }
        if (close < 0)
            continue;
        if (commas.length > 0) {
            const alternatives = [];
            let from = open + 1;
            for (const comma of [...commas, close]) {
                alternatives.push(atoms.slice(from, comma));
                from = comma + 1;
            }
            return { open, close, alternatives };
        }
        const inner = atoms.slice(open + 1, close);
        if (inner.every((p) => p.kind === 'literal' && p.unquoted)) {
            const text = inner.map((p) => (p.kind === 'literal' ? p.value : '')).join('');
            if (text.includes('..')) {
                const sequence = braceSequence(text);
                if (sequence === 'unsupported')
                    return 'unsupported';
                if (sequence) {
                    return {
                        open,
                        close,
                        alternatives: sequence.map((v) => [
                            { kind: 'literal', value: v, unquoted: false, ansiC: false },
                        ]),
                    };
                }
            }
        }
    }
    return undefined;
}
/** The words of `{x..y[..step]}`, undefined when bash leaves it as text, 'unsupported' when unsure. */
function braceSequence(text) {
    const numbers = /^(-?[0-9]+)\.\.(-?[0-9]+)(?:\.\.(-?[0-9]+))?$/.exec(text);
    if (numbers) {
        const [, a, b, s] = numbers;
        const from = Number(a);
        const to = Number(b);
        const step = Math.abs(Number(s ?? '1')) || 1;
        const padded = /^-?0[0-9]/.test(a) || /^-?0[0-9]/.test(b);
        if (padded && (from < 0 || to < 0))
            return 'unsupported';
        const width = padded ? Math.max(a.length, b.length) : 0;
        if (Math.abs(to - from) / step > MAX_BRACE_WORDS)
            return 'unsupported';
        const words = [];
        for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
            words.push(String(v).padStart(width, '0'));
        }
        return words;
    }
    const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?[0-9]+))?$/.exec(text);
    if (letters) {
        const [, a, b, s] = letters;
        // Between cases bash walks through the punctuation of ASCII; not worth reproducing.
        if (a < 'a' !== b < 'a')
            return 'unsupported';
        const from = a.charCodeAt(0);
        const to = b.charCodeAt(0);
        const step = Math.abs(Number(s ?? '1')) || 1;
        const words = [];
        for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
            words.push(String.fromCharCode(v));
        }
        return words;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/policy/read/words.ts


/** A word whose text is known, made up by the policy (env -S, eval, find's `{}`). */
function literalWord(text, start = 0) {
    return {
        text,
        source: text,
        literal: true,
        prefix: text,
        splits: false,
        ansiC: false,
        tilde: false,
        start,
        printed: [quoteLiteral(text)],
    };
}
/** Stands for words a program receives that the command text does not show (xargs' input). */
function unknownWords(description, start = 0) {
    return {
        text: description,
        source: description,
        literal: false,
        prefix: '',
        splits: true,
        ansiC: false,
        tilde: false,
        start,
    };
}
/** A word built from another with part of its value unknown from `at` on (find's `{}` in a script). */
function unknownFrom(word, at) {
    return { ...word, literal: false, prefix: word.text.slice(0, Math.min(at, word.prefix.length)) };
}
/** The word could be (or begin with) an option: its known prefix does not rule out a leading `-`. */
function mayBeOption(word) {
    if (word.literal)
        return word.text.startsWith('-');
    if (word.notOption === true)
        return false;
    return word.prefix === '' || word.prefix.startsWith('-');
}
/**
 * The words as bash may split them, or undefined when none may. Each argument that may become
 * several words (an unquoted expansion, a glob) stands for two operands: a reading where it may be
 * an option is the words as written. A program checked against this reading too cannot have a word
 * it counted as one operand turn into two, the second an output file (`x='a out'; uniq $x`).
 */
function splitApart(words) {
    if (!words.some((w, i) => i > 0 && w.splits))
        return undefined;
    const out = [];
    words.forEach((word, i) => {
        if (i === 0 || !word.splits) {
            out.push(word);
            return;
        }
        const operand = { ...word, splits: false, notOption: true };
        out.push(operand, { ...operand, printed: undefined });
    });
    return out;
}
/** The value of a literal word, or undefined. */
function words_valueOf(word) {
    return word?.literal ? word.text : undefined;
}
/** Characters an operand of `${\u2026}` may hold bare: none of them starts a quote or an expansion. */
const PLAIN_PARAMETER_TEXT = /^[A-Za-z0-9_.,:@%+=*?^!~#/[\] -]*$/;
/**
 * Accumulates the parts of one word in order, and turns them into the Word (or, with brace
 * expansion, the Words) bash makes of them, each with its canonical print.
 */
class WordBuilder {
    source;
    start;
    mode;
    parts = [];
    problem;
    constructor(source, start, mode = 'word') {
        this.source = source;
        this.start = start;
        this.mode = mode;
    }
    get isEmpty() {
        return this.parts.length === 0;
    }
    get quoting() {
        return this.mode;
    }
    /** Characters whose value is themselves; `unquoted` ones may take part in brace expansion. */
    literalText(text, unquoted, ansiC = false) {
        if (unquoted) {
            for (const c of text)
                this.parts.push({ kind: 'literal', value: c, unquoted, ansiC });
        }
        else {
            this.parts.push({ kind: 'literal', value: text, unquoted, ansiC });
        }
    }
    /** An unquoted glob (a character, or a whole bracket expression): the word becomes a pattern. */
    glob(text) {
        this.parts.push({ kind: 'glob', value: text });
    }
    /** The `~` or `~user` that starts a word; bash replaces it with a home directory. */
    tilde(text) {
        this.parts.push({ kind: 'tilde', value: text });
    }
    /**
     * A part whose value is known only at run time (expansion, substitution), with the canonical
     * text that stands for it (undefined: it has none, and the word cannot be printed).
     * `startsWith` is what its value is known to begin with (`/` for a process substitution's path).
     */
    unknown(source, splits, print, startsWith = '', notOption = false) {
        this.parts.push({ kind: 'unknown', source, print, splits, startsWith, notOption });
        if (print === undefined)
            this.cannotPrint(`'${source}' has no form the policy prints`);
    }
    /** Marks the word as one the policy cannot print (the first reason is kept). */
    cannotPrint(why) {
        this.problem ??= why;
    }
    /** The word where bash does no brace expansion (assignments, redirections, patterns). */
    build() {
        const word = this.wordOf(this.parts);
        // Unquoted `{a,b}` here is left for bash to expand in some places (a redirection target), so
        // the value is unknown; its print quotes the braces, so bash reads the literal text.
        const expanded = expandBraces(this.parts);
        if (expanded?.length === 1 && expanded[0]?.length === this.parts.length)
            return word;
        const brace = this.parts.findIndex((p) => p.kind === 'literal' && p.unquoted && p.value === '{');
        const before = this.parts.slice(0, Math.max(0, brace)).map(partText).join('');
        return {
            ...word,
            literal: false,
            splits: true,
            prefix: word.prefix.slice(0, Math.min(word.prefix.length, before.length)),
        };
    }
    /** The words of an argument: brace expansion done here, as bash does it. */
    buildFields() {
        const expanded = expandBraces(this.parts);
        if (expanded === undefined) {
            this.cannotPrint('has a brace expansion the policy does not reproduce');
            return [this.build()];
        }
        if (expanded.length === 1)
            return [this.wordOf(expanded[0])];
        // Bash drops the words brace expansion leaves empty and unquoted.
        return expanded
            .filter((parts) => parts.some((p) => p.kind !== 'literal' || p.value !== '' || !p.unquoted))
            .filter((parts) => parts.length > 0)
            .map((parts) => this.wordOf(parts));
    }
    wordOf(parts) {
        let text = '';
        let prefix = '';
        let literal = true;
        let splits = false;
        let ansiC = false;
        for (const part of parts) {
            text += partText(part);
            switch (part.kind) {
                case 'literal':
                    if (literal)
                        prefix += part.value;
                    if (part.ansiC)
                        ansiC = true;
                    break;
                case 'tilde':
                    if (literal)
                        prefix += part.value;
                    break;
                case 'glob':
                    literal = false;
                    splits = true;
                    break;
                case 'unknown':
                    if (literal)
                        prefix += part.startsWith;
                    literal = false;
                    if (part.splits)
                        splits = true;
                    break;
            }
        }
        const printed = this.problem === undefined ? this.print(parts) : undefined;
        const first = parts[0];
        return {
            text,
            source: this.source,
            literal,
            prefix: literal ? text : prefix,
            splits,
            ansiC,
            tilde: parts[0]?.kind === 'tilde',
            notOption: first?.kind === 'unknown' && first.notOption === true,
            start: this.start,
            printed,
            unprintable: printed === undefined ? (this.problem ?? 'cannot be printed') : undefined,
        };
    }
    print(parts) {
        const out = [];
        let run = '';
        let runQuoted = false;
        const flush = () => {
            if (run === '' && !runQuoted)
                return;
            out.push(this.mode === 'heredoc'
                ? escapeHeredoc(run)
                : this.mode === 'parameter'
                    ? doubleQuote(run)
                    : quoteLiteral(run));
            run = '';
            runQuoted = false;
        };
        for (const part of parts) {
            if (part.kind === 'literal') {
                if (this.mode === 'parameter' && part.unquoted) {
                    flush();
                    if (!PLAIN_PARAMETER_TEXT.test(part.value)) {
                        this.cannotPrint(`has ${JSON.stringify(part.value)} inside \${\u2026}, which the policy does not print`);
                        return undefined;
                    }
                    out.push(part.value);
                    continue;
                }
                run += part.value;
                runQuoted = true;
                continue;
            }
            flush();
            if (part.kind === 'unknown')
                out.push(...part.print);
            else if (this.mode === 'parameter' && !PLAIN_PARAMETER_TEXT.test(part.value)) {
                this.cannotPrint(`has ${JSON.stringify(part.value)} inside \${\u2026}, which the policy does not print`);
                return undefined;
            }
            else
                out.push(part.value);
        }
        flush();
        if (out.length === 0 && this.mode !== 'heredoc' && this.mode !== 'parameter')
            return ["''"];
        return out;
    }
}
function partText(part) {
    return part.kind === 'unknown' ? part.source : part.value;
}
/** Text inside double quotes, for the operand of `${\u2026}`. */
function doubleQuote(text) {
    return `"${text.replace(/[\\$`"]/g, '\\$&')}"`;
}
/** Literal text of an unquoted heredoc body: only `\`, `$` and `` ` `` are special there. */
function escapeHeredoc(text) {
    return text.replace(/[\\$`]/g, '\\$&');
}
const SIMPLE_ESCAPES = {
    a: '\x07',
    b: '\b',
    e: '\x1b',
    E: '\x1b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
    v: '\v',
    '\\': '\\',
    "'": "'",
    '"': '"',
    '?': '?',
};
/**
 * The value of the body of an ANSI-C quoted string ($'\u2026' without the delimiters), decoded as bash
 * decodes it, or undefined when it uses an escape whose value this decoder does not reproduce
 * exactly (the word then cannot be printed, and the command is refused).
 */
function decodeAnsiC(body) {
    const decoded = decodeAnsiCIn(body, false);
    return decoded?.text;
}
/**
 * An ANSI-C string holding a `\u`/`\U` escape above ASCII, whose other escapes are all ones
 * decodeAnsiC reads: what bash makes of such a character depends on the locale, so the string is
 * known as its decoded text before the first one (`known`) and the rest of its body as written
 * (`rest`, from that escape on). Undefined for any other string.
 */
function ansiCBeforeLocale(body) {
    const decoded = decodeAnsiCIn(body, true);
    if (decoded?.localeAt === undefined)
        return undefined;
    return { known: decoded.text, rest: body.slice(decoded.localeAt) };
}
/**
 * `localeCharacters`: stop at the first `\u`/`\U` escape above ASCII, giving the text before it
 * and where it starts in the body, instead of failing.
 */
function decodeAnsiCIn(body, localeCharacters) {
    let out = '';
    for (let i = 0; i < body.length; i++) {
        const c = body[i];
        if (c !== '\\') {
            out += c;
            continue;
        }
        const n = body[i + 1];
        if (n === undefined)
            return undefined;
        const simple = SIMPLE_ESCAPES[n];
        if (simple !== undefined) {
            out += simple;
            i++;
            continue;
        }
        const numeric = /^(?:[0-7]{1,3}|x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8})/.exec(body.slice(i + 1));
        if (numeric) {
            const digits = numeric[0];
            const hex = digits[0] === 'x' || digits[0] === 'u' || digits[0] === 'U';
            // Bash keeps only the low byte of an octal escape: $'\455' is '-'.
            const code = hex ? parseInt(digits.slice(1), 16) : parseInt(digits, 8) & 0xff;
            if (code > 0x7f && localeCharacters && /^[uU]/.test(digits)) {
                // The rest must still be a string this decoder reads.
                const after = decodeAnsiCIn(body.slice(i + 1 + digits.length), true);
                return after === undefined ? undefined : { text: out, localeAt: i };
            }
            // Bash ends the string at a NUL; a byte above 0x7f is not a character by itself, and what
            // \u prints above ASCII depends on the locale.
            if (code === 0 || code > 0x7f)
                return undefined;
            out += String.fromCharCode(code);
            i += digits.length;
            continue;
        }
        // `\c` control characters and unknown escapes: rare, and not worth reproducing.
        return undefined;
    }
    return { text: out };
}

;// CONCATENATED MODULE: ./src/policy/programs/options.ts


const SHORT = /^-([^-\s[=])(?:\[[^\]]+\]| \S+)?$/;
const LONG = /^--?([\w.-]{2,})(?:\[=[^\]]+\]|=\S+| \S+)?$/;
function arityOf(spelling) {
    if (/\[=?[^\]]+\]$/.test(spelling))
        return 'optional';
    if (/[= ]\S+$/.test(spelling))
        return 'required';
    return 'none';
}
function compileTable(table) {
    const short = new Map();
    const long = new Map();
    const add = (line, danger) => {
        const spellings = line.split(/,\s*/);
        // A man page gives the value once: `-o, --output=FILE` means -o takes FILE too.
        const arities = spellings.map(arityOf);
        const arity = arities.includes('required')
            ? 'required'
            : arities.includes('optional')
                ? 'optional'
                : 'none';
        for (const spelling of spellings) {
            const s = SHORT.exec(spelling);
            const l = LONG.exec(spelling);
            const terminal = table.terminal?.includes(spelling.split(/[[= ]/)[0]) ?? false;
            if (s) {
                const own = arityOf(spelling);
                short.set(s[1], {
                    spelling: `-${s[1]}`,
                    arity: own === 'none' ? arity : own,
                    danger,
                    terminal,
                });
            }
            else if (l && (spelling.startsWith('--') || table.singleDashLong)) {
                const dashes = spelling.startsWith('--') ? '--' : '-';
                long.set(l[1], { spelling: `${dashes}${l[1]}`, arity, danger, terminal });
            }
            else {
                throw new Error(`bad option spelling in a policy table: '${spelling}'`);
            }
        }
    };
    for (const line of table.values ?? [])
        add(line, undefined);
    for (const line of table.flags ?? [])
        add(line, undefined);
    for (const [line, danger] of Object.entries(table.dangerous ?? {}))
        add(line, danger);
    for (const t of table.terminal ?? []) {
        const name = t.replace(/^-+/, '');
        const map = t.startsWith('--') ? long : short;
        const existing = map.get(name);
        map.set(name, existing
            ? { ...existing, terminal: true }
            : { spelling: t, arity: 'required', danger: undefined, terminal: true });
    }
    return {
        short,
        long,
        safe: new Set(table.safe ?? []),
        optionsFirst: table.optionsFirst ?? false,
        hasDangers: Object.keys(table.dangerous ?? {}).length > 0,
        singleDashLong: table.singleDashLong ?? false,
    };
}
const compiledTables = new WeakMap();
/** A table compiled once, on first use: most programs are never met in a run. */
function compiled(table) {
    let result = compiledTables.get(table);
    if (!result) {
        result = compileTable(table);
        compiledTables.set(table, result);
    }
    return result;
}
/** Resolves a long option name the way getopt_long does, leaning towards the dangerous reading. */
function resolveLong(table, name) {
    const exact = table.long.get(name);
    if (exact)
        return exact;
    if (table.safe.has(name) || name.startsWith('no-') || name === '')
        return undefined;
    let unique;
    let count = 0;
    for (const [full, spec] of table.long) {
        // Single-dash long options may carry their value attached (`-oNfile`).
        const attached = table.singleDashLong && spec.danger !== undefined && name.startsWith(full);
        if (!full.startsWith(name) && !attached)
            continue;
        if (spec.danger)
            return spec;
        unique = spec;
        count++;
    }
    return count === 1 ? unique : undefined;
}
function dangerApplies(spec, value) {
    const danger = spec.danger;
    if (danger === undefined)
        return undefined;
    if (typeof danger === 'string')
        return danger;
    const text = typeof value === 'string' ? value : value?.literal ? value.text : undefined;
    // A value unknown until run time could be the dangerous one.
    if (value !== undefined && text === undefined)
        return danger.why;
    return !danger.when || danger.when(text) ? danger.why : undefined;
}
function describe(spec, why) {
    return `${why} (${spec.spelling})`;
}
/**
 * Walks a command's words from `from`, separating options (with their values) from operands and
 * collecting the dangerous ones. A word whose value is unknown and could be an option is itself a
 * danger when the program has dangerous options.
 */
function scanOptions(words, from, table, until = words.length) {
    const options = [];
    const operands = [];
    const dangers = [];
    const writes = [];
    const inner = [];
    const scripts = [];
    let endOfOptions = false;
    let terminalAt;
    const found = (index, spec, value, valueIndex, spell) => {
        options.push({ index, name: spec.spelling, value, valueIndex, spell });
        const why = dangerApplies(spec, value);
        const effect = typeof spec.danger === 'object' ? spec.danger.effect : undefined;
        const known = typeof value === 'string' ? literalWord(value) : value?.literal ? value : undefined;
        const at = valueIndex ?? index;
        if (why && effect === 'writes' && value !== undefined) {
            // A name known only at run time is a write to an unknown target, refused as such.
            const target = typeof value === 'string' ? literalWord(value) : value;
            writes.push({ index, spell, option: spec.spelling, target });
            return;
        }
        if (why && effect && known) {
            const where = `${spec.spelling} of ${String(words[0]?.text ?? '')}`;
            if (effect === 'runs-shell') {
                // `index` names a word holding exactly the text, so not `--exec=TEXT`.
                scripts.push({ text: known.text, where: `in the text run by ${where}`, index: valueIndex });
            }
            else {
                const program = programWords(known);
                // It reads what the outer program feeds it, which the policy cannot see.
                const stdin = { kind: 'pipe' };
                if (program)
                    inner.push({ words: program, from: [at], where: `run by ${where}`, stdin });
                else
                    dangers.push(codeDanger(index, spell, describe(spec, why)));
            }
            return;
        }
        if (why) {
            // What runs a program is code the policy cannot follow; `*` alone does not allow it.
            const isCode = typeof spec.danger === 'object'
                ? spec.danger.code === true
                : spec.danger?.startsWith('runs') === true;
            dangers.push((isCode ? codeDanger : optionDanger)(index, spell, describe(spec, why)));
        }
    };
    for (let i = from; i < until; i++) {
        const word = words[i];
        if (endOfOptions || !mayBeOption(word)) {
            operands.push(i);
            if (table.optionsFirst)
                endOfOptions = true;
            continue;
        }
        if (!word.literal) {
            const hazard = unknownWordHazard(word, table);
            if (hazard)
                dangers.push(optionDanger(i, 0, hazard));
            if (table.optionsFirst) {
                // It may as well be the first operand (for a wrapper: the command it runs).
                operands.push(i);
                endOfOptions = true;
            }
            continue;
        }
        const text = word.text;
        if (text === '--') {
            endOfOptions = true;
            continue;
        }
        if (text === '-') {
            operands.push(i);
            if (table.optionsFirst)
                endOfOptions = true;
            continue;
        }
        if (text.startsWith('--') || (table.singleDashLong && text.length > 2)) {
            const dashes = text.startsWith('--') ? 2 : 1;
            const eq = text.indexOf('=');
            const name = eq < 0 ? text.slice(dashes) : text.slice(dashes, eq);
            const spec = resolveLong(table, name);
            if (!spec)
                continue;
            let value = eq < 0 ? undefined : text.slice(eq + 1);
            let valueIndex;
            if (eq < 0 && spec.arity === 'required' && i + 1 < until) {
                valueIndex = i + 1;
                value = words[i + 1];
            }
            found(i, spec, value, valueIndex, eq < 0 ? text.length : eq);
            if (valueIndex !== undefined)
                i++;
            if (spec.terminal) {
                terminalAt = i + 1;
                break;
            }
            continue;
        }
        // A bundle of short options: `-no file` is -n then -o with the next word as its value.
        let terminal = false;
        for (let k = 1; k < text.length; k++) {
            const spec = table.short.get(text[k]);
            if (!spec)
                continue;
            if (spec.arity === 'none') {
                found(i, spec, undefined, undefined, k + 1);
            }
            else if (k + 1 < text.length) {
                found(i, spec, text.slice(k + 1), undefined, k + 1);
                terminal = spec.terminal;
                break;
            }
            else if (spec.arity === 'required' && i + 1 < until) {
                found(i, spec, words[i + 1], i + 1, k + 1);
                i++;
                terminal = spec.terminal;
                break;
            }
            else {
                found(i, spec, undefined, undefined, k + 1);
                terminal = spec.terminal;
                break;
            }
        }
        if (terminal) {
            terminalAt = i + 1;
            break;
        }
    }
    return { options, operands, dangers, writes, inner, scripts, terminalAt };
}
/**
 * The words of a program named by an option value (`--compress-program='zstd -T0'`): split at
 * spaces the way these programs split it, or undefined when the value holds anything a shell
 * would read differently.
 */
function programWords(value) {
    if (!/^[\w./:=,+-]+( [\w./:=,+-]+)*$/.test(value.text))
        return undefined;
    const words = value.text.split(' ').map((part) => literalWord(part, value.start));
    // The outer program adds words of its own (`gzip -d`, the file for `rg --pre`).
    return [...words, unknownWords('<words the outer program adds>', value.start)];
}
/** Adds what a scan found to an analysis. */
function absorb(result, scan) {
    result.dangers.push(...scan.dangers);
    result.writes.push(...scan.writes);
    result.inner.push(...scan.inner);
    result.scripts.push(...scan.scripts);
}
/** Why a word whose value is unknown may be a dangerous option, or undefined if it cannot be. */
function unknownWordHazard(word, table) {
    if (!table.hasDangers)
        return undefined;
    const known = word.prefix;
    const what = `'${word.source}' could expand to an option`;
    if (known.startsWith('--')) {
        const eq = known.indexOf('=');
        if (eq >= 0) {
            const spec = resolveLong(table, known.slice(2, eq));
            const why = spec ? dangerApplies(spec, word) : undefined;
            return why ? describe(spec, why) : undefined;
        }
        const name = known.slice(2);
        for (const [full, spec] of table.long)
            if (spec.danger && full.startsWith(name))
                return `${what} like ${spec.spelling}`;
        return undefined;
    }
    if (known.startsWith('-')) {
        for (let k = 1; k < known.length; k++) {
            const spec = table.short.get(known[k]);
            // `-o"$x"`: a value unknown until run time could be the dangerous one.
            const why = spec && dangerApplies(spec, word);
            if (why)
                return describe(spec, why);
            if (spec && spec.arity !== 'none')
                return undefined;
        }
    }
    return `${what} this program treats as writing files or running programs`;
}
/** The literal value of an option value, or undefined. */
function optionValue(option) {
    const v = option.value;
    if (typeof v === 'string')
        return v;
    return v?.literal ? v.text : undefined;
}

;// CONCATENATED MODULE: ./src/policy/programs/common.ts



/* Pieces the analysers of several families share. */
/** The analysis of a program that has only an option table. */
function tableAnalysis(options, words) {
    const result = emptyAnalysis();
    if (options)
        absorb(result, scanOptions(words, 1, compiled(options)));
    return result;
}
function innerFrom(words, start, where, end = words.length) {
    const from = [];
    for (let i = start; i < end; i++)
        from.push(i);
    return { words: words.slice(start, end), from, where };
}
function addScript(result, value, index, where) {
    const text = typeof value === 'string' ? value : words_valueOf(value);
    if (text === undefined) {
        result.dangers.push(unresolvable(index, 'runs shell text that is not known until run time'));
    }
    else {
        result.scripts.push({ text, where, index });
    }
}
/**
 * NAME=VALUE words before a command (env, sudo): environment variables of the command. `origin` maps
 * a position in `words` to the word of the original command it came from (env -S splits one into many).
 */
function takeAssignments(words, start, result, origin = (i) => i) {
    let i = start;
    for (; i < words.length; i++) {
        const word = words[i];
        const known = word.literal ? word.text : word.prefix;
        const eq = known.indexOf('=');
        if (eq <= 0)
            break;
        result.variables.push({
            index: origin(i),
            name: known.slice(0, eq),
            exported: true,
            spell: eq + 1,
            value: valueAfter(word, eq),
        });
    }
    return i;
}
/** The part of a NAME=VALUE word after the `=`. */
function valueAfter(word, eq) {
    return { ...word, text: word.text.slice(eq + 1), prefix: word.prefix.slice(eq + 1) };
}
/** A shell (or `source /dev/stdin`) reading its commands from standard input. */
function addStdinScript(result, name, context) {
    const stdin = context.stdin;
    if (stdin.kind === 'text') {
        if (stdin.literal) {
            result.scripts.push({
                text: stdin.text,
                where: `in the text fed to ${name}`,
                index: undefined,
                stdin: { kind: 'inherited' },
            });
        }
        else {
            result.dangers.push(unresolvable(0, `${name} reads commands from a heredoc whose text is not known until run time`));
        }
    }
    else if (stdin.kind === 'pipe') {
        result.dangers.push(unresolvable(0, `${name} reads commands from a pipe`));
    }
}
function addStdinCode(result, name, context) {
    if (context.stdin.kind === 'text') {
        result.dangers.push(codeDanger(0, 0, `runs ${name} code from standard input`));
    }
    else if (context.stdin.kind === 'pipe') {
        result.dangers.push(unresolvable(0, `${name} runs code read from a pipe`));
    }
}
/**
 * The words a program may take as file operands: the scan's operands, and the words whose value is
 * unknown that the scan set aside as possible options (`"$f"` may as well be a file name).
 */
function possibleOperands(words, scan) {
    const values = new Set(scan.options.map((o) => o.valueIndex));
    const operands = new Set(scan.operands);
    for (let i = 1; i < words.length; i++)
        if (!words[i].literal && !values.has(i))
            operands.add(i);
    return [...operands].sort((a, b) => a - b);
}
/** A single-quoted shell word. */
function quoted(text) {
    return `'${text.replaceAll("'", `'\\''`)}'`;
}
/**
 * `-i[SUFFIX]` (sed, perl, ruby) rewrites each file it reads, and writes FILE+SUFFIX as a backup:
 * writes of those files. A suffix with `/` or `*` names the backup's place, which is refused.
 */
function addInPlaceWrites(result, words, option, files) {
    const value = option.value;
    const suffix = typeof value === 'string' ? value : value === undefined ? '' : words_valueOf(value);
    if (suffix === undefined || /[/*]/.test(suffix)) {
        result.dangers.push(optionDanger(option.index, 0, `puts backups where its suffix says (${option.name})`));
        return;
    }
    const write = (target) => {
        result.writes.push({ index: option.index, spell: option.spell, option: option.name, target });
    };
    for (const file of files) {
        const word = words[file];
        write(word);
        if (suffix !== '')
            write(word.literal ? literalWord(word.text + suffix, word.start) : word);
    }
}
/** An operand the program creates, changes, moves or deletes (see OptionWrite.gitOnly). */
function changed(index, spell, option, target) {
    return { index, spell, option, target, gitOnly: true };
}
/** The operand at `index` as a file the program changes; a pattern that spells it out allows it. */
function addChanged(result, words, index, program) {
    const word = words[index];
    result.writes.push(changed(index, word.literal ? word.text.length : 0, program, word));
}

;// CONCATENATED MODULE: ./src/policy/programs/spec.ts
/** The value names a file written: checked against the write patterns like a redirection. */
const WRITES = { why: 'writes a file', effect: 'writes' };
/** The value names a program run: checked like a command of its own. */
const RUNS = { why: 'runs a program', code: true, effect: 'runs-program' };
/** The value is shell text run by a shell: checked like a script. */
const RUNS_SHELL = {
    why: 'runs a shell command',
    code: true,
    effect: 'runs-shell',
};
const WRITES_INTO = 'writes files into a directory';
const CODE = { why: 'runs code given on the command line', code: true };

;// CONCATENATED MODULE: ./src/policy/programs/builtins.ts





/** `compgen` and `complete` share their options: both can name a command or function to run. */
const COMPLETION_BUILTIN = {
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
const PRINTF_OPTIONS = {
    // `-v NAME` assigns a variable, which the printf analyser checks as an assignment is checked.
    values: ['-v VAR'],
    optionsFirst: true,
};
const HASH_OPTIONS = {
    dangerous: { '-p PATH': 'makes a command name run another program' },
};
const ENABLE_OPTIONS = {
    dangerous: { '-f FILE': 'loads a shared library into the shell' },
};
const BIND_OPTIONS = {
    values: ['-m KEYMAP', '-q FUNCTION', '-u FUNCTION', '-r KEYSEQ', '-f FILE'],
    dangerous: { '-x KEYSEQ:COMMAND': RUNS },
};
const MAPFILE_OPTIONS = {
    values: ['-d DELIM', '-n COUNT', '-O ORIGIN', '-s COUNT', '-u FD', '-c QUANTUM'],
    dangerous: { '-C CALLBACK': 'runs a callback command' },
    optionsFirst: true,
};
const READ_OPTIONS = {
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
const FC_OPTIONS = {
    values: ['-e ENAME'],
    dangerous: {
        '-s': 're-runs commands from history',
        '-e ENAME': 'runs an editor on commands, then runs them',
    },
};
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The variable part of NAME, NAME=VALUE, NAME+=VALUE or NAME[N]=VALUE. */
function variableOf(word) {
    const known = word.literal ? word.text : word.prefix;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?=|$)/.exec(known);
    if (!m)
        return undefined;
    if (!word.literal && m[3] === '' && m[0] === known)
        return undefined;
    return {
        name: m[1],
        length: m[1].length + (m[2]?.length ?? 0) + (m[3]?.length ?? 0),
        subscript: m[2],
    };
}
/** declare, typeset, local, export, readonly: options, then NAME[=VALUE] words. */
function analyseDeclaration(name) {
    return (words) => {
        const result = emptyAnalysis();
        const flags = new Set();
        let i = 1;
        for (; i < words.length; i++) {
            const word = words[i];
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
            if (!/^[-+][a-zA-Z]+$/.test(word.text))
                break;
            if (word.text.startsWith('-'))
                for (const c of word.text.slice(1))
                    flags.add(c);
        }
        const exported = name === 'export' ? !flags.has('n') : flags.has('x');
        if (flags.has('n') && name !== 'export') {
            result.dangers.push(optionDanger(1, 0, `makes a name refer to another variable (${name} -n)`));
        }
        if (flags.has('f') && exported) {
            result.dangers.push(optionDanger(1, 0, `exports a shell function to programs (${name} -f)`));
            return result;
        }
        if (flags.has('f') || flags.has('F'))
            return result;
        for (; i < words.length; i++) {
            const word = words[i];
            const variable = variableOf(word);
            if (!variable) {
                result.dangers.push(unresolvable(i, `sets a variable whose name is not known until run time (${name})`));
                continue;
            }
            if (variable.subscript !== undefined && !/^\[[0-9]+\]$/.test(variable.subscript)) {
                result.dangers.push(unresolvable(i, 'uses an array subscript the policy cannot check (subscripts run commands)'));
                continue;
            }
            if (flags.has('i') &&
                word.text.includes('=') &&
                !(word.literal && /=[0-9]+$/.test(word.text))) {
                result.dangers.push(unresolvable(i, 'gives an integer variable a value that is evaluated as arithmetic'));
            }
            const eq = word.text.indexOf('=');
            const value = eq < 0
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
const analyseRead = (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, compiled(READ_OPTIONS));
    absorb(result, scan);
    const names = [...scan.operands];
    for (const option of scan.options)
        if (option.name === '-a' && option.valueIndex !== undefined)
            names.push(option.valueIndex);
    addNames(result, words, names, 'read');
    return result;
};
const analyseMapfile = (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, compiled(MAPFILE_OPTIONS));
    absorb(result, scan);
    addNames(result, words, scan.operands.slice(0, 1), 'mapfile');
    return result;
};
const analyseGetopts = (words) => {
    const result = emptyAnalysis();
    addNames(result, words, words.length > 2 ? [2] : [], 'getopts');
    return result;
};
const analysePrintf = (words) => {
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
            }
            else {
                result.dangers.push(unresolvable(option.index, 'printf -v assigns a name the policy cannot check'));
            }
        }
    }
    return result;
};
function addNames(result, words, indices, what) {
    for (const i of indices) {
        const word = words[i];
        if (!word.literal || !NAME.test(word.text)) {
            result.dangers.push(unresolvable(i, `${what} assigns a name the policy cannot check (array subscripts run commands)`));
        }
        else {
            result.variables.push({
                index: i,
                name: word.text,
                exported: false,
                spell: word.text.length,
            });
        }
    }
}
const analyseUnset = (words) => {
    const result = emptyAnalysis();
    for (let i = 1; i < words.length; i++) {
        const word = words[i];
        if (word.literal && /^-[fvn]+$/.test(word.text))
            continue;
        if (!word.literal ||
            (word.text.includes('[') && !/^[A-Za-z_][A-Za-z0-9_]*\[-?[0-9]+\]$/.test(word.text))) {
            result.dangers.push(unresolvable(i, 'unsets a name the policy cannot check (array subscripts run commands)'));
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
const analyseLet = (words) => {
    const result = emptyAnalysis();
    for (let i = 1; i < words.length; i++) {
        const word = words[i];
        if (word.arithmetic === true)
            continue;
        const assigns = word.literal ? LET_ASSIGNMENT.exec(word.text) : null;
        if (assigns) {
            const name = assigns[1];
            result.variables.push({ index: i, name, exported: false, spell: name.length + 1 });
            continue;
        }
        if (!word.literal || !LET_NUMBERS.test(word.text)) {
            result.dangers.push(unresolvable(i, 'evaluates arithmetic on variables, which can run commands hidden in their values'));
        }
    }
    return result;
};
/** test / [: `-v NAME` with a subscript runs commands. */
const analyseTest = (words) => {
    const result = emptyAnalysis();
    for (let i = 1; i < words.length; i++) {
        const word = words[i];
        if (!word.literal)
            continue;
        if (word.text === '-v' || word.text === '-R') {
            const operand = words[i + 1];
            if (operand && (!operand.literal || operand.text.includes('['))) {
                result.dangers.push(unresolvable(i + 1, `tests ${word.text} on a name the policy cannot check (array subscripts run commands)`));
            }
        }
    }
    return result;
};
/** cd, pushd, popd change the directory later redirections resolve against. */
const analyseCd = (words) => {
    const result = { ...emptyAnalysis(), changesDirectory: { target: undefined } };
    let i = 1;
    for (; i < words.length; i++) {
        const text = words_valueOf(words[i]);
        if (text === '--') {
            i++;
            break;
        }
        if (text === undefined || !/^-[LPe@]+$/.test(text))
            break;
    }
    return { ...result, changesDirectory: { target: words[i] } };
};
const analysePushd = (words) => {
    const target = words[1];
    const text = words_valueOf(target);
    const known = target && text !== undefined && !/^[-+]/.test(text) ? target : undefined;
    return { ...emptyAnalysis(), changesDirectory: { target: known } };
};
const analysePopd = () => ({
    ...emptyAnalysis(),
    changesDirectory: { target: undefined },
});
/** alias NAME=VALUE changes what a later command word runs. */
const analyseAlias = (words) => {
    const result = emptyAnalysis();
    for (let i = 1; i < words.length; i++) {
        const word = words[i];
        const known = word.literal ? word.text : word.prefix;
        if (word.literal && !known.includes('='))
            continue;
        const eq = known.indexOf('=');
        result.dangers.push(optionDanger(i, eq < 0 ? 0 : word.text.length, 'defines an alias, which changes what a later command runs'));
        result.renames.push({ index: i, text: word.literal ? word.text.slice(eq + 1) : undefined });
    }
    return result;
};
/** hash -p PATH NAME makes NAME run PATH. */
const analyseHash = (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, compiled(HASH_OPTIONS));
    absorb(result, scan);
    for (const option of scan.options) {
        if (option.name !== '-p')
            continue;
        const path = optionValue(option);
        result.renames.push({
            index: option.index,
            text: path === undefined ? undefined : quoted(path),
        });
    }
    return result;
};
/** Builtins of bash that set variables, change the directory or rename commands. */
const BUILTINS = {
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

// EXTERNAL MODULE: ./src/policy/programs/names.ts
var names = __webpack_require__(41690);
;// CONCATENATED MODULE: ./src/policy/programs/editors.ts



const VIM_OPTIONS = {
    values: [
        '-T TERMINAL',
        '-i VIMINFO',
        '-t TAG',
        '-q ERRORFILE',
        '-r FILE',
        '-o[N]',
        '-O[N]',
        '-p[N]',
    ],
    dangerous: {
        '-c COMMAND': 'runs an editor command, which can run programs',
        '--cmd=COMMAND': 'runs an editor command, which can run programs',
        '-S FILE': 'sources an editor script',
        '-s SCRIPTIN': 'reads editor commands from a file',
        '-u VIMRC': 'reads another vimrc',
        '-U GVIMRC': 'reads another gvimrc',
        '-w SCRIPTOUT': WRITES,
        '-W SCRIPTOUT': WRITES,
        '-e': 'reads editor commands from standard input',
        '-E': 'reads editor commands from standard input',
        '-x': 'encrypts files',
    },
};
const EMACS_OPTIONS = {
    values: ['--chdir=DIR', '-d, --display=DISPLAY', '--insert=FILE'],
    dangerous: {
        '--eval=EXPR, --execute=EXPR': CODE,
        '-l, --load=FILE': RUNS,
        '-f, --funcall=FUNCTION': 'calls a function',
        '--batch': 'runs non-interactively, usually to run code',
        '--script=FILE': RUNS,
        '-x': RUNS,
    },
};
const ED_OPTIONS = {
    values: ['-p STRING'],
};
const CRONTAB_OPTIONS = {
    values: ['-u USER'],
    dangerous: { '-e': 'edits the crontab', '-r': 'removes the crontab' },
};
const LESS_OPTIONS = {
    values: [
        '-b N',
        '-h N',
        '-j N',
        '-p PATTERN',
        '-P PROMPT',
        '-t TAG',
        '-T TAGSFILE',
        '-x N',
        '-y N',
        '-z N',
        '-# N',
    ],
    dangerous: {
        '-o, --log-file=FILE': WRITES,
        '-O, --LOG-FILE=FILE': WRITES,
        '-k, --lesskey-file=FILE': 'reads key bindings that can run commands',
        '--lesskey-src=FILE': 'reads key bindings that can run commands',
        '--lesskey-content=TEXT': 'sets key bindings that can run commands',
    },
};
const MAN_OPTIONS = {
    values: [
        '-M, --manpath=PATH',
        '-S, -s, --sections=LIST',
        '-m, --systems=SYSTEM',
        '-L, --locale=LOCALE',
        '-E, --encoding=ENCODING',
        '-R, --recode=ENCODING',
        '-T[DEVICE], --troff-device[=DEVICE]',
    ],
    dangerous: {
        '-P, --pager=PAGER': RUNS,
        '-H[BROWSER], --html[=BROWSER]': RUNS,
        '-C, --config-file=FILE': 'reads a configuration that names programs',
        '-p, --preprocessor=STRING': RUNS,
    },
};
const BAT_OPTIONS = {
    values: [
        '-l, --language=LANG',
        '-H, --highlight-line=N',
        '--tabs=T',
        '--wrap=MODE',
        '--terminal-width=W',
        '--theme=THEME',
        '-r, --line-range=RANGE',
        '--style=STYLE',
        '--color=WHEN',
        '-m, --map-syntax=MAP',
    ],
    dangerous: { '--pager=COMMAND': RUNS },
};
const GDB_OPTIONS = {
    singleDashLong: true,
    values: [
        '-p, --pid=PID',
        '-d, --directory=DIR',
        '-cd=DIR',
        '-s, --symbols=FILE',
        '-c, --core=FILE',
        '-e, --exec=FILE',
    ],
    dangerous: {
        '-ex, --eval-command=COMMAND': RUNS,
        '-iex, --init-eval-command=COMMAND': RUNS,
        '-x, --command=FILE': RUNS,
        '-ix, --init-command=FILE': RUNS,
        '--batch': RUNS,
    },
};
/** ed and ex read editing commands, which include `!command`, from standard input. */
function analyseLineEditor(name, options) {
    return (words, context) => {
        const result = tableAnalysis(options, words);
        if (context.stdin.kind === 'text' || context.stdin.kind === 'pipe') {
            result.dangers.push(optionDanger(0, 0, `${name} reads editing commands from standard input, which can run programs`));
        }
        return result;
    };
}
/** vim, and ex (one of its names), which reads editing commands like ed. */
const analyseVim = (words, context) => words[0]?.text.endsWith('ex')
    ? analyseLineEditor('vim', VIM_OPTIONS)(words, context)
    : tableAnalysis(VIM_OPTIONS, words);
/** Editors, pagers and debuggers: each can run commands of its own. */
const EDITORS = {
    vim: {
        role: 'runner',
        aliases: ['vi', 'nvim', 'view', 'vimdiff', 'rvim', 'gvim', 'ex'],
        options: VIM_OPTIONS,
        analyse: analyseVim,
        examples: {
            patterns: ['vim *', 'ex *'],
            allow: ['vim -R a.txt', 'ex -R a.txt'],
            refuse: [
                ["vim -c '!rm x' a.txt", 'inline-code'],
                ["ex a.txt <<'EOF'\n!rm x\nEOF", 'dangerous-option'],
            ],
        },
    },
    emacs: {
        options: EMACS_OPTIONS,
        examples: {
            patterns: ['emacs *'],
            allow: ['emacs -nw a.txt'],
            refuse: [
                ['emacs --eval \'(shell-command "ls")\'', 'inline-code'],
                ['emacs --batch a.txt', 'inline-code'],
            ],
        },
    },
    ed: {
        role: 'runner',
        options: ED_OPTIONS,
        analyse: analyseLineEditor('ed', ED_OPTIONS),
        examples: {
            patterns: ['ed *'],
            allow: ['ed -s a.txt'],
            refuse: [["ed a.txt <<'EOF'\n!rm x\nEOF", 'dangerous-option']],
        },
    },
    red: {
        role: 'runner',
        options: ED_OPTIONS,
        analyse: analyseLineEditor('ed', ED_OPTIONS),
        examples: {
            patterns: ['red *'],
            allow: ['red -s a.txt'],
            refuse: [["red a.txt <<'EOF'\n!rm x\nEOF", 'dangerous-option']],
        },
    },
    crontab: {
        options: CRONTAB_OPTIONS,
        examples: {
            patterns: ['crontab *'],
            allow: ['crontab -l'],
            refuse: [['crontab -r', 'dangerous-option']],
        },
    },
    less: {
        options: LESS_OPTIONS,
        examples: {
            patterns: ['less *'],
            allow: ['less -N a.txt'],
            refuse: [
                ['less -o log.txt a.txt', 'write-not-allowed'],
                ['less -k keys a.txt', 'dangerous-option'],
            ],
        },
    },
    man: {
        options: MAN_OPTIONS,
        examples: {
            patterns: ['man *', 'less *'],
            allow: ['man 1 ls'],
            refuse: [
                ['man -P less ls', 'dangerous-option'],
                ['man -H ls', 'inline-code'],
            ],
        },
    },
    bat: {
        options: BAT_OPTIONS,
        examples: {
            patterns: ['bat *', 'less *'],
            allow: ['bat -n a.txt'],
            refuse: [['bat --pager=less a.txt', 'dangerous-option']],
        },
    },
    gdb: {
        options: GDB_OPTIONS,
        examples: {
            patterns: ['gdb *'],
            allow: ['gdb -p 1'],
            refuse: [
                ["gdb -ex 'shell ls' ./a.out", 'no-matching-pattern'],
                ['gdb -batch -p 1', 'inline-code'],
            ],
        },
    },
};

;// CONCATENATED MODULE: ./src/policy/programs/archives.ts
/** Programs that pack and unpack archives: what they run, and which files they create or change. */





const TAR_OPTIONS = {
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
const CPIO_OPTIONS = {
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
const ZIP_OPTIONS = {
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
const analyseTar = (words) => {
    const result = emptyAnalysis();
    const t = compiled(TAR_OPTIONS);
    let from = 1;
    const first = words[1];
    /** Where the old-style `f` letter takes its archive. */
    let archiveAt;
    if (first?.literal && /^[A-Za-z]+$/.test(first.text)) {
        let next = 2;
        for (const letter of first.text) {
            const spec = t.short.get(letter);
            if (spec?.danger) {
                result.dangers.push(optionDanger(1, first.text.length, `${typeof spec.danger === 'string' ? spec.danger : spec.danger.why} (tar ${letter})`));
            }
            if (letter === 'f') {
                archiveAt = next;
                const archive = words_valueOf(words[next]);
                if (archive?.includes(':'))
                    result.dangers.push(optionDanger(next, archive.length, 'uses an archive on another host, through rsh'));
            }
            if (spec && spec.arity === 'required')
                next++;
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
            result.dangers.push(optionDanger(option.index, option.spell, 'uses an archive on another host, through rsh'));
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
function addTarChanges(result, words, scan, archiveAt) {
    const oldStyle = words[1]?.literal && /^[A-Za-z]+$/.test(words[1].text) ? words[1].text : '';
    const modes = words.filter((w) => w.literal).map((w) => w.text);
    const writesArchive = /[cruA]/.test(oldStyle) || modes.some((m) => TAR_WRITES_ARCHIVE.test(m));
    const extracts = oldStyle.includes('x') || modes.some((m) => TAR_EXTRACTS.test(m));
    if (writesArchive && archiveAt !== undefined && words[archiveAt])
        addChanged(result, words, archiveAt, 'tar -f');
    for (const option of scan.options) {
        const file = option.name === '-f' || option.name === '--file';
        const directory = option.name === '-C' || option.name === '--directory';
        if (!((file && writesArchive) || (directory && extracts)))
            continue;
        const value = option.value;
        if (value === undefined)
            continue;
        const target = typeof value === 'string' ? literalWord(value) : value;
        const at = option.valueIndex ?? option.index;
        const word = words[at];
        result.writes.push(changed(at, word.literal ? word.text.length : 0, `tar ${option.name}`, target));
    }
}
const analyseZip = (words) => {
    const result = tableAnalysis(ZIP_OPTIONS, words);
    words.forEach((w, i) => {
        if (i > 0 && w.literal && /^-[^-]*TT/.test(w.text)) {
            result.dangers.push(optionDanger(i, w.text.indexOf('TT') + 2, 'runs a program to test the archive (zip -TT)'));
        }
    });
    return result;
};
/** unzip: `-d DIR` is where it extracts (the members' own names are in the archive). */
const analyseUnzip = (words) => {
    const result = emptyAnalysis();
    words.forEach((word, i) => {
        if (i === 0 || !word.literal)
            return;
        if (word.text === '-d' && words[i + 1])
            addChanged(result, words, i + 1, 'unzip -d');
        else if (word.text.startsWith('-d') && word.text.length > 2)
            result.writes.push(changed(i, word.text.length, 'unzip -d', literalWord(word.text.slice(2), word.start)));
    });
    return result;
};
/** Programs that pack and unpack archives. */
const ARCHIVES = {
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

;// CONCATENATED MODULE: ./src/policy/programs/file-tools.ts






const TREE_OPTIONS = {
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
const FILE_OPTIONS = {
    values: [
        '-e, --exclude=TEST',
        '-f, --files-from=FILE',
        '-F, --separator=SEP',
        '-m, --magic-file=LIST',
        '-P, --parameter=NAME=VALUE',
    ],
    dangerous: { '-C, --compile': 'writes a compiled magic file' },
};
const DATE_OPTIONS = {
    values: [
        '-d, --date=STRING',
        '-f, --file=DATEFILE',
        '-r, --reference=FILE',
        '-I[FMT], --iso-8601[=FMT]',
        '--rfc-3339=FMT',
    ],
    dangerous: { '-s, --set=STRING': 'sets the system clock' },
};
const UNIQ_OPTIONS = {
    values: [
        '-f, --skip-fields=N',
        '-s, --skip-chars=N',
        '-w, --check-chars=N',
        '--all-repeated[=METHOD]',
        '--group[=METHOD]',
    ],
};
/**
 * ln, cp, mv, install: a link or copy of a program runs that program under the new name
 * (`ln -s /bin/rm del`). The sources are what the new names will stand for. The destination (the
 * last operand, or `-t`'s directory) is changed, and so are mv's sources, which leave their
 * directory; `install -d` creates every operand; `ln` with one operand links into the current
 * directory under the target's own name.
 */
const COPY_TABLE = compileTable({
    values: ['-t, --target-directory=DIRECTORY', '-S, --suffix=SUFFIX', '-m, --mode=MODE'],
    flags: ['-d, --directory'],
});
function analyseCopy(program) {
    return (words) => {
        const result = emptyAnalysis();
        const scan = scanOptions(words, 1, COPY_TABLE);
        const directory = scan.options.find((o) => o.name === '-t' || o.name === '--target-directory');
        const sources = directory ? scan.operands : scan.operands.slice(0, -1);
        for (const i of sources) {
            const word = words[i];
            result.renames.push({ index: i, text: word.literal ? quoted(word.text) : undefined });
        }
        const creates = program === 'install' &&
            scan.options.some((o) => o.name === '-d' || o.name === '--directory');
        if (directory?.value !== undefined) {
            const value = directory.value;
            const target = typeof value === 'string' ? literalWord(value, words[directory.index]?.start) : value;
            // Allowed by a pattern that spells the whole word out, not `-t` alone (`cp -t *`).
            const at = directory.valueIndex ?? directory.index;
            const word = words[at];
            result.writes.push(changed(at, word.literal ? word.text.length : 0, `${program} -t`, target));
        }
        // A word whose value is unknown may be a file name as well as an option: changed too.
        const operands = possibleOperands(words, scan);
        const last = operands.at(-1);
        const lone = program === 'ln' && !directory && operands.length === 1;
        for (const i of operands) {
            const isDestination = !directory && i === last && !lone;
            if (creates || isDestination || program === 'mv')
                addChanged(result, words, i, program);
        }
        const only = words[last ?? 0];
        if (lone && only?.literal) {
            // `ln -s ../x/.git` makes ./.git.
            const name = literalWord((0,external_node_path_.basename)(only.text), only.start);
            result.writes.push(changed(last, only.text.length, program, name));
        }
        return result;
    };
}
const TOUCH_OPTIONS = {
    values: ['-d, --date=STRING', '-r, --reference=FILE', '-t STAMP'],
};
const MODE_OPTIONS = { values: ['-m, --mode=MODE', '--reference=FILE'] };
const OWNER_OPTIONS = { values: ['--reference=FILE', '--from=OWNER'] };
const TRUNCATE_OPTIONS = { values: ['-r, --reference=FILE', '-s, --size=SIZE'] };
const SHRED_OPTIONS = {
    values: ['-n, --iterations=N', '-s, --size=N', '--random-source=FILE', '--remove[=HOW]'],
};
/** rm, touch, chmod\u2026: every file operand is created, changed or deleted. */
function analyseChangesOperands(program, table = {}) {
    const options = compiled(table);
    return (words) => {
        const result = emptyAnalysis();
        const scan = scanOptions(words, 1, options);
        absorb(result, scan);
        for (const i of possibleOperands(words, scan))
            addChanged(result, words, i, program);
        return result;
    };
}
/** tee FILE\u2026: writes each file it names. */
const TEE_TABLE = compileTable({ values: ['--output-error[=MODE]'] });
const analyseTee = (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, TEE_TABLE);
    for (const i of possibleOperands(words, scan)) {
        const word = words[i];
        if (word.literal && word.text === '-')
            continue;
        result.writes.push({ index: i, spell: word.text.length, option: 'tee', target: word });
    }
    return result;
};
/** Programs whose second file operand is written (uniq IN OUT, xxd IN OUT). */
function analyseOutputOperand(name, source, position) {
    return (words) => {
        const result = emptyAnalysis();
        const scan = scanOptions(words, 1, compiled(source));
        absorb(result, scan);
        const operands = possibleOperands(words, scan);
        // A word that splits before the output may put any later word in its place.
        const split = operands.slice(0, position + 1).find((i) => words[i].splits);
        const out = split ?? operands[position];
        if (out !== undefined) {
            const word = words[out];
            if (!(word.literal && word.text === '-')) {
                const spell = word.literal ? word.text.length : 0;
                result.writes.push({ index: out, spell, option: `${name}'s output file`, target: word });
            }
        }
        return result;
    };
}
const analyseDd = (words) => {
    const result = emptyAnalysis();
    words.forEach((w, i) => {
        const known = w.literal ? w.text : w.prefix;
        if (i > 0 && known.startsWith('of=')) {
            const target = w.literal ? literalWord(w.text.slice(3), w.start) : { ...w, literal: false };
            result.writes.push({ index: i, spell: 3, option: 'of=', target });
        }
        else if (i > 0 && !w.literal && known === '') {
            result.dangers.push(optionDanger(i, 3, 'may write a file (dd of=)'));
        }
    });
    return result;
};
/** Programs that read, list, copy and write files. */
const FILE_TOOLS = {
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
        analyse: analyseChangesOperands('rm'),
        examples: {
            patterns: ['rm *'],
            allow: ['rm a.txt', 'rm -rf build/*.o', 'rm -- -x.txt'],
            refuse: [
                ['rm a.txt > .git/x', 'write-into-git'],
                ['rm .git/index', 'write-into-git'],
                ['rm -rf .git', 'write-into-git'],
                ['rm -f ./.git/hooks/pre-push', 'write-into-git'],
                ['rm src/../.git/config', 'write-into-git'],
                ['rm .G*/index', 'write-into-git'],
            ],
        },
    },
    touch: {
        endsOptionsWithDoubleDash: true,
        analyse: analyseChangesOperands('touch', TOUCH_OPTIONS),
        examples: {
            patterns: ['touch *'],
            allow: ['touch a.txt', 'touch -r .git/HEAD a.txt'],
            refuse: [
                ['touch a.txt > .git/x', 'write-into-git'],
                ['touch .git/hooks/post-checkout', 'write-into-git'],
                ['touch -r .git/HEAD -- .git/x', 'write-into-git'],
            ],
        },
    },
    mkdir: {
        endsOptionsWithDoubleDash: true,
        analyse: analyseChangesOperands('mkdir', MODE_OPTIONS),
        examples: {
            patterns: ['mkdir *'],
            allow: ['mkdir -p out/a'],
            refuse: [
                ['mkdir a.txt > .git/x', 'write-into-git'],
                ['mkdir -p .git/hooks', 'write-into-git'],
                ['mkdir -m 755 .git/info', 'write-into-git'],
            ],
        },
    },
    rmdir: {
        endsOptionsWithDoubleDash: true,
        analyse: analyseChangesOperands('rmdir'),
        examples: {
            patterns: ['rmdir *'],
            allow: ['rmdir out'],
            refuse: [
                ['rmdir a > .git/x', 'write-into-git'],
                ['rmdir .git/refs/tags', 'write-into-git'],
            ],
        },
    },
    chmod: {
        endsOptionsWithDoubleDash: true,
        analyse: analyseChangesOperands('chmod', MODE_OPTIONS),
        examples: {
            patterns: ['chmod *'],
            allow: ['chmod +x run.sh', 'chmod --reference=.git/config a.txt'],
            refuse: [
                ['chmod a.txt > .git/x', 'write-into-git'],
                ['chmod +x .git/hooks/x', 'write-into-git'],
                ['chmod -R u+w .git', 'write-into-git'],
            ],
        },
    },
    unlink: {
        endsOptionsWithDoubleDash: true,
        analyse: analyseChangesOperands('unlink'),
        examples: {
            patterns: ['unlink *'],
            allow: ['unlink a.txt'],
            refuse: [['unlink .git/index', 'write-into-git']],
        },
    },
    chown: {
        endsOptionsWithDoubleDash: true,
        analyse: analyseChangesOperands('chown', OWNER_OPTIONS),
        examples: {
            patterns: ['chown *'],
            allow: ['chown 1000 a.txt'],
            refuse: [['chown -R 1000 .git', 'write-into-git']],
        },
    },
    chgrp: {
        endsOptionsWithDoubleDash: true,
        analyse: analyseChangesOperands('chgrp', OWNER_OPTIONS),
        examples: {
            patterns: ['chgrp *'],
            allow: ['chgrp users a.txt'],
            refuse: [['chgrp users .git/config', 'write-into-git']],
        },
    },
    truncate: {
        endsOptionsWithDoubleDash: true,
        analyse: analyseChangesOperands('truncate', TRUNCATE_OPTIONS),
        examples: {
            patterns: ['truncate *'],
            allow: ['truncate -s 0 a.log', 'truncate -r .git/index a.bin'],
            refuse: [['truncate -s 0 .git/index', 'write-into-git']],
        },
    },
    shred: {
        endsOptionsWithDoubleDash: true,
        analyse: analyseChangesOperands('shred', SHRED_OPTIONS),
        examples: {
            patterns: ['shred *'],
            allow: ['shred -n 1 a.bin'],
            refuse: [['shred -u .git/index', 'write-into-git']],
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
    ln: {
        analyse: analyseCopy('ln'),
        examples: {
            patterns: ['ln *'],
            allow: ['ln -s a.txt b.txt', 'ln -s .git/config cfg', 'ln -s ../x'],
            refuse: [
                ['ln -s /tmp/x .git/hooks/pre-push', 'write-into-git'],
                ['ln -sf x .git', 'write-into-git'],
                ['ln -s ../other/.git', 'write-into-git'],
                ['ln -t .git/hooks ../x', 'write-into-git'],
            ],
        },
    },
    cp: {
        analyse: analyseCopy('cp'),
        examples: {
            patterns: ['cp *'],
            allow: ['cp a.txt b.txt', 'cp .git/config /tmp/x', 'cp -r .git/hooks backup/', 'cp a.txt .'],
            refuse: [
                ['cp a.txt .git/hooks/pre-commit', 'write-into-git'],
                ['cp -t .git/hooks a', 'write-into-git'],
                ['cp -t.git/hooks a', 'write-into-git'],
                ['cp --target-directory=.git/hooks a', 'write-into-git'],
                ['cp a ./.git/hooks/x', 'write-into-git'],
                ['cp a src/../.git/hooks/x', 'write-into-git'],
                ['cp a {.git/hooks/x,}', 'write-into-git'],
                ['cp -r hooks .git', 'write-into-git'],
                ['cp a .GIT/config', 'write-into-git'],
            ],
        },
    },
    mv: {
        analyse: analyseCopy('mv'),
        examples: {
            patterns: ['mv *'],
            allow: ['mv a.txt b.txt', 'mv a.txt out/'],
            refuse: [
                ['mv a .git/config', 'write-into-git'],
                ['mv .git .git-old', 'write-into-git'],
                ['mv .git/hooks/x /tmp/x', 'write-into-git'],
                ['mv a .gi?/x', 'write-into-git'],
            ],
        },
    },
    install: {
        analyse: analyseCopy('install'),
        examples: {
            patterns: ['install *'],
            allow: ['install -m755 a bin/a', 'install -d out/bin'],
            refuse: [
                ['install -m755 a .git/hooks/x', 'write-into-git'],
                ['install -d .git/hooks', 'write-into-git'],
                ['install -t .git/hooks a', 'write-into-git'],
            ],
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
        analyse: analyseOutputOperand('xxd', { values: ['-c COLS', '-g BYTES', '-l LEN', '-o OFFSET', '-s SEEK', '-n NAME'] }, 1),
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

;// CONCATENATED MODULE: ./src/policy/programs/find.ts


/** find's predicates with the number of words they take. */
const FIND_ARGUMENTS = {
    ...Object.fromEntries([
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
    ].map((p) => [p, 1])),
};
const FIND_DANGERS = {
    '-delete': { args: 0, why: 'deletes files' },
};
/** Actions that write the file named by the next word: writes, checked like redirections. */
const FIND_WRITES = {
    '-fprint': 1,
    '-fprint0': 1,
    '-fprintf': 2,
    '-fls': 1,
};
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** find [-H] [-L] [-P] [-D opts] [-Olevel] [starting-point...] [expression] */
const analyseFind = (words) => {
    const result = emptyAnalysis();
    let i = 1;
    for (; i < words.length; i++) {
        const text = words_valueOf(words[i]);
        if (text === '-H' ||
            text === '-L' ||
            text === '-P' ||
            (text !== undefined && /^-O\d*$/.test(text)))
            continue;
        if (text === '-D') {
            i++;
            continue;
        }
        break;
    }
    // Starting points run until the first word that begins an expression.
    for (; i < words.length; i++) {
        const word = words[i];
        if (!word.literal) {
            if (!mayBeOption(word))
                continue;
            if (word.splits) {
                result.dangers.push(unresolvable(i, `'${word.source}' could expand to find actions such as -exec`));
            }
            else {
                result.dangers.push(optionDanger(i, 0, `'${word.source}' could expand to a find action such as -delete`));
            }
            continue;
        }
        if (/^[-(!),]/.test(word.text) && word.text.length >= 1)
            break;
    }
    while (i < words.length) {
        const word = words[i];
        if (!word.literal) {
            result.dangers.push(word.splits
                ? unresolvable(i, `'${word.source}' could expand to find actions such as -exec`)
                : optionDanger(i, 0, `'${word.source}' could expand to a find action such as -delete`));
            i++;
            continue;
        }
        const text = word.text;
        if (FIND_EXEC.has(text)) {
            let end = i + 1;
            for (; end < words.length; end++) {
                const t = words_valueOf(words[end]);
                if (t === ';' || (t === '+' && words_valueOf(words[end - 1]) === '{}'))
                    break;
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
                : w);
            if (inner.length === 0) {
                result.dangers.push(unresolvable(i, `find ${text} has no command`));
                return result;
            }
            const from = [];
            for (let k = i + 1; k < end; k++)
                from.push(k);
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
const analyseFd = (words) => {
    const result = emptyAnalysis();
    for (let i = 1; i < words.length; i++) {
        const text = words_valueOf(words[i]);
        if (text === '-x' || text === '--exec' || text === '-X' || text === '--exec-batch') {
            let end = i + 1;
            while (end < words.length && words_valueOf(words[end]) !== ';')
                end++;
            if (end === i + 1) {
                result.dangers.push(unresolvable(i, `fd ${text} has no command`));
                return result;
            }
            const inner = words
                .slice(i + 1, end)
                .map((w) => w.literal && /\{[^}]*\}/.test(w.text) && !/^\{[/.]*\}$/.test(w.text)
                ? unknownFrom(w, w.text.indexOf('{'))
                : w);
            const from = [];
            for (let k = i + 1; k < end; k++)
                from.push(k);
            result.inner.push({ words: inner, from, where: `run by fd ${text}` });
            i = end;
        }
    }
    return result;
};
/** Programs that find files and may run a command on each. */
const FINDERS = {
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

;// CONCATENATED MODULE: ./src/policy/programs/git.ts




// git: global options, options shared by the subcommands, and per-subcommand extras.
/** Configuration keys that name no program, file or hook: `git -c user.name=\u2026 commit` is fine. */
const GIT_INERT_CONFIG = /^(user\.(name|email)|author\.(name|email)|committer\.(name|email)|color\.[\w.-]+|core\.(quotepath|autocrlf|safecrlf|filemode|ignorecase|abbrev|precomposeunicode)|init\.defaultbranch|advice\.[\w.-]+|log\.[\w.-]+|diff\.(noprefix|renames|algorithm|context|mnemonicprefix|relative|statgraphwidth|interhunkcontext|colormoved)|merge\.conflictstyle|pull\.(rebase|ff)|push\.(default|autosetupremote)|commit\.(gpgsign|verbose)|tag\.gpgsign|gc\.auto|maintenance\.auto|fetch\.(prune|parallel)|status\.[\w.-]+|i18n\.[\w.-]+|column\.[\w.-]+|grep\.[\w.-]+|rerere\.enabled|blame\.[\w.-]+|protocol\.version|versionsort\.suffix|rebase\.(autosquash|autostash)|feature\.[\w.-]+)=/i;
const gitConfigDanger = {
    why: 'runs programs named in configuration',
    when: (value) => value === undefined || !GIT_INERT_CONFIG.test(value),
    code: true,
};
/** git's own options, before the subcommand. */
const GIT_GLOBAL_OPTIONS = {
    values: ['--namespace=NAME', '--super-prefix=PATH', '--list-cmds=GROUP', '--attr-source=TREE'],
    dangerous: {
        '-c NAME=VALUE': gitConfigDanger,
        '--config-env=NAME=ENVVAR': 'runs programs named in configuration',
        '--exec-path[=PATH]': {
            why: 'runs git commands from another directory',
            when: (value) => value !== undefined,
        },
        '-C PATH': 'runs in another directory, whose repository configuration can name programs',
        '--git-dir=PATH': 'uses another repository, whose configuration can name programs',
        '--work-tree=PATH': 'uses another work tree',
        '--bare': 'treats the directory as a repository, whose configuration can name programs',
    },
    optionsFirst: true,
};
/** Options of every git subcommand (diff options appear in log, show, diff\u2026). */
const GIT_COMMON_OPTIONS = {
    dangerous: {
        '--output=FILE': WRITES,
        '--output-directory=DIR': WRITES_INTO,
        '--ext-diff': 'runs an external diff program',
        '--textconv': 'runs textconv filter programs',
        '--filters': 'runs content filter programs',
        '--upload-pack=PROGRAM': 'runs a program',
        '--receive-pack=PROGRAM': 'runs a program',
        '--exec=PROGRAM': 'runs a program',
        '--extcmd=COMMAND': RUNS_SHELL,
        '--open-files-in-pager[=PAGER]': 'runs a program',
        '--template=DIR': 'copies hooks from a template directory',
        '--config=NAME=VALUE': gitConfigDanger,
        '--separate-git-dir=DIR': 'puts the repository elsewhere',
    },
    safe: ['text', 'filter', 'temp', 'exit-code'],
};
/** Extra options of particular git subcommands, on top of GIT_COMMON_OPTIONS. */
const GIT_SUBCOMMAND_OPTIONS = {
    archive: {
        values: ['--prefix=PREFIX', '--format=FMT', '--remote=REPO'],
        dangerous: { '-o, --output=FILE': WRITES },
    },
    'format-patch': {
        values: ['--subject-prefix=PREFIX', '-v, --reroll-count=N'],
        dangerous: { '-o, --output-directory=DIR': WRITES_INTO },
    },
    grep: {
        values: [
            '-e PATTERN',
            '-f FILE',
            '-m, --max-count=NUM',
            '-A, --after-context=NUM',
            '-B, --before-context=NUM',
            '-C, --context=NUM',
        ],
        dangerous: { '-O[PAGER], --open-files-in-pager[=PAGER]': 'runs a program' },
    },
    clone: {
        values: [
            '-b, --branch=NAME',
            '--depth=N',
            '-o, --origin=NAME',
            '--reference=REPO',
            '--filter=SPEC',
        ],
        dangerous: {
            '-u, --upload-pack=PROGRAM': 'runs a program',
            '-c, --config=NAME=VALUE': gitConfigDanger,
        },
    },
    rebase: { dangerous: { '-x, --exec=COMMAND': RUNS_SHELL } },
    difftool: {
        dangerous: {
            '-x, --extcmd=COMMAND': RUNS_SHELL,
            '-t, --tool=TOOL': 'runs a diff tool',
            '-g, --gui': 'runs a diff tool',
        },
    },
    mergetool: {
        dangerous: { '-t, --tool=TOOL': 'runs a merge tool', '-g, --gui': 'runs a merge tool' },
    },
    help: { dangerous: { '-w, --web': 'opens a browser', '-i, --info': 'runs info' } },
    commit: {
        values: [
            '-m, --message=MSG',
            '-F, --file=FILE',
            '-C, --reuse-message=COMMIT',
            '-c, --reedit-message=COMMIT',
            '--author=AUTHOR',
            '--date=DATE',
            '--fixup=COMMIT',
            '--squash=COMMIT',
        ],
    },
    tag: { values: ['-m, --message=MSG', '-F, --file=FILE'] },
    log: { values: ['-S STRING', '-G REGEX'] },
    show: { values: ['-S STRING', '-G REGEX'] },
};
/** Subcommands that run programs or change configuration by their nature. */
const GIT_RISKY_SUBCOMMANDS = {
    'filter-branch': 'runs filter commands',
    instaweb: 'starts a web server and a browser',
    'send-email': 'runs a mail program',
    hook: 'runs hooks',
    maintenance: 'schedules background jobs',
    daemon: 'starts a server',
    p4: 'runs Perforce',
    svn: 'runs Subversion',
    cvsimport: 'runs CVS',
    cvsserver: 'runs a CVS server',
    'web--browse': 'opens a browser',
    'upload-pack': 'serves a repository',
    'receive-pack': 'receives pushes and runs hooks',
};
const GIT_CONFIG_READS = new Set([
    '--get',
    '--get-all',
    '--get-regexp',
    '--get-urlmatch',
    '--get-color',
    '--get-colorbool',
    '-l',
    '--list',
    'get',
    'list',
]);
const GIT_CONFIG_WRITES = new Set([
    '--add',
    '--unset',
    '--unset-all',
    '--replace-all',
    '--rename-section',
    '--remove-section',
    '-e',
    '--edit',
    'set',
    'unset',
    'rename-section',
    'remove-section',
    'edit',
]);
const GIT_GLOBAL = compileTable(GIT_GLOBAL_OPTIONS);
const gitTables = new Map();
function gitTable(subcommand) {
    let t = gitTables.get(subcommand);
    if (!t) {
        const own = GIT_SUBCOMMAND_OPTIONS[subcommand] ?? {};
        t = compileTable({
            values: [...(own.values ?? [])],
            dangerous: { ...GIT_COMMON_OPTIONS.dangerous, ...own.dangerous },
            safe: GIT_COMMON_OPTIONS.safe,
        });
        gitTables.set(subcommand, t);
    }
    return t;
}
/** git [global options] SUBCOMMAND [options and operands] */
const analyseGit = (words) => {
    const result = emptyAnalysis();
    const global = scanOptions(words, 1, GIT_GLOBAL);
    absorb(result, global);
    const at = global.operands[0];
    if (at === undefined)
        return result;
    const sub = words_valueOf(words[at]);
    if (sub === undefined)
        return result;
    const risky = GIT_RISKY_SUBCOMMANDS[sub];
    if (risky)
        result.dangers.push(optionDanger(at, sub.length, `${risky} (git ${sub})`));
    const scan = scanOptions(words, at + 1, gitTable(sub));
    absorb(result, scan);
    const operandText = scan.operands.map((i) => words_valueOf(words[i]));
    if (sub === 'config') {
        const rest = words
            .slice(at + 1)
            .map((w) => (w.literal ? w.text.replace(/=.*$/, '') : undefined));
        const reads = rest.some((u) => u !== undefined && GIT_CONFIG_READS.has(u));
        const writes = rest.some((u) => u === undefined || GIT_CONFIG_WRITES.has(u));
        const positional = rest.filter((u) => u === undefined || !u.startsWith('-')).length;
        // `git config NAME` reads; `git config NAME VALUE` writes.
        if (writes || (!reads && positional !== 1)) {
            result.dangers.push(optionDanger(at, sub.length, 'changes git configuration, which can name programs git runs (git config)'));
        }
    }
    if (sub === 'submodule' && operandText.includes('foreach')) {
        const i = scan.operands[operandText.indexOf('foreach')];
        result.dangers.push(optionDanger(i, 'foreach'.length, 'runs a command in every submodule (git submodule foreach)'));
    }
    if (sub === 'bisect' && operandText[0] === 'run') {
        const start = scan.operands[0] + 1;
        if (start < words.length) {
            const from = [];
            for (let i = start; i < words.length; i++)
                from.push(i);
            result.inner.push({ words: words.slice(start), from, where: 'run by git bisect run' });
        }
    }
    return result;
};
/** Global options of git that change nothing a pattern is about: skipped before matching. */
const HARMLESS_GIT_GLOBAL = new Set([
    '--no-pager',
    '-P',
    '--no-optional-locks',
    '--literal-pathspecs',
    '--glob-pathspecs',
    '--noglob-pathspecs',
    '--icase-pathspecs',
    '--no-replace-objects',
    '--no-advice',
    '--no-lazy-fetch',
]);
/**
 * git's words as a pattern should see them: harmless global options and configuration that names
 * no program (`-c color.ui=never`) dropped, and `-C DIR` taken out as the directories git moves
 * to first (checked as `cd DIR`). Stops at the first global option it does not know to be plain.
 */
function canonicalGit(words) {
    const directories = [];
    let i = 1;
    for (; i < words.length; i++) {
        const word = words[i];
        if (!word.literal)
            break;
        if (HARMLESS_GIT_GLOBAL.has(word.text))
            continue;
        const value = words[i + 1];
        if (word.text === '-C' && value?.literal && value.text !== '' && !value.tilde) {
            directories.push(value);
            i++;
            continue;
        }
        if (word.text === '-c' && value?.literal && GIT_INERT_CONFIG.test(value.text)) {
            i++;
            continue;
        }
        break;
    }
    if (i === 1)
        return { words, directories };
    return { words: [words[0], ...words.slice(i)], directories };
}
/** `git -C x push` as `git push`, so a deny pattern cannot be stepped around with global options. */
function withoutGitGlobalOptions(words) {
    const scan = scanOptions(words, 1, GIT_GLOBAL);
    const at = scan.operands[0];
    if (at === undefined || at === 1)
        return words;
    return [words[0], ...words.slice(at)];
}
const HG_OPTIONS = {
    values: [
        '-R, --repository=REPO',
        '--cwd=DIR',
        '-r, --rev=REV',
        '-l, --limit=NUM',
        '-T, --template=TEMPLATE',
    ],
    dangerous: {
        '--config=CONFIG': 'sets configuration, which can run programs',
        '--debugger': 'starts a debugger',
    },
};
const SVN_OPTIONS = {
    values: [
        '-r, --revision=ARG',
        '-m, --message=MESSAGE',
        '--username=NAME',
        '--password=PASSWORD',
        '-l, --limit=N',
        '--depth=ARG',
    ],
    dangerous: {
        '--config-option=OPTION': 'sets configuration, which can run programs',
        '--config-dir=DIR': 'reads another configuration',
        '--diff-cmd=CMD': RUNS,
        '--diff3-cmd=CMD': RUNS,
        '--editor-cmd=CMD': RUNS,
    },
};
/** Version control. */
const VERSION_CONTROL = {
    git: {
        options: GIT_GLOBAL_OPTIONS,
        analyse: analyseGit,
        executes: {
            gitHelpers: new Set([
                'status',
                'diff',
                'log',
                'show',
                'blame',
                'ls-files',
                'ls-tree',
                'cat-file',
                'rev-parse',
                'rev-list',
                'describe',
                'shortlog',
            ]),
        },
        examples: {
            patterns: ['git diff *', 'git log *', 'git status *', 'cd *'],
            allow: [
                'git --no-pager diff',
                'git -P log --oneline -5',
                'git -C sub status',
                'git --no-optional-locks status --porcelain',
                'git -c color.ui=never log -1',
            ],
            refuse: [
                ['git -C sub push', 'no-matching-pattern'],
                ['git log --output=x -1', 'write-not-allowed'],
                ['git -c core.pager=sh log', 'no-matching-pattern'],
            ],
        },
    },
    hg: {
        options: HG_OPTIONS,
        examples: {
            patterns: ['hg *'],
            allow: ['hg status', 'hg log -l 5'],
            refuse: [['hg --config ui.editor=vi commit', 'dangerous-option']],
        },
    },
    svn: {
        options: SVN_OPTIONS,
        examples: {
            patterns: ['svn *'],
            allow: ['svn status', 'svn log -l 5'],
            refuse: [['svn diff --diff-cmd=vimdiff', 'no-matching-pattern']],
        },
    },
};

;// CONCATENATED MODULE: ./src/policy/programs/interpreters.ts





// Their code options run code the policy cannot check.
const PYTHON_OPTIONS = {
    values: ['-W ARG', '-X OPT', '--check-hash-based-pycs=MODE'],
    dangerous: { '-c CMD': CODE },
    terminal: ['-c', '-m'],
    optionsFirst: true,
};
const NODE_OPTIONS = {
    values: [
        '-C, --conditions=CONDITION',
        '--input-type=TYPE',
        '--title=TITLE',
        '--stack-size=SIZE',
        '--max-old-space-size=SIZE',
        '--test-name-pattern=PATTERN',
        '--test-reporter=REPORTER',
    ],
    dangerous: {
        '-e, --eval=SCRIPT': CODE,
        '-p, --print=SCRIPT': CODE,
        '-r, --require=MODULE': 'preloads a module',
        '--import=MODULE': 'preloads a module',
        '--loader=MODULE, --experimental-loader=MODULE': 'loads a module loader',
        '--env-file=FILE, --env-file-if-exists=FILE': 'sets environment variables from a file',
        '--run=SCRIPT': 'runs a package.json script',
        '--inspect[=PORT], --inspect-brk[=PORT], --inspect-wait[=PORT]': 'opens a debugger port',
    },
    optionsFirst: true,
};
const PERL_OPTIONS = {
    values: [
        '-I DIR',
        '-F PATTERN',
        '-0[DIGITS]',
        '-l[OCTNUM]',
        '-C[NUMBER]',
        '-D[FLAGS]',
        '-x[DIR]',
        '-i[EXTENSION]',
    ],
    dangerous: {
        '-e PROGRAM': CODE,
        '-E PROGRAM': CODE,
        '-M MODULE': 'loads a module with arguments that can run code',
        '-m MODULE': 'loads a module with arguments that can run code',
        '-d[MODULE]': 'starts a debugger',
    },
    optionsFirst: true,
};
const RUBY_OPTIONS = {
    values: [
        '-I DIR',
        '-F PATTERN',
        '-C DIR',
        '-E ENCODING',
        '-0[OCTAL]',
        '-W[LEVEL]',
        '-x[DIR]',
        '-K KCODE',
        '-i[EXTENSION]',
    ],
    dangerous: {
        '-e SCRIPT': CODE,
        '-r LIBRARY': 'loads a library',
    },
    optionsFirst: true,
};
const PHP_OPTIONS = {
    values: ['-t DOCROOT', '-z FILE'],
    dangerous: {
        '-r CODE': CODE,
        '-B CODE': CODE,
        '-R CODE': CODE,
        '-E CODE': CODE,
        '-F FILE': RUNS,
        '-d KEY=VALUE': 'sets a php.ini directive, which can load code',
        '-c PATH': 'reads another php.ini',
        '-S ADDRESS': 'starts a web server',
        '-a': 'reads code from standard input',
    },
    optionsFirst: true,
};
const LUA_OPTIONS = {
    values: ['-l MODULE'],
    dangerous: { '-e STAT': CODE },
    optionsFirst: true,
};
const RSCRIPT_OPTIONS = {
    values: ['--default-packages=LIST'],
    dangerous: { '-e EXPRESSION': CODE },
    optionsFirst: true,
};
const R_OPTIONS = {
    values: ['--file=FILE', '-f FILE'],
    dangerous: { '-e EXPRESSION': CODE },
};
const JULIA_OPTIONS = {
    values: ['-J, --sysimage=FILE', '-t, --threads=N', '-p, --procs=N', '--project[=DIR]'],
    dangerous: { '-e, --eval=EXPR': CODE, '-E, --print=EXPR': CODE, '-L, --load=FILE': RUNS },
    optionsFirst: true,
};
const DENO_OPTIONS = {
    values: ['--config=FILE', '--import-map=FILE'],
    dangerous: {
        '--eval-file=FILE': RUNS,
        '--env-file[=FILE]': 'sets environment variables from a file',
    },
};
const BUN_OPTIONS = {
    values: ['--cwd=DIR', '--config=FILE'],
    dangerous: {
        '-e, --eval=SCRIPT': CODE,
        '-p, --print=SCRIPT': CODE,
        '-r, --preload=MODULE': 'preloads a module',
        '--env-file=FILE': 'sets environment variables from a file',
    },
};
const EXPECT_OPTIONS = {
    values: ['-D VALUE'],
    dangerous: { '-c COMMANDS': CODE },
};
const OSASCRIPT_OPTIONS = {
    values: ['-l LANGUAGE', '-s FLAGS'],
    dangerous: { '-e STATEMENT': CODE },
};
const JRUNSCRIPT_OPTIONS = {
    dangerous: { '-e SCRIPT': CODE },
};
/** The analyser of an interpreter: code options are table dangers; with no script they read code from stdin. */
function analyseInterpreter(name, options) {
    return (words, context) => {
        const result = emptyAnalysis();
        if (!options)
            return result;
        const t = compiled(options);
        const scan = scanOptions(words, 1, t);
        absorb(result, scan);
        const inPlace = scan.options.find((o) => o.name === '-i');
        if (inPlace) {
            // With -e the operands are all files; without, the first one is the script.
            const inline = scan.options.some((o) => o.name === '-e' || o.name === '-E');
            addInPlaceWrites(result, words, inPlace, scan.operands.slice(inline ? 0 : 1));
        }
        if (scan.terminalAt !== undefined || scan.dangers.length > 0)
            return result;
        if (name === 'deno' && words_valueOf(words[1]) === 'eval') {
            result.dangers.push(codeDanger(1, 4, 'runs code given on the command line (deno eval)'));
            return result;
        }
        const script = scan.operands[0];
        if (script !== undefined && words_valueOf(words[script]) !== '-') {
            const word = words[script];
            if (!word.literal && word.source.startsWith('<(')) {
                result.dangers.push(unresolvable(script, `${name} runs code produced by a command`));
            }
            return result;
        }
        if (['deno', 'bun', 'R', 'osascript', 'jrunscript', 'expect'].includes(name))
            return result;
        addStdinCode(result, name, context);
        return result;
    };
}
/** Interpreters of other languages than the shell. */
const INTERPRETERS = {
    python: {
        role: 'interpreter',
        aliases: ['python2', 'python3', 'pypy', 'pypy3'],
        options: PYTHON_OPTIONS,
        examples: {
            patterns: ['python3 *', 'ls *'],
            allow: [
                "python3 -c 'print(1)'",
                "python3 - <<'EOF'\nprint(1)\nEOF",
                'python3 -m pytest -q',
                'ls | python3 -c "import sys; print(len(sys.stdin.read()))"',
            ],
            refuse: [["python -c 'print(1)'", 'no-matching-pattern']],
        },
    },
    node: {
        role: 'interpreter',
        aliases: ['nodejs'],
        options: NODE_OPTIONS,
        examples: {
            patterns: ['node *'],
            allow: [
                "node -e 'console.log(1)'",
                "node -p 'process.version'",
                'node --require ts-node/register x.ts',
                "node <<'EOF'\nconsole.log(1)\nEOF",
            ],
            refuse: [['node -e 1 > .git/config', 'write-into-git']],
        },
    },
    perl: {
        role: 'interpreter',
        aliases: ['perl5'],
        options: PERL_OPTIONS,
        examples: {
            patterns: ['perl *', '> src/**'],
            allow: ["perl -e 'print 1'", "perl -pi -e 's/a/b/' src/a.ts"],
            refuse: [
                ["perl -pi -e 's/a/b/' a.ts", 'write-not-allowed'],
                ["perl -pi -e 's/a/b/' src/../.git/config", 'write-into-git'],
            ],
        },
    },
    ruby: {
        role: 'interpreter',
        options: RUBY_OPTIONS,
        examples: {
            patterns: ['ruby -w *'],
            allow: ['ruby -w scripts/x.rb'],
            refuse: [
                ["ruby -w -e 'puts 1'", 'inline-code'],
                ['ruby x.rb', 'no-matching-pattern'],
            ],
        },
    },
    php: {
        role: 'interpreter',
        options: PHP_OPTIONS,
        examples: {
            patterns: ['php -n *'],
            allow: ['php -n scripts/x.php'],
            refuse: [["php -n -r 'echo 1;'", 'inline-code']],
        },
    },
    lua: {
        role: 'interpreter',
        options: LUA_OPTIONS,
        examples: {
            patterns: ['lua -W *'],
            allow: ['lua -W scripts/x.lua'],
            refuse: [["lua -W -e 'print(1)'", 'inline-code']],
        },
    },
    luajit: {
        role: 'interpreter',
        examples: {
            patterns: ['luajit scripts/*'],
            allow: ['luajit scripts/x.lua'],
            refuse: [['luajit other.lua', 'no-matching-pattern']],
        },
    },
    Rscript: {
        role: 'interpreter',
        options: RSCRIPT_OPTIONS,
        examples: {
            patterns: ['Rscript --vanilla *'],
            allow: ['Rscript --vanilla scripts/x.R'],
            refuse: [["Rscript --vanilla -e 'print(1)'", 'inline-code']],
        },
    },
    R: {
        role: 'interpreter',
        options: R_OPTIONS,
        examples: {
            patterns: ['R --vanilla *'],
            allow: ['R --vanilla --file=x.R'],
            refuse: [["R --vanilla -e 'print(1)'", 'inline-code']],
        },
    },
    julia: {
        role: 'interpreter',
        options: JULIA_OPTIONS,
        examples: {
            patterns: ['julia --color=no *'],
            allow: ['julia --color=no scripts/x.jl'],
            refuse: [["julia --color=no -e 'println(1)'", 'inline-code']],
        },
    },
    deno: {
        role: 'interpreter',
        options: DENO_OPTIONS,
        examples: {
            patterns: ['deno run --allow-read *'],
            allow: ['deno run --allow-read scripts/x.ts'],
            refuse: [['deno run --allow-read --env-file=.env x.ts', 'dangerous-option']],
        },
    },
    bun: {
        role: 'interpreter',
        aliases: ['bunx'],
        options: BUN_OPTIONS,
        examples: {
            patterns: ['bun test *'],
            allow: ['bun test src'],
            refuse: [["bun test -e 'console.log(1)'", 'inline-code']],
        },
    },
    tclsh: {
        role: 'interpreter',
        examples: {
            patterns: ['tclsh scripts/*'],
            allow: ['tclsh scripts/x.tcl'],
            refuse: [['tclsh other.tcl', 'no-matching-pattern']],
        },
    },
    wish: {
        role: 'interpreter',
        examples: {
            patterns: ['wish scripts/*'],
            allow: ['wish scripts/x.tcl'],
            refuse: [['wish other.tcl', 'no-matching-pattern']],
        },
    },
    expect: {
        role: 'interpreter',
        options: EXPECT_OPTIONS,
        examples: {
            patterns: ['expect -d *'],
            allow: ['expect -d scripts/x.exp'],
            refuse: [["expect -d -c 'spawn ls'", 'inline-code']],
        },
    },
    osascript: {
        role: 'interpreter',
        options: OSASCRIPT_OPTIONS,
        examples: {
            patterns: ['osascript -s *'],
            allow: ['osascript -s o scripts/x.scpt'],
            refuse: [["osascript -s o -e 'beep'", 'inline-code']],
        },
    },
    jrunscript: {
        role: 'interpreter',
        options: JRUNSCRIPT_OPTIONS,
        examples: {
            patterns: ['jrunscript -q *'],
            allow: ['jrunscript -q x.js'],
            refuse: [["jrunscript -q -e 'print(1)'", 'inline-code']],
        },
    },
};

;// CONCATENATED MODULE: ./src/policy/programs/network.ts




/** ssh -o keys whose values are commands, files or libraries. */
const SSH_RISKY_KEYS = /^\s*(proxycommand|localcommand|permitlocalcommand|knownhostscommand|pkcs11provider|securitykeyprovider|include|match|controlpath|controlmaster|userknownhostsfile|identityagent|xauthlocation|remotecommand|proxyusefdpass|sessiontype|stdinnull)\b/i;
const sshLike = {
    '-o OPTION': {
        why: 'sets an ssh option that can run a program or write a file',
        when: (value) => value === undefined || SSH_RISKY_KEYS.test(value),
    },
    '-F CONFIGFILE': 'reads an ssh configuration that can run programs',
};
const CURL_OPTIONS = {
    values: [
        '-d, --data=DATA',
        '--data-raw=DATA',
        '--data-binary=DATA',
        '--data-urlencode=DATA',
        '-H, --header=HEADER',
        '-X, --request=METHOD',
        '-u, --user=USER',
        '-A, --user-agent=NAME',
        '-e, --referer=URL',
        '-m, --max-time=SECONDS',
        '--connect-timeout=SECONDS',
        '-x, --proxy=PROXY',
        '-F, --form=DATA',
        '-b, --cookie=DATA',
        '--retry=NUM',
        '-T, --upload-file=FILE',
        '-r, --range=RANGE',
    ],
    dangerous: {
        '-w, --write-out=FORMAT': {
            why: 'writes a file (%output{\u2026})',
            when: (value) => value === undefined || value.includes('%output{'),
        },
        '-o, --output=FILE': WRITES,
        '-O, --remote-name': WRITES,
        '--remote-name-all': WRITES,
        '--output-dir=DIR': WRITES_INTO,
        '-D, --dump-header=FILE': WRITES,
        '-c, --cookie-jar=FILE': WRITES,
        '--trace=FILE': WRITES,
        '--trace-ascii=FILE': WRITES,
        '--libcurl=FILE': WRITES,
        '--stderr=FILE': WRITES,
        '--etag-save=FILE': WRITES,
        '--hsts=FILE': WRITES,
        '--alt-svc=FILE': WRITES,
        '-K, --config=FILE': 'reads options from a file',
    },
};
const WGET_OPTIONS = {
    values: [
        '-t, --tries=N',
        '-T, --timeout=SECONDS',
        '-U, --user-agent=AGENT',
        '--header=HEADER',
        '-i, --input-file=FILE',
        '--user=USER',
        '--password=PASS',
        '-l, --level=DEPTH',
        '-A, --accept=LIST',
        '-R, --reject=LIST',
    ],
    dangerous: {
        '-O, --output-document=FILE': WRITES,
        '-o, --output-file=FILE': WRITES,
        '-a, --append-output=FILE': WRITES,
        '-P, --directory-prefix=PREFIX': WRITES_INTO,
        '-e, --execute=COMMAND': 'runs a wgetrc command, which can write files',
        '--use-askpass=COMMAND': RUNS,
        '--config=FILE': 'reads a configuration that can write files',
    },
};
const SSH_OPTIONS = {
    values: [
        '-b BIND',
        '-c CIPHERS',
        '-D PORT',
        '-e ESCAPE',
        '-i IDENTITY',
        '-J DESTINATION',
        '-L ADDRESS',
        '-l LOGIN',
        '-m MACS',
        '-O CTL',
        '-p PORT',
        '-Q QUERY',
        '-R ADDRESS',
        '-w TUN',
        '-B IFACE',
        '-P TAG',
    ],
    dangerous: {
        ...sshLike,
        '-E LOGFILE': WRITES,
        '-I PKCS11': 'loads a library',
        '-S CTL_PATH': 'creates a control socket',
    },
    optionsFirst: true,
};
const SCP_OPTIONS = {
    values: ['-c CIPHER', '-i IDENTITY', '-J DESTINATION', '-l LIMIT', '-P PORT', '-X OPTION'],
    dangerous: { ...sshLike, '-S PROGRAM': RUNS, '-D SFTP_SERVER': RUNS },
};
const SFTP_OPTIONS = {
    values: [
        '-B SIZE',
        '-c CIPHER',
        '-i IDENTITY',
        '-J DESTINATION',
        '-l LIMIT',
        '-P PORT',
        '-R NUM',
        '-s SUBSYSTEM',
        '-X OPTION',
    ],
    dangerous: {
        ...sshLike,
        '-S PROGRAM': RUNS,
        '-D SFTP_SERVER': RUNS,
        '-b BATCHFILE': 'runs sftp commands from a file, which can run local commands',
    },
};
const NC_OPTIONS = {
    values: [
        '-i INTERVAL',
        '-p PORT',
        '-s SOURCE',
        '-w TIMEOUT',
        '-x PROXY',
        '-X PROTOCOL',
        '-q SECONDS',
    ],
    dangerous: {
        '-e, --exec=PROGRAM': RUNS,
        '-c, --sh-exec=COMMAND': RUNS,
        '--lua-exec=FILE': RUNS,
        '-o, --output=FILE': WRITES,
    },
};
const TCPDUMP_OPTIONS = {
    values: [
        '-c COUNT',
        '-i INTERFACE',
        '-s SNAPLEN',
        '-C FILESIZE',
        '-G SECONDS',
        '-W FILECOUNT',
        '-y DATALINKTYPE',
        '-E SPI',
        '-F FILE',
        '-r FILE',
        '-Z USER',
        '-T TYPE',
    ],
    dangerous: { '-w FILE': WRITES, '-z COMMAND': RUNS },
};
const NMAP_OPTIONS = {
    singleDashLong: true,
    values: ['-p PORTS', '-iL FILE', '--exclude=HOSTS', '--top-ports=N', '-e IFACE'],
    dangerous: {
        '--script=SCRIPTS': 'runs scripts',
        '--script-args=ARGS': 'runs scripts',
        '-oN FILE': WRITES,
        '-oX FILE': WRITES,
        '-oG FILE': WRITES,
        '-oA BASENAME': WRITES,
        '-oS FILE': WRITES,
        '--resume=FILE': 'reads a saved scan',
    },
};
const RSYNC_OPTIONS = {
    values: [
        '--exclude=PATTERN',
        '--include=PATTERN',
        '--exclude-from=FILE',
        '--include-from=FILE',
        '--files-from=FILE',
        '-f, --filter=RULE',
        '--chmod=CHMOD',
        '--bwlimit=RATE',
        '--timeout=SECONDS',
        '-T, --temp-dir=DIR',
        '--backup-dir=DIR',
        '--suffix=SUFFIX',
        '--compare-dest=DIR',
        '--copy-dest=DIR',
        '--link-dest=DIR',
        '--partial-dir=DIR',
        '--max-size=SIZE',
        '--min-size=SIZE',
        '--port=PORT',
    ],
    dangerous: {
        '-e, --rsh=COMMAND': RUNS,
        '--rsync-path=PROGRAM': RUNS,
        '--write-batch=FILE': WRITES,
        '--only-write-batch=FILE': WRITES,
        '--read-batch=FILE': 'replays a batch file',
        '--log-file=FILE': WRITES,
        '-M, --remote-option=OPTION': 'passes options to the receiving rsync',
        '--config=FILE': 'reads a daemon configuration',
    },
};
/** rsync: its last operand is the destination, written unless it names another host (`host:dir`). */
const analyseRsync = (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, compiled(RSYNC_OPTIONS));
    absorb(result, scan);
    const operands = possibleOperands(words, scan);
    const last = operands.at(-1);
    const word = last === undefined ? undefined : words[last];
    // With one operand rsync only lists it.
    if (last !== undefined && operands.length > 1 && word && !/^[^/]*:/.test(word.prefix))
        addChanged(result, words, last, 'rsync');
    return result;
};
const analyseSocat = (words) => {
    const result = emptyAnalysis();
    words.forEach((w, i) => {
        if (i === 0)
            return;
        if (!w.literal) {
            result.dangers.push(optionDanger(i, 0, 'uses a socat address not known until run time'));
        }
        else if (/^(exec|system)[:,]/i.test(w.text)) {
            result.dangers.push(optionDanger(i, w.text.length, 'runs a program (socat EXEC/SYSTEM)'));
        }
        else if (/^(open|create|gopen|pipe|unix-listen|unix-connect|unix-sendto|unix-recvfrom|unix-recv|unix-client)[:,]/i.test(w.text) ||
            /^[./~]/.test(w.text)) {
            result.dangers.push(optionDanger(i, w.text.length, 'opens a file (socat)'));
        }
    });
    return result;
};
/** Programs that reach other hosts. */
const NETWORK = {
    curl: {
        options: CURL_OPTIONS,
        examples: {
            patterns: ['curl *', '> out/**'],
            allow: ['curl -sS https://example.com', 'curl -o out/a.html https://example.com'],
            refuse: [
                ['curl -o a.html https://example.com', 'write-not-allowed'],
                ['curl -K cfg https://example.com', 'dangerous-option'],
                ["curl -w '%output{x}' https://example.com", 'dangerous-option'],
            ],
        },
    },
    wget: {
        options: WGET_OPTIONS,
        examples: {
            patterns: ['wget *', '> out/**'],
            allow: ['wget -q -O out/a.html https://example.com'],
            refuse: [
                ['wget -O a.html https://example.com', 'write-not-allowed'],
                ['wget -e robots=off https://example.com', 'inline-code'],
            ],
        },
    },
    ssh: {
        role: 'runner',
        options: SSH_OPTIONS,
        examples: {
            patterns: ['ssh *'],
            allow: ['ssh -p 22 host uptime', 'ssh -o ConnectTimeout=5 host uptime'],
            refuse: [
                ['ssh -o ProxyCommand=nc host', 'dangerous-option'],
                ['ssh -F cfg host', 'dangerous-option'],
            ],
        },
    },
    scp: {
        options: SCP_OPTIONS,
        examples: {
            patterns: ['scp *', 'ssh *'],
            allow: ['scp -P 22 a.txt host:/tmp/'],
            refuse: [
                ['scp -o ProxyCommand=x a.txt host:', 'dangerous-option'],
                ['scp -S ssh a.txt host:', 'dangerous-option'],
            ],
        },
    },
    sftp: {
        options: SFTP_OPTIONS,
        examples: {
            patterns: ['sftp *'],
            allow: ['sftp -P 22 host'],
            refuse: [['sftp -b cmds host', 'inline-code']],
        },
    },
    nc: {
        aliases: ['ncat', 'netcat'],
        options: NC_OPTIONS,
        examples: {
            patterns: ['nc *'],
            allow: ['nc -z host 80'],
            refuse: [
                ['nc -e /bin/sh host 80', 'no-matching-pattern'],
                ['nc -c "ls" host 80', 'no-matching-pattern'],
            ],
        },
    },
    socat: {
        analyse: analyseSocat,
        examples: {
            patterns: ['socat *'],
            allow: ['socat - TCP:host:80'],
            refuse: [
                ['socat - EXEC:ls', 'dangerous-option'],
                ['socat - OPEN:a.txt', 'dangerous-option'],
            ],
        },
    },
    tcpdump: {
        options: TCPDUMP_OPTIONS,
        examples: {
            patterns: ['tcpdump *', '> out/**'],
            allow: ['tcpdump -c 10 -i eth0', 'tcpdump -w out/p.pcap'],
            refuse: [
                ['tcpdump -w p.pcap', 'write-not-allowed'],
                ['tcpdump -z gzip -w out/p.pcap', 'no-matching-pattern'],
            ],
        },
    },
    nmap: {
        options: NMAP_OPTIONS,
        examples: {
            patterns: ['nmap *'],
            allow: ['nmap -p 80 host'],
            refuse: [
                ['nmap --script=vuln host', 'inline-code'],
                ['nmap -oN scan.txt host', 'write-not-allowed'],
            ],
        },
    },
    rsync: {
        options: RSYNC_OPTIONS,
        analyse: analyseRsync,
        examples: {
            patterns: ['rsync *', 'ssh *'],
            allow: [
                'rsync -a src/ dst/',
                'rsync -a --exclude=node_modules src/ dst/',
                'rsync -a .git/ /tmp/g/',
            ],
            refuse: [
                ['rsync -e ssh -a src/ host:dst/', 'dangerous-option'],
                ['rsync --log-file=r.log -a src/ dst/', 'write-not-allowed'],
                ['rsync -a hooks/ .git/hooks/', 'write-into-git'],
                ['rsync -a x ./.git', 'write-into-git'],
            ],
        },
    },
};

;// CONCATENATED MODULE: ./src/policy/programs/package-managers.ts





const MAKE_OPTIONS = {
    values: [
        '-C, --directory=DIR',
        '-I, --include-dir=DIR',
        '-j[N], --jobs[=N]',
        '-l[N], --load-average[=N]',
        '-o, --old-file=FILE, --assume-old=FILE',
        '-W, --what-if=FILE, --new-file=FILE, --assume-new=FILE',
        '-O[TYPE], --output-sync[=TYPE]',
        '--debug[=FLAGS]',
    ],
    dangerous: {
        '-E, --eval=STRING': 'runs make code given on the command line',
        '-f, --file=FILE, --makefile=FILE': {
            why: 'runs a makefile read from standard input or a device',
            when: (value) => value === undefined || value === '-' || /^\/(dev|proc)\//.test(value),
            code: true,
        },
        '-t, --touch': 'creates or touches target files',
    },
};
const NPM_OPTIONS = {
    values: [
        '-w, --workspace=NAME',
        '--registry=URL',
        '--loglevel=LEVEL',
        '--tag=TAG',
        '--omit=TYPE',
        '--include=TYPE',
    ],
    dangerous: {
        '--script-shell=SHELL': 'runs package scripts with another shell',
        '--node-options=OPTIONS': 'passes options to node',
        '--userconfig=FILE': 'reads another npm configuration',
        '--globalconfig=FILE': 'reads another npm configuration',
        '-C, --prefix=DIR': 'runs the scripts of another package',
        '--init-module=FILE': RUNS,
        '--onload-script=FILE': RUNS,
        '--shell=SHELL': RUNS,
        '--editor=EDITOR': RUNS,
        '--browser=BROWSER': RUNS,
        '--git=GIT': RUNS,
        '-c, --call=COMMAND': RUNS,
    },
};
const NPX_OPTIONS = {
    values: ['-p, --package=PACKAGE', '-w, --workspace=NAME', '--registry=URL'],
    dangerous: {
        '-c, --call=COMMAND': RUNS,
        '--shell=SHELL': RUNS,
        '--script-shell=SHELL': RUNS,
        '--node-options=OPTIONS': 'passes options to node',
        '--userconfig=FILE': 'reads another npm configuration',
        '--prefix=DIR': 'runs the scripts of another package',
    },
    optionsFirst: true,
};
const CARGO_OPTIONS = {
    values: [
        '-p, --package=SPEC',
        '--bin=NAME',
        '--example=NAME',
        '--test=NAME',
        '--bench=NAME',
        '--features=FEATURES',
        '-F FEATURES',
        '--target=TRIPLE',
        '--target-dir=DIR',
        '--manifest-path=PATH',
        '-j, --jobs=N',
        '--profile=NAME',
        '--color=WHEN',
        '-Z FLAG',
    ],
    dangerous: { '--config=KEY=VALUE': 'sets cargo configuration, which can name programs to run' },
};
const GO_OPTIONS = {
    singleDashLong: true,
    values: [
        '-C DIR',
        '-o FILE',
        '-p N',
        '-tags TAGS',
        '-run REGEXP',
        '-count N',
        '-timeout D',
        '-ldflags FLAGS',
        '-gcflags FLAGS',
        '-mod MODE',
    ],
    dangerous: { '-toolexec CMD': RUNS, '-exec CMD': RUNS },
};
const ESLINT_OPTIONS = {
    values: [
        '--ext=EXTENSIONS',
        '--ignore-path=FILE',
        '--ignore-pattern=PATTERN',
        '--max-warnings=N',
        '--env=ENV',
        '--global=VARIABLES',
        '--parser=PARSER',
        '--parser-options=OPTIONS',
        '--rule=RULE',
        '--cache-strategy=STRATEGY',
    ],
    dangerous: {
        '-c, --config=FILE': 'loads a configuration, which runs code',
        '--rulesdir=DIR': 'loads rules, which run code',
        '--plugin=PLUGIN': 'loads a plugin, which runs code',
        '--resolve-plugins-relative-to=DIR': 'loads plugins from elsewhere',
        '-f, --format=FORMAT': 'can load a formatter, which runs code',
        '-o, --output-file=FILE': WRITES,
        '--fix': 'rewrites files',
        '--cache-location=PATH': WRITES,
    },
};
const PRETTIER_OPTIONS = {
    values: [
        '--ignore-path=PATH',
        '--parser=PARSER',
        '--print-width=N',
        '--tab-width=N',
        '--trailing-comma=MODE',
        '--arrow-parens=MODE',
        '--end-of-line=EOL',
        '--log-level=LEVEL',
    ],
    dangerous: {
        '-w, --write': 'rewrites files',
        '--plugin=PLUGIN': 'loads a plugin, which runs code',
        '--config=FILE': 'loads a configuration, which can run code',
        '--cache-location=PATH': WRITES,
    },
};
const APT_GET_OPTIONS = {
    values: ['-t, --target-release=RELEASE'],
    dangerous: {
        '-o, --option=OPTION': 'sets configuration, which can run programs',
        '-c, --config-file=FILE': 'reads a configuration that can run programs',
    },
};
const APT_OPTIONS = {
    values: ['-t, --target-release=RELEASE'],
    dangerous: {
        '-o, --option=OPTION': 'sets configuration, which can run programs',
        '-c, --config-file=FILE': 'reads a configuration that can run programs',
    },
};
const RPM_OPTIONS = {
    values: ['-q', '--root=DIR', '--dbpath=DIR', '--qf=FORMAT', '--queryformat=FORMAT'],
    dangerous: {
        '-E, --eval=EXPR': 'evaluates a macro, which can run programs',
        '--pipe=COMMAND': RUNS,
        '-D, --define=MACRO': 'defines a macro, which can run programs',
        '--macros=FILE': 'loads macros',
    },
};
/** make NAME=VALUE overrides a variable of the makefile, which can change the commands it runs. */
const analyseMake = (words) => {
    const result = tableAnalysis(MAKE_OPTIONS, words);
    const scan = scanOptions(words, 1, compiled(MAKE_OPTIONS));
    for (const i of scan.operands) {
        const word = words[i];
        const known = word.literal ? word.text : word.prefix;
        if (/^[^=\s]+=/.test(known)) {
            result.dangers.push(optionDanger(i, known.indexOf('=') + 1, 'overrides a make variable, which can change the commands make runs'));
        }
    }
    return result;
};
const analyseNpm = (words) => {
    const result = tableAnalysis(NPM_OPTIONS, words);
    const scan = scanOptions(words, 1, compiled(NPM_OPTIONS));
    const sub = scan.operands[0];
    if (sub !== undefined && words_valueOf(words[sub]) === 'explore') {
        result.dangers.push(optionDanger(sub, 'explore'.length, 'runs a shell command in a package (npm explore)'));
    }
    return result;
};
/** Package managers, build tools and the tools they run. */
const PACKAGE_MANAGERS = {
    make: {
        role: 'runner',
        options: MAKE_OPTIONS,
        analyse: analyseMake,
        examples: {
            patterns: ['make *'],
            allow: ['make test', 'make -C sub -j4 build'],
            refuse: [
                ['make CC=evil', 'dangerous-option'],
                ['make -f /dev/stdin', 'inline-code'],
            ],
        },
    },
    gmake: {
        role: 'runner',
        options: MAKE_OPTIONS,
        analyse: analyseMake,
        examples: {
            patterns: ['gmake *'],
            allow: ['gmake test'],
            refuse: [['gmake CC=evil', 'dangerous-option']],
        },
    },
    npm: {
        options: NPM_OPTIONS,
        analyse: analyseNpm,
        examples: {
            patterns: ['npm *'],
            allow: ['npm test', 'npm run build'],
            refuse: [
                ['npm explore pkg -- ls', 'dangerous-option'],
                ['npm --script-shell=./sh test', 'inline-code'],
            ],
        },
    },
    npx: {
        role: 'runner',
        options: NPX_OPTIONS,
        examples: {
            patterns: ['npx *'],
            allow: ['npx tsc --noEmit', 'npx -p typescript tsc'],
            refuse: [["npx -c 'rm x'", 'no-matching-pattern']],
        },
    },
    cargo: {
        options: CARGO_OPTIONS,
        examples: {
            patterns: ['cargo *'],
            allow: ['cargo test', 'cargo build -p core'],
            refuse: [['cargo --config \'target.x.runner="sh"\' run', 'dangerous-option']],
        },
    },
    go: {
        options: GO_OPTIONS,
        examples: {
            patterns: ['go *'],
            allow: ['go test ./...', 'go build -o out/app .'],
            refuse: [['go test -exec ./evil ./...', 'no-matching-pattern']],
        },
    },
    eslint: {
        options: ESLINT_OPTIONS,
        examples: {
            patterns: ['eslint *'],
            allow: ['eslint src'],
            refuse: [['eslint --rulesdir rules src', 'dangerous-option']],
        },
    },
    prettier: {
        options: PRETTIER_OPTIONS,
        examples: {
            patterns: ['prettier *'],
            allow: ['prettier --check src'],
            refuse: [['prettier --write src', 'dangerous-option']],
        },
    },
    'apt-get': {
        options: APT_GET_OPTIONS,
        examples: {
            patterns: ['apt-get *'],
            allow: ['apt-get install -y jq'],
            refuse: [['apt-get -o APT::Update::Pre-Invoke::=ls update', 'dangerous-option']],
        },
    },
    apt: {
        options: APT_OPTIONS,
        examples: {
            patterns: ['apt *'],
            allow: ['apt list --installed'],
            refuse: [['apt -c cfg update', 'dangerous-option']],
        },
    },
    rpm: {
        options: RPM_OPTIONS,
        examples: {
            patterns: ['rpm *'],
            allow: ['rpm -qa', "rpm -q --qf '%{NAME}' bash"],
            refuse: [["rpm -E '%(ls)'", 'dangerous-option']],
        },
    },
};

;// CONCATENATED MODULE: ./src/policy/programs/runners.ts




const ENV_TABLE = compileTable({
    values: [
        '-u, --unset=NAME',
        '-C, --chdir=DIR',
        '-S, --split-string=S',
        '-a, --argv0=ARG',
        '--block-signal[=SIG]',
        '--default-signal[=SIG]',
        '--ignore-signal[=SIG]',
    ],
    dangerous: { '-P ALTPATH': 'looks the command up in another PATH' },
    safe: ['ignore-environment', 'null', 'debug', 'list-signal-handling', 'help', 'version'],
});
const ENV_FLAGS = new Set(['i', '0', 'v']);
const ENV_LONG_FLAGS = [
    'ignore-environment',
    'null',
    'debug',
    'list-signal-handling',
    'help',
    'version',
];
/**
 * Splits an `env -S` string the way env does, for the strings that need no escape processing;
 * undefined for the others (the policy does not guess).
 */
function splitEnvString(text) {
    if (/[\\$]/.test(text))
        return undefined;
    const words = [];
    let current;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (/\s/.test(c)) {
            if (current !== undefined)
                words.push(current);
            current = undefined;
        }
        else if (c === '#' && current === undefined) {
            break;
        }
        else if (c === "'" || c === '"') {
            const end = text.indexOf(c, i + 1);
            if (end < 0)
                return undefined;
            current = (current ?? '') + text.slice(i + 1, end);
            i = end;
        }
        else {
            current = (current ?? '') + c;
        }
    }
    if (current !== undefined)
        words.push(current);
    return words;
}
/** env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...] */
const analyseEnv = (input) => {
    const result = emptyAnalysis();
    // Words from -S replace the -S word; remember where each came from for messages and spelling.
    let words = [...input];
    let origin = input.map((_, i) => i);
    let i = 1;
    options: while (i < words.length) {
        const word = words[i];
        if (!word.literal)
            break;
        const text = word.text;
        if (text === '--') {
            i++;
            break;
        }
        if (text === '-') {
            i++;
            continue;
        }
        if (!text.startsWith('-'))
            break;
        let split;
        let consumed = 1;
        if (text.startsWith('--')) {
            const eq = text.indexOf('=');
            const name = eq < 0 ? text.slice(2) : text.slice(2, eq);
            if (ENV_LONG_FLAGS.some((f) => f.startsWith(name)) && !resolveLong(ENV_TABLE, name)) {
                i++;
                continue;
            }
            const spec = resolveLong(ENV_TABLE, name);
            if (!spec) {
                result.dangers.push(unresolvable(origin[i], `has an env option the policy does not know (${text})`));
                return result;
            }
            let value = eq < 0 ? undefined : text.slice(eq + 1);
            if (eq < 0 && spec.arity === 'required') {
                value = words_valueOf(words[i + 1]);
                consumed = 2;
                if (value === undefined && spec.spelling === '--split-string') {
                    result.dangers.push(unresolvable(origin[i], 'env -S text is not known until run time'));
                    return result;
                }
            }
            if (spec.spelling === '--split-string')
                split = value;
            if (spec.spelling === '--chdir') {
                result.dangers.push(optionDanger(origin[i], eq < 0 ? text.length : eq, 'runs the command in another directory, with its configuration (--chdir)'));
            }
            if (spec.spelling === '--argv0') {
                result.dangers.push(optionDanger(origin[i], eq < 0 ? text.length : eq, 'runs the program under another name (--argv0)'));
            }
        }
        else {
            for (let k = 1; k < text.length; k++) {
                const c = text[k];
                if (ENV_FLAGS.has(c))
                    continue;
                if (c === 'P') {
                    result.dangers.push(optionDanger(origin[i], k + 1, 'looks the command up in another PATH (-P)'));
                }
                if (c === 'C') {
                    result.dangers.push(optionDanger(origin[i], k + 1, 'runs the command in another directory, with its configuration (-C)'));
                }
                if (c === 'a') {
                    result.dangers.push(optionDanger(origin[i], k + 1, 'runs the program under another name (-a)'));
                }
                if (c === 'S' || c === 'u' || c === 'C' || c === 'a' || c === 'P') {
                    let value = text.slice(k + 1);
                    if (value === '') {
                        value = words_valueOf(words[i + 1]);
                        consumed = 2;
                        if (value === undefined && c === 'S') {
                            result.dangers.push(unresolvable(origin[i], 'env -S text is not known until run time'));
                            return result;
                        }
                    }
                    if (c === 'S')
                        split = value;
                    break;
                }
                result.dangers.push(unresolvable(origin[i], `has an env option the policy does not know (-${c})`));
                return result;
            }
        }
        if (split !== undefined) {
            const parts = splitEnvString(split);
            if (!parts) {
                result.dangers.push(unresolvable(origin[i], 'env -S text uses escapes or variables the policy does not expand'));
                return result;
            }
            const at = origin[i];
            const start = words[i].start;
            words = [
                ...words.slice(0, i),
                ...parts.map((p) => literalWord(p, start)),
                ...words.slice(i + consumed),
            ];
            origin = [...origin.slice(0, i), ...parts.map(() => at), ...origin.slice(i + consumed)];
            continue options;
        }
        i += consumed;
    }
    const positions = origin;
    i = takeAssignments(words, i, result, (at) => positions[at]);
    if (i < words.length) {
        result.inner.push({ words: words.slice(i), from: origin.slice(i), where: 'run by env' });
    }
    return result;
};
const XARGS_TABLE = compileTable({
    values: [
        '-a, --arg-file=FILE',
        '-d, --delimiter=DELIM',
        '-E EOF',
        '-I REPLACE',
        '-L MAX-LINES',
        '-n, --max-args=MAX-ARGS',
        '-P, --max-procs=MAX-PROCS',
        '-s, --max-chars=MAX-CHARS',
        '-e[EOF], --eof[=EOF]',
        '-i[REPLACE], --replace[=REPLACE]',
        '-l[MAX-LINES], --max-lines[=MAX-LINES]',
    ],
    dangerous: { '--process-slot-var=NAME': 'sets an environment variable of the command' },
    optionsFirst: true,
});
/** xargs [OPTION]... [COMMAND [INITIAL-ARGS]...]: COMMAND gets words read from standard input. */
const analyseXargs = (words, { programs }) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, XARGS_TABLE);
    absorb(result, scan);
    let replace;
    for (const option of scan.options) {
        if (option.name === '-I' || option.name === '-i' || option.name === '--replace') {
            const value = optionValue(option);
            replace = option.value === undefined || value === '' ? '{}' : value;
            if (replace === undefined) {
                result.dangers.push(unresolvable(option.index, 'xargs -I with a replacement string not known until run time'));
                return result;
            }
        }
    }
    const start = scan.operands[0];
    const inner = start === undefined ? [literalWord('echo', words[0]?.start ?? 0)] : words.slice(start);
    const from = start === undefined ? [0] : inner.map((_, k) => start + k);
    const name = words_valueOf(inner[0]);
    const program = name === undefined ? undefined : programs.nameOf(name);
    const role = program === undefined ? undefined : (programs.specOf(program)?.role ?? 'plain');
    // An interpreter given words from stdin runs the files they name, which its own analysis and
    // patterns judge (`xargs python3 -m py_compile` under `python3 *`); the rest run the words.
    if (program !== undefined && role !== 'plain' && role !== 'interpreter') {
        result.dangers.push(unresolvable(from[0], `xargs would hand ${program} words it runs, read from standard input`));
        // Refused under an allowlist; under `*` what can be seen of it still meets the deny patterns.
    }
    if (replace !== undefined) {
        const marker = replace;
        const replaced = inner.map((w) => w.text.includes(marker) ? unknownFrom(w, w.text.indexOf(marker)) : w);
        result.inner.push({ words: replaced, from, where: 'run by xargs' });
    }
    else {
        const last = inner[inner.length - 1];
        const tail = unknownWords('<words from standard input>', last?.start ?? 0);
        // The words read from standard input could be options of the program (GNU programs take
        // options among their operands): where the program reads `--` as the end of its options, the
        // print puts one after the written words. Not after a written `--`, nor after a word that may be
        // an option waiting for its value (`grep -e`), whose value the `--` would become.
        const endsOptions = program !== undefined &&
            programs.specOf(program)?.endsOptionsWithDoubleDash === true &&
            last !== undefined &&
            (inner.length === 1 || (last.literal && !last.text.startsWith('-'))) &&
            !inner.slice(1).some((w) => w.text === '--');
        if (endsOptions) {
            const dashes = literalWord('--', last.start);
            const index = from[from.length - 1];
            result.inner.push({
                words: [...inner, dashes, tail],
                from: [...from, -1, -1],
                where: 'run by xargs',
                endsOptionsAfter: index,
            });
        }
        else {
            result.inner.push({ words: [...inner, tail], from: [...from, -1], where: 'run by xargs' });
        }
    }
    return result;
};
/** watch [options] COMMAND: the words joined by spaces go to `sh -c` unless -x is given. */
const WATCH_TABLE = compileTable({
    values: [
        '-n, --interval=SECONDS',
        '-q, --equexit=CYCLES',
        '-d[PERMANENT], --differences[=PERMANENT]',
    ],
    optionsFirst: true,
});
const analyseWatch = (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, WATCH_TABLE);
    const start = scan.operands[0];
    if (start === undefined)
        return result;
    const direct = scan.options.some((o) => o.name === '-x' || o.name === '--exec');
    if (direct) {
        result.inner.push(innerFrom(words, start, 'run by watch'));
        return result;
    }
    const args = words.slice(start);
    if (args.some((w) => !w.literal)) {
        result.dangers.push(unresolvable(start, 'watch runs text that is not known until run time'));
        return result;
    }
    result.scripts.push({
        text: args.map((w) => w.text).join(' '),
        where: 'in the text run by watch',
        index: args.length === 1 ? start : undefined,
    });
    return result;
};
const SCRIPT_TABLE = compileTable({
    values: [
        '-E, --echo=WHEN',
        '-m, --logging-format=FORMAT',
        '-o, --output-limit=SIZE',
        '-c, --command=COMMAND',
    ],
    dangerous: {
        '-I, --log-in=FILE': 'writes a file',
        '-O, --log-out=FILE': 'writes a file',
        '-B, --log-io=FILE': 'writes a file',
        '-T, --log-timing=FILE': 'writes a file',
        '-t[FILE], --timing[=FILE]': 'writes a file',
    },
});
/** script [options] [FILE]: -c runs shell text; FILE (the typescript) is written. */
const analyseScript = (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, SCRIPT_TABLE);
    absorb(result, scan);
    for (const option of scan.options) {
        if (option.name === '-c' || option.name === '--command') {
            addScript(result, option.value, option.valueIndex ?? option.index, 'in the script of script -c');
        }
    }
    const file = scan.operands[0];
    if (file !== undefined && words_valueOf(words[file]) !== '/dev/null') {
        result.dangers.push(optionDanger(file, words[file].text.length, 'writes the session to a file'));
    }
    else if (file === undefined &&
        !scan.options.some((o) => o.name === '-c' || o.name === '--command')) {
        result.dangers.push(optionDanger(0, 0, 'writes the session to the file typescript'));
    }
    return result;
};
/** busybox APPLET [ARGS]: the applet is the command. */
const analyseBusybox = (words) => {
    const result = emptyAnalysis();
    const applet = words_valueOf(words[1]);
    if (applet === '--install') {
        result.dangers.push(optionDanger(1, applet.length, 'installs applet links'));
        return result;
    }
    if (applet !== undefined && applet.startsWith('-'))
        return result;
    if (words.length > 1)
        result.inner.push(innerFrom(words, 1, 'run by busybox'));
    return result;
};
const analyseStringRunner = (words, { programs }) => {
    const result = emptyAnalysis();
    result.dangers.push(codeDanger(0, 0, `${programs.nameOf(words[0]?.text ?? '')} runs command strings through a shell in ways the policy cannot check`));
    return result;
};
/** At most this many texts per command are read for the deny patterns. */
const MAX_RUNNER_TEXTS = 64;
/**
 * The shell text a string runner may run, for the deny patterns under `*` (under an allowlist the
 * runner is refused whatever it runs). Which words are the runner's own options is not modelled, so
 * every run of words from a plain one to `end` is read as the command, once with each
 * argument (`parallel -j 4 rm ::: a` gives `4 rm 'a'` and `rm 'a'`); `{}` stands for the argument.
 */
function addRunnerTexts(result, words, from, end, args, where) {
    const texts = [];
    for (let k = from; k < end; k++) {
        const first = words[k];
        // An option, or a word that is only an argument's place (`{}`): not a command name.
        if (!first.literal || first.text.startsWith('-') || first.text.startsWith('{'))
            continue;
        const command = words
            .slice(k, end)
            .map((w) => (w.literal ? w.text : w.source))
            .join(' ');
        if (args.length === 0)
            texts.push(command);
        for (const arg of args)
            texts.push(command.includes('{}') ? command.replaceAll('{}', arg) : `${command} ${arg}`);
    }
    for (const text of texts.slice(0, MAX_RUNNER_TEXTS))
        result.scripts.push({ text, where, index: undefined });
}
const PARALLEL_SEPARATOR = /^::::?\+?$/;
/** GNU parallel: the command before `:::`, run through a shell with each argument after it. */
const analyseParallel = (words, context) => {
    const result = analyseStringRunner(words, context);
    const separator = (w) => w.literal && PARALLEL_SEPARATOR.test(w.text);
    const first = words.findIndex((w, i) => i > 0 && separator(w));
    const end = first < 0 ? words.length : first;
    const args = [];
    let fromFiles = false;
    for (const word of words.slice(end)) {
        if (separator(word))
            fromFiles = word.text.startsWith('::::');
        else if (!fromFiles)
            args.push(word.literal ? quoted(word.text) : word.source);
    }
    addRunnerTexts(result, words, 1, end, args, 'in the command run by parallel');
    return result;
};
/** tmux commands whose operands are a shell command. */
const TMUX_SHELL_COMMANDS = new Set([
    'new-session',
    'new',
    'new-window',
    'neww',
    'split-window',
    'splitw',
    'respawn-pane',
    'respawnp',
    'respawn-window',
    'respawnw',
    'run-shell',
    'run',
    'display-popup',
    'popup',
    'pipe-pane',
    'pipep',
]);
/** tmux: `-c TEXT`, and the shell command of each command above in a `;`-separated sequence. */
const analyseTmux = (words, context) => {
    const result = analyseStringRunner(words, context);
    let i = 1;
    for (; i < words.length; i++) {
        const word = words[i];
        if (!word.literal || !word.text.startsWith('-'))
            break;
        if (word.text === '-c')
            addRunnerTexts(result, words, i + 1, i + 2, [], 'in the command run by tmux -c');
        if (/^-[LSfcT]$/.test(word.text))
            i++;
    }
    while (i < words.length) {
        let end = words.findIndex((w, k) => k > i && w.literal && w.text === ';');
        if (end < 0)
            end = words.length;
        const name = words[i];
        if (name.literal && TMUX_SHELL_COMMANDS.has(name.text))
            addRunnerTexts(result, words, i + 1, end, [], `in the command run by tmux ${name.text}`);
        i = end + 1;
    }
    return result;
};
/** Programs that run commands in their own ways, each read by its analyser. */
const RUNNERS = {
    env: {
        role: 'runner',
        analyse: analyseEnv,
        examples: {
            patterns: ['env *', 'node *'],
            allow: ['env NODE_ENV=test node x.js', 'env'],
            refuse: [
                ['env PATH=/tmp node x.js', 'risky-variable'],
                ["env -S 'rm x'", 'no-matching-pattern'],
            ],
        },
    },
    xargs: {
        role: 'runner',
        analyse: analyseXargs,
        examples: {
            patterns: ['xargs *', 'grep *', 'find *'],
            allow: ["find . -name '*.ts' | xargs grep -n x"],
            refuse: [
                ['find . | xargs rm', 'no-matching-pattern'],
                ['find . | xargs sh -c x', 'unresolvable'],
            ],
        },
    },
    watch: {
        role: 'runner',
        analyse: analyseWatch,
        examples: {
            patterns: ['watch *', 'ls *'],
            allow: ['watch -n 5 ls -la', 'watch -x ls'],
            refuse: [
                ['watch rm x', 'no-matching-pattern'],
                ['watch -x rm x', 'no-matching-pattern'],
            ],
        },
    },
    script: {
        role: 'runner',
        analyse: analyseScript,
        examples: {
            patterns: ['script *', 'ls *'],
            allow: ['script -q -c ls /dev/null'],
            refuse: [
                ['script out.log', 'dangerous-option'],
                ['script -q -c "rm x" /dev/null', 'no-matching-pattern'],
            ],
        },
    },
    busybox: {
        role: 'runner',
        analyse: analyseBusybox,
        examples: {
            patterns: ['busybox *', 'ls *'],
            allow: ['busybox ls -la'],
            refuse: [
                ['busybox rm x', 'no-matching-pattern'],
                ['busybox --install', 'dangerous-option'],
            ],
        },
    },
    parallel: {
        role: 'string-runner',
        analyse: analyseParallel,
        examples: {
            patterns: ['parallel *'],
            allow: [],
            refuse: [['parallel echo x', 'inline-code']],
        },
    },
    sem: {
        role: 'string-runner',
        examples: { patterns: ['sem *'], allow: [], refuse: [['sem echo x', 'inline-code']] },
    },
    xe: {
        role: 'string-runner',
        examples: { patterns: ['xe *'], allow: [], refuse: [['xe echo x', 'inline-code']] },
    },
    rush: {
        role: 'string-runner',
        examples: { patterns: ['rush *'], allow: [], refuse: [['rush echo x', 'inline-code']] },
    },
    hyperfine: {
        role: 'string-runner',
        examples: {
            patterns: ['hyperfine *'],
            allow: [],
            refuse: [['hyperfine echo x', 'inline-code']],
        },
    },
    tmux: {
        role: 'string-runner',
        analyse: analyseTmux,
        examples: { patterns: ['tmux *'], allow: [], refuse: [['tmux echo x', 'inline-code']] },
    },
    screen: {
        role: 'string-runner',
        examples: { patterns: ['screen *'], allow: [], refuse: [['screen echo x', 'inline-code']] },
    },
    at: {
        role: 'string-runner',
        examples: { patterns: ['at *'], allow: [], refuse: [['at echo x', 'inline-code']] },
    },
    batch: {
        role: 'string-runner',
        examples: { patterns: ['batch *'], allow: [], refuse: [['batch echo x', 'inline-code']] },
    },
    entr: {
        role: 'string-runner',
        examples: { patterns: ['entr *'], allow: [], refuse: [['entr echo x', 'inline-code']] },
    },
    byobu: {
        role: 'string-runner',
        examples: { patterns: ['byobu *'], allow: [], refuse: [['byobu echo x', 'inline-code']] },
    },
};

;// CONCATENATED MODULE: ./src/policy/programs/shells.ts



/** bash [options] [-c TEXT [NAME [ARGS]] | FILE [ARGS]]: the text, a file, or standard input. */
function analyseShell(name) {
    return (words, context) => {
        const result = emptyAnalysis();
        let command = false;
        let fromStdin = false;
        let i = 1;
        for (; i < words.length; i++) {
            const word = words[i];
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
                    result.dangers.push(optionDanger(i, text.indexOf('=') < 0 ? text.length : text.indexOf('='), `runs the startup file it names (${text.split('=')[0]})`));
                    if (!text.includes('='))
                        i++;
                }
                continue;
            }
            if (!text.startsWith('-') && !text.startsWith('+'))
                break;
            for (let k = 1; k < text.length; k++) {
                const c = text[k];
                if (c === 'c')
                    command = true;
                else if (c === 's')
                    fromStdin = true;
                else if (c === 'o' || c === 'O') {
                    if (k === text.length - 1)
                        i++;
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
                result.dangers.push(unresolvable(i, `${name} runs a script that is not known until run time`));
            }
            return result;
        }
        addStdinScript(result, name, context);
        return result;
    };
}
/** eval ARGS: the words joined by spaces are shell text. */
const analyseEval = (words) => {
    const result = emptyAnalysis();
    const args = words.slice(words_valueOf(words[1]) === '--' ? 2 : 1);
    if (args.length === 0)
        return result;
    if (args.some((w) => !w.literal)) {
        const bad = args.findIndex((w) => !w.literal);
        result.dangers.push(unresolvable(words.indexOf(args[bad]), 'eval runs text that is not known until run time'));
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
function analyseSource(name) {
    return (words, context) => {
        const result = { ...emptyAnalysis(), changesDirectory: { target: undefined } };
        let i = 1;
        if (words_valueOf(words[i]) === '--')
            i++;
        const file = words[i];
        if (!file)
            return result;
        const path = words_valueOf(file);
        if (path === '/dev/stdin' || path === '/proc/self/fd/0' || path === '/dev/fd/0') {
            addStdinScript(result, name, context);
        }
        else if (path === undefined
            ? file.source.startsWith('<(') || file.splits
            : /^\/(dev|proc)\//.test(path)) {
            result.dangers.push(unresolvable(i, `${name} runs a file that is not known until run time`));
        }
        return result;
    };
}
/** trap [-lp] [[ACTION] SIGNAL...]: ACTION is shell text run later. */
const analyseTrap = (words) => {
    const result = emptyAnalysis();
    let i = 1;
    const first = words_valueOf(words[i]);
    if (first === '-l' || first === '-p' || first === '-lp' || first === '-pl')
        return result;
    if (first === '--')
        i++;
    if (words.length - i < 2)
        return result;
    const action = words[i];
    if (!action.literal) {
        result.dangers.push(unresolvable(i, 'trap runs text that is not known until run time'));
        return result;
    }
    if (action.text === '-' || action.text === '')
        return result;
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
const SHELLS = {
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

;// CONCATENATED MODULE: ./src/policy/scripts.ts
/*
 * Readers for the little languages of sed and awk, just deep enough to find the commands that run
 * programs or write files. Anything they cannot read is reported as a danger too.
 */
const QUIET_TARGETS = new Set(['/dev/stdout', '/dev/stderr']);
/** sed commands that take nothing after them, or a number (`q5`), or a label (`b end`). */
const SED_PLAIN = new Set('{=dDgGhHnNpPxzF');
const SED_COUNTED = new Set('lLqQ');
const SED_LABELLED = new Set(':btTv');
/** Reads one sed script, command by command; `i` is where it stands. */
class SedReader {
    s;
    commands;
    i = 0;
    dangers = [];
    constructor(s, commands) {
        this.s = s;
        this.commands = commands;
    }
    peek() {
        return this.s[this.i] ?? '';
    }
    restOfLine() {
        let end = this.s.indexOf('\n', this.i);
        if (end < 0)
            end = this.s.length;
        const text = this.s.slice(this.i, end);
        this.i = end;
        return text.trim();
    }
    skipBlanks() {
        while (this.peek() === ' ' || this.peek() === '\t')
            this.i++;
    }
    /** Reads up to an unescaped delimiter; false when there is none. */
    delimited(delimiter) {
        const s = this.s;
        for (; this.i < s.length; this.i++) {
            if (s[this.i] === '\\') {
                this.i++;
                continue;
            }
            if (s[this.i] === delimiter) {
                this.i++;
                return true;
            }
            if (s[this.i] === '\n' && delimiter !== '\n')
                return false;
        }
        return false;
    }
    /** A line number, `$`, or a regular expression; false when it cannot be read. */
    address() {
        if (/[0-9]/.test(this.peek())) {
            while (/[0-9~]/.test(this.peek()))
                this.i++;
        }
        else if (this.peek() === '$') {
            this.i++;
        }
        else if (this.peek() === '/' || this.peek() === '\\') {
            let delimiter = '/';
            if (this.peek() === '\\') {
                this.i++;
                delimiter = this.peek();
            }
            this.i++;
            if (!this.delimited(delimiter))
                return false;
            while (this.peek() === 'I' || this.peek() === 'M')
                this.i++;
        }
        return true;
    }
    /** The address or range before a command; false when it cannot be read. */
    addresses() {
        if (!this.address())
            return false;
        this.skipBlanks();
        if (this.peek() === ',') {
            this.i++;
            this.skipBlanks();
            if (this.peek() === '+' || this.peek() === '~')
                this.i++;
            if (!this.address())
                return false;
            this.skipBlanks();
        }
        while (this.peek() === '!' || this.peek() === ' ' || this.peek() === '\t')
            this.i++;
        return true;
    }
    /** Reads the command `command` (already passed); a phrase when the script cannot be read. */
    command(command) {
        if (SED_PLAIN.has(command))
            return undefined;
        if (SED_COUNTED.has(command)) {
            this.skipBlanks();
            while (/[0-9]/.test(this.peek()))
                this.i++;
            return undefined;
        }
        if (SED_LABELLED.has(command)) {
            // GNU sed ends a label at white space as well as at `;` (`:a e touch x` runs `e`): read
            // the shortest label, so whatever follows is checked as commands.
            this.skipBlanks();
            while (this.i < this.s.length && !/[\s;]/.test(this.peek()))
                this.i++;
            return undefined;
        }
        switch (command) {
            case 'a':
            case 'i':
            case 'c':
                // Text runs to the end of the line, continued by a trailing backslash.
                while (this.restOfLine().endsWith('\\') && this.i < this.s.length)
                    this.i++;
                return undefined;
            case 'r':
            case 'R':
                this.restOfLine();
                return undefined;
            case 'w':
            case 'W':
                this.write(`sed ${command}`);
                return undefined;
            case 'e': {
                const text = this.restOfLine();
                if (text !== '')
                    this.commands.push(text);
                this.dangers.push('runs a program (sed e)');
                return undefined;
            }
            case 's':
                return this.substitution();
            case 'y':
                return this.twoFields() ? undefined : 'has a sed y command the policy could not read';
            default:
                return `has a sed command the policy does not know (${JSON.stringify(command)})`;
        }
    }
    /** `w FILE`, as a command or a flag of `s`: a danger unless FILE is standard output or error. */
    write(what) {
        const target = this.restOfLine();
        if (!QUIET_TARGETS.has(target))
            this.dangers.push(`writes a file (${what} ${target})`);
    }
    /** The two delimited fields of `s` and `y`, after the delimiter they choose. */
    twoFields() {
        const delimiter = this.peek();
        if (delimiter === '' || delimiter === '\n' || delimiter === '\\')
            return false;
        this.i++;
        return this.delimited(delimiter) && this.delimited(delimiter);
    }
    substitution() {
        if (!this.twoFields())
            return 'has a sed s command the policy could not read';
        while (this.i < this.s.length && /[gpiImMe0-9w]/.test(this.peek())) {
            const flag = this.peek();
            this.i++;
            if (flag === 'e')
                this.dangers.push('runs a program (sed s///e)');
            if (flag === 'w') {
                this.write('sed s///w');
                break;
            }
        }
        return undefined;
    }
}
/**
 * What in a sed script runs a program or writes a file, as phrases; empty when nothing does. The
 * text of each `e COMMAND` goes to `commands`, so what the policy can see of it is checked too.
 */
function sedScriptDangers(script, commands = []) {
    const reader = new SedReader(script, commands);
    while (reader.i < script.length) {
        const c = script[reader.i];
        if (/[\s;]/.test(c) || c === '}') {
            reader.i++;
            continue;
        }
        if (c === '#') {
            reader.restOfLine();
            continue;
        }
        if (!reader.addresses())
            return ['has a sed address the policy could not read'];
        const command = script[reader.i] ?? '';
        reader.i++;
        const unreadable = reader.command(command);
        if (unreadable)
            return [unreadable];
    }
    return reader.dangers;
}
/** Keywords after which a `/` starts a regular expression rather than a division. */
const AWK_REGEX_AFTER_NAMES = new Set(['print', 'printf', 'return', 'in', 'case', 'getline']);
function tokenizeAwk(program) {
    const tokens = [];
    const s = program;
    let i = 0;
    const previousAllowsRegex = () => {
        const last = tokens[tokens.length - 1];
        if (!last)
            return true;
        if (last.kind === 'name')
            return AWK_REGEX_AFTER_NAMES.has(last.text);
        if (last.kind === 'number' || last.kind === 'string' || last.kind === 'regex')
            return false;
        if (last.kind === 'op')
            return !(last.text === ')' ||
                last.text === ']' ||
                last.text === '$' ||
                last.text === '++' ||
                last.text === '--');
        return true;
    };
    while (i < s.length) {
        const c = s[i];
        if (c === ' ' || c === '\t' || c === '\r') {
            i++;
        }
        else if (c === '\\' && s[i + 1] === '\n') {
            i += 2;
        }
        else if (c === '\n') {
            tokens.push({ kind: 'newline', text: '\n' });
            i++;
        }
        else if (c === '#') {
            while (i < s.length && s[i] !== '\n')
                i++;
        }
        else if (c === '"') {
            let j = i + 1;
            for (; j < s.length && s[j] !== '"'; j++)
                if (s[j] === '\\')
                    j++;
            if (j >= s.length)
                return undefined;
            tokens.push({ kind: 'string', text: s.slice(i + 1, j) });
            i = j + 1;
        }
        else if (c === '/' && previousAllowsRegex()) {
            let j = i + 1;
            let bracket = false;
            for (; j < s.length; j++) {
                if (s[j] === '\\')
                    j++;
                else if (s[j] === '[')
                    bracket = true;
                else if (s[j] === ']')
                    bracket = false;
                else if (s[j] === '/' && !bracket)
                    break;
                else if (s[j] === '\n')
                    return undefined;
            }
            if (j >= s.length)
                return undefined;
            tokens.push({ kind: 'regex', text: s.slice(i + 1, j) });
            i = j + 1;
        }
        else if (/[A-Za-z_]/.test(c)) {
            let j = i;
            while (j < s.length && /[A-Za-z0-9_]/.test(s[j]))
                j++;
            tokens.push({ kind: 'name', text: s.slice(i, j) });
            i = j;
        }
        else if (/[0-9.]/.test(c)) {
            let j = i;
            while (j < s.length && /[0-9.eExXa-fA-F]/.test(s[j]))
                j++;
            tokens.push({ kind: 'number', text: s.slice(i, j) });
            i = j;
        }
        else {
            const two = s.slice(i, i + 2);
            const op = [
                '||',
                '|&',
                '&&',
                '>>',
                '>=',
                '<=',
                '==',
                '!=',
                '!~',
                '++',
                '--',
                '+=',
                '-=',
                '*=',
                '/=',
                '%=',
                '^=',
                '**',
            ].includes(two)
                ? two
                : c;
            tokens.push({ kind: 'op', text: op });
            i += op.length;
        }
    }
    return tokens;
}
/** What in an awk program runs a program or writes a file, as phrases; empty when nothing does. */
function awkProgramDangers(program) {
    const tokens = tokenizeAwk(program);
    if (!tokens)
        return ['has an awk program the policy could not read'];
    const dangers = [];
    let inPrint = false;
    let depth = 0;
    for (let t = 0; t < tokens.length; t++) {
        const token = tokens[t];
        if (token.kind === 'name') {
            if (token.text === 'system')
                dangers.push('runs a program (awk system())');
            if (token.text === 'print' || token.text === 'printf') {
                inPrint = true;
                depth = 0;
            }
            continue;
        }
        if (token.kind === 'newline') {
            inPrint = false;
            continue;
        }
        if (token.kind !== 'op')
            continue;
        switch (token.text) {
            case '|':
            case '|&':
                dangers.push('runs a program (awk pipe)');
                break;
            case '@':
                dangers.push('loads code (awk @load/@include or indirect call)');
                break;
            case '(':
                depth++;
                break;
            case ')':
                depth--;
                break;
            case ';':
            case '{':
            case '}':
                inPrint = false;
                break;
            case '>':
            case '>>':
                if (inPrint && depth <= 0) {
                    const target = tokens[t + 1];
                    if (!(target?.kind === 'string' && QUIET_TARGETS.has(target.text))) {
                        dangers.push('writes a file (awk print >)');
                    }
                }
                break;
        }
    }
    return dangers;
}
/**
 * What in an awk program read with `placeholder` (a name) in place of each value known only at run
 * time could run a program or write a file once the values are in: the program's own dangers, and
 * a call of a name the placeholder is part of (`$f("ls")`, `sys$f("ls")`), since a value may
 * complete the name `system`. A value the guard lets through holds none of the characters that could
 * do anything else (text-tools.ts AWK_STRUCTURE).
 */
function awkTemplateDangers(template, placeholder) {
    const tokens = tokenizeAwk(template);
    if (!tokens)
        return ['has an awk program the policy could not read'];
    const dangers = awkProgramDangers(template);
    tokens.forEach((token, t) => {
        if (token.kind !== 'name' || !token.text.includes(placeholder))
            return;
        const next = tokens.slice(t + 1).find((later) => later.kind !== 'newline');
        if (next?.kind === 'op' && next.text === '(')
            dangers.push('calls a function whose name is only known at run time');
    });
    return dangers;
}

;// CONCATENATED MODULE: ./src/policy/programs/text-tools.ts







const SED_OPTIONS = {
    // -i rewrites the files it reads: a write of each, checked against the write patterns.
    values: ['-e, --expression=SCRIPT', '-l, --line-length=N', '-i[SUFFIX], --in-place[=SUFFIX]'],
    dangerous: {
        '-f, --file=SCRIPTFILE': 'runs a sed script from a file, which can run programs and write files',
    },
};
const AWK_OPTIONS = {
    // awk reads options only before the program text.
    optionsFirst: true,
    values: ['-F, --field-separator=FS', '-v, --assign=VAR=VAL', '-e, --source=PROGRAM'],
    dangerous: {
        '-W OPTION': {
            why: 'sets an implementation option (mawk -W exec runs a program file)',
            when: (value) => value === undefined ||
                !/^(sandbox|version|v|usage|help|posix|traditional|compat|lint|dump|interactive|i)$/.test(value),
        },
        '-f, --file=PROGFILE': 'runs an awk program from a file, which can run programs and write files',
        '-i, --include=FILE': 'loads awk source from a file',
        '-l, --load=LIB': 'loads a shared library',
        '-E, --exec=FILE': 'runs an awk program from a file',
        '-o[FILE], --pretty-print[=FILE]': WRITES,
        '-d[FILE], --dump-variables[=FILE]': WRITES,
        '-p[FILE], --profile[=FILE]': WRITES,
        '-D[FILE], --debug[=FILE]': 'starts the awk debugger',
    },
};
const GREP_OPTIONS = {};
const RG_OPTIONS = {
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
const AG_OPTIONS = {
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
const SORT_OPTIONS = {
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
const SHUF_OPTIONS = {
    values: ['-n, --head-count=COUNT', '-i, --input-range=LO-HI', '--random-source=FILE'],
    dangerous: { '-o, --output=FILE': WRITES },
};
const ICONV_OPTIONS = {
    values: ['-f, --from-code=NAME', '-t, --to-code=NAME'],
    dangerous: { '-o, --output=FILE': WRITES },
};
const YQ_OPTIONS = {
    values: [
        '-o, --output-format=FORMAT',
        '-p, --input-format=FORMAT',
        '-I, --indent=N',
        '--expression=EXPR',
        '--from-file=FILE',
    ],
    dangerous: { '-i, --inplace': 'rewrites the input file' },
};
const XMLLINT_OPTIONS = {
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
const SDIFF_OPTIONS = {
    values: ['-I, --ignore-matching-lines=RE', '-w, --width=NUM', '--diff-program=PROGRAM'],
    dangerous: { '-o, --output=FILE': WRITES, '--diff-program=PROGRAM': RUNS },
};
/**
 * sed: -i and -f are table options; the script itself may run programs (e) or write files (w).
 * `--sandbox` earns nothing: after `--` it is a file name, and the script is judged the same either way.
 */
const analyseSed = (words) => {
    const result = emptyAnalysis();
    const t = compiled(SED_OPTIONS);
    const scan = scanOptions(words, 1, t);
    absorb(result, scan);
    const scripts = scan.options
        .filter((o) => o.name === '-e' || o.name === '--expression')
        .map((o) => ({ index: o.valueIndex ?? o.index, value: o.value }));
    const fromFile = scan.options.some((o) => o.name === '-f' || o.name === '--file');
    let files = scan.operands;
    if (scripts.length === 0 && !fromFile && scan.operands[0] !== undefined) {
        scripts.push({ index: scan.operands[0], value: words[scan.operands[0]] });
        files = scan.operands.slice(1);
    }
    const commands = [];
    const read = (text) => sedScriptDangers(text, commands);
    for (const { index, value } of scripts)
        addProgramDangers(result, index, value, read, 'sed script', SED_GUARD);
    for (const text of commands)
        result.scripts.push({ text, where: 'in the command run by sed e', index: undefined });
    const inPlace = scan.options.find((o) => o.name === '-i' || o.name === '--in-place');
    const unknown = possibleOperands(words, scan).filter((i) => !scan.operands.includes(i));
    if (inPlace)
        addInPlaceWrites(result, words, inPlace, [...files, ...unknown]);
    return result;
};
/**
 * `e` is sed's command that runs a program, and a flag of `s` that does: read in a variable's place,
 * it makes any position where a value could be a command or a flag dangerous. The structure is what
 * ends a sed command or escapes out of a field (a line break, `\\`, `;`, braces, a comment): with
 * none of it, nor a delimiter of the script's own, a value stays inside the field it is written in.
 */
const SED_GUARD = { placeholder: 'e', structure: '\n\r\\;{}#' };
/**
 * In awk a value is read as code, wherever it stands outside a string or a regex (`{print $$col}`,
 * `$0 ~ $pat`); what keeps it harmless is what it cannot hold. awk runs a program only through
 * `system(\u2026)` or a pipe (`|`, `|&`), writes a file only through `>` or `>>` after print, and loads
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
const AWK_GUARD = {
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
function runtimeCheck(word, index, read, what, rule) {
    if (!guardableTarget(word))
        return undefined;
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
const analyseAwk = (words) => {
    const result = emptyAnalysis();
    const t = compiled(AWK_OPTIONS);
    const scan = scanOptions(words, 1, t);
    absorb(result, scan);
    const programs = scan.options
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
function addProgramDangers(result, index, value, read, what, guardRule) {
    const text = typeof value === 'string' ? value : words_valueOf(value);
    const length = typeof value === 'string' ? value.length : (value?.text.length ?? 0);
    if (text === undefined) {
        const check = typeof value === 'object' && guardRule
            ? runtimeCheck(value, index, read, what, guardRule)
            : undefined;
        if (check)
            (result.runtimeChecks ??= []).push(check);
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
const TEXT_TOOLS = {
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

;// CONCATENATED MODULE: ./src/policy/programs/wrappers.ts




const compiledWrappers = new Map();
function wrapperTable(name, spec) {
    let table = compiledWrappers.get(name);
    if (!table) {
        const scriptOptions = (spec.scriptOptions ?? []).map((o) => o.startsWith('--') ? `${o}=TEXT` : `${o} TEXT`);
        table = compileTable({
            ...spec.options,
            values: [...(spec.options?.values ?? []), ...scriptOptions],
            flags: (spec.noCommand ?? []).filter((o) => o !== '*' && !(spec.options?.values ?? []).some((v) => v.split(/[ =,[]/).includes(o))),
            // Wrappers stop reading options at the command they run.
            optionsFirst: true,
        });
        compiledWrappers.set(name, table);
    }
    return table;
}
function wrapperAnalysis(name, spec, words) {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, wrapperTable(name, spec));
    absorb(result, scan);
    const where = `run by ${name}`;
    for (const option of scan.options) {
        if (spec.scriptOptions?.includes(option.name)) {
            addScript(result, option.value, option.valueIndex ?? option.index, `in the script of ${name} ${option.name}`);
            return result;
        }
    }
    if (scan.options.some((o) => spec.noCommand?.includes(o.name)) || spec.noCommand?.includes('*')) {
        return result;
    }
    const first = scan.operands[0];
    if (first === undefined)
        return result;
    let start = first + (spec.leadingOperands ?? 0);
    if (spec.scriptAfterOperands) {
        const flag = words_valueOf(words[start]);
        if (flag !== undefined && spec.scriptOptions?.includes(flag)) {
            addScript(result, words[start + 1], start + 1, `in the script of ${name} ${flag}`);
            return result;
        }
    }
    // The leading operands themselves must be known, or the command could start anywhere.
    for (let i = first; i < start && i < words.length; i++) {
        if (words[i].splits) {
            result.dangers.push(unresolvable(i, `'${words[i].source}' hides where the command run by ${name} starts`));
            return result;
        }
    }
    if (start >= words.length)
        return result;
    if (spec.assignments)
        start = takeAssignments(words, start, result);
    result.inner.push(innerFrom(words, start, where));
    return result;
}
/**
 * The analyser of a wrapper: laid out as its spec says, or, when it has no layout, with the command
 * as the first word not starting with `-`.
 */
function analyseWrapper(name, layout = {}) {
    return (words) => wrapperAnalysis(name, layout, words);
}
/** Programs that run the command after their own options, which is checked on its own. */
const WRAPPERS = {
    nice: {
        role: 'wrapper',
        wrapper: { options: { values: ['-n, --adjustment=N'] } },
        examples: {
            patterns: ['nice *', 'ls *'],
            allow: ['nice -n 5 ls -la'],
            refuse: [['nice rm x', 'no-matching-pattern']],
        },
    },
    nohup: {
        role: 'wrapper',
        examples: {
            patterns: ['nohup *', 'ls *'],
            allow: ['nohup ls -la'],
            refuse: [['nohup rm x', 'no-matching-pattern']],
        },
    },
    timeout: {
        role: 'wrapper',
        wrapper: {
            options: { values: ['-s, --signal=SIGNAL', '-k, --kill-after=DURATION'] },
            leadingOperands: 1,
        },
        examples: {
            patterns: ['timeout *', 'npm test'],
            allow: ['timeout 60 npm test'],
            refuse: [['timeout -s KILL 5 curl x', 'no-matching-pattern']],
        },
    },
    stdbuf: {
        role: 'wrapper',
        wrapper: { options: { values: ['-i, --input=MODE', '-o, --output=MODE', '-e, --error=MODE'] } },
        examples: {
            patterns: ['stdbuf *', 'ls *'],
            allow: ['stdbuf -oL ls -la'],
            refuse: [['stdbuf -oL rm x', 'no-matching-pattern']],
        },
    },
    setsid: {
        role: 'wrapper',
        examples: {
            patterns: ['setsid *', 'ls *'],
            allow: ['setsid ls -la'],
            refuse: [['setsid rm x', 'no-matching-pattern']],
        },
    },
    ionice: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: [
                    '-c, --class=CLASS',
                    '-n, --classdata=NUM',
                    '-p, --pid=PID',
                    '-P, --pgid=PGID',
                    '-u, --uid=UID',
                ],
            },
            noCommand: ['-p', '-P', '-u'],
        },
        examples: {
            patterns: ['ionice *', 'ls *'],
            allow: ['ionice -c 3 ls -la'],
            refuse: [['ionice -c 3 rm x', 'no-matching-pattern']],
        },
    },
    chrt: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: ['-T, --sched-runtime=NS', '-P, --sched-period=NS', '-D, --sched-deadline=NS'],
            },
            leadingOperands: 1,
            noCommand: ['-p', '--pid', '-m', '--max'],
        },
        examples: {
            patterns: ['chrt *', 'ls *'],
            allow: ['chrt 10 ls -la'],
            refuse: [['chrt 10 rm x', 'no-matching-pattern']],
        },
    },
    taskset: {
        role: 'wrapper',
        wrapper: { leadingOperands: 1, noCommand: ['-p', '--pid'] },
        examples: {
            patterns: ['taskset *', 'ls *'],
            allow: ['taskset 0x1 ls -la'],
            refuse: [['taskset 0x1 rm x', 'no-matching-pattern']],
        },
    },
    flock: {
        role: 'wrapper',
        wrapper: {
            options: { values: ['-w, --timeout=SECONDS', '-E, --conflict-exit-code=NUMBER'] },
            leadingOperands: 1,
            scriptOptions: ['-c', '--command'],
            scriptAfterOperands: true,
        },
        examples: {
            patterns: ['flock *', 'ls *'],
            allow: ['flock /tmp/lock ls -la', "flock /tmp/lock -c 'ls -la'"],
            refuse: [
                ['flock /tmp/lock rm x', 'no-matching-pattern'],
                ["flock /tmp/lock -c 'rm x'", 'no-matching-pattern'],
            ],
        },
    },
    chroot: {
        role: 'wrapper',
        wrapper: {
            options: { values: ['--userspec=USER:GROUP', '--groups=GROUPS'] },
            leadingOperands: 1,
        },
        examples: {
            patterns: ['chroot *', 'ls *'],
            allow: ['chroot /srv ls -la'],
            refuse: [['chroot /srv rm x', 'no-matching-pattern']],
        },
    },
    unshare: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: [
                    '-S, --setuid=UID',
                    '-G, --setgid=GID',
                    '-R, --root=DIR',
                    '-w, --wd=DIR',
                    '--propagation=FLAGS',
                ],
            },
        },
        examples: {
            patterns: ['unshare *', 'ls *'],
            allow: ['unshare ls -la'],
            refuse: [['unshare rm x', 'no-matching-pattern']],
        },
    },
    sudo: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: [
                    '-C, --close-from=NUM',
                    '-D, --chdir=DIR',
                    '-g, --group=GROUP',
                    '-p, --prompt=PROMPT',
                    '-R, --chroot=DIR',
                    '-r, --role=ROLE',
                    '-t, --type=TYPE',
                    '-T, --command-timeout=TIMEOUT',
                    '-U, --other-user=USER',
                    '-u, --user=USER',
                    '-h, --host=HOST',
                ],
                dangerous: {
                    '-s, --shell': 'runs a shell',
                    '-i, --login': 'runs a login shell',
                    '-e, --edit': 'edits files',
                },
            },
            noCommand: [
                '-l',
                '--list',
                '-v',
                '--validate',
                '-k',
                '--reset-timestamp',
                '-K',
                '--remove-timestamp',
                '-V',
                '--version',
            ],
            assignments: true,
        },
        examples: {
            patterns: ['sudo *', 'ls *'],
            allow: ['sudo -u bob ls -la', 'sudo LANG=C ls'],
            refuse: [
                ['sudo rm x', 'no-matching-pattern'],
                ['sudo -s', 'inline-code'],
                ['sudo PATH=/tmp ls', 'risky-variable'],
            ],
        },
    },
    doas: {
        role: 'wrapper',
        wrapper: {
            options: { values: ['-u USER', '-C CONFIG'], dangerous: { '-s': 'runs a shell' } },
            noCommand: ['-C', '-L'],
        },
        examples: {
            patterns: ['doas *', 'ls *'],
            allow: ['doas -u bob ls -la'],
            refuse: [['doas -u bob rm x', 'no-matching-pattern']],
        },
    },
    command: {
        role: 'wrapper',
        wrapper: { noCommand: ['-v', '-V'] },
        examples: {
            patterns: ['command *', 'ls *'],
            allow: ['command ls -la', 'command -v rm'],
            refuse: [['command rm x', 'no-matching-pattern']],
        },
    },
    builtin: {
        role: 'wrapper',
        examples: {
            patterns: ['builtin *', 'ls *'],
            allow: ['builtin ls -la'],
            refuse: [['builtin rm x', 'no-matching-pattern']],
        },
    },
    exec: {
        role: 'wrapper',
        wrapper: { options: { values: ['-a NAME'] } },
        examples: {
            patterns: ['exec *', 'ls *'],
            allow: ['exec ls -la'],
            refuse: [['exec rm x', 'no-matching-pattern']],
        },
    },
    time: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: ['-f, --format=FORMAT'],
                dangerous: { '-o, --output=FILE': 'writes a file' },
            },
        },
        transparent: true,
        examples: {
            patterns: ['time *', 'ls *'],
            allow: ['time ls -la', 'time -p ls'],
            refuse: [['time rm x', 'no-matching-pattern']],
        },
    },
    su: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: ['-g, --group=GROUP', '-G, --supp-group=GROUP', '-w, --whitelist-environment=LIST'],
                dangerous: { '-s, --shell=SHELL': 'runs another shell' },
            },
            scriptOptions: ['-c', '--command', '-C', '--session-command'],
            noCommand: ['*'],
        },
        examples: {
            patterns: ['su *', 'ls *'],
            allow: ["su -c 'ls -la' bob"],
            refuse: [
                ["su -c 'rm x' bob", 'no-matching-pattern'],
                ['su -s /bin/zsh bob', 'inline-code'],
            ],
        },
    },
    runuser: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: [
                    '-g, --group=GROUP',
                    '-G, --supp-group=GROUP',
                    '-u, --user=USER',
                    '-w, --whitelist-environment=LIST',
                ],
                dangerous: { '-s, --shell=SHELL': 'runs another shell' },
            },
            scriptOptions: ['-c', '--command', '-C', '--session-command'],
        },
        examples: {
            patterns: ['runuser *', 'ls *'],
            allow: ['runuser -u bob ls -la'],
            refuse: [['runuser -u bob rm x', 'no-matching-pattern']],
        },
    },
    strace: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: [
                    '-e EXPR',
                    '-p PID',
                    '-s STRSIZE',
                    '-u USERNAME',
                    '-P PATH',
                    '-a COLUMN',
                    '-I INTERRUPTIBLE',
                    '-b SYSCALL',
                    '-X FORMAT',
                    '-O OVERHEAD',
                    '-S SORTBY',
                ],
                dangerous: {
                    '-o, --output=FILE': 'writes a file',
                    '-E, --env=VAR=VAL': 'sets an environment variable',
                },
            },
        },
        examples: {
            patterns: ['strace *', 'ls *'],
            allow: ['strace -f ls -la'],
            refuse: [
                ['strace -f rm x', 'no-matching-pattern'],
                ['strace -o trace.log ls', 'dangerous-option'],
            ],
        },
    },
    ltrace: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: [
                    '-e FILTER',
                    '-p PID',
                    '-s STRSIZE',
                    '-u USERNAME',
                    '-a COLUMN',
                    '-n NR',
                    '-l LIBRARY',
                    '-x FILTER',
                ],
                dangerous: {
                    '-o, --output=FILE': 'writes a file',
                    '-F, --config=FILE': 'reads a configuration',
                },
            },
        },
        examples: {
            patterns: ['ltrace *', 'ls *'],
            allow: ['ltrace -f ls -la'],
            refuse: [['ltrace -f rm x', 'no-matching-pattern']],
        },
    },
    valgrind: {
        role: 'wrapper',
        wrapper: {
            options: {
                dangerous: { '--log-file=FILE': 'writes a file', '--xml-file=FILE': 'writes a file' },
            },
        },
        examples: {
            patterns: ['valgrind *', 'ls *'],
            allow: ['valgrind -q ls -la'],
            refuse: [
                ['valgrind -q rm x', 'no-matching-pattern'],
                ['valgrind --log-file=v.log ls', 'dangerous-option'],
            ],
        },
    },
    'xvfb-run': {
        role: 'wrapper',
        wrapper: {
            options: {
                values: [
                    '-n, --server-num=NUM',
                    '-s, --server-args=ARGS',
                    '-f, --auth-file=FILE',
                    '-e, --error-file=FILE',
                    '-p, --xauth-protocol=PROTO',
                    '-w, --wait=DELAY',
                ],
            },
        },
        examples: {
            patterns: ['xvfb-run *', 'ls *'],
            allow: ['xvfb-run -a ls -la'],
            refuse: [['xvfb-run -a rm x', 'no-matching-pattern']],
        },
    },
    'dbus-run-session': {
        role: 'wrapper',
        examples: {
            patterns: ['dbus-run-session *', 'ls *'],
            allow: ['dbus-run-session ls -la'],
            refuse: [['dbus-run-session rm x', 'no-matching-pattern']],
        },
    },
    torsocks: {
        role: 'wrapper',
        examples: {
            patterns: ['torsocks *', 'ls *'],
            allow: ['torsocks ls -la'],
            refuse: [['torsocks rm x', 'no-matching-pattern']],
        },
    },
    proxychains: {
        role: 'wrapper',
        wrapper: { options: { values: ['-f FILE'] } },
        examples: {
            patterns: ['proxychains *', 'ls *'],
            allow: ['proxychains -f p.conf ls -la'],
            refuse: [['proxychains -f p.conf rm x', 'no-matching-pattern']],
        },
    },
    proxychains4: {
        role: 'wrapper',
        wrapper: { options: { values: ['-f FILE'] } },
        examples: {
            patterns: ['proxychains4 *', 'ls *'],
            allow: ['proxychains4 -q ls -la'],
            refuse: [['proxychains4 -q rm x', 'no-matching-pattern']],
        },
    },
    sshpass: {
        role: 'wrapper',
        wrapper: { options: { values: ['-p PASSWORD', '-f FILE', '-d FD', '-e'] } },
        examples: {
            patterns: ['sshpass *', 'ls *'],
            allow: ['sshpass -e ls -la'],
            refuse: [['sshpass -e rm x', 'no-matching-pattern']],
        },
    },
    faketime: {
        role: 'wrapper',
        wrapper: { options: { values: ['-m', '-f'] }, leadingOperands: 1 },
        examples: {
            patterns: ['faketime *', 'ls *'],
            allow: ["faketime '2020-01-01' ls -la"],
            refuse: [["faketime '2020-01-01' rm x", 'no-matching-pattern']],
        },
    },
    numactl: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: [
                    '-i, --interleave=NODES',
                    '-N, --cpunodebind=NODES',
                    '-m, --membind=NODES',
                    '-C, --physcpubind=CPUS',
                    '-p, --preferred=NODE',
                ],
            },
        },
        examples: {
            patterns: ['numactl *', 'ls *'],
            allow: ['numactl -N 0 ls -la'],
            refuse: [['numactl -N 0 rm x', 'no-matching-pattern']],
        },
    },
    catchsegv: {
        role: 'wrapper',
        examples: {
            patterns: ['catchsegv *', 'ls *'],
            allow: ['catchsegv ls -la'],
            refuse: [['catchsegv rm x', 'no-matching-pattern']],
        },
    },
    rlwrap: {
        role: 'wrapper',
        examples: {
            patterns: ['rlwrap *', 'ls *'],
            allow: ['rlwrap ls -la'],
            refuse: [['rlwrap rm x', 'no-matching-pattern']],
        },
    },
    unbuffer: {
        role: 'wrapper',
        examples: {
            patterns: ['unbuffer *', 'ls *'],
            allow: ['unbuffer ls -la'],
            refuse: [['unbuffer rm x', 'no-matching-pattern']],
        },
    },
    chronic: {
        role: 'wrapper',
        examples: {
            patterns: ['chronic *', 'ls *'],
            allow: ['chronic ls -la'],
            refuse: [['chronic rm x', 'no-matching-pattern']],
        },
    },
    ifne: {
        role: 'wrapper',
        examples: {
            patterns: ['ifne *', 'ls *'],
            allow: ['ifne ls -la'],
            refuse: [['ifne rm x', 'no-matching-pattern']],
        },
    },
    setarch: {
        role: 'wrapper',
        wrapper: { leadingOperands: 1 },
        examples: {
            patterns: ['setarch *', 'ls *'],
            allow: ['setarch x86_64 ls -la'],
            refuse: [['setarch x86_64 rm x', 'no-matching-pattern']],
        },
    },
    linux32: {
        role: 'wrapper',
        examples: {
            patterns: ['linux32 *', 'ls *'],
            allow: ['linux32 ls -la'],
            refuse: [['linux32 rm x', 'no-matching-pattern']],
        },
    },
    linux64: {
        role: 'wrapper',
        examples: {
            patterns: ['linux64 *', 'ls *'],
            allow: ['linux64 ls -la'],
            refuse: [['linux64 rm x', 'no-matching-pattern']],
        },
    },
    prlimit: {
        role: 'wrapper',
        examples: {
            patterns: ['prlimit *', 'ls *'],
            allow: ['prlimit ls -la'],
            refuse: [['prlimit rm x', 'no-matching-pattern']],
        },
    },
    cgexec: {
        role: 'wrapper',
        wrapper: { options: { values: ['-g CONTROLLERS:PATH'] } },
        examples: {
            patterns: ['cgexec *', 'ls *'],
            allow: ['cgexec -g cpu:batch ls -la'],
            refuse: [['cgexec -g cpu:batch rm x', 'no-matching-pattern']],
        },
    },
    firejail: {
        role: 'wrapper',
        examples: {
            patterns: ['firejail *', 'ls *'],
            allow: ['firejail ls -la'],
            refuse: [['firejail rm x', 'no-matching-pattern']],
        },
    },
    'systemd-run': {
        role: 'wrapper',
        examples: {
            patterns: ['systemd-run *', 'ls *'],
            allow: ['systemd-run ls -la'],
            refuse: [['systemd-run rm x', 'no-matching-pattern']],
        },
    },
    pkexec: {
        role: 'wrapper',
        wrapper: { options: { values: ['--user=USER'] } },
        examples: {
            patterns: ['pkexec *', 'ls *'],
            allow: ['pkexec ls -la'],
            refuse: [['pkexec rm x', 'no-matching-pattern']],
        },
    },
    gosu: {
        role: 'wrapper',
        wrapper: { leadingOperands: 1 },
        examples: {
            patterns: ['gosu *', 'ls *'],
            allow: ['gosu bob ls -la'],
            refuse: [['gosu bob rm x', 'no-matching-pattern']],
        },
    },
    'su-exec': {
        role: 'wrapper',
        wrapper: { leadingOperands: 1 },
        examples: {
            patterns: ['su-exec *', 'ls *'],
            allow: ['su-exec bob ls -la'],
            refuse: [['su-exec bob rm x', 'no-matching-pattern']],
        },
    },
    logsave: {
        role: 'wrapper',
        wrapper: { leadingOperands: 1 },
        examples: {
            patterns: ['logsave *', 'ls *'],
            allow: ['logsave /dev/null ls -la'],
            refuse: [['logsave /dev/null rm x', 'no-matching-pattern']],
        },
    },
    nsenter: {
        role: 'wrapper',
        wrapper: {
            options: {
                values: [
                    '-t, --target=PID',
                    '-S, --setuid=UID',
                    '-G, --setgid=GID',
                    '-r, --root[=DIR]',
                    '-w, --wd[=DIR]',
                ],
            },
        },
        examples: {
            patterns: ['nsenter *', 'ls *'],
            allow: ['nsenter -t 1 ls -la'],
            refuse: [['nsenter -t 1 rm x', 'no-matching-pattern']],
        },
    },
};

;// CONCATENATED MODULE: ./src/policy/programs/index.ts

















/*
 * The lookup table of every program the policy knows, built from one file per family. A name is
 * either a program's own or one of its aliases, never both, and belongs to one family only.
 */
const FAMILIES = {
    shells: SHELLS,
    interpreters: INTERPRETERS,
    wrappers: WRAPPERS,
    runners: RUNNERS,
    builtins: BUILTINS,
    find: FINDERS,
    'file-tools': FILE_TOOLS,
    archives: ARCHIVES,
    'text-tools': TEXT_TOOLS,
    network: NETWORK,
    git: VERSION_CONTROL,
    'package-managers': PACKAGE_MANAGERS,
    editors: EDITORS,
};
function buildTable() {
    const programs = new Map();
    const aliases = new Map();
    const taken = (name) => programs.has(name) || aliases.has(name);
    for (const [family, members] of Object.entries(FAMILIES)) {
        for (const [name, spec] of Object.entries(members)) {
            if (taken(name))
                throw new Error(`program '${name}' of ${family} is named twice`);
            programs.set(name, spec);
            for (const alias of spec.aliases ?? []) {
                if (taken(alias))
                    throw new Error(`alias '${alias}' of ${name} is named twice`);
                aliases.set(alias, name);
            }
        }
    }
    return { programs, aliases };
}
const TABLE = buildTable();
/** Every program with a spec, by the name `programName` gives. */
const PROGRAMS = TABLE.programs;
/** The program a command word names: `/usr/bin/python3.12` \u2192 `python`, `gawk` \u2192 `awk`. */
function programName(word) {
    const unaliased = (0,names/* unaliasedName */.a)(word);
    return TABLE.aliases.get(unaliased) ?? unaliased;
}
/** The spec of a program, by the name `programName` gives. */
function specOf(name) {
    return TABLE.programs.get(name);
}
/** The role of a program, by the name `programName` gives. */
function roleOf(name) {
    return specOf(name)?.role ?? 'plain';
}
/** Programs that run their arguments as commands or code: never fed words by xargs. */
function runsItsArguments(name) {
    return roleOf(name) !== 'plain';
}
/** A builtin that only steers loops and functions, by its word as written (`break`). */
function controlsFlow(word) {
    return specOf(word)?.controlsFlow === true;
}
/** A keyword that runs the command after it, by its word as written (`time`). */
function isTransparent(word) {
    return specOf(word)?.transparent === true;
}
const LOOKUP = { nameOf: programName, specOf };
/** The analyser a spec names, or the one its role implies, or its option table's. */
function analyserOf(name, spec) {
    if (spec.analyse)
        return spec.analyse;
    switch (spec.role) {
        case 'shell':
            return analyseShell(name);
        case 'interpreter':
            return analyseInterpreter(name, spec.options);
        case 'wrapper':
            return analyseWrapper(name, spec.wrapper);
        case 'string-runner':
            return analyseStringRunner;
        default:
            return (words) => tableAnalysis(spec.options, words);
    }
}
const ANALYSERS = new Map([...TABLE.programs].map(([name, spec]) => [name, analyserOf(name, spec)]));
/** What running these words does beyond what their pattern shows. */
function analyseProgram(words, context) {
    const first = words[0];
    if (!first)
        return emptyAnalysis();
    const analyse = ANALYSERS.get(programName(first.text));
    if (!analyse)
        return emptyAnalysis();
    return analyse(words, { ...context, programs: LOOKUP });
}

;// CONCATENATED MODULE: ./src/policy/decide/dangers.ts


/**
 * A pattern that lets an interpreter or a shell run any file (`node *`, `python3 *`, `bash *`,
 * `deno run *`): the program's name, maybe a `run` subcommand, and the final `*`.
 */
function runsAnyFile(pattern, program) {
    const role = roleOf(program);
    if (pattern.universal || !pattern.rest || (role !== 'interpreter' && role !== 'shell'))
        return false;
    const words = pattern.words.map((w) => w.text);
    return words.length === 1 || (words.length === 2 && words[1] === 'run');
}
function assignmentMatches(pattern, assignment) {
    if (assignment.word.literal)
        return (0,decide_patterns/* wordMatches */.ev)(pattern, assignment.word.text);
    // A value known only at run time is allowed by `NAME=*` alone.
    return pattern.text === `${assignment.name}=*`;
}
function dangerCode(danger) {
    if (danger.severity === 'unresolvable')
        return 'unresolvable';
    return danger.severity === 'code' ? 'inline-code' : 'dangerous-option';
}
function dangerAccepted(danger, match) {
    if (danger.severity === 'unresolvable')
        return false;
    return danger.spell > 0 && (0,decide_patterns/* spells */.OB)(match.coverage[danger.index], danger.spell);
}
function dangerWhy(danger, words) {
    if (danger.severity === 'unresolvable')
        return `cannot be checked: ${danger.why}`;
    const word = words[danger.index];
    const option = word && danger.spell > 0 ? word.text.slice(0, danger.spell) : undefined;
    const example = option
        ? ` (e.g. '${[...words.slice(0, danger.index).map((w) => w.text), option, '*'].join(' ')}')`
        : '';
    const hint = danger.spell > 0 ? `; allow it with a pattern that spells it out${example}` : '';
    return `${danger.why}${hint}`;
}
/** A match where a literal pattern word covers each word (the outer pattern spelled them out). */
function spelledMatch(words) {
    return {
        pattern: {
            kind: 'command',
            source: '(spelled out by the outer pattern)',
            assignments: [],
            words: [],
            rest: false,
            universal: false,
        },
        coverage: words.map((w) => ({
            text: w.text,
            literalPrefix: w.text,
            anyWord: false,
            regex: undefined,
            pieces: [w.text],
        })),
    };
}
function literallyCovered(match, index) {
    if (match.pattern.universal)
        return false;
    const p = match.coverage[index];
    return p !== undefined && p.regex === undefined;
}
/**
 * Text the parser cannot read, under `*` with deny patterns: it runs, unless it names a denied
 * program, so that unreadable spelling (`{touch,x}`) is not the easy way around a deny pattern.
 */
function deniedMention(text, scope, denyCommands) {
    const words = text.replace(/['"\\]/g, '').split(/[^\w./+-]+/);
    const tokens = new Set(words.map(programName));
    for (const pattern of denyCommands) {
        const first = pattern.words[0];
        if (!first || !tokens.has(programName(first.text)))
            continue;
        return {
            code: 'unparsable',
            offender: text,
            where: scope.where,
            why: `could not be parsed as bash, and names '${first.text}', which a denied pattern covers`,
            suggest: {},
        };
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/policy/read/deny-guard.ts
/*
 * The run-time guard of the deny patterns under `*`: bash text that goes before a word of a
 * command whose words are not all known, which matches the words' values against the deny patterns
 * the command may match once they exist, and stops the command when one does (as the guards of
 * guards.ts stop theirs: `0` when the values pass, `@` after a message otherwise).
 *
 * It is spliced into the text as typed (see decide/deny-guards.ts), which may put it inside a
 * single-quoted word (a trap's text): its literal text is double-quoted and its message's quotes are
 * printf escapes, so only a deny pattern that holds a single quote puts one in it (and such a guard
 * is kept out of single-quoted text). That is why its stop is its own and not guards.ts's
 * stopCommand, which single-quotes its message. It names no variable: the values are the words
 * themselves, expanded again in the guard's substitution, which gives the same values because each
 * is plain (guardableTarget: quoted variables and literal characters) and no variable it reads is a
 * reference to another (`declare -n`), whose subscript would be evaluated at each expansion; the
 * guard checks that first.
 */

/** `text` as one double-quoted bash word: the same value in every quoting context around it. */
function doubleQuoted(text) {
    return `"${text.replace(/[\\"$`]/g, '\\$&')}"`;
}
/**
 * A pattern word as a bash pattern (for `[[ value == \u2026 ]]`): its literal pieces double-quoted, each
 * unquoted `*` bare, so that it matches what wordMatches matches (`*` spans any characters, `/` and
 * line breaks included). Under `nocasematch` it matches more values, never fewer.
 */
function bashPattern(pattern) {
    return pattern.pieces.map(doubleQuoted).join('*');
}
/** `[[ \u2026 ]]` operands: the word as typed, after `""` so that no word is read as an operator. */
function valueTest({ word, pattern, name }) {
    const value = `""${word.source}`;
    const glob = bashPattern(pattern);
    if (!name || pattern.text.includes('/'))
        return `${value} == ${glob}`;
    // commandName: `/usr/bin/rm` is `rm`.
    return `( ${value} == ${glob} || ${value} == */${glob} )`;
}
/**
 * An argument of printf's `%b`, which reads backslash escapes: double-quoted, each backslash
 * doubled and each single quote written as the escape `\x27`, so that the guard holds none.
 */
function messageArgument(text) {
    return doubleQuoted(text.replace(/\\/g, '\\\\').replace(/'/g, '\\x27'));
}
function stop(offender, why) {
    return (`{ \\builtin printf "Command denied by policy: \\x27%b\\x27 %b (%b)\\n" ` +
        `${[offender, why, STOPPED_NOTE].map(messageArgument).join(' ')} >&2; \\builtin printf @; }`);
}
/** One guard: `condition` must hold for the command to run. */
function guard(condition, offender, why) {
    return guardExpansion(`[[ ${condition} ]] && \\builtin printf 0 || ${stop(offender, why)}`);
}
/**
 * What goes before the first word of unknown value of a command (see the top of this file): a guard
 * that the variables its words read are no references, then one per deny pattern the command may
 * match. `variables` are those of every word of unknown value in the command.
 */
function denyGuard(tests, variables, offender) {
    const names = [...new Set(variables)].filter((v) => !/^[0-9]/.test(v));
    const references = names.length === 0
        ? ''
        : guard(names.map((name) => `! -R ${name}`).join(' && '), offender, `reads ${names.join(', ')}, and a variable that refers to another (declare -n) cannot be checked against the deny patterns when the command runs`);
    return (references +
        tests
            .map(({ pattern, ways }) => guard(`! ( ${ways.map((way) => `( ${way.map(valueTest).join(' && ')} )`).join(' || ')} )`, offender, `matches the denied pattern '${pattern.source}'`))
            .join(''));
}

;// CONCATENATED MODULE: ./src/policy/decide/deny-guards.ts
/*
 * Deny patterns under `*` where a word's value is known only at run time (`rm -rf "$tmp"` under
 * `rm -rf /*`). A static reading must take such a word as matching anything and refuse the command;
 * instead, when each word of unknown value is plain (guardableTarget: double-quoted variables and
 * literal characters, whose value a guard can read once more and find the same), the command runs
 * behind a guard that matches the values against the deny patterns when they exist
 * (read/deny-guard.ts), and is refused only when one matches.
 *
 * Why the guard is spliced into the text as typed rather than the command printed: under `*` bash
 * runs the text as typed, and the policy's print, faithful as it is, is a second reading with its own
 * limits (text it cannot print, the run-time checks of arithmetic an allowlist adds) that `*` has
 * never imposed. A splice adds one expansion before a word and changes nothing else: the guard
 * expands to the empty string when it passes, joined to a word that is not a literal name (no alias,
 * keyword or assignment is at stake), so bash reads every other character as typed. It goes where
 * the policy can tell exactly where a word stands in the typed text, and where a guard's stop is
 * contained: the typed text itself (the session hands bash text that is not the policy's print as
 * the word of `eval`: see shell/frame.ts frameCall) and the single-quoted text of `trap` and `eval`
 * (whose stop ends that text), never a function body (called by a later call, a function runs
 * outside any `eval`, where the stop would end the session's own line), nor text with backquotes,
 * whose escapes change the text inside them.
 *
 * A guard names no function a command could replace and no variable: see read/deny-guard.ts. The
 * values are read once more in its substitution; for them to be those bash gives the command's
 * words, every word of unknown value in the command is plain, so that no expansion of the command
 * changes a variable between the guard and the word.
 */




/**
 * Under `*` with deny patterns, where a guard of a command's may go; undefined elsewhere (an
 * allowlist, and text a shell allowed to run anything runs, where deny patterns refuse as read).
 */
function guardSite(policy, base, command, offender) {
    if (!policy.universal || policy.denyCommands.length === 0)
        return undefined;
    return { base, scope: command.scope, words: command.words, offender };
}
/** The readings of a command the deny patterns are matched against: git's without its global options too. */
function denyReadings(program, words) {
    const bare = program === 'git' ? withoutGitGlobalOptions(words) : words;
    return bare === words ? [words] : [words, bare];
}
/** Programs of the shell itself that run the text of a word in a context a guard's stop ends. */
const SAME_SHELL = new Set(['trap', 'eval']);
/** A character that may stand next to a word: a blank or an operator. */
const WORD_BOUNDARY = /^[\s;&|()<>]$/;
/** The guards of one typed text, gathered as its commands are checked. */
class DenyGuards {
    text;
    /** Offset in the typed text, and what goes there. */
    splices = new Map();
    constructor(text) {
        this.text = text;
    }
    /** The base of the typed text itself. */
    get top() {
        if (this.text.includes('`'))
            return undefined;
        return { offset: 0, end: this.text.length, singleQuoted: false };
    }
    /**
     * The base of text a command runs (`script`), when a guard can be spliced into it: the value of a
     * single-quoted word of `trap` or `eval` in text that has a base itself and is not quoted.
     */
    innerBase(outer, script, words) {
        const runner = words[0];
        const holder = script.index === undefined ? undefined : words[script.index];
        if (!outer || outer.singleQuoted || !runner?.literal || !SAME_SHELL.has(runner.text))
            return undefined;
        if (!holder?.literal || holder.source !== `'${script.text}'`)
            return undefined;
        const offset = outer.offset + holder.start + 1;
        return { offset, end: offset + script.text.length, singleQuoted: true };
    }
    /**
     * The deny pattern that refuses a command (`readings`: its words, and git's without its global
     * options), or undefined: none may match, or, under `*` (`site`), each that may is left to a guard,
     * spliced in now.
     */
    refusing(patterns, readings, site) {
        const tests = [];
        for (const pattern of patterns) {
            const ways = readings.flatMap((words) => (0,decide_patterns/* denyAlignments */.$b)(pattern, words).map((way) => ({ words, way })));
            if (ways.length === 0)
                continue;
            const checked = site && valueTests(pattern, ways, site.words);
            if (!checked)
                return pattern;
            tests.push({ pattern, ways: checked });
        }
        if (tests.length === 0 || !site)
            return undefined;
        return this.splice(tests, site) ? undefined : tests[0].pattern;
    }
    /** The typed text with the guards in it, or undefined when it needs none. */
    guarded() {
        if (this.splices.size === 0)
            return undefined;
        let text = this.text;
        for (const [at, guard] of [...this.splices].sort((a, b) => b[0] - a[0]))
            text = text.slice(0, at) + guard + text.slice(at);
        return text;
    }
    /** Puts the guard before the command's first word of unknown value; false where it cannot go. */
    splice(tests, site) {
        const { base, scope } = site;
        if (!base || scope.inFunction === true)
            return false;
        const unknown = site.words.filter((w) => !w.literal);
        if (!unknown.every(guardableTarget))
            return false;
        const anchor = unknown.reduce((first, w) => (first === undefined || w.start < first.start ? w : first), undefined);
        if (!anchor)
            return false;
        const at = base.offset + anchor.start;
        const end = at + anchor.source.length;
        if (this.text.slice(at, end) !== anchor.source ||
            (at > base.offset && !WORD_BOUNDARY.test(this.text.slice(at - 1, at))) ||
            (end < base.end && !WORD_BOUNDARY.test(this.text.slice(end, end + 1))))
            return false;
        const variables = unknown.flatMap((w) => wordTemplate(w.source, '').variables);
        const guard = denyGuard(tests, variables, site.offender);
        if (base.singleQuoted && guard.includes("'"))
            return false;
        const before = this.splices.get(at) ?? '';
        if (!before.includes(guard))
            this.splices.set(at, before + guard);
        return true;
    }
}
/**
 * The tests of the values a pattern's ways to match rely on, or undefined when a way needs none
 * (the known words match), or takes a word no guard can read once: one that may split, that is not
 * the command's own (a word xargs or find makes up), or that is not plain.
 */
function valueTests(pattern, ways, commandWords) {
    const out = [];
    for (const { words, way } of ways) {
        if (way.length === 0)
            return undefined;
        const tests = [];
        for (const [index, at] of way) {
            const word = words[index];
            const patternWord = pattern.words[at];
            if (at === decide_patterns/* OPEN_WORD */.S5 || !word || !patternWord)
                return undefined;
            if (!commandWords.includes(word) || !guardableTarget(word))
                return undefined;
            tests.push({ word, pattern: patternWord, name: at === 0 });
        }
        out.push(tests);
    }
    return out;
}

;// CONCATENATED MODULE: ./src/policy/decide/write-check.ts




const ALWAYS_WRITABLE = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
const MAX_DIRECTORIES = 16;
/** `> **`: any path outside `.git/`, which is what a program's own pattern allows it to change. */
const ANY_PATH_BUT_GIT = (0,decide_patterns/* parsePattern */.EY)('> **', 'the operands of an allowed program');
/** At the top level of the checked text: not in a loop, function, subshell or deferred text. */
function runsOnceInOrder(scope) {
    return scope.where.length === 0 && !scope.repeats && !scope.deferred;
}
/**
 * The write half of one call of `check`: collects the files the text writes (redirections, and
 * options that name a file) and where the shell may be when each is written, then checks each
 * against the write patterns once the whole text is read.
 */
class WriteCheck {
    policy;
    cwd;
    text;
    writes = [];
    directoryChanges = [];
    topLevel = [];
    /** The resolver was asked: the decision depends on the file system, not only on the text. */
    consultedFiles = false;
    constructor(policy, cwd, text) {
        this.policy = policy;
        this.cwd = cwd;
        this.text = text;
    }
    /** Where a top-level command sits in the text, for `cd DIR && \u2026 > FILE`. */
    noteTopLevel(span) {
        this.topLevel.push(span);
    }
    /** A command that changes the shell's directory, before the writes after it. */
    changeDirectory(change) {
        this.directoryChanges.push(change);
    }
    get changeCount() {
        return this.directoryChanges.length;
    }
    /** Forgets the changes after the first `count` (git -C moves git, not the shell). */
    forgetChangesAfter(count) {
        this.directoryChanges.length = count;
    }
    realPath(path) {
        this.consultedFiles = true;
        return this.policy.resolver.realPath(path);
    }
    /**
     * A write to check once the whole text is read (checkWrites), or, when its target is built from
     * variables a guard can check (guardableTarget) under an allowlist, checked where it runs: its
     * word is printed behind a guard that matches the expanded path against the same write patterns.
     */
    note(level, write) {
        const target = write.redirect.target;
        // A file cp or rm changes in code that runs later (a trap's `rm -f tmp/x`), or after a `cd` to
        // a directory known only then, is in whatever directory the shell is in when it runs: checked
        // there, by the same guard.
        const later = write.gitOnly === true &&
            target?.literal === true &&
            !target.tilde &&
            !(0,external_node_path_.isAbsolute)(target.text) &&
            (write.scope.deferred || this.directories().unknown !== undefined);
        if (write.anywhere || !target || !(later || guardableTarget(target)) || write.via) {
            this.writes.push(write);
            return;
        }
        let printed;
        try {
            printed = render([{ word: target }], level);
        }
        catch (error) {
            if (!(error instanceof PrintError))
                throw error;
            this.writes.push(write);
            return;
        }
        level.words.set(target, guardedWriteTarget(printed, write.redirect.source, write.gitOnly
            ? {
                realWorkingDirectory: this.policy.realWorkingDirectory,
                allow: [ANY_PATH_BUT_GIT, ...this.policy.allowWrites.filter((p) => p.namesGit)],
                deny: [],
            }
            : {
                realWorkingDirectory: this.policy.realWorkingDirectory,
                allow: this.policy.allowWrites,
                deny: this.policy.denyWrites,
            }, write.gitOnly === true));
    }
    check() {
        const { directories, unknown } = this.directories();
        for (const write of this.writes) {
            // A top-level write before every change of directory, each at top level too, is made where
            // the text starts (`cat > lib.sh <<EOF \u2026 EOF; source ./lib.sh`).
            const first = runsOnceInOrder(write.scope) &&
                this.directoryChanges.every((c) => runsOnceInOrder(c.scope) && c.start > write.start);
            if (first) {
                const failure = this.checkWrite(write, [this.cwd], undefined);
                if (failure)
                    return failure;
                continue;
            }
            const failure = this.checkWrite(write, this.directoriesFor(write) ?? directories, unknown);
            if (failure)
                return failure;
        }
        return undefined;
    }
    /** The directories the shell may be in when a redirection runs, given the cd commands seen. */
    directories() {
        let directories = [this.cwd];
        for (const change of this.directoryChanges) {
            const target = change.target;
            if (!target || !target.literal || target.tilde || target.text === '-') {
                return { directories, unknown: `'${change.source}'` };
            }
            if ((0,external_node_path_.isAbsolute)(target.text)) {
                directories.push((0,external_node_path_.resolve)(target.text));
            }
            else if (change.scope.repeats) {
                return { directories, unknown: `'${change.source}' in a loop` };
            }
            else {
                // The cd may fail, so the old directories stay possible.
                directories = [
                    ...new Set([...directories, ...directories.map((d) => (0,external_node_path_.resolve)(d, target.text))]),
                ];
            }
            if (directories.length > MAX_DIRECTORIES)
                return { directories, unknown: `'${change.source}'` };
        }
        return { directories, unknown: undefined };
    }
    /**
     * `cd DIR && \u2026 > FILE`: the write runs only if the cd succeeded, so FILE is in DIR alone. Read
     * from the text between top-level commands, and only when that cd is the one directory change:
     * anything less plain falls back to every directory the shell may be in.
     */
    directoriesFor(write) {
        if (this.directoryChanges.length !== 1)
            return undefined;
        const change = this.directoryChanges[0];
        const target = change.target;
        if (!target?.literal || target.tilde || target.text === '-' || target.text === '')
            return;
        if (change.scope.where.length > 0 || change.scope.repeats || change.scope.deferred)
            return;
        const spans = [...this.topLevel].sort((a, b) => a.start - b.start);
        const from = spans.findIndex((s) => s.start === change.start);
        const to = spans.findIndex((s) => s.start === write.start);
        if (from < 0 || to <= from)
            return undefined;
        // The cd runs whenever its list runs: first in it, or after `&&` (`a && cd d` is true only
        // when the cd ran and succeeded); after `||` it may be skipped while the rest still runs.
        const before = this.text.slice(from > 0 ? spans[from - 1].end : 0, change.start);
        if (!/(^|;|&&|\n)\s*$/.test(before) || /\|\|\s*$/.test(before))
            return undefined;
        for (let i = from; i < to; i++) {
            const gap = this.text.slice(spans[i].end, spans[i + 1].start);
            // Nothing but blanks between two spans: the second is the first one's redirection (a newline
            // would separate two commands).
            const joined = gap.replace(/\\\n/g, '').replace(/[ \t]/g, '');
            if (!/^(&&\n*)?$/.test(joined))
                return undefined;
        }
        return [(0,external_node_path_.resolve)(this.cwd, target.text)];
    }
    checkWrite(write, directories, unknown) {
        const { redirect, scope } = write;
        const universal = write.anywhere;
        const target = redirect.target;
        const fail = (code, why) => ({
            code,
            offender: redirect.source,
            where: scope.where,
            why,
            suggest: { writes: true },
        });
        // Under `*` writes are allowed everywhere; what cannot be read runs.
        if (!target || !target.literal) {
            if (universal)
                return undefined;
            const glob = write.gitOnly && target ? globReachesGit(target) : undefined;
            if (glob === false)
                return undefined;
            if (glob)
                return fail('write-into-git', `changes the files '${target?.source ?? ''}' matches, which may be .git, and only a pattern naming .git/ allows that`);
            return target
                ? fail('write-target-unknown', `writes to a file whose name is only known at run time ('${target.source}')`)
                : fail('write-target-unknown', 'writes to a file the policy could not identify');
        }
        const text = target.text;
        if (ALWAYS_WRITABLE.has(text))
            return undefined;
        if (target.tilde && write.gitOnly) {
            // A home directory is not the checkout; `~/x` resolves outside it unless ~ is inside it.
            if (!GIT_SEGMENT.test(text))
                return undefined;
            return fail('write-into-git', `changes ${text}, inside .git/, which only a pattern naming .git/ allows`);
        }
        if (target.tilde) {
            if (text !== '~' && !text.startsWith('~/'))
                return universal
                    ? undefined
                    : fail('write-not-allowed', `writes to another user's home directory`);
            const normalized = '~/' + (0,external_node_path_.relative)('/', (0,external_node_path_.resolve)('/', text.slice(1)));
            if (this.policy.denyWrites.some((p) => (0,decide_patterns/* homeWriteAllowed */.Dy)(p, normalized)))
                return fail('write-not-allowed', `writes ${text}, which a denied pattern covers`);
            if (universal || this.policy.allowWrites.some((p) => (0,decide_patterns/* homeWriteAllowed */.Dy)(p, normalized)))
                return undefined;
            return fail('write-not-allowed', `writes ${text}, which no '> PATH' pattern allows`);
        }
        let paths;
        if ((0,external_node_path_.isAbsolute)(text)) {
            paths = [(0,external_node_path_.resolve)(text)];
        }
        else if (unknown) {
            if (universal)
                return undefined;
            return fail('write-target-unknown', `writes '${text}' after ${unknown}, so the policy cannot tell which directory it is in`);
        }
        else {
            paths = directories.map((d) => (0,external_node_path_.resolve)(d, ...(write.via ?? []), text));
        }
        for (const path of paths) {
            if (ALWAYS_WRITABLE.has(path))
                continue;
            const real = this.realPath(path);
            const shown = displayPath(path, this.policy.workingDirectory);
            const denied = this.policy.denyWrites.some((p) => (0,decide_patterns/* writeAllowed */.WY)(p, path, this.policy.workingDirectory) ||
                (0,decide_patterns/* writeAllowed */.WY)(p, real, this.policy.realWorkingDirectory));
            const git = GIT_SEGMENT.test(path) || GIT_SEGMENT.test(real);
            if (write.gitOnly && !git)
                continue;
            if (denied)
                return fail('write-not-allowed', `writes ${shown}, which a denied pattern covers`);
            if (universal)
                continue;
            const allowed = this.policy.allowWrites.some((p) => (0,decide_patterns/* writeAllowed */.WY)(p, path, this.policy.workingDirectory) &&
                (0,decide_patterns/* writeAllowed */.WY)(p, real, this.policy.realWorkingDirectory));
            if (!allowed) {
                return fail(git ? 'write-into-git' : 'write-not-allowed', git
                    ? `${write.gitOnly ? 'changes' : 'writes'} ${shown}, inside .git/, which only a pattern naming .git/ allows`
                    : `writes ${shown}, which no '> PATH' pattern allows`);
            }
        }
        if (scope.deferred && !universal && !(0,external_node_path_.isAbsolute)(text)) {
            // A function body or trap runs in whatever directory the shell is in when it is called: the
            // write was allowed here, where it is defined, which says nothing about there.
            return fail('write-target-unknown', `writes '${text}' in code that runs later (a function body or trap), where the directory is only known then; use an absolute path`);
        }
        return undefined;
    }
}
/** A file an option names, as the redirection it amounts to. */
function optionRedirect(write) {
    return {
        kind: 'write',
        operator: write.option,
        target: write.target,
        source: `${write.option} ${write.target.source}`,
    };
}
/** A `.git` path segment, any case, with either separator. */
const GIT_SEGMENT = /(^|[/\\])\.git([/\\]|$)/i;
/**
 * For a word whose only unknown parts are glob characters (`build/*.o`), whether one of its
 * segments can match `.git` (bash's globs match a leading dot only when it is written); undefined
 * for any other word (quotes, expansions and extended globs are not read here).
 */
function globReachesGit(word) {
    if (/[$`{}\\'"()]/.test(word.source))
        return undefined;
    return word.source.split('/').some((segment) => {
        if (!segment.startsWith('.'))
            return false;
        const regex = segment.replace(/\[[^\]]*\]|[\s\S]/g, (part) => part === '*'
            ? '.*'
            : part === '?' || part.length > 1
                ? '.'
                : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        return new RegExp(`^${regex}$`, 'i').test('.git');
    });
}
function displayPath(path, workingDirectory) {
    const rel = (0,external_node_path_.relative)(workingDirectory, path);
    return rel === ''
        ? '.'
        : rel.startsWith('..') || (0,external_node_path_.isAbsolute)(rel)
            ? path
            : rel.split(external_node_path_.sep).join('/');
}

;// CONCATENATED MODULE: ./src/policy/frame.ts

/**
 * The builtins the session's frame runs around each command: it calls `\builtin return`, `\builtin
 * exit`, `\builtin cd`, `\builtin eval`, `\builtin printf` (which writes the end), and `\builtin
 * unset` and `\builtin read` (which take a long text in bulk). The backslash stops aliases, but a function named
 * `builtin` would shadow it (an alias of one of these names would name the function a definition
 * defines), and `enable -n`/`-d`/`-f` would remove or replace any of them: `builtin NAME` finds only
 * enabled builtins, so `enable -n return` breaks `\builtin return` as surely as `enable -n builtin`.
 * A command may therefore neither define a function by one of these names nor disable or load one.
 * The shell imports this list; the frame must call no other name a command could change.
 */
const FRAME_NAMES = [
    'builtin',
    'cd',
    'eval',
    'exit',
    'printf',
    'read',
    'return',
    'unset',
];
function isFrameName(name) {
    return FRAME_NAMES.includes(name);
}
/**
 * The reserved words the frame's line has where bash looks for a command name: `{` and `}` around
 * the command and the frame's own commands, and `[[` for the directory check. bash expands an alias
 * there before it sees the keyword (once `shopt -s expand_aliases` is on), so an alias by one of these
 * names would rewrite the frame's line itself.
 */
const FRAME_KEYWORDS = ['{', '}', '[['];
/**
 * The highest descriptor a command may name. bash keeps the copies it saves while a command runs at
 * 10 and up (the frame's channel among them), and the frame's own descriptors are higher still.
 */
const MAX_COMMAND_DESCRIPTOR = 9;
function isFrameCode(code) {
    return code === 'frame-name' || code === 'frame-descriptor';
}
/**
 * A descriptor written in decimal digits (as bash reads `N>`, `>&N`, `<&N-`) that belongs to the
 * frame: above 9, leading zeros or not.
 */
function isFrameDescriptor(digits) {
    const value = digits.replace(/^0+(?=.)/, '');
    return value.length > 1 || Number(value) > MAX_COMMAND_DESCRIPTOR;
}
function descriptorWhy(descriptor) {
    return `names descriptor ${descriptor}; descriptors above ${MAX_COMMAND_DESCRIPTOR} belong to the session's frame`;
}
const EXPANDED_DESCRIPTOR_WHY = "duplicates or closes a descriptor given by an expansion, which could be one of the session's frame (descriptors above 9); write the number";
const VARIABLE_DESCRIPTOR_WHY = "has bash allocate a descriptor into a variable ({name}>\u2026), above 9, where the session's frame keeps its own; write a number from 0 to 9";
const XTRACE_FD_WHY = "names BASH_XTRACEFD, which makes bash write its trace to a descriptor, possibly one of the session's frame (above 9)";
/**
 * Whether `before` (the text up to a redirection operator, or its last few hundred characters) ends
 * in `{NAME}` or `{NAME[\u2026]}` as a word of its own: bash then allocates a descriptor and stores its
 * number in NAME (`exec {fd}>file`).
 */
function endsInVariableDescriptor(before) {
    return /(?:^|[\s;&|()<>])\{[A-Za-z_][A-Za-z0-9_]*(?:\[[^\n]*\])?\}$/.test(before);
}
/**
 * Why a command (its words after quote removal) touches what the frame relies on, or undefined: an
 * `enable` that disables or loads a frame name, an `alias` that would make a definition define one,
 * `read`/`mapfile -u` from a descriptor above 9, or naming BASH_XTRACEFD.
 */
function frameCommandIssue(words) {
    const named = words.find((w) => w.literal && /\bBASH_XTRACEFD\b/.test(w.text));
    if (named) {
        return { code: 'frame-descriptor', why: XTRACE_FD_WHY };
    }
    const name = words[0];
    if (!name?.literal)
        return undefined;
    switch (name.text) {
        case 'enable':
            return enableIssue(words);
        case 'read':
            return readIssue(words, 'adinNptu');
        case 'mapfile':
        case 'readarray':
            return readIssue(words, 'dunOsCc');
        case 'alias':
            return aliasIssue(words);
        default:
            return undefined;
    }
}
/** Reads a builtin's words the way bash's internal_getopt does: options first, up to `--`. */
function scanBuiltin(words, withValue) {
    const letters = new Set();
    const values = new Map();
    const operands = [];
    let unknownOption = false;
    let ended = false;
    for (let i = 1; i < words.length; i++) {
        const word = words[i];
        if (ended || !mayBeOption(word) || (word.literal && word.text === '-')) {
            ended = true;
            operands.push(word);
            continue;
        }
        if (!word.literal) {
            unknownOption = true;
            operands.push(word);
            continue;
        }
        if (word.text === '--') {
            ended = true;
            continue;
        }
        for (let k = 1; k < word.text.length; k++) {
            const letter = word.text[k];
            letters.add(letter);
            if (!withValue.includes(letter))
                continue;
            if (k + 1 < word.text.length)
                values.set(letter, word.text.slice(k + 1));
            else
                values.set(letter, words[++i]);
            break;
        }
    }
    return { letters, values, operands, unknownOption };
}
/** `enable -n`, `-d` or `-f` on a frame name, or on a name or option known only at run time. */
function enableIssue(words) {
    const scan = scanBuiltin(words, 'f');
    const disables = scan.unknownOption || scan.letters.has('n') || scan.letters.has('d') || scan.letters.has('f');
    if (!disables)
        return undefined;
    const target = scan.operands.find((w) => !w.literal || isFrameName(w.text));
    if (!target)
        return undefined;
    const which = target.literal ? target.text : `'${target.source}'`;
    return {
        code: 'frame-name',
        why: `disables or replaces ${which}${target.literal ? '' : ' (known only at run time)'}, a name the session's frame relies on, which cannot be redefined or disabled`,
    };
}
/** `read -u FD` or `mapfile -u FD` with FD above 9 or known only at run time. */
function readIssue(words, withValue) {
    const scan = scanBuiltin(words, withValue);
    if (scan.unknownOption) {
        return {
            code: 'frame-descriptor',
            why: `has a word in option position known only at run time, which could be -u with a descriptor of the session's frame (above 9)`,
        };
    }
    if (!scan.letters.has('u'))
        return undefined;
    const value = scan.values.get('u');
    const text = typeof value === 'string' ? value : value?.literal ? value.text : undefined;
    if (text === undefined) {
        return value === undefined
            ? undefined
            : {
                code: 'frame-descriptor',
                why: `reads a descriptor known only at run time (-u), which could be one of the session's frame (above 9)`,
            };
    }
    // bash reads the number with legal_number: blanks around it and a sign are accepted.
    const number = /^\s*\+?(\d+)[ \t]*$/.exec(text)?.[1];
    if (number === undefined || !isFrameDescriptor(number))
        return undefined;
    return {
        code: 'frame-descriptor',
        why: `reads descriptor ${number} (-u); descriptors above ${MAX_COMMAND_DESCRIPTOR} belong to the session's frame`,
    };
}
/**
 * `alias NAME=VALUE` where NAME is one of FRAME_KEYWORDS (the alias would rewrite the frame's line),
 * or VALUE starts with a frame name (a later definition `NAME() {\u2026}` would define that name: bash
 * expands aliases in the name of a function definition).
 */
function aliasIssue(words) {
    for (const word of words.slice(1)) {
        if (!word.literal)
            continue;
        const eq = word.text.indexOf('=');
        if (eq < 0)
            continue;
        const name = word.text.slice(0, eq);
        if (FRAME_KEYWORDS.includes(name)) {
            return {
                code: 'frame-name',
                why: `defines an alias named ${name}, a keyword the session's frame is written with`,
            };
        }
        const first = word.text
            .slice(eq + 1)
            .replace(/['"\\]/g, '')
            .trim()
            .split(/\s+/)[0];
        if (first !== undefined && isFrameName(first)) {
            return {
                code: 'frame-name',
                why: `defines an alias for ${first}, a name the session's frame relies on, which cannot be redefined (a function definition would define it)`,
            };
        }
    }
    return undefined;
}
/**
 * Text the parser could not read (run as it is under `*` with deny patterns) that looks as if it
 * could define or disable a frame name or use a frame descriptor: refused rather than run unread.
 */
function frameMention(text) {
    const names = FRAME_NAMES.join('|');
    if (new RegExp(`(^|[^\\w./-])(${names})\\s*\\(\\s*\\)|\\bfunction\\s+(${names})\\b`).test(text) ||
        (/\benable\b/.test(text) && new RegExp(`\\b(${names})\\b`).test(text)) ||
        new RegExp(`\\balias\\b[^\\n]*=\\s*['"]?\\s*(${names})\\b`).test(text) ||
        /\balias\b[^\n]*(?:^|[\s'"\\])(?:\{|\}|\[\[)['"]?=/.test(text)) {
        return {
            code: 'frame-name',
            why: "could not be parsed as bash, and may redefine or disable a name the session's frame relies on",
        };
    }
    if (/[<>]&\s*['"]?(\d{2,}|\$|\{)|(^|[\s;&|()])\d{2,}(<|>)|\}(<|>)|\bBASH_XTRACEFD\b|\b(read|mapfile|readarray)\b[^\n]*\s-\w*u/.test(text)) {
        return {
            code: 'frame-descriptor',
            why: "could not be parsed as bash, and may use a descriptor of the session's frame (above 9)",
        };
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/policy/read/walk-state.ts
const TOP_LEVEL = {
    where: [],
    stdin: { kind: 'inherited' },
    repeats: false,
    deferred: false,
};
/** The line of `text` around `at`, short enough for a message. */
function excerpt(text, at) {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0)
        lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    return line.length > 80
        ? line.slice(Math.max(0, at - lineStart - 20), at - lineStart + 60)
        : line;
}
/**
 * What one walk of a text collects: the simple commands, the problems, and the prints of
 * redirections and assignments; the walker, word reader, redirects and expansion rules share it.
 */
class Walk {
    text;
    problems;
    read;
    parser;
    commands = [];
    visited = new Set();
    /**
     * The `time` keywords (`time -p`) before compound commands, by where the command starts: the text
     * is read with them blanked out, and the print puts them back.
     */
    timed = new Map();
    /** Standard input given by heredoc and here-string redirections, filled in by redirect(). */
    inputs = new Map();
    /** The print of each redirection, filled in by redirect(). */
    redirectPrints = new Map();
    constructor(text, problems, read, 
    /** Reads text that bash parses on its own at run time (`let`'s arithmetic), and spans. */
    parser) {
        this.text = text;
        this.problems = problems;
        this.read = read;
        this.parser = parser;
    }
    /** The trees parseSpan made, deleted by deleteSpanTrees when the walk is done. */
    #spanTrees = [];
    /**
     * One span of the text parsed alone, for text tree-sitter read in a context where bash reads it
     * otherwise; the nodes keep the whole text's offsets.
     */
    parseSpan(span) {
        const tree = this.parser.parse(this.text, span);
        this.#spanTrees.push(tree);
        return tree.rootNode;
    }
    deleteSpanTrees() {
        for (const tree of this.#spanTrees.splice(0))
            tree.delete();
    }
    problem(node, scope, why, code = 'unsupported-syntax') {
        const start = typeof node === 'number' ? node : node.startIndex;
        const source = typeof node === 'number' || node.text.length > 80 || node.text.includes('\n')
            ? excerpt(this.text, start)
            : node.text;
        this.problems.push({ code, source, where: scope.where, why, start });
    }
    visit(node) {
        this.visited.add(node.id);
    }
    cannotPrint(node, what) {
        return { unprintable: `has ${what} the policy does not print`, at: node.startIndex };
    }
    assignmentPrints = new Map();
    /** The names of the functions the text defines (function definitions walked). */
    functions = [];
    /**
     * Assignments the print puts just before the simple command being walked (command output read
     * in arithmetic), taken by that command.
     */
    hoisted = [];
}
/** The text of a statement and of the heredoc operators among `extra`, short enough for a message. */
function sourceOf(w, node, extra, start = node.startIndex) {
    let end = node.endIndex;
    for (const e of extra) {
        if (e.type === 'heredoc_redirect') {
            const start = e.children.find((c) => c.type === 'heredoc_start');
            end = Math.max(end, start?.endIndex ?? e.startIndex + 2);
        }
        else {
            end = Math.max(end, e.endIndex);
        }
    }
    const text = w.text.slice(start, end);
    return text.length > 200 ? text.slice(0, 200) + '\u2026' : text;
}

;// CONCATENATED MODULE: ./src/policy/syntax/syntax.ts
/** Node types that stand for statements (commands in the broad sense). */
const STATEMENT_TYPES = new Set([
    'command',
    'declaration_command',
    'unset_command',
    'test_command',
    'variable_assignment',
    'variable_assignments',
    'function_definition',
    'redirected_statement',
    'pipeline',
    'list',
    'subshell',
    'compound_statement',
    'if_statement',
    'while_statement',
    'for_statement',
    'c_style_for_statement',
    'case_statement',
    'negated_command',
]);
/** Nodes the extraction must have looked at; any left over means the tree had a shape not handled. */
const MUST_VISIT = new Set([
    'command',
    'declaration_command',
    'unset_command',
    'test_command',
    'function_definition',
    'command_substitution',
    'process_substitution',
    'arithmetic_expansion',
    'expansion',
    'simple_expansion',
    'file_redirect',
    'heredoc_redirect',
    'herestring_redirect',
    'variable_assignment',
]);
/** Words made of these node types (and their concatenations) are shell words. */
const WORD_TYPES = new Set([
    'word',
    'number',
    'string',
    'raw_string',
    'ansi_c_string',
    'translated_string',
    'simple_expansion',
    'expansion',
    'command_substitution',
    'process_substitution',
    'arithmetic_expansion',
    'concatenation',
    'brace_expression',
    'extglob_pattern',
    'regex',
    'variable_name',
    'special_variable_name',
    'test_operator',
]);
/** Reserved words tree-sitter sometimes leaves as command names when a construct confuses it. */
const RESERVED = new Set([
    '{',
    '}',
    '!',
    '[[',
    ']]',
    'then',
    'else',
    'elif',
    'fi',
    'do',
    'done',
    'esac',
    'in',
    'function',
    'coproc',
    'select',
    'case',
    'if',
    'while',
    'until',
    'for',
]);
const SAFE_ARITHMETIC_SPECIALS = new Set(['?', '#', '$', '!']);
/**
 * Variables that hold absolute paths set by the runner, which the agent cannot assign (upper-case
 * assignments are refused): `find "$HOME"` cannot be `find -delete`. PWD is not one of them: its
 * value is a directory the agent may have created and named.
 */
const ABSOLUTE_PATH_VARIABLES = new Set([
    'HOME',
    'TMPDIR',
    'RUNNER_TEMP',
    'GITHUB_WORKSPACE',
]);
/** Tokens that end a statement in a list. */
const TERMINATORS = new Set([';', '&', ';;', ';&', ';;&']);
/** Reserved words and operators the printer copies as they are, wherever the tree has them. */
const KEYWORDS = new Set([
    'if',
    'then',
    'elif',
    'else',
    'fi',
    'while',
    'until',
    'do',
    'done',
    'case',
    'esac',
    '{',
    '}',
    '(',
    ')',
    '!',
    '&&',
    '||',
    '|',
    '|&',
]);
/** Operators that join the statements of a list or pipeline. */
const LIST_OPERATORS = new Set(['&&', '||', '|', '|&']);
/** Operators inside `${\u2026}` the printer copies as they are. */
const EXPANSION_OPERATORS = new Set([
    '#',
    '##',
    '%',
    '%%',
    '/',
    '//',
    '/#',
    '/%',
    '-',
    ':-',
    '=',
    ':=',
    '+',
    ':+',
    '?',
    ':?',
    '^',
    '^^',
    ',',
    ',,',
    ':',
    '@',
    '!',
]);
/** Operators of arithmetic the printer copies as they are (assignments are not among them). */
const ARITHMETIC_OPERATORS = /^(?:\*\*|[-+*/%<>&|^!~]|<<|>>|<=|>=|==|!=|&&|\|\||,|\?|:)$/;
/** Names of variables and the shell's special parameters, as `${\u2026}` prints them. */
const PARAMETER_NAME = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!-])$/;
/** Redirection operators the policy reads. */
const REDIRECT_OPERATORS = new Set([
    '<',
    '>',
    '>>',
    '>|',
    '&>',
    '&>>',
    '<>',
    '>&',
    '<&',
    '>&-',
    '<&-',
]);
function operatorOf(node) {
    for (const child of node.children) {
        if (!child.isNamed)
            return child.type;
    }
    return '';
}
/** Whether a heredoc's delimiter (its `heredoc_start`) is quoted, which leaves the body as typed. */
function quotedDelimiter(start) {
    return /['"\\]/.test(start.text);
}
function fieldOf(parent, child) {
    for (let i = 0; i < parent.childCount; i++) {
        if (parent.child(i)?.id === child.id)
            return parent.fieldNameForChild(i);
    }
    return null;
}
/** Characters a glob may hold when printed as written: none starts a quote, an expansion or a word break. */
const GLOB_TEXT = /^[A-Za-z0-9_.,:@%+=*?!^~/[\]#-]+$/;
/** What a regex after `=~` may hold when printed as written: a glob's characters and a regex's grouping. */
const REGEX_TEXT = /^[A-Za-z0-9_.,:@%+=*?!^~/[\]#|(){}$\\-]+$/;
/** The variable a `$name`, `$1` or `${name}` reads, when it is nothing more than that. */
function simpleVariable(node) {
    const named = node.namedChildren;
    if (named.length !== 1)
        return undefined;
    const inner = named[0];
    if (node.type === 'simple_expansion' && inner.type === 'variable_name')
        return /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9])$/.test(inner.text) ? inner.text : undefined;
    if (node.type === 'simple_expansion' && inner.type === 'special_variable_name')
        return /^[0-9]$/.test(inner.text) ? inner.text : undefined;
    if (node.type === 'expansion' && inner.type === 'variable_name' && node.childCount === 3)
        return /^[A-Za-z_][A-Za-z0-9_]*$/.test(inner.text) ? inner.text : undefined;
    return undefined;
}
/** The name is assigned by the arithmetic around it (`i++`, `--i`, `i += 2`), so its value is read raw. */
function isArithmeticTarget(node) {
    const parent = node.parent;
    if (!parent)
        return false;
    if (parent.type === 'postfix_expression')
        return true;
    if (parent.type === 'unary_expression')
        return parent.children.some((c) => c.type === '++' || c.type === '--');
    if (parent.type === 'binary_expression' && parent.child(0)?.id === node.id) {
        const op = parent.childForFieldName('operator')?.type ?? parent.child(1)?.type ?? '';
        return /^(?:[-+*/%&|^]|<<|>>|\*\*)?=$/.test(op);
    }
    return false;
}

;// CONCATENATED MODULE: ./src/policy/lexical.ts

/** Index of the first character other than tab and newline that bash and tree-sitter may read differently. */
function firstControlCharacter(text) {
    for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if ((code < 0x20 && code !== 0x09 && code !== 0x0a) ||
            code === 0x7f ||
            code === 0x85 ||
            code === 0x2028 ||
            code === 0x2029) {
            return i;
        }
    }
    return -1;
}
function firstError(node) {
    if (node.isError || node.isMissing)
        return node;
    for (const child of node.children) {
        if (child.hasError || child.isError || child.isMissing) {
            const found = firstError(child);
            if (found)
                return found;
        }
    }
    return undefined;
}
function insideQuotedText(node) {
    for (let n = node; n; n = n.parent) {
        // Inside `"$(\u2026)"` the text is unquoted again: the quotes around the substitution do not count.
        if (n.type === 'command_substitution' ||
            n.type === 'process_substitution' ||
            n.type === 'arithmetic_expansion')
            return false;
        if ([
            'string',
            'raw_string',
            'ansi_c_string',
            'heredoc_body',
            'comment',
            'string_content',
            'heredoc_content',
        ].includes(n.type)) {
            return true;
        }
    }
    return false;
}
function isEscapedBackslash(text, at) {
    // `\\<newline>` is an escaped backslash followed by a plain newline.
    let count = 0;
    for (let i = at - 1; i >= 0 && text[i] === '\\'; i--)
        count++;
    return count % 2 === 1;
}
/**
 * Bash joins `a\<newline>b` into one word before anything else; tree-sitter treats the pair as a
 * blank and sees two words. Refuse the joined form instead of guessing which word it makes.
 */
function checkLineContinuations(w, root, scope) {
    const pattern = /\\\n/g;
    for (let m = pattern.exec(w.text); m; m = pattern.exec(w.text)) {
        const at = m.index;
        if (isEscapedBackslash(w.text, at))
            continue;
        const before = w.text[at - 1];
        const after = w.text[at + 2];
        const joins = before !== undefined &&
            after !== undefined &&
            !/[\s;&|()<>]/.test(before) &&
            !/[\s;&|()<>]/.test(after);
        if (!joins)
            continue;
        const node = root.descendantForIndex(at, at + 2);
        if (node && insideQuotedText(node))
            continue;
        w.problem(at, scope, 'joins words with a backslash-newline; write it on one line');
    }
}
/** Every node that matters must have been handled; anything else is a shape not understood. */
function checkCoverage(w, root, scope) {
    const stack = [root];
    while (stack.length > 0) {
        const node = stack.pop();
        if (MUST_VISIT.has(node.type) && !w.visited.has(node.id)) {
            w.problem(node, scope, `could not be analysed (unexpected ${node.type.replace(/_/g, ' ')})`);
            return;
        }
        // Quoted heredoc bodies are plain text whatever tree-sitter made of them.
        if (node.type === 'heredoc_body' && w.visited.has(node.id))
            continue;
        for (const child of node.children)
            stack.push(child);
    }
}
function comment(w, node, scope) {
    // Bash starts a comment only where a word could start; elsewhere `#` is an ordinary character.
    const before = w.text[node.startIndex - 1];
    if (before !== undefined && !/[\s;&|()]/.test(before)) {
        w.problem(node, scope, 'has a `#` that bash and the parser read differently');
    }
}

;// CONCATENATED MODULE: ./src/policy/syntax/base-prefix.ts
/** Node types between an error and the arithmetic it sits in. */
const ARITHMETIC_INSIDE = new Set([
    'binary_expression',
    'unary_expression',
    'postfix_expression',
    'ternary_expression',
    'parenthesized_expression',
]);
/** Whether the node sits in `$(( ))` or `(( ))`, with only operators between. */
function inArithmetic(node) {
    for (let n = node.parent; n; n = n.parent) {
        if (n.type === 'arithmetic_expansion')
            return true;
        if (n.type === 'compound_statement')
            return n.child(0)?.type === '((';
        if (!ARITHMETIC_INSIDE.has(n.type))
            return false;
    }
    return false;
}
/** The error nodes under `node`, outermost only. */
function errors(node, out = []) {
    if (node.isError || node.isMissing)
        out.push(node);
    else
        for (const child of node.children)
            if (child.hasError)
                errors(child, out);
    return out;
}
/**
 * The text with `BASE#$NAME` spelled `BASE#${NAME}` where every error of the tree is such a prefix
 * in arithmetic, or undefined when any error is something else.
 */
function bracedBasePrefixes(root, text) {
    const found = errors(root);
    const positions = [];
    for (const error of found) {
        const name = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(error.endIndex))?.[1];
        if (error.isMissing || !/^[0-9]+#$/.test(error.text) || !name || !inArithmetic(error))
            return undefined;
        positions.push({ at: error.endIndex, name });
    }
    if (positions.length === 0)
        return undefined;
    let out = text;
    for (const { at, name } of positions.sort((a, b) => b.at - a.at))
        out = `${out.slice(0, at)}\${${name}}${out.slice(at + 1 + name.length)}`;
    return out;
}

;// CONCATENATED MODULE: ./src/policy/variables.ts
/*
 * Which variable assignments need a pattern that spells them out. Most variables a command sets
 * (`DEBUG=1 npm test`, `export CI=true`, `COUNT=$(\u2026)`) change nothing about what runs; the ones
 * below change which programs run, what they load or where they look for configuration, so they
 * are allowed only by a pattern naming them (`PATH=* make *`, `export PATH=*`).
 */
/** Names read by bash, the loader or common tools as programs, libraries, code or config. */
const RISKY_NAME = new RegExp('^(' +
    [
        // search paths and the dynamic loader
        '.*PATH',
        'LD_.*',
        'DYLD_.*',
        'GCONV_PATH',
        'LOCPATH',
        'NLSPATH',
        'HOSTALIASES',
        'TERMINFO.*',
        'TERMCAP',
        'TZDIR',
        'GLIBC_TUNABLES',
        'MALLOC_.*',
        // options and flags handed to programs (NODE_OPTIONS, RUBYOPT, CFLAGS, MAKEFLAGS\u2026)
        '.*_OPTIONS',
        '.*OPTS?',
        '.*FLAGS',
        // bash's own start-up and hooks
        'BASH_.*',
        'ENV',
        'SHELL',
        'SHELLOPTS',
        'BASHOPTS',
        'PS[0-4]',
        'PROMPT_COMMAND',
        'FUNCNEST',
        // tools configured by environment
        'GIT_.*',
        'NPM_.*',
        'YARN_.*',
        'PNPM_.*',
        'BUN_.*',
        'PYTHON.*',
        'PERL.*',
        'RUBY.*',
        'GEM_.*',
        'BUNDLE_.*',
        'LUA_.*',
        'R_.*',
        'JULIA_.*',
        'PHP.*',
        'DOTNET_.*',
        'HELM_.*',
        'TF_.*',
        'PIP_.*',
        'UV_.*',
        'RUSTUP_.*',
        'NODE_.*',
        'CARGO.*',
        'RUSTC.*',
        'GO(TOOLCHAIN|ROOT|PROXY|ENV|BIN|EXPERIMENT|CACHE|MODCACHE|WORK)',
        'JAVA.*',
        'MAKE.*',
        'CC',
        'CXX',
        'CPP',
        'LD',
        'AR',
        'AS',
        'SSH_.*',
        'AWS_.*',
        'GOOGLE_.*',
        'KUBE.*',
        'DOCKER_.*',
        'LESS',
        'LESSOPEN',
        'LESSCLOSE',
        'LESSKEY.*',
        'MORE',
        'MANOPT',
        // homes and configuration files: where programs find code to run
        'HOME',
        'XDG_.*',
        '.*HOME',
        // not a setting's value (`CONFIG_MODE`, `APP_CONFIG_LEVEL`): no program reads those as a place
        '(?!.*_(MODE|LEVEL|NAME|ENV)$).*CONFIG.*',
        '.*_CONF',
        'WGETRC',
        'CURLRC',
        'VIMRUNTIME',
        'INPUTRC',
        'NPMRC',
        'ZDOTDIR',
        'VIMINIT',
        'EXINIT',
        'MYVIMRC',
        // pagers, editors and other programs named by variables
        '.*PAGER',
        '.*EDITOR',
        'VISUAL',
        'BROWSER',
        '.*_ASKPASS',
        '.*_(COMMAND|CMD|PROGRAM|EXEC|EXECUTABLE|BIN|BINARY|HOOKS?|SCRIPTS?|PLUGINS?|LOADER|PRELOAD|MODULES?|LIB|LIBS|SHELL)',
    ].join('|') +
    ')$', 'i');
/** Exceptions to the families above that only tune output or behaviour. */
const HARMLESS_NAME = /^(NODE_ENV|NODE_NO_WARNINGS|NODE_DEBUG|NODE_DISABLE_COLORS|PYTHONUNBUFFERED|PYTHONDONTWRITEBYTECODE|PYTHONIOENCODING|PYTHONHASHSEED|PYTHONUTF8|GIT_TERMINAL_PROMPT|NPM_CONFIG_LOGLEVEL|npm_config_loglevel|GOMAXPROCS|GOOS|GOARCH|CARGO_TERM_COLOR|CARGO_INCREMENTAL)$/;
/** Locale, zone and terminal names: their values name data files, so a value must stay a name. */
const NAMED_DATA = /^(LANG|LANGUAGE|LC_[A-Z]+|TZ|TERM)$/;
/**
 * Lower-case variables are the script's own: bash and the programs it runs read upper-case names
 * (the exceptions below are read in lower case by npm, yarn and proxy-aware tools).
 */
function isLocalName(name) {
    return (/^[a-z_][a-z0-9_]*$/.test(name) &&
        !/^(npm_|yarn_|pnpm_|bun_)|(^|_)proxy$|^histchars$|^auto_resume$/.test(name));
}
/**
 * Whether setting `name` (to `value`, when known) can change what programs run or load. A value
 * known only at run time is fine for an ordinary name (`COUNT=$(wc -l <f)`).
 */
function isRiskyVariable(name, value) {
    if (isLocalName(name))
        return false;
    if (NAMED_DATA.test(name))
        return value !== undefined && !namesData(name, value);
    if (HARMLESS_NAME.test(name))
        return false;
    return RISKY_NAME.test(name);
}
/** A locale, terminal or zone value that is a plain name, not a path to data files. */
function namesData(name, value) {
    if (!value.literal)
        return false;
    if (value.text.startsWith('-'))
        return false;
    if (name === 'TZ')
        return !value.text.includes('..') && !/^:?\//.test(value.text);
    return /^[A-Za-z0-9_.,:;@+=%# -]*$/.test(value.text);
}
function riskyVariableWhy(name) {
    return `sets ${name}, which can change what programs run or load; allow it with a pattern that spells the assignment out (e.g. '${name}=* \u2026' or 'export ${name}=*')`;
}

;// CONCATENATED MODULE: ./src/policy/read/expansion-rules.ts
/*
 * The rules for what expands into running code: arithmetic (which evaluates the values of the
 * variables it names), array subscripts, and assignments with their prints.
 */




/** A value bash reads as an integer literal in arithmetic: `0x1F`, `010`, `2#101`, ` -3 `. */
const INTEGER_VALUE = '^[[:space:]]*[-+]?(0[xX][0-9a-fA-F]+|[0-9]+#[0-9a-zA-Z@_]+|[0-9]+)[[:space:]]*$';
/** A value that names another variable, whose value bash evaluates in turn. */
const NAME_VALUE = '^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*$';
/** How many variables a value naming a variable is followed through (bash follows up to 1024). */
const INDIRECTION_DEPTH = 3;
/**
 * What a command stopped by the arithmetic check says after the variable's name: it has no quote,
 * as the check writes it inside single quotes.
 */
const ARITHMETIC_VALUE_STOPPED = 'has a value that is neither an integer nor the name of a variable holding one, which the policy does not evaluate in arithmetic';
/**
 * The value read in arithmetic, as a command substitution that prints it for bash to evaluate only
 * when it is an integer literal, parenthesized as bash evaluates a value on its own; a blank value is
 * 0, and a value naming a variable is replaced by that variable's value, as bash does (a few levels
 * deep). Anything else prints `@`, which is no operand, so the arithmetic stops with an error: bash
 * evaluates any other value as an expression, and `a[$(cmd)]` in it runs cmd. In `$((\u2026))` that error
 * ends the call (see guards.ts: a printed script with a guard runs under `eval`, which the error
 * leaves); in `((\u2026))` it makes the command fail with nothing evaluated. The check runs in the
 * substitution's subshell, so the names it uses are never left set, and a command cannot have set
 * them beforehand (the policy refuses text naming `__policy_`). It uses only what a command cannot
 * redefine, as the session's frame does: `[[`, `{`, `}` and `\builtin printf`.
 *
 * `mode`: `value` prints the value for the expression; `target` (the variable is assigned by the
 * arithmetic: `i++`, `sum += v`) keeps the name in the expression and prints nothing when the value
 * passes; `zero` prints 0 when it passes (a guard in front of a subscript). `associative`: an array
 * whose subscript the value is; when that array is associative its subscript is a string, which
 * passes. `notAssociative`: an array the value is an element of, read with a computed subscript, which
 * stops the call when it is associative.
 */
function checkedValue(value, what, mode = 'value', associative, notAssociative) {
    const v = '$__policy_value';
    const follow = `[[ ${v} =~ $__policy_named && ! \${BASH_REMATCH[1]} == @(__policy_*|BASH_REMATCH) && ! -R \${BASH_REMATCH[1]} ]] && ` +
        `__policy_value=\${!BASH_REMATCH[1]}; `;
    const stop = `{ \\builtin printf '%s\\n' '${what} ${ARITHMETIC_VALUE_STOPPED}' >&2; \\builtin printf @; }`;
    const checks = [
        '$(__policy_value=',
        ...value,
        '; ',
        associative === undefined ? '' : `[[ \${${associative}@a} == *A* ]] && __policy_value=0; `,
        // An element of an associative array read where the subscript was computed as a number.
        notAssociative === undefined
            ? ''
            : `[[ \${${notAssociative}@a} == *A* ]] && __policy_value=@; `,
        `__policy_integer='${INTEGER_VALUE}'; __policy_named='${NAME_VALUE}'; `,
        follow.repeat(INDIRECTION_DEPTH),
    ];
    const passes = `[[ ${v} =~ $__policy_integer || ${v} =~ ^[[:space:]]*$ ]]`;
    // A target's check prints nothing when the value passes: no command runs then, so none a command
    // could shadow (`:`) adds to the expression.
    if (mode === 'target')
        return [...checks, `${passes} || ${stop})`];
    if (mode === 'zero')
        return [...checks, `${passes} && \\builtin printf 0 || ${stop})`];
    return [
        ...checks,
        `[[ ${v} =~ $__policy_integer ]] && \\builtin printf '(%s)' "${v}" || `,
        `{ [[ ${v} =~ ^[[:space:]]*$ ]] && \\builtin printf 0 || ${stop}; })`,
    ];
}
/** `BASE#${NAME}` (tree-sitter reads `BASE#$NAME` so once base-prefix.ts has added the braces). */
function basedVariable(node) {
    const match = /^([0-9]+)#\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(node.text);
    const expansion = node.namedChildren[0];
    if (!match || node.namedChildCount !== 1 || expansion?.type !== 'expansion')
        return undefined;
    if (simpleVariable(expansion) !== match[2])
        return undefined;
    return { base: match[1], name: match[2] };
}
/**
 * A number written `BASE#$NAME`: bash expands NAME and reads `BASE#` and the value as one number
 * when the value holds only digits of some base (`0-9a-zA-Z@_`); any other character ends the
 * number and the rest is evaluated as an expression (`10#$n` with n='1+x' evaluates x). The print
 * is the number when the value holds only such digits (bash still reports a digit too great for
 * the base, evaluating nothing), and `@`, which stops the call, otherwise.
 */
function checkedDigits(base, name) {
    return [
        `$(__policy_value=\${${name}}; [[ $__policy_value =~ ^[0-9a-zA-Z@_]*$ ]] && \\builtin printf '${base}#%s' "$__policy_value" || `,
        `{ \\builtin printf '%s\\n' 'bash: ${name}: has a value that is not digits of base ${base}, which the policy does not evaluate in arithmetic' >&2; \\builtin printf @; })`,
    ];
}
/**
 * The canonical print of a variable read in arithmetic: its value through the check of
 * `checkedValue`.
 */
function guardedArithmeticValue(name) {
    return checkedValue([`\${${name}}`], `bash: ${name}:`);
}
/**
 * A variable an arithmetic expression assigns (`i++`, `sum += v`, `i = 0`): its name, after a check
 * of the value it holds when the operator reads it first. Names that change what programs run or
 * where bash traces (`PATH`, `BASH_XTRACEFD`\u2026) are refused, as their assignments are elsewhere.
 */
function arithmeticTarget(w, node, scope, reads) {
    const name = node.text;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        w.problem(node, scope, 'assigns in arithmetic to something other than a variable name');
        return [w.cannotPrint(node, 'an arithmetic target')];
    }
    if (isRiskyVariable(name, undefined)) {
        w.problem(node, scope, riskyVariableWhy(name), 'risky-variable');
        return [w.cannotPrint(node, 'an arithmetic target')];
    }
    w.visit(node);
    return reads ? [...checkedValue([`\${${name}}`], `bash: ${name}:`, 'target'), name] : [name];
}
/** Operators that assign their left operand; all but `=` read it first. */
const ASSIGNING_OPERATOR = /^(?:[-+*/%&|^]|<<|>>)?=$/;
/** Whether the operator assigning `node` reads its value first (all but a plain `=`). */
function readsTarget(node) {
    const parent = node.parent;
    if (parent?.type !== 'binary_expression')
        return true;
    const op = parent.childForFieldName('operator')?.type ?? parent.child(1)?.type ?? '';
    return op !== '=';
}
/** `NAME=` followed by a value word, as one word. */
function prefixed(head, value, start, source) {
    return {
        ...value,
        text: head + value.text,
        source,
        prefix: head + value.prefix,
        tilde: false,
        start,
    };
}
/**
 * Arithmetic evaluates the values of the variables it names as expressions, and an array
 * subscript in such a value runs command substitutions: x='a[$(touch f)]'; echo $((x)) runs
 * touch. So arithmetic may use literal numbers, the shell's own numeric specials, and variables
 * read through a guard that stops on any value but a number; it may not assign.
 */
function arithmetic(w, node, scope) {
    switch (node.type) {
        case 'number':
            if (node.namedChildCount > 0) {
                const based = basedVariable(node);
                if (based) {
                    w.visit(node);
                    for (const child of node.descendantsOfType(['expansion', 'variable_name']))
                        w.visit(child);
                    return checkedDigits(based.base, based.name);
                }
                w.problem(node, scope, 'uses an expansion in arithmetic, which can run commands hidden in its value');
                return [w.cannotPrint(node, 'an arithmetic expansion')];
            }
            if (!/^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9a-zA-Z@_]+)?)$/.test(node.text))
                return [w.cannotPrint(node, 'a number')];
            return [node.text];
        case 'simple_expansion':
        case 'expansion':
            return arithmeticExpansion(w, node, scope);
        case 'command_substitution': {
            // The output, like a variable's value, is evaluated as an expression: it goes through the
            // same check. Nothing is printed before the command, but the mark keeps it to simple commands.
            const output = w.read.substitution(w, node, scope, 'unquoted');
            w.hoisted.push([]);
            return checkedValue(output, 'bash: command output in arithmetic');
        }
        case 'arithmetic_expansion':
            w.visit(node);
            return ['$(( ', ...arithmeticList(w, node, scope), ' ))'];
        case 'variable_name':
        case 'word':
            if (node.type === 'word' &&
                /^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9a-zA-Z@_]+)?)$/.test(node.text))
                return [node.text];
            if (isArithmeticTarget(node))
                return arithmeticTarget(w, node, scope, readsTarget(node));
            if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(node.text))
                return guardedArithmeticValue(node.text);
            w.problem(node, scope, 'uses a name in arithmetic, which can run commands hidden in its value');
            return [w.cannotPrint(node, 'a name in arithmetic')];
        case 'binary_expression':
        case 'unary_expression':
        case 'postfix_expression':
        case 'ternary_expression':
        case 'parenthesized_expression':
            return operatorExpression(w, node, scope);
        case 'subscript':
            return arrayElementValue(w, node, scope);
        case 'variable_assignment': {
            // `for ((i=0; \u2026))`: tree-sitter reads a plain assignment as one node.
            w.visit(node);
            const name = node.childForFieldName('name');
            const value = node.childForFieldName('value');
            if (name?.type !== 'variable_name' || !value) {
                w.problem(node, scope, 'assigns in arithmetic to something other than a variable name');
                return [w.cannotPrint(node, 'an assignment in arithmetic')];
            }
            return [...arithmeticTarget(w, name, scope, false), ' = ', ...arithmetic(w, value, scope)];
        }
        case 'comment':
            comment(w, node, scope);
            return [];
        default:
            w.problem(node, scope, 'uses a name or string in arithmetic, which can run commands hidden in its value');
            return [w.cannotPrint(node, 'arithmetic')];
    }
}
/**
 * The expressions between the brackets of `$(( ))` or `(( ))`, with the commas tree-sitter keeps
 * between them as tokens of the brackets' node (`(( a=1, b=2 ))`).
 */
function arithmeticList(w, node, scope) {
    const out = [];
    node.children.slice(1, -1).forEach((child, i) => {
        // Apart, so that two expressions tree-sitter reads side by side (`1` and `2` across a line
        // break) stay two, a syntax error as bash reads them, rather than becoming one number.
        if (child.isNamed)
            out.push(...(i > 0 ? [' '] : []), ...arithmetic(w, child, scope));
        else if (child.type === ',')
            out.push(',');
        else {
            w.problem(child, scope, `could not be analysed ('${child.type}' in arithmetic)`);
            out.push(w.cannotPrint(child, `'${child.type}' in arithmetic`));
        }
    });
    return out;
}
/** A subscript tree-sitter leaves as one word: names and numbers joined by `+` and `-` (`i+1`). */
const SUM_INDEX = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+)(?:[-+](?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+))*$/;
/**
 * An array element read in arithmetic (`vals[i]`, `vals[i+1]`): bash evaluates the subscript as
 * arithmetic and then the element's value as an expression, either of which runs a command hidden
 * in a value. The print computes the subscript from checked values (its names through
 * guardedArithmeticValue) and reads the element through the same check as a variable's value; an
 * associative array, whose subscript is a string, stops the call. Assigning to an element is refused.
 */
function arrayElementValue(w, node, scope) {
    w.visit(node);
    const name = node.childForFieldName('name')?.text ?? '';
    const index = node.childForFieldName('index');
    if (!index || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || isArithmeticTarget(node)) {
        w.problem(node, scope, 'assigns in arithmetic to an array element, or reads one it cannot check');
        return [w.cannotPrint(node, 'an array element in arithmetic')];
    }
    let indexPrint;
    if (index.type === 'word' && SUM_INDEX.test(index.text)) {
        w.visit(index);
        indexPrint = index.text
            .split(/([-+])/)
            .flatMap((token) => /^[A-Za-z_]/.test(token) ? guardedArithmeticValue(token) : [` ${token} `]);
    }
    else
        indexPrint = arithmetic(w, index, scope);
    const element = [`\${${name}[$(( `, ...indexPrint, ` ))]}`];
    // In parentheses: a subscript's check that stops ends the substitution with nothing printed,
    // and `()` is a syntax error where nothing would be read as no operand beside `+ 1`.
    return [
        '( ',
        ...checkedValue(element, `bash: ${name}[${index.text}]:`, 'value', undefined, name),
        ' )',
    ];
}
/** `$x`, `${x}` and `${#x}` in arithmetic: a variable's value through the check. */
function arithmeticExpansion(w, node, scope) {
    w.visit(node);
    const special = node.namedChildren.find((c) => c.type === 'special_variable_name');
    if (node.type === 'simple_expansion' && special && SAFE_ARITHMETIC_SPECIALS.has(special.text))
        return [`\${${special.text}}`];
    const isLength = node.type === 'expansion' &&
        node.child(1)?.type === '#' &&
        node.namedChildren.length === 1 &&
        node.namedChildren[0]?.type === 'variable_name';
    if (isLength)
        return [`\${#${node.namedChildren[0]?.text ?? ''}}`];
    const name = simpleVariable(node);
    if (name !== undefined)
        return guardedArithmeticValue(name);
    w.problem(node, scope, 'uses a variable in arithmetic, which can run commands hidden in its value');
    return [w.cannotPrint(node, 'an expansion in arithmetic')];
}
/** An expression with operators: each operand through arithmetic(), the operators as they are. */
function operatorExpression(w, node, scope) {
    const out = [];
    for (const child of node.children) {
        if (child.isNamed)
            out.push(...arithmetic(w, child, scope));
        else if (child.type === '(' ||
            child.type === ')' ||
            ARITHMETIC_OPERATORS.test(child.type) ||
            // What they assign is a variable name, checked where it is read (arithmeticTarget).
            ASSIGNING_OPERATOR.test(child.type) ||
            child.type === '++' ||
            child.type === '--')
            out.push(' ', child.type, ' ');
        else {
            w.problem(child, scope, 'assigns a variable in arithmetic, which the policy does not accept');
            out.push(w.cannotPrint(child, `the arithmetic operator '${child.type}'`));
        }
    }
    return out;
}
/**
 * `assoc`: the assignment follows a `-A` option of a declaration builtin, so an array value sets an
 * associative array, whose subscripts are strings rather than arithmetic.
 */
function assignment(w, node, scope, assoc = false, declared = false) {
    w.visit(node);
    const nameNode = node.childForFieldName('name');
    const valueNode = node.childForFieldName('value');
    let name = nameNode?.text ?? '';
    let target;
    let guard = [];
    if (nameNode?.type === 'subscript') {
        name = nameNode.childForFieldName('name')?.text ?? name;
        const index = nameNode.childForFieldName('index')?.text ?? '';
        // A declaration builtin (`declare a[$i]=x`) expands the subscript of the word it is handed once
        // more, so only a number goes there.
        const read = declared ? undefined : readSubscript(w, nameNode, scope);
        if (declared)
            subscript(w, nameNode, scope);
        if (read) {
            target = read.print;
            guard = read.guard;
        }
        else
            target =
                /^[0-9]+$/.test(index) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
                    ? `${name}[${index}]`
                    : w.cannotPrint(nameNode, 'an array subscript');
    }
    else {
        target = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : w.cannotPrint(node, 'a variable name');
    }
    let valuePrint;
    let value;
    if (!valueNode) {
        value = literalWord('', node.endIndex);
        valuePrint = [];
    }
    else if (valueNode.type === 'array') {
        value = arrayValue(w, valueNode, scope, assoc);
        valuePrint = value.printed ?? [w.cannotPrint(valueNode, 'an array')];
    }
    else if (WORD_TYPES.has(valueNode.type)) {
        value = w.read.word(w, valueNode, scope);
        valuePrint = [{ word: value }];
    }
    else {
        value = unknownValue(w, valueNode, scope);
        valuePrint = [w.cannotPrint(valueNode, 'an assignment value')];
    }
    const operator = node.children.find((c) => !c.isNamed)?.type ?? '=';
    const spelled = prefixed(`${nameNode?.text ?? name}${operator}`, value, node.startIndex, node.text);
    const assignment = { name, word: spelled, value, source: node.text };
    w.assignmentPrints.set(assignment, [
        target,
        operator === '=' || operator === '+=' ? operator : w.cannotPrint(node, operator),
        // Bash expands the value before it evaluates the subscript: the guard goes first in it.
        ...guard,
        ...valuePrint,
    ]);
    return assignment;
}
function printAssignment(w, assignment) {
    return w.assignmentPrints.get(assignment) ?? [];
}
/** `NAME=VALUE` as an argument of a declaration builtin: a word printed as an assignment. */
function assignmentWord(w, node, scope, assoc = false) {
    const read = assignment(w, node, scope, assoc, true);
    return { ...read.word, printed: printAssignment(w, read) };
}
function arrayValue(w, node, scope, assoc = false) {
    const out = ['('];
    for (const element of node.namedChildren) {
        if (element.type === 'comment')
            continue;
        out.push(' ', ...arrayElement(w, element, scope, assoc));
    }
    out.push(' )');
    const builder = new WordBuilder(node.text, node.startIndex);
    builder.unknown(node.text, false, out);
    return builder.build();
}
/**
 * An element of `(\u2026)`. `[N]=value` with a number N sets that index; any other `[\u2026]=` would
 * evaluate its subscript (which can run commands), so it is printed as the literal text it
 * looks like, and bash stores it as a plain element.
 */
function arrayElement(w, element, scope, assoc = false) {
    const parts = element.children;
    if (assoc && element.text.startsWith('['))
        return associativeElement(w, element, scope);
    const [open, index, close, rest] = parts;
    if (element.type === 'concatenation' &&
        open?.text === '[' &&
        index &&
        /^[0-9]+$/.test(index.text) &&
        close?.text === ']' &&
        rest?.type === 'word' &&
        rest.text.startsWith('=')) {
        const builder = new WordBuilder(element.text, rest.startIndex + 1);
        w.read.unquoted(w, rest.text.slice(1), builder, scope, rest, true);
        for (const part of parts.slice(4))
            w.read.wordPart(w, part, builder, scope, 'unquoted', false);
        return [`[${index.text}]=`, { word: builder.build() }];
    }
    return w.read
        .fields(w, element, scope)
        .flatMap((word, i) => (i > 0 ? [' ', { word }] : [{ word }]));
}
/**
 * `[KEY]=value` in an associative array: bash expands KEY as a string (no arithmetic), so it is
 * printed as a word, in brackets. Any other element starting with `[` is refused: printed as text,
 * bash would make it a key of its own.
 */
function associativeElement(w, element, scope) {
    const parts = element.children;
    const close = parts.findIndex((p, i) => i > 0 && p.type === 'word' && p.text === ']');
    const rest = parts[close + 1];
    const keyNodes = parts.slice(1, Math.max(1, close));
    if (element.type !== 'concatenation' ||
        parts[0]?.text !== '[' ||
        close < 2 ||
        rest?.type !== 'word' ||
        !rest.text.startsWith('=')) {
        w.read.fields(w, element, scope);
        return [w.cannotPrint(element, 'an element of an associative array')];
    }
    const first = keyNodes[0];
    const last = keyNodes[keyNodes.length - 1];
    const key = new WordBuilder(w.text.slice(first.startIndex, last.endIndex), first.startIndex);
    keyNodes.forEach((n, i) => w.read.wordPart(w, n, key, scope, 'unquoted', i === 0));
    const value = new WordBuilder(element.text, rest.startIndex + 1);
    w.read.unquoted(w, rest.text.slice(1), value, scope, rest, true);
    for (const part of parts.slice(close + 2))
        w.read.wordPart(w, part, value, scope, 'unquoted', false);
    return ['[', { word: key.build() }, ']=', { word: value.build() }];
}
function unknownValue(w, node, scope) {
    w.problem(node, scope, `could not be analysed (assignment value of type ${node.type})`);
    const builder = new WordBuilder(node.text, node.startIndex);
    builder.unknown(node.text, false, undefined);
    return builder.build();
}
/**
 * Array subscripts are arithmetic, and a subscript inside the value of a variable they name runs
 * commands too: only literal numbers are safe without a guard (see readSubscript).
 */
function subscript(w, node, scope) {
    const index = node.childForFieldName('index');
    if (!index)
        return;
    if (index.type === 'number' && index.namedChildCount === 0)
        return;
    if (index.type === 'word' && /^(?:[0-9]+|@|\*)$/.test(index.text))
        return;
    arithmetic(w, index, scope);
    w.problem(index, scope, 'uses a variable or expression as an array subscript, which is arithmetic that can run commands hidden in a value');
}
/**
 * `NAME[INDEX]` where INDEX is a number (`-1` too), `@`, `*`, one variable (`$k`, `${k}`, `"$k"`) or
 * a bare name (`alice`). A variable's value is checked when the word expands, by a guard in front
 * of the subscript in the same word (bash expands a word left to right, and an assignment's value
 * before its subscript): it passes when NAME is an associative array (the subscript is a string) or
 * when the value passes the arithmetic check; otherwise it stops the call before bash evaluates the
 * subscript. (A failing subscript itself would end more than the call: bash abandons the whole
 * line on a bad subscript, the session's frame with it, where it leaves only the command on an
 * arithmetic expansion's error.) Anything else is refused, with undefined.
 */
function readSubscript(w, node, scope) {
    const name = node.childForFieldName('name')?.text ?? '';
    const index = node.childForFieldName('index');
    if (!index || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        subscript(w, node, scope);
        return undefined;
    }
    if (/^(?:-?[0-9]+|@|\*)$/.test(index.text) &&
        (index.type === 'number' || index.type === 'word' || index.type === 'unary_expression')) {
        if (index.type === 'unary_expression')
            arithmetic(w, index, scope);
        return { print: `${name}[${index.text}]`, guard: [] };
    }
    const quoted = index.type === 'string' && index.namedChildCount === 1 ? index.namedChildren[0] : undefined;
    const expansion = quoted ?? index;
    const variable = expansion.type === 'simple_expansion' || expansion.type === 'expansion'
        ? simpleVariable(expansion)
        : undefined;
    const bare = index.type === 'word' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(index.text);
    if (variable === undefined && !bare) {
        subscript(w, node, scope);
        return undefined;
    }
    w.visit(index);
    w.visit(expansion);
    for (const child of expansion.namedChildren)
        w.visit(child);
    const read = variable ?? index.text;
    const check = checkedValue([`\${${read}}`], `bash: ${read}:`, 'zero', name);
    return {
        print: bare ? `${name}[${index.text}]` : `${name}[\${${read}}]`,
        // `${PPID:0:0}` is empty and names nothing a command sets (PPID is always set).
        guard: ['${PPID:0:$(( (', ...check, ') ))}'],
    };
}

;// CONCATENATED MODULE: ./src/policy/read/word-reader.ts
/*
 * The word reader: quote removal, globs, tildes and expansions, read into a WordBuilder with the
 * canonical print of each part. Named contexts say whether a part stands unquoted, in double quotes
 * or in a heredoc.
 */





/** `"$name"` for a variable known not to start with `-`, with the guard that makes it so. */
function notOptionValue(name) {
    return `"\${${name}/#-/./-}"`;
}
/** Builds a word and checks every expansion and substitution inside it. */
function word(w, node, scope, mode = 'word') {
    return builderFor(w, node, scope, mode).build();
}
/** The words bash makes of an argument: brace expansion done, as bash does it. */
function fields(w, node, scope) {
    return builderFor(w, node, scope, 'word').buildFields();
}
/**
 * The words of arguments tree-sitter gave as several nodes with nothing between them, which bash
 * reads as one word (`'p'\ush` is `push`, not `p` and `ush`).
 */
function touchingFields(w, nodes, scope) {
    const [first, ...rest] = nodes;
    if (!first)
        return [];
    if (rest.length === 0)
        return fields(w, first, scope);
    const last = rest[rest.length - 1];
    const builder = new WordBuilder(w.text.slice(first.startIndex, last.endIndex), first.startIndex);
    nodes.forEach((n, i) => wordPart(w, n, builder, scope, 'unquoted', i === 0));
    return builder.buildFields();
}
/** Nodes in runs that touch: each run is one word to bash. */
function touchingRuns(nodes) {
    const runs = [];
    for (const node of nodes) {
        const run = runs[runs.length - 1];
        const previous = run?.[run.length - 1];
        if (run && previous && previous.endIndex === node.startIndex)
            run.push(node);
        else
            runs.push([node]);
    }
    return runs;
}
function builderFor(w, node, scope, mode) {
    const builder = new WordBuilder(node.text, node.startIndex, mode);
    wordPart(w, node, builder, scope, mode === 'heredoc' ? 'heredoc' : 'unquoted', true);
    return builder;
}
function wordPart(w, node, b, scope, ctx, first) {
    const quoted = ctx !== 'unquoted';
    switch (node.type) {
        case 'word':
            unquoted(w, node.text, b, scope, node, first);
            return;
        case 'command_name':
        case 'concatenation':
            span(w, node, b, scope, ctx, first);
            return;
        case 'number':
            if (node.namedChildCount > 0)
                span(w, node, b, scope, ctx, first);
            else
                unquoted(w, node.text, b, scope, node, first);
            return;
        case 'raw_string':
            b.literalText(node.text.slice(1, -1), false);
            return;
        case 'string':
            word_reader_doubleQuoted(w, node, b, scope);
            return;
        case 'translated_string': {
            const inner = node.namedChildren.find((c) => c.type === 'string');
            if (inner)
                word_reader_doubleQuoted(w, inner, b, scope);
            else
                b.unknown(node.text, false, undefined);
            return;
        }
        case 'ansi_c_string':
            ansiCString(node, b);
            return;
        case 'simple_expansion':
            simpleExpansion(w, node, b, scope, ctx);
            return;
        case 'expansion':
            parameterExpansion(w, node, b, scope, ctx);
            return;
        case 'command_substitution':
            b.unknown(withoutBlanks(node), !quoted, quoteIn(ctx, substitution(w, node, scope, ctx)));
            return;
        case 'process_substitution':
            // Bash passes a /dev/fd/N path: never an option.
            b.unknown(node.text, false, substitution(w, node, scope, ctx), '/dev/fd/');
            return;
        case 'arithmetic_expansion':
            b.unknown(withoutBlanks(node), !quoted, quoteIn(ctx, arithmetic(w, node, scope)));
            return;
        case 'variable_assignment': {
            w.visit(node);
            span(w, node, b, scope, ctx, first);
            return;
        }
        case 'subscript':
            subscript(w, node, scope);
            b.literalText(node.text, false);
            return;
        case 'brace_expression':
            unquoted(w, node.text, b, scope, node, first);
            return;
        case 'array': {
            const value = arrayValue(w, node, scope);
            b.unknown(node.text, false, value.printed);
            return;
        }
        case 'extglob_pattern':
        case 'regex':
            patternText(node, b);
            return;
        case 'variable_name':
        case 'special_variable_name':
        case 'test_operator':
        case 'heredoc_content':
            b.literalText(node.text, false);
            return;
        case 'comment':
            comment(w, node, scope);
            return;
        default:
            if (!node.isNamed) {
                // tree-sitter may leave the `$` of `$"\u2026"` apart from its string. Bash translates the string
                // through the message catalogue, and with none it is the double-quoted string itself.
                if (node.type === '$' && ctx === 'unquoted' && w.text[node.endIndex] === '"')
                    return;
                b.literalText(node.text, false);
                return;
            }
            w.problem(node, scope, `could not be analysed (unsupported word part: ${node.type})`);
            b.unknown(node.text, true, undefined);
    }
}
/** `$'\u2026'`: its decoded value, or as written from a character bash converts through its locale. */
function ansiCString(node, b) {
    const body = node.text.slice(2, -1);
    const decoded = decodeAnsiC(body);
    const local = decoded === undefined ? ansiCBeforeLocale(body) : undefined;
    if (decoded !== undefined) {
        b.literalText(decoded, false, true);
    }
    else if (local !== undefined) {
        // `$'\u00e9'`: bash converts the character through the locale, so from there on the string
        // is printed as written, and its value is not known.
        if (local.known !== '')
            b.literalText(local.known, false, true);
        b.unknown(`$'${local.rest}'`, false, [`$'${local.rest}'`]);
    }
    else
        b.unknown(node.text, false, undefined);
    return;
}
/** `$name`, `$1`, `$@`: a value known at run time, printed as `${name}`. */
function simpleExpansion(w, node, b, scope, ctx) {
    const quoted = ctx !== 'unquoted';
    w.visit(node);
    const special = node.namedChildren.find((c) => c.type === 'special_variable_name')?.text;
    // tree-sitter may start the node with the blanks before its `$` (`"$p $q"`).
    const dollar = node.text.indexOf('$');
    if (dollar > 0) {
        if (ctx === 'unquoted')
            b.cannotPrint('has blanks inside an expansion');
        b.literalText(node.text.slice(0, dollar), false);
    }
    const name = node.text.slice(dollar + 1);
    const notOption = ctx === 'double-quoted' && scope.notOptions?.has(name) === true;
    b.unknown(node.text, !quoted || special === '@', !PARAMETER_NAME.test(name)
        ? undefined
        : notOption
            ? [notOptionValue(name)]
            : quoteIn(ctx, [`\${${name}}`]), ABSOLUTE_PATH_VARIABLES.has(name) ? '/' : '', notOption);
    return;
}
/** `${\u2026}`: its print from expansion(), known not to start with `-` where the scope says so. */
function parameterExpansion(w, node, b, scope, ctx) {
    const quoted = ctx !== 'unquoted';
    const print = expansion(w, node, scope, ctx);
    const name = simpleVariable(node);
    const notOption = ctx === 'double-quoted' && name !== undefined && scope.notOptions?.has(name) === true;
    const text = withoutBlanks(node);
    b.unknown(text, !quoted || text.includes('@'), notOption ? [notOptionValue(name)] : print && quoteIn(ctx, print), ABSOLUTE_PATH_VARIABLES.has(text.slice(2, -1)) ? '/' : '', notOption);
    return;
}
/**
 * Patterns in [[ ]], case and ${\u2026}: matched, never run. Elsewhere (`echo == x`) the text
 * tree-sitter took for a pattern is a literal word, and is printed as one.
 */
function patternText(node, b) {
    const mode = b.quoting;
    const text = node.text;
    if (mode === 'word' || mode === 'heredoc')
        b.literalText(text, false);
    else if (!/[*?[\]()|+@!^${}\\]/.test(text))
        b.literalText(text, true);
    else if (mode === 'regex'
        ? REGEX_TEXT.test(text) && !/\$[A-Za-z0-9_{(@*#?!$-]/.test(text)
        : GLOB_TEXT.test(text))
        b.glob(text);
    else
        b.unknown(text, true, undefined);
    return;
}
/** A node's text without the blanks tree-sitter may start it with inside double quotes. */
function withoutBlanks(node) {
    return node.text.replace(/^[ \t\n]+/, '');
}
/** An expansion's print in double quotes when it stands inside them. */
function quoteIn(ctx, print) {
    return ctx === 'double-quoted' ? ['"', ...print, '"'] : print;
}
/** Children of a node in order, with the text between them read as unquoted word text. */
function span(w, node, b, scope, ctx, first) {
    let at = node.startIndex;
    let isFirst = first;
    // Unquoted text is read in one piece however tree-sitter cut it (`src/[x].ts` comes as five
    // words), so a bracket expression or a tilde prefix is seen whole.
    let raw = '';
    const flush = () => {
        if (raw === '')
            return;
        unquoted(w, raw, b, scope, node, isFirst);
        isFirst = false;
        raw = '';
    };
    for (const child of node.children) {
        if (child.startIndex > at)
            raw += w.text.slice(at, child.startIndex);
        at = child.endIndex;
        if (child.type === 'word') {
            raw += child.text;
            continue;
        }
        flush();
        wordPart(w, child, b, scope, ctx, isFirst);
        isFirst = false;
    }
    if (node.endIndex > at)
        raw += w.text.slice(at, node.endIndex);
    flush();
}
/** Quote removal for unquoted text: backslash escapes, globs, a leading tilde. */
function unquoted(w, raw, b, scope, node, first) {
    for (let i = 0; i < raw.length; i++) {
        const c = raw[i];
        if (c === '\\') {
            const next = raw[i + 1];
            if (next === undefined) {
                b.literalText('\\', true);
            }
            else if (next !== '\n') {
                b.literalText(next, false);
            }
            i++;
        }
        else if (c === '*' || c === '?') {
            b.glob(c);
        }
        else if (c === '[') {
            // A bracket expression is printed whole; a `[` with no `]` after it is an ordinary character.
            const bracket = /^\[!?\]?[A-Za-z0-9_.,:@%+=!^~/#-]*(?:\[:[a-z]+:\][A-Za-z0-9_.,:@%+=!^~/#-]*)*\]/.exec(raw.slice(i));
            if (bracket) {
                b.glob(bracket[0]);
                i += bracket[0].length - 1;
            }
            else if (raw.indexOf(']', i) > i) {
                b.glob('[');
                b.cannotPrint('has a bracket expression the policy does not print');
            }
            else {
                b.literalText(c, true);
            }
        }
        else if (c === '~' && i === 0 && first) {
            const user = /^~[A-Za-z0-9._+-]*/.exec(raw)?.[0] ?? '~';
            if (i + user.length === raw.length || raw[i + user.length] === '/') {
                // The slash is printed bare too: bash ends the tilde prefix at an unquoted slash only.
                const prefix = raw[i + user.length] === '/' ? user + '/' : user;
                b.tilde(prefix);
                i += prefix.length - 1;
            }
            else {
                b.literalText(c, true);
            }
        }
        else if ((c === ' ' || c === '\t') && b.quoting === 'parameter') {
            // Inside `${x:-a b}` a blank is part of the operand, not a word break.
            b.literalText(c, true);
        }
        else if (/[\s;&|<>()`]/.test(c) ||
            (c === '$' && /^[A-Za-z0-9_{(@*#?$!'"-]/.test(raw.slice(i + 1)))) {
            w.problem(node, scope, `has a character (${JSON.stringify(c)}) that bash and the parser read differently`);
            b.unknown(c, true, undefined);
        }
        else {
            b.literalText(c, true);
        }
    }
}
function word_reader_doubleQuoted(w, node, b, scope) {
    const contentStart = node.startIndex + 1;
    const contentEnd = node.endIndex - 1;
    let at = contentStart;
    for (const child of node.children) {
        if (child.endIndex <= contentStart || child.startIndex >= contentEnd)
            continue;
        if (!child.isNamed && child.type === '"')
            continue;
        if (child.startIndex > at)
            doubleQuotedText(w, w.text.slice(at, child.startIndex), b);
        if (child.type === 'string_content')
            doubleQuotedText(w, child.text, b);
        else {
            // tree-sitter may start an expansion's node with the blanks before it (`"$a ${b}"`); they are
            // text of the string. A simple expansion reads them itself.
            const blanks = /^[ \t\n]*/.exec(child.text)?.[0] ?? '';
            if (blanks !== '' && child.type !== 'simple_expansion')
                b.literalText(blanks, false);
            wordPart(w, child, b, scope, 'double-quoted', false);
        }
        at = child.endIndex;
    }
    if (contentEnd > at)
        doubleQuotedText(w, w.text.slice(at, contentEnd), b);
    // `""` is a word even with nothing in it.
    if (contentEnd === contentStart)
        b.literalText('', false);
}
function doubleQuotedText(w, raw, b) {
    for (let i = 0; i < raw.length; i++) {
        const c = raw[i];
        const next = raw[i + 1];
        if (c === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
            if (next !== '\n')
                b.literalText(next, false);
            i++;
        }
        else if (c === '`' ||
            (c === '$' && next !== undefined && /[A-Za-z0-9_{(@*#?$!-]/.test(next))) {
            // An expansion tree-sitter did not mark: its value is unknown, and it cannot be printed.
            b.unknown(raw.slice(i), false, undefined);
            return;
        }
        else {
            b.literalText(c, false);
        }
    }
}
/** `${x@Q}` and the other transformations that only quote or case a value (not `@P`, which runs). */
const TRANSFORMATIONS = /^[QEAaUuLKk]$/;
/**
 * A removal or substitution on a plain parameter whose pattern and replacement hold nothing that
 * runs or reads a variable (no `$` but ANSI-C quotes, no backquote; a tilde gives a home directory)
 * and nothing that could end the
 * expansion elsewhere for bash than for tree-sitter (no `}`, no quote but ANSI-C's): `${p//\//:}`,
 * `${a[@]/#src\//lib/}`, `${t%%$'\n'*}`.
 */
const PLAIN_OPERATION = new RegExp(String.raw `^\$\{(?:[A-Za-z_][A-Za-z0-9_]*(?:\[(?:@|\*|-?[0-9]+)\])?|[0-9@*])` +
    String.raw `(?:\/\/?|\/#|\/%|##?|%%?)` +
    String.raw `(?:[A-Za-z0-9_.,:/@%+=#*?!^~ \[\]-]|\\[^}'"\n]|\$'(?:[^'\\}\n$\`]|\\[abefnrtvE\\'"?]|\\x[0-9a-fA-F]{1,2}|\\[0-7]{1,3})*')*` +
    String.raw `\}$`);
/** Checks a `${\u2026}` and returns its print, or undefined when it has no form the policy prints. */
function expansion(w, node, scope, ctx) {
    w.visit(node);
    if (PLAIN_OPERATION.test(node.text)) {
        // Nothing in it expands, so bash reads the text as written whatever tree-sitter made of it.
        return [node.text];
    }
    const r = {
        subject: undefined,
        indirect: false,
        afterColon: false,
        printable: true,
        guard: [],
        operators: [],
        out: [],
    };
    let at = node.startIndex;
    node.children.forEach((child, i) => {
        if (child.startIndex > at) {
            // Text tree-sitter put in no node: plain characters only.
            const gap = w.text.slice(at, child.startIndex);
            if (/^[A-Za-z0-9_.,:%=/ -]*$/.test(gap))
                r.out.push(gap);
            else
                r.printable = false;
        }
        at = child.endIndex;
        expansionChild(w, child, node.fieldNameForChild(i), scope, ctx, r);
    });
    if (r.indirect) {
        const plain = indirection(w, node, scope, r);
        // `${!name}`: checked when it runs that name's value is a variable name.
        if (plain !== undefined)
            return [guardedIndirection(plain, node.text), node.text];
    }
    for (let i = 0; i < r.operators.length; i++) {
        if (r.operators[i] === '@' && r.operators[i + 1] === 'P') {
            w.problem(node, scope, 'uses ${\u2026@P}, which runs command substitutions in a value');
        }
    }
    noteAssigningOperator(w, node, scope, r);
    // `${#}`, `${@}`\u2026: a special parameter tree-sitter reads as an operator alone.
    if (!r.subject && r.printable && /^\$\{[#@*?$!-]\}$/.test(node.text))
        return [node.text];
    return r.printable && r.subject ? [...r.guard, ...r.out] : undefined;
}
/** One child of a `${\u2026}`: its print added to `r.out`, or `r.printable` cleared. */
function expansionChild(w, child, field, scope, ctx, r) {
    const { operators, out } = r;
    if (child.type === '${' || child.type === '}') {
        out.push(child.type);
    }
    else if (field === 'operator' || (!child.isNamed && !r.subject)) {
        if (!r.subject && child.type === '!')
            r.indirect = true;
        if (r.subject)
            operators.push(child.type);
        r.afterColon = r.subject !== undefined && child.type === ':';
        if (EXPANSION_OPERATORS.has(child.type) ||
            (TRANSFORMATIONS.test(child.type) && operators[operators.length - 2] === '@'))
            out.push(child.type);
        else
            r.printable = false;
    }
    else if (!r.subject &&
        (child.type === 'variable_name' ||
            child.type === 'special_variable_name' ||
            child.type === 'subscript')) {
        r.subject = child;
        expansionSubject(w, child, scope, r);
    }
    else if (r.afterColon) {
        // ${x:offset:length} evaluates offset and length as arithmetic; a negative offset keeps the
        // blank before it, or `:-` would read as a default value.
        if (child.type === 'number' && /^-[0-9]+$/.test(child.text)) {
            w.visit(child);
            out.push(` ${child.text}`);
        }
        else
            out.push(...arithmetic(w, child, scope));
    }
    else if (WORD_TYPES.has(child.type)) {
        const builder = new WordBuilder(child.text, child.startIndex, 'parameter');
        wordPart(w, child, builder, scope, ctx === 'heredoc' ? 'heredoc' : ctx, false);
        const word = builder.build();
        if (word.printed)
            out.push(...word.printed);
        else
            r.printable = false;
    }
    else if (child.isNamed) {
        out.push(...arithmetic(w, child, scope));
    }
    else if (TRANSFORMATIONS.test(child.type) && operators[operators.length - 1] === '@') {
        out.push(child.type);
    }
    else
        r.printable = false;
}
/** The parameter a `${\u2026}` reads: a name, or an element through readSubscript. */
function expansionSubject(w, child, scope, r) {
    if (child.type === 'subscript') {
        const read = readSubscript(w, child, scope);
        if (read) {
            r.out.push(read.print);
            r.guard = read.guard;
        }
        else
            r.printable = false;
    }
    else if (PARAMETER_NAME.test(child.text)) {
        r.out.push(child.text);
    }
    else
        r.printable = false;
}
/**
 * `${!\u2026}`: the name whose value `${!name}` reads, checked when it runs; undefined for the lists of
 * keys and names, which read no value, and for any other form, which is refused.
 */
function indirection(w, node, scope, r) {
    const { subject, operators } = r;
    const listsKeys = subject?.type === 'subscript' && /\[[@*]\]$/.test(subject.text);
    const listsNames = operators.length === 1 && (operators[0] === '*' || operators[0] === '@');
    if (listsKeys || listsNames)
        return undefined;
    const plain = /^\$\{!([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(node.text)?.[1];
    if (plain !== undefined)
        return plain;
    w.problem(node, scope, 'uses indirect expansion ${!\u2026}, which can run commands hidden in a value');
    return undefined;
}
/** `${x=\u2026}` and `${x:=\u2026}` assign x: recorded as a bare assignment, checked as one. */
function noteAssigningOperator(w, node, scope, r) {
    const { subject, operators } = r;
    const name = subject?.type === 'subscript' ? subject.childForFieldName('name')?.text : subject?.text;
    if (!(operators.includes('=') || operators.includes(':=')) || name === undefined)
        return;
    w.commands.push({
        words: [],
        assignments: [
            {
                name,
                word: literalWord(`${name}=`, node.startIndex),
                value: literalWord('', node.startIndex),
                source: node.text,
            },
        ],
        redirects: [],
        scope,
        source: node.text,
        start: node.startIndex,
    });
}
function substitution(w, node, scope, ctx) {
    w.visit(node);
    const open = node.child(0)?.type ?? '';
    const label = node.type === 'process_substitution'
        ? `inside ${open}\u2026)`
        : open === '`'
            ? 'inside `\u2026`'
            : 'inside $(\u2026)';
    if (open === '`') {
        // Inside backquotes bash removes one level of backslashes before parsing, so \` nests a
        // substitution tree-sitter reads as text. Refuse those escapes rather than re-implement them.
        if (/\\[`$\\]/.test(node.text)) {
            w.problem(node, scope, 'has backslash escapes inside `\u2026`; use $(\u2026) instead');
            return [w.cannotPrint(node, 'backquotes with escapes')];
        }
    }
    void ctx;
    const inner = {
        where: [...scope.where, label],
        stdin: { kind: 'inherited' },
        repeats: scope.repeats,
        deferred: scope.deferred,
        inFunction: scope.inFunction,
    };
    const out = [node.type === 'process_substitution' ? open : '$(', { nest: 'enter' }];
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
        const child = children[i];
        const field = node.fieldNameForChild(i);
        if (!child.isNamed) {
            if (TERMINATORS.has(child.type))
                out.push(child.type, ' ');
            else if (!['$(', '`', ')', '<(', '>('].includes(child.type))
                out.push(w.cannotPrint(child, `'${child.type}'`));
            continue;
        }
        if (child.type === 'comment') {
            comment(w, child, scope);
            continue;
        }
        if (field === 'redirect' || child.type === 'file_redirect') {
            // $(<file) reads a file; any other redirection here is checked as usual.
            out.push(...w.read.redirectOnly(w, child, [child], inner));
            continue;
        }
        out.push(...w.read.statement(w, child, inner));
        const next = children[i + 1];
        if (next && !next.isNamed && TERMINATORS.has(next.type))
            out.push(' ');
        else if (next && next.isNamed)
            out.push({ newline: true });
    }
    out.push({ nest: 'leave' }, ')');
    return out;
}

;// CONCATENATED MODULE: ./src/policy/read/redirects.ts
/*
 * Redirections and heredocs: what each writes or reads, the standard input it gives, and its print
 * (heredocs with a delimiter the policy chooses).
 */




/** Redirections of a compound command or function: checked as writes, with no argv. */
function redirectOnly(w, node, redirectNodes, scope) {
    const redirects = [];
    const extra = [];
    for (const r of redirectNodes)
        redirect(w, r, scope, redirects, extra);
    if (extra.length > 0) {
        w.problem(node, scope, 'has words after a redirection of a compound command');
    }
    if (redirects.length > 0) {
        w.commands.push({
            words: [],
            assignments: [],
            redirects,
            scope,
            source: redirects.map((r) => r.source).join(' '),
            start: redirectNodes[0]?.startIndex ?? node.startIndex,
        });
    }
    return printRedirects(w, redirects);
}
function printRedirects(w, redirects) {
    const out = [];
    for (const r of redirects)
        out.push(' ', ...(w.redirectPrints.get(r) ?? []));
    return out;
}
/** The standard input a set of redirections gives the commands they apply to. */
function redirectStdin(w, redirectNodes) {
    let stdin;
    for (const r of redirectNodes) {
        const descriptor = r.childForFieldName('descriptor')?.text;
        if (descriptor !== undefined && descriptor !== '0')
            continue;
        if (r.type === 'heredoc_redirect' || r.type === 'herestring_redirect') {
            stdin = w.inputs.get(r.id) ?? { kind: 'text', text: '', literal: false };
        }
        else if (r.type === 'file_redirect') {
            const op = operatorOf(r);
            if (op === '<')
                stdin = { kind: 'file' };
            else if (op === '<&')
                stdin = { kind: 'pipe' };
        }
    }
    return stdin;
}
/** A backslash pair (passed over), or a plain variable in heredoc text: `$name`, `${name}`, `$1`. */
const UNMARKED_VARIABLE = /\\[\s\S]|\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\}|([0-9]))/g;
function heredocText(w, node, scope) {
    const start = node.children.find((c) => c.type === 'heredoc_start');
    const body = node.children.find((c) => c.type === 'heredoc_body');
    const end = node.children.find((c) => c.type === 'heredoc_end');
    const operator = node.child(0)?.type ?? '<<';
    const unknown = () => ({
        stdin: { kind: 'text', text: '', literal: false },
        quoted: true,
        body: [w.cannotPrint(node, 'a heredoc')],
    });
    if (!start || !end) {
        w.problem(node, scope, 'has a heredoc the policy could not delimit');
        return unknown();
    }
    const quoted = quotedDelimiter(start);
    const delimiter = start.text.replace(/\\(.)/g, '$1').replace(/['"]/g, '');
    const stripTabs = operator === '<<-';
    const afterStart = w.text[start.endIndex];
    // tree-sitter starts the body node after any blank lines and leading blanks, which are part of
    // the body to bash: it starts right after the line end before them.
    let bodyStart = body ? body.startIndex : 0;
    if (body) {
        let blank = bodyStart;
        while (blank > start.endIndex && /[ \t\n]/.test(w.text[blank - 1]))
            blank--;
        const lineEnd = w.text.indexOf('\n', blank);
        if (lineEnd >= 0 && lineEnd < bodyStart)
            bodyStart = lineEnd + 1;
    }
    const bodyText = body ? w.text.slice(bodyStart, body.endIndex) : '';
    const lines = bodyText.split('\n');
    // Bash ends the body at the first line equal to the delimiter; if tree-sitter ended it
    // elsewhere, commands could hide in what it calls the body.
    const early = lines
        .slice(0, -1)
        .some((line) => (stripTabs ? line.replace(/^\t+/, '') : line) === delimiter);
    const endLineStart = w.text.lastIndexOf('\n', end.startIndex - 1) + 1;
    const endPrefix = w.text.slice(endLineStart, end.startIndex);
    const endAfter = w.text[end.endIndex];
    if ((afterStart !== undefined && !/[\s;&|<>()]/.test(afterStart)) ||
        end.text !== delimiter ||
        early ||
        !(endPrefix === '' || (stripTabs && /^\t+$/.test(endPrefix))) ||
        (endAfter !== undefined && endAfter !== '\n')) {
        w.problem(node, scope, 'has a heredoc whose end the policy could not determine');
        return unknown();
    }
    if (!body)
        return { stdin: { kind: 'text', text: '', literal: true }, quoted: true, body: [] };
    w.visit(body);
    const strip = (text) => (stripTabs ? text.replace(/^\t+/gm, '') : text);
    if (quoted) {
        for (const child of body.descendantsOfType([
            'command_substitution',
            'expansion',
            'simple_expansion',
            'arithmetic_expansion',
            'process_substitution',
        ])) {
            if (child)
                w.visit(child);
        }
        const text = strip(bodyText);
        return { stdin: { kind: 'text', text, literal: true }, quoted: true, body: [text] };
    }
    // Unquoted: bash expands $\u2026, `\u2026` and $(\u2026) in the body. Make sure tree-sitter saw each of them.
    const covered = [];
    const builder = new WordBuilder(bodyText, body.startIndex, 'heredoc');
    let literal = true;
    let at = bodyStart;
    const plainText = (from, to) => {
        const raw = w.text.slice(from, to);
        // `<<-` strips tabs at the start of a line, not after an expansion in it.
        const lineStart = from === bodyStart || w.text[from - 1] === '\n';
        const stripped = stripTabs
            ? raw.replace(/(^|\n)\t+/g, (m, nl) => (nl === '' && !lineStart ? m : nl))
            : raw;
        // In an unquoted body a backslash quotes only `\`, `$`, `` ` `` and the line end.
        const value = stripped.replace(/\\([\\$`\n])/g, (_, c) => (c === '\n' ? '' : c));
        builder.literalText(value, false);
    };
    const text = (from, to) => {
        // tree-sitter marks no expansion in some bodies (inside a function's, after `<<-`): the plain
        // variables among them (`$name`, `${name}`, `$1`) are read here; anything else stays unmarked
        // and is refused below.
        let last = from;
        for (const m of w.text.slice(from, to).matchAll(UNMARKED_VARIABLE)) {
            const name = m[1] ?? m[2] ?? m[3];
            if (name === undefined)
                continue;
            const start = from + m.index;
            if (start > last)
                plainText(last, start);
            builder.unknown(m[0], false, [`\${${name}}`]);
            covered.push([start, start + m[0].length]);
            literal = false;
            last = start + m[0].length;
        }
        if (to > last)
            plainText(last, to);
    };
    for (const child of body.namedChildren) {
        if (child.type === 'heredoc_content')
            continue;
        if (child.startIndex > at)
            text(at, child.startIndex);
        covered.push([child.startIndex, child.endIndex]);
        literal = false;
        wordPart(w, arithmeticInBody(w, child) ?? child, builder, scope, 'heredoc', false);
        at = child.endIndex;
    }
    if (body.endIndex > at)
        text(at, body.endIndex);
    if (unreadExpansion(w, scope, bodyStart, body.endIndex, covered))
        return unknown();
    const word = builder.build();
    const printed = word.printed ?? [w.cannotPrint(body, 'a heredoc body')];
    return {
        stdin: { kind: 'text', text: word.text, literal },
        quoted: literal,
        body: literal ? [word.text] : printed,
    };
}
/**
 * tree-sitter reads `$((2 + 3))` in a heredoc body as a command substitution running a subshell,
 * where bash reads arithmetic whenever the text parses as arithmetic. The span parsed alone, as a
 * word, gives the arithmetic node. Quotes and backslashes are left out: bash reads them in a body
 * otherwise than in a word. Text that does not parse as arithmetic stays a command substitution, as
 * it is to bash, and its print `$( (\u2026) )` keeps it one.
 */
function arithmeticInBody(w, node) {
    if (node.type !== 'command_substitution' || !/^\$\(\([^"'\\]*\)\)$/.test(node.text))
        return undefined;
    const root = w.parseSpan(node);
    if (root.hasError)
        return undefined;
    const found = root.descendantForIndex(node.startIndex, node.endIndex);
    return found?.type === 'arithmetic_expansion' &&
        found.startIndex === node.startIndex &&
        found.endIndex === node.endIndex
        ? found
        : undefined;
}
/**
 * Whether an unquoted heredoc body, from `from` to `to`, holds an expansion that is not among the
 * `covered` ranges read, or a backslash-newline that could join one; reported as a problem.
 */
function unreadExpansion(w, scope, from, to, covered) {
    for (let i = from; i < to; i++) {
        const c = w.text[i];
        if (c === '\\') {
            // Bash removes the pair first, so `$\<newline>(` is `$(`; after a blank, outside what
            // tree-sitter read as an expansion, it joins nothing that expands.
            const joinsNothing = /[ \t\n]/.test(w.text[i - 1] ?? '\n') && !covered.some(([s, e]) => i >= s && i < e);
            if (w.text[i + 1] === '\n' && !joinsNothing) {
                w.problem(i, scope, 'has a backslash-newline in a heredoc that the policy does not join');
                return true;
            }
            i++;
            continue;
        }
        if ((c === '$' || c === '`') && !covered.some(([s, e]) => i >= s && i < e)) {
            const next = w.text[i + 1];
            if (c === '$' && (next === undefined || !/[A-Za-z0-9_{(@*#?$!-]/.test(next)))
                continue;
            w.problem(i, scope, 'has an expansion in a heredoc that the policy could not analyse');
            return true;
        }
    }
    return false;
}
function redirect(w, node, scope, out, extraWords) {
    w.visit(node);
    const descriptor = node.childForFieldName('descriptor')?.text;
    checkDescriptor(w, node, scope, descriptor);
    const fd = descriptor !== undefined && /^[0-9]+$/.test(descriptor) ? descriptor : '';
    if (node.type === 'heredoc_redirect') {
        heredocRedirect(w, node, scope, out, extraWords, fd);
        return;
    }
    if (node.type === 'herestring_redirect') {
        herestringRedirect(w, node, scope, out, fd);
        return;
    }
    const op = operatorOf(node);
    const destinations = node.childrenForFieldName('destination');
    const [first, ...rest] = destinations;
    // tree-sitter makes the words after a redirection extra "destinations"; bash gives them to the
    // command as arguments (`git log >/dev/null --output=x` runs with --output=x).
    for (const extra of rest)
        extraWords.push(...fields(w, extra, scope));
    const target = first ? word(w, first, scope) : undefined;
    const shown = first ? w.text.slice(node.startIndex, first.endIndex) : node.text;
    const source = shown.length > 120 ? shown.slice(0, 120) + '\u2026' : shown;
    let kind;
    // `< <(cmd)` needs its blank: `<<(cmd)` would start a heredoc.
    const apart = first !== undefined && /^[<>]\(/.test(first.text) ? ' ' : '';
    let print = [fd, op, apart, ...(target ? [{ word: target }] : [])];
    if (op === '<')
        kind = 'read';
    else if (op === '>&' || op === '<&' || op === '>&-' || op === '<&-') {
        const duplicated = duplication(w, node, scope, op, target);
        kind = duplicated.kind;
        if (duplicated.value !== undefined)
            print = [fd, op, duplicated.value];
    }
    else if (WRITE_OPERATORS.has(op)) {
        kind = 'write';
    }
    else {
        w.problem(node, scope, `could not be analysed (redirection ${op})`);
        kind = 'write';
    }
    if (!REDIRECT_OPERATORS.has(op))
        print = [w.cannotPrint(node, `the redirection ${op}`)];
    const read = { kind, operator: op, target, source };
    out.push(read);
    w.redirectPrints.set(read, print);
}
const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
/** A descriptor that is not a number, one of the frame's, or `{fd}` that bash would allocate. */
function checkDescriptor(w, node, scope, descriptor) {
    if (descriptor !== undefined && !/^[0-9]+$/.test(descriptor)) {
        w.problem(node, scope, 'uses a redirection descriptor the policy does not accept');
    }
    else if (descriptor !== undefined && isFrameDescriptor(descriptor)) {
        w.problem(node, scope, descriptorWhy(descriptor), 'frame-descriptor');
    }
    // tree-sitter reads `{fd}` in `exec {fd}>file` as a word of the command; bash allocates a
    // descriptor (10 or above) into fd.
    if (endsInVariableDescriptor(w.text.slice(Math.max(0, node.startIndex - 400), node.startIndex))) {
        const start = w.text.lastIndexOf('{', node.startIndex);
        w.problem(start, scope, VARIABLE_DESCRIPTOR_WHY, 'frame-descriptor');
    }
}
/** `<<DELIM`: its body as the command's input, and the redirections and words on its line. */
function heredocRedirect(w, node, scope, out, extraWords, fd) {
    const heredoc = heredocText(w, node, scope);
    w.inputs.set(node.id, heredoc.stdin);
    const inner = [];
    for (const part of node.namedChildren) {
        const field = fieldOf(node, part);
        if (field === 'argument')
            extraWords.push(...fields(w, part, scope));
        else if (field === 'redirect')
            redirect(w, part, scope, inner, extraWords);
    }
    const operator = node.child(0)?.type ?? '<<';
    const read = { kind: 'text', operator, target: undefined, source: operator };
    out.push(read, ...inner);
    w.redirectPrints.set(read, [
        fd,
        { heredoc: { input: heredoc.stdin, quoted: heredoc.quoted, body: heredoc.body } },
    ]);
}
/** `<<< WORD`: the word and a line end as the command's input. */
function herestringRedirect(w, node, scope, out, fd) {
    const valueNode = node.namedChildren.find((c) => WORD_TYPES.has(c.type));
    const value = valueNode ? word(w, valueNode, scope) : undefined;
    const stdin = {
        kind: 'text',
        text: value?.literal ? value.text + '\n' : '',
        literal: value?.literal ?? false,
    };
    w.inputs.set(node.id, stdin);
    const read = {
        kind: 'text',
        operator: '<<<',
        target: undefined,
        source: node.text,
    };
    out.push(read);
    w.redirectPrints.set(read, value ? [fd, { herestring: stdin, value }] : [w.cannotPrint(node, 'a here-string')]);
}
/**
 * `>&`, `<&` and their closing forms: a duplication of a descriptor (printed bare, `value`), or a
 * write or read of the file the word names.
 */
function duplication(w, node, scope, op, target) {
    const value = target?.literal ? target.text : undefined;
    const number = value === undefined ? undefined : /^([0-9]+)-?$/.exec(value)?.[1];
    if (number !== undefined && isFrameDescriptor(number)) {
        w.problem(node, scope, descriptorWhy(number), 'frame-descriptor');
    }
    else if (target !== undefined && !target.literal) {
        // `>&$x` writes to the file $x names unless $x is a number, which could be the frame's.
        w.problem(node, scope, EXPANDED_DESCRIPTOR_WHY, 'frame-descriptor');
    }
    // Bash reads a descriptor number only when it is spelled bare.
    if (op.endsWith('-') || value === '-' || number !== undefined)
        return { kind: 'duplicate', value: value ?? '' };
    if (target !== undefined && !target.literal)
        return { kind: op === '<&' ? 'read' : 'write' };
    if (op === '<&') {
        w.problem(node, scope, 'duplicates input from something that is not a descriptor');
        return { kind: 'read' };
    }
    return { kind: 'write' };
}

;// CONCATENATED MODULE: ./src/policy/read/time-keyword.ts
/**
 * Bash's `time` keyword: where it starts a pipeline, and the compound commands it times, which
 * tree-sitter does not know (it reads `time { a; }` as a command `time` with the words `{` and `a`,
 * and then a command `}`).
 */

/**
 * Bash reads a bare `time` that starts a pipeline as its keyword, which times the pipeline itself;
 * after assignments, a redirection or a `|` it is the program of that name. tree-sitter reads both
 * as a command named `time`.
 */
function timeKeyword(node, from, assigns) {
    const first = node.children.slice(from).find((c) => c.type !== 'comment');
    if (assigns || node.type !== 'command' || first?.type !== 'command_name')
        return false;
    if (first.text !== 'time')
        return false;
    let n = node;
    while (n.parent?.type === 'redirected_statement' &&
        n.parent.childForFieldName('body')?.id === n.id)
        n = n.parent;
    const before = n.previousSibling;
    return !(before && !before.isNamed && (before.type === '|' || before.type === '|&'));
}
/** The words that start a compound command, as tree-sitter reads them after `time`. */
const COMPOUND_STARTS = new Set(['{', '[[', 'for', 'select', 'while', 'until', 'if', 'case']);
/**
 * The `time` keywords before a compound command in a tree. The parts of the tree that tree-sitter
 * could not parse are passed over: what it made of them says nothing of where a command starts.
 */
function timedCompounds(root) {
    const found = [];
    const stack = [root];
    while (stack.length > 0) {
        const node = stack.pop();
        if (node.type === 'ERROR')
            continue;
        // A quoted heredoc's body is text, whatever tree-sitter made of it.
        if (node.type === 'heredoc_body') {
            const start = node.parent?.children.find((c) => c.type === 'heredoc_start');
            if (!start || quotedDelimiter(start))
                continue;
        }
        const timed = node.type === 'command' ? timedCompound(node) : undefined;
        if (timed)
            found.push(timed);
        for (const child of node.children)
            stack.push(child);
    }
    return found.sort((a, b) => a.from - b.from);
}
function timedCompound(node) {
    if (!timeKeyword(node, 0, false))
        return undefined;
    const words = node.children.slice(1);
    const keyword = ['time'];
    let i = 0;
    const option = (spelling) => {
        const word = words[i];
        // tree-sitter reads `-p` before `(` as a test operator it cannot place: an error of that text.
        if ((word?.type !== 'word' && word?.type !== 'ERROR') || word.text !== spelling)
            return false;
        keyword.push(spelling);
        i++;
        return true;
    };
    if (option('-p'))
        option('--');
    else
        option('--');
    const start = words[i];
    if (!start)
        return undefined;
    const opens = start.type === 'subshell' ||
        ((start.type === 'word' || start.type === 'concatenation') && COMPOUND_STARTS.has(start.text));
    if (!opens)
        return undefined;
    const last = i > 0 ? words[i - 1] : node.child(0);
    return {
        from: node.startIndex,
        to: last.endIndex,
        compound: start.startIndex,
        keyword: keyword.join(' '),
    };
}
/** `text` with the keywords blanked out, so that tree-sitter reads the compound commands. */
function withoutKeywords(text, timed) {
    let out = '';
    let at = 0;
    for (const t of timed) {
        out += text.slice(at, t.from) + ' '.repeat(t.to - t.from);
        at = t.to;
    }
    return out + text.slice(at);
}

;// CONCATENATED MODULE: ./src/policy/read/let-arguments.ts
/*
 * `let` evaluates each argument as the arithmetic of `(( ))`, which evaluates the values of the
 * variables it names: `x='a[$(touch f)]'; let y=x` runs touch. An argument whose text is known is
 * read here as that arithmetic and printed with its variables checked by the same run-time guard as
 * in `$(( ))` (expansion-rules.ts), so `let "b = a + 1"` runs when a holds a number and stops when
 * it holds anything else. Other arguments are left to let's analyser, which refuses them.
 */


/**
 * The characters of arithmetic a `let` argument may hold: no `$`, backquote, quote or backslash
 * (let expands nothing itself, and tree-sitter would read an expansion as one), and `#` only in a
 * base (`16#ff`), never starting a comment.
 */
const LET_TEXT = /^(?:[A-Za-z0-9_\s+\-*/%()<>=!&|^~?:,[\]]|(?<=[0-9])#(?=[0-9A-Za-z@_]))*$/;
/**
 * A bare word bash may read as a glob but that holds no expansion, quote, brace, tilde or `(`, and
 * starts with neither `[` nor `#`: the guard lists it in an array's parentheses, where a leading
 * `[\u2026]=` would be a subscript bash evaluates and a leading `#` a comment.
 */
const BARE_GLOB = /^(?![[#])[A-Za-z0-9_+\-*/%=!^?:,[\]#@]+$/;
/** `'\u2026'` or `"\u2026"` around text with no quote, `$`, backquote or backslash: its value is the inside. */
const QUOTED = /^(['"])[^'"$`\\]*\1$/;
/** The words of a command, with `let`'s readable arguments read as arithmetic. */
function letArguments(w, words, scope) {
    const name = words[0];
    if (!name?.literal || name.text !== 'let')
        return words;
    return words.map((word, i) => (i === 0 ? word : (letArgument(w, word, scope) ?? word)));
}
function letArgument(w, word, scope) {
    const bare = !word.literal && word.source === word.text && BARE_GLOB.test(word.source);
    const plain = word.literal && !word.tilde && (QUOTED.test(word.source) || word.source === word.text);
    if ((!bare && !plain) || !LET_TEXT.test(word.text) || word.text.trim() === '')
        return undefined;
    const expression = read(w, word, scope);
    if (!expression)
        return undefined;
    // Printed in double quotes: bash reads the checks' substitutions in them, and nothing else
    // arithmetic prints means anything there.
    const printed = ['"', ...expression, '"'];
    if (bare)
        printed.unshift(guardedGlobLiteral(word.source, word.text, `let ${word.source}`));
    return { ...word, literal: true, splits: false, printed, arithmetic: true };
}
/**
 * The argument's text parsed as the inside of `(( ))` at its own position (so messages point at
 * it, in the first pages of a text), or undefined when tree-sitter reads anything else there: an
 * error, or a text that closes the `((` early (`1)) || ((2`).
 */
function read(w, word, scope) {
    // Far into a long text the padding would cost more than the messages it places are worth.
    const offset = word.start > 4096 ? 0 : Math.max(0, word.start - 3);
    const tree = w.parser.parse(`${' '.repeat(offset)}(( ${word.text} ))`);
    try {
        const root = tree.rootNode;
        const statement = root.namedChildren[0];
        if (root.hasError ||
            root.namedChildCount !== 1 ||
            statement?.type !== 'compound_statement' ||
            statement.child(0)?.type !== '((' ||
            statement.child(statement.childCount - 1)?.type !== '))' ||
            statement.endIndex !== root.endIndex)
            return undefined;
        // What arithmetic cannot check comes back as a problem, or as a chunk that cannot be printed:
        // either refuses the command.
        return arithmeticList(w, statement, scope);
    }
    finally {
        tree.delete();
    }
}

;// CONCATENATED MODULE: ./src/policy/read/conditions.ts
/*
 * The commands that test: `[ \u2026 ]` (the test builtin), `[[ \u2026 ]]` (syntax whose operands still
 * expand) and `(( \u2026 ))`, each recorded and printed.
 */





/** `[ \u2026 ]` is the `test` builtin; `[[ \u2026 ]]` is syntax whose operands still expand. */
function testCommand(w, node, redirectNodes, scope) {
    w.visit(node);
    const open = node.child(0)?.type;
    if (open === '[[') {
        const out = ['[[ '];
        for (const c of node.namedChildren)
            out.push(...doubleBracket(w, c, scope));
        out.push(' ]]');
        if (redirectNodes.length > 0)
            out.push(...redirectOnly(w, node, redirectNodes, scope));
        return out;
    }
    if (open !== '[') {
        w.problem(node, scope, 'could not be analysed (test expression)');
        return [w.cannotPrint(node, 'a test expression')];
    }
    // tree-sitter parses `[ \u2026 ]` as an expression; bash sees words. Rebuild the words from the
    // leaves, joining the ones that touch.
    const leaves = [];
    const collect = (n) => {
        if (WORD_TYPES.has(n.type) || n.childCount === 0) {
            leaves.push(n);
            return;
        }
        for (const c of n.children)
            collect(c);
    };
    for (const c of node.children)
        collect(c);
    const words = touchingRuns(leaves).flatMap((run) => touchingFields(w, run, scope));
    const redirects = [];
    const extra = [];
    for (const r of redirectNodes)
        redirect(w, r, scope, redirects, extra);
    const all = [...words, ...extra].sort((a, b) => a.start - b.start);
    w.commands.push({
        words: all,
        assignments: [],
        redirects,
        scope,
        source: sourceOf(w, node, redirectNodes),
        start: node.startIndex,
    });
    const out = [];
    all.forEach((word, i) => out.push(i > 0 ? ' ' : '', { word }));
    out.push(...printRedirects(w, redirects));
    return out;
}
/** One operand or operator of `[[ \u2026 ]]`, printed. */
function doubleBracket(w, n, scope, mode = 'word') {
    if (n.type === 'binary_expression') {
        const op = n.childForFieldName('operator');
        const opText = op?.text ?? '';
        const left = n.childForFieldName('left');
        const right = n.childForFieldName('right');
        if (/^-(eq|ne|lt|le|gt|ge)$/.test(opText)) {
            // [[ a -eq b ]] evaluates both sides as arithmetic: a variable whose value is
            // `a[$(cmd)]` runs cmd.
            const sides = [left, right].map((side) => (side ? arithmeticOperand(w, side, scope) : []));
            return [...sides[0], ' ', opText, ' ', ...sides[1]];
        }
        if (left && right && /^(==?|!=|=~|<|>|&&|\|\||-(nt|ot|ef))$/.test(opText)) {
            // The right of == and != is a pattern, of =~ a regex.
            const rightMode = opText === '=~' ? 'regex' : /^(==?|!=)$/.test(opText) ? 'pattern' : 'word';
            return [
                ...doubleBracket(w, left, scope),
                ' ',
                opText,
                ' ',
                ...doubleBracket(w, right, scope, rightMode),
            ];
        }
        walkDoubleBracket(w, n, scope);
        return [w.cannotPrint(n, `the test operator '${opText}'`)];
    }
    if (n.type === 'unary_expression') {
        const op = n.childForFieldName('operator')?.text ?? n.child(0)?.text;
        const operand = n.namedChildren.find((c) => c.type !== 'test_operator');
        if (op === '-v' || op === '-R') {
            const name = operand ? word(w, operand, scope) : undefined;
            if (!name || !name.literal || name.text.includes('[')) {
                w.problem(n, scope, `uses ${op} on a name the policy cannot check (array subscripts run commands)`);
            }
            return [op, ' ', name ? { word: name } : w.cannotPrint(n, 'a test')];
        }
        if (op !== undefined && operand && /^(!|-[a-zA-Z])$/.test(op)) {
            return [op, ' ', ...doubleBracket(w, operand, scope)];
        }
        walkDoubleBracket(w, n, scope);
        return [w.cannotPrint(n, 'a test')];
    }
    if (n.type === 'parenthesized_expression') {
        const out = ['( '];
        for (const c of n.namedChildren)
            out.push(...doubleBracket(w, c, scope));
        out.push(' )');
        return out;
    }
    if (WORD_TYPES.has(n.type))
        return [{ word: word(w, n, scope, mode) }];
    walkDoubleBracket(w, n, scope);
    return [w.cannotPrint(n, n.type)];
}
/** Checks what a `[[ ]]` shape the printer refuses holds, so its problems are reported too. */
function walkDoubleBracket(w, n, scope) {
    if (WORD_TYPES.has(n.type)) {
        word(w, n, scope);
        return;
    }
    for (const c of n.namedChildren)
        walkDoubleBracket(w, c, scope);
}
/** A side of `[[ a -eq b ]]`: a number, or a variable read through the arithmetic guard. */
function arithmeticOperand(w, side, scope) {
    if (side.type === 'number' && side.namedChildCount === 0 && /^[0-9]+$/.test(side.text))
        return [side.text];
    const name = simpleVariable(side);
    if (name !== undefined) {
        w.visit(side);
        return guardedArithmeticValue(name);
    }
    arithmetic(w, side, scope);
    return [w.cannotPrint(side, 'an arithmetic operand')];
}
function arithmeticCommand(w, node, scope) {
    return ['(( ', ...arithmeticList(w, node, scope), ' ))'];
}

;// CONCATENATED MODULE: ./src/policy/read/walk.ts
/*
 * The statement walker: each node kind a statement can be has its handler, which records the simple
 * commands it holds and returns its print; any other kind refuses.
 */











/**
 * A list of statements with the reserved words around them (a program, a body, a group): each
 * statement ends with the `;` or `&` written after it, or else with a line end.
 */
function statements(w, node, scope) {
    const out = [];
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
        const child = children[i];
        if (!child.isNamed) {
            if (TERMINATORS.has(child.type) || KEYWORDS.has(child.type))
                out.push(child.type, ' ');
            else
                out.push(w.cannotPrint(child, `'${child.type}'`));
            continue;
        }
        if (child.type === 'comment') {
            comment(w, child, scope);
            continue;
        }
        out.push(...statement(w, child, scope));
        if (STATEMENT_TYPES.has(child.type)) {
            let next = children[i + 1];
            for (let j = i + 2; next?.type === 'comment'; j++)
                next = children[j];
            if (!next || next.isNamed || !TERMINATORS.has(next.type))
                out.push({ newline: true });
            else
                out.push(' ');
        }
    }
    return out;
}
/**
 * A simple command's print, with the assignments its words put before it (see `Walk.hoisted`):
 * grouped, so they run just before it wherever it stands in a list or pipeline.
 */
function withHoisted(w, mark, print) {
    if (w.hoisted.length === mark)
        return print;
    const before = w.hoisted.splice(mark).flatMap((h) => (h.length === 0 ? [] : [...h, ' ']));
    if (before.length === 0)
        return print;
    return ['{ ', ...before, ...print, '; }'];
}
/**
 * The node kinds a statement may be, each with its handler. A kind not in this table is refused:
 * the policy neither checks nor prints what it does not read.
 */
const STATEMENT_HANDLERS = new Map([
    [
        'comment',
        (w, node, scope) => {
            comment(w, node, scope);
            return [];
        },
    ],
    ['program', statements],
    ['do_group', statements],
    ['else_clause', statements],
    ['elif_clause', statements],
    ['if_statement', statements],
    ['list', (w, node, scope) => flat(w, node, scope)],
    [
        'compound_statement',
        (w, node, scope) => node.child(0)?.type === '(('
            ? arithmeticCommand(w, node, scope)
            : statements(w, node, scope),
    ],
    [
        'subshell',
        (w, node, scope) => statements(w, node, { ...scope, where: [...scope.where, 'in a subshell'] }),
    ],
    ['while_statement', (w, node, scope) => statements(w, node, { ...scope, repeats: true })],
    ['for_statement', forStatement],
    ['c_style_for_statement', cStyleFor],
    ['case_statement', caseStatement],
    ['pipeline', pipeline],
    [
        'negated_command',
        (w, node, scope) => {
            const out = ['! '];
            for (const child of node.namedChildren)
                out.push(...statement(w, child, scope));
            return out;
        },
    ],
    ['redirected_statement', redirectedStatement],
    ['function_definition', functionDefinition],
    ['command', (w, node, scope) => simpleCommand(w, node, [], scope)],
    ['declaration_command', (w, node, scope) => simpleCommand(w, node, [], scope)],
    ['unset_command', (w, node, scope) => simpleCommand(w, node, [], scope)],
    ['variable_assignment', (w, node, scope) => bareAssignments(w, node, [], scope)],
    ['variable_assignments', (w, node, scope) => bareAssignments(w, node, [], scope)],
    ['test_command', (w, node, scope) => testCommand(w, node, [], scope)],
    [
        'heredoc_body',
        (w, node, scope) => {
            // Reached only through its redirect; a stray body means the heredoc was not understood.
            if (!w.visited.has(node.id))
                w.problem(node, scope, 'could not be analysed (heredoc)');
            return [w.cannotPrint(node, 'a heredoc body')];
        },
    ],
]);
function statement(w, node, scope) {
    // A `time` keyword the text was read without: it goes before the pipeline that starts where the
    // compound command does, which a list starting there is not.
    const keyword = node.type === 'list' ? undefined : w.timed.get(node.startIndex);
    if (keyword !== undefined) {
        w.timed.delete(node.startIndex);
        return [keyword, ' ', ...statement(w, node, scope)];
    }
    const handler = STATEMENT_HANDLERS.get(node.type);
    if (handler) {
        const mark = w.hoisted.length;
        const print = handler(w, node, scope);
        if (w.hoisted.length === mark)
            return print;
        // Only a simple command takes assignments before it; anywhere else there is no place for them.
        w.hoisted.length = mark;
        return [...print, w.cannotPrint(node, 'command output in arithmetic here')];
    }
    if (WORD_TYPES.has(node.type)) {
        word(w, node, scope);
        return [w.cannotPrint(node, 'a word outside a command')];
    }
    w.problem(node, scope, `could not be analysed (unsupported syntax: ${node.type})`);
    return [w.cannotPrint(node, node.type)];
}
/** A list or pipeline: statements joined by their operators, on one line. */
function flat(w, node, scope, piped = false) {
    const out = [];
    let first = true;
    for (const child of node.children) {
        if (!child.isNamed) {
            if (LIST_OPERATORS.has(child.type))
                out.push(' ', child.type, ' ');
            else
                out.push(w.cannotPrint(child, `'${child.type}'`));
            continue;
        }
        if (child.type === 'comment') {
            comment(w, child, scope);
            continue;
        }
        out.push(...statement(w, child, piped && !first ? { ...scope, stdin: { kind: 'pipe' } } : scope));
        if (STATEMENT_TYPES.has(child.type))
            first = false;
    }
    return out;
}
function pipeline(w, node, scope) {
    return flat(w, node, scope, true);
}
function forStatement(w, node, scope) {
    let bodyNode;
    let variable;
    const keyword = node.child(0)?.type === 'select' ? 'select' : 'for';
    const out = [keyword, ' '];
    const valueNodes = [];
    let hasIn = false;
    let body = [];
    for (let i = 0; i < node.childCount; i++) {
        const child = node.child(i);
        if (!child.isNamed) {
            if (child.type === 'in')
                hasIn = true;
            continue;
        }
        const field = node.fieldNameForChild(i);
        if (field === 'variable') {
            // `for NAME in \u2026` and `select NAME in \u2026` assign NAME like a bare assignment.
            w.visit(child);
            if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(child.text))
                out.push(w.cannotPrint(child, 'a loop variable'));
            else {
                out.push(child.text);
                variable = child.text;
            }
            w.commands.push({
                words: [],
                assignments: [
                    {
                        name: child.text,
                        word: literalWord(`${child.text}=`, child.startIndex),
                        value: literalWord('', child.startIndex),
                        source: child.text,
                    },
                ],
                redirects: [],
                scope,
                source: `${keyword} ${child.text} in \u2026`,
                start: node.startIndex,
            });
        }
        else if (field === 'value') {
            valueNodes.push(child);
        }
        else if (child.type === 'comment') {
            comment(w, child, scope);
        }
        else {
            bodyNode = child;
        }
    }
    const values = hasIn || valueNodes.length > 0
        ? touchingRuns(valueNodes).flatMap((run) => touchingFields(w, run, scope))
        : undefined;
    if (bodyNode)
        body = statement(w, bodyNode, loopScope(w, scope, variable, values));
    if (values) {
        out.push(' in');
        for (const value of values)
            out.push(' ', { word: value });
    }
    out.push({ newline: true }, ...body);
    return out;
}
/**
 * The scope of a loop body, knowing the loop variable does not start with `-` when every value is
 * a word with a literal start that does not (`src/*.ts`: a match or the pattern itself). The body
 * may still assign the variable (or call a function that does), so `"$name"` is printed with a
 * guard that turns a leading `-` into `./-`, a path: for the loop's own values it changes nothing.
 */
function loopScope(w, scope, name, values) {
    const inner = { ...scope, repeats: true };
    if (name === undefined || !values || values.length === 0)
        return inner;
    const safe = values.every((v) => !/[$`]/.test(v.source) &&
        (v.literal
            ? v.text !== '' && !v.text.startsWith('-')
            : v.prefix !== '' && !v.prefix.startsWith('-')));
    if (!safe)
        return inner;
    return { ...inner, notOptions: new Set([...(scope.notOptions ?? []), name]) };
}
function cStyleFor(w, node, scope) {
    const body = node.childForFieldName('body');
    const out = [];
    for (const child of node.children) {
        if (!child.isNamed) {
            if (child.type === 'for' || child.type === '((' || child.type === '))' || child.type === ';')
                out.push(child.type, ' ');
            else
                out.push(w.cannotPrint(child, `'${child.type}'`));
            continue;
        }
        if (body && child.id === body.id)
            out.push(...statement(w, child, { ...scope, repeats: true }));
        else if (child.type === 'comment')
            comment(w, child, scope);
        else
            out.push(...arithmetic(w, child, scope), ' ');
    }
    return out;
}
function caseStatement(w, node, scope) {
    const out = [];
    for (const child of node.children) {
        if (!child.isNamed) {
            if (child.type === 'case' || child.type === 'in' || child.type === 'esac')
                out.push(child.type, child.type === 'in' ? '\n' : ' ');
            else
                out.push(w.cannotPrint(child, `'${child.type}'`));
            continue;
        }
        if (child.type === 'comment') {
            comment(w, child, scope);
        }
        else if (child.type === 'case_item') {
            out.push(...caseItem(w, child, scope), { newline: true });
        }
        else if (WORD_TYPES.has(child.type)) {
            out.push({ word: word(w, child, scope) }, ' ');
        }
        else {
            statement(w, child, scope);
            out.push(w.cannotPrint(child, 'a case subject'));
        }
    }
    return out;
}
function caseItem(w, node, scope) {
    const values = new Set(node.childrenForFieldName('value').map((v) => v.id));
    const out = [];
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
        const part = children[i];
        if (!part.isNamed) {
            if (part.type === '|' || part.type === '(' || part.type === ')')
                out.push(part.type, ' ');
            else if (TERMINATORS.has(part.type))
                out.push(part.type);
            else
                out.push(w.cannotPrint(part, `'${part.type}'`));
            continue;
        }
        if (values.has(part.id)) {
            out.push({ word: word(w, part, scope, 'pattern') }, ' ');
        }
        else if (part.type === 'comment') {
            comment(w, part, scope);
        }
        else {
            out.push(...statement(w, part, scope));
            const next = children[i + 1];
            if (!next || next.isNamed || !TERMINATORS.has(next.type))
                out.push({ newline: true });
            else
                out.push(' ');
        }
    }
    return out;
}
function functionDefinition(w, node, scope) {
    w.visit(node);
    const name = node.childForFieldName('name');
    const body = node.childForFieldName('body');
    const label = name ? `in the body of function ${name.text}` : 'in a function body';
    const out = [];
    if (!name || !/^[A-Za-z_][A-Za-z0-9_.:-]*$/.test(name.text)) {
        w.problem(node, scope, 'defines a function whose name the policy does not accept');
        out.push(w.cannotPrint(node, 'a function name'));
    }
    else {
        if (isFrameName(name.text)) {
            w.problem(node, scope, `defines a function named ${name.text}, a name the session's frame relies on, which cannot be redefined`, 'frame-name');
        }
        out.push(name.text, ' () ');
        w.functions.push(name.text);
    }
    // A function body runs when called, possibly in a later call; a subshell body cannot change
    // the caller's directory.
    const inner = {
        where: [...scope.where, label],
        stdin: { kind: 'inherited' },
        repeats: true,
        deferred: body?.type !== 'subshell',
        inFunction: true,
    };
    const redirects = [];
    for (const child of node.namedChildren) {
        if (child.id === name?.id)
            continue;
        if (child.type === 'file_redirect' || child.type === 'herestring_redirect')
            redirects.push(child);
        else
            out.push(...statement(w, child, inner));
    }
    if (redirects.length > 0)
        out.push(' ', ...redirectOnly(w, node, redirects, inner));
    return out;
}
function redirectedStatement(w, node, scope) {
    const body = node.childForFieldName('body');
    const redirects = node.namedChildren.filter((c) => c.id !== body?.id);
    // tree-sitter hangs the rest of the line after a heredoc (`cat <<EOF | sh`, `<<EOF && x`) inside
    // the heredoc redirect; those commands are walked after the body, as the pipeline or list they are.
    const continuations = [];
    for (const redirect of redirects) {
        if (redirect.type !== 'heredoc_redirect')
            continue;
        const parts = redirect.children;
        for (let i = 0; i < parts.length; i++) {
            const part = parts[i];
            if (part.type === 'pipeline')
                continuations.push({ node: part, operator: undefined });
            else if (redirect.childrenForFieldName('right').some((r) => r.id === part.id)) {
                const operator = parts[i - 1];
                continuations.push({
                    node: part,
                    operator: operator && !operator.isNamed ? operator.type : undefined,
                });
            }
        }
    }
    const out = [];
    if (!body) {
        out.push(...redirectOnly(w, node, redirects, scope));
    }
    else if (body.type === 'command' ||
        body.type === 'declaration_command' ||
        body.type === 'unset_command') {
        out.push(...simpleCommand(w, body, redirects, scope));
    }
    else if (body.type === 'variable_assignment' || body.type === 'variable_assignments') {
        out.push(...bareAssignments(w, body, redirects, scope));
    }
    else if (body.type === 'test_command') {
        out.push(...testCommand(w, body, redirects, scope));
    }
    else {
        const printedRedirects = redirectOnly(w, node, redirects, scope);
        const stdin = redirectStdin(w, redirects);
        out.push(...statement(w, body, stdin ? { ...scope, stdin } : scope), ' ', ...printedRedirects);
    }
    for (const continuation of continuations) {
        if (continuation.operator === undefined) {
            // The pipeline node starts with `|`: every command in it reads from the pipe.
            out.push(...flat(w, continuation.node, { ...scope, stdin: { kind: 'pipe' } }));
        }
        else if (continuation.operator === '&&' || continuation.operator === '||') {
            out.push(' ', continuation.operator, ' ', ...statement(w, continuation.node, scope));
        }
        else {
            statement(w, continuation.node, scope);
            out.push(w.cannotPrint(continuation.node, 'what follows a heredoc'));
        }
    }
    return out;
}
function bareAssignments(w, node, redirectNodes, scope) {
    const list = node.type === 'variable_assignments' ? node.namedChildren : [node];
    return assignmentStatement(w, node, list, redirectNodes, scope);
}
/** Assignments with no command after them, and the redirections that go with them. */
function assignmentStatement(w, node, list, redirectNodes, scope, source = sourceOf(w, node, redirectNodes)) {
    const mark = w.hoisted.length;
    const assignments = [];
    const out = [];
    for (const a of list) {
        if (a.type === 'variable_assignment') {
            const read = assignment(w, a, scope);
            assignments.push(read);
            out.push(...printAssignment(w, read), ' ');
        }
        else {
            out.push(...statement(w, a, scope));
        }
    }
    const redirects = [];
    const extra = [];
    for (const r of redirectNodes)
        redirect(w, r, scope, redirects, extra);
    if (extra.length > 0) {
        // `X=1 >f cmd`: tree-sitter calls cmd a redirect target; it is the command.
        w.problem(node, scope, 'has an assignment followed by words the parser misread');
    }
    w.commands.push({
        words: [],
        assignments,
        redirects,
        scope,
        source,
        start: list[0]?.startIndex ?? node.startIndex,
    });
    out.push(...printRedirects(w, redirects));
    return withHoisted(w, mark, out);
}
/**
 * The index of the first child of a command that bash reads on a later line than the one before
 * it, or -1. tree-sitter may run assignments on one line into the command on the next (`a=1 b=2`
 * then `echo $a`), which bash reads as two commands.
 */
function lineBreakAt(w, node, from) {
    const children = node.children;
    for (let i = from + 1; i < children.length; i++) {
        const gap = w.text.slice(children[i - 1].endIndex, children[i].startIndex);
        if (gap.replace(/\\\n/g, '').includes('\n'))
            return i;
    }
    return -1;
}
function simpleCommand(w, node, outerRedirects, scope, from = 0) {
    w.visit(node);
    const lineBreak = lineBreakAt(w, node, from);
    if (lineBreak >= 0) {
        const before = node.children.slice(from, lineBreak);
        const redirectTypes = ['file_redirect', 'herestring_redirect'];
        const assignmentsOnly = before.every((c) => c.type === 'variable_assignment' || c.type === 'comment' || redirectTypes.includes(c.type));
        if (node.type !== 'command' || !assignmentsOnly) {
            w.problem(node, scope, 'could not be parsed reliably (a command read across lines)');
            return [w.cannotPrint(node, 'a command across lines')];
        }
        const list = before.filter((c) => c.type === 'variable_assignment');
        for (const c of before)
            if (c.type === 'comment')
                comment(w, c, scope);
        const last = before[before.length - 1];
        const head = assignmentStatement(w, node, list, before.filter((c) => redirectTypes.includes(c.type)), scope, w.text.slice(before[0]?.startIndex ?? node.startIndex, last.endIndex));
        return [
            ...head,
            { newline: true },
            ...simpleCommand(w, node, outerRedirects, scope, lineBreak),
        ];
    }
    const mark = w.hoisted.length;
    const assignments = [];
    const wordNodes = [];
    const redirectNodes = [...outerRedirects];
    const out = [];
    const count = node.childCount;
    let keyword;
    for (let i = from; i < count; i++) {
        const child = node.child(i);
        if (!child)
            continue;
        const field = node.fieldNameForChild(i);
        if (child.type === 'comment') {
            comment(w, child, scope);
        }
        else if (child.type === 'variable_assignment' &&
            field !== 'argument' &&
            node.type === 'command') {
            assignments.push(assignment(w, child, scope));
        }
        else if (field === 'redirect' ||
            child.type === 'file_redirect' ||
            child.type === 'herestring_redirect') {
            redirectNodes.push(child);
        }
        else if (child.type === 'command_name') {
            w.visit(child);
            wordNodes.push(child);
        }
        else if (child.type === 'subshell') {
            w.problem(child, scope, 'could not be analysed (subshell inside a command)');
        }
        else if (!child.isNamed && i === 0 && node.type !== 'command') {
            // declare/export/local/readonly/typeset/unset keyword: printed bare, so bash still reads
            // the assignments after it as assignments.
            keyword = {
                ...literalWord(child.type, child.startIndex),
                printed: /^(declare|typeset|export|readonly|local|unset|unsetenv)$/.test(child.type)
                    ? [child.type]
                    : undefined,
                unprintable: 'an unknown declaration keyword',
            };
        }
        else if (child.isNamed || field === 'argument') {
            wordNodes.push(child);
        }
    }
    const redirects = [];
    const extraWords = [];
    for (const r of redirectNodes)
        redirect(w, r, scope, redirects, extraWords);
    const stdin = redirectStdin(w, redirectNodes);
    let assoc = false;
    const words = touchingRuns(wordNodes).flatMap((run) => {
        if (run.length === 1 && run[0]?.type === 'variable_assignment')
            return [assignmentWord(w, run[0], scope, assoc)];
        const read = touchingFields(w, run, scope);
        if (!keyword)
            return read;
        // Bash decides at parse time whether `NAME=(\u2026)` after a declaration builtin makes an
        // associative array, from the words before it spelled `-\u2026A\u2026` (`a` and `g` count too): the
        // option has to reach bash bare.
        const raw = w.text.slice(run[0]?.startIndex ?? 0, run[run.length - 1]?.endIndex ?? 0);
        if (/^[-+][A-Za-z]+$/.test(raw)) {
            if (/^-[A-Za-z]*A/.test(raw))
                assoc = true;
            return read.map((word) => ({ ...word, printed: [raw] }));
        }
        if (/^-.*[Aag]/.test(raw))
            return read.map((word) => ({
                ...word,
                printed: [
                    w.cannotPrint(run[0], 'an option spelled with quotes or expansions'),
                ],
            }));
        return read;
    });
    if (keyword)
        words.unshift(keyword);
    const all = letArguments(w, [...words, ...extraWords].sort((a, b) => a.start - b.start), scope);
    if (timeKeyword(node, from, assignments.length > 0))
        keywordTime(w, node, all);
    const name = all[0];
    if (name && name.literal && RESERVED.has(name.text)) {
        w.problem(node, scope, `could not be parsed reliably ('${name.text}' where a command should be)`);
    }
    w.commands.push({
        words: all,
        assignments,
        redirects,
        scope: stdin ? { ...scope, stdin } : scope,
        source: sourceOf(w, node, redirectNodes, node.child(from)?.startIndex),
        start: node.child(from)?.startIndex ?? node.startIndex,
    });
    for (const assignment of assignments)
        out.push(...printAssignment(w, assignment), ' ');
    all.forEach((word, i) => out.push(i > 0 ? ' ' : '', { word }));
    out.push(...printRedirects(w, redirects));
    return withHoisted(w, mark, out);
}
/**
 * Prints `time` as the keyword, with the `-p` and `--` bash reads as its own options bare too, as
 * bash needs them to read them so. The keyword runs what follows as the command even when it starts
 * with `-`, where the program would take it as its option: that is refused.
 */
function keywordTime(w, node, all) {
    let i = 0;
    const bare = (spelling) => {
        const word = all[i];
        if (!word || word.source !== spelling || word.text !== spelling)
            return false;
        all[i] = { ...word, printed: [spelling] };
        i++;
        return true;
    };
    bare('time');
    if (bare('-p'))
        bare('--');
    else
        bare('--');
    const next = all[i];
    if (next && mayBeOption(next)) {
        all[i] = { ...next, printed: [w.cannotPrint(node, 'the time keyword before an option')] };
    }
}

;// CONCATENATED MODULE: ./src/policy/read/parse.ts








/** The reading functions a walk hands down (see Reader). */
const READER = { statement: statement, word: word, fields: fields, wordPart: wordPart, unquoted: unquoted, substitution: substitution, redirectOnly: redirectOnly };
/**
 * The longest text the policy reads: what one response can carry (a file written through a
 * heredoc). A megabyte of heredoc checks in a fraction of a second (bench/policy.bench.ts).
 */
const MAX_SCRIPT_LENGTH = 1_048_576;
/** How deep `time` keywords before compound commands may nest: each level is one more parse. */
const MAX_TIME_NESTING = 4;
/**
 * The tree of `text`, read with the `time` keywords before compound commands blanked out, which
 * tree-sitter misreads (time-keyword.ts); undefined when they nest too deep. A keyword inside a
 * compound command another one times shows only once the outer one is blanked out.
 */
function parseTimed(parser, text) {
    let tree = parser.parse(text);
    let read = text;
    // `10#$n`, which tree-sitter cannot read, is read as `10#${n}`, which bash reads the same way.
    const braced = tree.rootNode.hasError ? bracedBasePrefixes(tree.rootNode, text) : undefined;
    if (braced !== undefined) {
        const reread = parser.parse(braced);
        if (reread.rootNode.hasError)
            reread.delete();
        else {
            tree.delete();
            tree = reread;
            read = braced;
        }
    }
    const timed = new Map();
    for (let depth = 0;; depth++) {
        const found = timedCompounds(tree.rootNode);
        if (found.length === 0)
            return { tree, text: read, timed };
        tree.delete();
        if (depth === MAX_TIME_NESTING)
            return undefined;
        for (const t of found)
            timed.set(t.compound, t.keyword);
        read = withoutKeywords(read, found);
        tree = parser.parse(read);
    }
}
/**
 * Extracts every simple command of a bash text. Parsing is done by tree-sitter-bash; everything the
 * extraction does not positively understand becomes a Problem, so a parser quirk turns into a
 * denial rather than an unchecked command.
 */
function parseScript(parser, text, scope = TOP_LEVEL) {
    const problems = [];
    if (text.length > MAX_SCRIPT_LENGTH) {
        problems.push({
            code: 'too-long',
            source: text.slice(0, 60) + '\u2026',
            where: scope.where,
            why: 'is too long to check',
            start: 0,
        });
        return { commands: [], problems, print: [], functions: [] };
    }
    const control = firstControlCharacter(text);
    if (control >= 0) {
        // tree-sitter treats \r, \v and \f as blanks where bash does not, so `ls \<CR><LF>touch x` would
        // hide a command from a checker that trusted the tree.
        const code = text.charCodeAt(control).toString(16).toUpperCase().padStart(4, '0');
        problems.push({
            code: 'control-character',
            source: excerpt(text, control),
            where: scope.where,
            why: `contains the control character U+${code}, which the policy does not accept`,
            start: control,
        });
        return { commands: [], problems, print: [], functions: [] };
    }
    const read = parseTimed(parser, text);
    if (!read) {
        problems.push({
            code: 'unsupported-syntax',
            source: excerpt(text, 0),
            where: scope.where,
            why: `nests the time keyword before compound commands more than ${MAX_TIME_NESTING} deep`,
            start: 0,
        });
        return { commands: [], problems, print: [], functions: [] };
    }
    const { tree, text: readText } = read;
    const walk = new Walk(readText, problems, READER, parser);
    try {
        for (const [start, keyword] of read.timed)
            walk.timed.set(start, keyword);
        const root = tree.rootNode;
        if (root.hasError) {
            const bad = firstError(root);
            problems.push({
                code: 'unparsable',
                // The typed text where offsets still match it (a blanked `time` keeps them; braces do not).
                source: excerpt(readText.length === text.length ? text : readText, bad?.startIndex ?? 0),
                where: scope.where,
                why: 'could not be parsed as bash (check quoting and operators)',
                start: bad?.startIndex ?? 0,
            });
            return { commands: [], problems, print: [], functions: [] };
        }
        checkLineContinuations(walk, root, scope);
        const print = statements(walk, root, scope);
        checkCoverage(walk, root, scope);
        const [unplaced] = walk.timed.keys();
        if (unplaced !== undefined)
            walk.problem(unplaced, scope, 'has a time keyword the policy could not place');
        return { commands: walk.commands, problems, print, functions: walk.functions };
    }
    finally {
        tree.delete();
        walk.deleteSpanTrees();
    }
}

;// CONCATENATED MODULE: ./src/policy/decide/command-check.ts













/**
 * Problems that only say the parser could not read the text; under `*` such text runs. Problems
 * that say the text reads differently to bash and to the policy still refuse, since they are how a
 * denied command would hide.
 */
const UNREAD_UNDER_UNIVERSAL = new Set(['unparsable', 'too-long']);
/** bash's alias and hash tables, which any assignment builtin can fill. */
const DEFINES_NAMES = /\bBASH_(ALIASES|CMDS)\b/;
/** The scope of a function body named cd, pushd or popd (as the walker labels bodies). */
const SHADOWS_DIRECTORY_BUILTIN = /\bfunction (cd|pushd|popd)$/;
const MAX_DEPTH = 8;
/** Builtins that run a file in the current shell, which may define functions no check saw. */
const source = new Set(['source', '.']);
/**
 * The command half of one call of `check`: walks the text and checks each command against the
 * patterns, hands each write to the write check, and prints the script bash is to run.
 */
class CommandCheck {
    policy;
    /** The replacements of the script being walked. */
    level = { words: new Map(), inputs: new Map() };
    /** The script bash is to run, once `run` has allowed the command (under an allowlist). */
    printed;
    /** The writes the text makes, checked once the whole text is read. */
    writes;
    /** A call of a function defined in an earlier call: the decision depends on those calls. */
    callsCheckedFunction = false;
    /** The functions the text defines at its top level (not in `bash -c` text, not under eval). */
    defines = [];
    /** The text sources a file, which may define any function without a check. */
    sources = false;
    /**
     * How many shell texts being checked run in a shell whose pattern runs any file (`bash *`):
     * inside them, as under `*`, only the deny patterns apply.
     */
    denyOnly = 0;
    /** Under `*`: the deny patterns' run-time guards, spliced into the typed text. */
    denyGuards;
    /** Where the text being walked stands in the typed text, when a guard can go into it. */
    base;
    constructor(policy, cwd, text) {
        this.policy = policy;
        this.writes = new WriteCheck(policy, cwd, text);
        this.denyGuards = new DenyGuards(text);
    }
    /** The resolver was asked: the decision depends on the file system, not only on the text. */
    get consultedFiles() {
        return this.writes.consultedFiles;
    }
    /** Only deny patterns apply: under `*`, or in text run by a shell that may run anything. */
    get lenient() {
        return this.policy.universal || this.denyOnly > 0;
    }
    run(command) {
        const checked = this.script(command, TOP_LEVEL, 0, this.denyGuards.top, (parsed) => {
            this.defines = parsed.functions;
        });
        const failure = checked.failure ?? this.writes.check();
        if (!failure && checked.printed !== undefined)
            this.printed = containGuards(checked.printed);
        return failure;
    }
    /** The call defines functions or sources a file: it changes what later calls may call. */
    get changesFunctions() {
        return this.sources || this.defines.length > 0;
    }
    /** Once the call is allowed: what it defined may be called later, unless it sources a file. */
    rememberFunctions() {
        const functions = this.policy.checkedFunctions;
        if (this.sources)
            functions.clear();
        else
            for (const name of this.defines)
                functions.add(name);
    }
    script(text, scope, depth, base, onParsed) {
        if (depth > MAX_DEPTH) {
            // Under `*` what the policy cannot see runs; only what it sees is held to the deny patterns.
            if (this.lenient)
                return {};
            return {
                failure: {
                    code: 'nested-too-deeply',
                    offender: text,
                    where: scope.where,
                    why: 'nests shell text too deeply to check',
                    suggest: {},
                },
            };
        }
        const parsed = parseScript(this.policy.parser, text, scope);
        onParsed?.(parsed);
        let first;
        // The first refusal in the text, except that one no pattern can fix (the session's frame)
        // comes before any other: a pattern the model asks for would not help.
        const consider = (start, failure) => {
            if (!failure)
                return;
            const rank = isFrameCode(failure.code) ? 0 : 1;
            const firstRank = first && isFrameCode(first.failure.code) ? 0 : 1;
            if (!first || rank < firstRank || (rank === firstRank && start < first.start))
                first = { start, failure };
        };
        for (const problem of parsed.problems) {
            // Under `*` text the parser cannot read runs: bash reports its own syntax errors.
            // Not in text a shell allowed to run anything runs: under an allowlist bash is to run only
            // what the policy read.
            if (this.policy.universal && UNREAD_UNDER_UNIVERSAL.has(problem.code)) {
                const frame = frameMention(text);
                consider(problem.start, frame
                    ? { code: frame.code, offender: text, where: scope.where, why: frame.why, suggest: {} }
                    : deniedMention(text, scope, this.policy.denyCommands));
                continue;
            }
            consider(problem.start, {
                code: problem.code,
                offender: problem.source,
                where: problem.where,
                why: problem.why,
                suggest: {},
            });
        }
        const outer = this.level;
        const outerBase = this.base;
        const level = { words: new Map(), inputs: new Map() };
        this.level = level;
        // Where the parser could not read the text, where its words stand is not known either.
        this.base = parsed.problems.length === 0 ? base : undefined;
        try {
            for (const command of parsed.commands)
                consider(command.start, this.command(command, depth));
        }
        finally {
            this.level = outer;
            this.base = outerBase;
        }
        if (first)
            return { failure: first.failure };
        // Where only deny patterns apply (under `*`, or in text a shell that may run anything runs),
        // the text runs as written: the word that holds it is printed with exactly that value.
        if (this.lenient)
            return {};
        try {
            return { printed: render(parsed.print, level) };
        }
        catch (error) {
            if (!(error instanceof PrintError))
                throw error;
            return {
                failure: {
                    code: 'unprintable',
                    offender: excerpt(text, error.at),
                    where: scope.where,
                    why: error.reason,
                    suggest: {},
                },
            };
        }
    }
    /**
     * Puts the printed form of checked shell text in place of what held it: the word (`bash -c
     * TEXT`, `trap TEXT`, `eval TEXT`) or the heredoc or here-string fed to a shell. Shell text held
     * any other way (a word made up from another) cannot be replaced, so the command is refused
     * rather than let bash read text the policy did not print.
     */
    replaceScript(script, printed, words, scope) {
        const word = script.index === undefined ? undefined : words[script.index];
        if (word?.literal && word.text === script.text && word.printed !== undefined) {
            this.level.words.set(word, quoteLiteral(script.betweenCalls ? withOwnInput(printed) : printed));
            return undefined;
        }
        if (script.index === undefined &&
            scope.stdin.kind === 'text' &&
            scope.stdin.text === script.text) {
            this.level.inputs.set(scope.stdin, printed);
            return undefined;
        }
        // eval and watch join their words with spaces: the first of them takes the whole print.
        for (let k = 1; script.index === undefined && k < words.length; k++) {
            const joined = words.slice(k);
            if (joined.every((w) => w.literal && w.printed !== undefined) &&
                joined.map((w) => w.text).join(' ') === script.text) {
                joined.forEach((w, i) => this.level.words.set(w, i === 0 ? quoteLiteral(printed) : ''));
                return undefined;
            }
        }
        return {
            code: 'unprintable',
            offender: script.text,
            where: [...scope.where, script.where],
            why: 'is shell text the policy cannot hand bash in its own print (write it as one word)',
            suggest: {},
        };
    }
    command(command, depth) {
        const shadow = command.scope.where.find((w) => SHADOWS_DIRECTORY_BUILTIN.test(w));
        if (shadow) {
            // Where a write lands after `cd DIR &&` rests on cd being the builtin.
            return {
                code: 'unsupported-syntax',
                offender: command.source,
                where: command.scope.where,
                why: 'is in a function named like a builtin that changes directory, which would hide where writes go',
                suggest: {},
            };
        }
        const topLevel = depth === 0 && command.scope.where.length === 0;
        if (topLevel)
            this.writes.noteTopLevel({
                start: command.start,
                end: command.start + command.source.length,
            });
        const named = this.lenient
            ? undefined
            : guardNameFailure([
                ...command.words.map((w) => w.text),
                ...command.assignments.map((a) => a.word.text),
            ].join(' '), command.scope.where);
        if (named)
            return named;
        for (const redirect of command.redirects) {
            if (redirect.kind === 'write')
                this.writes.note(this.level, {
                    redirect,
                    scope: command.scope,
                    start: command.start,
                    anywhere: this.lenient,
                });
        }
        if (/\bBASH_XTRACEFD\b/.test(command.source) ||
            command.assignments.some((a) => a.name === 'BASH_XTRACEFD')) {
            // bash writes its trace to the descriptor it names, after the command too, when the frame's
            // own descriptors are back in place.
            return {
                code: 'frame-descriptor',
                offender: command.source,
                where: command.scope.where,
                why: XTRACE_FD_WHY,
                suggest: {},
            };
        }
        if (this.lenient && DEFINES_NAMES.test(command.source)) {
            // BASH_ALIASES and BASH_CMDS are the alias and hash tables: a later call would run what an
            // entry names without the deny patterns seeing it.
            return {
                code: 'risky-variable',
                offender: command.source,
                where: command.scope.where,
                why: 'changes the table of aliases or hashed commands, which could make a later name run a denied command',
                suggest: {},
            };
        }
        if (command.words.length === 0) {
            if (this.lenient)
                return undefined;
            for (const assignment of command.assignments) {
                const failure = this.bareAssignment(assignment, command);
                if (failure)
                    return failure;
            }
            return undefined;
        }
        const failure = this.invocation(command.words, command, depth, command.source, undefined, command.assignments);
        if (failure)
            return failure;
        // `x='a.ts out'; uniq $x` is uniq with two operands, the second its output file.
        const apart = splitApart(command.words);
        return (apart &&
            this.invocation(apart, command, depth, command.source, undefined, command.assignments));
    }
    bareAssignment(assignment, command) {
        const name = assignment.name;
        // IFS is not risky: the policy reads every unquoted expansion as splitting into any words, and
        // bash splits nothing else (literal text, the frame's and the guards' words) by it.
        if (!isRiskyVariable(name, assignment.value))
            return undefined;
        const spelled = this.policy.allowCommands.some((p) => p.words.length === 0 && p.assignments.some((a) => assignmentMatches(a, assignment)));
        if (spelled)
            return undefined;
        return {
            code: 'risky-variable',
            offender: command.source,
            where: command.scope.where,
            why: riskyVariableWhy(name),
            suggest: {},
        };
    }
    /**
     * Checks one program invocation: the command itself, or a command run by another (env, find
     * -exec\u2026). `spelledBy` is the outer match when the outer pattern spelled out every word of this
     * inner command, which then needs no pattern of its own.
     */
    invocation(words, command, depth, offender, spelledBy, assignments) {
        const scope = command.scope;
        const universal = this.lenient;
        const name = words[0];
        const fail = (code, why, program) => ({
            code,
            offender,
            where: scope.where,
            why,
            suggest: { program },
        });
        // Under `*` a deny pattern that may match is left to a run-time guard where one can check it.
        const site = guardSite(this.policy, this.base, command, offender);
        if (!name.literal || name.ansiC || name.text === '') {
            // Under `*` such a name is refused only when it could be a denied command.
            if (universal && !this.denyGuards.refusing(this.policy.denyCommands, [words], site))
                return undefined;
            return fail('dynamic-command', `starts with a command name that is not a plain word ('${name.source}' is only known at run time)`);
        }
        // What the session's frame relies on is refused whatever the patterns say.
        const frame = frameCommandIssue(words);
        if (frame)
            return fail(frame.code, frame.why);
        // And what the run-time checks rely on, where they stand between the text and bash.
        const trace = universal && !site ? undefined : traceIssue(words);
        if (trace)
            return fail('frame-name', trace);
        const program = programName(name.text);
        const readings = denyReadings(program, words);
        const denied = this.denyGuards.refusing(this.policy.denyCommands, readings, site);
        if (denied)
            return fail('denied-pattern', `matches the denied pattern '${denied.source}'`, program);
        if (universal) {
            return this.follow(analyseProgram(words, { stdin: scope.stdin }), words, command, depth, offender);
        }
        let via;
        if (program === 'git') {
            const git = this.gitReading(words, command, depth);
            if ('failure' in git)
                return git.failure;
            ({ words, via } = git);
        }
        if (controlsFlow(name.text) && words.every((w) => w.literal))
            return undefined;
        const transparent = isTransparent(name.text) && words.length > 0;
        const matches = [];
        if (spelledBy)
            matches.push(spelledMatch(words));
        for (const pattern of this.policy.allowCommands) {
            const match = (0,decide_patterns/* matchAllow */.xh)(pattern, words);
            if (match)
                matches.push(match);
        }
        if (matches.length === 0 && transparent)
            matches.push(spelledMatch([]));
        if (source.has(name.text))
            this.sources = true;
        if (matches.length === 0 && assignments.length === 0 && this.callsFunction(name.text)) {
            this.level.words.set(name, guardedFunctionCall(render([{ word: name }], this.level), name.text, offender));
            return undefined;
        }
        if (matches.length === 0) {
            return fail('no-matching-pattern', name.text.includes('/')
                ? 'matches no allowed pattern (a path to a program must be allowed by a pattern naming that path)'
                : 'matches no allowed pattern', program);
        }
        const analysis = analyseProgram(words, { stdin: scope.stdin });
        let chosen;
        let firstIssue;
        for (const match of matches) {
            const issue = this.issueWith(match, analysis, assignments, words, program);
            if (!issue) {
                chosen = match;
                break;
            }
            firstIssue ??= issue;
        }
        if (!chosen) {
            const issue = firstIssue;
            return fail(issue.code, issue.why, program);
        }
        for (const check of analysis.runtimeChecks ?? []) {
            const word = words[check.index];
            if (word)
                this.level.words.set(word, guardedArgument(render([{ word }], this.level), check, command.source));
        }
        for (const write of analysis.writes) {
            // A pattern that spells the option out (`sort -o *`) allows the write it names.
            if ((0,decide_patterns/* spells */.OB)(chosen.coverage[write.index], write.spell))
                continue;
            this.writes.note(this.level, {
                redirect: optionRedirect(write),
                scope,
                start: command.start,
                via,
                anywhere: false,
                gitOnly: write.gitOnly === true,
            });
        }
        // A shell allowed to run any file may as well run any text: only deny patterns apply in it.
        const runsAnything = roleOf(program) === 'shell' && runsAnyFile(chosen.pattern, program);
        return this.follow(analysis, words, command, depth, offender, chosen, runsAnything);
    }
    /**
     * `git -C DIR \u2026` is `cd DIR && git \u2026`, and git's harmless global options say nothing a pattern
     * needs to see: both are checked in that reading. Returns the words left and the directories git
     * moves through, or why a directory is refused.
     */
    gitReading(words, command, depth) {
        const scope = command.scope;
        const git = canonicalGit(words);
        for (const directory of git.directories) {
            const changes = this.writes.changeCount;
            const failure = this.invocation([literalWord('cd', directory.start), directory], {
                ...command,
                scope: { ...scope, where: [...scope.where, 'as the directory of git -C'] },
            }, depth, `git -C ${directory.source}`, undefined, []);
            // git moves itself, not the shell.
            this.writes.forgetChangesAfter(changes);
            if (failure)
                return { failure };
        }
        const via = git.directories.length > 0 ? git.directories.map((d) => d.text) : undefined;
        return { words: git.words, via };
    }
    /** Checks what an allowed command runs in turn, and notes where it moves the shell. */
    follow(analysis, words, command, depth, offender, chosen, scriptsRunAnything = false) {
        const scope = command.scope;
        for (const inner of analysis.inner) {
            const spelled = chosen !== undefined && inner.from.every((i) => i >= 0 && literallyCovered(chosen, i));
            const innerScope = {
                ...scope,
                where: [...scope.where, inner.where],
                stdin: inner.stdin ?? scope.stdin,
            };
            const failure = this.invocation(inner.words, { ...command, scope: innerScope }, depth, inner.words.map((w) => w.source).join(' '), spelled ? chosen : undefined, []);
            if (failure)
                return failure;
            if (inner.endsOptionsAfter !== undefined) {
                // Checked with `--` after that word: what bash runs has it there too.
                const before = words[inner.endsOptionsAfter];
                if (before)
                    this.level.words.set(before, `${render([{ word: before }], this.level)} --`);
            }
        }
        for (const script of analysis.scripts) {
            const deferred = scope.deferred || script.deferred === true;
            if (scriptsRunAnything)
                this.denyOnly++;
            let checked;
            try {
                checked = this.script(script.text, {
                    where: [...scope.where, script.where],
                    stdin: script.stdin ?? { kind: 'inherited' },
                    repeats: scope.repeats || deferred,
                    deferred,
                    inFunction: scope.inFunction,
                }, depth + 1, this.denyGuards.innerBase(this.base, script, words));
            }
            finally {
                if (scriptsRunAnything)
                    this.denyOnly--;
            }
            if (checked.failure)
                return checked.failure;
            if (checked.printed !== undefined) {
                const failure = this.replaceScript(script, checked.printed, words, scope);
                if (failure)
                    return failure;
            }
        }
        if (this.lenient) {
            const failure = this.renames(analysis, command, depth, offender);
            if (failure)
                return failure;
        }
        if (analysis.changesDirectory) {
            if (scope.deferred) {
                if (this.lenient) {
                    this.writes.changeDirectory({ target: undefined, scope, source: offender, start: 0 });
                    return undefined;
                }
                return {
                    code: 'deferred-directory-change',
                    offender,
                    where: scope.where,
                    why: 'changes directory in code that runs later (a function body or trap), which would hide where later writes go',
                    suggest: {},
                };
            }
            this.writes.changeDirectory({
                target: analysis.changesDirectory.target,
                scope,
                source: offender,
                start: command.start,
            });
        }
        return undefined;
    }
    /**
     * Under `*` with deny patterns, a name defined now may run a denied program in a later call
     * (`alias del=rm`, `hash -p /bin/rm del`, `ln -s /bin/rm del`): what it will stand for is checked
     * as if it ran, with any words after it.
     */
    renames(analysis, command, depth, offender) {
        for (const rename of analysis.renames) {
            if (rename.text === undefined) {
                return {
                    code: 'unresolvable',
                    offender,
                    where: command.scope.where,
                    why: 'defines a command name whose meaning is only known at run time, which could be a denied command',
                    suggest: {},
                };
            }
            const { failure } = this.script(`${rename.text} "$@"`, {
                ...command.scope,
                where: [...command.scope.where, 'as what a name defined here runs later'],
                repeats: true,
                deferred: true,
            }, depth + 1);
            if (failure)
                return failure;
        }
        return undefined;
    }
    /** Why a match does not cover what the command does, or undefined when it does. */
    issueWith(match, analysis, assignments, words, program) {
        // An interpreter allowed to run any file (`node *`) may as well run code given inline or on
        // standard input: refusing that spelling protects nothing.
        const anyCode = runsAnyFile(match.pattern, program);
        for (const danger of analysis.dangers) {
            if (anyCode || dangerAccepted(danger, match))
                continue;
            return { code: dangerCode(danger), why: dangerWhy(danger, words) };
        }
        for (const assignment of assignments) {
            if (!isRiskyVariable(assignment.name, assignment.value))
                continue;
            if (match.pattern.assignments.some((a) => assignmentMatches(a, assignment)))
                continue;
            return {
                code: 'risky-variable',
                why: `${riskyVariableWhy(assignment.name)} (in '${assignment.source}')`,
            };
        }
        for (const variable of analysis.variables) {
            if (!isRiskyVariable(variable.name, variable.value))
                continue;
            if ((0,decide_patterns/* spells */.OB)(match.coverage[variable.index], variable.spell))
                continue;
            return { code: 'risky-variable', why: riskyVariableWhy(variable.name) };
        }
        return undefined;
    }
    /**
     * Whether `name` is a function whose definition was checked: earlier in this text (at its top
     * level), or in an allowed call before, and no file was sourced since.
     */
    callsFunction(name) {
        if (this.sources)
            return false;
        const earlier = this.policy.checkedFunctions.has(name);
        if (earlier)
            this.callsCheckedFunction = true;
        return earlier || this.defines.includes(name);
    }
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
;// CONCATENATED MODULE: ./src/policy/decide/paths.ts


/** The resolver over the real file system. */
const fileSystemResolver = { realPath: (path) => realPath(path) };
function realPath(path, depth = 0) {
    // Resolve symlinks in the longest existing prefix: a link named notes.txt may point into .git/,
    // and a dangling one is followed too, since writing through it creates its target. A missing
    // path is asked about without throwing (a thrown error costs more than the system call); other
    // failures (a loop, a file where a directory should be) move on to the parent, as a miss does.
    let existing = path;
    const rest = [];
    for (;;) {
        const entry = quietly(() => (0,external_node_fs_.lstatSync)(existing, { throwIfNoEntry: false }));
        const real = entry && quietly(() => (0,external_node_fs_.realpathSync)(existing));
        if (real !== undefined)
            return rest.length > 0 ? (0,external_node_path_.join)(real, ...[...rest].reverse()) : real;
        const link = entry?.isSymbolicLink() && depth < 16 ? quietly(() => (0,external_node_fs_.readlinkSync)(existing)) : undefined;
        if (link !== undefined) {
            const target = (0,external_node_path_.resolve)((0,external_node_path_.dirname)(existing), link);
            return realPath(rest.length > 0 ? (0,external_node_path_.join)(target, ...[...rest].reverse()) : target, depth + 1);
        }
        const parent = (0,external_node_path_.dirname)(existing);
        if (parent === existing)
            return path;
        rest.push((0,external_node_path_.basename)(existing));
        existing = parent;
    }
}
function quietly(look) {
    try {
        return look();
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/policy/decide/refusal.ts
/**
 * Why the policy refuses a command, as a typed vocabulary. Every refusal \u2014 a parser problem, a
 * dangerous option, a pattern miss, a write target \u2014 is one of these codes; the English the model
 * reads is rendered from it in one place.
 */
/**
 * The one place a refusal becomes English: the tool_result text the model reads. `allowed` lists
 * the patterns most likely to help it correct itself.
 */
function renderRefusal(refusal, allowed) {
    const where = refusal.where.length > 0 ? ` (${[...refusal.where].reverse().join(', ')})` : '';
    return `Command denied by policy: '${shorten(refusal.offender)}'${where} ${refusal.detail}. Allowed: ${allowed}`;
}
function shorten(text) {
    const flat = text.replace(/\s*\n\s*/g, ' \u23ce ');
    return flat.length > 160 ? flat.slice(0, 157) + '\u2026' : flat;
}

// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./src/policy/syntax/dirname-shim.ts


// web-tree-sitter's CommonJS glue reads the free variable `__dirname`, which an ESM bundle lacks.
// This must be its own module, imported before the glue: any other `import.meta` use next to the
// wasm reads in tree-sitter.ts makes ncc corrupt the wasm assets (toolchain.md, "Bash parsing").
const scope = globalThis;
scope.__dirname ??= (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));

// EXTERNAL MODULE: ./src/run/v8-tuning.ts + 2 modules
var v8_tuning = __webpack_require__(52454);
;// CONCATENATED MODULE: ./src/policy/syntax/wasm-files.ts

/*
 * The two wasm files, read by paths ncc can see: it copies both files into dist/ next to the
 * bundle and rewrites these reads. This module must stay this small: when the same module also
 * imports the web-tree-sitter glue (or uses the module URL for anything else), ncc routes the wasm
 * through a path that corrupts it (CompileError: unknown section code). See toolchain.md.
 */
function runtimeWasm() {
    return (0,external_node_fs_.readFileSync)(__webpack_require__.ab + "web-tree-sitter.wasm");
}
function bashGrammarWasm() {
    return (0,external_node_fs_.readFileSync)(__webpack_require__.ab + "tree-sitter-bash.wasm");
}

// EXTERNAL MODULE: ./src/policy/syntax/web-tree-sitter.cjs
var web_tree_sitter = __webpack_require__(74068);
var web_tree_sitter_default = /*#__PURE__*/__webpack_require__.n(web_tree_sitter);
;// CONCATENATED MODULE: ./src/policy/syntax/tree-sitter.ts




let loading;
/** Loads the tree-sitter runtime and the bash grammar once per process. */
function loadBashParser() {
    loading ??= initialise();
    return loading;
}
/**
 * V8 compiles each wasm function on its first call, and the first parse of a process took 9-15 ms
 * doing so. Parsing this once at load, which happens while the run's first request is out, moves
 * that off the first command. It reaches the lexer, the external scanner (strings, heredocs,
 * expansions) and the statement rules that commands use.
 */
const WARM_UP_TEXT = `for f in *; do [[ -n "$f" ]] && echo "\${f%.*}" $((1 + 2)) | grep -q x || cat <<'EOF' > "out/$f" 2>&1
$(ls -la 'a b') \`pwd\`
EOF
done; case $1 in x) (cd /tmp; true &) ;; esac`;
async function initialise() {
    // Liftoff code parses a command in ~20 \u00b5s instead of ~12 \u00b5s, but the optimising recompilation cost
    // 0.2-0.4 ms per command of a 300-command burst (bench/parser-tiering and bench/commands measure
    // both). The action has set this already; the policy CLI and tests load the parser alone.
    (0,v8_tuning/* keepWasmOnBaselineCompiler */.xL)();
    // Passing the bytes keeps the glue from looking for the wasm files itself.
    await web_tree_sitter_default().Parser.init({ wasmBinary: runtimeWasm() });
    const bash = await web_tree_sitter_default().Language.load(bashGrammarWasm());
    const parser = new (web_tree_sitter_default()).Parser();
    parser.setLanguage(bash);
    parser.parse(WARM_UP_TEXT)?.delete();
    return {
        parse(text, within) {
            const tree = parser.parse(text, null, within ? { includedRanges: [within] } : undefined);
            if (!tree)
                throw new Error('tree-sitter returned no tree');
            return tree;
        },
    };
}

// EXTERNAL MODULE: ./src/base/errors.ts
var base_errors = __webpack_require__(34758);
// EXTERNAL MODULE: ./src/base/action-defaults.ts
var action_defaults = __webpack_require__(99726);
;// CONCATENATED MODULE: ./src/policy/decide/defaults.ts
// The default allow list as the policy's own list of patterns, read from action.yml's default (one
// source), in a module of its own so that its users need not load the parser.

/** The read-only default of the `allowed-commands` input (interface.md), one pattern a line. */
const DEFAULT_ALLOWED_COMMANDS = (action_defaults/* INPUT_DEFAULTS */.W['allowed-commands'] ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

;// CONCATENATED MODULE: ./src/policy/policy.ts









/** Set to `1` by the test set-up: a checker crash then throws instead of refusing. */
const STRICT_POLICY_VARIABLE = 'BASH_AGENT_STRICT_POLICY';
function rethrowWhenStrict(error) {
    if (process.env[STRICT_POLICY_VARIABLE] === '1')
        throw error;
}

/**
 * Builds the command policy. Throws a PatternError when a pattern line cannot be parsed (the message
 * names the input and the line). Loading the bash grammar is the only asynchronous part; `check` is
 * synchronous.
 */
async function loadPolicy(options) {
    const patterns = 'patterns' in options
        ? options.patterns
        : {
            allow: (0,decide_patterns/* parsePatternInput */.A6)(options.allow, 'allowed-commands'),
            deny: (0,decide_patterns/* parsePatternInput */.A6)(options.deny, 'denied-commands'),
        };
    const parser = await loadBashParser();
    return new Policy(parser, patterns, options);
}
class Policy {
    parser;
    allowCommands;
    denyCommands;
    allowWrites;
    denyWrites;
    workingDirectory;
    realWorkingDirectory;
    /**
     * Functions whose definitions were checked in an allowed call of this run: callable by name in a
     * later call without a pattern of their own (behind a guard that the name is still a function).
     * A call that sources a file, which may define functions unchecked, forgets them all.
     */
    checkedFunctions = new Set();
    /**
     * The single pattern `*`: every command runs, and only the deny patterns are checked, against
     * what a static reading can see.
     */
    universal;
    resolver;
    onInternalError;
    constructor(parser, { allow, deny }, options) {
        this.parser = parser;
        this.allowCommands = allow.filter((p) => p.kind === 'command');
        this.denyCommands = deny.filter((p) => p.kind === 'command');
        this.allowWrites = allow.filter((p) => p.kind === 'write');
        this.denyWrites = deny.filter((p) => p.kind === 'write');
        this.universal = this.allowCommands.some((p) => p.universal);
        this.resolver = options.resolver ?? fileSystemResolver;
        this.onInternalError = options.onInternalError ?? rethrowWhenStrict;
        this.workingDirectory = (0,external_node_path_.resolve)(options.workingDirectory);
        this.realWorkingDirectory = this.resolver.realPath(this.workingDirectory);
    }
    check(command, cwd) {
        if (this.universal && this.denyCommands.length === 0 && this.denyWrites.length === 0) {
            // `*` alone: nothing to check, so nothing is parsed and the text goes to bash as written.
            return { allowed: true, script: command, cacheable: true };
        }
        // Under the single pattern `*` the text goes to bash as it is; under an allowlist bash runs
        // what the policy printed from its own reading, so a place where the parser reads the text
        // differently from bash changes how a command behaves, never what runs unchecked.
        const check = new CommandCheck(this, (0,external_node_path_.resolve)(this.workingDirectory, cwd), command);
        let failure;
        try {
            failure = this.universal ? undefined : guardNameFailure(command, []);
            failure ??= check.run(command);
            if (!failure && !this.universal && check.printed === undefined)
                throw new Error('the check printed no script');
        }
        catch (error) {
            this.onInternalError(error, command);
            const why = (0,base_errors/* messageOf */.bD)(error);
            failure = {
                code: 'internal-error',
                offender: command,
                where: [],
                why: `could not be checked (${why})`,
                suggest: {},
            };
        }
        if (!failure && !this.universal)
            check.rememberFunctions();
        if (!failure)
            return this.universal || check.printed === undefined
                ? {
                    allowed: true,
                    script: check.denyGuards.guarded() ?? command,
                    cacheable: !check.consultedFiles,
                }
                : {
                    allowed: true,
                    script: check.printed,
                    printed: true,
                    // A cached decision skips rememberFunctions: a call that defines functions or sources
                    // a file (which forgets them) must meet the check each time.
                    cacheable: !check.consultedFiles && !check.callsCheckedFunction && !check.changesFunctions,
                };
        const refusal = {
            code: failure.code,
            offender: failure.offender,
            where: failure.where,
            detail: failure.why,
        };
        return { allowed: false, refusal, message: renderRefusal(refusal, this.nearest(failure)) };
    }
    /** The allow patterns most likely to help the model correct itself. */
    nearest(failure) {
        const limit = 8;
        if (failure.suggest.writes) {
            const writes = this.allowWrites.map((p) => p.source);
            return writes.length > 0
                ? list(writes, limit)
                : 'no writes by redirection (no > PATH pattern), commands: ' +
                    list(this.allowCommands.map((p) => p.source), limit);
        }
        const all = this.allowCommands.map((p) => p.source);
        if (all.length === 0)
            return 'nothing (allowed-commands is empty)';
        const program = failure.suggest.program;
        const same = program
            ? this.allowCommands
                .filter((p) => p.words[0] && programName(p.words[0].text) === program)
                .map((p) => p.source)
            : [];
        const ordered = [...same, ...all.filter((p) => !same.includes(p))];
        return list(ordered, limit);
    }
}
function list(items, limit) {
    return items.length > limit ? [...items.slice(0, limit), '\u2026'].join(', ') : items.join(', ');
}


/***/ }),

/***/ 74068:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

// Loads web-tree-sitter's CommonJS build: its ESM build crashes under ncc with
// `createRequire is not a function` (toolchain.md, "Bash parsing").
// eslint-disable-next-line @typescript-eslint/no-require-imports -- this file exists to require() it
module.exports = __webpack_require__(10551);


/***/ })

};

//# sourceMappingURL=632.index.js.map