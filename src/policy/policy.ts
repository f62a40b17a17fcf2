import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Analysis, Danger, InnerScript, OptionWrite } from './analysis.js';
import { frameCommandIssue, frameMention, isFrameCode, XTRACE_FD_WHY } from './frame.js';
import {
  containGuards,
  GUARD_NAME_WHY,
  guardableTarget,
  guardedArgument,
  guardedFunctionCall,
  guardedWriteTarget,
  namesGuardVariable,
  traceIssue,
} from './read/guards.js';
import { excerpt } from './read/walk-state.js';
import {
  parseScript,
  TOP_LEVEL,
  type Assignment,
  type ParsedScript,
  type Redirect,
  type Scope,
  type SimpleCommand,
} from './read/parse.js';
import { fileSystemResolver, type PathResolver } from './paths.js';
import { PrintError, quoteLiteral, render, withOwnInput } from './read/print.js';
import {
  homeWriteAllowed,
  matchAllow,
  matchDeny,
  parsePatternInput,
  spells,
  wordMatches,
  writeAllowed,
  type CommandPattern,
  type Match,
  type PolicyPatterns,
  type WordPattern,
  type WritePattern,
} from './patterns.js';
import {
  analyseProgram,
  canonicalGit,
  programName,
  TRANSPARENT,
  withoutGitGlobalOptions,
} from './programs.js';
import { FLOW_BUILTINS, roleOf } from './registry.js';
import { loadBashParser, type BashParser } from './tree-sitter.js';
import { renderRefusal, type Refusal, type RefusalCode } from './refusal.js';
import type { CommandPolicy, PolicyDecision } from './types.js';
import { isRiskyVariable, riskyVariableWhy } from './variables.js';
import { literalWord, splitApart, type Word } from './read/words.js';
import { messageOf } from '../errors.js';

/**
 * Where the policy's patterns come from: already parsed (the action's configuration parses them as
 * it reads its inputs), or the lines of `allowed-commands` and `denied-commands` (the policy CLI,
 * tests), parsed here.
 */
export type PatternSource =
  | { patterns: PolicyPatterns }
  | {
      /** Lines of the `allowed-commands` input. */
      allow: readonly string[];
      /** Lines of the `denied-commands` input. */
      deny: readonly string[];
    };

export type PolicyOptions = PatternSource & {
  /** Absolute working directory; write patterns are relative to it. */
  workingDirectory: string;
  /** Where symlinks are resolved; the real file system unless given. */
  resolver?: PathResolver;
  /**
   * Called when the checker itself fails. The command is refused either way (a checker bug must not
   * let a command through or take the agent loop down); a hook that rethrows makes a crash fail a
   * test instead of passing for a refusal. Unset, it rethrows only where STRICT_POLICY_VARIABLE is
   * `1`, which the test set-up sets for every test.
   */
  onInternalError?: (error: unknown, command: string) => void;
};

/** Set to `1` by the test set-up: a checker crash then throws instead of refusing. */
export const STRICT_POLICY_VARIABLE = 'BASH_AGENT_STRICT_POLICY';

function rethrowWhenStrict(error: unknown): void {
  if (process.env[STRICT_POLICY_VARIABLE] === '1') throw error;
}

export { DEFAULT_ALLOWED_COMMANDS } from './defaults.js';

/**
 * Builds the command policy. Throws a PatternError when a pattern line cannot be parsed (the message
 * names the input and the line). Loading the bash grammar is the only asynchronous part; `check` is
 * synchronous.
 */
export async function loadPolicy(options: PolicyOptions): Promise<CommandPolicy> {
  const patterns =
    'patterns' in options
      ? options.patterns
      : {
          allow: parsePatternInput(options.allow, 'allowed-commands'),
          deny: parsePatternInput(options.deny, 'denied-commands'),
        };
  const parser = await loadBashParser();
  return new Policy(parser, patterns, options);
}

const ALWAYS_WRITABLE = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
/**
 * Problems that only say the parser could not read the text; under `*` such text runs. Problems
 * that say the text reads differently to bash and to the policy still refuse, since they are how a
 * denied command would hide.
 */
/** bash's alias and hash tables, which any assignment builtin can fill. */
const DEFINES_NAMES = /\bBASH_(ALIASES|CMDS)\b/;
/** The scope of a function body named cd, pushd or popd (as the walker labels bodies). */
const SHADOWS_DIRECTORY_BUILTIN = /\bfunction (cd|pushd|popd)$/;
const UNREAD_UNDER_UNIVERSAL: ReadonlySet<RefusalCode> = new Set(['unparsable', 'too-long']);
const MAX_DEPTH = 8;
const MAX_DIRECTORIES = 16;

