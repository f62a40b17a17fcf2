/**
 * The step's outputs (interface.md), from the run's facts. Everything else the step reports says
 * the same figures, because all of it renders from the same facts.
 */
import type { RunFacts } from './facts.js';

/** Every output of the step, by name; `transcriptFile` is where the JSONL file was written. */
export function outputsOf(facts: RunFacts, transcriptFile: string): Record<string, string> {
  return {
    conclusion: facts.conclusion,
    result: facts.result,
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
  };
}
