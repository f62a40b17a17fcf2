import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Analysis, Danger } from './analysis.js';
import {
  parseScript,
  TOP_LEVEL,
  type Assignment,
  type Redirect,
  type Scope,
  type SimpleCommand,
} from './parse.js';
import {
  homeWriteAllowed,
  matchAllow,
  matchDeny,
  parsePattern,
  spells,
  wordMatches,
  writeAllowed,
  type CommandPattern,
  type Match,
  type Pattern,
  type WordPattern,
  type WritePattern,
} from './patterns.js';
import { analyseProgram, programName, TRANSPARENT, withoutGitGlobalOptions } from './programs.js';
import { loadBashParser, type BashParser } from './tree-sitter.js';
import type { RefusalCode } from './refusal.js';
import type { CommandPolicy, PolicyDecision } from './types.js';
import type { Word } from './words.js';

export interface PolicyOptions {
  /** Lines of the `allowed-commands` input. */
  allow: readonly string[];
  /** Lines of the `denied-commands` input. */
  deny: readonly string[];
  /** Absolute working directory; write patterns are relative to it. */
  workingDirectory: string;
}

export { DEFAULT_ALLOWED_COMMANDS } from './defaults.js';

/**
 * Builds the command policy. Throws when a pattern line cannot be parsed (the message names the
 * input and the line). Loading the bash grammar is the only asynchronous part; `check` is
 * synchronous.
 */
export async function loadPolicy(options: PolicyOptions): Promise<CommandPolicy> {
  const allow = parsePatterns(options.allow, 'allowed-commands');
  const deny = parsePatterns(options.deny, 'denied-commands');
  const parser = await loadBashParser();
  return new Policy(parser, allow, deny, options.workingDirectory);
}

function parsePatterns(lines: readonly string[], input: string): Pattern[] {
  const patterns: Pattern[] = [];
  for (const raw of lines) {
    // Tolerate the whole input passed as one string.
    for (const line of raw.split('\n')) {
      const pattern = parsePattern(line, input);
      if (pattern) patterns.push(pattern);
    }
  }
  return patterns;
}

/** Variables whose value changes no program's behaviour in a way that runs code or writes files. */
const INERT_VARIABLE =
  /^(IFS|LANG|LANGUAGE|LC_(ALL|CTYPE|COLLATE|MESSAGES|NUMERIC|TIME|MONETARY|PAPER|NAME|ADDRESS|TELEPHONE|MEASUREMENT|IDENTIFICATION)|TZ|TERM|NO_COLOR|FORCE_COLOR|CLICOLOR|CLICOLOR_FORCE|COLORTERM|COLUMNS|LINES|GREP_COLOR|GREP_COLORS|LS_COLORS|CI|NODE_ENV|PYTHONUNBUFFERED|PYTHONDONTWRITEBYTECODE)$/;

/**
 * An inert variable with a plain value. A locale, terminal or zone name with a slash is a path to
 * data files the programs then parse, so values stay names (TZ may name a zone like Europe/Paris).
 */
