export const id = 632;
export const ids = [632];
export const modules = {

/***/ 34632:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ listenForCancellation),
/* harmony export */   exitAfterReport: () => (/* binding */ exitAfterReport),
/* harmony export */   holdSignals: () => (/* binding */ holdSignals)
/* harmony export */ });
/* unused harmony export CancelledError */
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
const CANCEL_SIGNALS = ['SIGINT', 'SIGTERM'];
/**
 * From the first signal to the forced exit: inside the 5 s the action promises, and far inside the
 * runner's 7.5 s before SIGTERM and 10 s before SIGKILL.
 */
const WIND_DOWN_MS = 4_500;
/** The abort reason of a cancelled run; its message says which signal came. */
class CancelledError extends Error {
    signalName;
    constructor(signalName) {
        super(`The run was cancelled (${signalName})`);
        this.signalName = signalName;
        this.name = 'CancelledError';
    }
}
let earliest;
/**
 * Catches the runner's signals from the process's first moments, before the run can listen for them
 * (loading the action takes a second, during which Node's default would end the process by the
 * signal, with no report and no undo); the run's listenForCancellation takes them over. The first
 * call is the one listenForCancellation takes over by default.
 */
function holdSignals(source = process) {
    const signals = [];
    const hold = (signal) => {
        signals.push(signal);
    };
    for (const signal of CANCEL_SIGNALS)
        source.on(signal, hold);
    const held = {
        release: () => {
            for (const signal of CANCEL_SIGNALS)
                source.removeListener(signal, hold);
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
function exitAfterReport(options = {}) {
    // The status the run set, given explicitly: `process.exit(undefined)` exits with 0.
    const exit = options.exit ?? (() => process.exit(process.exitCode ?? 0));
    for (const signal of CANCEL_SIGNALS)
        (options.source ?? process).on(signal, () => undefined);
    // unref: a process with nothing left to do ends at once, without waiting for this.
    setTimeout(() => exit(), options.graceMs ?? EXIT_GRACE_MS).unref();
}
/** Starts listening for the runner's cancel signals. */
function listenForCancellation(options = {}) {
    const controller = new AbortController();
    const steps = [];
    const windDownMs = options.windDownMs ?? WIND_DOWN_MS;
    const exit = options.exit ?? ((code) => process.exit(code));
    const source = options.source ?? process;
    const forceExit = () => {
        const cancelled = controller.signal.reason instanceof Error
            ? controller.signal.reason.message
            : 'The run was cancelled';
        const why = `${cancelled}, and its wind-down did not finish within ${windDownMs / 1000} s`;
        for (const step of steps) {
            try {
                step(why);
            }
            catch {
                // the next step must still run, and the process must still end
            }
        }
        exit(1);
    };
    const onSignal = (signal) => {
        const first = !controller.signal.aborted;
        try {
            options.onSignal?.(signal, first);
        }
        catch {
            // a failing log write must not stop the cancellation
        }
        if (!first)
            return;
        // unref: when the wind-down ends on time nothing waits for this timer; when something hangs
        // after it (an open socket), the timer is what ends the process.
        setTimeout(forceExit, windDownMs).unref();
        controller.abort(new CancelledError(signal));
    };
    for (const signal of CANCEL_SIGNALS)
        source.on(signal, onSignal);
    const held = options.held ?? earliest;
    if (held === earliest)
        earliest = undefined;
    for (const signal of held?.release() ?? [])
        onSignal(signal);
    return {
        signal: controller.signal,
        beforeForcedExit: (step) => steps.push(step),
        dispose: () => {
            for (const signal of CANCEL_SIGNALS)
                source.removeListener(signal, onSignal);
        },
    };
}


/***/ })

};

//# sourceMappingURL=632.index.js.map