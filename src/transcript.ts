/**
 * The run as typed events, recorded while it happens: the one source every report (log, job
 * summary, result comment, JSONL file, outputs) is rendered from. The types stand on their own —
 * nothing here imports the loop, the shell or GitHub — so a report depends only on this file.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SandboxFacts } from './sandbox/facts.js';

let privateDirectory: string | undefined;

/**
 * Where the transcript goes when no runner gave a temporary directory of its own (RUNNER_TEMP):
 * not a fixed path in the shared /tmp, where another user could put a file or a link in its place
 * first, but a fresh directory only this user can enter (mkdtemp makes it 0700), once per process.
 */
export function privateTranscriptDirectory(): string {
  privateDirectory ??= mkdtempSync(path.join(tmpdir(), 'bash-agent-'));
  return privateDirectory;
}

/** The limit names, as the `conclusion` output spells them. */
export type LimitName = 'max-turns' | 'time-limit' | 'budget';

/** How the run ended, as the `conclusion` output spells it. */
export type Conclusion = 'success' | LimitName | 'error' | 'cancelled' | 'skipped';

/** How messages name a limit: the input a user would change, in words. */
export const LIMIT_DESCRIPTIONS: Readonly<Record<LimitName, string>> = {
  'max-turns': 'the turn limit (max-turns)',
  'time-limit': 'the time limit (time-limit)',
  budget: 'the cost limit (max-cost-usd)',
};

/**
 * How a request's prompt size is known: counted by the API; bounded (at most this many tokens, by
 * its bytes, when the budget was too far for a count to change anything); or estimated from its
 * characters (when there is no counter), which may fall short.
 */
export type PromptMeasure = 'counted' | 'bounded' | 'estimated';

/** How a tool call was handled. */
export type ToolResultKind =
  /** Ran in the shell (whatever its exit status). */
  | 'command'
  /** Refused by the command policy; never reached bash. */
  | 'denied'
  /** `{"restart": true}`. */
  | 'restart'
  /** Unknown tool, malformed input, or a call cut off by max_tokens. */
  | 'invalid'
  /** Not run because the run was out of time. */
  | 'not-run';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/** The settings a run was started with, as the reports show them. */
export interface RunSettings {
  model: string;
  /** Where the model runs, in words (`Amazon Bedrock`); older transcripts lack it. */
  service?: string;
  maxTokens: number;
  maxTurns: number;
  timeLimitMs: number;
  commandTimeoutMs: number;
  /** 0 when the cap is off. */
  maxCostUsd: number;
  maxOutput: number;
  workingDirectory: string;
  allowedCommands: readonly string[];
  deniedCommands: readonly string[];
  /** Where the task came from, in words (`the task input`, `a comment by @octocat`, …). */
  taskSource: string;
  /** What kernel confinement held for the shell; older transcripts lack it. */
  sandbox?: SandboxFacts;
}

/** What happened to one command that reached the policy or the shell. */
export interface CommandFacts {
  /** The command text the model sent. */
  command: string;
  /** Exit status; null when there was none (denied, timed out, the shell exited). */
  exitCode: number | null;
  durationMs: number;
  timedOut: boolean;
  /** The command ended the shell (`exit 3`); a new one was started. */
  shellExited: boolean;
  /** The output was longer than `max-output` and the model got its head and tail. */
  truncated: boolean;
  /** Characters of output the command produced (before any cut). */
  outputChars: number;
  /**
   * Why the policy refused it: the refusal's code, the sub-command it names, and the reason in
   * words (`matches no allowed pattern`; older transcripts lack it).
   */
  refusal?: { code: string; offender: string; detail?: string };
  /** The run was cancelled while it ran, and the session ended it. */
  cancelled?: boolean;
}

/** One file a commit changed; the line counts are null for a binary file, which has no lines. */
export interface ChangedFile {
  path: string;
  added: number | null;
  deleted: number | null;
}

