import { describe, expect, it } from '@jest/globals';
import { GitError, messageOf, ShellStartError } from '../src/base/errors.js';
import { BashSession } from '../src/shell/session.js';

describe('messageOf', () => {
  it('gives an error’s message, and anything else thrown as a string', () => {
    expect(messageOf(new TypeError('bad input'))).toBe('bad input');
    expect(messageOf('plain words')).toBe('plain words');
    expect(messageOf(42)).toBe('42');
    expect(messageOf(undefined)).toBe('undefined');
  });
});

describe('typed errors', () => {
  it('keep their cause', () => {
    const cause = new Error('ENOENT');
    const error = new GitError('Could not run git status', 'git status', 'spawn', null, '', {
      cause,
    });
    expect(error.cause).toBe(cause);
    expect(error.name).toBe('GitError');
  });

  it('a shell that cannot start says so by its type', async () => {
    const starting = BashSession.start({
      cwd: '/no/such/directory/anywhere',
      env: {},
      maxOutput: 100,
      defaultTimeoutMs: 1000,
    });
    await expect(starting).rejects.toBeInstanceOf(ShellStartError);
    await expect(starting).rejects.toThrow(/working directory does not exist/);
  });
});
