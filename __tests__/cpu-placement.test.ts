import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allowedCpuList, parseCpuList, TASKSET_PATHS } from '../src/shell/cpu-placement.js';
import { buildShellEnv } from '../src/shell/env.js';
import { testSessions } from '../__fixtures__/test-sessions.js';

let dir: string;
const shells = testSessions(() => dir);
const realTaskset = TASKSET_PATHS.find((candidate) => existsSync(candidate));
/** The action's own CPUs, which every process of the shell must be free to use. */
const ours = allowedCpuList('/proc/thread-self/status')!;
const severalCpus = parseCpuList(ours)!.length >= 2;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cpu-placement-test-'));
});

afterEach(async () => {
  await shells.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A taskset that writes each call's arguments to `calls` and then does what the real one does, or,
 * with `ignoreRelease`, ignores the shell's widening of its own affinity (`-p`).
 */
function recordingTaskset(ignoreRelease = false): { path: string; calls: () => string[] } {
  const script = path.join(dir, 'taskset');
  const log = path.join(dir, 'calls');
  writeFileSync(
    script,
    `#!/bin/bash\nprintf '%s\\n' "$*" >> '${log}'\n` +
      (ignoreRelease ? `[[ $1 == -p ]] && exit 0\n` : '') +
      `exec '${realTaskset}' "$@"\n`,
  );
  chmodSync(script, 0o755);
  return {
    path: script,
    calls: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []),
  };
}

/** The CPU list a command in the session runs with. */
async function cpusOfACommand(session: Awaited<ReturnType<typeof shells.start>>): Promise<string> {
  const result = await session.run('grep Cpus_allowed_list /proc/self/status');
  expect(result.exitCode).toBe(0);
  return result.output.replace(/^Cpus_allowed_list:\s*/, '').trim();
}

describe('CPU lists', () => {
  it('reads ranges and single CPUs as the kernel writes them', () => {
    expect(parseCpuList('0-3,8,10-11')).toEqual([0, 1, 2, 3, 8, 10, 11]);
    expect(parseCpuList('5\n')).toEqual([5]);
    expect(parseCpuList('3-1')).toBeUndefined();
    expect(parseCpuList('0-1,x')).toBeUndefined();
  });
});

describe('the shell starts on a core of its own', () => {
  it('and every command it runs may use all of the action’s CPUs', async () => {
    expect(realTaskset).toBeDefined();
    const taskset = recordingTaskset();
    const session = await shells.start({ tasksetPaths: [taskset.path] });
    const [launch, release] = taskset.calls();
    if (severalCpus) {
      // Started pinned to one CPU, other than the one the action was on, then widened back.
      expect(launch).toMatch(/^-c \d+ bash --noprofile --norc bash$/);
      const shellPid = (await session.run('echo $$')).output.trim();
      expect(release).toBe(`-p -c ${ours} ${shellPid}`);
    } else {
      expect(launch).toBeUndefined();
    }
    expect(await cpusOfACommand(session)).toBe(ours);
    // A restarted shell is placed again, and freed again.
    await session.restart();
    expect(taskset.calls()).toHaveLength(severalCpus ? 4 : 0);
    expect(await cpusOfACommand(session)).toBe(ours);
  });

  it('falls back to an unplaced shell when the start-up could not widen the affinity', async () => {
    const taskset = recordingTaskset(true);
    const session = await shells.start({ tasksetPaths: [taskset.path] });
    // Pinned, not freed: that shell is replaced by one started without the launcher.
    expect(taskset.calls()).toHaveLength(severalCpus ? 2 : 0);
    expect(await cpusOfACommand(session)).toBe(ours);
    // And the session does not try again.
    await session.restart();
    expect(taskset.calls()).toHaveLength(severalCpus ? 2 : 0);
    expect(await cpusOfACommand(session)).toBe(ours);
  });

  it('never runs a taskset the agent put on PATH', async () => {
    // The attack: a command plants `taskset` first on the shell's PATH, then gets the shell replaced.
    const planted = path.join(dir, 'bin');
    const proof = path.join(dir, 'planted-ran');
    const env = buildShellEnv({ ...process.env, PATH: `${planted}:${process.env.PATH}` }, []).env;
    const session = await shells.start({ env });
    const plant = await session.run(
      `mkdir -p '${planted}' && printf '#!/bin/sh\\ntouch ${proof}\\nexec ${realTaskset} "$@"\\n' > '${planted}/taskset' && chmod +x '${planted}/taskset' && command -v taskset`,
    );
    expect(plant.output.trim()).toBe(`${planted}/taskset`);
    await session.restart();
    expect((await session.run('echo alive')).output).toBe('alive\n');
    expect(existsSync(proof)).toBe(false);
  });
});