interface Failure {
  readonly code: RefusalCode;
  readonly offender: string;
  readonly where: readonly string[];
  readonly why: string;
  /** Which patterns to list: those of this program, the write patterns, or all. */
  readonly suggest: { readonly program?: string; readonly writes?: boolean };
}

class Policy implements CommandPolicy {
  readonly allowCommands: CommandPattern[];
  readonly denyCommands: CommandPattern[];
  readonly allowWrites: WritePattern[];
  readonly denyWrites: WritePattern[];
  readonly workingDirectory: string;
  readonly realWorkingDirectory: string;
  /**
   * Functions whose definitions were checked in an allowed call of this run: callable by name in a
   * later call without a pattern of their own (behind a guard that the name is still a function).
   * A call that sources a file, which may define functions unchecked, forgets them all.
   */
  readonly checkedFunctions = new Set<string>();
  /**
   * The single pattern `*`: every command runs, and only the deny patterns are checked, against
   * what a static reading can see.
   */
  readonly universal: boolean;
  readonly resolver: PathResolver;
  private readonly onInternalError: NonNullable<PolicyOptions['onInternalError']>;

  constructor(
    readonly parser: BashParser,
    { allow, deny }: PolicyPatterns,
    options: PolicyOptions,
  ) {
    this.allowCommands = allow.filter((p): p is CommandPattern => p.kind === 'command');
    this.denyCommands = deny.filter((p): p is CommandPattern => p.kind === 'command');
    this.allowWrites = allow.filter((p): p is WritePattern => p.kind === 'write');
    this.denyWrites = deny.filter((p): p is WritePattern => p.kind === 'write');
    this.universal = this.allowCommands.some((p) => p.universal);
    this.resolver = options.resolver ?? fileSystemResolver;
    this.onInternalError = options.onInternalError ?? rethrowWhenStrict;
    this.workingDirectory = resolve(options.workingDirectory);
    this.realWorkingDirectory = this.resolver.realPath(this.workingDirectory);
  }

  check(command: string, cwd: string): PolicyDecision {
    if (this.universal && this.denyCommands.length === 0 && this.denyWrites.length === 0) {
      // `*` alone: nothing to check, so nothing is parsed and the text goes to bash as written.
      return { allowed: true, script: command, cacheable: true };
    }
    // Under the single pattern `*` the text goes to bash as it is; under an allowlist bash runs
    // what the policy printed from its own reading, so a place where the parser reads the text
    // differently from bash changes how a command behaves, never what runs unchecked.
    const check = new Check(this, resolve(this.workingDirectory, cwd), command);
    let failure: Failure | undefined;
    try {
      failure = this.universal ? undefined : guardNameFailure(command, []);
      failure ??= check.run(command);
      if (!failure && !this.universal && check.printed === undefined)
        throw new Error('the check printed no script');
    } catch (error) {
      this.onInternalError(error, command);
      const why = messageOf(error);
      failure = {
        code: 'internal-error',
        offender: command,
        where: [],
        why: `could not be checked (${why})`,
        suggest: {},
      };
    }
    if (!failure && !this.universal) check.rememberFunctions();
    if (!failure)
      return this.universal || check.printed === undefined
        ? { allowed: true, script: command, cacheable: !check.consultedFiles }
        : {
            allowed: true,
            script: check.printed,
            printed: true,
            // A cached decision skips rememberFunctions: a call that defines functions or sources
            // a file (which forgets them) must meet the check each time.
            cacheable:
              !check.consultedFiles && !check.callsCheckedFunction && !check.changesFunctions,
          };
    const refusal: Refusal = {
      code: failure.code,
      offender: failure.offender,
      where: failure.where,
      detail: failure.why,
    };
    return { allowed: false, refusal, message: renderRefusal(refusal, this.nearest(failure)) };
  }

