/** Recorded transcript events for tests of what renders from them (the result comment, its posting). */
import type { Conclusion, RecordedEvent, TranscriptEvent } from '../src/transcript.js';

/** `events` stamped one millisecond apart, as the transcript records them. */
export function recorded(...events: TranscriptEvent[]): RecordedEvent[] {
  return events.map((event, index) => ({ ...event, at: 1_000 + index }));
}

/**
 * The `result` event of a run that ended with `conclusion`: 3 requests, 5 commands (1 denied),
 * $0.1234, 75 s.
 */
export function resultEvent(
  conclusion: Conclusion,
  text: string,
  detail?: string,
): TranscriptEvent {
  return {
    type: 'result',
    conclusion,
    result: text,
    detail,
    turns: 3,
    commands: 5,
    denied: 1,
    usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
    costUsd: 0.1234,
    estimatedCostUsd: 0.2,
    durationMs: 75_000,
  };
}