/** The issue or pull request a run is tied to. */
export interface RunSubject {
  kind: 'issue' | 'pull_request';
  number: number;
  title: string;
  url: string;
}

export type TranscriptEvent =
  | {
      type: 'start';
      settings: RunSettings;
      /** The task as given to the model (cleaned and redacted). */
      task: string;
      /** Link to the workflow run, when the runner says where it is. */
      runUrl?: string;
    }
  | {
      type: 'trigger';
      /** `GITHUB_EVENT_NAME`. */
      event: string;
      /** What started the run: the task input, a comment with the trigger phrase, or a label. */
      source: 'input' | 'comment' | 'label';
      /** Who asked (the commenter or the labeller). */
      actor?: string;
      subject?: RunSubject;
      /** The triggering comment. */
      comment?: { id: number; url: string };
    }
  | {
      type: 'request';
      turn: number;
      /** The model the request went to (the fallback's once the run switched to it). */
      model?: string;
      windDown?: LimitName;
      /** max_tokens sent (the configured one, or less to stay inside the budget). */
      maxTokens: number;
      /** Tokens of the prompt: counted by the API, at most this many, or estimated from characters. */
      promptTokens: number;
      promptMeasure: PromptMeasure;
      /** The most this request could cost, estimated before it was sent. */
      estimatedUsd: number;
    }
  | {
      type: 'response';
      turn: number;
      stopReason: string | null;
      /** The text blocks of the response. */
      text: string;
      usage: TokenUsage;
      costUsd: number;
      /** From sending the request to having the response, retries included. */
      durationMs: number;
    }
  | { type: 'tool_call'; id: string; name: string; input: unknown }
  | {
      type: 'tool_result';
      id: string;
      kind: ToolResultKind;
      /** The tool_result text the model got. */
      text: string;
      isError: boolean;
      /** For commands the policy or the shell handled. */
      command?: CommandFacts;
      /**
       * The command's output as the session kept it (TRANSCRIPT_OUTPUT_CHARS of head and tail at
       * least), redacted, before the `max-output` cut of the text the model got; absent when `text`
       * already holds all of it.
       */
      output?: string;
    }
  | { type: 'notice'; level: 'info' | 'warning'; message: string }
  | { type: 'limit'; limit: LimitName; detail: string }
  /** What the run changed outside the working tree and the action put back, one line each. */
  | { type: 'undone'; changes: readonly string[] }
  | { type: 'error'; message: string }
  | {
      type: 'commit';
      /** The pushed commit; absent when nothing was committed or the push failed. */
      sha?: string;
      /** The branch pushed to. */
      branch?: string;
      /** Pushed to the rescue branch instead of the intended one. */
      rescued: boolean;
      /** What happened, in words (nothing to commit, pushed, not pushed because …). */
      note: string;
      /** The files the commit changes, with their line counts. */
      files?: readonly ChangedFile[];
      /** The branch a pull request from `branch` would target. */
      base?: string;
      /** The repository's page (`{server}/{owner}/{repo}`), for links to the commit and the branch. */
      repositoryUrl?: string;
    }
  | { type: 'pull_request'; url: string; number: number; created: boolean }
  | {
      type: 'transcript_file';
      /** Where the JSONL file is on the runner. */
      file: string;
      /** The workflow artifact it was uploaded as (`upload-transcript`). */
      artifact?: { name: string; url: string };
      /** Why it was not uploaded, when `upload-transcript` asked for it. */
      notUploaded?: string;
    }
  | {
      type: 'result';
      conclusion: Conclusion;
      /** The model's final text. */
      result: string;
      /** What went wrong, for `error`; what stopped the run, for a limit or a skip. */
      detail?: string;
      turns: number;
      commands: number;
      denied: number;
      usage: TokenUsage;
      costUsd: number;
      estimatedCostUsd: number;
      durationMs: number;
      /** The final answer as parsed, when `output-schema` is set and the answer is valid against it. */
      structuredOutput?: unknown;
    };

