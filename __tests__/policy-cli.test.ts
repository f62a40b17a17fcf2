import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRealisticCorpus } from '../__fixtures__/policy/realistic.js';
import { loadPolicy } from '../src/policy/policy.js';

/* `npm run policy`, run for real: the script through tsx, and once through npm itself. */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'policy-cli-'));
  mkdirSync(path.join(scratch, 'repo', 'src'), { recursive: true });
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function childEnv(): NodeJS.ProcessEnv {
  // Jest's own NODE_OPTIONS (vm modules) is no part of how a user runs the script.
  const { NODE_OPTIONS: _ignored, INIT_CWD: _npm, ...env } = process.env;
  return env;
}

function policyCli(args: string[], options: { input?: string; cwd?: string } = {}): Run {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/policy.ts', ...args], {
    cwd: ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    env: options.cwd ? { ...childEnv(), INIT_CWD: options.cwd } : childEnv(),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function jsonLines(text: string): Array<{ command: string; allowed: boolean; reason: string }> {
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { command: string; allowed: boolean; reason: string });
}

describe('npm run policy', () => {
  it('prints each verdict with its reason and exits 1 when any command is denied', () => {
    const run = policyCli([
      '--allowed-commands',
      'ls *\ngit status *',
      '--denied-commands',
      'ls secret*',
      'ls -la',
      'ls <<EOF\nsecret\nEOF',
      'ls secret.txt',
      'git status && rm -rf src',
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    // A command or script of several lines goes on indented, never as a line of its own.
    const verdicts = run.stdout.split('\n').filter((line) => !line.startsWith(' '));
    expect(verdicts).toEqual([
      'allowed  ls -la',
      'allowed  ls <<EOF',
      'denied   ls secret.txt',
      'denied   git status && rm -rf src',
      '',
    ]);
    // The reason carries the refusal's code and the message the model would read.
    expect(run.stdout).toContain("  denied-pattern: Command denied by policy: 'ls secret.txt'");
    expect(run.stdout).toContain("  no-matching-pattern: Command denied by policy: 'rm -rf src'");
  });

  it('exits 0 when every command is allowed, and uses the action default without --allowed-commands', () => {
    const run = policyCli(['git status --short', 'cat package.json | head -3']);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(
      /^allowed {2}git status --short\n(.*\n)*allowed {2}cat package.json/,
    );
    expect(policyCli(['npm test']).status).toBe(1);
  });

  it('with --json gives, line for line and in order, the verdict the policy itself gives', async () => {
    const corpus = loadRealisticCorpus();
    const profile = corpus.profiles.get('node-dev');
    if (!profile) throw new Error('the realistic corpus has no node-dev profile');
    const repo = path.join(scratch, 'repo');
    const commands = corpus.commands.map((c) => c.command);
    const args = [
      ...profile.allow.flatMap((line) => ['--allowed-commands', line]),
      ...profile.deny.flatMap((line) => ['--denied-commands', line]),
      '--cwd',
      repo,
      '--json',
    ];
    const run = policyCli(args, {
      // Blank lines are skipped; every other line is one request.
      input: commands.map((command) => JSON.stringify({ command })).join('\n\n') + '\n',
    });
    expect(run.stderr).toBe('');
    const policy = await loadPolicy({
      allow: profile.allow,
      deny: profile.deny,
      workingDirectory: repo,
    });
    const expected = commands.map((command) => {
      const decision = policy.check(command, repo);
      return {
        command,
        allowed: decision.allowed,
        reason: decision.allowed ? 'allowed by the patterns' : decision.message,
      };
    });
    expect(jsonLines(run.stdout)).toEqual(expected);
    expect(expected.some((e) => e.allowed) && expected.some((e) => !e.allowed)).toBe(true);
    expect(run.status).toBe(1);
  });

  it('takes patterns as one string with newlines or as repeated options, alike', () => {
    const commands = ['ls', 'cat a.ts | wc -l', 'echo x > notes.md', 'rm a.ts', 'cat .env'];
    const input = commands.map((command) => JSON.stringify({ command })).join('\n');
    const cwd = path.join(scratch, 'repo');
    const rest = ['--denied-commands', 'cat .env', '--cwd', cwd, '--json'];
    const joined = policyCli(
      ['--allowed-commands', 'ls *\ncat *\n# a comment\n\nwc *\necho *\n> *.md', ...rest],
      { input },
    );
    const repeated = policyCli(
      [
        '--allowed-commands=ls *',
        ...['cat *', 'wc *', 'echo *', '> *.md'].flatMap((line) => ['--allowed-commands', line]),
        ...rest,
      ],
      { input },
    );
    expect(jsonLines(joined.stdout).map((l) => l.allowed)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(repeated.stdout).toBe(joined.stdout);
  });

  it('resolves --cwd against the directory npm was run from, and checks writes relative to it', () => {
    // Run through npm itself from outside the package, as a user in their own repository would.
    const result = spawnSync(
      'npm',
      [
        '--prefix',
        ROOT,
        'run',
        '-s',
        'policy',
        '--',
        '--allowed-commands',
        'echo *\n> *.md',
        '--cwd',
        'repo',
        '--json',
      ],
      {
        cwd: scratch,
        encoding: 'utf8',
        env: childEnv(),
        input: [
          `echo x > ${path.join(scratch, 'repo', 'a.md')}`,
          `echo x > ${path.join(scratch, 'a.md')}`,
          'echo x > a.md',
        ]
          .map((command) => JSON.stringify({ command }))
          .join('\n'),
      },
    );
    expect(result.stderr).toBe('');
    expect(jsonLines(result.stdout).map((l) => l.allowed)).toEqual([true, false, true]);
  });

  it('refuses an unknown option with the nearest known one, and a bad pattern or input, with exit 2', () => {
    const typo = policyCli(['--alowed-commands', 'ls *', 'ls']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain(
      "unknown option '--alowed-commands' (did you mean '--allowed-commands'?)",
    );
    expect(typo.stdout).toBe('');
    const far = policyCli(['--frobnicate', 'ls']);
    expect(far.status).toBe(2);
    expect(far.stderr).toContain("unknown option '--frobnicate'");
    expect(far.stderr).not.toContain('did you mean');

    const pattern = policyCli(['--allowed-commands', 'ls | wc', 'ls']);
    expect(pattern.status).toBe(2);
    expect(pattern.stderr).toContain("'allowed-commands'");
    expect(pattern.stderr).toContain("'ls | wc'");

    const badLine = policyCli(['--json'], { input: '{"command":"ls"}\nls -la\n' });
    expect(badLine.status).toBe(2);
    expect(jsonLines(badLine.stdout)).toEqual([
      { command: 'ls', allowed: true, reason: 'allowed by the patterns' },
    ]);
    expect(badLine.stderr).toContain('stdin line 2');

    expect(policyCli([]).status).toBe(2);
    expect(policyCli(['--json', 'ls']).status).toBe(2);
  });

  it('prints its usage with --help', () => {
    const help = policyCli(['--help']);
    expect(help.status).toBe(0);
    for (const option of ['--allowed-commands', '--denied-commands', '--cwd', '--json'])
      expect(help.stdout).toContain(option);
  });
});