function isInert(name: string, value: Word | undefined): boolean {
  if (!INERT_VARIABLE.test(name)) return false;
  if (value === undefined) return true;
  if (!value.literal) return false;
  // IFS only changes how expansions split, and the policy already treats those as unknown.
  if (name === 'IFS') return true;
  if (value.text.startsWith('-')) return false;
  if (name === 'TZ') return !value.text.includes('..') && !/^:?\//.test(value.text);
  return /^[A-Za-z0-9_.,:;@+=%# -]*$/.test(value.text);
}

/**
 * Lower-case variables are the script's own: bash and the programs it runs read upper-case names
 * (the exceptions below are read in lower case by npm, yarn and proxy-aware tools).
 */
function isLocalName(name: string): boolean {
  return (
    /^[a-z_][a-z0-9_]*$/.test(name) &&
    !/^(npm_|yarn_|pnpm_|bun_)|(^|_)proxy$|^histchars$|^auto_resume$/.test(name)
  );
}

const ALWAYS_WRITABLE = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
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

  constructor(
    readonly parser: BashParser,
    allow: Pattern[],
    deny: Pattern[],
    workingDirectory: string,
  ) {
    this.allowCommands = allow.filter((p): p is CommandPattern => p.kind === 'command');
    this.denyCommands = deny.filter((p): p is CommandPattern => p.kind === 'command');
    this.allowWrites = allow.filter((p): p is WritePattern => p.kind === 'write');
    this.denyWrites = deny.filter((p): p is WritePattern => p.kind === 'write');
    if (this.allowCommands.some((p) => p.universal)) {
      // The single pattern `*` implies `> **`.
      const anything = parsePattern('> **', 'allowed-commands') as WritePattern;
      this.allowWrites.push(anything);
    }
    this.workingDirectory = resolve(workingDirectory);
    this.realWorkingDirectory = realPath(this.workingDirectory);
  }

  check(command: string, cwd: string): PolicyDecision {
    let failure: Failure | undefined;
    try {
      failure = new Check(this, resolve(this.workingDirectory, cwd)).run(command);
    } catch (error) {
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
    if (!failure) return { allowed: true, script: command, cacheable: false };
    const refusal = {
      code: failure.code,
      offender: failure.offender,
      where: failure.where,
      detail: failure.why,
    };
    return { allowed: false, refusal, message: this.message(failure) };
  }

  private message(failure: Failure): string {
    const offender = shorten(failure.offender);
    const where = failure.where.length > 0 ? ` (${[...failure.where].reverse().join(', ')})` : '';
    return `Command denied by policy: '${offender}'${where} ${failure.why}. Allowed: ${this.nearest(failure)}`;
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

function shorten(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return flat.length > 160 ? flat.slice(0, 157) + '…' : flat;
}

function realPath(path: string, depth = 0): string {
  // Resolve symlinks in the longest existing prefix: a link named notes.txt may point into .git/,
  // and a dangling one is followed too, since writing through it creates its target.
  let existing = path;
  const rest: string[] = [];
  for (;;) {
    try {
      const real = realpathSync(existing);
      return rest.length > 0 ? join(real, ...rest.reverse()) : real;
    } catch {
      const target = depth < 16 ? danglingLinkTarget(existing) : undefined;
      if (target !== undefined) {
        return realPath(rest.length > 0 ? join(target, ...[...rest].reverse()) : target, depth + 1);
      }
      const parent = dirname(existing);
      if (parent === existing) return path;
      rest.push(basename(existing));
      existing = parent;
    }
  }
}

function danglingLinkTarget(path: string): string | undefined {
  try {
    if (!lstatSync(path).isSymbolicLink()) return undefined;
    return resolve(dirname(path), readlinkSync(path));
  } catch {
    return undefined;
  }
}

interface PendingWrite {
  readonly redirect: Redirect;
  readonly scope: Scope;
}

interface DirectoryChange {
  readonly target: Word | undefined;
  readonly scope: Scope;
  readonly source: string;
}

/** One call of `check`: walks the text, then resolves the writes it collected. */
class Check {
  private readonly writes: PendingWrite[] = [];
  private readonly directoryChanges: DirectoryChange[] = [];

  constructor(
    private readonly policy: Policy,
    private readonly cwd: string,
  ) {}

  run(command: string): Failure | undefined {
    return this.script(command, TOP_LEVEL, 0) ?? this.checkWrites();
  }

  private script(text: string, scope: Scope, depth: number): Failure | undefined {
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
    let first: { start: number; failure: Failure } | undefined;
    const consider = (start: number, failure: Failure | undefined): void => {
      if (failure && (!first || start < first.start)) first = { start, failure };
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
    for (const command of parsed.commands) consider(command.start, this.command(command, depth));
    return first?.failure;
  }

  private command(command: SimpleCommand, depth: number): Failure | undefined {
    for (const redirect of command.redirects) {
      if (redirect.kind === 'write') this.writes.push({ redirect, scope: command.scope });
    }
    if (command.words.length === 0) {
      for (const assignment of command.assignments) {
        const failure = this.bareAssignment(assignment, command);
        if (failure) return failure;
      }
      return undefined;
    }
    return this.invocation(
      command.words,
      command,
      depth,
      command.source,
      undefined,
      command.assignments,
    );
  }

  private bareAssignment(assignment: Assignment, command: SimpleCommand): Failure | undefined {
    const name = assignment.name;
    // IFS is fine for one command (`IFS= read -r line`), not for the rest of the session.
    if ((name !== 'IFS' && isInert(name, assignment.value)) || isLocalName(name)) return undefined;
    const spelled = this.policy.allowCommands.some(
      (p) =>
        p.universal ||
        (p.words.length === 0 && p.assignments.some((a) => assignmentMatches(a, assignment))),
    );
    if (spelled) return undefined;
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
  private invocation(
    words: readonly Word[],
    command: SimpleCommand,
    depth: number,
    offender: string,
    spelledBy: Match | undefined,
    assignments: readonly Assignment[],
  ): Failure | undefined {
    const scope = command.scope;
    const name = words[0] as Word;
    const fail = (code: RefusalCode, why: string, program?: string): Failure => ({
      code,
      offender,
      where: scope.where,
      why,
      suggest: { program },
    });
    if (!name.literal || name.ansiC || name.text === '') {
      return fail(
        'dynamic-command',
        `starts with a command name that is not a plain word ('${name.source}' is only known at run time)`,
      );
    }
    const program = programName(name.text);
    for (const pattern of this.policy.denyCommands) {
      if (
        matchDeny(pattern, words) ||
        (program === 'git' && matchDeny(pattern, withoutGitGlobalOptions(words)))
      ) {
        return fail('denied-pattern', `matches the denied pattern '${pattern.source}'`, program);
      }
    }
    const transparent = TRANSPARENT.has(name.text) && words.length > 0;
    const matches: Match[] = [];
    if (spelledBy) matches.push(spelledMatch(words));
    for (const pattern of this.policy.allowCommands) {
      const match = matchAllow(pattern, words);
      if (match) matches.push(match);
    }
    if (matches.length === 0 && transparent) matches.push(spelledMatch([]));
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
      const issue = this.issueWith(match, analysis, assignments, words);
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
    for (const inner of analysis.inner) {
      const spelled = inner.from.every((i) => i >= 0 && literallyCovered(chosen, i));
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
    }
    for (const script of analysis.scripts) {
      const deferred = scope.deferred || script.deferred === true;
      const failure = this.script(
        script.text,
        {
          where: [...scope.where, script.where],
          stdin: script.stdin ?? { kind: 'inherited' },
          repeats: scope.repeats || deferred,
          deferred,
        },
        depth + 1,
      );
      if (failure) return failure;
    }
    if (analysis.changesDirectory) {
      if (scope.deferred) {
        return fail(
          'deferred-directory-change',
          'changes directory in code that runs later (a function body or trap), which would hide where later writes go',
        );
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
  private issueWith(
    match: Match,
    analysis: Analysis,
    assignments: readonly Assignment[],
    words: readonly Word[],
  ): Issue | undefined {
    const universal = match.pattern.universal;
    for (const danger of analysis.dangers) {
      if (!dangerAccepted(danger, match)) {
        return { code: dangerCode(danger), why: dangerWhy(danger, words, match) };
      }
    }
    for (const assignment of assignments) {
      if (isInert(assignment.name, assignment.value) || isLocalName(assignment.name) || universal)
        continue;
      if (match.pattern.assignments.some((a) => assignmentMatches(a, assignment))) continue;
      return {
        code: 'risky-variable',
        why: `${variableWhy(assignment.name)} (in '${assignment.source}')`,
      };
    }
    for (const variable of analysis.variables) {
      if (isInert(variable.name, variable.value) || universal) continue;
      if (isLocalName(variable.name)) continue;
      if (spells(match.coverage[variable.index], variable.spell)) continue;
      return { code: 'risky-variable', why: variableWhy(variable.name) };
    }
    return undefined;
  }

  private checkWrites(): Failure | undefined {
    const { directories, unknown } = this.directories();
    for (const { redirect, scope } of this.writes) {
      const failure = this.checkWrite(redirect, scope, directories, unknown);
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

  private checkWrite(
    redirect: Redirect,
    scope: Scope,
    directories: string[],
    unknown: string | undefined,
  ): Failure | undefined {
    const target = redirect.target;
    const fail = (code: RefusalCode, why: string): Failure => ({
      code,
      offender: redirect.source,
      where: scope.where,
      why,
      suggest: { writes: true },
    });
    if (!target)
      return fail('write-target-unknown', 'writes to a file the policy could not identify');
    if (!target.literal)
      return fail(
        'write-target-unknown',
        `writes to a file whose name is only known at run time ('${target.source}')`,
      );
    const text = target.text;
    if (ALWAYS_WRITABLE.has(text)) return undefined;
    if (target.tilde) {
      if (text !== '~' && !text.startsWith('~/'))
        return fail('write-not-allowed', `writes to another user's home directory`);
      const normalized = '~/' + relative('/', resolve('/', text.slice(1)));
      if (this.policy.denyWrites.some((p) => homeWriteAllowed(p, normalized)))
        return fail('write-not-allowed', `writes ${text}, which a denied pattern covers`);
      if (this.policy.allowWrites.some((p) => homeWriteAllowed(p, normalized))) return undefined;
      return fail('write-not-allowed', `writes ${text}, which no '> PATH' pattern allows`);
    }
    let paths: string[];
    if (isAbsolute(text)) {
      paths = [resolve(text)];
    } else if (unknown) {
      return fail(
        'write-target-unknown',
        `writes '${text}' after ${unknown}, so the policy cannot tell which directory it is in`,
      );
    } else {
      paths = directories.map((d) => resolve(d, text));
    }
    for (const path of paths) {
      if (ALWAYS_WRITABLE.has(path)) continue;
      const real = realPath(path);
      const shown = displayPath(path, this.policy.workingDirectory);
      const denied = this.policy.denyWrites.some(
        (p) =>
          writeAllowed(p, path, this.policy.workingDirectory) ||
          writeAllowed(p, real, this.policy.realWorkingDirectory),
      );
      if (denied)
        return fail('write-not-allowed', `writes ${shown}, which a denied pattern covers`);
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
    return undefined;
  }
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

function variableWhy(name: string): string {
  return `sets ${name}, which can change what programs run; only locale and colour variables (LANG, LC_*, TZ, NO_COLOR…) and lower-case shell variables may be set unless a pattern spells the assignment out`;
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
  if (match.pattern.universal) return danger.severity === 'option';
  return danger.spell > 0 && spells(match.coverage[danger.index], danger.spell);
}

function dangerWhy(danger: Danger, words: readonly Word[], match: Match): string {
  if (danger.severity === 'unresolvable') return `cannot be checked: ${danger.why}`;
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
