import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  documentPaths,
  includedExamples,
  inputsTable,
  outputsTable,
  regenerateDocument,
  repositorySources,
  type DocSources,
} from '../scripts/generated-docs.js';
import { parseActionYml } from '../scripts/action-yml.js';

/*
 * `npm run docs`, run in memory: README.md and docs/*.md must be exactly what it makes from
 * action.yml and examples/.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = repositorySources(ROOT);
const DOCUMENTS = documentPaths(ROOT);
const read = (document: string): string => readFileSync(path.join(ROOT, document), 'utf8');
const README = read('README.md');
const REFERENCE = read('docs/inputs.md');

const regenerate = (sources: DocSources, document: string, text = read(document)) =>
  regenerateDocument(text, sources, ROOT, document);

describe('the documents', () => {
  it('are README.md and every file of docs/', () => {
    expect(DOCUMENTS).toEqual(expect.arrayContaining(['README.md', 'docs/inputs.md']));
    expect(DOCUMENTS.length).toBeGreaterThan(5);
  });

  it.each(DOCUMENTS)(
    '%s is what `npm run docs` makes of action.yml and examples/ (run it after changing either)',
    async (document) => {
      expect(await regenerate(SOURCES, document)).toBe(read(document));
    },
  );

  it('docs/inputs.md lists every input and output, and is out of date as soon as a description changes', async () => {
    const metadata = parseActionYml(SOURCES.actionYml);
    for (const { name } of [...metadata.inputs, ...metadata.outputs]) {
      expect(REFERENCE).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
    }
    const broken = SOURCES.actionYml.replace(
      'description: Most model requests in one run. Never exceeded.',
      'description: Most model requests in one run, sometimes.',
    );
    expect(broken).not.toBe(SOURCES.actionYml);
    const wanted = await regenerate({ ...SOURCES, actionYml: broken }, 'docs/inputs.md');
    expect(wanted).not.toBe(REFERENCE);
    expect(wanted).toMatch(
      /\| `max-turns` +\| `30` +\| Most model requests in one run, sometimes\. +\|/,
    );
  });

  it('docs/inputs.md is out of date as soon as an output is added to action.yml', async () => {
    const added = SOURCES.actionYml.replace(
      'outputs:\n',
      'outputs:\n  wall-time:\n    description: Seconds the run took.\n',
    );
    const wanted = await regenerate({ ...SOURCES, actionYml: added }, 'docs/inputs.md');
    expect(wanted).toMatch(/\| `wall-time` +\| Seconds the run took\. +\|/);
  });

  it('README.md shows the inputs it names with action.yml’s words, a long default as a link to the reference', async () => {
    expect(README).toMatch(
      /\| `max-turns` +\| `30` +\| Most model requests in one run\. Never exceeded\. +\|/,
    );
    expect(README).toMatch(/\| `allowed-commands` +\| _\[a list\]\(docs\/inputs\.md#inputs\)_ +\|/);
    // Only the inputs it names: the reference has the rest.
    expect(README).not.toMatch(/^\| `env-passthrough`/m);
    const broken = SOURCES.actionYml.replace(
      'description: Most model requests in one run. Never exceeded.',
      'description: Most model requests in one run, sometimes.',
    );
    const wanted = await regenerate({ ...SOURCES, actionYml: broken }, 'README.md');
    expect(wanted).toMatch(
      /\| `max-turns` +\| `30` +\| Most model requests in one run, sometimes\. +\|/,
    );
  });

  it('refuse an input action.yml does not have, rather than leaving a row out', async () => {
    const text = '<!-- docs:inputs task,max-turn -->\n<!-- docs:end -->\n';
    await expect(regenerate(SOURCES, 'README.md', text)).rejects.toThrow(
      "docs:inputs names 'max-turn', which action.yml does not have",
    );
  });

  it('show each example workflow exactly as its file is, once, and are out of date when one changes', async () => {
    const examples = readdirSync(path.join(ROOT, 'examples'))
      .filter((name) => name.endsWith('.yml'))
      .map((name) => `examples/${name}`);
    // Every example is in one document, and no document includes any other file.
    const included = DOCUMENTS.flatMap((document) => includedExamples(read(document)));
    expect([...included].sort()).toEqual(examples.sort());
    for (const document of DOCUMENTS) {
      for (const example of includedExamples(read(document))) {
        expect(read(document)).toContain(`\`\`\`yaml\n${SOURCES.readFile(example)}\`\`\``);
      }
    }
    // The README itself shows the three uses.
    expect(includedExamples(README)).toEqual([
      'examples/task.yml',
      'examples/comment.yml',
      'examples/maintenance.yml',
    ]);

    const edited: DocSources = {
      ...SOURCES,
      readFile: (file) =>
        file === 'examples/task.yml'
          ? SOURCES.readFile(file).replace('max-turns: 20', 'max-turns: 25')
          : SOURCES.readFile(file),
    };
    const wanted = await regenerate(edited, 'README.md');
    expect(wanted).not.toBe(README);
    expect(wanted).toContain('max-turns: 25');
  });

  it('refuse a generated part they do not know, rather than leaving it stale', async () => {
    await expect(
      regenerate(SOURCES, 'README.md', '<!-- docs:flowchart -->\n<!-- docs:end -->\n'),
    ).rejects.toThrow('README.md has an unknown generated part: docs:flowchart');
  });

  it('README.md stays a page a newcomer reads in a minute', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(320);
  });
});

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** A document's prose (code blocks left out) and the anchors of its headings. */
function outline(text: string): { prose: string; anchors: Set<string> } {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  const anchors = new Set(
    [...prose.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] as string)),
  );
  return { prose, anchors };
}

