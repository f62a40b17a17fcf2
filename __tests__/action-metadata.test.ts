import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ACTION_YML, readActionYml } from '../scripts/action-yml.js';

/*
 * What the GitHub Marketplace checks before it lists a release, read from the real action.yml: a
 * release that breaks any of it cannot be published, so it fails here first.
 */

interface Metadata {
  name?: unknown;
  description?: unknown;
  branding?: { icon?: unknown; color?: unknown };
  runs?: { using?: unknown; main?: unknown; post?: unknown; 'post-if'?: unknown };
}

const METADATA = parse(readFileSync(ACTION_YML, 'utf8')) as Metadata;

/** The colours the Marketplace accepts for `branding.color`. */
const COLORS = [
  'white',
  'black',
  'yellow',
  'blue',
  'green',
  'orange',
  'red',
  'purple',
  'gray-dark',
];

describe('action.yml as the Marketplace reads it', () => {
  it('has a name and a one-line description shorter than 125 characters', () => {
    expect(typeof METADATA.name).toBe('string');
    expect(String(METADATA.name).trim()).not.toBe('');
    expect(typeof METADATA.description).toBe('string');
    const description = String(METADATA.description);
    expect(description.trim()).not.toBe('');
    expect(description).not.toContain('\n');
    expect(description.length).toBeLessThan(125);
  });

  it('sets a branding icon and one of the allowed colours', () => {
    expect(typeof METADATA.branding?.icon).toBe('string');
    expect(String(METADATA.branding?.icon).trim()).not.toBe('');
    expect(COLORS).toContain(METADATA.branding?.color);
  });

  it('runs dist/index.js on node24, and its post step however the main step ended', () => {
    expect(METADATA.runs).toMatchObject({
      using: 'node24',
      main: 'dist/index.js',
      post: 'dist/post/index.js',
      'post-if': 'always()',
    });
  });

  it('describes every input and every output', () => {
    const { inputs, outputs } = readActionYml();
    expect(inputs.length).toBeGreaterThan(0);
    expect(outputs.length).toBeGreaterThan(0);
    const undescribed = [
      ...inputs.filter((input) => input.description.trim() === '').map((i) => `input ${i.name}`),
      ...outputs
        .filter((output) => output.description.trim() === '')
        .map((o) => `output ${o.name}`),
    ];
    expect(undescribed).toEqual([]);
  });
});
