/**
 * The sandbox of a run: Landlock rules from the settings, checked with the helper before any model
 * request, and the launcher the session starts bash through. `required` stops the run here when
 * the kernel or the helper cannot confine; `auto` goes on and says that nothing was confined.
 */
import path from 'node:path';
import type { Pattern } from '../policy/decide/patterns.js';
import { decideExec, findOnPath, resolveExecSet, type ExecSet } from './exec-set.js';
import type { SandboxFacts } from './facts.js';
import type { SandboxMode } from './modes.js';
import { locateHelper, probeHelper, testAbiArguments, type HelperReport } from './helper.js';
import { makeHomeCaches, removeEmptyCaches, writablePlaces } from './writable.js';

/** The first ABI with TCP rules, and the first that scopes signals and abstract sockets. */
const NETWORK_ABI = 4;

export interface SandboxOptions {
  mode: SandboxMode;
  /** `network: off`. */
  networkOff: boolean;
  /** `writable-paths`, absolute. */
  writablePaths: readonly string[];
  /** The allow patterns, for exec confinement. */
  allow: readonly Pattern[];
  workspace: string;
  workingDirectory: string;
  /** The shell's environment: its PATH is where the allowed programs are looked up. */
  shellEnv: Readonly<Record<string, string>>;
  /** The action's environment (HOME, TMPDIR, RUNNER_TEMP, the file-command files, the test cap). */
  env: NodeJS.ProcessEnv;
  /** The helper; located for this architecture by default. */
  helper?: string | undefined;
}

/** How the shell is to be started, and what the reports say about it. */
export interface SandboxPlan {
  /** The helper and its rules, ending in `--`: bash's path and arguments follow. Undefined: none. */
  launcher: readonly string[] | undefined;
  /** bash, by absolute path: the helper executes it without a search. */
  bashPath: string;
  facts: SandboxFacts;
  /** Takes back what preparing the sandbox made that the run did not use (empty cache directories). */
  tidy: () => void;
}

/** `sandbox: required` could not be met; the message says what was missing. */
export class SandboxUnavailableError extends Error {
  constructor(why: string) {
    super(
      `Input 'sandbox' is 'required', but the shell cannot be confined here: ${why}. Use 'sandbox: auto' to run unconfined where Landlock is missing, or run on a Linux kernel with Landlock (5.13 or later, enabled)`,
    );
    this.name = 'SandboxUnavailableError';
  }
}

function describeWrites(report: HelperReport): string {
  const lacking = [
    report.features.has('truncate') ? '' : 'truncation (ABI 3)',
    report.features.has('refer') ? '' : 'moves between directories (ABI 2)',
  ].filter(Boolean);
  const rules = `${report.rules} rules in all, ${report.missing} listed paths absent`;
  return `workspace, temporary space, tool caches, devices and writable-paths only (${rules})${lacking.length ? `; not confined: ${lacking.join(', ')}` : ''}`;
}

function describeScope(report: HelperReport): string {
  return report.features.has('scope-signal')
    ? 'no ptrace, signals or abstract Unix sockets outside the shell'
    : 'no ptrace outside the shell; signals and abstract sockets need ABI 6';
}

/** Reads the helper's report into the facts the reports show. */
function factsOf(report: HelperReport, exec: ExecSet, networkOff: boolean): SandboxFacts {
  const networkHeld = report.features.has('network');
  return {
    held: true,
    abi: report.abi,
    writes: describeWrites(report),
    exec: exec.confined
      ? {
          confined: true,
          detail: `only bash and the allowlist's ${exec.paths.length - 1} other files`,
        }
      : { confined: false, detail: exec.why },
    network: networkHeld
      ? { confined: true, detail: 'TCP connect and bind refused (UDP and DNS are not)' }
      : {
          confined: false,
          detail: networkOff
            ? `not confined: TCP rules need ABI ${NETWORK_ABI}`
            : 'open (network: on)',
        },
    scope: describeScope(report),
  };
}

/**
 * Decides the sandbox of a run, before any request: off, unavailable (an error under
 * `required`), or the helper's launcher with the rules it confirmed. The home caches are made
 * before it returns its promise; `git --exec-path` and the probe run while the caller goes on.
 */
export async function prepareSandbox(options: SandboxOptions): Promise<SandboxPlan> {
  const searchPath = options.shellEnv.PATH ?? '';
  const bashPath = findOnPath('bash', searchPath, options.workingDirectory) ?? 'bash';
  const none = (why: string): SandboxPlan => {
    if (options.mode === 'required') throw new SandboxUnavailableError(why);
    return { launcher: undefined, bashPath, facts: { held: false, why }, tidy: () => undefined };
  };
  if (options.mode === 'off') return none("'sandbox' is off");
  const helper = 'helper' in options ? options.helper : locateHelper();
  if (helper === undefined) {
    return none(`no sandbox helper for ${process.platform} on ${process.arch}`);
  }
  if (!path.isAbsolute(bashPath)) return none('bash is not on PATH');

  // Before the rules are made: a rule needs its directory to exist.
  const made = makeHomeCaches(options.env.HOME);
  const tidy = (): void => removeEmptyCaches(made);
  const places = writablePlaces(options);
  let exec: ExecSet;
  try {
    exec = await resolveExecSet(
      decideExec(options.allow),
      bashPath,
      searchPath,
      options.workingDirectory,
    );
  } catch (error) {
    exec = { confined: false, why: `its files could not be read: ${(error as Error).message}` };
  }
  const rules = [
    ...testAbiArguments(options.env),
    ...(options.networkOff ? ['--no-network'] : []),
    ...(exec.confined ? ['--confine-exec', ...exec.paths.flatMap((file) => ['--exec', file])] : []),
    ...places.flatMap((place) => ['--write', place]),
  ];
  const probe = await probeHelper(helper, rules);
  if (!probe.ok) {
    tidy();
    return none(probe.why);
  }
  const facts = factsOf(probe.report, exec, options.networkOff);
  if (options.mode === 'required' && options.networkOff && !probe.report.features.has('network')) {
    tidy();
    throw new SandboxUnavailableError(
      `'network: off' needs Landlock ABI ${NETWORK_ABI}, and this kernel offers ABI ${probe.report.abi}`,
    );
  }
  return { launcher: [helper, ...rules, '--'], bashPath, facts, tidy };
}
