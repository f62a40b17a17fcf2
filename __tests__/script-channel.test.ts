/**
 * The script channel with a real bash: bash reads each call's line in a block, not a byte at a time,
 * never gets past a gate before its line is written, and is let through a gate it reaches late.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gateWait } from '../src/shell/frame.js';
import { ScriptChannel } from '../src/shell/script-channel.js';
import { testSessions } from '../__fixtures__/test-sessions.js';

let dir: string;
const shells = testSessions(() => dir);
const running: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'script-channel-'));
});

afterEach(async () => {
  await shells.closeAll();
  // Each in a process group of its own, so what bash started goes with it.
  for (const child of running.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** bash on a channel whose script starts with `preamble` (then waits at gate 0); what it prints. */
function bashOn(preamble: string): { channel: ScriptChannel; output: () => string } {
  const channel = new ScriptChannel(() => `${preamble}\n`, process.env);
  const child = spawn('bash', ['--noprofile', '--norc', channel.script], {
    cwd: channel.dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.push(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  return { channel, output: () => output };
}

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  for (const deadline = Date.now() + ms; !condition();) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the script channel', () => {
  it('lets bash through a gate it reaches only after the line was sent', async () => {
    // bash is still busy with its preamble when the line is sent: the gate is not there to open yet.
    const { channel, output } = bashOn('sleep 0.3; echo started');
    channel.send(`echo ran; ${gateWait(channel.gates[channel.nextGate])}\n`);
    await until(() => output().includes('ran'));
    expect(output()).toBe('started\nran\n');
    channel.dispose();
  });

  it('stops trying at a gate that bash never reaches once disposed, and leaves nothing behind', async () => {
    const { channel, output } = bashOn('echo started; sleep 30');
    await until(() => output() !== '');
    channel.send(`echo never; ${gateWait(channel.gates[channel.nextGate])}\n`);
    channel.dispose();
    expect(existsSync(channel.dir)).toBe(false);
    // A retry still scheduled would throw on the removed gate or keep the test process alive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(output()).toBe('started\n');
  });

  it('makes bash read each line in a block, not a byte at a time', async () => {
    const session = await shells.start();
    const bash = Number((await session.run('echo $$')).output);
    const trace = path.join(dir, 'reads');
    const strace = spawn('strace', [
      '-e',
      'trace=read',
      '-e',
      'signal=none',
      '-o',
      trace,
      '-p',
      `${bash}`,
    ]);
    running.push(strace);
    // strace says it attached on standard error; the calls after that are traced.
    await new Promise((resolve) => strace.stderr.once('data', resolve));
    const command = `echo ${'x'.repeat(4000)} >/dev/null`;
    for (let call = 0; call < 20; call += 1) await session.run(command);
    strace.kill('SIGINT');
    await new Promise((resolve) => strace.once('close', resolve));
    const scriptReads = readFileSync(trace, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('read(255,'));
    // Each call's line (about 4 KB) is one read; a byte at a time it would be 4,000 a call.
    expect(scriptReads.length).toBeGreaterThanOrEqual(19);
    expect(scriptReads.length).toBeLessThanOrEqual(40);
  });
});
