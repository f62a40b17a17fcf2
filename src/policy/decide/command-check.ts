import { guardNameFailure, type Failure, type Level, type PolicyRules } from './check-context.js';
import {
  assignmentMatches,
  dangerAccepted,
  dangerCode,
  dangerWhy,
  deniedMention,
  literallyCovered,
  runsAnyFile,
  spelledMatch,
  type Issue,
} from './dangers.js';
import { DenyGuards, denyReadings, guardSite, type SpliceBase } from './deny-guards.js';
import { matchAllow, spells, type Match } from './patterns.js';
import type { RefusalCode } from './refusal.js';
import { optionRedirect, WriteCheck } from './write-check.js';
import { frameCommandIssue, frameMention, isFrameCode, XTRACE_FD_WHY } from '../frame.js';
import { containGuards, guardedArgument, guardedFunctionCall, traceIssue } from '../read/guards.js';
import { excerpt } from '../read/walk-state.js';
import {
  parseScript,
  TOP_LEVEL,
  type Assignment,
  type ParsedScript,
  type Scope,
  type SimpleCommand,
} from '../read/parse.js';
import { PrintError, quoteLiteral, render, withOwnInput } from '../read/print.js';
import type { Analysis, InnerScript } from '../programs/analysis.js';
import {
  analyseProgram,
  canonicalGit,
  controlsFlow,
  isTransparent,
  programName,
  roleOf,
} from '../programs/index.js';
import { isRiskyVariable, riskyVariableWhy } from '../variables.js';
import { literalWord, splitApart, type Word } from '../read/words.js';

/**
 * Problems that only say the parser could not read the text; under `*` such text runs. Problems
 * that say the text reads differently to bash and to the policy still refuse, since they are how a
 * denied command would hide.
 */
const UNREAD_UNDER_UNIVERSAL: ReadonlySet<RefusalCode> = new Set(['unparsable', 'too-long']);
/** bash's alias and hash tables, which any assignment builtin can fill. */
const DEFINES_NAMES = /\bBASH_(ALIASES|CMDS)\b/;
/** The scope of a function body named cd, pushd or popd (as the walker labels bodies). */
const SHADOWS_DIRECTORY_BUILTIN = /\bfunction (cd|pushd|popd)$/;
const MAX_DEPTH = 8;
/** Builtins that run a file in the current shell, which may define functions no check saw. */
const source = new Set(['source', '.']);

/** One script checked: why it is refused, or the text bash is to run for it. */
interface Checked {
  readonly failure?: Failure;
  /** Set when the script is allowed and printed. */
  readonly printed?: string;
}

/**
 * The command half of one call of `check`: walks the text and checks each command against the
 * patterns, hands each write to the write check, and prints the script bash is to run.
 */
export class CommandCheck {
  /** The replacements of the script being walked. */
  private level: Level = { words: new Map(), inputs: new Map() };
  /** The script bash is to run, once `run` has allowed the command (under an allowlist). */
  printed: string | undefined;
  /** The writes the text makes, checked once the whole text is read. */
  private readonly writes: WriteCheck;
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
  /** Under `*`: the deny patterns' run-time guards, spliced into the typed text. */
  readonly denyGuards: DenyGuards;
  /** Where the text being walked stands in the typed text, when a guard can go into it. */
  private base: SpliceBase | undefined;

  constructor(
    private readonly policy: PolicyRules,
    cwd: string,
    text: string,
  ) {
    this.writes = new WriteCheck(policy, cwd, text);
    this.denyGuards = new DenyGuards(text);
  }

  /** The resolver was asked: the decision depends on the file system, not only on the text. */
  get consultedFiles(): boolean {
    return this.writes.consultedFiles;
  }

  /** Only deny patterns apply: under `*`, or in text run by a shell that may run anything. */
  private get lenient(): boolean {
    return this.policy.universal || this.denyOnly > 0;
  }

  run(command: string): Failure | undefined {
    const checked = this.script(command, TOP_LEVEL, 0, this.denyGuards.top, (parsed) => {
      this.defines = parsed.functions;
    });
    const failure = checked.failure ?? this.writes.check();
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
    base?: SpliceBase,
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
            : deniedMention(text, scope, this.policy.denyCommands),
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
    const outerBase = this.base;
    const level: Level = { words: new Map(), inputs: new Map() };
    this.level = level;
    // Where the parser could not read the text, where its words stand is not known either.
    this.base = parsed.problems.length === 0 ? base : undefined;
    try {
      for (const command of parsed.commands) consider(command.start, this.command(command, depth));
    } finally {
      this.level = outer;
      this.base = outerBase;
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
      this.writes.noteTopLevel({
        start: command.start,
        end: command.start + command.source.length,
      });
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
        this.writes.note(this.level, {
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
    // Under `*` a deny pattern that may match is left to a run-time guard where one can check it.
    const site = guardSite(this.policy, this.base, command, offender);
    if (!name.literal || name.ansiC || name.text === '') {
      // Under `*` such a name is refused only when it could be a denied command.
      if (universal && !this.denyGuards.refusing(this.policy.denyCommands, [words], site))
        return undefined;
      return fail(
        'dynamic-command',
        `starts with a command name that is not a plain word ('${name.source}' is only known at run time)`,
      );
    }
    // What the session's frame relies on is refused whatever the patterns say.
    const frame = frameCommandIssue(words);
    if (frame) return fail(frame.code, frame.why);
    // And what the run-time checks rely on, where they stand between the text and bash.
    const trace = universal && !site ? undefined : traceIssue(words);
    if (trace) return fail('frame-name', trace);
    const program = programName(name.text);
    const readings = denyReadings(program, words);
    const denied = this.denyGuards.refusing(this.policy.denyCommands, readings, site);
    if (denied)
      return fail('denied-pattern', `matches the denied pattern '${denied.source}'`, program);
    if (universal) {
      return this.follow(
        analyseProgram(words, { stdin: scope.stdin }),
        words,
        command,
        depth,
        offender,
      );
    }
    let via: string[] | undefined;
    if (program === 'git') {
      const git = this.gitReading(words, command, depth);
      if ('failure' in git) return git.failure;
      ({ words, via } = git);
    }
    if (controlsFlow(name.text) && words.every((w) => w.literal)) return undefined;
    const transparent = isTransparent(name.text) && words.length > 0;
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
   * `git -C DIR …` is `cd DIR && git …`, and git's harmless global options say nothing a pattern
   * needs to see: both are checked in that reading. Returns the words left and the directories git
   * moves through, or why a directory is refused.
   */
  private gitReading(
    words: readonly Word[],
    command: SimpleCommand,
    depth: number,
  ): { words: readonly Word[]; via: string[] | undefined } | { failure: Failure } {
    const scope = command.scope;
    const git = canonicalGit(words);
    for (const directory of git.directories) {
      const changes = this.writes.changeCount;
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
      this.writes.forgetChangesAfter(changes);
      if (failure) return { failure };
    }
    const via = git.directories.length > 0 ? git.directories.map((d) => d.text) : undefined;
    return { words: git.words, via };
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
            inFunction: scope.inFunction,
          },
          depth + 1,
          this.denyGuards.innerBase(this.base, script, words),
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
}
