/**
 * The Workbench's start and close with a real guard, a real bash and the real policy: the shell
 * and the policy start only when the first request is out or a tool asks for them, and a close
 * before the deferred start keeps them from starting at all (a shell started after the cleanup
 * would keep the step alive).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Workbench, type WorkbenchSettings } from '../src/agent/workbench.js';
import { parsePatternInput } from '../src/policy/decide/patterns.js';

let dir: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'workbench-')));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A bench in `dir`, unconfined, that counts how often the shell's start asked for its capture size. */
async function openBench(): Promise<{ bench: Workbench; shellStarts: () => number }> {
  let asked = 0;
  const settings: WorkbenchSettings = {
    workingDirectory: dir,
    policyPatterns: { allow: parsePatternInput('echo *', 'allowed-commands'), deny: [] },
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir },
    sandbox: {
      launcher: undefined,
      bashPath: '/bin/bash',
      facts: undefined as never,
      tidy: () => {},
    },
    commandTimeoutMs: 10_000,
    captureChars: () => {
      asked += 1;
      return 30_000;
    },
    redact: (text) => text,
    signal: new AbortController().signal,
  };
  const bench = await Workbench.open(settings, {
    workingDirectory: dir,
    home: dir,
    env: { HOME: dir, PATH: process.env.PATH },
  });
  return { bench, shellStarts: () => asked };
}

/** Lets the deferred start (setImmediate) run. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Workbench', () => {
  it('starts the shell and the policy once the first request is sent, once, and both work', async () => {
    const { bench, shellStarts } = await openBench();
    await nextTurn();
    expect(shellStarts()).toBe(0);

    bench.firstRequestSent();
    bench.firstRequestSent();
    await nextTurn();
    expect(shellStarts()).toBe(1);
    const session = await bench.session();
    expect((await session.run('echo ready')).output.trim()).toBe('ready');
    expect((await bench.policy()).check('echo ready', dir).allowed).toBe(true);
    expect((await bench.policy()).check('rm -rf x', dir).allowed).toBe(false);
    expect(shellStarts()).toBe(1);

    const closed = await bench.close(() => undefined);
    expect(closed.credentialCount).toBe(0);
    expect(closed.undone).toEqual([]);
  });

  it('starts nothing after it is closed, though the first request was announced just before', async () => {
    const { bench, shellStarts } = await openBench();
    bench.firstRequestSent();
    await bench.close(() => undefined);
    await nextTurn();
    expect(shellStarts()).toBe(0);
  });
});
