import path from 'node:path';
import { loadPolicy } from '../../src/policy/policy.js';
import { loadRealisticCorpus, type Profile } from '../policy/realistic.js';
import { generate, generateDenied } from './grammar.js';
import { Oracle, type Violation } from './oracle.js';
import { Random } from './random.js';
import { Sandbox } from './sandbox.js';

/*
 * The differential fuzzer: commands from the grammar, checked by the policy under a profile of the
 * realistic corpus; every one it allows runs as the policy hands it to bash, in the real session
 * under strace, and the oracle judges what ran against the same patterns.
 */

/**
 * The profiles of the realistic corpus the fuzzer attacks. `*` alone allows everything by design;
 * under `*` with deny patterns only the deny patterns are judged.
 */
export const FUZZ_PROFILES = ['default', 'node-dev', 'python-dev', 'universal-deny'] as const;

export interface FuzzOptions {
  readonly seed: number;
  /** Commands generated per profile. */
  readonly candidates: number;
  /** Most allowed candidates run per profile (the rest are only counted). */
  readonly maxExecutions: number;
  readonly profiles?: readonly string[];
  /** Called at once for each violation found. */
  readonly onFinding?: (finding: Finding) => void;
}

export interface Finding {
  readonly profile: string;
  readonly family: string;
  readonly calls: readonly string[];
  /** What the session ran for each allowed call. */
  readonly scripts: readonly string[];
  readonly violations: readonly Violation[];
}

export interface ProfileStats {
  readonly profile: string;
  candidates: number;
  /** Candidates with at least one call the policy allowed. */
  allowed: number;
  /** Allowed candidates that ran under the tracer. */
  executions: number;
  /** Allowed candidates not run because an identical script already ran. */
  duplicates: number;
  findings: Finding[];
}

export async function fuzz(options: FuzzOptions): Promise<ProfileStats[]> {
  const corpus = loadRealisticCorpus();
  const sandbox = Sandbox.create();
  const targets = { canary: path.join(sandbox.fixture.scratch, 'CANARY') };
  const stats: ProfileStats[] = [];
  try {
    for (const name of options.profiles ?? FUZZ_PROFILES) {
      const profile = corpus.profiles.get(name);
      if (!profile) throw new Error(`the realistic corpus has no profile '${name}'`);
      stats.push(await fuzzProfile(profile, sandbox, targets, options));
    }
  } finally {
    sandbox.dispose();
  }
  return stats;
}

async function fuzzProfile(
  profile: Profile,
  sandbox: Sandbox,
  targets: { canary: string },
  options: FuzzOptions,
): Promise<ProfileStats> {
  const repo = sandbox.fixture.repo;
  const policy = await loadPolicy({
    allow: profile.allow,
    deny: profile.deny,
    workingDirectory: repo,
  });
  const oracle = new Oracle(profile, {
    repo,
    scratchDirectories: [sandbox.tmp],
    baseEnv: sandbox.env,
  });
  const random = new Random(options.seed ^ hash(profile.name));
  const universal = profile.allow.includes('*');
  const stats: ProfileStats = {
    profile: profile.name,
    candidates: 0,
    allowed: 0,
    executions: 0,
    duplicates: 0,
    findings: [],
  };
  const ran = new Set<string>();
  for (let i = 0; i < options.candidates; i++) {
    const candidate = universal
      ? generateDenied(random)
      : generate(random, targets, (argv) => oracle.allows(argv));
    stats.candidates++;
    // Later calls are checked again where the shell really is when they run.
    const scripts = candidate.calls
      .map((call) => policy.check(call, repo))
      .flatMap((d) => (d.allowed ? [d.script] : []));
    if (scripts.length === 0) continue;
    stats.allowed++;
    const key = JSON.stringify(scripts);
    if (ran.has(key)) {
      stats.duplicates++;
      continue;
    }
    if (stats.executions >= options.maxExecutions) continue;
    ran.add(key);
    stats.executions++;
    const run = await sandbox.run(candidate.calls, policy);
    const violations = run.trace ? oracle.judge(run.trace) : [];
    if (violations.length === 0) continue;
    const finding: Finding = {
      profile: profile.name,
      family: candidate.family,
      calls: candidate.calls,
      scripts: run.results.map((r) => r.script),
      violations,
    };
    stats.findings.push(finding);
    options.onFinding?.(finding);
  }
  return stats;
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}
