export const id = 993;
export const ids = [993];
export const modules = {

/***/ 44993:
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
// EXTERNAL MODULE: ./src/policy/read/guards.ts
var guards = __webpack_require__(78625);
;// CONCATENATED MODULE: ./src/policy/decide/check-context.ts

/** A refusal of text that names a guard's variable (see guards.ts), or undefined. */
function guardNameFailure(text, where) {
    if (!(0,guards/* namesGuardVariable */.o9)(text))
        return undefined;
    return { code: 'frame-name', offender: text, where, why: guards/* GUARD_NAME_WHY */.RO, suggest: {} };
}

// EXTERNAL MODULE: ./src/policy/decide/patterns.ts
var decide_patterns = __webpack_require__(97996);
// EXTERNAL MODULE: ./src/policy/programs/index.ts + 18 modules
var programs = __webpack_require__(17967);
;// CONCATENATED MODULE: ./src/policy/decide/dangers.ts


/**
 * A pattern that lets an interpreter or a shell run any file (`node *`, `python3 *`, `bash *`,
 * `deno run *`): the program's name, maybe a `run` subcommand, and the final `*`.
 */
function runsAnyFile(pattern, program) {
    const role = (0,programs/* roleOf */.kp)(program);
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
    const tokens = new Set(words.map(programs/* programName */.kX));
    for (const pattern of denyCommands) {
        const first = pattern.words[0];
        if (!first || !tokens.has((0,programs/* programName */.kX)(first.text)))
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
 * is kept out of single-quoted text). It names no variable: the values are the words themselves, expanded again in the
 * guard's substitution, which gives the same values because each is plain (guardableTarget: quoted
 * variables and literal characters) and no variable it reads is a reference to another (`declare
 * -n`), whose subscript would be evaluated at each expansion; the guard checks that first.
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
        `${[offender, why, guards/* STOPPED_NOTE */.XK].map(messageArgument).join(' ')} >&2; \\builtin printf @; }`);
}
/** One guard: `condition` must hold for the command to run. */
function guard(condition, offender, why) {
    return (0,guards/* guardExpansion */.Zh)(`[[ ${condition} ]] && \\builtin printf 0 || ${stop(offender, why)}`);
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
    const bare = program === 'git' ? (0,programs/* withoutGitGlobalOptions */.mW)(words) : words;
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
        if (!unknown.every(guards/* guardableTarget */.zi))
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
        const variables = unknown.flatMap((w) => (0,guards/* wordTemplate */.JP)(w.source, '').variables);
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
            if (!commandWords.includes(word) || !(0,guards/* guardableTarget */.zi)(word))
                return undefined;
            tests.push({ word, pattern: patternWord, name: at === 0 });
        }
        out.push(tests);
    }
    return out;
}

