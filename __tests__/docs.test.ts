import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  includedExamples,
  inputsTable,
  outputsTable,
  regenerateReadme,
  repositorySources,
  type DocSources,
} from '../scripts/readme.js';
import { parseActionYml } from '../scripts/action-yml.js';

/* `npm run docs`, run in memory: README.md must be exactly what it makes from action.yml and examples/. */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README_PATH = path.join(ROOT, 'README.md');
const README = readFileSync(README_PATH, 'utf8');
const SOURCES = repositorySources(ROOT);

const regenerate = (sources: DocSources, readme = README): Promise<string> =>
  regenerateReadme(readme, sources, README_PATH);

describe('README.md', () => {
  it('is what `npm run docs` makes of action.yml and examples/ (run it after changing either)', async () => {
    expect(await regenerate(SOURCES)).toBe(README);
  });

  it('is out of date as soon as a description in action.yml changes', async () => {
    const broken = SOURCES.actionYml.replace(
      'description: Most model requests in one run. Never exceeded.',
      'description: Most model requests in one run, sometimes.',
    );
    expect(broken).not.toBe(SOURCES.actionYml);
    const wanted = await regenerate({ ...SOURCES, actionYml: broken });
    expect(wanted).not.toBe(README);
    expect(wanted).toMatch(
      /\| `max-turns` +\| `30` +\| Most model requests in one run, sometimes\. +\|/,
    );
  });

  it('is out of date as soon as an output is added to action.yml', async () => {
    const added = SOURCES.actionYml.replace(
      'outputs:\n',
      'outputs:\n  wall-time:\n    description: Seconds the run took.\n',
    );
    const wanted = await regenerate({ ...SOURCES, actionYml: added });
    expect(wanted).toMatch(/\| `wall-time` +\| Seconds the run took\. +\|/);
  });

  it('shows each example workflow exactly as its file is, and is out of date when one changes', async () => {
    const examples = readdirSync(path.join(ROOT, 'examples'))
      .filter((name) => name.endsWith('.yml'))
      .map((name) => `examples/${name}`);
    // Every example is in the README, and the README includes no other file.
    expect([...includedExamples(README)].sort()).toEqual(examples.sort());
    for (const example of examples) {
      expect(README).toContain(`\`\`\`yaml\n${SOURCES.readFile(example)}\`\`\``);
    }

    const edited: DocSources = {
      ...SOURCES,
      readFile: (file) =>
        file === 'examples/task.yml'
          ? SOURCES.readFile(file).replace('max-turns: 20', 'max-turns: 25')
          : SOURCES.readFile(file),
    };
    const wanted = await regenerate(edited);
    expect(wanted).not.toBe(README);
    expect(wanted).toContain('max-turns: 25');
  });

  it('refuses a generated part it does not know, rather than leaving it stale', async () => {
    await expect(
      regenerate(SOURCES, '<!-- docs:flowchart -->\n<!-- docs:end -->\n'),
    ).rejects.toThrow('unknown generated part: docs:flowchart');
  });
});

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

describe('the links of README.md', () => {
  it('lead to its own headings and to files that exist', () => {
    const prose = README.replace(/```[\s\S]*?```/g, '');
    const anchors = new Set(
      [...prose.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] as string)),
    );
    const targets = [...prose.matchAll(/\]\(([^)\s]+)\)|src="([^"]+)"/g)].map(
      (match) => (match[1] ?? match[2]) as string,
    );
    const inPage = targets.filter((target) => target.startsWith('#'));
    expect(inPage.length).toBeGreaterThan(10);
    expect(inPage.filter((target) => !anchors.has(target.slice(1)))).toEqual([]);
    const local = targets.filter((target) => !/^(#|https?:)/.test(target));
    expect(local).toEqual(expect.arrayContaining(['docs/job-summary.png', 'examples/', 'LICENSE']));
    const missing = local.filter((target) => !existsSync(path.join(ROOT, target)));
    expect(missing).toEqual([]);
  });
});

describe('the tables', () => {
  const metadata = parseActionYml(
    [
      'inputs:',
      '  patterns:',
      '    description: >-',
      '      Allow patterns such as `a | b`,',
      '      one per line.',
      '    default: |',
      '      ls *',
      '      git diff *',
      '  token:',
      '    description: A token.',
      '    default: ${{ github.token }}',
      '  note:',
      '    description: Empty by default.',
      "    default: ''",
      'outputs:',
      '  count:',
      '    description: How many | of them.',
    ].join('\n'),
  );

  it('put a folded description on one line with its pipes escaped, so the row keeps its cells', () => {
    expect(inputsTable(metadata)).toContain(
      '| `patterns` | `ls *`, `git diff *` | Allow patterns such as `a \\| b`, one per line. |',
    );
    expect(outputsTable(metadata)).toContain('| `count` | How many \\| of them. |');
  });

  it('show an expression default as written and an empty default as empty', () => {
    expect(inputsTable(metadata)).toContain('| `token` | `${{ github.token }}` | A token. |');
    expect(inputsTable(metadata)).toContain('| `note` | _empty_ | Empty by default. |');
  });
});
