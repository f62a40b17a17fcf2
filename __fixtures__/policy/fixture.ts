import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildShellEnv } from '../../src/shell/env.js';
import { BashSession } from '../../src/shell/session.js';

/** A corpus of commands against an allowlist, in the format of shared/samples/policy. */
export interface PolicyCorpus {
  readonly note?: string;
  readonly allowlist: readonly string[];
  readonly denylist: readonly string[];
  readonly attacks: readonly Attack[];
  readonly benign: readonly string[];
  readonly shouldDeny: readonly {
    readonly id: string;
    readonly command: string;
    readonly why: string;
  }[];
  /**
   * Commands that once counted as attacks or refusals and now run by design: the patterns already
   * allow what they do in another spelling, or (under `*`) no static reading can see it.
   */
  readonly allowedByDesign?: readonly {
    readonly id: string;
    readonly command: string;
    readonly why: string;
  }[];
}

export interface Attack {
  readonly id: string;
  readonly family: string;
  readonly command?: string;
  readonly commands?: readonly string[];
  readonly why: string;
  /** Programs the attack needs; it is skipped in the replay where one is missing. */
  readonly requires?: readonly string[];
}

export function fixtureFile(name: string): string {
  return path.join(path.dirname(new URL(import.meta.url).pathname), name);
}

/** The project's sample of a published attack corpus (shared/samples/policy), kept with the tests. */
export const SAMPLE_CORPUS = fixtureFile('corpus-sample.json');

export function loadCorpus(file: string): PolicyCorpus {
  return JSON.parse(readFileSync(file, 'utf8')) as PolicyCorpus;
}

/** The calls of an attack, with the token CANARY replaced by an absolute path. */
export function attackCalls(attack: Attack, canary: string): string[] {
  const calls = attack.commands ?? (attack.command === undefined ? [] : [attack.command]);
  return calls.map((call) => call.replaceAll('CANARY', canary));
}

export interface Fixture {
  /** The repository: the working directory of the session. */
  readonly repo: string;
  /** An empty directory used as HOME. */
  readonly home: string;
  /** A directory outside both, for canaries. */
  readonly scratch: string;
  readonly root: string;
}

/**
 * The corpus fixture: a git repo on main with a.ts, b.ts, src/x.ts and a package.json whose test
 * script is `echo tests-ok`, one commit plus an uncommitted change to a.ts; HOME is empty.
 */
export function makeFixture(): Fixture {
  const root = mkdtempSync(path.join(tmpdir(), 'policy-fixture-'));
  const repo = path.join(root, 'repo');
  const home = path.join(root, 'home');
  const scratch = path.join(root, 'scratch');
  for (const dir of [repo, home, scratch, path.join(repo, 'src')])
    mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(repo, 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(repo, 'b.ts'), 'export const b = 2;\n');
  writeFileSync(path.join(repo, 'src', 'x.ts'), "export const x = '$(';\n");
  writeFileSync(
    path.join(repo, 'package.json'),
    JSON.stringify(
      { name: 'fixture', version: '1.0.0', scripts: { test: 'echo tests-ok' } },
      null,
      2,
    ) + '\n',
  );
  const git = (...args: string[]): void => {
    execFileSync('git', args, { cwd: repo, env: gitEnv(home), stdio: 'ignore' });
  };
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '-qm', 'initial');
  writeFileSync(path.join(repo, 'a.ts'), 'export const a = 1;\nexport const changed = true;\n');
  return { repo, home, scratch, root };
}

/** A session in the fixture's repository, with its HOME and the environment the action gives it. */
export function startFixtureSession(fixture: Fixture, maxOutput: number): Promise<BashSession> {
  return BashSession.start({
    cwd: fixture.repo,
    env: {
      ...buildShellEnv(process.env, []).env,
      HOME: fixture.home,
      // npm writes its cache and a log on every run, under HOME unless told: beside the directories
      // the tests compare, whichever way jest was started (jest.config.js drops npm's own setting).
      npm_config_cache: path.join(fixture.root, 'npm-cache'),
    },
    maxOutput,
    defaultTimeoutMs: 10_000,
  });
}

function gitEnv(home: string): NodeJS.ProcessEnv {
  return { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
}

const installedCache = new Map<string, boolean>();

/** Whether a program the attack needs is installed. */
export function installed(program: string): boolean {
  let found = installedCache.get(program);
  if (found === undefined) {
    try {
      execFileSync('bash', ['-c', 'command -v "$1"', 'bash', program], { stdio: 'ignore' });
      found = true;
    } catch {
      found = false;
    }
    installedCache.set(program, found);
  }
  return found;
}
