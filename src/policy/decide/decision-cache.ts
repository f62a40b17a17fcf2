import type { CommandPolicy, PolicyDecision } from '../types.js';

export interface DecisionCacheOptions {
  /** Decisions kept; the least recently used goes first. A run repeats a handful of commands. */
  maxEntries?: number;
  /**
   * Longer commands are checked every time: they are rarely sent twice (file contents in a
   * heredoc), and keeping them would let the cache hold megabytes.
   */
  maxCommandLength?: number;
}

/**
 * A CommandPolicy that remembers the decisions its policy marks `cacheable` (they depend on nothing
 * but the command, the directory and the patterns) and hands them out again for the same command in
 * the same directory, so a model that runs `npm test` fifty times pays for one check. Anything else,
 * a refusal included, is checked afresh each time.
 */
export class DecisionCache implements CommandPolicy {
  readonly #policy: CommandPolicy;
  readonly #maxEntries: number;
  readonly #maxCommandLength: number;
  readonly #decisions = new Map<string, PolicyDecision>();

  constructor(policy: CommandPolicy, options: DecisionCacheOptions = {}) {
    this.#policy = policy;
    this.#maxEntries = options.maxEntries ?? 256;
    this.#maxCommandLength = options.maxCommandLength ?? 2_048;
  }

  check(command: string, cwd: string): PolicyDecision {
    if (command.length > this.#maxCommandLength) return this.#policy.check(command, cwd);
    // The directory's length first: however both strings read, no two pairs share a key.
    const key = `${cwd.length}:${cwd}:${command}`;
    const known = this.#decisions.get(key);
    if (known) {
      // Map order is insertion order: moving a hit to the end makes the first entry the least recent.
      this.#decisions.delete(key);
      this.#decisions.set(key, known);
      return known;
    }
    const decision = this.#policy.check(command, cwd);
    if (decision.allowed && decision.cacheable) {
      if (this.#decisions.size >= this.#maxEntries) {
        this.#decisions.delete(this.#decisions.keys().next().value as string);
      }
      this.#decisions.set(key, decision);
    }
    return decision;
  }
}
