import type { PolicyOptions } from './policy.js';
import type { CommandPolicy } from './types.js';

/**
 * A command of the kind models send, through the parts of the checker most commands pass through: a
 * directory change, options, quoting, a glob, a pipeline, redirections, `||` and `$?`. The default
 * allowlist allows it, so the check goes on to print the script bash would run.
 */
export const WARM_UP_COMMAND =
  'cd src && grep -rn "TODO" --include=\'*.ts\' . | head -n 20; ' +
  'git diff --stat HEAD~1 2>/dev/null || echo "no diff: $?"';

/** An allowlist that allows WARM_UP_COMMAND, whatever the run's own allows. */
export const WARM_UP_PATTERNS: readonly string[] = [
  'cd *',
  'grep *',
  'head *',
  'git diff *',
  'echo *',
];

/**
 * Checks WARM_UP_COMMAND and forgets the verdict. The first check in a process compiles most of the
 * checker (4–8 ms on a 2-core runner); done while the first request is out, that time is off the
 * first real command. When the run's policy refuses the command (an allowlist of a few commands of
 * its own), its check stops at the refusal and leaves the printing of the script cold, about 1 ms
 * more on the first allowed command: so the command is also checked by a policy of
 * WARM_UP_PATTERNS, loaded with `load` (loadPolicy, passed in so this module does not load the
 * checker itself), which allows it. Checking reads the file system at most, so nothing of
 * it shows; a checker failure here is left for the real command to meet and report.
 */
export async function warmUp(
  policy: CommandPolicy,
  cwd: string,
  load: (options: PolicyOptions) => Promise<CommandPolicy>,
): Promise<void> {
  try {
    if (policy.check(WARM_UP_COMMAND, cwd).allowed) return;
    const own = await load({ allow: WARM_UP_PATTERNS, deny: [], workingDirectory: cwd });
    own.check(WARM_UP_COMMAND, cwd);
  } catch {
    // The same failure reaches the first command that needs that part of the checker.
  }
}
