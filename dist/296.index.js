export const id = 296;
export const ids = [296];
export const modules = {

/***/ 296:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DEFAULT_ALLOWED_COMMANDS: () => (/* reexport */ defaults/* DEFAULT_ALLOWED_COMMANDS */.k),
  loadPolicy: () => (/* binding */ loadPolicy)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/policy/words.ts
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
    return word.prefix === '' || word.prefix.startsWith('-');
}
/** The value of a literal word, or undefined. */
function words_valueOf(word) {
    return word?.literal ? word.text : undefined;
}
/**
 * Accumulates the parts of one word in order. `skeleton` mirrors `text` character for character with
 * every quoted, escaped or expanded character replaced by NUL, so brace expansion can be recognised
 * from the unquoted characters alone.
 */
class WordBuilder {
    source;
    start;
    text = '';
    skeleton = '';
    prefix = '';
    literal = true;
    splits = false;
    ansiC = false;
    tilde = false;
    constructor(source, start) {
        this.source = source;
        this.start = start;
    }
    get isEmpty() {
        return this.text === '';
    }
    /** Characters whose value is themselves; `unquoted` ones may take part in brace expansion. */
    literalText(text, unquoted) {
        this.text += text;
        this.skeleton += unquoted ? text : '\0'.repeat(text.length);
        if (this.literal)
            this.prefix += text;
    }
    /** An unquoted glob character: the word becomes a pattern that expands to file names. */
    glob(char) {
        this.text += char;
        this.skeleton += char;
        this.literal = false;
        this.splits = true;
    }
    /**
     * A part whose value is known only at run time (expansion, substitution). `startsWith` is what
     * its value is known to begin with (`/` for a process substitution's /dev/fd path).
     */
    unknown(source, splits, startsWith = '') {
        if (this.literal)
            this.prefix += startsWith;
        this.text += source;
        this.skeleton += '\0'.repeat(source.length);
        this.literal = false;
        if (splits)
            this.splits = true;
    }
    markAnsiC() {
        this.ansiC = true;
    }
    markTilde() {
        this.tilde = true;
    }
    build() {
        // `{a,b}` and `{1..3}` made of unquoted characters are brace expansion: several words.
        const brace = /\{[^{}\0]*(?:,|\.\.)[^{}\0]*\}/.exec(this.skeleton);
        let { literal, prefix, splits } = this;
        if (brace) {
            literal = false;
            splits = true;
            prefix = prefix.slice(0, Math.min(prefix.length, brace.index));
        }
        return {
            text: this.text,
            source: this.source,
            literal,
            prefix: literal ? this.text : prefix,
            splits,
            ansiC: this.ansiC,
            tilde: this.tilde,
            start: this.start,
        };
    }
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
 * The value of the body of an ANSI-C quoted string ($'…' without the delimiters), or undefined when
 * it uses an escape whose value this decoder does not reproduce exactly (the policy then treats the
 * word as unknown rather than guess).
 */
function decodeAnsiC(body) {
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
            const code = digits[0] === 'x' || digits[0] === 'u' || digits[0] === 'U'
                ? parseInt(digits.slice(1), 16)
                : parseInt(digits, 8);
            // Bash ends the string at a NUL; code points past Unicode are not worth reproducing.
            if (code === 0 || code > 0x10ffff)
                return undefined;
            out +=
                code > 0xff || digits[0] === 'u' || digits[0] === 'U'
                    ? String.fromCodePoint(code)
                    : String.fromCharCode(code);
            i += digits.length;
            continue;
        }
        // `\c` control characters and unknown escapes: rare, and not worth reproducing.
        return undefined;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/policy/parse.ts

const TOP_LEVEL = {
    where: [],
    stdin: { kind: 'inherited' },
    repeats: false,
    deferred: false,
};
const MAX_SCRIPT_LENGTH = 100_000;
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
            source: text.slice(0, 60) + '…',
            where: scope.where,
            why: 'is too long to check',
            start: 0,
        });
        return { commands: [], problems };
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
        return { commands: [], problems };
    }
    const tree = parser.parse(text);
    try {
        const extractor = new Extractor(text, problems);
        const root = tree.rootNode;
        if (root.hasError) {
            const bad = firstError(root);
            problems.push({
                code: 'unparsable',
                source: bad ? excerpt(text, bad.startIndex) : excerpt(text, 0),
                where: scope.where,
                why: 'could not be parsed as bash (check quoting and operators)',
                start: bad?.startIndex ?? 0,
            });
            return { commands: [], problems };
        }
        extractor.checkLineContinuations(root, scope);
        extractor.statements(root, scope);
        extractor.checkCoverage(root, scope);
        return { commands: extractor.commands, problems };
    }
    finally {
        tree.delete();
    }
}
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
const ABSOLUTE_PATH_VARIABLES = new Set(['HOME', 'TMPDIR', 'RUNNER_TEMP', 'GITHUB_WORKSPACE']);
class Extractor {
    text;
    problems;
    commands = [];
    visited = new Set();
    /** Standard input given by heredoc and here-string redirections, filled in by redirect(). */
    inputs = new Map();
    constructor(text, problems) {
        this.text = text;
        this.problems = problems;
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
    /**
     * Bash joins `a\<newline>b` into one word before anything else; tree-sitter treats the pair as a
     * blank and sees two words. Refuse the joined form instead of guessing which word it makes.
     */
    checkLineContinuations(root, scope) {
        const pattern = /\\\n/g;
        for (let m = pattern.exec(this.text); m; m = pattern.exec(this.text)) {
            const at = m.index;
            if (isEscapedBackslash(this.text, at))
                continue;
            const before = this.text[at - 1];
            const after = this.text[at + 2];
            const joins = before !== undefined &&
                after !== undefined &&
                !/[\s;&|()<>]/.test(before) &&
                !/[\s;&|()<>]/.test(after);
            if (!joins)
                continue;
            const node = root.descendantForIndex(at, at + 2);
            if (node && insideQuotedText(node))
                continue;
            this.problem(at, scope, 'joins words with a backslash-newline; write it on one line');
        }
    }
    /** Every node that matters must have been handled; anything else is a shape not understood. */
    checkCoverage(root, scope) {
        const stack = [root];
        while (stack.length > 0) {
            const node = stack.pop();
            if (MUST_VISIT.has(node.type) && !this.visited.has(node.id)) {
                this.problem(node, scope, `could not be analysed (unexpected ${node.type.replace(/_/g, ' ')})`);
                return;
            }
            // Quoted heredoc bodies are plain text whatever tree-sitter made of them.
            if (node.type === 'heredoc_body' && this.visited.has(node.id))
                continue;
            for (const child of node.children)
                stack.push(child);
        }
    }
    statements(node, scope) {
        for (const child of node.namedChildren)
            this.statement(child, scope);
    }
    statement(node, scope) {
        switch (node.type) {
            case 'comment':
                this.comment(node, scope);
                return;
            case 'program':
            case 'list':
            case 'do_group':
            case 'else_clause':
            case 'elif_clause':
                this.statements(node, scope);
                return;
            case 'compound_statement':
                if (node.child(0)?.type === '((')
                    this.arithmeticCommand(node, scope);
                else
                    this.statements(node, scope);
                return;
            case 'subshell':
                this.statements(node, { ...scope, where: [...scope.where, 'in a subshell'] });
                return;
            case 'if_statement':
                this.statements(node, scope);
                return;
            case 'while_statement':
                this.statements(node, { ...scope, repeats: true });
                return;
            case 'for_statement':
                this.forStatement(node, scope);
                return;
            case 'c_style_for_statement':
                this.cStyleFor(node, scope);
                return;
            case 'case_statement':
                this.caseStatement(node, scope);
                return;
            case 'pipeline':
                this.pipeline(node, scope);
                return;
            case 'negated_command':
                this.statements(node, scope);
                return;
            case 'redirected_statement':
                this.redirectedStatement(node, scope);
                return;
            case 'function_definition':
                this.functionDefinition(node, scope);
                return;
            case 'command':
            case 'declaration_command':
            case 'unset_command':
                this.simpleCommand(node, [], scope);
                return;
            case 'variable_assignment':
            case 'variable_assignments':
                this.bareAssignments(node, [], scope);
                return;
            case 'test_command':
                this.testCommand(node, [], scope);
                return;
            case 'heredoc_body':
                // Reached only through its redirect; a stray body means the heredoc was not understood.
                if (!this.visited.has(node.id))
                    this.problem(node, scope, 'could not be analysed (heredoc)');
                return;
            default:
                if (WORD_TYPES.has(node.type)) {
                    // Words outside commands: for-in values, case subjects and patterns.
                    this.word(node, scope);
                    return;
                }
                this.problem(node, scope, `could not be analysed (unsupported syntax: ${node.type})`);
        }
    }
    comment(node, scope) {
        // Bash starts a comment only where a word could start; elsewhere `#` is an ordinary character.
        const before = this.text[node.startIndex - 1];
        if (before !== undefined && !/[\s;&|()]/.test(before)) {
            this.problem(node, scope, 'has a `#` that bash and the parser read differently');
        }
    }
    pipeline(node, scope) {
        let first = true;
        for (const child of node.namedChildren) {
            this.statement(child, first ? scope : { ...scope, stdin: { kind: 'pipe' } });
            if (STATEMENT_TYPES.has(child.type))
                first = false;
        }
    }
    forStatement(node, scope) {
        const inner = { ...scope, repeats: true };
        for (let i = 0; i < node.childCount; i++) {
            const child = node.child(i);
            if (!child.isNamed)
                continue;
            const field = node.fieldNameForChild(i);
            if (field === 'variable') {
                // `for NAME in …` and `select NAME in …` assign NAME like a bare assignment.
                this.visit(child);
                this.commands.push({
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
                    source: `${node.child(0)?.type ?? 'for'} ${child.text} in …`,
                    start: node.startIndex,
                });
            }
            else if (field === 'value') {
                this.word(child, scope);
            }
            else {
                this.statement(child, inner);
            }
        }
    }
    cStyleFor(node, scope) {
        const body = node.childForFieldName('body');
        for (const child of node.namedChildren) {
            if (body && child.id === body.id)
                this.statement(child, { ...scope, repeats: true });
            else if (child.type === 'comment')
                this.comment(child, scope);
            else
                this.arithmetic(child, scope);
        }
    }
    caseStatement(node, scope) {
        for (const child of node.namedChildren) {
            if (child.type === 'case_item') {
                const values = child.childrenForFieldName('value').map((v) => v.id);
                for (const part of child.namedChildren) {
                    if (values.includes(part.id))
                        this.word(part, scope);
                    else
                        this.statement(part, scope);
                }
            }
            else {
                this.statement(child, scope);
            }
        }
    }
    functionDefinition(node, scope) {
        this.visit(node);
        const name = node.childForFieldName('name');
        const body = node.childForFieldName('body');
        const label = name ? `in the body of function ${name.text}` : 'in a function body';
        if (!name || !/^[A-Za-z_][A-Za-z0-9_.:-]*$/.test(name.text)) {
            this.problem(node, scope, 'defines a function whose name the policy does not accept');
        }
        // A function body runs when called, possibly in a later call; a subshell body cannot change
        // the caller's directory.
        const inner = {
            where: [...scope.where, label],
            stdin: { kind: 'inherited' },
            repeats: true,
            deferred: body?.type !== 'subshell',
        };
        const redirects = [];
        for (const child of node.namedChildren) {
            if (child.id === name?.id)
                continue;
            if (child.type === 'file_redirect' || child.type === 'herestring_redirect')
                redirects.push(child);
            else
                this.statement(child, inner);
        }
        if (redirects.length > 0)
            this.redirectOnly(node, redirects, inner);
    }
    redirectedStatement(node, scope) {
        const body = node.childForFieldName('body');
        const redirects = node.namedChildren.filter((c) => c.id !== body?.id);
        // tree-sitter hangs the rest of the line after a heredoc (`cat <<EOF | sh`, `<<EOF && x`) inside
        // the heredoc redirect; those commands are walked after the body, as the pipeline or list they are.
        const continuations = [];
        for (const redirect of redirects) {
            if (redirect.type !== 'heredoc_redirect')
                continue;
            for (const part of redirect.namedChildren) {
                if (part.type === 'pipeline')
                    continuations.push({ node: part, piped: true });
                else if (redirect.childrenForFieldName('right').some((r) => r.id === part.id)) {
                    continuations.push({ node: part, piped: false });
                }
            }
        }
        if (!body) {
            this.redirectOnly(node, redirects, scope);
        }
        else if (body.type === 'command' ||
            body.type === 'declaration_command' ||
            body.type === 'unset_command') {
            this.simpleCommand(body, redirects, scope);
        }
        else if (body.type === 'variable_assignment' || body.type === 'variable_assignments') {
            this.bareAssignments(body, redirects, scope);
        }
        else if (body.type === 'test_command') {
            this.testCommand(body, redirects, scope);
        }
        else {
            this.redirectOnly(node, redirects, scope);
            const stdin = this.redirectStdin(redirects);
            this.statement(body, stdin ? { ...scope, stdin } : scope);
        }
        for (const continuation of continuations) {
            if (continuation.piped) {
                // The pipeline node starts with `|`: every command in it reads from the pipe.
                for (const child of continuation.node.namedChildren) {
                    this.statement(child, { ...scope, stdin: { kind: 'pipe' } });
                }
            }
            else {
                this.statement(continuation.node, scope);
            }
        }
    }
    /** Redirections of a compound command or function: checked as writes, with no argv. */
    redirectOnly(node, redirectNodes, scope) {
        const redirects = [];
        const extra = [];
        for (const r of redirectNodes)
            this.redirect(r, scope, redirects, extra);
        if (extra.length > 0) {
            this.problem(node, scope, 'has words after a redirection of a compound command');
        }
        if (redirects.length > 0) {
            this.commands.push({
                words: [],
                assignments: [],
                redirects,
                scope,
                source: redirects.map((r) => r.source).join(' '),
                start: redirectNodes[0]?.startIndex ?? node.startIndex,
            });
        }
    }
    /** The standard input a set of redirections gives the commands they apply to. */
    redirectStdin(redirectNodes) {
        let stdin;
        for (const r of redirectNodes) {
            const descriptor = r.childForFieldName('descriptor')?.text;
            if (descriptor !== undefined && descriptor !== '0')
                continue;
            if (r.type === 'heredoc_redirect' || r.type === 'herestring_redirect') {
                stdin = this.inputs.get(r.id) ?? { kind: 'text', text: '', literal: false };
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
    heredocText(node, scope) {
        const start = node.children.find((c) => c.type === 'heredoc_start');
        const body = node.children.find((c) => c.type === 'heredoc_body');
        const end = node.children.find((c) => c.type === 'heredoc_end');
        const operator = node.child(0)?.type ?? '<<';
        if (!start || !end) {
            this.problem(node, scope, 'has a heredoc the policy could not delimit');
            return { kind: 'text', text: '', literal: false };
        }
        const quoted = /['"\\]/.test(start.text);
        const delimiter = start.text.replace(/\\(.)/g, '$1').replace(/['"]/g, '');
        const stripTabs = operator === '<<-';
        const afterStart = this.text[start.endIndex];
        const bodyText = body ? body.text : '';
        const lines = bodyText.split('\n');
        // Bash ends the body at the first line equal to the delimiter; if tree-sitter ended it
        // elsewhere, commands could hide in what it calls the body.
        const early = lines
            .slice(0, -1)
            .some((line) => (stripTabs ? line.replace(/^\t+/, '') : line) === delimiter);
        const endLineStart = this.text.lastIndexOf('\n', end.startIndex - 1) + 1;
        const endPrefix = this.text.slice(endLineStart, end.startIndex);
        const endAfter = this.text[end.endIndex];
        if ((afterStart !== undefined && !/[\s;&|<>()]/.test(afterStart)) ||
            end.text !== delimiter ||
            early ||
            !(endPrefix === '' || (stripTabs && /^\t+$/.test(endPrefix))) ||
            (endAfter !== undefined && endAfter !== '\n')) {
            this.problem(node, scope, 'has a heredoc whose end the policy could not determine');
            return { kind: 'text', text: '', literal: false };
        }
        if (!body)
            return { kind: 'text', text: '', literal: true };
        this.visit(body);
        if (quoted) {
            for (const child of body.descendantsOfType([
                'command_substitution',
                'expansion',
                'simple_expansion',
                'arithmetic_expansion',
                'process_substitution',
            ])) {
                if (child)
                    this.visit(child);
            }
            const text = stripTabs ? bodyText.replace(/^\t+/gm, '') : bodyText;
            return { kind: 'text', text, literal: true };
        }
        // Unquoted: bash expands $…, `…` and $(…) in the body. Make sure tree-sitter saw each of them.
        const covered = [];
        let literal = true;
        for (const child of body.namedChildren) {
            if (child.type === 'heredoc_content')
                continue;
            covered.push([child.startIndex, child.endIndex]);
            literal = false;
            this.wordPart(child, new WordBuilder(child.text, child.startIndex), scope, true, false);
        }
        for (let i = body.startIndex; i < body.endIndex; i++) {
            const c = this.text[i];
            if (c === '\\') {
                i++;
                continue;
            }
            if ((c === '$' || c === '`') && !covered.some(([s, e]) => i >= s && i < e)) {
                const next = this.text[i + 1];
                if (c === '$' && (next === undefined || !/[A-Za-z0-9_{(@*#?$!-]/.test(next)))
                    continue;
                this.problem(i, scope, 'has an expansion in a heredoc that the policy could not analyse');
                return { kind: 'text', text: '', literal: false };
            }
        }
        return { kind: 'text', text: stripTabs ? bodyText.replace(/^\t+/gm, '') : bodyText, literal };
    }
    bareAssignments(node, redirectNodes, scope) {
        const list = node.type === 'variable_assignments' ? node.namedChildren : [node];
        const assignments = [];
        for (const a of list) {
            if (a.type === 'variable_assignment')
                assignments.push(this.assignment(a, scope));
            else
                this.statement(a, scope);
        }
        const redirects = [];
        const extra = [];
        for (const r of redirectNodes)
            this.redirect(r, scope, redirects, extra);
        if (extra.length > 0) {
            // `X=1 >f cmd`: tree-sitter calls cmd a redirect target; it is the command.
            this.problem(node, scope, 'has an assignment followed by words the parser misread');
        }
        this.commands.push({
            words: [],
            assignments,
            redirects,
            scope,
            source: this.sourceOf(node, redirectNodes),
            start: node.startIndex,
        });
    }
    sourceOf(node, extra) {
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
        const text = this.text.slice(node.startIndex, end);
        return text.length > 200 ? text.slice(0, 200) + '…' : text;
    }
    simpleCommand(node, outerRedirects, scope) {
        this.visit(node);
        const assignments = [];
        const wordNodes = [];
        const redirectNodes = [...outerRedirects];
        const count = node.childCount;
        for (let i = 0; i < count; i++) {
            const child = node.child(i);
            if (!child)
                continue;
            const field = node.fieldNameForChild(i);
            if (child.type === 'comment') {
                this.comment(child, scope);
            }
            else if (child.type === 'variable_assignment' &&
                field !== 'argument' &&
                node.type === 'command') {
                assignments.push(this.assignment(child, scope));
            }
            else if (field === 'redirect' ||
                child.type === 'file_redirect' ||
                child.type === 'herestring_redirect') {
                redirectNodes.push(child);
            }
            else if (child.type === 'command_name') {
                this.visit(child);
                wordNodes.push(child);
            }
            else if (child.type === 'subshell') {
                this.problem(child, scope, 'could not be analysed (subshell inside a command)');
            }
            else if (!child.isNamed && i === 0 && node.type !== 'command') {
                // declare/export/local/readonly/typeset/unset keyword
                wordNodes.push(child);
            }
            else if (child.isNamed || field === 'argument') {
                wordNodes.push(child);
            }
        }
        const redirects = [];
        const extraWords = [];
        for (const r of redirectNodes)
            this.redirect(r, scope, redirects, extraWords);
        const stdin = this.redirectStdin(redirectNodes);
        const words = wordNodes.map((w) => this.word(w, scope));
        const all = [...words, ...extraWords].sort((a, b) => a.start - b.start);
        const name = all[0];
        if (name && name.literal && RESERVED.has(name.text)) {
            this.problem(node, scope, `could not be parsed reliably ('${name.text}' where a command should be)`);
        }
        this.commands.push({
            words: all,
            assignments,
            redirects,
            scope: stdin ? { ...scope, stdin } : scope,
            source: this.sourceOf(node, redirectNodes),
            start: node.startIndex,
        });
    }
    /** `[ … ]` is the `test` builtin; `[[ … ]]` is syntax whose operands still expand. */
    testCommand(node, redirectNodes, scope) {
        this.visit(node);
        const open = node.child(0)?.type;
        if (open === '[[') {
            this.doubleBracket(node, scope);
            if (redirectNodes.length > 0)
                this.redirectOnly(node, redirectNodes, scope);
            return;
        }
        if (open !== '[') {
            this.problem(node, scope, 'could not be analysed (test expression)');
            return;
        }
        // tree-sitter parses `[ … ]` as an expression; bash sees words. Rebuild the words from the
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
        const groups = [];
        for (const leaf of leaves) {
            const last = groups[groups.length - 1];
            const previous = last?.[last.length - 1];
            if (last && previous && previous.endIndex === leaf.startIndex)
                last.push(leaf);
            else
                groups.push([leaf]);
        }
        const words = groups.map((group) => this.joinedWord(group, scope));
        const redirects = [];
        const extra = [];
        for (const r of redirectNodes)
            this.redirect(r, scope, redirects, extra);
        this.commands.push({
            words: [...words, ...extra].sort((a, b) => a.start - b.start),
            assignments: [],
            redirects,
            scope,
            source: this.sourceOf(node, redirectNodes),
            start: node.startIndex,
        });
    }
    joinedWord(nodes, scope) {
        const first = nodes[0];
        const last = nodes[nodes.length - 1];
        const builder = new WordBuilder(this.text.slice(first.startIndex, last.endIndex), first.startIndex);
        nodes.forEach((n, i) => this.wordPart(n, builder, scope, false, i === 0));
        return builder.build();
    }
    doubleBracket(node, scope) {
        const walk = (n) => {
            if (n.type === 'binary_expression') {
                const op = n.childForFieldName('operator');
                const opText = op?.text ?? '';
                if (/^-(eq|ne|lt|le|gt|ge)$/.test(opText)) {
                    // [[ a -eq b ]] evaluates both sides as arithmetic: a variable whose value is
                    // `a[$(cmd)]` runs cmd.
                    for (const side of [n.childForFieldName('left'), n.childForFieldName('right')]) {
                        if (side)
                            this.arithmetic(side, scope);
                    }
                    return;
                }
            }
            if (n.type === 'unary_expression') {
                const op = n.childForFieldName('operator')?.text;
                if (op === '-v' || op === '-R') {
                    const operand = n.namedChildren.find((c) => c.type !== 'test_operator');
                    const word = operand ? this.word(operand, scope) : undefined;
                    if (!word || !word.literal || word.text.includes('[')) {
                        this.problem(n, scope, `uses ${op} on a name the policy cannot check (array subscripts run commands)`);
                    }
                    return;
                }
            }
            if (WORD_TYPES.has(n.type)) {
                this.word(n, scope);
                return;
            }
            for (const c of n.namedChildren)
                walk(c);
        };
        for (const c of node.namedChildren)
            walk(c);
    }
    arithmeticCommand(node, scope) {
        for (const child of node.namedChildren)
            this.arithmetic(child, scope);
    }
    /**
     * Arithmetic evaluates the values of the variables it names as expressions, and an array
     * subscript in such a value runs command substitutions: x='a[$(touch f)]'; echo $((x)) runs
     * touch. So arithmetic may only use literal numbers and the shell's own numeric specials.
     */
    arithmetic(node, scope) {
        switch (node.type) {
            case 'number':
                if (node.namedChildCount > 0) {
                    this.problem(node, scope, 'uses an expansion in arithmetic, which can run commands hidden in its value');
                }
                return;
            case 'simple_expansion': {
                this.visit(node);
                const special = node.namedChildren.find((c) => c.type === 'special_variable_name');
                if (!special || !SAFE_ARITHMETIC_SPECIALS.has(special.text)) {
                    this.problem(node, scope, 'uses a variable in arithmetic, which can run commands hidden in its value');
                }
                return;
            }
            case 'expansion': {
                this.visit(node);
                const children = node.namedChildren;
                const isLength = node.child(1)?.type === '#' &&
                    children.length === 1 &&
                    children[0]?.type === 'variable_name';
                if (!isLength) {
                    this.problem(node, scope, 'uses a variable in arithmetic, which can run commands hidden in its value');
                }
                return;
            }
            case 'command_substitution':
                this.substitution(node, scope);
                this.problem(node, scope, 'uses command output in arithmetic, which can run commands hidden in it');
                return;
            case 'arithmetic_expansion':
                this.visit(node);
                for (const child of node.namedChildren)
                    this.arithmetic(child, scope);
                return;
            case 'binary_expression':
            case 'unary_expression':
            case 'postfix_expression':
            case 'ternary_expression':
            case 'parenthesized_expression':
                for (const child of node.namedChildren)
                    this.arithmetic(child, scope);
                return;
            case 'word':
                if (/^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9a-zA-Z@_]+)?)$/.test(node.text))
                    return;
                this.problem(node, scope, 'uses a name in arithmetic, which can run commands hidden in its value');
                return;
            case 'variable_assignment':
                this.visit(node);
                this.problem(node, scope, 'assigns a variable in arithmetic, which the policy does not accept');
                return;
            case 'comment':
                this.comment(node, scope);
                return;
            default:
                this.problem(node, scope, 'uses a name or string in arithmetic, which can run commands hidden in its value');
        }
    }
    assignment(node, scope) {
        this.visit(node);
        const nameNode = node.childForFieldName('name');
        const valueNode = node.childForFieldName('value');
        let name = nameNode?.text ?? '';
        if (nameNode?.type === 'subscript') {
            this.subscript(nameNode, scope);
            name = nameNode.childForFieldName('name')?.text ?? name;
        }
        const value = valueNode
            ? valueNode.type === 'array'
                ? this.arrayValue(valueNode, scope)
                : WORD_TYPES.has(valueNode.type)
                    ? this.word(valueNode, scope)
                    : this.unknownValue(valueNode, scope)
            : literalWord('', node.endIndex);
        const operator = node.children.find((c) => !c.isNamed)?.type ?? '=';
        const word = prefixed(`${nameNode?.text ?? name}${operator}`, value, node.startIndex, node.text);
        return { name, word, value, source: node.text };
    }
    arrayValue(node, scope) {
        for (const element of node.namedChildren)
            this.word(element, scope);
        const builder = new WordBuilder(node.text, node.startIndex);
        builder.unknown(node.text, false);
        return builder.build();
    }
    unknownValue(node, scope) {
        this.problem(node, scope, `could not be analysed (assignment value of type ${node.type})`);
        const builder = new WordBuilder(node.text, node.startIndex);
        builder.unknown(node.text, false);
        return builder.build();
    }
    /** Array subscripts are arithmetic: only literal numbers are safe. */
    subscript(node, scope) {
        const index = node.childForFieldName('index');
        if (!index)
            return;
        if (index.type === 'number' && index.namedChildCount === 0)
            return;
        if (index.type === 'word' && /^(?:[0-9]+|@|\*)$/.test(index.text))
            return;
        this.arithmetic(index, scope);
    }
    redirect(node, scope, out, extraWords) {
        this.visit(node);
        if (node.type === 'heredoc_redirect') {
            this.inputs.set(node.id, this.heredocText(node, scope));
            for (const part of node.namedChildren) {
                const field = fieldOf(node, part);
                if (field === 'argument')
                    extraWords.push(this.word(part, scope));
                else if (field === 'redirect')
                    this.redirect(part, scope, out, extraWords);
            }
            out.push({
                kind: 'text',
                operator: node.child(0)?.type ?? '<<',
                target: undefined,
                source: node.child(0)?.type ?? '<<',
            });
            return;
        }
        if (node.type === 'herestring_redirect') {
            const valueNode = node.namedChildren.find((c) => WORD_TYPES.has(c.type));
            const value = valueNode ? this.word(valueNode, scope) : undefined;
            this.inputs.set(node.id, {
                kind: 'text',
                text: value?.literal ? value.text + '\n' : '',
                literal: value?.literal ?? false,
            });
            out.push({ kind: 'text', operator: '<<<', target: undefined, source: node.text });
            return;
        }
        const op = operatorOf(node);
        const destinations = node.childrenForFieldName('destination');
        const [first, ...rest] = destinations;
        // tree-sitter makes the words after a redirection extra "destinations"; bash gives them to the
        // command as arguments (`git log >/dev/null --output=x` runs with --output=x).
        for (const extra of rest)
            extraWords.push(this.word(extra, scope));
        const target = first ? this.word(first, scope) : undefined;
        const descriptor = node.childForFieldName('descriptor')?.text;
        const shown = first ? this.text.slice(node.startIndex, first.endIndex) : node.text;
        const source = shown.length > 120 ? shown.slice(0, 120) + '…' : shown;
        let kind;
        if (op === '<')
            kind = 'read';
        else if (op === '>&' || op === '<&' || op === '>&-' || op === '<&-') {
            const value = target?.literal ? target.text : undefined;
            if (op.endsWith('-') || value === '-' || (value !== undefined && /^[0-9]+-?$/.test(value)))
                kind = 'duplicate';
            else if (op === '<&') {
                this.problem(node, scope, 'duplicates input from something that is not a descriptor');
                kind = 'read';
            }
            else
                kind = 'write';
        }
        else if (op === '>' ||
            op === '>>' ||
            op === '>|' ||
            op === '&>' ||
            op === '&>>' ||
            op === '<>') {
            kind = 'write';
        }
        else {
            this.problem(node, scope, `could not be analysed (redirection ${op})`);
            kind = 'write';
        }
        if (descriptor !== undefined && !/^[0-9]+$/.test(descriptor)) {
            this.problem(node, scope, 'uses a redirection descriptor the policy does not accept');
        }
        out.push({ kind, operator: op, target, source });
    }
    /** Builds a word and checks every expansion and substitution inside it. */
    word(node, scope) {
        const builder = new WordBuilder(node.text, node.startIndex);
        this.wordPart(node, builder, scope, false, true);
        return builder.build();
    }
    wordPart(node, b, scope, inDoubleQuotes, first) {
        switch (node.type) {
            case 'word':
            case 'command_name':
                if (node.type === 'command_name') {
                    this.span(node, b, scope, inDoubleQuotes, first);
                    return;
                }
                this.unquoted(node.text, b, scope, node, first);
                return;
            case 'number':
                if (node.namedChildCount > 0)
                    this.span(node, b, scope, inDoubleQuotes, first);
                else
                    this.unquoted(node.text, b, scope, node, first);
                return;
            case 'raw_string':
                b.literalText(node.text.slice(1, -1), false);
                return;
            case 'string':
                this.doubleQuoted(node, b, scope);
                return;
            case 'translated_string': {
                const inner = node.namedChildren.find((c) => c.type === 'string');
                if (inner)
                    this.doubleQuoted(inner, b, scope);
                else
                    b.unknown(node.text, false);
                return;
            }
            case 'ansi_c_string': {
                b.markAnsiC();
                const decoded = decodeAnsiC(node.text.slice(2, -1));
                if (decoded === undefined)
                    b.unknown(node.text, false);
                else
                    b.literalText(decoded, false);
                return;
            }
            case 'simple_expansion': {
                this.visit(node);
                const special = node.namedChildren.find((c) => c.type === 'special_variable_name')?.text;
                b.unknown(node.text, !inDoubleQuotes || special === '@', ABSOLUTE_PATH_VARIABLES.has(node.text.slice(1)) ? '/' : '');
                return;
            }
            case 'expansion':
                this.expansion(node, scope);
                b.unknown(node.text, !inDoubleQuotes || node.text.includes('@'), ABSOLUTE_PATH_VARIABLES.has(node.text.slice(2, -1)) ? '/' : '');
                return;
            case 'command_substitution':
                this.substitution(node, scope);
                b.unknown(node.text, !inDoubleQuotes);
                return;
            case 'process_substitution':
                this.substitution(node, scope);
                // Bash passes a /dev/fd/N path: never an option.
                b.unknown(node.text, false, '/dev/fd/');
                return;
            case 'arithmetic_expansion':
                this.visit(node);
                for (const child of node.namedChildren)
                    this.arithmetic(child, scope);
                b.unknown(node.text, !inDoubleQuotes);
                return;
            case 'variable_assignment':
                this.visit(node);
                this.span(node, b, scope, inDoubleQuotes, first);
                return;
            case 'concatenation':
                this.span(node, b, scope, inDoubleQuotes, first);
                return;
            case 'subscript':
                this.subscript(node, scope);
                b.literalText(node.text, false);
                return;
            case 'brace_expression':
                b.unknown(node.text, true);
                return;
            case 'array':
                for (const element of node.namedChildren)
                    this.word(element, scope);
                b.unknown(node.text, false);
                return;
            case 'extglob_pattern':
            case 'regex':
                // Patterns in [[ ]] and case: matched, never run. A glob character makes them non-literal.
                if (/[*?[]/.test(node.text))
                    b.glob(node.text);
                else
                    b.literalText(node.text, false);
                return;
            case 'variable_name':
            case 'special_variable_name':
            case 'test_operator':
            case 'heredoc_content':
                b.literalText(node.text, false);
                return;
            case 'comment':
                this.comment(node, scope);
                return;
            default:
                if (!node.isNamed) {
                    b.literalText(node.text, false);
                    return;
                }
                this.problem(node, scope, `could not be analysed (unsupported word part: ${node.type})`);
                b.unknown(node.text, true);
        }
    }
    /** Children of a node in order, with the text between them read as unquoted word text. */
    span(node, b, scope, inDoubleQuotes, first) {
        let at = node.startIndex;
        let isFirst = first;
        for (const child of node.children) {
            if (child.startIndex > at) {
                this.unquoted(this.text.slice(at, child.startIndex), b, scope, node, isFirst);
                isFirst = false;
            }
            this.wordPart(child, b, scope, inDoubleQuotes, isFirst);
            isFirst = false;
            at = child.endIndex;
        }
        if (node.endIndex > at)
            this.unquoted(this.text.slice(at, node.endIndex), b, scope, node, isFirst);
    }
    /** Quote removal for unquoted text: backslash escapes, globs, a leading tilde. */
    unquoted(raw, b, scope, node, first) {
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
            else if (c === '*' || c === '?' || c === '[') {
                b.glob(c);
            }
            else if (c === '~' && i === 0 && first) {
                b.markTilde();
                b.literalText(c, true);
            }
            else if (/[\s;&|<>()`]/.test(c) ||
                (c === '$' && /^[A-Za-z0-9_{(@*#?$!'"-]/.test(raw.slice(i + 1)))) {
                this.problem(node, scope, `has a character (${JSON.stringify(c)}) that bash and the parser read differently`);
                b.unknown(c, true);
            }
            else {
                b.literalText(c, true);
            }
        }
    }
    doubleQuoted(node, b, scope) {
        const contentStart = node.startIndex + 1;
        const contentEnd = node.endIndex - 1;
        let at = contentStart;
        for (const child of node.children) {
            if (child.endIndex <= contentStart || child.startIndex >= contentEnd)
                continue;
            if (!child.isNamed && child.type === '"')
                continue;
            if (child.startIndex > at)
                this.doubleQuotedText(this.text.slice(at, child.startIndex), b);
            if (child.type === 'string_content')
                this.doubleQuotedText(child.text, b);
            else
                this.wordPart(child, b, scope, true, false);
            at = child.endIndex;
        }
        if (contentEnd > at)
            this.doubleQuotedText(this.text.slice(at, contentEnd), b);
    }
    doubleQuotedText(raw, b) {
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
                // An expansion tree-sitter did not mark: its value is unknown.
                b.unknown(raw.slice(i), false);
                return;
            }
            else {
                b.literalText(c, false);
            }
        }
    }
    expansion(node, scope) {
        this.visit(node);
        const children = node.children;
        let subject;
        let indirect = false;
        let afterColon = false;
        const operators = [];
        for (let i = 0; i < children.length; i++) {
            const child = children[i];
            const field = node.fieldNameForChild(i);
            if (child.type === '${' || child.type === '}')
                continue;
            if (field === 'operator' || (!child.isNamed && !subject)) {
                if (!subject && child.type === '!')
                    indirect = true;
                if (subject)
                    operators.push(child.type);
                afterColon = subject !== undefined && child.type === ':';
                continue;
            }
            if (!subject &&
                (child.type === 'variable_name' ||
                    child.type === 'special_variable_name' ||
                    child.type === 'subscript')) {
                subject = child;
                if (child.type === 'subscript')
                    this.subscript(child, scope);
                continue;
            }
            if (afterColon) {
                // ${x:offset:length} evaluates offset and length as arithmetic.
                this.arithmetic(child, scope);
                continue;
            }
            if (WORD_TYPES.has(child.type))
                this.word(child, scope);
            else if (child.isNamed)
                this.arithmetic(child, scope);
        }
        const name = subject?.type === 'subscript' ? subject.childForFieldName('name')?.text : subject?.text;
        if (indirect) {
            const listsKeys = subject?.type === 'subscript' && /\[[@*]\]$/.test(subject.text);
            const listsNames = operators.length === 1 && (operators[0] === '*' || operators[0] === '@');
            if (!listsKeys && !listsNames) {
                this.problem(node, scope, 'uses indirect expansion ${!…}, which can run commands hidden in a value');
            }
        }
        for (let i = 0; i < operators.length; i++) {
            if (operators[i] === '@' && operators[i + 1] === 'P') {
                this.problem(node, scope, 'uses ${…@P}, which runs command substitutions in a value');
            }
        }
        if ((operators.includes('=') || operators.includes(':=')) && name !== undefined) {
            this.commands.push({
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
    }
    substitution(node, scope) {
        this.visit(node);
        const open = node.child(0)?.type ?? '';
        const label = node.type === 'process_substitution'
            ? `inside ${open}…)`
            : open === '`'
                ? 'inside `…`'
                : 'inside $(…)';
        if (open === '`') {
            // Inside backquotes bash removes one level of backslashes before parsing, so \` nests a
            // substitution tree-sitter reads as text. Refuse those escapes rather than re-implement them.
            if (/\\[`$\\]/.test(node.text)) {
                this.problem(node, scope, 'has backslash escapes inside `…`; use $(…) instead');
                return;
            }
        }
        const inner = {
            where: [...scope.where, label],
            stdin: { kind: 'inherited' },
            repeats: scope.repeats,
            deferred: scope.deferred,
        };
        for (let i = 0; i < node.childCount; i++) {
            const child = node.child(i);
            const field = node.fieldNameForChild(i);
            if (!child.isNamed)
                continue;
            if (field === 'redirect' || child.type === 'file_redirect') {
                // $(<file) reads a file; any other redirection here is checked as usual.
                this.redirectOnly(child, [child], inner);
                continue;
            }
            this.statement(child, inner);
        }
    }
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
function operatorOf(node) {
    for (const child of node.children) {
        if (!child.isNamed)
            return child.type;
    }
    return '';
}
function fieldOf(parent, child) {
    for (let i = 0; i < parent.childCount; i++) {
        if (parent.child(i)?.id === child.id)
            return parent.fieldNameForChild(i);
    }
    return null;
}
function insideQuotedText(node) {
    for (let n = node; n; n = n.parent) {
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

;// CONCATENATED MODULE: ./src/policy/patterns.ts

const GIT_SEGMENT = /(^|\/)\.git(\/|$)/i;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
/**
 * Parses one line of `allowed-commands`/`denied-commands`. Returns undefined for blank lines and
 * comments; throws an Error naming the input and the line when the line is not a pattern.
 */
function parsePattern(line, input) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#'))
        return undefined;
    const fail = (why) => {
        throw new Error(`Input '${input}' has a pattern that cannot be parsed: '${trimmed}' (${why})`);
    };
    if (trimmed.startsWith('>')) {
        const rest = trimmed.replace(/^>{1,2}\|?/, '').trim();
        const words = splitPatternWords(rest, fail);
        if (words.length !== 1)
            fail('a write pattern is `> PATH-GLOB` with one path');
        return writePattern(trimmed, words[0].text, fail);
    }
    const words = splitPatternWords(trimmed, fail);
    if (words.length === 0)
        fail('no words');
    if (words.length === 1 && words[0]?.text === '*' && !words[0].quotedStar) {
        return {
            kind: 'command',
            source: trimmed,
            assignments: [],
            words: [],
            rest: true,
            universal: true,
        };
    }
    const assignments = [];
    let i = 0;
    while (i < words.length && ASSIGNMENT.test(words[i].text)) {
        assignments.push(wordPattern(words[i]));
        i++;
    }
    const commandWords = words.slice(i);
    let rest = false;
    const last = commandWords[commandWords.length - 1];
    if (last && last.text === '*' && !last.quotedStar) {
        rest = true;
        commandWords.pop();
    }
    if (commandWords.length === 0 && assignments.length === 0)
        fail('no command');
    const first = commandWords[0];
    if (first && first.globs.length > 0)
        fail('the command name must be spelled out');
    return {
        kind: 'command',
        source: trimmed,
        assignments,
        words: commandWords.map(wordPattern),
        rest,
        universal: false,
    };
}
/** Splits a pattern line into words, honouring '…', "…" and backslash like the shell does. */
function splitPatternWords(line, fail) {
    const words = [];
    let current;
    const start = () => (current ??= { text: '', globs: [], quotedStar: false });
    for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (/\s/.test(c)) {
            if (current)
                words.push(current);
            current = undefined;
        }
        else if (c === "'") {
            const end = line.indexOf("'", i + 1);
            if (end < 0)
                fail('unterminated quote');
            const w = start();
            const quoted = line.slice(i + 1, end);
            if (quoted.includes('*'))
                w.quotedStar = true;
            w.text += quoted;
            i = end;
        }
        else if (c === '"') {
            const w = start();
            let j = i + 1;
            for (; j < line.length && line[j] !== '"'; j++) {
                if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1]))
                    j++;
                if (line[j] === '*')
                    w.quotedStar = true;
                w.text += line[j];
            }
            if (j >= line.length)
                fail('unterminated quote');
            i = j;
        }
        else if (c === '\\') {
            const next = line[i + 1];
            if (next === undefined)
                fail('ends with a backslash');
            const w = start();
            if (next === '*')
                w.quotedStar = true;
            w.text += next;
            i++;
        }
        else if (/[;&|<>()`]/.test(c) || (c === '$' && line[i + 1] === '(')) {
            fail(`'${c}' is shell syntax; a pattern is one command's words`);
        }
        else {
            const w = start();
            if (c === '*')
                w.globs.push(w.text.length);
            w.text += c;
        }
    }
    if (current)
        words.push(current);
    return words;
}
function wordPattern(word) {
    if (word.globs.length === 0) {
        return { text: word.text, literalPrefix: word.text, anyWord: false, regex: undefined };
    }
    let source = '';
    let at = 0;
    for (const g of word.globs) {
        source += escapeRegex(word.text.slice(at, g)) + '[\\s\\S]*';
        at = g + 1;
    }
    source += escapeRegex(word.text.slice(at));
    return {
        text: word.text,
        literalPrefix: word.text.slice(0, word.globs[0]),
        anyWord: word.text === '*',
        regex: new RegExp(`^${source}$`),
    };
}
function escapeRegex(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
function writePattern(source, glob, fail) {
    if (glob === '')
        fail('no path');
    const home = glob.startsWith('~/');
    let body = home ? glob.slice(2) : glob;
    if (body.startsWith('./'))
        body = body.slice(2);
    let regex = '';
    for (let i = 0; i < body.length; i++) {
        const c = body[i];
        if (c === '*' && body[i + 1] === '*') {
            if (body[i + 2] === '/') {
                regex += '(?:.*/)?';
                i += 2;
            }
            else {
                regex += '.*';
                i += 1;
            }
        }
        else if (c === '*') {
            regex += '[^/]*';
        }
        else if (c === '?') {
            regex += '[^/]';
        }
        else {
            regex += escapeRegex(c);
        }
    }
    return {
        kind: 'write',
        source,
        glob,
        regex: new RegExp(`^${regex}$`),
        namesGit: /(^|\/)\.git(\/|$)/.test(body),
        home,
        anyPath: body === '**',
    };
}
/** Whether a literal word matches a pattern word. */
function wordMatches(pattern, text) {
    return pattern.regex ? pattern.regex.test(text) : pattern.text === text;
}
/**
 * Matches a command's words against an allow pattern. Words whose value is unknown match only the
 * final `*`: the pattern cannot vouch for what they turn into.
 */
function matchAllow(pattern, words) {
    if (pattern.universal)
        return { pattern, coverage: words.map(() => undefined) };
    if (words.length < pattern.words.length)
        return undefined;
    if (!pattern.rest && words.length !== pattern.words.length)
        return undefined;
    const coverage = [];
    for (let i = 0; i < pattern.words.length; i++) {
        const p = pattern.words[i];
        const w = words[i];
        if (!w.literal || !wordMatches(p, w.text))
            return undefined;
        coverage.push(p);
    }
    for (let i = pattern.words.length; i < words.length; i++)
        coverage.push(undefined);
    return { pattern, coverage };
}
/**
 * Matches a command against a deny pattern, generously: a word whose value is unknown may be
 * anything (and a splitting one any number of words), and a `*` word in the middle of a deny pattern
 * stands for any number of words, so `find * -delete` denies `find . -name x -delete`.
 */
function matchDeny(pattern, words) {
    if (pattern.universal)
        return true;
    const p = pattern.words;
    const memo = new Map();
    const go = (i, j) => {
        const key = i * 1024 + j;
        const cached = memo.get(key);
        if (cached !== undefined)
            return cached;
        let result;
        if (j === p.length) {
            result =
                pattern.rest || i === words.length || words.slice(i).every((w) => w.splits && !w.literal);
        }
        else {
            const pw = p[j];
            const w = words[i];
            result = false;
            if (pw.anyWord && j > 0 && go(i, j + 1))
                result = true;
            if (!result && w) {
                if (!w.literal) {
                    result = go(i + 1, j + 1) || (w.splits && (go(i + 1, j) || go(i, j + 1)));
                }
                else if (wordMatches(pw, j === 0 ? commandName(w.text, pw) : w.text)) {
                    result = go(i + 1, j + 1) || (pw.anyWord && j > 0 && go(i + 1, j));
                }
            }
        }
        memo.set(key, result);
        return result;
    };
    return go(0, 0);
}
/** `/usr/bin/rm` is `rm` for a deny pattern that does not name a path. */
function commandName(text, pattern) {
    if (pattern.text.includes('/'))
        return text;
    const slash = text.lastIndexOf('/');
    return slash >= 0 ? text.slice(slash + 1) : text;
}
/** Whether `pattern` spells out the first `length` characters of the command word it matched. */
function spells(pattern, length) {
    if (!pattern)
        return false;
    return !pattern.anyWord && pattern.literalPrefix.length >= Math.max(1, length);
}
/**
 * Whether a write target (absolute, symlinks resolved) is allowed by a write pattern. Globs are
 * matched against the path relative to the working directory (or the absolute path for absolute
 * patterns); a `.git` directory is reached only by a pattern that names it.
 */
function writeAllowed(pattern, target, workingDirectory) {
    if (pattern.home)
        return false;
    const path = (0,external_node_path_.isAbsolute)(pattern.glob)
        ? target
        : (0,external_node_path_.relative)(workingDirectory, target).split(external_node_path_.sep).join('/');
    if (!pattern.namesGit && GIT_SEGMENT.test(path))
        return false;
    return pattern.anyPath || pattern.regex.test(path);
}
/** Whether a target written as `~/…` (home unknown) is allowed by a write pattern. */
function homeWriteAllowed(pattern, tildePath) {
    if (!pattern.namesGit && GIT_SEGMENT.test(tildePath))
        return false;
    if (pattern.anyPath && !pattern.home)
        return true;
    return pattern.home && pattern.regex.test(tildePath.replace(/^~\//, ''));
}

;// CONCATENATED MODULE: ./src/policy/analysis.ts
function emptyAnalysis() {
    return { dangers: [], inner: [], scripts: [], variables: [] };
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

;// CONCATENATED MODULE: ./src/policy/dangerous-options.ts
/*
 * Options of common programs that write files or run programs. An allow pattern that spells such an
 * option out (`sort -o *`) allows it; a `*` does not. Each table lists, man-page style, the options
 * that take a value (so the value is not read as an option) and the dangerous ones with what they
 * do. To cover a new program, add a table here; programs without a table are matched by their
 * patterns alone.
 */
const WRITES = 'writes a file';
const RUNS = 'runs a program';
const CODE = { why: 'runs code given on the command line', code: true };
/** ssh -o keys whose values are commands, files or libraries. */
const SSH_RISKY_KEYS = /^\s*(proxycommand|localcommand|permitlocalcommand|knownhostscommand|pkcs11provider|securitykeyprovider|include|match|controlpath|controlmaster|userknownhostsfile|identityagent|xauthlocation|remotecommand|proxyusefdpass|sessiontype|stdinnull)\b/i;
const sshLike = {
    '-o OPTION': {
        why: 'sets an ssh option that can run a program or write a file',
        when: (value) => value === undefined || SSH_RISKY_KEYS.test(value),
    },
    '-F CONFIGFILE': 'reads an ssh configuration that can run programs',
};
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
const OPTION_TABLES = {
    sort: {
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
    },
    shuf: {
        values: ['-n, --head-count=COUNT', '-i, --input-range=LO-HI', '--random-source=FILE'],
        dangerous: { '-o, --output=FILE': WRITES },
    },
    iconv: {
        values: ['-f, --from-code=NAME', '-t, --to-code=NAME'],
        dangerous: { '-o, --output=FILE': WRITES },
    },
    tree: {
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
    },
    file: {
        values: [
            '-e, --exclude=TEST',
            '-f, --files-from=FILE',
            '-F, --separator=SEP',
            '-m, --magic-file=LIST',
            '-P, --parameter=NAME=VALUE',
        ],
        dangerous: { '-C, --compile': 'writes a compiled magic file' },
    },
    yq: {
        values: [
            '-o, --output-format=FORMAT',
            '-p, --input-format=FORMAT',
            '-I, --indent=N',
            '--expression=EXPR',
            '--from-file=FILE',
        ],
        dangerous: { '-i, --inplace': 'rewrites the input file' },
    },
    sed: {
        values: ['-e, --expression=SCRIPT', '-l, --line-length=N'],
        dangerous: {
            '-i[SUFFIX], --in-place[=SUFFIX]': 'rewrites the input files',
            '-f, --file=SCRIPTFILE': 'runs a sed script from a file, which can run programs and write files',
        },
    },
    awk: {
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
    },
    grep: {},
    rg: {
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
            '--pre=COMMAND': 'runs a preprocessor program',
            '--hostname-bin=COMMAND': RUNS,
        },
    },
    ag: {
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
    },
    bat: {
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
    },
    less: {
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
    },
    man: {
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
    },
    curl: {
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
                why: 'writes a file (%output{…})',
                when: (value) => value === undefined || value.includes('%output{'),
            },
            '-o, --output=FILE': WRITES,
            '-O, --remote-name': WRITES,
            '--remote-name-all': WRITES,
            '--output-dir=DIR': WRITES,
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
    },
    wget: {
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
            '-P, --directory-prefix=PREFIX': WRITES,
            '-e, --execute=COMMAND': 'runs a wgetrc command, which can write files',
            '--use-askpass=COMMAND': RUNS,
            '--config=FILE': 'reads a configuration that can write files',
        },
    },
    tar: {
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
            '--to-command=COMMAND': RUNS,
            '-I, --use-compress-program=PROG': RUNS,
            '--rsh-command=COMMAND': RUNS,
            '--rmt-command=COMMAND': RUNS,
            '-F, --info-script=FILE, --new-volume-script=FILE': RUNS,
            '--index-file=FILE': WRITES,
            '-g, --listed-incremental=FILE': WRITES,
            '--volno-file=FILE': WRITES,
        },
    },
    cpio: {
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
    },
    zip: {
        // zip's two-letter options (-TT, -tt) are checked separately, in programs.ts.
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
    },
    rsync: {
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
    },
    ssh: {
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
    },
    scp: {
        values: ['-c CIPHER', '-i IDENTITY', '-J DESTINATION', '-l LIMIT', '-P PORT', '-X OPTION'],
        dangerous: { ...sshLike, '-S PROGRAM': RUNS, '-D SFTP_SERVER': RUNS },
    },
    sftp: {
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
    },
    nc: {
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
    },
    socat: {},
    tcpdump: {
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
    },
    nmap: {
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
    },
    gdb: {
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
    },
    make: {
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
    },
    npm: {
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
    },
    npx: {
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
    },
    cargo: {
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
    },
    go: {
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
    },
    eslint: {
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
    },
    prettier: {
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
    },
    xmllint: {
        values: [
            '--path=PATHS',
            '--xpath=EXPR',
            '--schema=FILE',
            '--relaxng=FILE',
            '--dtdvalid=URL',
            '--encode=ENCODING',
        ],
        dangerous: { '-o, --output=FILE': WRITES, '--shell': 'starts an interactive shell' },
    },
    sdiff: {
        values: ['-I, --ignore-matching-lines=RE', '-w, --width=NUM', '--diff-program=PROGRAM'],
        dangerous: { '-o, --output=FILE': WRITES, '--diff-program=PROGRAM': RUNS },
    },
    hg: {
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
    },
    svn: {
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
    },
    'apt-get': {
        values: ['-t, --target-release=RELEASE'],
        dangerous: {
            '-o, --option=OPTION': 'sets configuration, which can run programs',
            '-c, --config-file=FILE': 'reads a configuration that can run programs',
        },
    },
    apt: {
        values: ['-t, --target-release=RELEASE'],
        dangerous: {
            '-o, --option=OPTION': 'sets configuration, which can run programs',
            '-c, --config-file=FILE': 'reads a configuration that can run programs',
        },
    },
    rpm: {
        values: ['-q', '--root=DIR', '--dbpath=DIR', '--qf=FORMAT', '--queryformat=FORMAT'],
        dangerous: {
            '-E, --eval=EXPR': 'evaluates a macro, which can run programs',
            '--pipe=COMMAND': RUNS,
            '-D, --define=MACRO': 'defines a macro, which can run programs',
            '--macros=FILE': 'loads macros',
        },
    },
    date: {
        values: [
            '-d, --date=STRING',
            '-f, --file=DATEFILE',
            '-r, --reference=FILE',
            '-I[FMT], --iso-8601[=FMT]',
            '--rfc-3339=FMT',
        ],
        dangerous: { '-s, --set=STRING': 'sets the system clock' },
    },
    printf: {
        dangerous: { '-v VAR': 'assigns a shell variable' },
        optionsFirst: true,
    },
    compgen: COMPLETION_BUILTIN,
    complete: COMPLETION_BUILTIN,
    hash: {
        dangerous: { '-p PATH': 'makes a command name run another program' },
    },
    enable: {
        dangerous: { '-f FILE': 'loads a shared library into the shell' },
    },
    bind: {
        values: ['-m KEYMAP', '-q FUNCTION', '-u FUNCTION', '-r KEYSEQ', '-f FILE'],
        dangerous: { '-x KEYSEQ:COMMAND': RUNS },
    },
    mapfile: {
        values: ['-d DELIM', '-n COUNT', '-O ORIGIN', '-s COUNT', '-u FD', '-c QUANTUM'],
        dangerous: { '-C CALLBACK': 'runs a callback command' },
        optionsFirst: true,
    },
    read: {
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
    },
    fc: {
        values: ['-e ENAME'],
        dangerous: {
            '-s': 're-runs commands from history',
            '-e ENAME': 'runs an editor on commands, then runs them',
        },
    },
    // Interpreters: their code options run code the policy cannot check.
    python: {
        values: ['-W ARG', '-X OPT', '--check-hash-based-pycs=MODE'],
        dangerous: { '-c CMD': CODE },
        terminal: ['-c', '-m'],
        optionsFirst: true,
    },
    node: {
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
    },
    deno: {
        values: ['--config=FILE', '--import-map=FILE'],
        dangerous: {
            '--eval-file=FILE': RUNS,
            '--env-file[=FILE]': 'sets environment variables from a file',
        },
    },
    bun: {
        values: ['--cwd=DIR', '--config=FILE'],
        dangerous: {
            '-e, --eval=SCRIPT': CODE,
            '-p, --print=SCRIPT': CODE,
            '-r, --preload=MODULE': 'preloads a module',
            '--env-file=FILE': 'sets environment variables from a file',
        },
    },
    perl: {
        values: [
            '-I DIR',
            '-F PATTERN',
            '-0[DIGITS]',
            '-l[OCTNUM]',
            '-C[NUMBER]',
            '-D[FLAGS]',
            '-x[DIR]',
        ],
        dangerous: {
            '-e PROGRAM': CODE,
            '-E PROGRAM': CODE,
            '-M MODULE': 'loads a module with arguments that can run code',
            '-m MODULE': 'loads a module with arguments that can run code',
            '-i[EXTENSION]': 'rewrites the input files',
            '-d[MODULE]': 'starts a debugger',
        },
        optionsFirst: true,
    },
    ruby: {
        values: [
            '-I DIR',
            '-F PATTERN',
            '-C DIR',
            '-E ENCODING',
            '-0[OCTAL]',
            '-W[LEVEL]',
            '-x[DIR]',
            '-K KCODE',
        ],
        dangerous: {
            '-e SCRIPT': CODE,
            '-i[EXTENSION]': 'rewrites the input files',
            '-r LIBRARY': 'loads a library',
        },
        optionsFirst: true,
    },
    php: {
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
    },
    lua: {
        values: ['-l MODULE'],
        dangerous: { '-e STAT': CODE },
        optionsFirst: true,
    },
    Rscript: {
        values: ['--default-packages=LIST'],
        dangerous: { '-e EXPRESSION': CODE },
        optionsFirst: true,
    },
    R: {
        values: ['--file=FILE', '-f FILE'],
        dangerous: { '-e EXPRESSION': CODE },
    },
    julia: {
        values: ['-J, --sysimage=FILE', '-t, --threads=N', '-p, --procs=N', '--project[=DIR]'],
        dangerous: { '-e, --eval=EXPR': CODE, '-E, --print=EXPR': CODE, '-L, --load=FILE': RUNS },
        optionsFirst: true,
    },
    expect: {
        values: ['-D VALUE'],
        dangerous: { '-c COMMANDS': CODE },
    },
    osascript: {
        values: ['-l LANGUAGE', '-s FLAGS'],
        dangerous: { '-e STATEMENT': CODE },
    },
    jrunscript: {
        dangerous: { '-e SCRIPT': CODE },
    },
    vim: {
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
    },
    emacs: {
        values: ['--chdir=DIR', '-d, --display=DISPLAY', '--insert=FILE'],
        dangerous: {
            '--eval=EXPR, --execute=EXPR': CODE,
            '-l, --load=FILE': RUNS,
            '-f, --funcall=FUNCTION': 'calls a function',
            '--batch': 'runs non-interactively, usually to run code',
            '--script=FILE': RUNS,
            '-x': RUNS,
        },
    },
    crontab: {
        values: ['-u USER'],
        dangerous: { '-e': 'edits the crontab', '-r': 'removes the crontab' },
    },
    ed: {
        values: ['-p STRING'],
    },
};
// git: global options, options shared by the subcommands, and per-subcommand extras.
/** Configuration keys that name no program, file or hook: `git -c user.name=… commit` is fine. */
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
/** Options of every git subcommand (diff options appear in log, show, diff…). */
const GIT_COMMON_OPTIONS = {
    dangerous: {
        '--output=FILE': WRITES,
        '--output-directory=DIR': WRITES,
        '--ext-diff': 'runs an external diff program',
        '--textconv': 'runs textconv filter programs',
        '--filters': 'runs content filter programs',
        '--upload-pack=PROGRAM': 'runs a program',
        '--receive-pack=PROGRAM': 'runs a program',
        '--exec=PROGRAM': 'runs a program',
        '--extcmd=COMMAND': 'runs a program',
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
        dangerous: { '-o, --output-directory=DIR': WRITES },
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
    rebase: { dangerous: { '-x, --exec=COMMAND': 'runs a command after each commit' } },
    difftool: {
        dangerous: {
            '-x, --extcmd=COMMAND': 'runs a program',
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
/** Other names of the same program. */
const TABLE_ALIASES = {
    gawk: 'awk',
    mawk: 'awk',
    nawk: 'awk',
    original_awk: 'awk',
    busybox_awk: 'awk',
    gsed: 'sed',
    egrep: 'grep',
    fgrep: 'grep',
    nodejs: 'node',
    python2: 'python',
    python3: 'python',
    pypy: 'python',
    pypy3: 'python',
    perl5: 'perl',
    gtar: 'tar',
    bsdtar: 'tar',
    ncat: 'nc',
    netcat: 'nc',
    vi: 'vim',
    nvim: 'vim',
    view: 'vim',
    vimdiff: 'vim',
    rvim: 'vim',
    gvim: 'vim',
    ex: 'vim',
    readarray: 'mapfile',
    bunx: 'bun',
};

;// CONCATENATED MODULE: ./src/policy/options.ts


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
    let endOfOptions = false;
    let terminalAt;
    const found = (index, spec, value, valueIndex, spell) => {
        options.push({ index, name: spec.spelling, value, valueIndex, spell });
        const why = dangerApplies(spec, value);
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
    return { options, operands, dangers, terminalAt };
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
            if (spec?.danger && typeof spec.danger === 'string')
                return describe(spec, spec.danger);
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

;// CONCATENATED MODULE: ./src/policy/scripts.ts
/*
 * Readers for the little languages of sed and awk, just deep enough to find the commands that run
 * programs or write files. Anything they cannot read is reported as a danger too.
 */
const QUIET_TARGETS = new Set(['/dev/stdout', '/dev/stderr']);
/** What in a sed script runs a program or writes a file, as phrases; empty when nothing does. */
function sedScriptDangers(script) {
    const dangers = [];
    const s = script;
    let i = 0;
    const n = s.length;
    const restOfLine = () => {
        let end = s.indexOf('\n', i);
        if (end < 0)
            end = n;
        const text = s.slice(i, end);
        i = end;
        return text.trim();
    };
    const skipBlanks = () => {
        while (i < n && (s[i] === ' ' || s[i] === '\t'))
            i++;
    };
    // Reads up to an unescaped delimiter; returns false when there is none.
    const delimited = (delimiter) => {
        for (; i < n; i++) {
            if (s[i] === '\\') {
                i++;
                continue;
            }
            if (s[i] === delimiter) {
                i++;
                return true;
            }
            if (s[i] === '\n' && delimiter !== '\n')
                return false;
        }
        return false;
    };
    const address = () => {
        if (/[0-9]/.test(s[i] ?? '')) {
            while (/[0-9~]/.test(s[i] ?? ''))
                i++;
        }
        else if (s[i] === '$') {
            i++;
        }
        else if (s[i] === '/' || s[i] === '\\') {
            let delimiter = '/';
            if (s[i] === '\\') {
                i++;
                delimiter = s[i] ?? '';
            }
            i++;
            if (!delimited(delimiter))
                return false;
            while (s[i] === 'I' || s[i] === 'M')
                i++;
        }
        else {
            return true;
        }
        return true;
    };
    while (i < n) {
        const c = s[i];
        if (/[\s;]/.test(c) || c === '}') {
            i++;
            continue;
        }
        if (c === '#') {
            restOfLine();
            continue;
        }
        if (!address())
            return ['has a sed address the policy could not read'];
        skipBlanks();
        if (s[i] === ',') {
            i++;
            skipBlanks();
            if (s[i] === '+' || s[i] === '~')
                i++;
            if (!address())
                return ['has a sed address the policy could not read'];
            skipBlanks();
        }
        while (s[i] === '!' || s[i] === ' ' || s[i] === '\t')
            i++;
        const command = s[i];
        i++;
        switch (command) {
            case '{':
            case '=':
            case 'd':
            case 'D':
            case 'g':
            case 'G':
            case 'h':
            case 'H':
            case 'n':
            case 'N':
            case 'p':
            case 'P':
            case 'x':
            case 'z':
            case 'F':
                break;
            case 'l':
            case 'L':
            case 'q':
            case 'Q':
                skipBlanks();
                while (/[0-9]/.test(s[i] ?? ''))
                    i++;
                break;
            case ':':
            case 'b':
            case 't':
            case 'T':
            case 'v':
                while (i < n && s[i] !== ';' && s[i] !== '\n')
                    i++;
                break;
            case 'a':
            case 'i':
            case 'c':
                // Text runs to the end of the line, continued by a trailing backslash.
                for (;;) {
                    const line = restOfLine();
                    if (!line.endsWith('\\') || i >= n)
                        break;
                    i++;
                }
                break;
            case 'r':
            case 'R':
                restOfLine();
                break;
            case 'w':
            case 'W': {
                const target = restOfLine();
                if (!QUIET_TARGETS.has(target))
                    dangers.push(`writes a file (sed ${command} ${target})`);
                break;
            }
            case 'e':
                restOfLine();
                dangers.push('runs a program (sed e)');
                break;
            case 's': {
                const delimiter = s[i];
                if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') {
                    return ['has a sed s command the policy could not read'];
                }
                i++;
                if (!delimited(delimiter) || !delimited(delimiter)) {
                    return ['has a sed s command the policy could not read'];
                }
                while (i < n && /[gpiImMe0-9w]/.test(s[i])) {
                    const flag = s[i];
                    i++;
                    if (flag === 'e')
                        dangers.push('runs a program (sed s///e)');
                    if (flag === 'w') {
                        const target = restOfLine();
                        if (!QUIET_TARGETS.has(target))
                            dangers.push(`writes a file (sed s///w ${target})`);
                        break;
                    }
                }
                break;
            }
            case 'y': {
                const delimiter = s[i];
                if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') {
                    return ['has a sed y command the policy could not read'];
                }
                i++;
                if (!delimited(delimiter) || !delimited(delimiter)) {
                    return ['has a sed y command the policy could not read'];
                }
                break;
            }
            default:
                return [`has a sed command the policy does not know (${JSON.stringify(command ?? '')})`];
        }
    }
    return dangers;
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

;// CONCATENATED MODULE: ./src/policy/wrappers.ts



/*
 * Commands that run other commands. Each analyzer finds the inner command (or shell text) so the
 * policy can check it on its own: allowing `env *`, `find *` or `xargs *` must not let an unlisted
 * command through them.
 */
const SHELLS = new Set([
    'sh',
    'bash',
    'dash',
    'zsh',
    'ksh',
    'mksh',
    'ash',
    'yash',
    'posh',
    'rbash',
    'lksh',
    'pdksh',
    'oksh',
    'csh',
    'tcsh',
    'fish',
]);
const WRAPPERS = {
    nice: { options: { values: ['-n, --adjustment=N'] } },
    nohup: {},
    timeout: {
        options: { values: ['-s, --signal=SIGNAL', '-k, --kill-after=DURATION'] },
        leadingOperands: 1,
    },
    stdbuf: { options: { values: ['-i, --input=MODE', '-o, --output=MODE', '-e, --error=MODE'] } },
    setsid: {},
    ionice: {
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
    chrt: {
        options: {
            values: ['-T, --sched-runtime=NS', '-P, --sched-period=NS', '-D, --sched-deadline=NS'],
        },
        leadingOperands: 1,
        noCommand: ['-p', '--pid', '-m', '--max'],
    },
    taskset: { leadingOperands: 1, noCommand: ['-p', '--pid'] },
    flock: {
        options: { values: ['-w, --timeout=SECONDS', '-E, --conflict-exit-code=NUMBER'] },
        leadingOperands: 1,
        scriptOptions: ['-c', '--command'],
        scriptAfterOperands: true,
    },
    chroot: { options: { values: ['--userspec=USER:GROUP', '--groups=GROUPS'] }, leadingOperands: 1 },
    unshare: {
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
    sudo: {
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
    },
    doas: {
        options: { values: ['-u USER', '-C CONFIG'], dangerous: { '-s': 'runs a shell' } },
        noCommand: ['-C', '-L'],
    },
    command: { noCommand: ['-v', '-V'] },
    builtin: {},
    exec: { options: { values: ['-a NAME'] } },
    time: {
        options: {
            values: ['-f, --format=FORMAT'],
            dangerous: { '-o, --output=FILE': 'writes a file' },
        },
    },
    su: {
        options: {
            values: ['-g, --group=GROUP', '-G, --supp-group=GROUP', '-w, --whitelist-environment=LIST'],
            dangerous: { '-s, --shell=SHELL': 'runs another shell' },
        },
        scriptOptions: ['-c', '--command', '-C', '--session-command'],
        noCommand: ['*'],
    },
    runuser: {
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
    strace: {
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
    ltrace: {
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
    valgrind: {
        options: {
            dangerous: { '--log-file=FILE': 'writes a file', '--xml-file=FILE': 'writes a file' },
        },
    },
    'xvfb-run': {
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
    'dbus-run-session': {},
    torsocks: {},
    proxychains: { options: { values: ['-f FILE'] } },
    proxychains4: { options: { values: ['-f FILE'] } },
    sshpass: { options: { values: ['-p PASSWORD', '-f FILE', '-d FD', '-e'] } },
    faketime: { options: { values: ['-m', '-f'] }, leadingOperands: 1 },
    numactl: {
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
    catchsegv: {},
    rlwrap: {},
    unbuffer: {},
    chronic: {},
    ifne: {},
    setarch: { leadingOperands: 1 },
    linux32: {},
    linux64: {},
    prlimit: {},
    cgexec: { options: { values: ['-g CONTROLLERS:PATH'] } },
    firejail: {},
    'systemd-run': {},
    pkexec: { options: { values: ['--user=USER'] } },
    gosu: { leadingOperands: 1 },
    'su-exec': { leadingOperands: 1 },
    logsave: { leadingOperands: 1 },
    nsenter: {
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
};
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
function analyseWrapper(name, spec, words) {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, wrapperTable(name, spec));
    result.dangers.push(...scan.dangers);
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
    if (name === 'sudo')
        start = takeAssignments(words, start, result);
    result.inner.push(innerFrom(words, start, where));
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
/** Programs that run their arguments as commands or code: never behind xargs. */
function runsItsArguments(name) {
    return SHELLS.has(name) || name in WRAPPERS || RUNNERS.has(name);
}
const RUNNERS = new Set([
    'env',
    'xargs',
    'eval',
    'source',
    '.',
    'find',
    'fd',
    'fdfind',
    'watch',
    'script',
    'busybox',
    'parallel',
    'perl',
    'python',
    'python2',
    'python3',
    'node',
    'nodejs',
    'ruby',
    'php',
    'lua',
    'Rscript',
    'tclsh',
    'wish',
    'expect',
    'julia',
    'deno',
    'bun',
    'npx',
    'make',
    'ssh',
    'trap',
    'vim',
    'vi',
    'ex',
    'ed',
]);
/** xargs [OPTION]... [COMMAND [INITIAL-ARGS]...]: COMMAND gets words read from standard input. */
const analyseXargs = (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, XARGS_TABLE);
    result.dangers.push(...scan.dangers);
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
    if (name !== undefined && runsItsArguments(basename(name))) {
        result.dangers.push(unresolvable(from[0], `xargs would hand ${basename(name)} words it runs, read from standard input`));
        return result;
    }
    if (replace !== undefined) {
        const marker = replace;
        const replaced = inner.map((w) => w.text.includes(marker) ? unknownFrom(w, w.text.indexOf(marker)) : w);
        result.inner.push({ words: replaced, from, where: 'run by xargs' });
    }
    else {
        const tail = unknownWords('<words from standard input>', inner[inner.length - 1]?.start ?? 0);
        result.inner.push({ words: [...inner, tail], from: [...from, -1], where: 'run by xargs' });
    }
    return result;
};
function basename(path) {
    return path.slice(path.lastIndexOf('/') + 1);
}
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
    '-fprint': { args: 1, why: 'writes a file' },
    '-fprint0': { args: 1, why: 'writes a file' },
    '-fprintf': { args: 2, why: 'writes a file' },
    '-fls': { args: 1, why: 'writes a file' },
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
    result.scripts.push({ text: action.text, where: 'in a trap', index: i, deferred: true });
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
    result.dangers.push(...scan.dangers);
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
/** Wrappers not listed with their options: the command is the first word not starting with `-`. */
function analyseGenericWrapper(name) {
    return (words) => {
        const spec = WRAPPERS[name];
        if (spec)
            return analyseWrapper(name, spec, words);
        return emptyAnalysis();
    };
}
const WRAPPER_NAMES = Object.keys(WRAPPERS);
/** Programs that run argument strings through a shell in ways the policy does not model. */
const STRING_RUNNERS = new Set([
    'parallel',
    'sem',
    'xe',
    'rush',
    'hyperfine',
    'tmux',
    'screen',
    'at',
    'batch',
    'entr',
    'byobu',
]);

;// CONCATENATED MODULE: ./src/policy/programs.ts






/** The program a command word names: `/usr/bin/python3.12` → `python`. */
function programName(word) {
    const base = word.slice(word.lastIndexOf('/') + 1);
    const unversioned = /^(python|pypy|perl|ruby|php|lua|luajit|node|pip|tclsh|wish)[0-9]+(?:\.[0-9]+)*$/.exec(base)?.[1] ?? base;
    return TABLE_ALIASES[unversioned] ?? unversioned;
}
const compiled = new Map();
function table(name, source) {
    let result = compiled.get(name);
    if (!result) {
        const spec = source ?? OPTION_TABLES[name];
        if (!spec)
            return undefined;
        result = compileTable(spec);
        compiled.set(name, result);
    }
    return result;
}
function tableAnalysis(name, words) {
    const result = emptyAnalysis();
    const t = table(name);
    if (t)
        result.dangers.push(...scanOptions(words, 1, t).dangers);
    return result;
}
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
    result.dangers.push(...global.dangers);
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
    result.dangers.push(...scan.dangers);
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
/** tar also takes old-style options: `tar cvfI archive prog` (letters without a dash, values after). */
const analyseTar = (words) => {
    const result = emptyAnalysis();
    const t = table('tar');
    let from = 1;
    const first = words[1];
    if (first?.literal && /^[A-Za-z]+$/.test(first.text)) {
        let next = 2;
        for (const letter of first.text) {
            const spec = t.short.get(letter);
            if (spec?.danger) {
                result.dangers.push(optionDanger(1, first.text.length, `${typeof spec.danger === 'string' ? spec.danger : spec.danger.why} (tar ${letter})`));
            }
            if (letter === 'f') {
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
    result.dangers.push(...scan.dangers);
    // As the scan reads it: after `--` the word is a file name and forces nothing.
    const forceLocal = scan.options.some((option) => option.name === '--force-local');
    for (const option of scan.options) {
        const value = optionValue(option);
        if ((option.name === '-f' || option.name === '--file') && value?.includes(':') && !forceLocal) {
            result.dangers.push(optionDanger(option.index, option.spell, 'uses an archive on another host, through rsh'));
        }
    }
    return result;
};
const analyseZip = (words) => {
    const result = tableAnalysis('zip', words);
    words.forEach((w, i) => {
        if (i > 0 && w.literal && /^-[^-]*TT/.test(w.text)) {
            result.dangers.push(optionDanger(i, w.text.indexOf('TT') + 2, 'runs a program to test the archive (zip -TT)'));
        }
    });
    return result;
};
/**
 * sed: -i and -f are table options; the script itself may run programs (e) or write files (w).
 * `--sandbox` earns nothing: after `--` it is a file name, and the script is judged the same either way.
 */
const analyseSed = (words) => {
    const result = emptyAnalysis();
    const t = table('sed');
    const scan = scanOptions(words, 1, t);
    result.dangers.push(...scan.dangers);
    const scripts = scan.options
        .filter((o) => o.name === '-e' || o.name === '--expression')
        .map((o) => ({ index: o.valueIndex ?? o.index, value: o.value }));
    const fromFile = scan.options.some((o) => o.name === '-f' || o.name === '--file');
    if (scripts.length === 0 && !fromFile && scan.operands[0] !== undefined) {
        scripts.push({ index: scan.operands[0], value: words[scan.operands[0]] });
    }
    for (const { index, value } of scripts)
        addProgramDangers(result, index, value, sedScriptDangers, 'sed script');
    return result;
};
/**
 * awk: the program (first operand, or -e/--source) may run programs or write files. gawk's `-S` is
 * no excuse: mawk and busybox awk have no sandbox, and after the program `-S` is only an operand.
 */
const analyseAwk = (words) => {
    const result = emptyAnalysis();
    const t = table('awk');
    const scan = scanOptions(words, 1, t);
    result.dangers.push(...scan.dangers);
    const programs = scan.options
        .filter((o) => o.name === '-e' || o.name === '--source')
        .map((o) => ({ index: o.valueIndex ?? o.index, value: o.value }));
    const fromFile = scan.options.some((o) => ['-f', '--file', '-E', '--exec'].includes(o.name));
    if (programs.length === 0 && !fromFile && scan.operands[0] !== undefined) {
        programs.push({ index: scan.operands[0], value: words[scan.operands[0]] });
    }
    for (const { index, value } of programs)
        addProgramDangers(result, index, value, awkProgramDangers, 'awk program');
    return result;
};
function addProgramDangers(result, index, value, read, what) {
    const text = typeof value === 'string' ? value : words_valueOf(value);
    const length = typeof value === 'string' ? value.length : (value?.text.length ?? 0);
    if (text === undefined) {
        result.dangers.push(codeDanger(index, 0, `runs a ${what} that is not known until run time`));
        return;
    }
    // A pattern that spells the whole program out allows it; writing a file is an ordinary
    // option-like danger, running a program is code the policy cannot follow.
    for (const why of read(text)) {
        result.dangers.push((why.startsWith('writes') ? optionDanger : codeDanger)(index, length, why));
    }
}
/** Interpreters: code options are table dangers; with no script they read code from stdin. */
function analyseInterpreter(name) {
    return (words, context) => {
        const result = emptyAnalysis();
        const t = table(name);
        if (!t)
            return result;
        const scan = scanOptions(words, 1, t);
        result.dangers.push(...scan.dangers);
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
function addStdinCode(result, name, context) {
    if (context.stdin.kind === 'text') {
        result.dangers.push(codeDanger(0, 0, `runs ${name} code from standard input`));
    }
    else if (context.stdin.kind === 'pipe') {
        result.dangers.push(unresolvable(0, `${name} runs code read from a pipe`));
    }
}
/** ed and ex read editing commands, which include `!command`, from standard input. */
function analyseLineEditor(name) {
    return (words, context) => {
        const result = name === 'vim' ? tableAnalysis('vim', words) : tableAnalysis(name, words);
        if (context.stdin.kind === 'text' || context.stdin.kind === 'pipe') {
            result.dangers.push(optionDanger(0, 0, `${name} reads editing commands from standard input, which can run programs`));
        }
        return result;
    };
}
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
    const scan = scanOptions(words, 1, table('read'));
    result.dangers.push(...scan.dangers);
    const names = [...scan.operands];
    for (const option of scan.options)
        if (option.name === '-a' && option.valueIndex !== undefined)
            names.push(option.valueIndex);
    addNames(result, words, names, 'read');
    return result;
};
const analyseMapfile = (words) => {
    const result = emptyAnalysis();
    const scan = scanOptions(words, 1, table('mapfile'));
    result.dangers.push(...scan.dangers);
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
    const scan = scanOptions(words, 1, table('printf'));
    result.dangers.push(...scan.dangers);
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
            (word.text.includes('[') && !/^[A-Za-z_][A-Za-z0-9_]*\[[0-9]+\]$/.test(word.text))) {
            result.dangers.push(unresolvable(i, 'unsets a name the policy cannot check (array subscripts run commands)'));
        }
    }
    return result;
};
/** `let` evaluates arithmetic, which runs commands hidden in variable values. */
const analyseLet = (words) => {
    const result = emptyAnalysis();
    for (let i = 1; i < words.length; i++) {
        const word = words[i];
        if (!word.literal || !/^[0-9\s+\-*/%()<>=!&|^~]*$/.test(word.text)) {
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
    }
    return result;
};
/** make NAME=VALUE overrides a variable of the makefile, which can change the commands it runs. */
const analyseMake = (words) => {
    const result = tableAnalysis('make', words);
    const scan = scanOptions(words, 1, table('make'));
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
    const result = tableAnalysis('npm', words);
    const scan = scanOptions(words, 1, table('npm'));
    const sub = scan.operands[0];
    if (sub !== undefined && words_valueOf(words[sub]) === 'explore') {
        result.dangers.push(optionDanger(sub, 'explore'.length, 'runs a shell command in a package (npm explore)'));
    }
    return result;
};
/** Programs whose second file operand is written (uniq IN OUT, xxd IN OUT). */
function analyseOutputOperand(name, source, position) {
    return (words) => {
        const result = emptyAnalysis();
        const scan = scanOptions(words, 1, table(name, source));
        result.dangers.push(...scan.dangers);
        const out = scan.operands[position];
        if (out !== undefined) {
            const word = words[out];
            if (!(word.literal &&
                (word.text === '-' || word.text === '/dev/null' || word.text === '/dev/stdout'))) {
                result.dangers.push(optionDanger(out, word.literal ? word.text.length : 0, `writes its output to the file it names (${name})`));
            }
        }
        return result;
    };
}
const analyseDd = (words) => {
    const result = emptyAnalysis();
    words.forEach((w, i) => {
        const known = w.literal ? w.text : w.prefix;
        if (i > 0 && (known.startsWith('of=') || (!w.literal && known === ''))) {
            result.dangers.push(optionDanger(i, 3, 'writes a file (dd of=)'));
        }
    });
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
const analyseStringRunner = (words) => {
    const result = emptyAnalysis();
    result.dangers.push(codeDanger(0, 0, `${programName(words[0]?.text ?? '')} runs command strings through a shell in ways the policy cannot check`));
    return result;
};
const SPECIAL = {
    git: analyseGit,
    find: analyseFind,
    fd: analyseFd,
    fdfind: analyseFd,
    xargs: analyseXargs,
    env: analyseEnv,
    eval: analyseEval,
    source: analyseSource('source'),
    '.': analyseSource('.'),
    trap: analyseTrap,
    watch: analyseWatch,
    script: analyseScript,
    busybox: analyseBusybox,
    tar: analyseTar,
    zip: analyseZip,
    sed: analyseSed,
    awk: analyseAwk,
    declare: analyseDeclaration('declare'),
    typeset: analyseDeclaration('typeset'),
    local: analyseDeclaration('local'),
    export: analyseDeclaration('export'),
    readonly: analyseDeclaration('readonly'),
    read: analyseRead,
    mapfile: analyseMapfile,
    getopts: analyseGetopts,
    printf: analysePrintf,
    unset: analyseUnset,
    let: analyseLet,
    test: analyseTest,
    '[': analyseTest,
    cd: analyseCd,
    pushd: analysePushd,
    popd: analysePopd,
    alias: analyseAlias,
    make: analyseMake,
    gmake: analyseMake,
    npm: analyseNpm,
    uniq: analyseOutputOperand('uniq', {
        values: [
            '-f, --skip-fields=N',
            '-s, --skip-chars=N',
            '-w, --check-chars=N',
            '--all-repeated[=METHOD]',
            '--group[=METHOD]',
        ],
    }, 1),
    xxd: analyseOutputOperand('xxd', { values: ['-c COLS', '-g BYTES', '-l LEN', '-o OFFSET', '-s SEEK', '-n NAME'] }, 1),
    sponge: analyseOutputOperand('sponge', {}, 0),
    dd: analyseDd,
    socat: analyseSocat,
    ed: analyseLineEditor('ed'),
    red: analyseLineEditor('ed'),
};
for (const shell of SHELLS)
    SPECIAL[shell] = analyseShell(shell);
for (const name of WRAPPER_NAMES)
    SPECIAL[name] ??= analyseGenericWrapper(name);
for (const name of STRING_RUNNERS)
    SPECIAL[name] = analyseStringRunner;
for (const name of [
    'python',
    'node',
    'perl',
    'ruby',
    'php',
    'lua',
    'Rscript',
    'R',
    'julia',
    'deno',
    'bun',
    'expect',
    'osascript',
    'jrunscript',
]) {
    SPECIAL[name] = analyseInterpreter(name);
}
/** What running these words does beyond what their pattern shows. */
function analyseProgram(words, context) {
    const first = words[0];
    if (!first)
        return emptyAnalysis();
    const name = programName(first.text);
    if (name === 'vim' && first.text.endsWith('ex'))
        return analyseLineEditor('vim')(words, context);
    const special = SPECIAL[name];
    if (special)
        return special(words, context);
    return tableAnalysis(name, words);
}
/** Keywords that run the command after them and need no pattern of their own. */
const TRANSPARENT = new Set(['time']);
/** `git -C x push` as `git push`, so a deny pattern cannot be stepped around with global options. */
function withoutGitGlobalOptions(words) {
    const scan = scanOptions(words, 1, GIT_GLOBAL);
    const at = scan.operands[0];
    if (at === undefined || at === 1)
        return words;
    return [words[0], ...words.slice(at)];
}

// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
;// CONCATENATED MODULE: ./src/policy/dirname-shim.ts


// web-tree-sitter's CommonJS glue reads the free variable `__dirname`, which an ESM bundle lacks.
// This must be its own module, imported before the glue: any other `import.meta` use next to the
// wasm reads in tree-sitter.ts makes ncc corrupt the wasm assets (toolchain.md, "Bash parsing").
const scope = globalThis;
scope.__dirname ??= (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));

;// CONCATENATED MODULE: ./src/policy/wasm-files.ts

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

// EXTERNAL MODULE: ./src/policy/web-tree-sitter.cjs
var web_tree_sitter = __webpack_require__(8406);
var web_tree_sitter_default = /*#__PURE__*/__webpack_require__.n(web_tree_sitter);
;// CONCATENATED MODULE: ./src/policy/tree-sitter.ts



let loading;
/** Loads the tree-sitter runtime and the bash grammar once per process. */
function loadBashParser() {
    loading ??= initialise();
    return loading;
}
async function initialise() {
    // Passing the bytes keeps the glue from looking for the wasm files itself.
    await web_tree_sitter_default().Parser.init({ wasmBinary: runtimeWasm() });
    const bash = await web_tree_sitter_default().Language.load(bashGrammarWasm());
    const parser = new (web_tree_sitter_default()).Parser();
    parser.setLanguage(bash);
    return {
        parse(text) {
            const tree = parser.parse(text);
            if (!tree)
                throw new Error('tree-sitter returned no tree');
            return tree;
        },
    };
}

// EXTERNAL MODULE: ./src/policy/defaults.ts
var defaults = __webpack_require__(6794);
;// CONCATENATED MODULE: ./src/policy/policy.ts







/**
 * Builds the command policy. Throws when a pattern line cannot be parsed (the message names the
 * input and the line). Loading the bash grammar is the only asynchronous part; `check` is
 * synchronous.
 */
async function loadPolicy(options) {
    const allow = parsePatterns(options.allow, 'allowed-commands');
    const deny = parsePatterns(options.deny, 'denied-commands');
    const parser = await loadBashParser();
    return new Policy(parser, allow, deny, options.workingDirectory);
}
function parsePatterns(lines, input) {
    const patterns = [];
    for (const raw of lines) {
        // Tolerate the whole input passed as one string.
        for (const line of raw.split('\n')) {
            const pattern = parsePattern(line, input);
            if (pattern)
                patterns.push(pattern);
        }
    }
    return patterns;
}
/** Variables whose value changes no program's behaviour in a way that runs code or writes files. */
const INERT_VARIABLE = /^(IFS|LANG|LANGUAGE|LC_(ALL|CTYPE|COLLATE|MESSAGES|NUMERIC|TIME|MONETARY|PAPER|NAME|ADDRESS|TELEPHONE|MEASUREMENT|IDENTIFICATION)|TZ|TERM|NO_COLOR|FORCE_COLOR|CLICOLOR|CLICOLOR_FORCE|COLORTERM|COLUMNS|LINES|GREP_COLOR|GREP_COLORS|LS_COLORS|CI|NODE_ENV|PYTHONUNBUFFERED|PYTHONDONTWRITEBYTECODE)$/;
/**
 * An inert variable with a plain value. A locale, terminal or zone name with a slash is a path to
 * data files the programs then parse, so values stay names (TZ may name a zone like Europe/Paris).
 */
function isInert(name, value) {
    if (!INERT_VARIABLE.test(name))
        return false;
    if (value === undefined)
        return true;
    if (!value.literal)
        return false;
    // IFS only changes how expansions split, and the policy already treats those as unknown.
    if (name === 'IFS')
        return true;
    if (value.text.startsWith('-'))
        return false;
    if (name === 'TZ')
        return !value.text.includes('..') && !/^:?\//.test(value.text);
    return /^[A-Za-z0-9_.,:;@+=%# -]*$/.test(value.text);
}
/**
 * Lower-case variables are the script's own: bash and the programs it runs read upper-case names
 * (the exceptions below are read in lower case by npm, yarn and proxy-aware tools).
 */
function isLocalName(name) {
    return (/^[a-z_][a-z0-9_]*$/.test(name) &&
        !/^(npm_|yarn_|pnpm_|bun_)|(^|_)proxy$|^histchars$|^auto_resume$/.test(name));
}
const ALWAYS_WRITABLE = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
const MAX_DEPTH = 8;
const MAX_DIRECTORIES = 16;
class Policy {
    parser;
    allowCommands;
    denyCommands;
    allowWrites;
    denyWrites;
    workingDirectory;
    realWorkingDirectory;
    constructor(parser, allow, deny, workingDirectory) {
        this.parser = parser;
        this.allowCommands = allow.filter((p) => p.kind === 'command');
        this.denyCommands = deny.filter((p) => p.kind === 'command');
        this.allowWrites = allow.filter((p) => p.kind === 'write');
        this.denyWrites = deny.filter((p) => p.kind === 'write');
        if (this.allowCommands.some((p) => p.universal)) {
            // The single pattern `*` implies `> **`.
            const anything = parsePattern('> **', 'allowed-commands');
            this.allowWrites.push(anything);
        }
        this.workingDirectory = (0,external_node_path_.resolve)(workingDirectory);
        this.realWorkingDirectory = realPath(this.workingDirectory);
    }
    check(command, cwd) {
        let failure;
        try {
            failure = new Check(this, (0,external_node_path_.resolve)(this.workingDirectory, cwd)).run(command);
        }
        catch (error) {
            // A checker bug must refuse the command, not take the agent loop down or let it through.
            const why = error instanceof Error ? error.message : String(error);
            failure = {
                code: 'internal-error',
                offender: command,
                where: [],
                why: `could not be checked (${why})`,
                suggest: {},
            };
        }
        if (!failure)
            return { allowed: true, script: command, cacheable: false };
        const refusal = {
            code: failure.code,
            offender: failure.offender,
            where: failure.where,
            detail: failure.why,
        };
        return { allowed: false, refusal, message: this.message(failure) };
    }
    message(failure) {
        const offender = shorten(failure.offender);
        const where = failure.where.length > 0 ? ` (${[...failure.where].reverse().join(', ')})` : '';
        return `Command denied by policy: '${offender}'${where} ${failure.why}. Allowed: ${this.nearest(failure)}`;
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
    return items.length > limit ? [...items.slice(0, limit), '…'].join(', ') : items.join(', ');
}
function shorten(text) {
    const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
    return flat.length > 160 ? flat.slice(0, 157) + '…' : flat;
}
function realPath(path, depth = 0) {
    // Resolve symlinks in the longest existing prefix: a link named notes.txt may point into .git/,
    // and a dangling one is followed too, since writing through it creates its target.
    let existing = path;
    const rest = [];
    for (;;) {
        try {
            const real = (0,external_node_fs_.realpathSync)(existing);
            return rest.length > 0 ? (0,external_node_path_.join)(real, ...rest.reverse()) : real;
        }
        catch {
            const target = depth < 16 ? danglingLinkTarget(existing) : undefined;
            if (target !== undefined) {
                return realPath(rest.length > 0 ? (0,external_node_path_.join)(target, ...[...rest].reverse()) : target, depth + 1);
            }
            const parent = (0,external_node_path_.dirname)(existing);
            if (parent === existing)
                return path;
            rest.push((0,external_node_path_.basename)(existing));
            existing = parent;
        }
    }
}
function danglingLinkTarget(path) {
    try {
        if (!(0,external_node_fs_.lstatSync)(path).isSymbolicLink())
            return undefined;
        return (0,external_node_path_.resolve)((0,external_node_path_.dirname)(path), (0,external_node_fs_.readlinkSync)(path));
    }
    catch {
        return undefined;
    }
}
/** One call of `check`: walks the text, then resolves the writes it collected. */
class Check {
    policy;
    cwd;
    writes = [];
    directoryChanges = [];
    constructor(policy, cwd) {
        this.policy = policy;
        this.cwd = cwd;
    }
    run(command) {
        return this.script(command, TOP_LEVEL, 0) ?? this.checkWrites();
    }
    script(text, scope, depth) {
        if (depth > MAX_DEPTH) {
            return {
                code: 'nested-too-deeply',
                offender: text,
                where: scope.where,
                why: 'nests shell text too deeply to check',
                suggest: {},
            };
        }
        const parsed = parseScript(this.policy.parser, text, scope);
        let first;
        const consider = (start, failure) => {
            if (failure && (!first || start < first.start))
                first = { start, failure };
        };
        for (const problem of parsed.problems) {
            consider(problem.start, {
                code: problem.code,
                offender: problem.source,
                where: problem.where,
                why: problem.why,
                suggest: {},
            });
        }
        for (const command of parsed.commands)
            consider(command.start, this.command(command, depth));
        return first?.failure;
    }
    command(command, depth) {
        for (const redirect of command.redirects) {
            if (redirect.kind === 'write')
                this.writes.push({ redirect, scope: command.scope });
        }
        if (command.words.length === 0) {
            for (const assignment of command.assignments) {
                const failure = this.bareAssignment(assignment, command);
                if (failure)
                    return failure;
            }
            return undefined;
        }
        return this.invocation(command.words, command, depth, command.source, undefined, command.assignments);
    }
    bareAssignment(assignment, command) {
        const name = assignment.name;
        // IFS is fine for one command (`IFS= read -r line`), not for the rest of the session.
        if ((name !== 'IFS' && isInert(name, assignment.value)) || isLocalName(name))
            return undefined;
        const spelled = this.policy.allowCommands.some((p) => p.universal ||
            (p.words.length === 0 && p.assignments.some((a) => assignmentMatches(a, assignment))));
        if (spelled)
            return undefined;
        return {
            code: 'risky-variable',
            offender: command.source,
            where: command.scope.where,
            why: variableWhy(name),
            suggest: {},
        };
    }
    /**
     * Checks one program invocation: the command itself, or a command run by another (env, find
     * -exec…). `spelledBy` is the outer match when the outer pattern spelled out every word of this
     * inner command, which then needs no pattern of its own.
     */
    invocation(words, command, depth, offender, spelledBy, assignments) {
        const scope = command.scope;
        const name = words[0];
        const fail = (code, why, program) => ({
            code,
            offender,
            where: scope.where,
            why,
            suggest: { program },
        });
        if (!name.literal || name.ansiC || name.text === '') {
            return fail('dynamic-command', `starts with a command name that is not a plain word ('${name.source}' is only known at run time)`);
        }
        const program = programName(name.text);
        for (const pattern of this.policy.denyCommands) {
            if (matchDeny(pattern, words) ||
                (program === 'git' && matchDeny(pattern, withoutGitGlobalOptions(words)))) {
                return fail('denied-pattern', `matches the denied pattern '${pattern.source}'`, program);
            }
        }
        const transparent = TRANSPARENT.has(name.text) && words.length > 0;
        const matches = [];
        if (spelledBy)
            matches.push(spelledMatch(words));
        for (const pattern of this.policy.allowCommands) {
            const match = matchAllow(pattern, words);
            if (match)
                matches.push(match);
        }
        if (matches.length === 0 && transparent)
            matches.push(spelledMatch([]));
        if (matches.length === 0) {
            return fail('no-matching-pattern', name.text.includes('/')
                ? 'matches no allowed pattern (a path to a program must be allowed by a pattern naming that path)'
                : 'matches no allowed pattern', program);
        }
        const analysis = analyseProgram(words, { stdin: scope.stdin });
        let chosen;
        let firstIssue;
        for (const match of matches) {
            const issue = this.issueWith(match, analysis, assignments, words);
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
        for (const inner of analysis.inner) {
            const spelled = inner.from.every((i) => i >= 0 && literallyCovered(chosen, i));
            const innerScope = {
                ...scope,
                where: [...scope.where, inner.where],
                stdin: inner.stdin ?? scope.stdin,
            };
            const failure = this.invocation(inner.words, { ...command, scope: innerScope }, depth, inner.words.map((w) => w.source).join(' '), spelled ? chosen : undefined, []);
            if (failure)
                return failure;
        }
        for (const script of analysis.scripts) {
            const deferred = scope.deferred || script.deferred === true;
            const failure = this.script(script.text, {
                where: [...scope.where, script.where],
                stdin: script.stdin ?? { kind: 'inherited' },
                repeats: scope.repeats || deferred,
                deferred,
            }, depth + 1);
            if (failure)
                return failure;
        }
        if (analysis.changesDirectory) {
            if (scope.deferred) {
                return fail('deferred-directory-change', 'changes directory in code that runs later (a function body or trap), which would hide where later writes go');
            }
            this.directoryChanges.push({
                target: analysis.changesDirectory.target,
                scope,
                source: offender,
            });
        }
        return undefined;
    }
    /** Why a match does not cover what the command does, or undefined when it does. */
    issueWith(match, analysis, assignments, words) {
        const universal = match.pattern.universal;
        for (const danger of analysis.dangers) {
            if (!dangerAccepted(danger, match)) {
                return { code: dangerCode(danger), why: dangerWhy(danger, words, match) };
            }
        }
        for (const assignment of assignments) {
            if (isInert(assignment.name, assignment.value) || isLocalName(assignment.name) || universal)
                continue;
            if (match.pattern.assignments.some((a) => assignmentMatches(a, assignment)))
                continue;
            return {
                code: 'risky-variable',
                why: `${variableWhy(assignment.name)} (in '${assignment.source}')`,
            };
        }
        for (const variable of analysis.variables) {
            if (isInert(variable.name, variable.value) || universal)
                continue;
            if (isLocalName(variable.name))
                continue;
            if (spells(match.coverage[variable.index], variable.spell))
                continue;
            return { code: 'risky-variable', why: variableWhy(variable.name) };
        }
        return undefined;
    }
    checkWrites() {
        const { directories, unknown } = this.directories();
        for (const { redirect, scope } of this.writes) {
            const failure = this.checkWrite(redirect, scope, directories, unknown);
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
    checkWrite(redirect, scope, directories, unknown) {
        const target = redirect.target;
        const fail = (code, why) => ({
            code,
            offender: redirect.source,
            where: scope.where,
            why,
            suggest: { writes: true },
        });
        if (!target)
            return fail('write-target-unknown', 'writes to a file the policy could not identify');
        if (!target.literal)
            return fail('write-target-unknown', `writes to a file whose name is only known at run time ('${target.source}')`);
        const text = target.text;
        if (ALWAYS_WRITABLE.has(text))
            return undefined;
        if (target.tilde) {
            if (text !== '~' && !text.startsWith('~/'))
                return fail('write-not-allowed', `writes to another user's home directory`);
            const normalized = '~/' + (0,external_node_path_.relative)('/', (0,external_node_path_.resolve)('/', text.slice(1)));
            if (this.policy.denyWrites.some((p) => homeWriteAllowed(p, normalized)))
                return fail('write-not-allowed', `writes ${text}, which a denied pattern covers`);
            if (this.policy.allowWrites.some((p) => homeWriteAllowed(p, normalized)))
                return undefined;
            return fail('write-not-allowed', `writes ${text}, which no '> PATH' pattern allows`);
        }
        let paths;
        if ((0,external_node_path_.isAbsolute)(text)) {
            paths = [(0,external_node_path_.resolve)(text)];
        }
        else if (unknown) {
            return fail('write-target-unknown', `writes '${text}' after ${unknown}, so the policy cannot tell which directory it is in`);
        }
        else {
            paths = directories.map((d) => (0,external_node_path_.resolve)(d, text));
        }
        for (const path of paths) {
            if (ALWAYS_WRITABLE.has(path))
                continue;
            const real = realPath(path);
            const shown = displayPath(path, this.policy.workingDirectory);
            const denied = this.policy.denyWrites.some((p) => writeAllowed(p, path, this.policy.workingDirectory) ||
                writeAllowed(p, real, this.policy.realWorkingDirectory));
            if (denied)
                return fail('write-not-allowed', `writes ${shown}, which a denied pattern covers`);
            const allowed = this.policy.allowWrites.some((p) => writeAllowed(p, path, this.policy.workingDirectory) &&
                writeAllowed(p, real, this.policy.realWorkingDirectory));
            if (!allowed) {
                const git = /(^|[/\\])\.git([/\\]|$)/i.test(path) || /(^|[/\\])\.git([/\\]|$)/i.test(real);
                return fail(git ? 'write-into-git' : 'write-not-allowed', git
                    ? `writes ${shown}, inside .git/, which only a pattern naming .git/ allows`
                    : `writes ${shown}, which no '> PATH' pattern allows`);
            }
        }
        return undefined;
    }
}
function displayPath(path, workingDirectory) {
    const rel = (0,external_node_path_.relative)(workingDirectory, path);
    return rel === ''
        ? '.'
        : rel.startsWith('..') || (0,external_node_path_.isAbsolute)(rel)
            ? path
            : rel.split(external_node_path_.sep).join('/');
}
function assignmentMatches(pattern, assignment) {
    if (assignment.word.literal)
        return wordMatches(pattern, assignment.word.text);
    // A value known only at run time is allowed by `NAME=*` alone.
    return pattern.text === `${assignment.name}=*`;
}
function variableWhy(name) {
    return `sets ${name}, which can change what programs run; only locale and colour variables (LANG, LC_*, TZ, NO_COLOR…) and lower-case shell variables may be set unless a pattern spells the assignment out`;
}
function dangerCode(danger) {
    if (danger.severity === 'unresolvable')
        return 'unresolvable';
    return danger.severity === 'code' ? 'inline-code' : 'dangerous-option';
}
function dangerAccepted(danger, match) {
    if (danger.severity === 'unresolvable')
        return false;
    if (match.pattern.universal)
        return danger.severity === 'option';
    return danger.spell > 0 && spells(match.coverage[danger.index], danger.spell);
}
function dangerWhy(danger, words, match) {
    if (danger.severity === 'unresolvable')
        return `cannot be checked: ${danger.why}`;
    const word = words[danger.index];
    const option = word && danger.spell > 0 ? word.text.slice(0, danger.spell) : undefined;
    const example = option
        ? ` (e.g. '${[...words.slice(0, danger.index).map((w) => w.text), option, '*'].join(' ')}')`
        : '';
    const hint = danger.spell > 0 ? `; allow it with a pattern that spells it out${example}` : '';
    void match;
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
        })),
    };
}
function literallyCovered(match, index) {
    if (match.pattern.universal)
        return false;
    const p = match.coverage[index];
    return p !== undefined && p.regex === undefined;
}


/***/ }),

/***/ 8406:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

// Loads web-tree-sitter's CommonJS build: its ESM build crashes under ncc with
// `createRequire is not a function` (toolchain.md, "Bash parsing").
// eslint-disable-next-line @typescript-eslint/no-require-imports -- this file exists to require() it
module.exports = __webpack_require__(551);


/***/ })

};

//# sourceMappingURL=296.index.js.map