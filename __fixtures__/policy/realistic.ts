import { readFileSync } from 'node:fs';
import { DEFAULT_ALLOWED_COMMANDS } from '../../src/policy/decide/defaults.js';
import type { RefusalCode } from '../../src/policy/decide/refusal.js';
import type { CommandPolicy } from '../../src/policy/types.js';

/**
 * The realistic corpus (realistic.json): commands of the kind the model writes in a repository, each
 * with the verdict a user expects under each allowlist profile.
 */

/** `allow`, or the code of the refusal a user expects. */
export type Expectation = 'allow' | RefusalCode;

export interface Profile {
  readonly name: string;
  readonly note: string;
  /** Lines of `allowed-commands`, pattern sets expanded. */
  readonly allow: readonly string[];
  readonly deny: readonly string[];
}

export interface RealisticCommand {
  readonly command: string;
  /** Profile name → expectation. A profile not named here is not measured on this command. */
  readonly expect: Readonly<Record<string, Expectation>>;
  /** False for commands that reach the network or outside the repository: never execute them. */
  readonly run: boolean;
}

export interface RealisticCorpus {
  readonly profiles: ReadonlyMap<string, Profile>;
  readonly commands: readonly RealisticCommand[];
}

interface RawCorpus {
  sets: Record<string, string[]>;
  profiles: Record<string, { note: string; allow: string[]; deny: string[] }>;
  commands: Array<{ command: string; expect: Record<string, string>; run?: boolean }>;
}

export const REALISTIC_CORPUS = new URL('realistic.json', import.meta.url).pathname;

/**
 * Reads the corpus and expands `@name` pattern sets (`@default` is the action's default allowlist,
 * so the corpus never keeps a copy of it). Throws on a profile or set the file does not define, so a
 * typo cannot silently drop a command from the measurement.
 */
export function loadRealisticCorpus(file = REALISTIC_CORPUS): RealisticCorpus {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawCorpus;
  const sets = new Map<string, readonly string[]>(Object.entries(raw.sets));
  sets.set('default', DEFAULT_ALLOWED_COMMANDS);
  const expand = (lines: readonly string[], profile: string): string[] =>
    lines.flatMap((line) => {
      if (!line.startsWith('@')) return [line];
      const set = sets.get(line.slice(1));
      if (!set) throw new Error(`profile '${profile}' uses the unknown pattern set '${line}'`);
      return [...set];
    });
  const profiles = new Map<string, Profile>();
  for (const [name, p] of Object.entries(raw.profiles)) {
    profiles.set(name, { name, note: p.note, allow: expand(p.allow, name), deny: p.deny });
  }
  const seen = new Set<string>();
  const commands = raw.commands.map((c): RealisticCommand => {
    if (seen.has(c.command))
      throw new Error(`the command ${JSON.stringify(c.command)} is listed twice`);
    seen.add(c.command);
    for (const [profile, expectation] of Object.entries(c.expect)) {
      if (!profiles.has(profile))
        throw new Error(`${JSON.stringify(c.command)} names the unknown profile '${profile}'`);
      if (expectation === '')
        throw new Error(`${JSON.stringify(c.command)} has an empty expectation for '${profile}'`);
    }
    return {
      command: c.command,
      expect: c.expect as Record<string, Expectation>,
      run: c.run !== false,
    };
  });
  return { profiles, commands };
}

export interface ProfileOutcome {
  readonly profile: string;
  /** Commands expected to run under this profile. */
  readonly expectedAllowed: number;
  /** Expected to run but refused, with the refusal's code. */
  readonly falselyDenied: ReadonlyArray<{ command: string; code: RefusalCode; detail: string }>;
  /** Commands expected to be refused. */
  readonly expectedRefused: number;
  /** Expected to be refused but allowed. */
  readonly falselyAllowed: ReadonlyArray<{ command: string; expected: RefusalCode }>;
  /** Refused as expected, but for another reason than the one expected. */
  readonly otherCode: ReadonlyArray<{ command: string; expected: RefusalCode; got: RefusalCode }>;
}

/** Checks every command the corpus measures under `profile` and sorts out what went wrong. */
export function measureProfile(
  corpus: RealisticCorpus,
  profile: string,
  policy: CommandPolicy,
  cwd: string,
): ProfileOutcome {
  const falselyDenied: Array<{ command: string; code: RefusalCode; detail: string }> = [];
  const falselyAllowed: Array<{ command: string; expected: RefusalCode }> = [];
  const otherCode: Array<{ command: string; expected: RefusalCode; got: RefusalCode }> = [];
  let expectedAllowed = 0;
  let expectedRefused = 0;
  for (const { command, expect } of corpus.commands) {
    const expected = expect[profile];
    if (expected === undefined) continue;
    const decision = policy.check(command, cwd);
    if (expected === 'allow') {
      expectedAllowed++;
      if (!decision.allowed)
        falselyDenied.push({
          command,
          code: decision.refusal.code,
          detail: decision.refusal.detail,
        });
    } else {
      expectedRefused++;
      if (decision.allowed) falselyAllowed.push({ command, expected });
      else if (decision.refusal.code !== expected)
        otherCode.push({ command, expected, got: decision.refusal.code });
    }
  }
  return { profile, expectedAllowed, falselyDenied, expectedRefused, falselyAllowed, otherCode };
}