/** An event as recorded: stamped with the time it happened (milliseconds since the epoch). */
/** The transcript's record of what started the run (the trigger's decision, without its task). */
export type TriggerRecord = Extract<TranscriptEvent, { type: 'trigger' }>;

export type RecordedEvent = TranscriptEvent & { at: number };

export type TranscriptListener = (event: RecordedEvent) => void;

/**
 * Walks an event and replaces every string in it with `redact(string)`: the one place an event's
 * text is made safe, so every report rendered from recorded events is redacted before it is cut.
 */
export function redactEvent<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactEvent(item, redact)) as T;
  // for…in over own keys: the same walk as Object.entries without an array of pairs per object.
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key in record) {
    if (Object.hasOwn(record, key)) copy[key] = redactEvent(record[key], redact);
  }
  return copy as T;
}

function deliver(listener: TranscriptListener, event: RecordedEvent): void {
  try {
    listener(event);
  } catch {
    // A sink that fails (a full disk under the JSONL file) must not end the run or starve the
    // other sinks; each sink reports its own failure.
  }
}

export interface TranscriptOptions {
  /** Milliseconds since the epoch, for each event's `at`. */
  clock?: () => number;
  /**
   * Hold each event, stamped, until `settle()` (or until `events` is read) rather than redacting
   * and delivering it inside `record`. A burst of commands records two events per command; held,
   * they are redacted, logged and written in one pass at the holder's next flush point instead of
   * a few at a time between commands: on 300 `true` calls in one response, 0.92 of the time per
   * command that settling them on each turn of the event loop took (paired runs, faster in 9 of
   * 12). The holder settles at its flush points, which come at least as often as it writes the
   * sinks' output anyway, so nothing shows later and nothing recorded is lost on any way out.
   */
  held?: boolean;
}

/**
 * The run as it happens: each event is stamped, redacted and kept, then handed to every listener
 * (the log and the JSONL file write as events come, or as the holder settles them, so a crash still
 * leaves both). Reports read `events` once the run is over.
 */
export class Transcript {
  readonly #events: RecordedEvent[] = [];
  readonly #listeners: TranscriptListener[] = [];
  readonly #redact: (text: string) => string;
  readonly #clock: () => number;
  readonly #held: boolean;
  /** Recorded, stamped, not yet redacted nor delivered (held only). */
  #pending: Array<{ event: TranscriptEvent; at: number }> = [];

  constructor(redact: (text: string) => string, options: TranscriptOptions = {}) {
    this.#redact = redact;
    this.#clock = options.clock ?? Date.now;
    this.#held = options.held ?? false;
  }

  /**
   * Adds a listener: it gets the events recorded so far at once, then each one as it comes, so a
   * sink that can start only once the settings are known (the JSONL file) misses nothing.
   */
  listen(listener: TranscriptListener): void {
    this.settle();
    for (const event of this.#events) deliver(listener, event);
    this.#listeners.push(listener);
  }

  record(event: TranscriptEvent): void {
    const at = this.#clock();
    if (this.#held) this.#pending.push({ event, at });
    else this.#keep(event, at);
  }

  /** Redacts, keeps and delivers, in order, every event recorded and not yet delivered. */
  settle(): void {
    while (this.#pending.length > 0) {
      const pending = this.#pending;
      this.#pending = [];
      for (const { event, at } of pending) this.#keep(event, at);
    }
  }

  #keep(event: TranscriptEvent, at: number): void {
    const recorded: RecordedEvent = { ...redactEvent(event, this.#redact), at };
    this.#events.push(recorded);
    for (const listener of this.#listeners) deliver(listener, recorded);
  }

  get events(): readonly RecordedEvent[] {
    this.settle();
    return this.#events;
  }

  /** Whether an event of this type was recorded. */
  has(type: TranscriptEvent['type']): boolean {
    return this.events.some((event) => event.type === type);
  }
}
