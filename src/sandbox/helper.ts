/**
 * The sandbox helper (landlock-exec.c, built for x64 and arm64 by scripts/build-sandbox-helper.sh):
 * where it is for the running architecture, and what it says it can enforce here.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Tests stand in for an older kernel, or one without Landlock (`0`), by capping the ABI the
 * helper uses. Read here only; no input reaches it.
 */
export const TEST_ABI_VARIABLE = 'BASH_AGENT_TEST_LANDLOCK_ABI';

/** How long the probe may take: it makes a few system calls, so any wait is a broken system. */
const PROBE_TIMEOUT_MS = 10_000;

/** The architectures the helper is built for, by Node's name for them. */
const ARCHITECTURES: ReadonlySet<string> = new Set(['x64', 'arm64']);

/**
 * The helper for this architecture: next to the bundle (dist/, where the bundle script copies
 * it), or in the source tree (src/sandbox/bin/). Undefined where there is none that can run.
 */
export function locateHelper(arch: string = process.arch): string | undefined {
  if (process.platform !== 'linux' || !ARCHITECTURES.has(arch)) return undefined;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const name = ['landlock-exec', arch].join('-');
  for (const candidate of [path.join(here, name), path.join(here, 'bin', name)]) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here: the other place.
    }
  }
  return undefined;
}

/** What the helper reports it can enforce: `abi=7 writes truncate … rules=12 missing=2`. */
export interface HelperReport {
  abi: number;
  /** Feature words: writes, refer, truncate, ioctl-dev, exec, network, scope-signal, … */
  features: ReadonlySet<string>;
  rules: number;
  missing: number;
}

export type ProbeResult = { ok: true; report: HelperReport } | { ok: false; why: string };

/** The helper's arguments that stand in for an older kernel in tests. */
export function testAbiArguments(env: NodeJS.ProcessEnv): string[] {
  const cap = env[TEST_ABI_VARIABLE];
  return cap !== undefined && /^\d+$/.test(cap) ? ['--max-abi', cap] : [];
}

/** Reads the helper's report line; undefined when it is not one. */
export function parseReport(line: string): HelperReport | undefined {
  const match = /^abi=(\d+) ((?:[a-z-]+ )*)rules=(\d+) missing=(\d+)$/.exec(line.trim());
  if (!match) return undefined;
  return {
    abi: Number(match[1]),
    features: new Set(match[2]!.trim().split(' ').filter(Boolean)),
    rules: Number(match[3]),
    missing: Number(match[4]),
  };
}

/**
 * Runs the helper with `--probe` and the rules the shell will get: it builds the same ruleset
 * without applying it and says what would hold, so the report is the kernel's answer, not a guess.
 * Asynchronous, so that the run loads the provider's client while the helper runs.
 */
export function probeHelper(helper: string, rules: readonly string[]): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(
      helper,
      ['--probe', ...rules],
      { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS },
      (error, stdout, stderr) => {
        // A number is the helper's own exit status; anything else is a helper that did not run.
        const status = error === null ? 0 : error.code;
        if (error !== null && (typeof status !== 'number' || error.killed)) {
          resolve({ ok: false, why: `the sandbox helper did not run: ${error.message}` });
          return;
        }
        const report = status === 0 ? parseReport(stdout) : undefined;
        if (report === undefined) {
          const said = (stderr || stdout).trim().replace(/^landlock-exec: /, '');
          resolve({ ok: false, why: said || `the sandbox helper ended with status ${status}` });
          return;
        }
        resolve({ ok: true, report });
      },
    );
  });
}
