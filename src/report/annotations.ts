/**
 * What needs acting on, as the step's annotations (`::warning::` with a title, shown on the run's
 * page): each command the policy denied, with the reason in words and the pattern that would allow
 * it; each command that timed out. A limit is the step's own failure (or its warning, with
 * `fail-on-limit: false`): main says it, once. Facts come from redacted events.
 */
import type { CommandFacts } from '../transcript.js';
import type { CallRecord, RunFacts } from './facts.js';
import { formatDuration } from './markdown.js';

export interface Annotation {
  title: string;
  message: string;
}

/** GitHub shows ten warnings of a step; the tenth says how many more the summary has. */
const MAX_ANNOTATIONS = 10;

/** Words a pattern can hold as they are: no quoting, no expansion, no glob. */
const PLAIN_WORDS = /^[A-Za-z0-9_@%+=:,./-]+( [A-Za-z0-9_@%+=:,./-]+)*$/;
/** A subcommand (`npm test`, `git push`, `cargo build`), as a pattern's second word. */
const SUBCOMMAND = /^[a-z][a-z0-9:_-]*$/;

/**
 * The allow pattern that would let the refused part run, when one can say it: for a command no
 * pattern matched, its program (and subcommand) with any arguments; for a write by redirection, its
 * target; for an option that runs or writes, the command spelled out. Undefined where no allow
 * pattern helps (a deny pattern, text the policy cannot read).
 */
export function patternToAllow(refusal: NonNullable<CommandFacts['refusal']>): string | undefined {
  const offender = refusal.offender.trim();
  switch (refusal.code) {
    case 'no-matching-pattern': {
      const [program = '', second] = offender.split(/\s+/);
      if (!PLAIN_WORDS.test(program)) return undefined;
      return second !== undefined && SUBCOMMAND.test(second)
        ? `${program} ${second} *`
        : `${program} *`;
    }
    case 'write-not-allowed':
    case 'write-into-git': {
      const target = /^\d*(?:>>|>\||&>>|&>|<>|>&|>)\s*(\S+)$/.exec(offender)?.[1];
      return target && PLAIN_WORDS.test(target) ? `> ${target}` : undefined;
    }
    case 'dangerous-option':
    case 'inline-code':
      return PLAIN_WORDS.test(offender) ? offender : undefined;
    default:
      return undefined;
  }
}

/** Why a call was denied, in parts a report can render in its own markup. */
export interface Denial {
  /** The refused part, when it is not the whole command. */
  part?: string;
  /** The reason in words (the code, for transcripts older than the words). */
  why: string;
  /** The allow pattern that would let it run (patternToAllow). */
  pattern?: string;
  /** A denied-commands pattern refused it: no allow pattern would help. */
  byDenyPattern: boolean;
}

export function denialOf(call: Pick<CallRecord, 'command'>): Denial {
  const refusal = call.command?.refusal;
  if (!refusal) return { why: 'denied by the command policy', byDenyPattern: false };
  const offender = refusal.offender.trim();
  return {
    ...(call.command && offender !== call.command.command.trim()
      ? { part: shown(offender, PART_MAX_CHARS) }
      : {}),
    why: refusal.detail ?? refusal.code,
    pattern: patternToAllow(refusal),
    byDenyPattern: refusal.code === 'denied-pattern',
  };
}

/**
 * A denial as one line, with `code` rendering the part and the pattern: quoted in plain text (an
 * annotation, where backticks in the command would only confuse), code spans in markdown.
 */
export function denialWords(
  denial: Denial,
  text: (plain: string) => string = (plain) => plain,
  code: (plain: string) => string = (plain) => `'${plain}'`,
): string {
  const part = denial.part ? `${code(denial.part)} ` : '';
  const allow = denial.pattern
    ? `${text('; to allow it, add ')}${code(denial.pattern)}${text(' to allowed-commands')}`
    : denial.byDenyPattern
      ? text('; a denied-commands pattern refuses it')
      : '';
  return `${part}${text(denial.why)}${allow}`;
}

/** Characters of a command in an annotation, and of the refused part of it. */
const COMMAND_MAX_CHARS = 120;
const PART_MAX_CHARS = 80;

/** One line of a command, clipped, for an annotation's text. */
function shown(label: string, max = COMMAND_MAX_CHARS): string {
  const line = label.replace(/\s*[\r\n]+\s*/g, ' ⏎ ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The annotations of a run: each denial and each time-out, at most ten. */
export function annotationsOf(facts: RunFacts): Annotation[] {
  const all: Annotation[] = [];
  for (const call of facts.calls) {
    if (call.status === 'denied') {
      all.push({
        title: `Command ${call.index} denied by the command policy`,
        message: `${shown(call.label)}: ${denialWords(denialOf(call))}`,
      });
    } else if (call.status === 'timed-out') {
      const timeout = facts.settings
        ? ` (command-timeout is ${formatDuration(facts.settings.commandTimeoutMs)}; raise it or make the command quicker)`
        : '';
      all.push({
        title: `Command ${call.index} timed out`,
        message: `${shown(call.label)}: ended after ${formatDuration(call.command?.durationMs ?? 0)}${timeout}`,
      });
    }
  }
  if (all.length <= MAX_ANNOTATIONS) return all;
  const more = all.length - (MAX_ANNOTATIONS - 1);
  return [
    ...all.slice(0, MAX_ANNOTATIONS - 1),
    {
      title: `${more} more commands denied or timed out`,
      message: 'The job summary lists every command and how it ended.',
    },
  ];
}
