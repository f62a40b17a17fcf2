// The generated parts of README.md and docs/*.md: the inputs and outputs tables, read from
// action.yml, and the example workflows, copied from examples/. Each generated part sits between a
// start marker that names it and an end marker, so the prose around it is the document's own and
// the facts inside are the files' (one source each). `npm run docs` writes the results; a test
// compares them with the files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatted } from './formatted.js';
import { codeSpan } from '../src/report/markdown.js';
import { parseActionYml, type ActionMetadata } from './action-yml.js';

/** What the documents are generated from: action.yml's text and each example file's text by its path. */
export interface DocSources {
  actionYml: string;
  /** Example workflow files by their path relative to the repository root (`examples/task.yml`). */
  readFile: (relativePath: string) => string;
}

/** `<!-- docs:NAME ARGUMENT -->` … `<!-- docs:end -->`: one generated part of a document. */
const GENERATED = /(<!-- docs:(\S+)(?: (\S+))? -->\n)[\s\S]*?(<!-- docs:end -->)/g;

/** Text for one table cell: on one line, its pipes escaped (GFM splits cells at `|` even in code). */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

/** An inline code span that holds `text` whatever backticks it contains (its pipes escaped by `cell`). */
const code = (text: string): string => codeSpan(text);

/** A default as the table shows it: each line of a multi-line one as its own code span. */
function defaultCell(value: string): string {
  const lines = value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return '_empty_';
  return cell(lines.map(code).join(', '));
}

/** The complete reference: where the README's short table links for a default too long to show. */
export const INPUTS_REFERENCE = 'docs/inputs.md';

/**
 * The inputs table: every input, or only those `names` lists (in that order), where a default of
 * several lines is a link to the complete table (`referenceLink`) rather than a wide cell.
 */
export function inputsTable(
  metadata: ActionMetadata,
  names?: string[],
  referenceLink = INPUTS_REFERENCE,
): string {
  const chosen = names
    ? names.map((name) => {
        const input = metadata.inputs.find((candidate) => candidate.name === name);
        if (!input) throw new Error(`docs:inputs names '${name}', which action.yml does not have`);
        return input;
      })
    : metadata.inputs;
  const defaultOf = (value: string): string =>
    names && value.trim().includes('\n')
      ? `_[a list](${referenceLink}#inputs)_`
      : defaultCell(value);
  const rows = chosen.map(
    (input) => `| ${code(input.name)} | ${defaultOf(input.default)} | ${cell(input.description)} |`,
  );
  return ['| Input | Default | Description |', '| --- | --- | --- |', ...rows].join('\n');
}

export function outputsTable(metadata: ActionMetadata): string {
  const rows = metadata.outputs.map(
    (output) => `| ${code(output.name)} | ${cell(output.description)} |`,
  );
  return ['| Output | Description |', '| --- | --- |', ...rows].join('\n');
}

/** The body of one generated part of the document at `documentPath`, before formatting. */
function generatedPart(
  name: string,
  argument: string | undefined,
  metadata: ActionMetadata,
  sources: DocSources,
  documentPath: string,
): string {
  if (name === 'inputs') {
    const link = path.posix.relative(
      path.posix.dirname(documentPath.split(path.sep).join('/')),
      INPUTS_REFERENCE,
    );
    return inputsTable(metadata, argument?.split(','), link);
  }
  if (name === 'outputs') return outputsTable(metadata);
  if (name === 'example' && argument) {
    const text = sources.readFile(argument);
    return `\`\`\`yaml\n${text.endsWith('\n') ? text : `${text}\n`}\`\`\``;
  }
  throw new Error(`${documentPath} has an unknown generated part: docs:${name} ${argument ?? ''}`);
}

/**
 * A document (`documentPath` relative to the repository root, at `root`) with every generated
 * part made again from its source, formatted as `prettier --write` would (the check of the
 * formatting and this comparison then agree).
 */
export async function regenerateDocument(
  text: string,
  sources: DocSources,
  root: string,
  documentPath: string,
): Promise<string> {
  const metadata = parseActionYml(sources.actionYml);
  const replaced = text.replace(
    GENERATED,
    (_whole, start: string, name: string, argument: string | undefined, end: string) =>
      `${start}\n${generatedPart(name, argument, metadata, sources, documentPath)}\n\n${end}`,
  );
  return formatted(replaced, root, documentPath);
}

/** The documents that may hold generated parts: README.md and docs/*.md, relative to `root`. */
export function documentPaths(root: string): string[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** The paths of the example files a document includes, in order. */
export function includedExamples(text: string): string[] {
  return [...text.matchAll(GENERATED)]
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
