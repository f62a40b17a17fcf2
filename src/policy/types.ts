import type { Refusal } from './decide/refusal.js';

/** The verdict on one command text submitted by the model. */
export type PolicyDecision =
  | {
      readonly allowed: true;
      /**
       * The text to hand bash. Under an allowlist it is printed from the policy's own reading of the
       * command, so bash never reads text whose meaning the policy did not establish; under the
       * single pattern `*` alone it is the command as written.
       */
      readonly script: string;
      /**
       * `script` is the policy's own print: well-formed bash, which the session can put in its frame
       * as it is. Absent or false for the command as written (under `*`), which the session must
       * contain.
       */
      readonly printed?: boolean;
      /**
       * The verdict depends on nothing but (command, cwd, patterns): no file-system state (symlinks,
       * existing paths) was consulted, so the same pair may reuse it.
       */
      readonly cacheable: boolean;
    }
  | {
      readonly allowed: false;
      /** Why, as data: tests and reports read the code, never the wording. */
      readonly refusal: Refusal;
      /** The tool_result text: starts with `Command denied by policy:` and names the sub-command. */
      readonly message: string;
    };

/**
 * What the agent loop asks before a command reaches bash. `cwd` is the shell's current directory at
 * the time of the command, as the kernel reports it for the shell's process, so relative redirection
 * targets resolve where bash would resolve them.
 */
export interface CommandPolicy {
  check(command: string, cwd: string): PolicyDecision;
}
