/**
 * The events of a run, as the loop emits them while it happens. Kept minimal for now: main logs
 * them; the full transcript (recorded events rendered into the JSONL file and the detailed job
 * summary) is its own change and builds on these types.
 */
import type { LimitName } from './agent/limits.js';

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

export type TranscriptEvent =
  | {
      type: 'request';
      turn: number;
      windDown?: LimitName;
      /** max_tokens sent (the configured one, or less to stay inside the budget). */
      maxTokens: number;
      /** Tokens of the prompt, counted by the API or estimated from characters. */
      promptTokens: number;
      promptCounted: boolean;
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
    }
  | { type: 'tool_call'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; id: string; kind: ToolResultKind; text: string; isError: boolean }
  | { type: 'notice'; level: 'info' | 'warning'; message: string };
