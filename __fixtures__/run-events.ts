/** Recorded transcript events for tests of what renders from them (the result comment, its posting). */
import type { Conclusion, RecordedEvent, TranscriptEvent } from '../src/transcript.js';

/** `events` stamped one millisecond apart, as the transcript records them. */
export function recorded(...events: TranscriptEvent[]): RecordedEvent[] {
  return events.map((event, index) => ({ ...event, at: 1_000 + index }));
}

const USAGE = { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 };

/**
 * The events of a run that ended with `conclusion`: 3 requests costing $0.1234 in all, 5 commands
 * and 1 more denied by the policy, 75 s, then `text` as its final message.
 */
export function runEvents(
  conclusion: Conclusion,
  text: string,
  detail?: string,
): TranscriptEvent[] {
  const events: TranscriptEvent[] = [];
  for (let turn = 1; turn <= 3; turn += 1) {
    events.push(
      {
        type: 'request',
        turn,
        maxTokens: 100,
        promptTokens: 10,
        promptMeasure: 'counted',
        estimatedUsd: 0.1,
      },
      {
        type: 'response',
        turn,
        stopReason: 'tool_use',
        text: '',
        usage: USAGE,
        costUsd: turn === 1 ? 0.1234 : 0,
        durationMs: 10,
      },
    );
  }
  for (let call = 1; call <= 6; call += 1) {
    const kind = call === 6 ? 'denied' : 'command';
    events.push(
      { type: 'tool_call', id: `c${call}`, name: 'bash', input: { command: 'ls' } },
      { type: 'tool_result', id: `c${call}`, kind, text: '', isError: kind === 'denied' },
    );
  }
  events.push({
    type: 'result',
    conclusion,
    result: text,
    detail,
    turns: 3,
    commands: 5,
    denied: 1,
    usage: USAGE,
    costUsd: 0.1234,
    estimatedCostUsd: 0.3,
    durationMs: 75_000,
  });
  return events;
}
