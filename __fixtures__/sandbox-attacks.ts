/**
 * The policy's attack corpora replayed with the policy out of the way, inside the sandbox: every
 * call goes to the shell as written, so only the kernel stands between an attack and its canary.
 * Fixtures are copied under /var/tmp, outside the temporary space the sandbox leaves writable.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parsePatternInput } from '../src/policy/decide/patterns.js';
import { prepareSandbox, type SandboxPlan } from '../src/sandbox/sandbox.js';
import { buildShellEnv } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';
import {
  attackCalls,
  fixtureFile,
  installed,
  loadCorpus,
  SAMPLE_CORPUS,
  type Attack,
  type Fixture,
} from './policy/fixture.js';

/** Where the copies go: not /tmp, which the sandboxed shell may write. */
const BASE = '/var/tmp';

export const CORPORA: ReadonlyArray<readonly [string, readonly Attack[]]> = [
  ['the shared sample', loadCorpus(SAMPLE_CORPUS).attacks],
  ['the sample allowlist', loadCorpus(fixtureFile('attacks-sample-allowlist.json')).attacks],
  ['a permissive allowlist', loadCorpus(fixtureFile('attacks-permissive.json')).attacks],
  ['the single pattern *', loadCorpus(fixtureFile('attacks-universal.json')).attacks],
].map(([name, attacks]) => [
  name as string,
  (attacks as readonly Attack[]).filter((attack) => (attack.requires ?? []).every(installed)),
]);

/** A copy of `template` under BASE, removed by `remove`. */
export function copyFixture(template: Fixture): Fixture & { remove(): void } {
  const root = mkdtempSync(path.join(BASE, 'sandbox-attack-'));
  cpSync(template.root, root, { recursive: true });
  return {
    root,
    repo: path.join(root, 'repo'),
    home: path.join(root, 'home'),
    scratch: path.join(root, 'scratch'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The shell's environment in `fixture`: the action's, with the fixture's home and no TMPDIR. */
function shellEnv(fixture: Fixture): Record<string, string> {
  const { TMPDIR: _unused, ...env } = buildShellEnv(process.env, []).env;
  return { ...env, HOME: fixture.home };
}

/** The sandbox `required` makes for `patterns` in `fixture`, the workspace being its repository. */
export function sandboxIn(fixture: Fixture, patterns: readonly string[]): Promise<SandboxPlan> {
  return prepareSandbox({
    mode: 'required',
    networkOff: true,
    writablePaths: [],
    allow: parsePatternInput(patterns, 'allowed-commands'),
    workspace: fixture.repo,
    workingDirectory: fixture.repo,
    shellEnv: shellEnv(fixture),
    env: { PATH: process.env.PATH, HOME: fixture.home },
  });
}

/**
 * Runs every call of `attack` as written in one session (through `sandbox` when given); returns
 * whether its canary, at `canary`, exists afterwards.
 */
export async function canaryAfter(
  attack: Attack,
  fixture: Fixture,
  canary: string,
  sandbox: SandboxPlan | undefined,
): Promise<boolean> {
  const session = await BashSession.start({
    cwd: fixture.repo,
    env: shellEnv(fixture),
    maxOutput: 4000,
    defaultTimeoutMs: 5_000,
    ...(sandbox?.launcher ? { launcher: sandbox.launcher, bashPath: sandbox.bashPath } : {}),
  });
  try {
    for (const call of attackCalls(attack, canary)) await session.run(call);
  } finally {
    await session.close();
  }
  // Background work (a process substitution, an EXIT trap) may finish just after the call.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return existsSync(canary);
}
