import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  loadRealisticCorpus,
  measureProfile,
  type RealisticCorpus,
} from '../__fixtures__/policy/realistic.js';
import { loadPolicy } from '../src/policy/policy.js';

const WORKDIR = '/tmp/policy-realistic/repo';

/*
 * The realistic corpus: commands of the kind the model writes, each with the verdict a user expects
 * under each allowlist profile. Nothing that must be refused may run, and the false denials may not
 * grow past what is pinned here (the goal is at most 1 % per profile; what is left is arithmetic on
 * variables, loop variables taken for options, writes to files named only at run time, and a command
 * name held in a variable under `*` with deny patterns).
 */
const MOST_FALSE_DENIALS: Readonly<Record<string, number>> = {
  default: 1,
  'node-dev': 7,
  'python-dev': 7,
  universal: 0,
  'universal-deny': 7,
};

let corpus: RealisticCorpus;

beforeAll(() => {
  corpus = loadRealisticCorpus();
});

describe('the realistic corpus', () => {
  it('pins a bound for every profile it measures', () => {
    expect(Object.keys(MOST_FALSE_DENIALS).sort()).toEqual([...corpus.profiles.keys()].sort());
  });

  it.each(Object.entries(MOST_FALSE_DENIALS))(
    'under %s refuses everything it must and at most %i it should run',
    async (name, most) => {
      const profile = corpus.profiles.get(name);
      if (!profile) throw new Error(`no profile ${name}`);
      const policy = await loadPolicy({
        allow: profile.allow,
        deny: profile.deny,
        workingDirectory: WORKDIR,
      });
      const outcome = measureProfile(corpus, name, policy, WORKDIR);
      expect(outcome.falselyAllowed).toEqual([]);
      expect(outcome.otherCode).toEqual([]);
      expect(outcome.falselyDenied.length).toBeLessThanOrEqual(most);
    },
  );
});
