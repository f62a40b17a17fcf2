/**
 * The secrets' way around the re-execution: what is carried, that it arrives whole and leaves
 * nothing behind, and that the re-executed process (the shipped Node 24) shows none of it in
 * /proc while `process.env` still has it for the action.
 */
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CARRIER_VARIABLE,
  carrierFileOf,
  carrierProblem,
  carrierMarker,
  FORGED_MARKER_NOTE,
  needsNode24Note,
  processIdentity,
  splitEnvironment,
  startClean,
  sweepStaleCarriers,
  takeCarrier,
  writeCarrier,
} from '../src/run/clean-start.js';
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
  return new Promise<{ spawnedPid: number; report: ChildReport; notes: string[]; stderr: string }>(
    (resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) {
          reject(new Error(`the child exited with ${code}: ${stderr}`));
          return;
        }
        // The report is the last line; the lines before it are the start's notes to the log.
        const lines = stdout.trimEnd().split('\n');
        const report = JSON.parse(lines.pop()!) as ChildReport;
        resolve({ spawnedPid: child.pid!, report, notes: lines, stderr });
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
      const file = writeCarrier(carried, processIdentity()!, parent);
      expect(path.dirname(path.dirname(file))).toBe(parent);
      expect(takeCarrier(file)).toEqual(carried);
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('stale carriers', () => {
  it("are removed when their process is gone, and a live process's carrier is left alone", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'carrier-sweep-'));
    try {
      // A process that wrote its carrier and was killed before its new image could take it.
      const child = spawn('sleep', ['30']);
      const childIdentity = processIdentity(`/proc/${child.pid}/stat`)!;
      const dead = writeCarrier({ INPUT_TOKEN: 'secret-of-a-dead-run' }, childIdentity, parent);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      // A pid now of another process: its start time does not match the carrier's.
      const [pid] = processIdentity()!.split(':');
      const reused = writeCarrier({ INPUT_TOKEN: 'x' }, `${pid}:1`, parent);
      const live = writeCarrier({ INPUT_TOKEN: 'still-on-its-way' }, processIdentity()!, parent);
      const removed = sweepStaleCarriers(parent);
      expect(removed.sort()).toEqual([path.dirname(dead), path.dirname(reused)].sort());
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(reused)).toBe(false);
      expect(takeCarrier(live)).toEqual({ INPUT_TOKEN: 'still-on-its-way' });
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('leave directories of other names alone', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'carrier-sweep-'));
    try {
      mkdirSync(path.join(parent, 'bash-agent-env-abcdef'));
      mkdirSync(path.join(parent, 'other-1-2-abcdef'));
      expect(sweepStaleCarriers(parent)).toEqual([]);
      expect(readdirSync(parent).sort()).toEqual(['bash-agent-env-abcdef', 'other-1-2-abcdef']);
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
    // The marker is this process's, and its carrier is closed and gone.
    const carrier = markedCarrier(report);
    expect(existsSync(carrier)).toBe(false);
    expect(existsSync(path.dirname(carrier))).toBe(false);
    expect(report.fds.filter((target) => target.includes('bash-agent-env-'))).toEqual([]);
  });
});

/**
 * The carrier file the marker in the child's exec-time environment names; the marker must be bound
 * to the child itself (its pid, then a start time).
 */
function markedCarrier(report: ChildReport): string {
  const marker = new RegExp(`${CARRIER_VARIABLE}=(\\d+):(\\d+):([^\\0]*)`).exec(report.environ);
  expect(marker).not.toBeNull();
  expect(Number(marker![1])).toBe(report.pid);
  return marker![3]!;
}

/** A file an earlier step plants for a forged marker to name: private, as the action's own are. */
function plantCarrier(parent: string, carried: Record<string, string> = {}): string {
  const dir = path.join(parent, 'bash-agent-env-planted');
  mkdirSync(dir, { mode: 0o700 });
  const file = path.join(dir, 'env.json');
  writeFileSync(file, JSON.stringify(carried), { mode: 0o600 });
  return file;
}

