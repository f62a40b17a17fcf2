/**
 * The step's outputs (interface.md), from the run's facts. Everything else the step reports says
 * the same figures, because all of it renders from the same facts.
 */
import type { RunFacts } from './facts.js';
import { formatCount } from './markdown.js';
import { sandboxLabel } from '../sandbox/facts.js';

/**
 * The most of the final message the `result` output carries (docs/inputs.md, Outputs). A longer message
 * would swamp the log and every later step that reads it (GitHub refuses outputs of 1 MB a job);
 * the transcript file keeps it whole.
 */
export const RESULT_OUTPUT_MAX_CHARS = 65_536;

/** The final message as the `result` output carries it: capped, with a note saying where the rest is. */
export function resultOutput(result: string): string {
  if (result.length <= RESULT_OUTPUT_MAX_CHARS) return result;
  let end = RESULT_OUTPUT_MAX_CHARS;
  // Never between the halves of a surrogate pair.
  const code = result.charCodeAt(end);
  if (code >= 0xdc00 && code <= 0xdfff) end -= 1;
  const rest = result.length - end;
  return `${result.slice(0, end)}\n\n[... ${formatCount(rest)} more characters of the final message are in the transcript file (the transcript-file output) ...]`;
}

/** Every output of the step, by name; `transcriptFile` is where the JSONL file was written. */
export function outputsOf(facts: RunFacts, transcriptFile: string): Record<string, string> {
  return {
    conclusion: facts.conclusion,
    result: resultOutput(facts.result),
    // Compact JSON, so `fromJSON(steps.<id>.outputs.structured-output)` reads it back as it was.
    'structured-output':
      facts.structuredOutput === undefined ? '' : JSON.stringify(facts.structuredOutput),
    turns: String(facts.requests),
    commands: String(facts.commands),
    denied: String(facts.denied),
    'input-tokens': String(facts.usage.inputTokens),
    'output-tokens': String(facts.usage.outputTokens),
    'cache-read-tokens': String(facts.usage.cacheReadTokens),
    'cache-write-tokens': String(facts.usage.cacheWriteTokens),
    'cost-usd': facts.costUsd.toFixed(6),
    'commit-sha': facts.commit?.sha ?? '',
    branch: facts.commit?.branch ?? '',
    'pull-request-url': facts.pullRequest?.url ?? '',
    'transcript-file': transcriptFile,
    'transcript-artifact': facts.transcriptFile?.artifact?.url ?? '',
    sandbox: sandboxLabel(facts.settings?.sandbox),
  };
}
