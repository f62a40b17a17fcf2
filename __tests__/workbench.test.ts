/**
 * The Workbench's start and close with a real guard, a real bash and the real policy: the shell
 * and the policy start only when the first request is out or a tool asks for them, and a close
 * before the deferred start keeps them from starting at all (a shell started after the cleanup
 * would keep the step alive).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Workbench, type WorkbenchSettings } from '../src/agent/workbench.js';
import type { GuardOptions } from '../src/guard/guard.js';
import { parsePatternInput } from '../src/policy/decide/patterns.js';

let dir: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'workbench-')));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A bench in `dir`, unconfined, that counts how often the shell's start asked for its capture size
 * and records the order of what the guard found and the shell's start.
 */
function openBench(limits?: GuardOptions['limits']): {
  bench: Workbench;
  shellStarts: () => number;
  events: string[];
} {
  let asked = 0;
  const events: string[] = [];
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
      events.push('shell starts');
      return 30_000;
    },
    redact: (text) => text,
    signal: new AbortController().signal,
    secretsFound: (values) => events.push(`secrets: ${values.join(' ')}`),
  };
  const bench = Workbench.open(settings, {
    workingDirectory: dir,
    home: dir,
    env: { HOME: dir, PATH: process.env.PATH },
    ...(limits ? { limits } : {}),
  });
  return { bench, shellStarts: () => asked, events };
}

/** A repository in `dir` whose configuration holds an actions/checkout credential. */
function repositoryWithCredential(): string {
  execFileSync('git', ['init', '-q', dir]);
  execFileSync('git', ['-C', dir, 'config', HEADER_KEY, HEADER]);
  return path.join(dir, '.git', 'config');
}

const HEADER_KEY = 'http.https://github.com/.extraheader';
const HEADER = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3dvcmtiZW5jaHRlc3Q=';

/** Lets the deferred start (setImmediate) run. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Workbench', () => {
  it('starts the shell and the policy once the first request is sent, once, and both work', async () => {
    const { bench, shellStarts } = openBench();
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
    const { bench, shellStarts } = openBench();
    bench.firstRequestSent();
    await bench.close(() => undefined);
    await nextTurn();
    expect(shellStarts()).toBe(0);
  });

  it('puts the guard in place while the first request is out, and starts the shell only after it', async () => {
    const config = repositoryWithCredential();
    const { bench, events } = openBench();
    // Open returned before the guard was in place: it works while the first request is out.
    expect(events).toEqual([]);
    bench.firstRequestSent();
    const session = await bench.session();
    expect(events[0]).toContain('secrets: ');
    expect(events[0]).toContain('eC1hY2Nlc3MtdG9rZW46Z2hzX3dvcmtiZW5jaHRlc3Q=');
    expect(events[1]).toBe('shell starts');
    // The shell finds the credential already out of the configuration.
    expect((await session.run(`grep -c AUTHORIZATION ${config}`)).output.trim()).toBe('0');
    expect((await bench.guard()).credentialCount).toBe(1);
    const closed = await bench.close(() => undefined);
    expect(closed.credentialCount).toBe(1);
    expect(readFileSync(config, 'utf8')).toContain(HEADER);
  });

  it('starts no shell when the guard cannot be put in place, and says why to whoever asks', async () => {
    repositoryWithCredential();
    // A configuration larger than the snapshot keeps cannot be taken out and put back safely.
    const { bench, shellStarts } = openBench({ maxFileBytes: 8 });
    bench.firstRequestSent();
    await expect(bench.session()).rejects.toThrow(/cannot be taken out and put back safely/);
    await expect(bench.guard()).rejects.toThrow(/cannot be taken out and put back safely/);
    expect(shellStarts()).toBe(0);
    expect((await bench.policy()).check('echo ok', dir).allowed).toBe(true);
    expect(await bench.close(() => undefined)).toEqual({ undone: [], credentialCount: 0 });
  });
});
