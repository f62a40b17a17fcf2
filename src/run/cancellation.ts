/**
 * What a cancelled step does instead of dying. The runner cancels a step (the cancel button,
 * `timeout-minutes`) with SIGINT, then SIGTERM about 7.5 s later, then SIGKILL; Node's default for
 * both signals is to end at once, which loses the summary, the outputs and the undo of what the agent
 * changed, and leaves bash's processes running. Here the first signal aborts the run's signal (the
 * loop stops, the request in flight and the running command are aborted, and the ordinary wind-down
 * follows); later signals are swallowed, so they cannot cut that wind-down short; and a hard timer
 * ends the process well before the runner's SIGKILL, after the steps that must not be skipped.
 */

/** The runner's two polite signals; SIGKILL cannot be caught. */
const CANCEL_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * From the first signal to the forced exit: inside the 5 s the action promises, and far inside the
 * runner's 7.5 s before SIGTERM and 10 s before SIGKILL.
 */
const WIND_DOWN_MS = 4_500;

/** The abort reason of a cancelled run; its message says which signal came. */
export class CancelledError extends Error {
  constructor(readonly signalName: NodeJS.Signals) {
    super(`The run was cancelled (${signalName})`);
    this.name = 'CancelledError';
  }
}

export interface Cancellation {
  /** Aborted at the first signal, with a CancelledError as its reason. */
  readonly signal: AbortSignal;
  /**
   * Runs `step` (synchronously) before a forced exit, should the wind-down not have finished in
   * time: for what must happen however the process ends, such as the undo. Steps run in the order
   * they were given, each whether or not the one before failed; `why` says what happened, in words
   * for the report.
   */
  beforeForcedExit(step: (why: string) => void): void;
  /** Stops listening for signals. A forced exit already on its timer still comes. */
  dispose(): void;
}

/** Signals that came before the run listened for them, to be handed on when it does. */
export interface HeldSignals {
  /** The signals held so far, oldest first; holding stops. */
  release(): NodeJS.Signals[];
}

let earliest: HeldSignals | undefined;

/**
 * Catches the runner's signals from the process's first moments, before the run can listen for them
 * (loading the action takes a second, during which Node's default would end the process by the
 * signal, with no report and no undo); the run's listenForCancellation takes them over. The first
 * call is the one listenForCancellation takes over by default.
 */
export function holdSignals(
  source: Pick<NodeJS.EventEmitter, 'on' | 'removeListener'> = process,
): HeldSignals {
  const signals: NodeJS.Signals[] = [];
  const hold = (signal: NodeJS.Signals): void => {
    signals.push(signal);
  };
  for (const signal of CANCEL_SIGNALS) source.on(signal, hold);
  const held: HeldSignals = {
    release: () => {
      for (const signal of CANCEL_SIGNALS) source.removeListener(signal, hold);
      return signals.splice(0);
    },
  };
  earliest ??= held;
  return held;
}

/** After the run: how long the process may take to end by itself before it is ended. */
const EXIT_GRACE_MS = 2_000;

/**
 * The process's end once the run is over and reported: later signals are swallowed (ending by the
 * signal would replace the step's exit status), and whatever still keeps the event loop alive (a
 * leftover's descriptor, a socket that never closes) cannot hold the step: after `graceMs` the
 * process exits with the status the run set.
 */
export function exitAfterReport(
  options: {
    graceMs?: number;
    exit?: () => void;
    source?: Pick<NodeJS.EventEmitter, 'on'>;
  } = {},
): void {
  // The status the run set, given explicitly: `process.exit(undefined)` exits with 0.
  const exit = options.exit ?? (() => process.exit(process.exitCode ?? 0));
  for (const signal of CANCEL_SIGNALS) (options.source ?? process).on(signal, () => undefined);
  // unref: a process with nothing left to do ends at once, without waiting for this.
  setTimeout(() => exit(), options.graceMs ?? EXIT_GRACE_MS).unref();
}

export interface CancellationOptions {
  /** Told of every signal; `first` is false for the ones that are swallowed. */
  onSignal?: (signal: NodeJS.Signals, first: boolean) => void;
  windDownMs?: number;
  /** How the process ends when the wind-down overruns (tests replace it). */
  exit?: (code: number) => void;
  /** Where the signals come from: the process (tests hand in an emitter of their own). */
  source?: Pick<NodeJS.EventEmitter, 'on' | 'removeListener'>;
  /** Signals caught before this was called: the first holdSignals's, by default. */
  held?: HeldSignals;
}

/** Starts listening for the runner's cancel signals. */
export function listenForCancellation(options: CancellationOptions = {}): Cancellation {
  const controller = new AbortController();
  const steps: Array<(why: string) => void> = [];
  const windDownMs = options.windDownMs ?? WIND_DOWN_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const source = options.source ?? process;

  const forceExit = (): void => {
    const cancelled =
      controller.signal.reason instanceof Error
        ? controller.signal.reason.message
        : 'The run was cancelled';
    const why = `${cancelled}, and its wind-down did not finish within ${windDownMs / 1000} s`;
    for (const step of steps) {
      try {
        step(why);
      } catch {
        // the next step must still run, and the process must still end
      }
    }
    exit(1);
  };

  const onSignal = (signal: NodeJS.Signals): void => {
    const first = !controller.signal.aborted;
    try {
      options.onSignal?.(signal, first);
    } catch {
      // a failing log write must not stop the cancellation
    }
    if (!first) return;
    // unref: when the wind-down ends on time nothing waits for this timer; when something hangs
    // after it (an open socket), the timer is what ends the process.
    setTimeout(forceExit, windDownMs).unref();
    controller.abort(new CancelledError(signal));
  };

  for (const signal of CANCEL_SIGNALS) source.on(signal, onSignal);
  const held = options.held ?? earliest;
  if (held === earliest) earliest = undefined;
  for (const signal of held?.release() ?? []) onSignal(signal);
  return {
    signal: controller.signal,
    beforeForcedExit: (step) => steps.push(step),
    dispose: () => {
      for (const signal of CANCEL_SIGNALS) source.removeListener(signal, onSignal);
    },
  };
}
