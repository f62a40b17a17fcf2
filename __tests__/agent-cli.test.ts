import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localDefault, parseActionYml, readActionYml } from '../scripts/action-yml.js';
import { nearestOption } from '../scripts/cli-options.js';

/* The bash-agent command's own parts: action.yml read as YAML, --help, and refused options. */

const CHECKOUT = fileURLToPath(new URL('..', import.meta.url));
let elsewhere: string;

beforeAll(() => {
  elsewhere = mkdtempSync(path.join(tmpdir(), 'agent-cli-'));
});

afterAll(() => {
  rmSync(elsewhere, { recursive: true, force: true });
});

/** `bash-agent ARGS` from a directory outside the checkout, with no API key and no bundle run. */
function bashAgent(args: string[]) {
  const { NODE_OPTIONS: _jest, INIT_CWD: _npm, npm_lifecycle_event: _event, ...env } = process.env;
  return spawnSync(process.execPath, [path.join(CHECKOUT, 'bin', 'bash-agent.mjs'), ...args], {
    cwd: elsewhere,
    env: { ...env, ANTHROPIC_API_KEY: '' },
    encoding: 'utf8',
  });
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
  it('lists every input of the real action.yml with its default and description', () => {
    const run = bashAgent(['--help']);
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
  it('refuses an unknown option with the input it was probably meant to be, before any run', () => {
    const run = bashAgent(['--max-turn', '3', 'A task']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("unknown option '--max-turn' (did you mean '--max-turns'?)");
    expect(run.stdout).toBe('');
  });

  it('offers no suggestion for an option like none of them', () => {
    const run = bashAgent(['--zebra=1', 'A task']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("unknown option '--zebra'; see --help");
  });

  it('refuses a task given both as --task and as an argument', () => {
    const run = bashAgent(['--task', 'one', 'two']);
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
