/** A CommandResult of a command that succeeded with no output, with the fields a test sets. */
import type { CommandResult } from '../src/shell/result.js';

export function commandResult(overrides: Partial<CommandResult> = {}): CommandResult {
  return {
    output: '',
    omittedChars: 0,
    exitCode: 0,
    timedOut: false,
    timeoutMs: 120_000,
    shellExited: false,
    shellExitStatus: null,
    shellExitSignal: null,
    restarted: false,
    frameFault: null,
    moved: null,
    replacedBefore: null,
    cwd: '/work',
    durationMs: 5,
    ...overrides,
  };
}
