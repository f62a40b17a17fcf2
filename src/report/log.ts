/**
 * The step's log, written as events come: a line per turn (with the model's words), a group per
 * command whose title shows how it ended, the final message under a heading, and one closing line
 * with the run's figures. The accounting of each request and response (prompt size, tokens, the
 * estimate it was sent under) is debug output: the transcript and the summary have it, and a quiet
 * run reads as what was done, not what it cost turn by turn.
 *
 * Untrusted text (the model's words, commands and their output) can never act as a workflow
 * command. The runner parses every line for `::name::` at its start (after leading white space) and
 * for `##[name]` anywhere in it, and only afterwards checks whether commands are stopped
 * (actions/runner, ActionCommandManager.TryProcessCommand). Each line keeps a prefix, so none starts
 * with `::` or `##[` (the log viewer also styles lines that start with `##[error]` or `##[group]`
 * even when the runner did not act on them); a text with a line that could still act, the legacy
 * form anywhere, goes inside `::stop-commands::<token>` … `::<token>::`, where both forms are inert.
 * The token is random per block, so the text cannot guess the line that resumes.
 */
import * as step from '../run/workflow-commands.js';
import { LIMIT_DESCRIPTIONS, type PromptMeasure, type RecordedEvent } from '../transcript.js';
import { formatUsd } from '../base/money.js';
import { randomHex } from '../base/random-token.js';
import {
  callLabel,
  callStatus,
  failedAtStart,
  STATUS_WORDS,
  type CallRecord,
  type RunFacts,
} from './facts.js';
import { counted, formatDuration, showControls } from './markdown.js';

/** What the log writes through: the runner's workflow commands in the action, a recorder in tests. */
export interface LogSink {
  /** Writes `message` as it is: one line, or several separated by `\n`. */
  info(message: string): void;
  /** Shown only with step debug logging on. */
  debug(message: string): void;
  warning(message: string): void;
  startGroup(title: string): void;
  endGroup(): void;
}

const LINE_BREAK = /\r\n|\r|\n/;
const LINE_BREAKS = new RegExp(LINE_BREAK.source, 'g');

/** A request's prompt as the log tells it, by how its size is known. */
const PROMPT_SIZES: Readonly<Record<PromptMeasure, (tokens: number) => string>> = {
  counted: (tokens) => `${tokens} tokens (counted)`,
  bounded: (tokens) =>
    `at most ${tokens} tokens (bounded by its bytes; not counted, as the budget is far)`,
  estimated: (tokens) => `${tokens} tokens (estimated)`,
};

/** A token no text written inside its block can know. */
function stopToken(): string {
  return `bash-agent-${randomHex(16)}`;
}

/**
 * What the runner could read as a command, with room to spare: the runner trims white space
 * before `::` (.NET's, which also counts NEL), and it matches both forms by its culture's rules,
 * under which invisible characters (control and format characters) may count for nothing. So: a
 * colon at a line's start after any of those, or `#`, `#`, `[` with any of them in between.
 */
const COULD_ACT = /(?:^|[\r\n])[\s\u0085\p{Cc}\p{Cf}]*:|#[\p{Cc}\p{Cf}]*#[\p{Cc}\p{Cf}]*\[/u;

/**
 * Writes untrusted text so that no line of it is a workflow command: a prefix on every line, and a
 * stop-commands block around the text when a line could act even so. The runner ends a line at \r,
 * \n and \r\n alike, so all three split. The text goes out as one message (the sink writes it as
 * the lines it holds): a command's output of a thousand lines is one write, not a thousand.
 * `firstPrefix` (the log's own words, never starting with `::`) leads the first line instead.
 */
export function writeUntrusted(
  sink: LogSink,
  text: string,
  prefix = '│ ',
  firstPrefix = prefix,
): void {
  const next = `\n${prefix}`;
  // Control characters are shown as escapes: raw, a NUL or an escape sequence garbles the log.
  const written = `${firstPrefix}${showControls(text).replace(LINE_BREAKS, () => next)}`;
  if (!COULD_ACT.test(written)) {
    sink.info(written);
    return;
  }
  const token = stopToken();
  sink.info(`::stop-commands::${token}\n${written}\n::${token}::`);
}

