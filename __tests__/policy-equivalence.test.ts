import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rmSync } from 'node:fs';
import { generateScripts } from '../__fixtures__/fuzz/scripts.js';
import {
  checkEquivalence,
  describeEquivalence,
  loadScriptCorpus,
  scriptProfile,
  type Equivalence,
  type ScriptCase,
} from '../__fixtures__/policy/equivalence.js';
import { makeFixture, type Fixture } from '../__fixtures__/policy/fixture.js';
import { loadPolicy } from '../src/policy/policy.js';

/*
 * Under an allowlist bash runs the policy's print of a command instead of the text as typed. For
 * every script of the corpus, and for scripts generated from the same constructs, that the broad
 * developer allowlist allows, the typed text and the print each run in a fresh bash in a fresh copy
 * of the fixture; what they print, their exit status, the files they leave and the variables and
 * functions left in the shell must all be the same.
 */

const corpus = loadScriptCorpus();
const developer = scriptProfile(corpus, 'developer');
/** Fixed, so a difference found once is found again; bounded, so the test stays fast. */
const GENERATOR_SEED = 20_261_203;
const GENERATED_COUNT = 200;
const generated = generateScripts(GENERATOR_SEED, GENERATED_COUNT);

let fixture: Fixture | undefined;
const results = new Map<string, Equivalence>();

beforeAll(async () => {
  fixture = makeFixture();
  const policy = await loadPolicy({
    allow: developer.allow,
    deny: developer.deny,
    workingDirectory: fixture.repo,
  });
  const all: ScriptCase[] = [...corpus.scripts, ...generated];
  for (const result of await checkEquivalence(policy, fixture, all)) results.set(result.id, result);
}, 180_000);

afterAll(() => {
  if (fixture) rmSync(fixture.root, { recursive: true, force: true });
});

function expectEquivalent(id: string): void {
  const result = results.get(id);
  if (!result) throw new Error(`${id} was not checked`);
  if (result.differences.length > 0) throw new Error(describeEquivalence(result));
}

describe('the script corpus', () => {
  it('has unique ids and enough scripts', () => {
    const ids = corpus.scripts.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(150);
  });

  it('is mostly allowed by the developer allowlist, so the check has something to run', () => {
    const allowed = corpus.scripts.filter((s) => results.get(s.id)?.refusal === undefined);
    expect(allowed.length).toBeGreaterThan(corpus.scripts.length / 2);
  });

  it.each(corpus.scripts.map((s) => s.id))('%s runs the same typed and printed', (id) => {
    expectEquivalent(id);
  });
});

describe('commands the arithmetic check stops', () => {
  it('are only those that read a variable in arithmetic, and few', () => {
    const stopped = [...results.values()].filter((result) => result.stopped);
    for (const result of stopped)
      expect([result.id, /\(\(/.test(result.script)]).toEqual([result.id, true]);
    // The generator reads a variable holding an expression (`x="38%7"; echo $(( x % 7 ))`) in
    // arithmetic in some of its scripts; since assignments in arithmetic run (`for ((i=0; …))`),
    // more of those scripts are allowed, and stop there.
    expect(stopped.length).toBeLessThan(results.size / 15);
  });
});

describe('generated scripts', () => {
  it('are distinct', () => {
    expect(new Set(generated.map((s) => s.script)).size).toBe(generated.length);
  });

  it.each(generated.map((s) => s.id))('%s runs the same typed and printed', (id) => {
    expectEquivalent(id);
  });
});
