/**
 * The run's figures, derived from its recorded events in one place: the outputs, the job summary,
 * the closing log line and the result comment all render from these, so they never disagree.
 */
import type {
  CommandFacts,
  Conclusion,
  LimitName,
  RecordedEvent,
  RunSettings,
  RunSubject,
  TokenUsage,
  ToolResultKind,
  TranscriptEvent,
} from '../transcript.js';

type EventOf<T extends TranscriptEvent['type']> = Extract<RecordedEvent, { type: T }>;

/** How a tool call ended, as the reports mark it. */
export type CallStatus =
  | 'ok'
  | 'failed'
  | 'denied'
  | 'timed-out'
  | 'shell-exited'
  /** The run was cancelled while the command ran, and the session ended it. */
  | 'cancelled'
  | 'restart'
  | 'invalid'
  | 'not-run'
  /** The call was made but its result never came (the run ended during it). */
  | 'unfinished';

/** The statuses whose words need no figure of the call, as every report says them. */
export const STATUS_WORDS: Readonly<
  Record<Exclude<CallStatus, 'ok' | 'failed' | 'denied'>, string>
> = {
  'timed-out': 'timed out',
  'shell-exited': 'shell exited',
  cancelled: 'cancelled',
  restart: 'shell restarted',
  invalid: 'invalid call',
  'not-run': 'not run',
  unfinished: 'did not finish',
};

/** One tool call and what came of it, in the order the model made them. */
export interface CallRecord {
  /** 1-based position among the run's tool calls. */
  index: number;
  /** The request whose response asked for it. */
  turn: number;
  /** The command text, or what the call asked for in words (`restart the shell`). */
  label: string;
  status: CallStatus;
  kind?: ToolResultKind;
  /** Present for commands the policy or the shell handled. */
  command?: CommandFacts;
  /** What the model got back. */
  text: string;
  /** The whole output, when the model got only part of it; else `text`. */
  output: string;
  startedAt: number;
  endedAt?: number;
}

export interface RunFacts {
  conclusion: Conclusion;
  /** The model's final text. */
  result: string;
  /** What went wrong, or what stopped the run. */
  detail?: string;
  /** The final answer as parsed, when `output-schema` is set and the answer was valid. */
  structuredOutput?: unknown;
  settings?: RunSettings;
  /** The models the requests went to, in the order first used (two once a fallback took over). */
  models: string[];
  task?: string;
  runUrl?: string;
  trigger?: EventOf<'trigger'>;
  subject?: RunSubject;
  /** Model requests sent. */
  requests: number;
  /** Commands bash ran (a call of only comments counts: bash ran it and it succeeded). */
  commands: number;
  denied: number;
  timedOut: number;
  /** Commands that exited non-zero or ended the shell. */
  failed: number;
  usage: TokenUsage;
  /** What the responses cost by their reported usage. */
  costUsd: number;
  /** The most the requests could have cost, as estimated before sending each. */
  estimatedCostUsd: number;
  durationMs: number;
  startedAt: number;
  calls: CallRecord[];
  limits: Array<{ limit: LimitName; detail: string }>;
  errors: string[];
  /** Warnings the run gave on the way (a response without usage, a cut-off response). */
  warnings: string[];
  undone: string[];
  commit?: EventOf<'commit'>;
  pullRequest?: EventOf<'pull_request'>;
  /** Where the transcript file is, and the artifact it was uploaded as. */
  transcriptFile?: EventOf<'transcript_file'>;
  /** The last response's stop reason, and each request and response as the timeline shows them. */
  exchanges: Array<{
    turn: number;
    sentAt: number;
    answeredAt?: number;
    stopReason?: string | null;
  }>;
}

/** How a tool call ended, from its result. */
export function callStatus(event: EventOf<'tool_result'>): CallStatus {
  const facts = event.command;
  switch (event.kind) {
    case 'command':
      if (facts?.cancelled) return 'cancelled';
      if (facts?.timedOut) return 'timed-out';
      if (facts?.shellExited) return 'shell-exited';
      return event.isError ? 'failed' : 'ok';
    case 'denied':
      return 'denied';
    default:
      return event.kind;
  }
}

