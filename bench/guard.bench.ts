/**
 * What the guard adds before the first request (start: the copy, the credential out) and after the
 * run (end: the comparison, the credential back), against one `git --version` process as the
 * baseline, alternated in one run on this machine. The world is a runner's: a checkout with
 * actions/checkout's header and git's sample hooks, the runner's file-command files, and a home
 * with shell start-up files, ssh keys, a git config and 150 programs in `~/.local/bin`.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Guard } from '../src/guard/guard.js';

const ROUNDS = 40;

function world(): { workspace: string; home: string; env: Record<string, string> } {
  const root = fs.mkdtempSync(path.join(tmpdir(), 'guard-bench-'));
  const home = path.join(root, 'home');
  const bin = path.join(home, '.local', 'bin');
  fs.mkdirSync(path.join(home, '.ssh'), { recursive: true, mode: 0o700 });
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(home, '.bashrc'), '# bashrc\n'.repeat(100));
  fs.writeFileSync(path.join(home, '.profile'), '# profile\n'.repeat(20));
  fs.writeFileSync(path.join(home, '.gitconfig'), '[user]\n\tname = runner\n');
  fs.writeFileSync(
    path.join(home, '.ssh', 'known_hosts'),
    'github.com ssh-ed25519 AAAA\n'.repeat(50),
  );
  for (let i = 0; i < 150; i += 1) {
    fs.writeFileSync(
      path.join(bin, `tool${i}`),
      `#!/bin/sh\nexec real-tool${i} "$@"\n`.repeat(40),
      {
        mode: 0o755,
      },
    );
  }
  const commands = path.join(root, 'temp', '_runner_file_commands');
  fs.mkdirSync(commands, { recursive: true });
  const env: Record<string, string> = { RUNNER_TEMP: path.join(root, 'temp'), PATH: bin };
  for (const [name, file] of [
    ['GITHUB_ENV', 'set_env'],
    ['GITHUB_PATH', 'add_path'],
    ['GITHUB_OUTPUT', 'set_output'],
    ['GITHUB_STATE', 'save_state'],
    ['GITHUB_STEP_SUMMARY', 'step_summary'],
  ] as const) {
    env[name] = path.join(commands, file);
    fs.writeFileSync(env[name], '');
  }
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace);
  execFileSync('git', ['init', '-q'], { cwd: workspace });
  const basic = Buffer.from('x-access-token:ghs_benchToken0123456789').toString('base64');
  execFileSync(
    'git',
    ['config', 'http.https://github.com/.extraheader', `AUTHORIZATION: basic ${basic}`],
    { cwd: workspace },
  );
  return { workspace, home, env };
}

function gitVersion(): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile('git', ['--version'], (error) => (error ? reject(error) : resolve())),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const { workspace, home, env } = world();
const starts: number[] = [];
const ends: number[] = [];
const baseline: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  let t = performance.now();
  await gitVersion();
  baseline.push(performance.now() - t);
  t = performance.now();
  const guard = await Guard.start({ workingDirectory: workspace, home, env });
  starts.push(performance.now() - t);
  t = performance.now();
  const undone = guard.end();
  ends.push(performance.now() - t);
  if (undone.length > 0) throw new Error(`nothing changed, yet undone: ${undone.length}`);
}
const base = median(baseline);
console.log(`one git --version (baseline): ${base.toFixed(1)} ms (median of ${ROUNDS})`);
console.log(
  `Guard.start: ${median(starts).toFixed(1)} ms = ${(median(starts) / base).toFixed(2)} × baseline`,
);
console.log(
  `Guard.end:   ${median(ends).toFixed(1)} ms = ${(median(ends) / base).toFixed(2)} × baseline`,
);
fs.rmSync(path.dirname(workspace), { recursive: true, force: true });
