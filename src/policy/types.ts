/** The verdict on one command text submitted by the model. */
export type PolicyDecision =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** The tool_result text: starts with `Command denied by policy:` and names the sub-command. */
      readonly message: string;
    };

/**
 * What the agent loop asks before a command reaches bash. `cwd` is the shell's current directory at
 * the time of the command (the session reports it after every call), so relative redirection targets
 * resolve where bash would resolve them.
 */
export interface CommandPolicy {
  check(command: string, cwd: string): PolicyDecision;
}
