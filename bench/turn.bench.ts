/**
 * What a budget costs each turn: the bundle on the shipped Node answers 12 responses of one `true`
 * call each, and each turn is timed from its response leaving the loopback Messages API to the next
 * request arriving (the median of turns 2–12; the first pays for code not run before). In the same
 * run, round by round:
 * - without a budget (`max-cost-usd: 0`): nothing is counted, the floor;
 * - with the default budget ($5), far from being reached: each request's prompt is bounded from its
 *   bytes, and only the first is counted, alongside its sending;
 * - with a budget too small for a request's whole max-tokens ($0.22 against 16,000 tokens): every
 *   prompt is counted before its request, the round trip each turn used to pay.
 *
 * `npm run bench -- turn`. Goal: far from the budget, one count a run and turns within 10 % of no
 * budget (the rounds vary by about 5 %).
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { BUDGET_THAT_COUNTS_USD, startMessagesServer } from '../__fixtures__/messages-server.js';
import { commands, final } from '../__fixtures__/messages.js';
import { shippedNodeMajor } from '../__fixtures__/node24.js';
import { requireBundle, runBundle, runnerEnvironment } from '../__fixtures__/runner.js';

const TURNS = 12;
const ROUNDS = Number(process.env.TURN_BENCH_ROUNDS ?? 9);
const GOAL_RATIO = 1.1;
/** The first response waits for the action's start (bash, the policy), which this bench does not time. */
const READY_MS = 600;

const BUDGETS = { none: '0', far: '5', near: BUDGET_THAT_COUNTS_USD } as const;
type Budget = keyof typeof BUDGETS;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
};

/** One run of TURNS one-call responses: the median turn in ms, and how many counts were asked. */
async function run(budget: Budget): Promise<{ turnMs: number; counts: number }> {
  const sentAt: number[] = [];
  const server = await startMessagesServer(async (_request, index) => {
    if (index === 0) await new Promise((resolve) => setTimeout(resolve, READY_MS));
    const reply = index < TURNS ? commands('true') : final('done');
    sentAt.push(performance.now());
    return reply;
  });
  const runner = runnerEnvironment(
    {
      task: 'Run true.',
      'anthropic-api-key': 'sk-ant-bench-key-000000000000000000',
      'allowed-commands': 'true',
      'max-turns': String(TURNS + 2),
      'max-cost-usd': BUDGETS[budget],
    },
    { ANTHROPIC_BASE_URL: server.url },
  );
  try {
    const action = await runBundle(runner.env, runner.workspace);
    if (action.code !== 0 || server.requests.length !== TURNS + 1) {
      throw new Error(
        `the action failed (exit ${action.code}, ${server.requests.length} requests):\n${action.stdout}\n${action.stderr}`,
      );
    }
    const turns = sentAt.slice(1, TURNS).map((sent, turn) => server.requests[turn + 2]!.at - sent);
    return { turnMs: median(turns), counts: server.countRequests.length };
  } finally {
    await server.close();
    rmSync(runner.root, { recursive: true, force: true });
  }
}

if (Number(process.versions.node.split('.')[0]) !== shippedNodeMajor()) {
  throw new Error(`run this on Node ${shippedNodeMajor()}: npm run bench -- turn`);
}
requireBundle();
const figures: Record<Budget, { turnMs: number[]; counts: number[] }> = {
  none: { turnMs: [], counts: [] },
  far: { turnMs: [], counts: [] },
  near: { turnMs: [], counts: [] },
};
for (let round = 0; round < ROUNDS; round += 1) {
  // Each round in another order, so no budget always runs on a machine warmed by another.
  const order = (Object.keys(BUDGETS) as Budget[]).map(
    (_, index, all) => all[(index + round) % all.length] as Budget,
  );
  for (const budget of order) {
    const { turnMs, counts } = await run(budget);
    figures[budget].turnMs.push(turnMs);
    figures[budget].counts.push(counts);
  }
}

const none = median(figures.none.turnMs);
const ratio = (budget: Budget): number =>
  median(figures[budget].turnMs.map((ms, round) => ms / (figures.none.turnMs[round] ?? NaN)));
console.log(
  `${TURNS} responses of one \`true\` call, ms from a response to the next request (median of turns 2–${TURNS}), median of ${ROUNDS} rounds, Node ${process.versions.node}`,
);
const row = (label: string, budget: Budget, note: string): void =>
  console.log(
    `  ${label.padEnd(42)} ${median(figures[budget].turnMs).toFixed(2).padStart(7)} ms   ${note}`,
  );
row('no budget (max-cost-usd 0)', 'none', `${median(figures.none.counts)} counts a run`);
row(
  `far from the budget (max-cost-usd ${BUDGETS.far})`,
  'far',
  `${median(figures.far.counts)} counts a run; ratio to no budget ${ratio('far').toFixed(3)}`,
);
row(
  `near the budget (max-cost-usd ${BUDGETS.near})`,
  'near',
  `${median(figures.near.counts)} counts a run; ratio to no budget ${ratio('near').toFixed(3)}`,
);
const met = ratio('far') <= GOAL_RATIO && median(figures.far.counts) === 1;
console.log(
  `goal: far from the budget, one count a run and within ${GOAL_RATIO}x of no budget ${met ? 'met' : 'NOT met'} (no budget: ${none.toFixed(2)} ms)`,
);