function firstLine(text: string, max = 100): string {
  const line = text.split(LINE_BREAK, 1)[0] ?? '';
  const more = line.length > max || line.length < text.trimEnd().length;
  return `${line.slice(0, max)}${more ? ' …' : ''}`;
}

/** How a call ended, for its group's title. */
export function outcomeWords(call: Pick<CallRecord, 'status' | 'command'>): string {
  switch (call.status) {
    case 'ok':
      return '✓';
    case 'failed':
      return `exit ${call.command?.exitCode ?? '?'}`;
    case 'denied':
      return `denied (${call.command?.refusal?.code ?? 'policy'})`;
    default:
      return STATUS_WORDS[call.status];
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Stop reasons after which the loop may be done: the response's text waits for the result, which
 * shows the final message under its heading, instead of being written twice.
 */
const MAY_BE_FINAL = new Set(['end_turn', 'stop_sequence', 'refusal']);

/** The heading the final message is written under. */
export const FINAL_MESSAGE_HEADING = '── Final message ──';

/** The log of a run, written from its transcript's events. */
export interface EventLog {
  /** Writes what an event adds to the log: the transcript's listener. */
  write(event: RecordedEvent): void;
  /**
   * Writes a line for each call that started at least `RUNNING_AFTER_MS` before `now` and has not
   * ended, once a call. The log's holder calls this at its flush points, after the events are in:
   * a long command shows in the log while it runs, and one that never ends leaves its line.
   */
  showRunning(now?: number): void;
}

/**
 * How long a command runs before the log says it is running. The log is let out ten times a
 * second; a line for every command that happens to straddle one would double a quiet run's lines.
 */
export const RUNNING_AFTER_MS = 1_000;

/**
 * The log of a transcript. A command's group is written when its result comes, since its title
 * shows the outcome; a command that ends within a second needs no other line, so the log has one
 * line a command, the group's, for all but the long ones.
 */
export function eventLog(sink: LogSink): EventLog {
  let maxTurns: number | undefined;
  /** The run's model, for request events recorded before they named theirs. */
  let runModel: string | undefined;
  /** Each running call's label, its first line for the titles, and whether its line was written. */
  const calls = new Map<string, { label: string; first: string; at: number; shown: boolean }>();
  /** The request a response answers: its model and whether a limit made it the last one. */
  let asked: { model: string | undefined; windDown: string } | undefined;
  /** The text of a response that may be the final message, until the run says whether it is. */
  let held = '';
  const writeHeld = (): void => {
    if (held !== '') writeUntrusted(sink, held);
    held = '';
  };
  const showRunning = (now = Date.now()): void => {
    for (const call of calls.values()) {
      if (call.shown || now - call.at < RUNNING_AFTER_MS) continue;
      call.shown = true;
      writeUntrusted(sink, call.first, 'Running: $ ');
    }
  };
  const write = (event: RecordedEvent): void => {
    switch (event.type) {
      case 'start':
        maxTurns = event.settings.maxTurns;
        runModel = event.settings.model;
        break;
      case 'request': {
        const of = maxTurns === undefined ? '' : ` of at most ${maxTurns}`;
        // Named on every line: after a switch to the fallback model, the log shows where each went.
        const model = event.model ?? runModel;
        const to = model === undefined ? '' : ` to ${model}`;
        const last = event.windDown
          ? ` (the last one ${LIMIT_DESCRIPTIONS[event.windDown]} allows)`
          : '';
        // A final message sent back (not valid against the schema) was not the last word.
        writeHeld();
        asked = { model: model === runModel ? undefined : model, windDown: last };
        sink.debug(
          `Request ${event.turn}${of}${to}${last}: prompt ${PROMPT_SIZES[event.promptMeasure](event.promptTokens)}, ` +
            `max_tokens ${event.maxTokens}, ` +
            `at most ${formatUsd(event.estimatedUsd)}`,
        );
        break;
      }
      case 'response': {
        const u = event.usage;
        sink.debug(
          `Response ${event.turn} after ${seconds(event.durationMs)}: stop reason ${event.stopReason}; ` +
            `tokens ${u.inputTokens} in, ${u.outputTokens} out, ${u.cacheReadTokens} cache read, ` +
            `${u.cacheWriteTokens} cache write; ${formatUsd(event.costUsd)}`,
        );
        const final = MAY_BE_FINAL.has(event.stopReason ?? '');
        const usual = final || event.stopReason === 'tool_use';
        const header =
          `Turn ${event.turn}${maxTurns === undefined ? '' : ` of ${maxTurns}`}` +
          `${asked?.model ? ` on ${asked.model}` : ''}${asked?.windDown ?? ''}: ` +
          `${seconds(event.durationMs)}, ${formatUsd(event.costUsd)}` +
          `${usual ? '' : `, stop reason ${event.stopReason}`}`;
        asked = undefined;
        if (final || event.text === '') {
          sink.info(header);
          held = final ? event.text : '';
        } else {
          writeUntrusted(sink, event.text, '│ ', `${header} │ `);
        }
        break;
      }
      case 'tool_call': {
        const label = callLabel(event.input, event.name);
        calls.set(event.id, { label, first: firstLine(label), at: event.at, shown: false });
        break;
      }
      case 'tool_result': {
        const call = calls.get(event.id);
        calls.delete(event.id);
        const label = call?.label ?? '(unknown call)';
        const outcome = outcomeWords({ status: callStatus(event), command: event.command });
        const took =
          event.command && event.kind === 'command' ? `, ${seconds(event.command.durationMs)}` : '';
        // startGroup escapes the title's line breaks itself, so a title cannot carry a command.
        sink.startGroup(`${outcome} · $ ${showControls(call?.first ?? label)}${took}`);
        if (label.includes('\n')) writeUntrusted(sink, label, '$ ');
        writeUntrusted(sink, event.text);
        if (event.command?.refusal) {
          sink.info(
            `(denied by the command policy: ${event.command.refusal.code}; see the text above)`,
          );
        }
        sink.endGroup();
        break;
      }
      case 'notice':
        // A notice can quote what a server said; a warning's text is data of its own command.
        if (event.level === 'warning') sink.warning(event.message);
        else writeUntrusted(sink, event.message, '');
        break;
      case 'limit':
        sink.info(`Limit reached: ${event.detail}`);
        break;
      case 'undone':
        if (event.changes.length > 0) {
          // One annotation for the lot: the runner shows only the first few of a step's warnings.
          sink.warning(
            [
              `The run changed ${counted(event.changes.length, 'place')} outside the working tree:`,
              ...event.changes,
            ].join('\n'),
          );
        }
        break;
      case 'error':
        // Shown once, at the end: as the step's failure, or by `writeErrors` (see there).
        break;
      case 'result':
        if (event.result === '') {
          writeHeld();
        } else {
          held = '';
          sink.info(FINAL_MESSAGE_HEADING);
          writeUntrusted(sink, event.result);
        }
        break;
    }
  };
  return { write, showRunning };
}

/**
 * Writes the errors the step's failure will not show. A run that does not succeed fails the step
 * (or warns, at a limit) with its detail, which for an error is the error itself: written in the
 * log as well, it would be there twice. Any other error (a second one, one after a success) is
 * written here, once.
 */
export function writeErrors(sink: LogSink, facts: RunFacts): void {
  const shown =
    facts.conclusion === 'success' || facts.conclusion === 'skipped' ? [] : [facts.detail];
  for (const message of new Set(facts.errors)) {
    if (!shown.includes(message)) writeUntrusted(sink, message, '│ ', 'Error: ');
  }
}

/** The one closing line of the log, with the run's figures (none for a run that never began). */
export function closingLine(facts: RunFacts): string {
  if (failedAtStart(facts)) return 'Conclusion: error, before any request or command';
  const extra = [
    facts.denied > 0 ? `${facts.denied} denied` : '',
    facts.timedOut > 0 ? `${facts.timedOut} timed out` : '',
    facts.failed > 0 ? `${facts.failed} failed` : '',
  ].filter((part) => part !== '');
  return (
    `Conclusion: ${facts.conclusion}; ${counted(facts.requests, 'request')}, ` +
    `${counted(facts.commands, 'command')} (${extra.length > 0 ? extra.join(', ') : '0 denied'}), ` +
    `estimated cost ${formatUsd(facts.costUsd)}, ${formatDuration(facts.durationMs)}`
  );
}

/** The log sink of the action. */
export const stepLog: LogSink = {
  info: (message) => step.info(message),
  debug: (message) => step.debug(message),
  warning: (message) => step.warning(message),
  startGroup: (title) => step.startGroup(title),
  endGroup: () => step.endGroup(),
};
