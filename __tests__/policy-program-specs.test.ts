import { describe, expect, it } from '@jest/globals';
import { loadPolicy } from '../src/policy/policy.js';
import { FAMILIES } from '../src/policy/programs/index.js';
import type { ProgramExamples } from '../src/policy/programs/spec.js';

/*
 * Every program spec carries commands its rules must allow and refuse under an allowlist of its own;
 * this one test runs them all through the real policy, so a change to a program's table, layout or
 * analyser that breaks what its spec promises fails here, named by program.
 */

const WD = '/work/repo';

const withExamples = Object.entries(FAMILIES).flatMap(([family, members]) =>
  Object.entries(members).flatMap(([name, spec]) =>
    spec.examples
      ? [[`${family}/${name}`, spec.examples, [name, ...(spec.aliases ?? [])]] as const]
      : [],
  ),
);

/** Deny patterns are written after a `!` in an example's patterns. */
function patternsOf(examples: ProgramExamples): { allow: string[]; deny: string[] } {
  const allow = examples.patterns.filter((p) => !p.startsWith('!'));
  const deny = examples.patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  return { allow, deny };
}

describe('every program spec', () => {
  it.each(withExamples)('holds %s to its own examples', async (_name, examples) => {
    const policy = await loadPolicy({ ...patternsOf(examples), workingDirectory: WD });
    for (const command of examples.allow) {
      expect({ command, decision: policy.check(command, WD) }).toMatchObject({
        command,
        decision: { allowed: true },
      });
    }
    for (const [command, code] of examples.refuse) {
      expect({ command, decision: policy.check(command, WD) }).toMatchObject({
        command,
        decision: { allowed: false, refusal: { code } },
      });
    }
  });

  it('has examples that name the program they are about', () => {
    // An example that never runs its own program proves nothing about that program's rules.
    for (const [name, examples, names] of withExamples) {
      for (const command of [...examples.allow, ...examples.refuse.map(([c]) => c)])
        expect([name, command, names.some((n) => command.includes(n))]).toEqual([
          name,
          command,
          true,
        ]);
    }
  });

  it('gives every program a command it refuses, and one it allows where it allows any', () => {
    // String runners hand argument strings to a shell the policy does not read: under an
    // allowlist nothing of theirs is allowed, so they alone have no allow example.
    for (const [family, members] of Object.entries(FAMILIES)) {
      for (const [name, spec] of Object.entries(members)) {
        const allows = spec.role === 'string-runner' ? 0 : 1;
        expect([
          family,
          name,
          (spec.examples?.refuse.length ?? 0) > 0,
          (spec.examples?.allow.length ?? 0) >= allows,
        ]).toEqual([family, name, true, true]);
      }
    }
  });
});
