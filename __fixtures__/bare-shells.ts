/**
 * Real bash processes reading commands from their stdin, with a marker of their own in the
 * environment, for tests of how a session finds and kills what its shell started. Call
 * `killBareShells` after each test: it kills every shell started and every pid a shell printed.
 */
import { expect } from '@jest/globals';
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** Every wait in these tests gives up after this long. */
export const WAIT_MS = 5000;

export interface BareShell {
  child: ChildProcess;
  pid: number;
  /** `BASH_AGENT_SHELL=<value>`, as it stands in the shell's environment. */
  marker: string;
  /** Runs `command` (bash reads it from stdin). */
  send(command: string): void;
  /** The next line bash printed, as a pid (killed after the test). */
  nextPid(): Promise<number>;
}

export interface BareShellOptions {
  stdio?: StdioOptions;
  args?: string[];
  env?: Record<string, string>;
  /** Runs once bash has started and before it reads its first command. */
  beforeCommands?: (pid: number) => void;
}

const started: number[] = [];
const shells: ChildProcess[] = [];

/** Kills every shell started (its process group too) and every pid one printed or was given. */
export function killBareShells(): void {
  for (const pid of started.splice(0)) kill(pid);
  for (const child of shells.splice(0)) {
    kill(-child.pid!);
    kill(child.pid!);
    child.stdin?.destroy();
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
}

/** Kills `pid` with the shells after the test. */
export function killAfterTest(pid: number): void {
  started.push(pid);
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** A bash in a process group of its own, reading commands from its stdin. */
export async function startBareShell(options: BareShellOptions = {}): Promise<BareShell> {
  const value = randomBytes(8).toString('hex');
  const child = spawn('bash', ['--noprofile', '--norc', ...(options.args ?? [])], {
    detached: true,
    stdio: options.stdio ?? ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env, BASH_AGENT_SHELL: value },
  });
  shells.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  options.beforeCommands?.(child.pid!);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    pid: child.pid!,
    marker: `BASH_AGENT_SHELL=${value}`,
    send: (command) => child.stdin!.write(`${command}\n`),
    nextPid: async () => {
      await waitFor(() => output.includes('\n'), 'a line from bash');
      const line = output.slice(0, output.indexOf('\n'));
      output = output.slice(line.length + 1);
      expect(line).toMatch(/^\d+$/);
      const pid = Number(line);
      started.push(pid);
      return pid;
    },
  };
}

/** Polls `condition` every 10 ms; throws, naming `what`, after WAIT_MS. */
export async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
