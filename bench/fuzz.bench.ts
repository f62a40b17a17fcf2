/*
 * The differential fuzzer's long run: many more candidates and executions than the test suite's,
 * per profile of the realistic corpus. Prints each violation as it is found, then per profile the
 * candidates generated, how many the policy allowed, how many ran under the tracer, and the
 * violations. Run with `npm run bench -- fuzz`; FUZZ_SEED, FUZZ_CANDIDATES, FUZZ_EXECUTIONS and
 * FUZZ_PROFILES (comma-separated) change the run, so a finding is reproduced from its seed.
 *
 * As a speed figure it also prints the time per execution against a baseline measured in the same
 * run: one untraced session running `true`.
 */
import { performance } from 'node:perf_hooks';
import { fuzz, FUZZ_PROFILES, type Finding } from '../__fixtures__/fuzz/fuzzer.js';
import { buildShellEnv } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
const candidates = Number(process.env.FUZZ_CANDIDATES ?? 3000);
const maxExecutions = Number(process.env.FUZZ_EXECUTIONS ?? 500);
const profiles = process.env.FUZZ_PROFILES?.split(',') ?? [...FUZZ_PROFILES];

const show = (finding: Finding): string =>
  [
    `VIOLATION [${finding.profile}] ${finding.family}`,
    ...finding.calls.map((call) => `  call: ${JSON.stringify(call)}`),
    ...finding.scripts.map((script) => `  ran:  ${JSON.stringify(script)}`),
    ...finding.violations.map((v) => `  ${v.kind}: ${v.detail}`),
  ].join('\n');

console.log(
  `fuzz: seed ${seed}, ${candidates} candidates and at most ${maxExecutions} executions per profile (${profiles.join(', ')})`,
);
const baselineRuns = 10;
const baseStart = performance.now();
for (let i = 0; i < baselineRuns; i++) {
  const session = await BashSession.start({
    cwd: process.cwd(),
    env: buildShellEnv(process.env, []).env,
    maxOutput: 2000,
    defaultTimeoutMs: 3000,
  });
  await session.run('true');
  await session.close();
}
const baselineMs = (performance.now() - baseStart) / baselineRuns;

const start = performance.now();
const stats = await fuzz({
  seed,
  candidates,
  maxExecutions,
  profiles,
  onFinding: (finding) => console.log(show(finding)),
});
const totalMs = performance.now() - start;
const executions = stats.reduce((n, s) => n + s.executions, 0);
console.log('');
for (const s of stats) {
  console.log(
    `${s.profile.padEnd(11)} candidates ${s.candidates}  allowed ${s.allowed}  executions ${s.executions}  duplicates ${s.duplicates}  violations ${s.findings.length}`,
  );
}
const perExecution = executions > 0 ? totalMs / executions : 0;
console.log(
  `${(totalMs / 1000).toFixed(1)} s; ${perExecution.toFixed(0)} ms per execution = ${(perExecution / baselineMs).toFixed(1)}× an untraced session start and call (${baselineMs.toFixed(0)} ms)`,
);
