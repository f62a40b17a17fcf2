// `node --import tsx scripts/sandbox-attacks.ts`: the policy's attack corpora with the policy out of
// the way, in the sandbox of the read-only default (writes and exec confined, network off). For
// each corpus: attacks whose canary appears without the sandbox, and how many of those the kernel
// stopped with the canary outside the workspace (write confinement and exec confinement) and inside
// it (exec confinement alone), with the ids of those it did not stop.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { canaryAfter, copyFixture, CORPORA, sandboxIn } from '../__fixtures__/sandbox-attacks.js';
import { makeFixture } from '../__fixtures__/policy/fixture.js';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';

const print = (line = ''): void => void process.stdout.write(`${line}\n`);
const template = makeFixture();
try {
  for (const [name, attacks] of CORPORA) {
    let effective = 0;
    let stoppedOutside = 0;
    let stoppedInside = 0;
    const throughInside: string[] = [];
    for (const attack of attacks) {
      const places = {
        outside: (fixture: { scratch: string }) => path.join(fixture.scratch, 'CANARY'),
        inside: (fixture: { repo: string }) => path.join(fixture.repo, 'CANARY-in'),
      };
      const run = async (where: 'outside' | 'inside', sandboxed: boolean): Promise<boolean> => {
        const fixture = copyFixture(template);
        try {
          const sandbox = sandboxed
            ? await sandboxIn(fixture, DEFAULT_ALLOWED_COMMANDS)
            : undefined;
          return await canaryAfter(attack, fixture, places[where](fixture), sandbox);
        } finally {
          fixture.remove();
        }
      };
      if (!(await run('outside', false))) continue;
      effective += 1;
      if (!(await run('outside', true))) stoppedOutside += 1;
      if (!(await run('inside', true))) stoppedInside += 1;
      else throughInside.push(attack.id);
    }
    print(
      `${name}: ${attacks.length} attacks, ${effective} create their canary without the sandbox`,
    );
    print(`  canary outside the workspace: the kernel stopped ${stoppedOutside} of ${effective}`);
    print(`  canary inside the workspace:  the kernel stopped ${stoppedInside} of ${effective}`);
    if (throughInside.length > 0)
      print(`    not stopped (writable place, builtins only): ${throughInside.join(', ')}`);
  }
} finally {
  rmSync(template.root, { recursive: true, force: true });
}
