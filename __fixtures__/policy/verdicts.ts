import { loadPolicy } from '../../src/policy/policy.js';
import type { CommandPolicy } from '../../src/policy/types.js';

/** The working directory the unit tests of the policy check against (it need not exist). */
export const WD = '/work/repo';

export async function policy(allow: string[], deny: string[] = []): Promise<CommandPolicy> {
  return loadPolicy({ allow, deny, workingDirectory: WD });
}

/** Each command's verdict: 'allowed', or the code of the refusal. */
export function verdicts(p: CommandPolicy, commands: string[], cwd = WD): Record<string, string> {
  return Object.fromEntries(
    commands.map((c) => {
      const d = p.check(c, cwd);
      return [c, d.allowed ? 'allowed' : d.refusal.code];
    }),
  );
}

/** The same verdict for every command, in the shape `verdicts` returns. */
export function all(commands: string[], verdict: string): Record<string, string> {
  return Object.fromEntries(commands.map((c) => [c, verdict]));
}
