/*
 * The realistic corpus against the current policy: per profile, how many commands a user expects to
 * run are refused (the false-denial rate, goal ≤ 1 %), how many that must be refused are allowed
 * (goal 0), and the refusals that came with another code than the one expected. Lists each false
 * denial and false allow, grouped by refusal code. Run with `npm run bench -- realistic`.
 */
import { loadRealisticCorpus, measureProfile } from '../__fixtures__/policy/realistic.js';
import { loadPolicy } from '../src/policy/policy.js';

const GOAL_PERCENT = 1;
const corpus = loadRealisticCorpus();
// The verdicts depend on no file of the repository: a directory that need not exist will do.
const WORKDIR = '/tmp/policy-realistic-bench/repo';
const flat = (text: string): string => {
  const one = text.replace(/\n/g, '⏎');
  return one.length > 110 ? `${one.slice(0, 107)}…` : one;
};

console.log(
  `realistic corpus: ${corpus.commands.length} commands, ${corpus.profiles.size} profiles`,
);
const rows: string[] = [];
const details: string[] = [];
for (const profile of corpus.profiles.values()) {
  const policy = await loadPolicy({
    allow: profile.allow,
    deny: profile.deny,
    workingDirectory: WORKDIR,
  });
  const outcome = measureProfile(corpus, profile.name, policy, WORKDIR);
  const rate = (100 * outcome.falselyDenied.length) / Math.max(1, outcome.expectedAllowed);
  rows.push(
    `${profile.name.padEnd(15)} false denials ${String(outcome.falselyDenied.length).padStart(3)}/${String(outcome.expectedAllowed).padEnd(4)} ${rate.toFixed(1).padStart(5)} %${rate <= GOAL_PERCENT ? '' : ' (goal ≤ 1 %)'}   falsely allowed ${outcome.falselyAllowed.length}/${outcome.expectedRefused}   other code ${outcome.otherCode.length}`,
  );
  const byCode = new Map<string, string[]>();
  for (const d of outcome.falselyDenied) {
    const list = byCode.get(d.code) ?? [];
    list.push(`${flat(d.command)}  — ${flat(d.detail)}`);
    byCode.set(d.code, list);
  }
  for (const [code, list] of [...byCode].sort((a, b) => b[1].length - a[1].length)) {
    details.push(`[${profile.name}] falsely denied, ${code} (${list.length}):`);
    for (const line of list) details.push(`    ${line}`);
  }
  for (const a of outcome.falselyAllowed)
    details.push(`[${profile.name}] FALSELY ALLOWED (expected ${a.expected}): ${flat(a.command)}`);
  for (const o of outcome.otherCode)
    details.push(
      `[${profile.name}] refused as ${o.got}, expected ${o.expected}: ${flat(o.command)}`,
    );
}
for (const row of rows) console.log(row);
if (details.length > 0) console.log(`\n${details.join('\n')}`);