describe('the marker of the re-executed process', () => {
  it("reads this process's pid and start time from /proc/self/stat, whatever the command name holds", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stat-test-'));
    try {
      const stat = path.join(dir, 'stat');
      const after = Array.from({ length: 30 }, (_, index) => String(index + 3));
      after[0] = 'S';
      // A command name with spaces and a parenthesis cannot shift the fields.
      writeFileSync(stat, `4242 (node ) (x) ${after.join(' ')}\n`);
      expect(processIdentity(stat)).toBe('4242:22');
      expect(processIdentity(path.join(dir, 'missing'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const own = processIdentity();
    expect(own).toMatch(new RegExp(`^${process.pid}:\\d+$`));
    // It is the kernel's start time, not the time of asking: the same at every read.
    expect(processIdentity()).toBe(own);
  });

  it("names a carrier only when it is this process's", () => {
    const identity = '4242:1941977';
    expect(carrierFileOf(carrierMarker(identity, '/dev/shm/x:y/env.json'), identity)).toBe(
      '/dev/shm/x:y/env.json',
    );
    // The form an earlier version wrote, another pid, another start time, a relative path.
    expect(carrierFileOf('/dev/shm/x/env.json', identity)).toBeUndefined();
    expect(carrierFileOf('4243:1941977:/dev/shm/x/env.json', identity)).toBeUndefined();
    expect(carrierFileOf('4242:1941976:/dev/shm/x/env.json', identity)).toBeUndefined();
    expect(carrierFileOf('4242:19419770:/dev/shm/x/env.json', identity)).toBeUndefined();
    expect(carrierFileOf('4242:1941977:env.json', identity)).toBeUndefined();
    expect(carrierFileOf(carrierMarker(identity, '/x/env.json'), undefined)).toBeUndefined();
  });

  it('ignores a marker set before the start, leaves its file alone and re-executes without the secrets', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'forged-marker-'));
    try {
      const planted = plantCarrier(parent, { 'INPUT_ALLOWED-COMMANDS': '*' });
      const identity = '4242:1941977';
      for (const forged of [planted, `4242:1941976:${planted}`, `1:${identity}:${planted}`]) {
        const env: NodeJS.ProcessEnv = {
          PATH: '/usr/bin',
          'INPUT_ANTHROPIC-API-KEY': API_KEY,
          [CARRIER_VARIABLE]: forged,
        };
        const notes: string[] = [];
        const execs: Array<Record<string, string>> = [];
        startClean({
          env,
          identity,
          note: (line) => notes.push(line),
          execve: ((_file: string, _args: string[], next: Record<string, string>) => {
            execs.push(next);
          }) as unknown as (file: string, args: string[], env: Record<string, string>) => never,
        });

        expect(notes[0]).toBe(FORGED_MARKER_NOTE);
        expect(execs).toHaveLength(1);
        const next = execs[0]!;
        expect(Object.keys(next).sort()).toEqual([CARRIER_VARIABLE, 'PATH']);
        const carrier = carrierFileOf(next[CARRIER_VARIABLE]!, identity);
        expect(carrier).toBeDefined();
        expect(carrier).not.toBe(planted);
        // What the exec would have carried is the secret, not the planted variables.
        expect(takeCarrier(carrier!)).toEqual({ 'INPUT_ANTHROPIC-API-KEY': API_KEY });
        expect(readFileSync(planted, 'utf8')).toBe('{"INPUT_ALLOWED-COMMANDS":"*"}');
      }
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it.each([
    ['a file others can read', (file: string) => chmodSync(file, 0o644)],
    ['a directory others can enter', (file: string) => chmodSync(path.dirname(file), 0o755)],
    [
      'a link in the file’s place',
      (file: string) => {
        renameSync(file, `${file}.real`);
        symlinkSync(`${file}.real`, file);
      },
    ],
  ])('refuses to take a carrier that is %s, and removes nothing', (_what, spoil) => {
    const parent = mkdtempSync(path.join(tmpdir(), 'carrier-spoilt-'));
    try {
      const file = writeCarrier({ INPUT_TASK: 'planted' }, processIdentity()!, parent);
      spoil(file);
      expect(() => takeCarrier(file)).toThrow(/is not the action's own|ELOOP/);
      expect(existsSync(file)).toBe(true);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it("refuses a carrier of another user's, or one open to other users", () => {
    const stat = (uid: number, mode: number, kind: 'file' | 'dir') => ({
      uid,
      mode,
      isFile: () => kind === 'file',
      isDirectory: () => kind === 'dir',
    });
    const dir = stat(1001, 0o40700, 'dir');
    const file = stat(1001, 0o100600, 'file');
    expect(carrierProblem(dir, file, 1001)).toBeUndefined();
    expect(carrierProblem(dir, stat(1002, 0o100600, 'file'), 1001)).toBe(
      'it belongs to uid 1002, not 1001',
    );
    expect(carrierProblem(stat(0, 0o40700, 'dir'), file, 1001)).toBe(
      'its directory belongs to uid 0, not 1001',
    );
    expect(carrierProblem(dir, stat(1001, 0o100600, 'dir'), 1001)).toBe('it is not a regular file');
    // A strict umask may leave the owner less; only what others may do makes a carrier unsafe.
    expect(carrierProblem(stat(1001, 0o40500, 'dir'), stat(1001, 0o100400, 'file'), 1001)).toBe(
      undefined,
    );
    expect(carrierProblem(dir, stat(1001, 0o100640, 'file'), 1001)).toBe(
      'it is open to other users (mode 640)',
    );
    expect(carrierProblem(stat(1001, 0o40701, 'dir'), file, 1001)).toBe(
      'its directory is open to other users (mode 701)',
    );
  });
});

describe('startClean on Node 24 after an earlier step set the marker', () => {
  it.each([
    ['the path of a planted file, as the marker once was', (planted: string) => planted],
    // The best an earlier step can do now: a guess at the pid, with a start time it cannot know.
    ['a guessed pid and start time', (planted: string) => `${process.pid + 1}:0:${planted}`],
  ])(
    'given %s, still keeps every secret out of /proc, and the action still gets them',
    async (_what, forge) => {
      const parent = mkdtempSync(path.join(tmpdir(), 'forged-marker-'));
      try {
        const planted = plantCarrier(parent, { 'INPUT_ALLOWED-COMMANDS': '*' });
        const env = {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? '/tmp',
          'INPUT_ANTHROPIC-API-KEY': API_KEY,
          GITHUB_TOKEN: TOKEN,
          [CARRIER_VARIABLE]: forge(planted),
        };
        const names = ['INPUT_ANTHROPIC-API-KEY', 'GITHUB_TOKEN', 'INPUT_ALLOWED-COMMANDS'];
        const { report, notes } = await runChild(env, names);

        expect(notes).toEqual([FORGED_MARKER_NOTE]);
        // The oracle an agent's command would use: the secrets are nowhere in what /proc shows.
        for (const secret of [API_KEY, TOKEN]) {
          expect(report.environ).not.toContain(secret);
          expect(report.cmdline).not.toContain(secret);
        }
        expect(report.values).toEqual({
          'INPUT_ANTHROPIC-API-KEY': API_KEY,
          GITHUB_TOKEN: TOKEN,
          // Nothing of the planted file reached the action.
          'INPUT_ALLOWED-COMMANDS': null,
        });
        expect(existsSync(markedCarrier(report))).toBe(false);
        expect(existsSync(planted)).toBe(true);
      } finally {
        rmSync(parent, { recursive: true, force: true });
      }
    },
  );
});
