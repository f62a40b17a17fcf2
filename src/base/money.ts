// How an amount of money is written in every message, log line and report: one spelling for all.

/** An amount in dollars as messages show it: cents above a dollar, four decimals below. */
export function formatUsd(usd: number): string {
  return `$${usd.toFixed(usd >= 1 ? 2 : 4)}`;
}
