import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildShellEnv, looksSecret } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';

const runnerEnv: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: '/home/runner',
  GITHUB_REPOSITORY: 'octo/repo',
  GITHUB_WORKSPACE: '/work/repo',
  GITHUB_TOKEN: 'ghs_abcdefghijklmnopqrstuvwxyz0123456789',
  ANTHROPIC_API_KEY: 'sk-ant-api03-secret-value',
  'INPUT_ANTHROPIC-API-KEY': 'sk-ant-api03-from-input',
  'INPUT_GITHUB-TOKEN': 'ghs_inputtokeninputtokeninputtoken',
  INPUT_MODEL: 'claude-sonnet-5-5',
  ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.example/oidc',
  GITHUB_ENV: '/runner/env',
  GITHUB_OUTPUT: '/runner/output',
  GITHUB_PATH: '/runner/path',
  NPM_AUTH_TOKEN: 'npm-token-value',
  DB_PASSWORD: 'hunter22',
  AWS_SECRET_ACCESS_KEY: 'aws-secret-value',
  DEPLOY_KEY: 'deploy-key-value',
  INNOCENT_LOOKING: 'ghp_0123456789abcdefghijklmnopqrstuvwxyz',
  GIT_AUTHOR_NAME: 'Octo Cat',
  KEYBOARD_LAYOUT: 'us',
  BASH_ENV: '/tmp/evil.sh',
  BASH_FUNC_ls: '() { echo hijacked; }',
  PAGER: 'less',
};

describe('buildShellEnv', () => {
  it('withholds keys, tokens, inputs and runner channels and reports their values as secrets', () => {
    const { env, secretValues } = buildShellEnv(runnerEnv, []);
    for (const name of [
      'GITHUB_TOKEN',
      'ANTHROPIC_API_KEY',
      'INPUT_ANTHROPIC-API-KEY',
      'INPUT_MODEL',
      'ACTIONS_RUNTIME_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_URL',
      'GITHUB_ENV',
      'GITHUB_OUTPUT',
      'GITHUB_PATH',
      'NPM_AUTH_TOKEN',
      'DB_PASSWORD',
      'AWS_SECRET_ACCESS_KEY',
      'DEPLOY_KEY',
      'INNOCENT_LOOKING',
      'BASH_ENV',
      'BASH_FUNC_ls',
    ]) {
      expect(env).not.toHaveProperty([name]);
    }
    expect(secretValues).toEqual(
      expect.arrayContaining([
        'ghs_abcdefghijklmnopqrstuvwxyz0123456789',
        'sk-ant-api03-secret-value',
        'sk-ant-api03-from-input',
        'ghs_inputtokeninputtokeninputtoken',
        'runtime-token-value',
        'npm-token-value',
        'hunter22',
        'ghp_0123456789abcdefghijklmnopqrstuvwxyz',
      ]),
    );
    expect(secretValues).not.toContain('claude-sonnet-5-5');
  });

  it("withholds every platform's credentials as their login steps leave them, and keeps the region", () => {
    const platformEnv = {
      AWS_ACCESS_KEY_ID: 'ASIAQ3EXAMPLE7KEYID0',
      AWS_SECRET_ACCESS_KEY: 'aws-secret-access-key-value',
      AWS_SESSION_TOKEN: 'aws-session-token-value',
      AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-value',
      ANTHROPIC_FOUNDRY_API_KEY: 'foundry-api-key-value',
      AWS_REGION: 'eu-west-1',
      AWS_DEFAULT_REGION: 'eu-west-1',
      ANTHROPIC_FOUNDRY_RESOURCE: 'my-resource',
    };
    const { env, secretValues } = buildShellEnv(platformEnv, []);
    const secrets = Object.entries(platformEnv).slice(0, 5);
    for (const [name, value] of secrets) {
      expect(env).not.toHaveProperty([name]);
      expect(secretValues).toContain(value);
    }
    expect(env).toMatchObject({
      AWS_REGION: 'eu-west-1',
      AWS_DEFAULT_REGION: 'eu-west-1',
      ANTHROPIC_FOUNDRY_RESOURCE: 'my-resource',
    });
    expect(secretValues).not.toContain('eu-west-1');
  });

  it('keeps ordinary variables, including names that merely contain a secret-looking word', () => {
    const { env } = buildShellEnv(runnerEnv, []);
    expect(env).toMatchObject({
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_WORKSPACE: '/work/repo',
      GIT_AUTHOR_NAME: 'Octo Cat',
      KEYBOARD_LAYOUT: 'us',
      HOME: '/home/runner',
    });
  });

  it('passes through named secret-looking variables but still redacts their values', () => {
    const { env, secretValues } = buildShellEnv(runnerEnv, ['NPM_AUTH_TOKEN', 'INPUT_MODEL']);
    expect(env.NPM_AUTH_TOKEN).toBe('npm-token-value');
    expect(secretValues).toContain('npm-token-value');
    expect(env).not.toHaveProperty(['INPUT_MODEL']);
  });

  it('makes every tool non-interactive', () => {
    const { env } = buildShellEnv(runnerEnv, []);
    expect(env).toMatchObject({
      PAGER: 'cat',
      GIT_PAGER: 'cat',
      GIT_TERMINAL_PROMPT: '0',
      DEBIAN_FRONTEND: 'noninteractive',
      TERM: 'dumb',
    });
  });

  it('judges names by whole words where a substring would be wrong', () => {
    expect(looksSecret('SSH_AUTH_SOCK', '/tmp/agent')).toBe(true);
    expect(looksSecret('GITHUBTOKEN', 'x')).toBe(true);
    expect(looksSecret('MONKEY_COUNT', '3')).toBe(false);
    expect(looksSecret('AUTHOR', 'me')).toBe(false);
  });
});

describe('the shell environment in a real session', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows no secret to commands and fails editors with a message instead of waiting', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shell-env-'));
    execFileSync('git', ['init', '-q', dir]);
    const { env, secretValues } = buildShellEnv({ ...runnerEnv, HOME: dir }, []);
    const session = await BashSession.start({
      cwd: dir,
      env,
      maxOutput: 100_000,
      defaultTimeoutMs: 20_000,
    });
    try {
      const printed = await session.run('env; ls; type ls');
      for (const secret of secretValues) expect(printed.output).not.toContain(secret);
      expect(printed.output).not.toContain('hijacked');
      const commit = await session.run(
        'git -c user.name=a -c user.email=a@b commit --allow-empty',
        {
          timeoutMs: 10_000,
        },
      );
      expect(commit.timedOut).toBe(false);
      expect(commit.exitCode).not.toBe(0);
      expect(commit.output).toMatch(/No interactive editor is available/);
    } finally {
      await session.close();
    }
  });
});
