import { afterAll, beforeAll } from '@jest/globals';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeFixture, type Fixture } from './fixture.js';

/**
 * For a test file: the fixture, made once before its tests, and fresh copies of it, so one run
 * cannot prepare the next; all of them are removed after the tests.
 */
export function fixtureCopies(prefix: string): { template: () => Fixture; fresh: () => Fixture } {
  let made: Fixture | undefined;
  const roots: string[] = [];
  beforeAll(() => {
    made = makeFixture();
    roots.push(made.root);
  });
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  const template = (): Fixture => {
    if (!made) throw new Error('the fixture is made before the tests run');
    return made;
  };
  const fresh = (): Fixture => {
    const root = mkdtempSync(path.join(tmpdir(), prefix));
    roots.push(root);
    cpSync(template().root, root, { recursive: true });
    return {
      root,
      repo: path.join(root, 'repo'),
      home: path.join(root, 'home'),
      scratch: path.join(root, 'scratch'),
    };
  };
  return { template, fresh };
}
