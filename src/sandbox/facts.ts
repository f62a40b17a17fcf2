/**
 * What confinement held for a run, as the reports show it: the log, the summary's settings, the
 * transcript and the `sandbox` output all render from these facts.
 */
export type SandboxFacts =
  | {
      held: false;
      /** Why nothing confines the shell (`sandbox: off`, or what the kernel or helper lacked). */
      why: string;
    }
  | {
      held: true;
      /** The Landlock ABI the rules were made for. */
      abi: number;
      /** What the write rules cover, in words. */
      writes: string;
      /** Whether only the allowlist's programs can be executed, and if not, why not. */
      exec: { confined: boolean; detail: string };
      /** Whether TCP connect and bind are refused, in words that stand alone. */
      network: { confined: boolean; detail: string };
      /** Signals and abstract Unix sockets outside the shell's processes, in words. */
      scope: string;
    };

/** The `sandbox` output: `landlock-abi-6 (writes, exec, network off)`, or `none`. */
export function sandboxLabel(facts: SandboxFacts | undefined): string {
  if (facts === undefined || !facts.held) return 'none';
  const held = ['writes'];
  if (facts.exec.confined) held.push('exec');
  if (facts.network.confined) held.push('network off');
  return `landlock-abi-${facts.abi} (${held.join(', ')})`;
}
