import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InputError } from '../src/base/errors.js';
import { parseBoolean, parseDuration, parseInteger, parseList } from '../src/config/values.js';
import { inputConflicts, parseConfig } from '../src/config/config.js';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';
import { loadPolicy } from '../src/policy/policy.js';

let workspace: string;
beforeEach(() => {
  workspace = mkdtempSync(path.join(tmpdir(), 'config-test-'));
});
afterEach(() => rmSync(workspace, { recursive: true, force: true }));

function configFrom(inputs: Record<string, string>, env: NodeJS.ProcessEnv = {}) {
  return parseConfig((name) => inputs[name] ?? '', { GITHUB_WORKSPACE: workspace, ...env });
}

describe('parseDuration', () => {
  it.each([
    ['90', 's', 90_000],
    ['90s', 's', 90_000],
    ['5m', 's', 300_000],
    ['1h', 's', 3_600_000],
    ['1h30m', 'm', 5_400_000],
    ['1.5h', 'm', 5_400_000],
    ['30', 'm', 1_800_000],
    ['45s', 'm', 45_000],
    [' 20M ', 'm', 1_200_000],
    ['500ms', 's', 500],
  ] as const)('reads %p (bare unit %s) as %p ms', (value, unit, ms) => {
    expect(parseDuration('time-limit', value, unit)).toBe(ms);
  });

  it.each(['soon', '', '5 minutes', '-5', '0', '0s', '5m soon', 'm5'])(
    'refuses %p naming the input and value',
    (value) => {
      expect(() => parseDuration('command-timeout', value, 's')).toThrow(
        new RegExp(
          `^Input 'command-timeout' must be a duration like 90, 90s, 5m or 1h .*got '${value}'$`,
        ),
      );
    },
  );
});

describe('scalar inputs', () => {
  it('parses whole numbers within range and quotes bad ones', () => {
    expect(parseInteger('max-turns', ' 12 ', 1)).toBe(12);
    expect(() => parseInteger('max-turns', '0', 1)).toThrow(
      "Input 'max-turns' must be a whole number 1 or more, got '0'",
    );
    expect(() => parseInteger('max-turns', '2.5', 1)).toThrow(/got '2.5'/);
    expect(() => parseInteger('max-tokens', '5000000', 1, 1_000_000)).toThrow(/from 1 to 1000000/);
  });

  it('accepts the YAML booleans GitHub accepts and nothing else', () => {
    expect(parseBoolean('commit', 'True')).toBe(true);
    expect(parseBoolean('commit', 'FALSE')).toBe(false);
    expect(() => parseBoolean('fail-on-limit', 'yes')).toThrow(
      "Input 'fail-on-limit' must be true or false, got 'yes'",
    );
  });

  it('splits lists on commas and newlines', () => {
    expect(parseList('A, B\nC,,\n')).toEqual(['A', 'B', 'C']);
  });
});