/** What a tool call asked for: the command text, or the request in words. */
export function callLabel(input: unknown, name: string): string {
  const { command, restart } = (input ?? {}) as { command?: unknown; restart?: unknown };
  if (typeof command === 'string') return command;
  if (restart === true) return 'restart the shell';
  return `${name} (invalid input)`;
}

const NO_USAGE: TokenUsage = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
};

/**
 * The figures of a run from its events, in any state: a run that failed before its first request,
 * or one whose result was never recorded (it counts as an error), is described as fully as a
 * finished one.
 */
export function factsOf(events: readonly RecordedEvent[]): RunFacts {
  const facts: RunFacts = {
    conclusion: 'error',
    result: '',
    requests: 0,
    commands: 0,
    denied: 0,
    timedOut: 0,
    failed: 0,
    usage: { ...NO_USAGE },
    costUsd: 0,
    estimatedCostUsd: 0,
    durationMs: 0,
    startedAt: events[0]?.at ?? 0,
    calls: [],
    limits: [],
    errors: [],
    warnings: [],
    undone: [],
    exchanges: [],
    models: [],
  };
  const open = new Map<string, CallRecord>();
  let result: EventOf<'result'> | undefined;
  let turn = 0;

  for (const event of events) {
    switch (event.type) {
      case 'start':
        facts.settings = event.settings;
        facts.task = event.task;
        facts.runUrl = event.runUrl;
        break;
      case 'trigger':
        facts.trigger = event;
        facts.subject = event.subject;
        break;
      case 'request':
        turn = event.turn;
        facts.requests += 1;
        facts.estimatedCostUsd += event.estimatedUsd;
        facts.exchanges.push({ turn: event.turn, sentAt: event.at });
        if (event.model && !facts.models.includes(event.model)) facts.models.push(event.model);
        break;
      case 'response': {
        for (const key of Object.keys(NO_USAGE) as Array<keyof TokenUsage>) {
          facts.usage[key] += event.usage[key];
        }
        facts.costUsd += event.costUsd;
        const exchange = facts.exchanges.findLast((item) => item.turn === event.turn);
        if (exchange) {
          exchange.answeredAt = event.at;
          exchange.stopReason = event.stopReason;
        }
        break;
      }
      case 'tool_call': {
        const call: CallRecord = {
          index: facts.calls.length + 1,
          turn,
          label: callLabel(event.input, event.name),
          status: 'unfinished',
          text: '',
          output: '',
          startedAt: event.at,
        };
        facts.calls.push(call);
        open.set(event.id, call);
        break;
      }
      case 'tool_result': {
        const call = open.get(event.id);
        if (!call) break;
        open.delete(event.id);
        call.status = callStatus(event);
        call.kind = event.kind;
        call.command = event.command;
        call.text = event.text;
        call.output = event.output ?? event.text;
        call.endedAt = event.at;
        if (event.kind === 'command') facts.commands += 1;
        if (call.status === 'denied') facts.denied += 1;
        if (call.status === 'timed-out') facts.timedOut += 1;
        if (call.status === 'failed' || call.status === 'shell-exited') facts.failed += 1;
        break;
      }
      case 'notice':
        if (event.level === 'warning') facts.warnings.push(event.message);
        break;
      case 'limit':
        facts.limits.push({ limit: event.limit, detail: event.detail });
        break;
      case 'undone':
        facts.undone.push(...event.changes);
        break;
      case 'error':
        facts.errors.push(event.message);
        break;
      case 'commit':
        facts.commit = event;
        break;
      case 'pull_request':
        facts.pullRequest = event;
        break;
      case 'transcript_file':
        facts.transcriptFile = event;
        break;
      case 'result':
        result = event;
        break;
    }
  }

  if (result) {
    facts.conclusion = result.conclusion;
    facts.result = result.result;
    facts.detail = result.detail;
    if (result.structuredOutput !== undefined) facts.structuredOutput = result.structuredOutput;
    facts.durationMs = result.durationMs;
  } else {
    facts.detail = facts.errors.at(-1) ?? 'The run ended without a result';
    facts.durationMs = (events.at(-1)?.at ?? facts.startedAt) - facts.startedAt;
  }
  return facts;
}

/** A run that failed before its first request or command: a bad input, a missing credential. */
export function failedAtStart(facts: RunFacts): boolean {
  return facts.conclusion === 'error' && facts.requests === 0 && facts.calls.length === 0;
}
