/**
 * The secrets' way around the re-execution: what is carried, that it arrives whole and leaves
 * nothing behind, and that the re-executed process (the shipped Node 24) shows none of it in
 * /proc while `process.env` still has it for the action.
 */
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CARRIER_VARIABLE,
  needsNode24Note,
  splitEnvironment,
  startClean,
  takeCarrier,
  writeCarrier,
} from '../src/clean-start.js';
import { shippedNode } from '../__fixtures__/node24.js';

const CHILD = fileURLToPath(new URL('../__fixtures__/clean-start-child.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

const API_KEY = 'sk-ant-api03-Lcarried0secret0value0000000000000000';
const TOKEN = 'ghs_carried0token0value0000000000000000';

/** Values a naive `NAME=value` line format would break: newlines, `=`, quotes, non-ASCII. */
const AWKWARD = 'line one\nline two = still the value\n"quoted" \\ é ✓\n';

/** An environment larger than a pipe's 64 KiB, as a workflow with big inputs makes one. */
function largeInputs(): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (let index = 0; index < 40; index += 1) {
    inputs[`INPUT_BIG-${index}`] = `${index}:${'x='.repeat(2_500)}\n${AWKWARD}`;
  }
  return inputs;
}

interface ChildReport {
  pid: number;
  argv: string[];
  execArgv: string[];
  environ: string;
  cmdline: string;
  fds: string[];
  values: Record<string, string | null>;
}

function runChild(env: Record<string, string>, names: string[]) {
  const child = spawn(shippedNode(), ['--import', TSX, CHILD, ...names], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise<{ spawnedPid: number; report: ChildReport; stderr: string }>(
    (resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) {
          reject(new Error(`the child exited with ${code}: ${stderr}`));
          return;
        }
        resolve({ spawnedPid: child.pid!, report: JSON.parse(stdout) as ChildReport, stderr });
      });
    },
  );
}

describe('splitEnvironment', () => {
  it('carries every input, the runner tokens and secret-looking variables, and keeps the rest', () => {
    const { kept, carried } = splitEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      GITHUB_OUTPUT: '/runner/temp/output',
      GITHUB_REPOSITORY: 'octo/repo',
      INPUT_TASK: 'a harmless task',
      'INPUT_ANTHROPIC-API-KEY': API_KEY,
      ACTIONS_RUNTIME_TOKEN: 'runtime',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.example',
      GITHUB_TOKEN: TOKEN,
      HARMLESS_NAME: API_KEY,
      [CARRIER_VARIABLE]: '/stale/carrier',
    });
    expect(Object.keys(kept).sort()).toEqual([
      'GITHUB_OUTPUT',
      'GITHUB_REPOSITORY',
      'HOME',
      'PATH',
    ]);
    expect(Object.keys(carried).sort()).toEqual([
      'ACTIONS_ID_TOKEN_REQUEST_URL',
      'ACTIONS_RUNTIME_TOKEN',
      'GITHUB_TOKEN',
      'HARMLESS_NAME',
      'INPUT_ANTHROPIC-API-KEY',
      'INPUT_TASK',
    ]);
  });
});

describe('the carrier', () => {
  it('brings a large environment back whole and leaves neither file nor directory behind', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'carrier-test-'));
    try {
      const carried = { ...largeInputs(), INPUT_ODD: AWKWARD, EMPTY_TOKEN: '' };
      const file = writeCarrier(carried, parent);
      expect(path.dirname(path.dirname(file))).toBe(parent);
      expect(takeCarrier(file)).toEqual(carried);
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('startClean without process.execve (Node before 24)', () => {
  it('says once that the protection needs Node 24 and leaves the environment as it was', () => {
    const env = { PATH: '/usr/bin', 'INPUT_ANTHROPIC-API-KEY': API_KEY };
    const notes: string[] = [];
    startClean({ env, execve: undefined, note: (line) => notes.push(line) });
    expect(notes).toEqual([needsNode24Note(process.versions.node)]);
    expect(env).toEqual({ PATH: '/usr/bin', 'INPUT_ANTHROPIC-API-KEY': API_KEY });
  });

  it('says nothing when there is no secret to keep out', () => {
    const notes: string[] = [];
    startClean({ env: { PATH: '/usr/bin' }, execve: undefined, note: (line) => notes.push(line) });
    expect(notes).toEqual([]);
  });
});

describe('startClean on Node 24', () => {
  it('re-executes as the same process, arguments and stdio, with no secret left in /proc', async () => {
    const big = largeInputs();
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      GITHUB_REPOSITORY: 'octo/repo',
      'INPUT_ANTHROPIC-API-KEY': API_KEY,
      INPUT_ODD: AWKWARD,
      GITHUB_TOKEN: TOKEN,
      ...big,
    };
    const names = ['INPUT_ANTHROPIC-API-KEY', 'INPUT_ODD', 'GITHUB_TOKEN', 'INPUT_BIG-39', 'PATH'];
    const { spawnedPid, report, stderr } = await runChild(env, names);

    expect(report.pid).toBe(spawnedPid);
    expect(report.argv).toEqual([CHILD, ...names]);
    expect(report.execArgv).toEqual(['--import', TSX]);
    expect(stderr).toContain('stderr still reaches the runner');
    // The action gets every value back exactly …
    expect(report.values).toEqual({
      'INPUT_ANTHROPIC-API-KEY': API_KEY,
      INPUT_ODD: AWKWARD,
      GITHUB_TOKEN: TOKEN,
      'INPUT_BIG-39': big['INPUT_BIG-39'],
      PATH: env.PATH,
    });
    // … while what /proc shows of the process holds none of them, though they are back in
    // process.env (setenv does not reach the exec-time block).
    for (const secret of [API_KEY, TOKEN, 'still the value', 'x=x=x=']) {
      expect(report.environ).not.toContain(secret);
      expect(report.cmdline).not.toContain(secret);
    }
    expect(report.environ).toContain('GITHUB_REPOSITORY=octo/repo');
    expect(report.environ).not.toContain('INPUT_');
    // The carrier is closed and gone.
    const carrier = /BASH_AGENT_CARRIED_ENV=([^\0]*)/.exec(report.environ)?.[1];
    expect(carrier).toBeDefined();
    expect(existsSync(carrier!)).toBe(false);
    expect(existsSync(path.dirname(carrier!))).toBe(false);
    expect(report.fds.filter((target) => target.includes('bash-agent-env-'))).toEqual([]);
  });
});
