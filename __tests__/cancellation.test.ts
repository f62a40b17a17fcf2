/**
 * Cancellation from the signal to the loop's result: the first signal aborts, later ones cannot cut
 * the wind-down short, an overrunning wind-down is ended after its last-resort steps; the loop
 * stops both while the model is thinking and while a command runs, and the command's processes go.
 */
import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { runScripted } from '../__fixtures__/agent-harness.js';
import { commands, final } from '../__fixtures__/messages.js';
import { processesWith } from '../__fixtures__/processes.js';
import { recorded } from '../__fixtures__/run-events.js';
import {
  CancelledError,
  exitAfterReport,
  holdSignals,
  listenForCancellation,
} from '../src/run/cancellation.js';
import { factsOf } from '../src/report/facts.js';
import { buildShellEnv } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';

/** Aborts `controller` once `ready` says the run has reached the point under test. */
function abortWhen(controller: AbortController, ready: () => boolean): void {
  const poll = setInterval(() => {
    if (!ready()) return;
    clearInterval(poll);
    controller.abort(new CancelledError('SIGTERM'));
  }, 20);
}

describe('listenForCancellation', () => {
  it('aborts at the first signal, swallows the later ones, and forces the exit after its last steps', async () => {
    const exits: number[] = [];
    const order: string[] = [];
    const seen: Array<[string, boolean]> = [];
    // The process's signals as an emitter: the real ones reach the bundle in e2e.test.ts.
    const runner = new EventEmitter();
    const cancellation = listenForCancellation({
      source: runner,
      windDownMs: 300,
      exit: (code) => {
        order.push('exit');
        exits.push(code);
      },
      onSignal: (signal, first) => seen.push([signal, first]),
    });
    try {
      cancellation.beforeForcedExit((why) => order.push(`undo: ${why}`));
      cancellation.beforeForcedExit(() => {
        throw new Error('a failing step');
      });
      cancellation.beforeForcedExit(() => order.push('after the failing step'));
      expect(cancellation.signal.aborted).toBe(false);

      runner.emit('SIGINT', 'SIGINT');
      expect(cancellation.signal.aborted).toBe(true);
      expect(cancellation.signal.reason).toBeInstanceOf(CancelledError);
      expect((cancellation.signal.reason as CancelledError).signalName).toBe('SIGINT');

      // A second signal during the wind-down neither ends the process nor skips a step.
      runner.emit('SIGTERM', 'SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(exits).toEqual([]);
      expect(seen).toEqual([
        ['SIGINT', true],
        ['SIGTERM', false],
      ]);

      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(order).toEqual([
        'undo: The run was cancelled (SIGINT), and its wind-down did not finish within 0.3 s',
        'after the failing step',
        'exit',
      ]);
      expect(exits).toEqual([1]);
    } finally {
      cancellation.dispose();
    }
    expect(runner.listenerCount('SIGINT') + runner.listenerCount('SIGTERM')).toBe(0);
  });
});

describe('signals before the run listens', () => {
  it('are held from the start and handed to the run, which is cancelled by the first of them', () => {
    const runner = new EventEmitter();
    const held = holdSignals(runner);
    runner.emit('SIGINT', 'SIGINT');
    runner.emit('SIGINT', 'SIGINT');
    const seen: Array<[string, boolean]> = [];
    // Its own exit: the forced exit's timer outlives the test, and the process's exit would end
    // whichever test file the worker runs a minute later.
    const cancellation = listenForCancellation({
      source: runner,
      held,
      windDownMs: 60_000,
      onSignal: (signal, first) => seen.push([signal, first]),
      exit: () => undefined,
    });
    try {
      expect(cancellation.signal.aborted).toBe(true);
      expect((cancellation.signal.reason as CancelledError).signalName).toBe('SIGINT');
      expect(seen).toEqual([
        ['SIGINT', true],
        ['SIGINT', false],
      ]);
      // Held no longer: only the run's own listener is left for each signal.
      expect(runner.listenerCount('SIGINT')).toBe(1);
      expect(held.release()).toEqual([]);
    } finally {
      cancellation.dispose();
    }
  });
});

describe('the exit after the report', () => {
  it('swallows later signals and ends a process that something keeps alive after the grace', async () => {
    const runner = new EventEmitter();
    const exits: string[] = [];
    exitAfterReport({ source: runner, graceMs: 50, exit: () => exits.push('exit') });
    // Without a listener an emitter's signal would be nobody's; with the process's, Node's default
    // would end the process by the signal, replacing the step's exit status.
    expect(runner.listenerCount('SIGINT')).toBe(1);
    expect(runner.listenerCount('SIGTERM')).toBe(1);
    runner.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([]);
    // Something keeping the loop alive, as a leftover's descriptor would.
    const alive = setInterval(() => undefined, 1000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(exits).toEqual(['exit']);
    } finally {
      clearInterval(alive);
    }
  });
});

describe('a cancelled run', () => {
  it('stops while waiting for the model: the request is aborted and the conclusion is cancelled', async () => {
    const controller = new AbortController();
    let asked = false;
    abortWhen(controller, () => asked);
    const { result, server } = await runScripted(
      () => {
        asked = true;
        return { hang: true };
      },
      { signal: controller.signal },
    );

    expect(result.conclusion).toBe('cancelled');
    expect(result.detail).toBe('The run was cancelled (SIGTERM)');
    // The server never answers: only aborting the request could have ended the wait.
    expect(server.requests).toHaveLength(1);
  });

  it('stops in the middle of a command: the command and every process of the shell are killed, nothing more runs', async () => {
    const marker = `30.${process.pid}`;
    const controller = new AbortController();
    abortWhen(controller, () => processesWith(`sleep\0${marker}`).length > 0);
    const { result, server, events } = await runScripted(
      [commands(`sleep ${marker} & sleep ${marker}; echo after`, 'echo never'), final('no')],
      { signal: controller.signal, commandTimeoutMs: 60_000 },
    );

    expect(result.conclusion).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
    expect(result.commands).toBe(1);
    const results = events.filter((event) => event.type === 'tool_result');
    expect(results.map((event) => event.kind)).toEqual(['command', 'not-run']);
    const killed = results[0] as Extract<(typeof results)[number], { type: 'tool_result' }>;
    expect(killed.text).toContain('the shell exited: it was killed by SIGKILL');
    expect(killed.text).toContain('no new shell was started');
    expect(killed.text).not.toContain('after');
    expect(processesWith(`sleep\0${marker}`)).toEqual([]);
    // The reports show the cancel's kill as the cancel, not as the command's own crash.
    expect(killed.command?.cancelled).toBe(true);
    const facts = factsOf(recorded(...events));
    expect(facts.calls[0]?.status).toBe('cancelled');
    expect(facts.failed).toBe(0);
  });
});

describe("a session given the run's signal", () => {
  const start = (signal: AbortSignal) =>
    BashSession.start({
      cwd: process.cwd(),
      env: buildShellEnv(process.env, []).env,
      maxOutput: 10_000,
      defaultTimeoutMs: 60_000,
      signal,
    });

  it('ends the running call when aborted, starts no new shell, and takes no further call', async () => {
    const marker = `31.${process.pid}`;
    const controller = new AbortController();
    const session = await start(controller.signal);
    abortWhen(controller, () => processesWith(`sleep\0${marker}`).length > 0);
    const result = await session.run(`sleep ${marker}`);

    expect(result).toMatchObject({
      shellExited: true,
      shellExitSignal: 'SIGKILL',
      restarted: false,
    });
    expect(processesWith(`sleep\0${marker}`)).toEqual([]);
    await expect(session.run('true')).rejects.toThrow('The bash session is closed');
  });

  it('does not start at all once the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new CancelledError('SIGTERM'));
    await expect(start(controller.signal)).rejects.toThrow('cancelled before the shell started');
  });
});
