/**
 * What the agent works with: the bash session, the command policy that stands before it, and the
 * guard that puts back what the run must not leave behind. The guard starts when the bench opens and
 * works while the first request is out, which needs none of it; the shell starts only once the guard
 * is in place (nothing of the agent's may exist while the credentials are taken out), and the
 * secrets it found are known to the redactor before then. The shell and the policy start once the
 * loop says its first request is on its way, from lazily loaded chunks, so that their loading never
 * delays that request. A tool call that comes before they are ready waits for them.
 */
import { describeUndone, Guard, type GuardOptions } from '../guard/guard.js';
import { DecisionCache } from '../policy/decide/decision-cache.js';
import type { PolicyPatterns } from '../policy/decide/patterns.js';
import type { CommandPolicy } from '../policy/types.js';
import { warmUp } from '../policy/warm-up.js';
import { collectGarbageNow } from '../run/v8-tuning.js';
import type { SandboxPlan } from '../sandbox/sandbox.js';
import type { BashSession } from '../shell/session.js';
import { messageOf } from '../base/errors.js';

/** How the shell and the policy are started. */
export interface WorkbenchSettings {
  /** Where the shell starts and the policy resolves relative paths. */
  workingDirectory: string;
  policyPatterns: PolicyPatterns;
  /** The shell's environment (without the runner's secrets). */
  env: Record<string, string>;
  /** The kernel's confinement of the shell: the bash it runs, and the launcher that confines it. */
  sandbox: SandboxPlan;
  commandTimeoutMs: number;
  /**
   * Most characters of one command's output the session keeps, asked when the shell starts: the
   * margin kept for redaction grows with the secrets known until then.
   */
  captureChars: () => number;
  redact: (text: string) => string;
  /** The run's cancel, which the session listens to as well. */
  signal: AbortSignal;
  /** Told the credentials the guard took out (for the redactor), before the shell starts. */
  secretsFound: (values: readonly string[]) => void;
}

/** What closing the bench left to report. */
export interface WorkbenchClosed {
  /** What the guard put back, one line each for the report. */
  undone: string[];
  /** How many credentials the guard had taken out (and put back): the post step's record says so. */
  credentialCount: number;
}

/** The shell and the policy, started once. */
interface Tools {
  session: Promise<BashSession>;
  policy: Promise<CommandPolicy>;
}

export class Workbench {
  readonly #settings: WorkbenchSettings;
  /** The guard being put in place, then in place; rejected with why it could not be. */
  readonly #guard: Promise<Guard>;
  #guardInPlace: Guard | undefined;
  #tools: Tools | undefined;
  #closed = false;

  private constructor(settings: WorkbenchSettings, guard: Promise<Guard>) {
    this.#settings = settings;
    this.#guard = guard.then((inPlace) => {
      settings.secretsFound(inPlace.secretValues);
      this.#guardInPlace = inPlace;
      return inPlace;
    });
    // Awaited by the shell's start and by whoever asks for the guard; a failure surfaces there.
    this.#guard.catch(() => undefined);
  }

  /** Starts putting the guard in place; the shell and the policy wait for the first request or tool call. */
  static open(settings: WorkbenchSettings, guard: GuardOptions): Workbench {
    return new Workbench(settings, Guard.start(guard));
  }

  /** The guard once it is in place; rejects with why it could not be put in place. */
  guard(): Promise<Guard> {
    return this.#guard;
  }

  /**
   * Has the guard put back now what the run changed, if it is in place: for a forced exit, which
   * cannot wait for it.
   */
  endGuardNow(): void {
    this.#guardInPlace?.end();
  }

  /**
   * The loop's hook: its first request is on its way, so the shell and the policy start now,
   * overlapping it. Deferred a turn of the event loop so the request goes out first, and not once
   * the bench is closed: a shell started after the final cleanup would keep the step alive. Returns
   * the guard, which the first answer waits for: a run whose guard could not be put in place fails
   * even when it never asks for the shell.
   */
  readonly firstRequestSent = (): Promise<Guard> => {
    setImmediate(() => this.#closed || this.#start());
    return this.#guard;
  };

  /** The session, started now unless it already is. */
  session(): Promise<BashSession> {
    return this.#start().session;
  }

  /** The policy, loaded now unless it already is. */
  policy(): Promise<CommandPolicy> {
    return this.#start().policy;
  }

  #start(): Tools {
    if (this.#tools) return this.#tools;
    const settings = this.#settings;
    const { sandbox } = settings;
    // Not before the guard is in place: it takes the credentials out of the shell's reach.
    const session = Promise.all([import('../shell/session.js'), this.#guard]).then(
      ([{ BashSession }]) =>
        BashSession.start({
          cwd: settings.workingDirectory,
          env: settings.env,
          maxOutput: settings.captureChars(),
          redact: settings.redact,
          defaultTimeoutMs: settings.commandTimeoutMs,
          bashPath: sandbox.bashPath,
          ...(sandbox.launcher ? { launcher: sandbox.launcher } : {}),
          signal: settings.signal,
        }),
    );
    const policy = import('../policy/policy.js').then(async ({ loadPolicy }) => {
      const loaded = await loadPolicy({
        patterns: settings.policyPatterns,
        workingDirectory: settings.workingDirectory,
      });
      await warmUp(loaded, settings.workingDirectory, loadPolicy);
      return new DecisionCache(loaded);
    });
    // Awaited at the first tool call; until then a failure must not count as unhandled.
    session.catch(() => undefined);
    policy.catch(() => undefined);
    // Start-up's garbage is collected while the first request is out, not during the first commands.
    void Promise.allSettled([session, policy]).then(collectGarbageNow);
    this.#tools = { session, policy };
    return this.#tools;
  }

  /**
   * Closes the shell, if it started, then has the guard put back what the run changed. Nothing
   * starts after this. `warn` is told when the shell could not be closed.
   */
  async close(warn: (message: string) => void): Promise<WorkbenchClosed> {
    this.#closed = true;
    if (this.#tools) {
      try {
        const started = await this.#tools.session.catch(() => undefined);
        await started?.close();
      } catch (error) {
        warn(`Could not close the bash session: ${messageOf(error)}`);
      }
    }
    const guard = await this.#guard.catch(() => undefined);
    if (!guard) return { undone: [], credentialCount: 0 };
    let undone: string[];
    try {
      undone = guard.end().map(describeUndone);
    } catch (error) {
      undone = [`Could not undo the run's changes outside the working tree: ${messageOf(error)}`];
    }
    return { undone, credentialCount: guard.credentialCount };
  }
}
