// `node --import tsx scripts/equivalence-report.ts [--differences]`: how many harmless scripts of
// __fixtures__/policy/scripts.json each profile refuses, by refusal code, with a few examples of
// each (EXAMPLES=N in the environment for N of each, 4 by default). Under the read-only default a script that runs a program the default does not name is an
// expected refusal (`no-matching-pattern`), so it is counted apart from the refusals that matter:
// scripts whose programs are all allowed. With --differences it also runs the equivalence check
// under the developer profile and prints every script whose print behaves differently.
import { rmSync } from 'node:fs';
import { generateScripts } from '../__fixtures__/fuzz/scripts.js';
import {
  checkEquivalence,
  describeEquivalence,
  loadScriptCorpus,
  scriptProfile,
  type ScriptCase,
} from '../__fixtures__/policy/equivalence.js';
import { makeFixture } from '../__fixtures__/policy/fixture.js';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';
import { loadPolicy } from '../src/policy/policy.js';

const EXAMPLES = Number(process.env.EXAMPLES ?? 4);
const print = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};
const corpus = loadScriptCorpus();
const developer = scriptProfile(corpus, 'developer');
const universalDeny = scriptProfile(corpus, 'universal-deny');
// The functions the corpus defines: the developer allowlist names them, which a user need not do
// for functions whose definitions the policy checked.
const defined = new Set(
  corpus.scripts.flatMap(({ script }) =>
    [...script.matchAll(/(?:^|[\s;{(])(?:function\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*\(\)/g)].map(
      (m) => m[1] as string,
    ),
  ),
);
const profiles = [
  { name: 'read-only default', allow: DEFAULT_ALLOWED_COMMANDS, deny: [] as readonly string[] },
  { name: 'developer', allow: developer.allow, deny: developer.deny },
  {
    name: 'developer, naming no function',
    allow: developer.allow.filter((p) => !defined.has(p.split(' ')[0] as string)),
    deny: developer.deny,
  },
  { name: '* with deny patterns', allow: universalDeny.allow, deny: universalDeny.deny },
];

const fixture = makeFixture();
try {
  print(`${corpus.scripts.length} scripts in the corpus\n`);
  for (const profile of profiles) {
    const byCode = new Map<string, { id: string; offender: string; detail: string }[]>();
    for (const { id, script } of corpus.scripts) {
      // A policy of its own for each script: a policy remembers the functions an allowed call
      // defined, which another script of the corpus must not find.
      const policy = await loadPolicy({
        allow: profile.allow,
        deny: profile.deny,
        workingDirectory: fixture.repo,
      });
      const decision = policy.check(script, fixture.repo);
      if (decision.allowed) continue;
      const { code, offender, detail } = decision.refusal;
      byCode.set(code, [...(byCode.get(code) ?? []), { id, offender, detail }]);
    }
    const refused = [...byCode.values()].reduce((n, list) => n + list.length, 0);
    const programs = byCode.get('no-matching-pattern')?.length ?? 0;
    print(
      `## ${profile.name}: ${refused} of ${corpus.scripts.length} refused` +
        ` (${programs} program not allowed, ${refused - programs} with every program allowed)`,
    );
    for (const [code, list] of [...byCode].sort((a, b) => b[1].length - a[1].length)) {
      const label = code === 'no-matching-pattern' ? `${code} (program not allowed)` : code;
      print(`  ${label}: ${list.length}`);
      for (const { id, offender, detail } of list.slice(0, EXAMPLES))
        print(`    ${id}: ${JSON.stringify(offender.slice(0, 60))} — ${detail.slice(0, 140)}`);
    }
    print('');
  }

  if (process.argv.includes('--differences')) {
    const policy = await loadPolicy({
      allow: developer.allow,
      deny: developer.deny,
      workingDirectory: fixture.repo,
    });
    const all: ScriptCase[] = [...corpus.scripts, ...generateScripts(20_261_203, 200)];
    const results = await checkEquivalence(policy, fixture, all);
    const different = results.filter((r) => r.differences.length > 0);
    const ran = results.filter((r) => r.refusal === undefined).length;
    const stopped = results.filter((r) => r.stopped).map((r) => r.id);
    print(`## differences: ${different.length} of ${ran} allowed scripts (${all.length} in all)`);
    print(
      `stopped at run time by the arithmetic check (a variable holding an expression): ${stopped.length}` +
        (stopped.length > 0 ? ` (${stopped.join(', ')})` : ''),
    );
    for (const result of different) print(`\n${describeEquivalence(result)}`);
  }
} finally {
  rmSync(fixture.root, { recursive: true, force: true });
}
