/**
 * The tests run in the same environment whichever way jest was started (jest.config.js sets it):
 * nothing of npm's is left for a test to depend on, and the bash a test starts reads none of the
 * user's start-up files, as it would when jest is started without a shell's SHLVL.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('the environment of the tests', () => {
  it('holds none of the variables npm sets for a script', () => {
    const npms = Object.keys(process.env).filter(
      (name) => name.startsWith('npm_') || name === 'INIT_CWD',
    );
    expect(npms).toEqual([]);
  });

  it('starts a bash, with a pipe for its input, that reads no ~/.bashrc', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'launcher-home-'));
    try {
      writeFileSync(path.join(home, '.bashrc'), 'from_the_bashrc() { :; }\n');
      const bash = spawnSync('bash', ['-c', 'declare -F'], {
        encoding: 'utf8',
        env: { ...process.env, HOME: home },
      });
      expect(bash.status).toBe(0);
      expect(bash.stdout).toBe('');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