// EXTERNAL MODULE: ./src/policy/read/print.ts
var print = __webpack_require__(29444);
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
        if (write.anywhere || !target || !(later || (0,guards/* guardableTarget */.zi)(target)) || write.via) {
            this.writes.push(write);
            return;
        }
        let printed;
        try {
            printed = (0,print/* render */.XX)([{ word: target }], level);
        }
        catch (error) {
            if (!(error instanceof print/* PrintError */.uz))
                throw error;
            this.writes.push(write);
            return;
        }
        level.words.set(target, (0,guards/* guardedWriteTarget */.VV)(printed, write.redirect.source, write.gitOnly
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

// EXTERNAL MODULE: ./src/policy/read/words.ts + 1 modules
var read_words = __webpack_require__(2300);
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
        if (ended || !(0,read_words/* mayBeOption */._1)(word) || (word.literal && word.text === '-')) {
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
        value = (0,read_words/* literalWord */.CK)('', node.endIndex);
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
    const builder = new read_words/* WordBuilder */.OW(node.text, node.startIndex);
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
        const builder = new read_words/* WordBuilder */.OW(element.text, rest.startIndex + 1);
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
    const key = new read_words/* WordBuilder */.OW(w.text.slice(first.startIndex, last.endIndex), first.startIndex);
    keyNodes.forEach((n, i) => w.read.wordPart(w, n, key, scope, 'unquoted', i === 0));
    const value = new read_words/* WordBuilder */.OW(element.text, rest.startIndex + 1);
    w.read.unquoted(w, rest.text.slice(1), value, scope, rest, true);
    for (const part of parts.slice(close + 2))
        w.read.wordPart(w, part, value, scope, 'unquoted', false);
    return ['[', { word: key.build() }, ']=', { word: value.build() }];
}
function unknownValue(w, node, scope) {
    w.problem(node, scope, `could not be analysed (assignment value of type ${node.type})`);
    const builder = new read_words/* WordBuilder */.OW(node.text, node.startIndex);
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
    const builder = new read_words/* WordBuilder */.OW(w.text.slice(first.startIndex, last.endIndex), first.startIndex);
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
    const builder = new read_words/* WordBuilder */.OW(node.text, node.startIndex, mode);
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
    const decoded = (0,read_words/* decodeAnsiC */.t2)(body);
    const local = decoded === undefined ? (0,read_words/* ansiCBeforeLocale */.en)(body) : undefined;
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
            return [(0,guards/* guardedIndirection */.dk)(plain, node.text), node.text];
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
        const builder = new read_words/* WordBuilder */.OW(child.text, child.startIndex, 'parameter');
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
                word: (0,read_words/* literalWord */.CK)(`${name}=`, node.startIndex),
                value: (0,read_words/* literalWord */.CK)('', node.startIndex),
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
    const builder = new read_words/* WordBuilder */.OW(bodyText, body.startIndex, 'heredoc');
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
        printed.unshift((0,guards/* guardedGlobLiteral */.eE)(word.source, word.text, `let ${word.source}`));
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
                        word: (0,read_words/* literalWord */.CK)(`${child.text}=`, child.startIndex),
                        value: (0,read_words/* literalWord */.CK)('', child.startIndex),
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
                ...(0,read_words/* literalWord */.CK)(child.type, child.startIndex),
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
    if (next && (0,read_words/* mayBeOption */._1)(next)) {
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
            this.printed = (0,guards/* containGuards */.RC)(checked.printed);
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
            return { printed: (0,print/* render */.XX)(parsed.print, level) };
        }
        catch (error) {
            if (!(error instanceof print/* PrintError */.uz))
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
            this.level.words.set(word, (0,print/* quoteLiteral */.ce)(script.betweenCalls ? (0,print/* withOwnInput */.R0)(printed) : printed));
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
                joined.forEach((w, i) => this.level.words.set(w, i === 0 ? (0,print/* quoteLiteral */.ce)(printed) : ''));
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
        const apart = (0,read_words/* splitApart */.XY)(command.words);
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
        const trace = universal && !site ? undefined : (0,guards/* traceIssue */.Hv)(words);
        if (trace)
            return fail('frame-name', trace);
        const program = (0,programs/* programName */.kX)(name.text);
        const readings = denyReadings(program, words);
        const denied = this.denyGuards.refusing(this.policy.denyCommands, readings, site);
        if (denied)
            return fail('denied-pattern', `matches the denied pattern '${denied.source}'`, program);
        if (universal) {
            return this.follow((0,programs/* analyseProgram */.Sv)(words, { stdin: scope.stdin }), words, command, depth, offender);
        }
        let via;
        if (program === 'git') {
            const git = this.gitReading(words, command, depth);
            if ('failure' in git)
                return git.failure;
            ({ words, via } = git);
        }
        if ((0,programs/* controlsFlow */.hB)(name.text) && words.every((w) => w.literal))
            return undefined;
        const transparent = (0,programs/* isTransparent */.ty)(name.text) && words.length > 0;
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
            this.level.words.set(name, (0,guards/* guardedFunctionCall */.l7)((0,print/* render */.XX)([{ word: name }], this.level), name.text, offender));
            return undefined;
        }
        if (matches.length === 0) {
            return fail('no-matching-pattern', name.text.includes('/')
                ? 'matches no allowed pattern (a path to a program must be allowed by a pattern naming that path)'
                : 'matches no allowed pattern', program);
        }
        const analysis = (0,programs/* analyseProgram */.Sv)(words, { stdin: scope.stdin });
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
                this.level.words.set(word, (0,guards/* guardedArgument */.K4)((0,print/* render */.XX)([{ word }], this.level), check, command.source));
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
        const runsAnything = (0,programs/* roleOf */.kp)(program) === 'shell' && runsAnyFile(chosen.pattern, program);
        return this.follow(analysis, words, command, depth, offender, chosen, runsAnything);
    }
    /**
     * `git -C DIR \u2026` is `cd DIR && git \u2026`, and git's harmless global options say nothing a pattern
     * needs to see: both are checked in that reading. Returns the words left and the directories git
     * moves through, or why a directory is refused.
     */
    gitReading(words, command, depth) {
        const scope = command.scope;
        const git = (0,programs/* canonicalGit */.LA)(words);
        for (const directory of git.directories) {
            const changes = this.writes.changeCount;
            const failure = this.invocation([(0,read_words/* literalWord */.CK)('cd', directory.start), directory], {
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
                    this.level.words.set(before, `${(0,print/* render */.XX)([{ word: before }], this.level)} --`);
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
                .filter((p) => p.words[0] && (0,programs/* programName */.kX)(p.words[0].text) === program)
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

//# sourceMappingURL=993.index.js.map