/**
 * The shared sample of the attack corpus with the policy out of the way: every call goes to the
 * shell as written, inside the sandbox the read-only default gets (writes and exec confined). Each
 * attack is run first without the sandbox, to show that it does create its canary (outside the
 * workspace), then inside it, where the kernel must stop it. scripts/sandbox-attacks.ts runs every
 * corpus the same way and prints the figures.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { canaryAfter, copyFixture, CORPORA, sandboxIn } from '../__fixtures__/sandbox-attacks.js';
import { makeFixture } from '../__fixtures__/policy/fixture.js';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';

const template = makeFixture();
afterAll(() => rmSync(template.root, { recursive: true, force: true }));

const [, sample] = CORPORA[0]!;

async function canaryOf(id: string, sandboxed: boolean): Promise<boolean> {
  const attack = sample.find((candidate) => candidate.id === id)!;
  const fixture = copyFixture(template);
  try {
    const sandbox = sandboxed ? await sandboxIn(fixture, DEFAULT_ALLOWED_COMMANDS) : undefined;
    return await canaryAfter(attack, fixture, path.join(fixture.scratch, 'CANARY'), sandbox);
  } finally {
    fixture.remove();
  }
}

describe('the shared attack sample, policy off, inside the sandbox of the read-only default', () => {
  const effective: string[] = [];

  it.each(sample.map((attack) => [attack.id] as const))(
    'attack %s does not create its canary',
    async (id) => {
      if (!(await canaryOf(id, false))) return;
      effective.push(id);
      expect(await canaryOf(id, true)).toBe(false);
    },
  );

  it('had effect without the sandbox for nearly every attack, so the refusals above mean something', () => {
    expect(effective.length).toBeGreaterThanOrEqual(sample.length - 2);
  });
});
