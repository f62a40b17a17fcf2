/**
 * The bash tool: one tool call through policy → session → formatter → redaction. Every failure the
 * model should see (denial, bad input, non-zero exit, timeout, shell death) becomes an `is_error`
 * result; only a broken session (bash cannot be started again) throws, and that ends the run.
 */
import type { CommandPolicy } from '../policy/types.js';
import type { CommandTimeLimit } from './limits.js';
import { redactOutput } from '../shell/format.js';
import type { CommandResult } from '../shell/result.js';
import type { RunOptions } from '../shell/session.js';
import type { CommandFacts, ToolResultKind } from '../transcript.js';

/** The tool definition sent with every request. */
export const BASH_TOOL = { type: 'bash_20250124', name: 'bash' } as const;

export interface ToolOutcome {
  /** The tool_result text, already redacted. */
  text: string;
  isError: boolean;
  kind: ToolResultKind;
  /**
   * What happened to a command the policy or the shell handled, for the reports. Not redacted
   * here: it goes only into the transcript, which redacts what it records.
   */
  command?: CommandFacts;
  /** The command's output (redacted, head and tail) when `text` holds only part of it. */
  output?: string;
}

/** Runs the model's tool calls; the loop depends on this, not on the shell. */
export interface ToolExecutor {
  /**
   * One tool call, with the time limit of a command (already cut to the time left; `cutByDeadline`
   * when the run's deadline did the cutting).
   */
  execute(
    call: { name: string; input: unknown },
    limit: Pick<CommandTimeLimit, 'timeoutMs'> & Partial<CommandTimeLimit>,
  ): Promise<ToolOutcome>;
}

/** What the executor needs of BashSession. */
export interface ShellLike {
  /** `expectedCwd`: the directory the command was checked in; it runs only if the shell is there. */
  run(command: string, options?: RunOptions): Promise<CommandResult>;
  restart(): Promise<void>;
  readonly cwd: string;
  /** The directory the next command runs in (see BashSession.nextCwd). */
  nextCwd(): string;
}

export interface BashExecutorDeps {
  /**
   * The session, asked for at each call. A function, so the caller can start bash only once the
   * first request is on its way (it needs no shell) and hand out the same session every time.
   */
  session: () => ShellLike | Promise<ShellLike>;
  /** The command policy, asked for at each call (loaded lazily, like the session). */
  policy: () => CommandPolicy | Promise<CommandPolicy>;
  /** The tool_result of a command; `cutByDeadline` says the run's deadline set its time limit. */
  format: (
    result: CommandResult,
    context: { cutByDeadline: boolean },
  ) => { text: string; isError: boolean };
  redact: (text: string) => string;
  /**
   * The longest secret form redaction knows (Redactor.longestForm): what is dropped around a cut
   * the session made, where a secret may straddle it. 0 when there are none.
   */
  secretMargin?: () => number;
}

type ParsedInput =
  | { restart: true }
  | { command: string }
  /** Only blanks, newlines and comments: bash would do nothing and succeed. */
  | { nothingToRun: true }
  | { error: string };

/**
 * Text bash reads as no command at all: blank lines, and lines whose first word starts a comment.
 * Blanks are what bash splits words on (space, tab); anything else, `\r` included, is a word to it.
 */
const NOTHING_TO_RUN = /^([ \t]*(#[^\n]*)?(\n|$))+$/;

/** Validates the input of a bash_20250124 call: `{command: string}` or `{restart: true}`. */
export function parseBashInput(input: unknown): ParsedInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return {
      error:
        'Invalid bash tool input: expected an object like {"command": "ls"} or {"restart": true}.',
    };
  }
  const { command, restart } = input as { command?: unknown; restart?: unknown };
  if (restart === true) {
    if (command !== undefined) {
      return {
        error:
          'Invalid bash tool input: give either "command" or "restart": true, not both. Nothing was run.',
      };
    }
    return { restart: true };
  }
  if (restart !== undefined && restart !== false) {
    return {
      error: `Invalid bash tool input: "restart" must be true, got ${JSON.stringify(restart)}.`,
    };
  }
  if (typeof command !== 'string') {
    return {
      error:
        command === undefined
          ? 'Invalid bash tool input: "command" is missing. Send {"command": "..."} or {"restart": true}.'
          : `Invalid bash tool input: "command" must be a string, got ${typeof command}.`,
    };
  }
  if (command === '') return { error: 'Invalid bash tool input: "command" is empty.' };
  if (NOTHING_TO_RUN.test(command)) return { nothingToRun: true };
  return { command };
}

/** The facts of a command that never reached bash. */
const NOT_RUN = {
  exitCode: null,
  durationMs: 0,
  timedOut: false,
  shellExited: false,
  truncated: false,
  outputChars: 0,
} as const;

export function createBashExecutor(deps: BashExecutorDeps): ToolExecutor {
  const outcome = (text: string, isError: boolean, kind: ToolResultKind): ToolOutcome => ({
    text: deps.redact(text),
    isError,
    kind,
  });

  return {
    async execute(call, { timeoutMs, cutByDeadline = false }) {
      if (call.name !== BASH_TOOL.name) {
        return outcome(`Unknown tool '${call.name}': the only tool is bash.`, true, 'invalid');
      }
      const input = parseBashInput(call.input);
      if ('error' in input) return outcome(input.error, true, 'invalid');
      if ('nothingToRun' in input) return outcome('(no output)', false, 'command');
      const session = await deps.session();
      if ('restart' in input) {
        await session.restart();
        return outcome(
          `The shell was restarted: a new bash session is running in ${session.cwd}; variables, functions and the working directory were reset.`,
          false,
          'restart',
        );
      }
      const policy = await deps.policy();
      // The kernel's view of the shell's directory; relative writes are checked against it, and the
      // session runs the command only if the shell is still there when bash reaches it.
      // A deleted working directory is left for its nearest existing parent before the check.
      const cwd = session.nextCwd();
      const decision = policy.check(input.command, cwd);
      if (!decision.allowed) {
        const { code, offender, detail } = decision.refusal;
        return {
          ...outcome(decision.message, true, 'denied'),
          command: { ...NOT_RUN, command: input.command, refusal: { code, offender, detail } },
        };
      }
      // What runs is what the policy checked: its own printing of the command, not the raw text.
      const result = await session.run(decision.script, {
        timeoutMs,
        expectedCwd: cwd,
        wellFormed: decision.printed === true,
      });
      // Redaction first, then every cut: the formatter's, the reports'.
      const redacted = redactOutput(result, deps.redact, deps.secretMargin?.() ?? 0);
      const formatted = deps.format(redacted, { cutByDeadline });
      // Unless the output was cut, the text the model gets starts with the whole of it.
      const truncated = redacted.omittedChars > 0 || !formatted.text.startsWith(redacted.output);
      return {
        ...outcome(formatted.text, formatted.isError, 'command'),
        command: {
          command: input.command,
          exitCode: result.exitCode,
          durationMs: result.durationMs,
          timedOut: result.timedOut,
          shellExited: result.shellExited,
          truncated,
          outputChars: result.output.length + result.omittedChars,
        },
        ...(truncated ? { output: redacted.output } : {}),
      };
    },
  };
}