/** Every link and image of a document that does not lead anywhere: a missing file or heading. */
function brokenLinks(document: string, text = read(document)): string[] {
  const targets = [...outline(text).prose.matchAll(/\]\(([^)\s]+)\)|src="([^"]+)"/g)].map(
    (match) => (match[1] ?? match[2]) as string,
  );
  return targets
    .filter((target) => !/^https?:/.test(target))
    .filter((target) => {
      const [file = '', anchor] = target.split('#');
      const resolved = file === '' ? document : path.join(path.dirname(document), file);
      if (!existsSync(path.join(ROOT, resolved))) return true;
      if (anchor === undefined) return false;
      return !outline(resolved === document ? text : read(resolved)).anchors.has(anchor);
    })
    .map((target) => `${document}: ${target}`);
}

describe('the links of README.md and docs/', () => {
  it('lead to headings and files that exist', () => {
    expect(DOCUMENTS.flatMap((document) => brokenLinks(document))).toEqual([]);
  });

  it('reach every document of docs/ from the README', () => {
    const linked = new Set(
      [...outline(README).prose.matchAll(/\]\((docs\/[^)#\s]+\.md)/g)].map((m) => m[1]),
    );
    expect(
      DOCUMENTS.filter((document) => document !== 'README.md' && !linked.has(document)),
    ).toEqual([]);
  });

  it('are found broken when a heading they name or a file they lead to is not there', () => {
    const text = read('docs/limits.md');
    const good = 'security-model.md#what-is-undone-after-the-run';
    expect(text).toContain(good);
    expect(
      brokenLinks('docs/limits.md', text.replace(good, 'security-model.md#what-is-undone')),
    ).toEqual(['docs/limits.md: security-model.md#what-is-undone']);
    expect(brokenLinks('docs/limits.md', text.replace(good, 'security.md'))).toEqual([
      'docs/limits.md: security.md',
    ]);
    expect(brokenLinks('README.md', `${README}\n[x](#no-such-heading)\n`)).toEqual([
      'README.md: #no-such-heading',
    ]);
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