describe('parseConfig', () => {
  it('uses the same default allow list as action.yml declares', () => {
    const actionYml = readFileSync(new URL('../action.yml', import.meta.url), 'utf8');
    const block = /allowed-commands:\n(?:.*\n)*? {4}default: \|\n((?: {6}.*\n)+)/.exec(actionYml);
    expect(block).not.toBeNull();
    const declared = block![1]!
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(declared).toEqual([...DEFAULT_ALLOWED_COMMANDS]);
    expect(declared).toContain('git show *');
  });

  it('applies the action.yml defaults when inputs are empty', () => {
    const config = configFrom({ task: 'Fix the build' }, { ANTHROPIC_API_KEY: 'sk-ant-env' });
    expect(config).toMatchObject({
      task: 'Fix the build',
      taskSource: "input 'task'",
      apiKey: 'sk-ant-env',
      provider: 'anthropic',
      baseUrl: undefined,
      model: 'claude-sonnet-5-5',
      fallbackModel: '',
      maxTokens: 16000,
      workingDirectory: workspace,
      allowedCommands: [...DEFAULT_ALLOWED_COMMANDS],
      deniedCommands: [],
      commandTimeoutMs: 120_000,
      timeLimitMs: 30 * 60_000,
      maxTurns: 30,
      maxCostUsd: 5,
      maxOutput: 30000,
      envPassthrough: [],
      failOnLimit: true,
      summary: true,
      uploadTranscript: true,
    });
  });

  it('prefers inputs over environment fallbacks', () => {
    const config = configFrom(
      { 'anthropic-api-key': 'sk-ant-input', 'anthropic-base-url': 'http://127.0.0.1:8080/' },
      { ANTHROPIC_API_KEY: 'sk-ant-env', ANTHROPIC_BASE_URL: 'http://env.example' },
    );
    expect(config.apiKey).toBe('sk-ant-input');
    expect(config.baseUrl).toBe('http://127.0.0.1:8080');
    expect(configFrom({}, { ANTHROPIC_BASE_URL: 'http://env.example' }).baseUrl).toBe(
      'http://env.example',
    );
  });

  it('takes the base URL from the variable of the provider asked for, never from another one', () => {
    const env = {
      ANTHROPIC_BASE_URL: 'http://anthropic.example',
      ANTHROPIC_BEDROCK_BASE_URL: 'http://bedrock.example',
      ANTHROPIC_FOUNDRY_BASE_URL: 'http://foundry.example',
    };
    expect(configFrom({ provider: 'bedrock' }, env).baseUrl).toBe('http://bedrock.example');
    expect(configFrom({ provider: 'foundry' }, env).baseUrl).toBe('http://foundry.example');
    expect(
      configFrom({ provider: 'bedrock' }, { ANTHROPIC_BASE_URL: 'http://anthropic.example' })
        .baseUrl,
    ).toBeUndefined();
    expect(
      configFrom({ provider: 'bedrock', 'anthropic-base-url': 'http://gateway.example/' }, env)
        .baseUrl,
    ).toBe('http://gateway.example');
  });

  it('refuses a provider it does not know, naming the ones it does', () => {
    expect(configFrom({ provider: ' Bedrock ' }).provider).toBe('bedrock');
    let error: unknown;
    try {
      configFrom({ provider: 'azure' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).input).toBe('provider');
    expect((error as InputError).message).toContain('anthropic, bedrock, vertex, foundry');
  });

  it('names the source of a bad base URL', () => {
    expect(() => configFrom({ 'anthropic-base-url': 'localhost:80' })).toThrow(
      /Input 'anthropic-base-url' must be an http\(s\) URL/,
    );
    expect(() => configFrom({}, { ANTHROPIC_BASE_URL: 'nope' })).toThrow(
      /'ANTHROPIC_BASE_URL' must be an http\(s\) URL.*got 'nope'/,
    );
  });

  it('reads the task from task-file relative to the working directory', () => {
    mkdirSync(path.join(workspace, 'sub'));
    writeFileSync(path.join(workspace, 'sub', 'task.md'), '\nDo the thing.\n');
    const config = configFrom({ 'working-directory': 'sub', 'task-file': 'task.md' });
    expect(config).toMatchObject({
      task: 'Do the thing.',
      taskSource: "input 'task-file' (task.md)",
      workingDirectory: path.join(workspace, 'sub'),
    });
    expect(() => configFrom({ 'task-file': 'missing.md' })).toThrow(
      /'task-file' must name a readable file .*'missing.md': it does not exist/,
    );
    expect(() => configFrom({ task: 'a', 'task-file': 'sub/task.md' })).toThrow(/alternatives/);
  });

  it('refuses a working directory that does not exist', () => {
    expect(() => configFrom({ 'working-directory': 'nope' })).toThrow(
      /Input 'working-directory' must name an existing directory .*got 'nope'/,
    );
  });

  it('refuses non-default values of inputs whose features are not built yet', () => {
    // Values that ask for nothing are honoured by doing nothing.
    expect(configFrom({ commit: 'False', comment: 'false', 'pull-request': 'false' }).task).toBe(
      '',
    );
  });

  it('refuses pull-request without commit at start-up, naming both inputs', () => {
    let thrown: unknown;
    try {
      configFrom({ task: 'Fix it', 'pull-request': 'true' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect((thrown as InputError).input).toBe('pull-request');
    expect((thrown as InputError).message).toContain("'pull-request'");
    expect((thrown as InputError).message).toContain("'commit'");
    expect(() => configFrom({ 'pull-request': 'true', commit: 'false' })).toThrow(InputError);
    const both = configFrom({ 'pull-request': 'true', commit: 'true' });
    expect({ commit: both.commit, pullRequest: both.pullRequest }).toEqual({
      commit: true,
      pullRequest: true,
    });
  });

  it('puts the transcript file under RUNNER_TEMP by default, and a relative path in the workspace', () => {
    expect(configFrom({}, { RUNNER_TEMP: '/runner/tmp' }).transcriptFile).toBe(
      '/runner/tmp/bash-agent/transcript.jsonl',
    );
    expect(configFrom({ 'transcript-file': 'logs/run.jsonl' }).transcriptFile).toBe(
      path.join(workspace, 'logs/run.jsonl'),
    );
    expect(configFrom({ 'transcript-file': '/abs/run.jsonl' }).transcriptFile).toBe(
      '/abs/run.jsonl',
    );
  });

  it('reads the comment input as auto, true or false, in any case, and refuses anything else', () => {
    expect(configFrom({}).comment).toBe('auto');
    expect(configFrom({ comment: 'TRUE' }).comment).toBe('true');
    expect(configFrom({ comment: 'False' }).comment).toBe('false');
    expect(() => configFrom({ comment: 'always' })).toThrow(
      "Input 'comment' must be auto, true or false, got 'always'",
    );
  });

  it('reads the sandbox inputs, refusing values outside their sets', () => {
    expect(configFrom({})).toMatchObject({ sandbox: 'auto', networkOff: false, writablePaths: [] });
    expect(configFrom({ sandbox: 'Required', network: 'OFF' })).toMatchObject({
      sandbox: 'required',
      networkOff: true,
    });
    expect(() => configFrom({ sandbox: 'yes' })).toThrow(
      "Input 'sandbox' must be one of auto, required, off, got 'yes'",
    );
    expect(() => configFrom({ network: 'false' })).toThrow(
      "Input 'network' must be on or off, got 'false'",
    );
  });

  it('reads writable-paths against the workspace, refusing one that covers the runner files', () => {
    expect(
      configFrom({ 'writable-paths': 'build\n# a comment\n\n/var/cache/thing\n' }).writablePaths,
    ).toEqual([path.join(workspace, 'build'), '/var/cache/thing']);
    const env = { RUNNER_TEMP: '/home/runner/work/_temp' };
    expect(() => configFrom({ 'writable-paths': '/home/runner/work' }, env)).toThrow(
      "Input 'writable-paths' must not cover the runner's file-command files, got '/home/runner/work' (which holds /home/runner/work/_temp/_runner_file_commands)",
    );
  });

  it('reads the commit inputs, refusing a branch name git would not take', () => {
    expect(configFrom({})).toMatchObject({ commit: false, branch: '', commitMessage: '' });
    expect(
      configFrom({ commit: 'true', branch: ' maintenance/weekly ', 'commit-message': 'Upkeep\n' }),
    ).toMatchObject({ commit: true, branch: 'maintenance/weekly', commitMessage: 'Upkeep' });
    for (const bad of ['-f', 'a..b', 'a b', 'x.lock', 'a/.hidden', 'a~1', 'feature/', 'a@{1}']) {
      expect(() => configFrom({ branch: bad })).toThrow(
        `Input 'branch' must be a valid git branch name, got '${bad}'`,
      );
    }
    expect(() => configFrom({ commit: 'yes' })).toThrow(/'commit' must be true or false/);
  });

  it('reads the comment-trigger inputs, checked on every run so a typo fails before the first comment', () => {
    expect(
      configFrom({
        'trigger-phrase': ' @claude ',
        'min-permission': 'maintain',
        'allowed-bots': 'renovate, dependabot[bot]\n*',
        'trigger-label': ' agent ',
      }),
    ).toMatchObject({
      task: '',
      triggerPhrase: '@claude',
      minPermission: 'maintain',
      allowedBots: ['renovate', 'dependabot[bot]', '*'],
      triggerLabel: 'agent',
    });
    expect(configFrom({})).toMatchObject({
      triggerPhrase: '/agent',
      minPermission: 'write',
      allowedBots: [],
      triggerLabel: '',
    });
    expect(() => configFrom({ 'min-permission': 'owner' })).toThrow(
      "Input 'min-permission' must be one of read, triage, write, maintain, admin, got 'owner'",
    );
    expect(() => configFrom({ 'trigger-phrase': '/do it' })).toThrow(
      /'trigger-phrase' must be one word/,
    );
  });

  it('validates every number, amount and boolean with the input name', () => {
    expect(() => configFrom({ 'max-cost-usd': 'lots' })).toThrow(
      /Input 'max-cost-usd' must be an amount .*got 'lots'/,
    );
    expect(configFrom({ 'max-cost-usd': '0' }).maxCostUsd).toBe(0);
    expect(configFrom({ 'max-cost-usd': '2.50' }).maxCostUsd).toBe(2.5);
    expect(() => configFrom({ 'max-output': '10' })).toThrow(
      /Input 'max-output' must be a whole number from 200/,
    );
    expect(() => configFrom({ model: 'bad model' })).toThrow(/Input 'model' must be a model id/);
    expect(configFrom({ 'fallback-model': ' claude-haiku-4-5 ' }).fallbackModel).toBe(
      'claude-haiku-4-5',
    );
    expect(() => configFrom({ 'fallback-model': 'haiku; rm -rf /' })).toThrow(
      /Input 'fallback-model' must be a model id/,
    );
    expect(() => configFrom({ summary: 'nope' })).toThrow(/Input 'summary' must be true or false/);
    expect(configFrom({ 'time-limit': '45s', 'command-timeout': '5m' })).toMatchObject({
      timeLimitMs: 45_000,
      commandTimeoutMs: 300_000,
    });
  });

  it.each([
    ['allowed-commands', "ls *\n# reads\ngit diff '*\n", 3, /unterminated quote/],
    ['allowed-commands', 'cat *\nnpm test && rm -rf /', 2, /shell syntax/],
    ['denied-commands', '\n\n* push', 3, /command name must be spelled out/],
    ['allowed-commands', '> a b', 1, /one path/],
  ])(
    'refuses a %s pattern that cannot be parsed, naming the input, the line and what is wrong',
    (input, value, line, why) => {
      let error: unknown;
      try {
        configFrom({ [input]: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).input).toBe(input);
      expect((error as InputError).message).toMatch(new RegExp(`^Input '${input}' `));
      expect((error as InputError).message).toMatch(why);
      expect((error as InputError).message).toMatch(new RegExp(`on line ${line}$`));
    },
  );

  it('keeps the pattern lines it checked, trimmed, without comments and blank lines', () => {
    const config = configFrom({
      'allowed-commands': 'ls *\n\n# tests\n  npm test  \n> src/**',
      'denied-commands': '# never\nnpm publish *',
    });
    expect(config.allowedCommands).toEqual(['ls *', 'npm test', '> src/**']);
    expect(config.deniedCommands).toEqual(['npm publish *']);
    // The lines are those of the patterns parsed for the policy, one for one.
    expect(config.policyPatterns.allow.map((pattern) => [pattern.kind, pattern.source])).toEqual([
      ['command', 'ls *'],
      ['command', 'npm test'],
      ['write', '> src/**'],
    ]);
    expect(config.policyPatterns.deny.map((pattern) => pattern.source)).toEqual(['npm publish *']);
  });

  it('gives the policy the patterns it parsed: the default allowlist when the input is empty', async () => {
    const config = configFrom({ 'allowed-commands': '  \n', 'denied-commands': 'git show *' });
    expect(config.allowedCommands).toEqual([...DEFAULT_ALLOWED_COMMANDS]);
    const policy = await loadPolicy({
      patterns: config.policyPatterns,
      workingDirectory: workspace,
    });
    expect(policy.check('git log -3 | head', workspace)).toMatchObject({ allowed: true });
    expect(policy.check('git show HEAD', workspace)).toMatchObject({
      allowed: false,
      refusal: { code: 'denied-pattern' },
    });
    expect(policy.check('rm -rf src', workspace)).toMatchObject({
      allowed: false,
      refusal: { code: 'no-matching-pattern' },
    });
  });

  it('refuses env-passthrough entries that are not variable names', () => {
    expect(configFrom({ 'env-passthrough': 'NPM_TOKEN, MY_KEY' }).envPassthrough).toEqual([
      'NPM_TOKEN',
      'MY_KEY',
    ]);
    expect(() => configFrom({ 'env-passthrough': 'NPM_TOKEN=abc' })).toThrow(
      "Input 'env-passthrough' must list environment variable names (letters, digits and _), got 'NPM_TOKEN=abc'",
    );
  });
});

describe('inputConflicts', () => {
  it('finds none in the defaults, nor in a commit with its branch and message', () => {
    expect(inputConflicts(configFrom({ task: 'x' }))).toEqual([]);
    expect(
      inputConflicts(
        configFrom({ task: 'x', commit: 'true', branch: 'fix', 'commit-message': 'Fix it' }),
      ),
    ).toEqual([]);
  });

  it('warns, naming both inputs, of a branch or a commit message without commit', () => {
    const conflicts = inputConflicts(
      configFrom({ task: 'x', branch: 'fix-date', 'commit-message': 'Fix the date' }),
    );
    expect(conflicts).toEqual([
      "Input 'branch' is 'fix-date' but 'commit' is false: nothing is committed, so 'branch' does nothing. Set 'commit: true', or remove 'branch'",
      "Input 'commit-message' is 'Fix the date' but 'commit' is false: nothing is committed, so 'commit-message' does nothing. Set 'commit: true', or remove 'commit-message'",
    ]);
  });

  it('warns of a fallback model that is the model itself', () => {
    const [conflict, ...rest] = inputConflicts(
      configFrom({ task: 'x', model: 'claude-haiku-4-5', 'fallback-model': 'claude-haiku-4-5' }),
    );
    expect(rest).toEqual([]);
    expect(conflict).toMatch(
      /^Input 'fallback-model' is the same as 'model' \('claude-haiku-4-5'\)/,
    );
  });

  it('warns of an API key given to a platform that does not take one, without showing the key', () => {
    const key = 'sk-ant-api03-secret';
    for (const provider of ['bedrock', 'vertex']) {
      const conflicts = inputConflicts(
        configFrom({ task: 'x', provider, 'anthropic-api-key': key }),
      );
      expect(conflicts).toEqual([
        expect.stringMatching(
          new RegExp(`^Input 'anthropic-api-key' is set but 'provider' is ${provider}`),
        ),
      ]);
      expect(conflicts.join('')).not.toContain(key);
    }
    // Foundry takes the resource's key there, and the Anthropic API its own.
    for (const provider of ['foundry', 'anthropic']) {
      expect(inputConflicts(configFrom({ task: 'x', provider, 'anthropic-api-key': key }))).toEqual(
        [],
      );
    }
  });
});
