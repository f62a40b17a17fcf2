// Caching: a scripted 20-turn run of the real loop (real SDK, real bash) against a loopback server
// that accounts each request's input as cache reads, cache writes and uncached input from the
// cache_control breakpoints it receives (__fixtures__/prompt-cache.ts). Reports the share of input
// tokens read from cache over turns 3–20 (goal ≥ 85 %), next to the same run with caching off (the
// baseline: what every turn would pay without breakpoints).
import { runScripted } from '../__fixtures__/agent-harness.js';
import type { Script } from '../__fixtures__/messages-server.js';
import {
  final,
  message,
  text,
  toolUse,
  type RequestBody,
  type UsageJson,
} from '../__fixtures__/messages.js';
import { PromptCacheModel } from '../__fixtures__/prompt-cache.js';
import { buildSystemPrompt } from '../src/agent/prompt.js';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';
import type { CommandPolicy } from '../src/policy/types.js';

const TURNS = 20;
const GOAL = 0.85;
const allowAll: CommandPolicy = {
  check: (command) => ({ allowed: true, script: command, cacheable: true }),
};
/** The built-in prompt with the action's defaults: the stable prefix a real run caches. */
const system = buildSystemPrompt({
  repository: 'octo/repo',
  workingDirectory: '/home/runner/work/repo/repo',
  allowedCommands: DEFAULT_ALLOWED_COMMANDS,
  deniedCommands: [],
  maxTurns: 30,
  timeLimitMs: 30 * 60_000,
  commandTimeoutMs: 120_000,
  maxCostUsd: 5,
  maxOutput: 30_000,
});

/** A plausible session: listing, reading and grepping files of varying size. */
function commandFor(turn: number): string {
  const lines = 20 + ((turn * 37) % 120);
  return `seq -f 'line %g of a file the agent reads on turn ${turn}' 1 ${lines}`;
}

type Usage = Omit<UsageJson, 'output_tokens'>;

async function scriptedRun(cache: boolean): Promise<Usage[]> {
  const model = new PromptCacheModel();
  const usages: Usage[] = [];
  const script: Script = (request, index) => {
    const body: RequestBody = cache ? request.body : stripCacheControl(request.body);
    const usage = model.account(body);
    usages.push(usage);
    const output = { ...usage, output_tokens: 120 };
    return index + 1 < TURNS
      ? message(
          [
            text(`Step ${index + 1}: looking further.`),
            toolUse({ command: commandFor(index + 1) }),
          ],
          'tool_use',
          { usage: output },
        )
      : final('Done: read everything.', output);
  };
  const { result } = await runScripted(script, { maxTurns: TURNS + 10, policy: allowAll, system });
  if (result.conclusion !== 'success' || result.turns !== TURNS) {
    throw new Error(
      `expected a ${TURNS}-turn success, got ${result.conclusion} after ${result.turns}`,
    );
  }
  return usages;
}

function stripCacheControl(body: RequestBody): RequestBody {
  return JSON.parse(
    JSON.stringify(body, (key, value: unknown) => (key === 'cache_control' ? undefined : value)),
  ) as RequestBody;
}

function share(usages: Usage[]): { read: number; all: number } {
  let read = 0;
  let all = 0;
  for (const usage of usages.slice(2)) {
    read += usage.cache_read_input_tokens ?? 0;
    all +=
      usage.input_tokens +
      (usage.cache_read_input_tokens ?? 0) +
      (usage.cache_creation_input_tokens ?? 0);
  }
  return { read, all };
}

const cached = await scriptedRun(true);
const uncached = await scriptedRun(false);
const withCache = share(cached);
const without = share(uncached);
const ratio = withCache.read / withCache.all;

console.log(`turn  input  cache-write  cache-read   (tokens, as the server accounted them)`);
cached.forEach((u, i) =>
  console.log(
    `${String(i + 1).padStart(4)} ${String(u.input_tokens).padStart(6)} ${String(u.cache_creation_input_tokens).padStart(12)} ${String(u.cache_read_input_tokens).padStart(11)}`,
  ),
);
// Relative input cost with the standard multipliers (write 1.25x, read 0.1x, uncached 1x).
const cost = (usages: Usage[]): number =>
  usages
    .slice(2)
    .reduce(
      (sum, u) =>
        sum +
        u.input_tokens +
        1.25 * (u.cache_creation_input_tokens ?? 0) +
        0.1 * (u.cache_read_input_tokens ?? 0),
      0,
    );
console.log(`turns 3–${TURNS}: ${withCache.read} of ${withCache.all} input tokens read from cache`);
console.log(`baseline without breakpoints: ${without.read} of ${without.all} read from cache`);
console.log(`input cost with caching / without: ${(cost(cached) / cost(uncached)).toFixed(2)}`);
console.log(`cache-read share, turns 3–${TURNS}: ${(ratio * 100).toFixed(1)} %`);
console.log(`goal: ≥ ${GOAL * 100} % — ${ratio >= GOAL ? 'met' : 'NOT met'}`);
