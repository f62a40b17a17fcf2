import { resolve } from 'node:path';
import { guardNameFailure, type Failure, type PolicyRules } from './decide/check-context.js';
import { CommandCheck } from './decide/command-check.js';
import { fileSystemResolver, type PathResolver } from './decide/paths.js';
import {
  parsePatternInput,
  type CommandPattern,
  type PolicyPatterns,
  type WritePattern,
} from './decide/patterns.js';
import { renderRefusal, type Refusal } from './decide/refusal.js';
import { programName } from './programs/index.js';
import { loadBashParser, type BashParser } from './syntax/tree-sitter.js';
import type { CommandPolicy, PolicyDecision } from './types.js';
import { messageOf } from '../base/errors.js';

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

export { DEFAULT_ALLOWED_COMMANDS } from './decide/defaults.js';

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

class Policy implements CommandPolicy, PolicyRules {
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
    const check = new CommandCheck(this, resolve(this.workingDirectory, cwd), command);
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
