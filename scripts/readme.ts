// The generated parts of README.md: the inputs and outputs tables, read from action.yml, and the
// example workflows, copied from examples/. Each generated part sits between a start marker that
// names it and an end marker, so the prose around it is the README's own and the facts inside are
// the files' (one source each). `npm run docs` writes the result; a test compares it with the file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { parseActionYml, type ActionMetadata } from './action-yml.js';

/** What the README is generated from: action.yml's text and each example file's text by its path. */
export interface DocSources {
  actionYml: string;
  /** Example workflow files by their path relative to the repository root (`examples/task.yml`). */
  readFile: (relativePath: string) => string;
}

/** `<!-- docs:NAME ARGUMENT -->` … `<!-- docs:end -->`: one generated part of the README. */
const GENERATED = /(<!-- docs:(\S+)(?: (\S+))? -->\n)[\s\S]*?(<!-- docs:end -->)/g;

/** Text for one table cell: on one line, its pipes escaped (GFM splits cells at `|` even in code). */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

/** An inline code span that holds `text` whatever backticks it contains. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A default as the table shows it: each line of a multi-line one as its own code span. */
function defaultCell(value: string): string {
  const lines = value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return '_empty_';
  return cell(lines.map(code).join(', '));
}

export function inputsTable(metadata: ActionMetadata): string {
  const rows = metadata.inputs.map(
    (input) =>
      `| ${code(input.name)} | ${defaultCell(input.default)} | ${cell(input.description)} |`,
  );
  return ['| Input | Default | Description |', '| --- | --- | --- |', ...rows].join('\n');
}

export function outputsTable(metadata: ActionMetadata): string {
  const rows = metadata.outputs.map(
    (output) => `| ${code(output.name)} | ${cell(output.description)} |`,
  );
  return ['| Output | Description |', '| --- | --- |', ...rows].join('\n');
}

/** The body of one generated part, before formatting. */
function generatedPart(
  name: string,
  argument: string | undefined,
  metadata: ActionMetadata,
  sources: DocSources,
): string {
  if (name === 'inputs') return inputsTable(metadata);
  if (name === 'outputs') return outputsTable(metadata);
  if (name === 'example' && argument) {
    const text = sources.readFile(argument);
    return `\`\`\`yaml\n${text.endsWith('\n') ? text : `${text}\n`}\`\`\``;
  }
  throw new Error(`README.md has an unknown generated part: docs:${name} ${argument ?? ''}`);
}

/**
 * README.md with every generated part made again from its source, formatted as `prettier --write`
 * would (the check of the formatting and this comparison then agree).
 */
export async function regenerateReadme(
  readme: string,
  sources: DocSources,
  readmePath: string,
): Promise<string> {
  const metadata = parseActionYml(sources.actionYml);
  const replaced = readme.replace(
    GENERATED,
    (_whole, start: string, name: string, argument: string | undefined, end: string) =>
      `${start}\n${generatedPart(name, argument, metadata, sources)}\n\n${end}`,
  );
  const options = (await prettier.resolveConfig(readmePath)) ?? {};
  return prettier.format(replaced, { ...options, filepath: readmePath });
}

/** The paths of the example files the README includes, in order. */
export function includedExamples(readme: string): string[] {
  return [...readme.matchAll(GENERATED)]
    .filter((match) => match[2] === 'example' && match[3])
    .map((match) => match[3] as string);
}

/** The sources as they are in the repository at `root`. */
export function repositorySources(root: string): DocSources {
  return {
    actionYml: readFileSync(path.join(root, 'action.yml'), 'utf8'),
    readFile: (relativePath) => readFileSync(path.join(root, relativePath), 'utf8'),
  };
}
