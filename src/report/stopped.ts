/**
 * A limit's stop in words that say how far the run got and what to change:
 * "Stopped after 6 of 6 turns — raise `max-turns`". The summary's and the comment's headline, and
 * the step's failure, say it once, in these words.
 */
import { stopDetail } from '../agent/limits.js';
import { formatUsd } from '../base/money.js';
import type { Conclusion, LimitName } from '../transcript.js';
import type { RunFacts } from './facts.js';
import { counted, formatDuration } from './markdown.js';

const isLimit = (conclusion: Conclusion): conclusion is LimitName =>
  conclusion === 'max-turns' || conclusion === 'time-limit' || conclusion === 'budget';

/** How far the run got against the limit that stopped it, and the input to raise; undefined otherwise. */
export function stoppedAt(facts: RunFacts): string | undefined {
  const { conclusion, settings } = facts;
  if (!isLimit(conclusion)) return undefined;
  if (!settings) return stopDetail(conclusion);
  switch (conclusion) {
    case 'max-turns':
      return `Stopped after ${facts.requests} of ${counted(settings.maxTurns, 'turn')} — raise \`max-turns\``;
    case 'time-limit':
      return `Stopped after ${formatDuration(facts.durationMs)} of ${formatDuration(settings.timeLimitMs)} — raise \`time-limit\``;
    case 'budget':
      // The cost of the task alone can be over the cap: nothing was spent, and the detail says why.
      if (facts.requests === 0) return 'Stopped before the first request — raise `max-cost-usd`';
      return `Stopped after ${formatUsd(facts.costUsd)} of ${formatUsd(settings.maxCostUsd)} — raise \`max-cost-usd\``;
  }
}

/**
 * Whether a limit's detail says no more than the stop statement (the loop's plain `Stopped at the
 * turn limit (max-turns)`), so a report that leads with the statement leaves it out; a detail that
 * says more (the request was aborted, the final message is cut off) is still shown.
 */
export function saysNoMoreThanStop(limit: LimitName, detail: string): boolean {
  return detail === stopDetail(limit);
}