  /** The allow patterns most likely to help the model correct itself. */
  private nearest(failure: Failure): string {
    const limit = 8;
    if (failure.suggest.writes) {
      const writes = this.allowWrites.map((p) => p.source);
      return writes.length > 0
        ? list(writes, limit)
        : 'no writes by redirection (no > PATH pattern), commands: ' +
            list(
              this.allowCommands.map((p) => p.source),
              limit,
            );
    }
    const all = this.allowCommands.map((p) => p.source);
    if (all.length === 0) return 'nothing (allowed-commands is empty)';
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

function list(items: readonly string[], limit: number): string {
  return items.length > limit ? [...items.slice(0, limit), '…'].join(', ') : items.join(', ');
}

interface PendingWrite {
  readonly redirect: Redirect;
  readonly scope: Scope;
  /** Where the command writing it starts in the checked text. */
  readonly start: number;
  /** Directories the program itself moves through before writing (`git -C A -C B`). */
  readonly via?: readonly string[];
  /** Written where only deny patterns apply (under `*`, or by a shell allowed to run anything). */
  readonly anywhere: boolean;
}

/** At the top level of the checked text: not in a loop, function, subshell or deferred text. */
function runsOnceInOrder(scope: Scope): boolean {
  return scope.where.length === 0 && !scope.repeats && !scope.deferred;
}

interface DirectoryChange {
  readonly target: Word | undefined;
  readonly scope: Scope;
  readonly source: string;
  readonly start: number;
}

/** Where a top-level command sits in the checked text. */
interface Span {
  readonly start: number;
  readonly end: number;
}

/** What replaces the words and heredocs of one script that carry shell text, once it is checked. */
interface Level {
  readonly words: Map<Word, string>;
  readonly inputs: Map<object, string>;
}

/** One script checked: why it is refused, or the text bash is to run for it. */
interface Checked {
  readonly failure?: Failure;
  /** Set when the script is allowed and printed. */
  readonly printed?: string;
}

/** One call of `check`: walks the text, then resolves the writes it collected. */
class Check {
  /** The replacements of the script being walked. */
  private level: Level = { words: new Map(), inputs: new Map() };
  /** The script bash is to run, once `run` has allowed the command (under an allowlist). */
  printed: string | undefined;
  private readonly writes: PendingWrite[] = [];
  private readonly directoryChanges: DirectoryChange[] = [];
  private readonly topLevel: Span[] = [];
  /** The resolver was asked: the decision depends on the file system, not only on the text. */
  consultedFiles = false;
  /** A call of a function defined in an earlier call: the decision depends on those calls. */
  callsCheckedFunction = false;
  /** The functions the text defines at its top level (not in `bash -c` text, not under eval). */
  private defines: readonly string[] = [];
  /** The text sources a file, which may define any function without a check. */
  private sources = false;
  /**
   * How many shell texts being checked run in a shell whose pattern runs any file (`bash *`):
   * inside them, as under `*`, only the deny patterns apply.
   */
  private denyOnly = 0;

  constructor(
    private readonly policy: Policy,
    private readonly cwd: string,
    private readonly text: string,
  ) {}

  /** Only deny patterns apply: under `*`, or in text run by a shell that may run anything. */
  private get lenient(): boolean {
    return this.policy.universal || this.denyOnly > 0;
  }

  run(command: string): Failure | undefined {
    const checked = this.script(command, TOP_LEVEL, 0, (parsed) => {
      this.defines = parsed.functions;
    });
    const failure = checked.failure ?? this.checkWrites();
    if (!failure && checked.printed !== undefined) this.printed = containGuards(checked.printed);
    return failure;
  }

  /** The call defines functions or sources a file: it changes what later calls may call. */
  get changesFunctions(): boolean {
    return this.sources || this.defines.length > 0;
  }

  /** Once the call is allowed: what it defined may be called later, unless it sources a file. */
  rememberFunctions(): void {
    const functions = this.policy.checkedFunctions;
    if (this.sources) functions.clear();
    else for (const name of this.defines) functions.add(name);
  }

  private script(
    text: string,
    scope: Scope,
    depth: number,
    onParsed?: (parsed: ParsedScript) => void,
  ): Checked {
    if (depth > MAX_DEPTH) {
      // Under `*` what the policy cannot see runs; only what it sees is held to the deny patterns.
      if (this.lenient) return {};
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
    let first: { start: number; failure: Failure } | undefined;
    // The first refusal in the text, except that one no pattern can fix (the session's frame)
    // comes before any other: a pattern the model asks for would not help.
    const consider = (start: number, failure: Failure | undefined): void => {
      if (!failure) return;
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
        consider(
          problem.start,
          frame
            ? { code: frame.code, offender: text, where: scope.where, why: frame.why, suggest: {} }
            : this.deniedMention(text, scope),
        );
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
    const level: Level = { words: new Map(), inputs: new Map() };
    this.level = level;
    try {
      for (const command of parsed.commands) consider(command.start, this.command(command, depth));
    } finally {
      this.level = outer;
    }
    if (first) return { failure: first.failure };
    // Where only deny patterns apply (under `*`, or in text a shell that may run anything runs),
    // the text runs as written: the word that holds it is printed with exactly that value.
    if (this.lenient) return {};
    try {
      return { printed: render(parsed.print, level) };
    } catch (error) {
      if (!(error instanceof PrintError)) throw error;
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
  private replaceScript(
    script: InnerScript,
    printed: string,
    words: readonly Word[],
    scope: Scope,
  ): Failure | undefined {
    const word = script.index === undefined ? undefined : words[script.index];
    if (word?.literal && word.text === script.text && word.printed !== undefined) {
      this.level.words.set(
        word,
        quoteLiteral(script.betweenCalls ? withOwnInput(printed) : printed),
      );
      return undefined;
    }
    if (
      script.index === undefined &&
      scope.stdin.kind === 'text' &&
      scope.stdin.text === script.text
    ) {
      this.level.inputs.set(scope.stdin, printed);
      return undefined;
    }
    // eval and watch join their words with spaces: the first of them takes the whole print.
    for (let k = 1; script.index === undefined && k < words.length; k++) {
      const joined = words.slice(k);
      if (
        joined.every((w) => w.literal && w.printed !== undefined) &&
        joined.map((w) => w.text).join(' ') === script.text
      ) {
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

  /**
   * Text the parser cannot read, under `*` with deny patterns: it runs, unless it names a denied
   * program, so that unreadable spelling (`{touch,x}`) is not the easy way around a deny pattern.
   */
  private deniedMention(text: string, scope: Scope): Failure | undefined {
    const words = text.replace(/['"\\]/g, '').split(/[^\w./+-]+/);
    const tokens = new Set(words.map(programName));
    for (const pattern of this.policy.denyCommands) {
      const first = pattern.words[0];
      if (!first || !tokens.has(programName(first.text))) continue;
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

  private command(command: SimpleCommand, depth: number): Failure | undefined {
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
      this.topLevel.push({ start: command.start, end: command.start + command.source.length });
    const named = this.lenient
      ? undefined
      : guardNameFailure(
          [
            ...command.words.map((w) => w.text),
            ...command.assignments.map((a) => a.word.text),
          ].join(' '),
          command.scope.where,
        );
    if (named) return named;
    for (const redirect of command.redirects) {
      if (redirect.kind === 'write')
        this.noteWrite({
          redirect,
          scope: command.scope,
          start: command.start,
          anywhere: this.lenient,
        });
    }
    if (
      /\bBASH_XTRACEFD\b/.test(command.source) ||
      command.assignments.some((a) => a.name === 'BASH_XTRACEFD')
    ) {
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
      if (this.lenient) return undefined;
      for (const assignment of command.assignments) {
        const failure = this.bareAssignment(assignment, command);
        if (failure) return failure;
      }
      return undefined;
    }
    const failure = this.invocation(
      command.words,
      command,
      depth,
      command.source,
      undefined,
      command.assignments,
    );
    if (failure) return failure;
    // `x='a.ts out'; uniq $x` is uniq with two operands, the second its output file.
    const apart = splitApart(command.words);
    return (
      apart &&
      this.invocation(apart, command, depth, command.source, undefined, command.assignments)
    );
  }

  private bareAssignment(assignment: Assignment, command: SimpleCommand): Failure | undefined {
    const name = assignment.name;
    // IFS is not risky: the policy reads every unquoted expansion as splitting into any words, and
    // bash splits nothing else (literal text, the frame's and the guards' words) by it.
    if (!isRiskyVariable(name, assignment.value)) return undefined;
    const spelled = this.policy.allowCommands.some(
      (p) => p.words.length === 0 && p.assignments.some((a) => assignmentMatches(a, assignment)),
    );
    if (spelled) return undefined;
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
   * -exec…). `spelledBy` is the outer match when the outer pattern spelled out every word of this
   * inner command, which then needs no pattern of its own.
   */
  private invocation(
    words: readonly Word[],
    command: SimpleCommand,
    depth: number,
    offender: string,
    spelledBy: Match | undefined,
    assignments: readonly Assignment[],
  ): Failure | undefined {
    const scope = command.scope;
    const universal = this.lenient;
    const name = words[0] as Word;
    const fail = (code: RefusalCode, why: string, program?: string): Failure => ({
      code,
      offender,
      where: scope.where,
      why,
      suggest: { program },
    });
    if (!name.literal || name.ansiC || name.text === '') {
      // Under `*` such a name is refused only when it could be a denied command.
      if (universal && !this.policy.denyCommands.some((p) => matchDeny(p, words))) return undefined;
      return fail(
        'dynamic-command',
        `starts with a command name that is not a plain word ('${name.source}' is only known at run time)`,
      );
    }
    // What the session's frame relies on is refused whatever the patterns say.
    const frame = frameCommandIssue(words);
    if (frame) return fail(frame.code, frame.why);
    // And what the run-time checks rely on, where they stand between the text and bash.
    const trace = universal ? undefined : traceIssue(words);
    if (trace) return fail('frame-name', trace);
    const program = programName(name.text);
    for (const pattern of this.policy.denyCommands) {
      if (
        matchDeny(pattern, words) ||
        (program === 'git' && matchDeny(pattern, withoutGitGlobalOptions(words)))
      ) {
        return fail('denied-pattern', `matches the denied pattern '${pattern.source}'`, program);
      }
    }
    if (universal) {
      return this.follow(
        analyseProgram(words, { stdin: scope.stdin }),
        words,
        command,
        depth,
        offender,
      );
    }
    // `git -C DIR …` is `cd DIR && git …`, and git's harmless global options say nothing a
    // pattern needs to see: both are checked in that reading.
    let via: string[] | undefined;
    if (program === 'git') {
      const git = canonicalGit(words);
      for (const directory of git.directories) {
        const changes = this.directoryChanges.length;
        const failure = this.invocation(
          [literalWord('cd', directory.start), directory],
          {
            ...command,
            scope: { ...scope, where: [...scope.where, 'as the directory of git -C'] },
          },
          depth,
          `git -C ${directory.source}`,
          undefined,
          [],
        );
        // git moves itself, not the shell.
        this.directoryChanges.length = changes;
        if (failure) return failure;
      }
      if (git.directories.length > 0) via = git.directories.map((d) => d.text);
      words = git.words;
    }
    if (FLOW_BUILTINS.has(name.text) && words.every((w) => w.literal)) return undefined;
    const transparent = TRANSPARENT.has(name.text) && words.length > 0;
    const matches: Match[] = [];
    if (spelledBy) matches.push(spelledMatch(words));
    for (const pattern of this.policy.allowCommands) {
      const match = matchAllow(pattern, words);
      if (match) matches.push(match);
    }
    if (matches.length === 0 && transparent) matches.push(spelledMatch([]));
    if (source.has(name.text)) this.sources = true;
    if (matches.length === 0 && assignments.length === 0 && this.callsFunction(name.text)) {
      this.level.words.set(
        name,
        guardedFunctionCall(render([{ word: name }], this.level), name.text, offender),
      );
      return undefined;
    }
    if (matches.length === 0) {
      return fail(
        'no-matching-pattern',
        name.text.includes('/')
          ? 'matches no allowed pattern (a path to a program must be allowed by a pattern naming that path)'
          : 'matches no allowed pattern',
        program,
      );
    }
    const analysis = analyseProgram(words, { stdin: scope.stdin });
    let chosen: Match | undefined;
    let firstIssue: Issue | undefined;
    for (const match of matches) {
      const issue = this.issueWith(match, analysis, assignments, words, program);
      if (!issue) {
        chosen = match;
        break;
      }
      firstIssue ??= issue;
    }
    if (!chosen) {
      const issue = firstIssue as Issue;
      return fail(issue.code, issue.why, program);
    }
    for (const check of analysis.runtimeChecks ?? []) {
      const word = words[check.index];
      if (word)
        this.level.words.set(
          word,
          guardedArgument(render([{ word }], this.level), check, command.source),
        );
    }
    for (const write of analysis.writes) {
      // A pattern that spells the option out (`sort -o *`) allows the write it names.
      if (spells(chosen.coverage[write.index], write.spell)) continue;
      this.noteWrite({
        redirect: optionRedirect(write),
        scope,
        start: command.start,
        via,
        anywhere: false,
      });
    }
    // A shell allowed to run any file may as well run any text: only deny patterns apply in it.
    const runsAnything = roleOf(program) === 'shell' && runsAnyFile(chosen.pattern, program);
    return this.follow(analysis, words, command, depth, offender, chosen, runsAnything);
  }

  /** Checks what an allowed command runs in turn, and notes where it moves the shell. */
  private follow(
    analysis: Analysis,
    words: readonly Word[],
    command: SimpleCommand,
    depth: number,
    offender: string,
    chosen?: Match,
    scriptsRunAnything = false,
  ): Failure | undefined {
    const scope = command.scope;
    for (const inner of analysis.inner) {
      const spelled =
        chosen !== undefined && inner.from.every((i) => i >= 0 && literallyCovered(chosen, i));
      const innerScope: Scope = {
        ...scope,
        where: [...scope.where, inner.where],
        stdin: inner.stdin ?? scope.stdin,
      };
      const failure = this.invocation(
        inner.words,
        { ...command, scope: innerScope },
        depth,
        inner.words.map((w) => w.source).join(' '),
        spelled ? chosen : undefined,
        [],
      );
      if (failure) return failure;
      if (inner.endsOptionsAfter !== undefined) {
        // Checked with `--` after that word: what bash runs has it there too.
        const before = words[inner.endsOptionsAfter];
        if (before) this.level.words.set(before, `${render([{ word: before }], this.level)} --`);
      }
    }
    for (const script of analysis.scripts) {
      const deferred = scope.deferred || script.deferred === true;
      if (scriptsRunAnything) this.denyOnly++;
      let checked: Checked;
      try {
        checked = this.script(
          script.text,
          {
            where: [...scope.where, script.where],
            stdin: script.stdin ?? { kind: 'inherited' },
            repeats: scope.repeats || deferred,
            deferred,
          },
          depth + 1,
        );
      } finally {
        if (scriptsRunAnything) this.denyOnly--;
      }
      if (checked.failure) return checked.failure;
      if (checked.printed !== undefined) {
        const failure = this.replaceScript(script, checked.printed, words, scope);
        if (failure) return failure;
      }
    }
    if (this.lenient) {
      const failure = this.renames(analysis, command, depth, offender);
      if (failure) return failure;
    }
    if (analysis.changesDirectory) {
      if (scope.deferred) {
        if (this.lenient) {
          this.directoryChanges.push({ target: undefined, scope, source: offender, start: 0 });
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
      this.directoryChanges.push({
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
  private renames(
    analysis: Analysis,
    command: SimpleCommand,
    depth: number,
    offender: string,
  ): Failure | undefined {
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
      const { failure } = this.script(
        `${rename.text} "$@"`,
        {
          ...command.scope,
          where: [...command.scope.where, 'as what a name defined here runs later'],
          repeats: true,
          deferred: true,
        },
        depth + 1,
      );
      if (failure) return failure;
    }
    return undefined;
  }

  /** Why a match does not cover what the command does, or undefined when it does. */
  private issueWith(
    match: Match,
    analysis: Analysis,
    assignments: readonly Assignment[],
    words: readonly Word[],
    program: string,
  ): Issue | undefined {
    // An interpreter allowed to run any file (`node *`) may as well run code given inline or on
    // standard input: refusing that spelling protects nothing.
    const anyCode = runsAnyFile(match.pattern, program);
    for (const danger of analysis.dangers) {
      if (anyCode || dangerAccepted(danger, match)) continue;
      return { code: dangerCode(danger), why: dangerWhy(danger, words) };
    }
    for (const assignment of assignments) {
      if (!isRiskyVariable(assignment.name, assignment.value)) continue;
      if (match.pattern.assignments.some((a) => assignmentMatches(a, assignment))) continue;
      return {
        code: 'risky-variable',
        why: `${riskyVariableWhy(assignment.name)} (in '${assignment.source}')`,
      };
    }
    for (const variable of analysis.variables) {
      if (!isRiskyVariable(variable.name, variable.value)) continue;
      if (spells(match.coverage[variable.index], variable.spell)) continue;
      return { code: 'risky-variable', why: riskyVariableWhy(variable.name) };
    }
    return undefined;
  }

  private realPath(path: string): string {
    this.consultedFiles = true;
    return this.policy.resolver.realPath(path);
  }

  /**
   * Whether `name` is a function whose definition was checked: earlier in this text (at its top
   * level), or in an allowed call before, and no file was sourced since.
   */
  private callsFunction(name: string): boolean {
    if (this.sources) return false;
    const earlier = this.policy.checkedFunctions.has(name);
    if (earlier) this.callsCheckedFunction = true;
    return earlier || this.defines.includes(name);
  }

  /**
   * A write to check once the whole text is read (checkWrites), or, when its target is built from
   * variables a guard can check (guardableTarget) under an allowlist, checked where it runs: its
   * word is printed behind a guard that matches the expanded path against the same write patterns.
   */
  private noteWrite(write: PendingWrite): void {
    const target = write.redirect.target;
    if (write.anywhere || !target || !guardableTarget(target) || write.via) {
      this.writes.push(write);
      return;
    }
    let printed: string;
    try {
      printed = render([{ word: target }], this.level);
    } catch (error) {
      if (!(error instanceof PrintError)) throw error;
      this.writes.push(write);
      return;
    }
    this.level.words.set(
      target,
      guardedWriteTarget(printed, write.redirect.source, {
        realWorkingDirectory: this.policy.realWorkingDirectory,
        allow: this.policy.allowWrites,
        deny: this.policy.denyWrites,
      }),
    );
  }

  private checkWrites(): Failure | undefined {
    const { directories, unknown } = this.directories();
    for (const write of this.writes) {
      // A top-level write before every change of directory, each at top level too, is made where
      // the text starts (`cat > lib.sh <<EOF … EOF; source ./lib.sh`).
      const first =
        runsOnceInOrder(write.scope) &&
        this.directoryChanges.every((c) => runsOnceInOrder(c.scope) && c.start > write.start);
      if (first) {
        const failure = this.checkWrite(write, [this.cwd], undefined);
        if (failure) return failure;
        continue;
      }
      const failure = this.checkWrite(write, this.directoriesFor(write) ?? directories, unknown);
      if (failure) return failure;
    }
    return undefined;
  }

  /** The directories the shell may be in when a redirection runs, given the cd commands seen. */
  private directories(): { directories: string[]; unknown: string | undefined } {
    let directories = [this.cwd];
    for (const change of this.directoryChanges) {
      const target = change.target;
      if (!target || !target.literal || target.tilde || target.text === '-') {
        return { directories, unknown: `'${change.source}'` };
      }
      if (isAbsolute(target.text)) {
        directories.push(resolve(target.text));
      } else if (change.scope.repeats) {
        return { directories, unknown: `'${change.source}' in a loop` };
      } else {
        // The cd may fail, so the old directories stay possible.
        directories = [
          ...new Set([...directories, ...directories.map((d) => resolve(d, target.text))]),
        ];
      }
      if (directories.length > MAX_DIRECTORIES)
        return { directories, unknown: `'${change.source}'` };
    }
    return { directories, unknown: undefined };
  }

  /**
   * `cd DIR && … > FILE`: the write runs only if the cd succeeded, so FILE is in DIR alone. Read
   * from the text between top-level commands, and only when that cd is the one directory change:
   * anything less plain falls back to every directory the shell may be in.
   */
  private directoriesFor(write: PendingWrite): string[] | undefined {
    if (this.directoryChanges.length !== 1) return undefined;
    const change = this.directoryChanges[0] as DirectoryChange;
    const target = change.target;
    if (!target?.literal || target.tilde || target.text === '-' || target.text === '') return;
    if (change.scope.where.length > 0 || change.scope.repeats || change.scope.deferred) return;
    const spans = [...this.topLevel].sort((a, b) => a.start - b.start);
    const from = spans.findIndex((s) => s.start === change.start);
    const to = spans.findIndex((s) => s.start === write.start);
    if (from < 0 || to <= from) return undefined;
    // The cd runs whenever its list runs: first in it, or after `&&` (`a && cd d` is true only
    // when the cd ran and succeeded); after `||` it may be skipped while the rest still runs.
    const before = this.text.slice(from > 0 ? (spans[from - 1] as Span).end : 0, change.start);
    if (!/(^|;|&&|\n)\s*$/.test(before) || /\|\|\s*$/.test(before)) return undefined;
    for (let i = from; i < to; i++) {
      const gap = this.text.slice((spans[i] as Span).end, (spans[i + 1] as Span).start);
      // Nothing but blanks between two spans: the second is the first one's redirection (a newline
      // would separate two commands).
      const joined = gap.replace(/\\\n/g, '').replace(/[ \t]/g, '');
      if (!/^(&&\n*)?$/.test(joined)) return undefined;
    }
    return [resolve(this.cwd, target.text)];
  }

  private checkWrite(
    write: PendingWrite,
    directories: string[],
    unknown: string | undefined,
  ): Failure | undefined {
    const { redirect, scope } = write;
    const universal = write.anywhere;
    const target = redirect.target;
    const fail = (code: RefusalCode, why: string): Failure => ({
      code,
      offender: redirect.source,
      where: scope.where,
      why,
      suggest: { writes: true },
    });
    // Under `*` writes are allowed everywhere; what cannot be read runs.
    if (!target || !target.literal) {
      if (universal) return undefined;
      return target
        ? fail(
            'write-target-unknown',
            `writes to a file whose name is only known at run time ('${target.source}')`,
          )
        : fail('write-target-unknown', 'writes to a file the policy could not identify');
    }
    const text = target.text;
    if (ALWAYS_WRITABLE.has(text)) return undefined;
    if (target.tilde) {
      if (text !== '~' && !text.startsWith('~/'))
        return universal
          ? undefined
          : fail('write-not-allowed', `writes to another user's home directory`);
      const normalized = '~/' + relative('/', resolve('/', text.slice(1)));
      if (this.policy.denyWrites.some((p) => homeWriteAllowed(p, normalized)))
        return fail('write-not-allowed', `writes ${text}, which a denied pattern covers`);
      if (universal || this.policy.allowWrites.some((p) => homeWriteAllowed(p, normalized)))
        return undefined;
      return fail('write-not-allowed', `writes ${text}, which no '> PATH' pattern allows`);
    }
    let paths: string[];
    if (isAbsolute(text)) {
      paths = [resolve(text)];
    } else if (unknown) {
      if (universal) return undefined;
      return fail(
        'write-target-unknown',
        `writes '${text}' after ${unknown}, so the policy cannot tell which directory it is in`,
      );
    } else {
      paths = directories.map((d) => resolve(d, ...(write.via ?? []), text));
    }
    for (const path of paths) {
      if (ALWAYS_WRITABLE.has(path)) continue;
      const real = this.realPath(path);
      const shown = displayPath(path, this.policy.workingDirectory);
      const denied = this.policy.denyWrites.some(
        (p) =>
          writeAllowed(p, path, this.policy.workingDirectory) ||
          writeAllowed(p, real, this.policy.realWorkingDirectory),
      );
      if (denied)
        return fail('write-not-allowed', `writes ${shown}, which a denied pattern covers`);
      if (universal) continue;
      const allowed = this.policy.allowWrites.some(
        (p) =>
          writeAllowed(p, path, this.policy.workingDirectory) &&
          writeAllowed(p, real, this.policy.realWorkingDirectory),
      );
      if (!allowed) {
        const git = /(^|[/\\])\.git([/\\]|$)/i.test(path) || /(^|[/\\])\.git([/\\]|$)/i.test(real);
        return fail(
          git ? 'write-into-git' : 'write-not-allowed',
          git
            ? `writes ${shown}, inside .git/, which only a pattern naming .git/ allows`
            : `writes ${shown}, which no '> PATH' pattern allows`,
        );
      }
    }
    if (scope.deferred && !universal && !isAbsolute(text)) {
      // A function body or trap runs in whatever directory the shell is in when it is called: the
      // write was allowed here, where it is defined, which says nothing about there.
      return fail(
        'write-target-unknown',
        `writes '${text}' in code that runs later (a function body or trap), where the directory is only known then; use an absolute path`,
      );
    }
    return undefined;
  }
}

/** A file an option names, as the redirection it amounts to. */
function optionRedirect(write: OptionWrite): Redirect {
  return {
    kind: 'write',
    operator: write.option,
    target: write.target,
    source: `${write.option} ${write.target.source}`,
  };
}

/**
 * A pattern that lets an interpreter or a shell run any file (`node *`, `python3 *`, `bash *`,
 * `deno run *`): the program's name, maybe a `run` subcommand, and the final `*`.
 */
function runsAnyFile(pattern: CommandPattern, program: string): boolean {
  const role = roleOf(program);
  if (pattern.universal || !pattern.rest || (role !== 'interpreter' && role !== 'shell'))
    return false;
  const words = pattern.words.map((w) => w.text);
  return words.length === 1 || (words.length === 2 && words[1] === 'run');
}

function displayPath(path: string, workingDirectory: string): string {
  const rel = relative(workingDirectory, path);
  return rel === ''
    ? '.'
    : rel.startsWith('..') || isAbsolute(rel)
      ? path
      : rel.split(sep).join('/');
}

function assignmentMatches(pattern: WordPattern, assignment: Assignment): boolean {
  if (assignment.word.literal) return wordMatches(pattern, assignment.word.text);
  // A value known only at run time is allowed by `NAME=*` alone.
  return pattern.text === `${assignment.name}=*`;
}

/** A reason the policy has for refusing one match, before it becomes a Failure. */
interface Issue {
  readonly code: RefusalCode;
  readonly why: string;
}

function dangerCode(danger: Danger): RefusalCode {
  if (danger.severity === 'unresolvable') return 'unresolvable';
  return danger.severity === 'code' ? 'inline-code' : 'dangerous-option';
}

function dangerAccepted(danger: Danger, match: Match): boolean {
  if (danger.severity === 'unresolvable') return false;
  return danger.spell > 0 && spells(match.coverage[danger.index], danger.spell);
}

function dangerWhy(danger: Danger, words: readonly Word[]): string {
  if (danger.severity === 'unresolvable') return `cannot be checked: ${danger.why}`;
  const word = words[danger.index];
  const option = word && danger.spell > 0 ? word.text.slice(0, danger.spell) : undefined;
  const example = option
    ? ` (e.g. '${[...words.slice(0, danger.index).map((w) => w.text), option, '*'].join(' ')}')`
    : '';
  const hint = danger.spell > 0 ? `; allow it with a pattern that spells it out${example}` : '';
  return `${danger.why}${hint}`;
}

/** A match where a literal pattern word covers each word (the outer pattern spelled them out). */
function spelledMatch(words: readonly Word[]): Match {
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

function literallyCovered(match: Match, index: number): boolean {
  if (match.pattern.universal) return false;
  const p = match.coverage[index];
  return p !== undefined && p.regex === undefined;
}

/** A refusal of text that names a guard's variable (see guards.ts), or undefined. */
function guardNameFailure(text: string, where: readonly string[]): Failure | undefined {
  if (!namesGuardVariable(text)) return undefined;
  return { code: 'frame-name', offender: text, where, why: GUARD_NAME_WHY, suggest: {} };
}

/** Builtins that run a file in the current shell, which may define functions no check saw. */
const source = new Set(['source', '.']);
