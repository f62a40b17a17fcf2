/**
 * The first command's policy check after the warm-up the action makes while the first request is
 * out, under an allowlist that refuses the warm-up command (`npm test` alone, as a workflow that
 * runs only its tests has it). Each figure is timed in a fresh process, where the checker's code is
 * as cold as in the action: without any warm-up (the baseline), after a check of the warm-up
 * command by the run's own policy alone (which stops at the refusal), and after `warmUp`.
 *
 * `npm run bench -- warm-up`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';
import { WARM_UP_COMMAND, warmUp } from '../src/policy/warm-up.js';
import { MAGLEV_OFF } from '../src/run/v8-tuning.js';

const self = fileURLToPath(import.meta.url);
const ROUNDS = Number(process.env.WARM_UP_BENCH_ROUNDS ?? 15);
const WORKDIR = '/tmp/warm-up-bench/repo';
const ALLOW = ['npm test'];

const WARM_UPS = {
  none: async (): Promise<void> => undefined,
  ownPolicyOnly: async (policy: CommandPolicy): Promise<void> => {
    policy.check(WARM_UP_COMMAND, WORKDIR);
  },
  warmUp: (policy: CommandPolicy): Promise<void> => warmUp(policy, WORKDIR, loadPolicy),
};
type WarmUp = keyof typeof WARM_UPS;

/** In a fresh process: the milliseconds of the first `npm test` check after `kind`. */
async function firstCheck(kind: WarmUp): Promise<void> {
  const policy = await loadPolicy({ allow: ALLOW, deny: [], workingDirectory: WORKDIR });
  await WARM_UPS[kind](policy);
  const started = performance.now();
  const decision = policy.check('npm test', WORKDIR);
  const ms = performance.now() - started;
  if (!decision.allowed) throw new Error('the allowlist refused its own command');
  process.stdout.write(JSON.stringify(ms));
}

function timeIn(kind: WarmUp): number {
  const child = spawnSync(process.execPath, [MAGLEV_OFF, '--import', 'tsx', self, kind], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`the ${kind} child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as number;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1] as number;

if (process.argv[2] !== undefined) {
  await firstCheck(process.argv[2] as WarmUp);
} else {
  const kinds = Object.keys(WARM_UPS) as WarmUp[];
  const figures = Object.fromEntries(kinds.map((kind) => [kind, [] as number[]])) as Record<
    WarmUp,
    number[]
  >;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const kind of kinds) figures[kind].push(timeIn(kind));
  }
  const baseline = median(figures.none);
  console.log(
    `first policy check of \`npm test\` under allowed-commands: npm test, median of ${ROUNDS} fresh processes`,
  );
  for (const kind of kinds) {
    const ms = median(figures[kind]);
    console.log(
      `  ${kind.padEnd(16)} ${ms.toFixed(3).padStart(7)} ms   ${(ms / baseline).toFixed(2)} of no warm-up`,
    );
  }
}
