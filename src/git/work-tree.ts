/**
 * The work tree as a git tree, built through plumbing only: a private index filled from HEAD, every
 * file hashed (`hash-object`, with no filter driver but those configured before the run), the index
 * written out as a tree. No porcelain command runs, so no hook or fsmonitor can; nothing under
 * `.git/` is ever a candidate (git lists no such path).
 */
import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, type Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GitRunner } from './exec.js';

/** A filter driver's settings (`clean`, `process`, `required`) as configured before the run. */
export type FilterDriver = Readonly<Record<string, string>>;

/** The filter drivers configured before the run, by name: the only ones a commit may run. */
export type FilterDrivers = Readonly<Record<string, FilterDriver>>;

export interface WorkTreeSnapshot {
  /** The tree of the work tree as a commit of it would hold it. */
  tree: string;
  /** HEAD's commit; undefined in a repository without commits. */
  parent?: string;
  /** The parent's tree; undefined without a parent. */
  parentTree?: string;
  /** Files and links whose content or mode differs from HEAD's (deletions not included). */
  written: string[];
}

const GITLINK = '160000';

function entries(nulSeparated: string): string[] {
  return nulSeparated.split('\0').filter((item) => item !== '');
}

function lstatOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Whether a path reaches through a symbolic link on its way (`dir` replaced by a link to `/etc`):
 * git sees the file as gone, and its bytes must not be read from wherever the link points.
 */
function throughLink(top: string, relative: string, seen: Map<string, boolean>): boolean {
  const parts = relative.split('/').slice(0, -1);
  for (let i = 1; i <= parts.length; i += 1) {
    const dir = parts.slice(0, i).join('/');
    let linked = seen.get(dir);
    if (linked === undefined) {
      const stats = lstatOrUndefined(path.join(top, dir));
      linked = stats === undefined || !stats.isDirectory();
      seen.set(dir, linked);
    }
    if (linked) return true;
  }
  return false;
}

/** What `filter` attribute value names no driver. */
const NO_DRIVER = new Set(['unspecified', 'unset', 'set']);

/**
 * The `hash-object` command line one file is hashed with, so that its blob is what `git add` would have made without
 * running anything the agent chose. Built-in conversions (end of line, `ident`,
 * `working-tree-encoding`) run no program and always apply. A filter driver runs only when it was
 * configured before the run, with the commands recorded then (a checkout's Git LFS: without it, a
 * smudged file would be committed as its whole content); any other driver name gets the bytes as
 * they are.
 */
function hashOptions(attribute: string | undefined, drivers: FilterDrivers): string[] {
  // An irreversible end-of-line conversion must not stop the commit.
  const conversions = ['-c', 'core.safecrlf=false'];
  if (attribute === undefined || NO_DRIVER.has(attribute)) return [...conversions, 'hash-object'];
  const driver = Object.hasOwn(drivers, attribute) ? drivers[attribute] : undefined;
  if (driver === undefined || (driver.clean === undefined && driver.process === undefined)) {
    return ['hash-object', '--no-filters'];
  }
  const recorded = Object.entries(driver).flatMap(([key, value]) => [
    '-c',
    `filter.${attribute}.${key}=${value}`,
  ]);
  return [...conversions, ...recorded, 'hash-object'];
}

/** The `filter` attribute of each path, as `git check-attr` reads the attributes files. */
async function filterAttributes(files: readonly string[], run: Run): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (files.length === 0) return found;
  const fields = (
    await run(['check-attr', '-z', '--stdin', 'filter'], files.map((file) => `${file}\0`).join(''))
  ).stdout.split('\0');
  // Triples: path, attribute, value.
  for (let i = 0; i + 2 < fields.length; i += 3) found.set(fields[i]!, fields[i + 2]!);
  return found;
}

/** What HEAD's tree, read into the private index, holds. */
interface HeadEntries {
  /** Repositories of their own inside this one: not part of this commit. */
  gitlinks: Set<string>;
  tracked: Set<string>;
  /** `mode sha` of each entry, to tell which files the commit changes. */
  modeAndSha: Map<string, string>;
}

type Run = (args: string[], input?: string | Buffer) => Promise<{ stdout: string }>;

async function headEntries(run: Run): Promise<HeadEntries> {
  const head: HeadEntries = { gitlinks: new Set(), tracked: new Set(), modeAndSha: new Map() };
  for (const line of entries((await run(['ls-files', '-z', '--stage'])).stdout)) {
    const file = line.slice(line.indexOf('\t') + 1);
    if (line.startsWith(GITLINK)) head.gitlinks.add(file);
    else head.tracked.add(file);
    head.modeAndSha.set(file, line.slice(0, line.indexOf(' ', line.indexOf(' ') + 1)));
  }
  return head;
}

/** The work tree's files, links and removed files among `candidates`, as lstat finds them. */
interface Found {
  files: Array<{ file: string; mode: string }>;
  links: Array<{ file: string; target: string }>;
  removed: string[];
}

function findCandidates(top: string, candidates: Set<string>, head: HeadEntries): Found {
  const found: Found = { files: [], links: [], removed: [] };
  const seen = new Map<string, boolean>();
  for (const file of candidates) {
    // A directory entry is a repository of its own inside this one: not part of this commit.
    if (file.endsWith('/') || head.gitlinks.has(file)) continue;
    const stats = throughLink(top, file, seen) ? undefined : lstatOrUndefined(path.join(top, file));
    if (stats?.isSymbolicLink()) {
      found.links.push({ file, target: readlinkSync(path.join(top, file)) });
    } else if (stats?.isFile()) {
      found.files.push({ file, mode: stats.mode & 0o100 ? '100755' : '100644' });
    } else if (head.tracked.has(file)) {
      found.removed.push(file);
    }
  }
  return found;
}

/**
 * Hashes the files and links found (writing their blobs) into `--index-info` lines: files in
 * batches, one per set of hash options; a name `--stdin-paths` would misread, and each link's
 * target, one by one.
 */
async function hashFound(
  top: string,
  { files, links }: Found,
  run: Run,
  drivers: FilterDrivers,
): Promise<string[]> {
  const lines: string[] = [];
  // --stdin-paths reads a line per name and unquotes one that starts with `"`: such names go one
  // by one, as their bytes.
  const oneByOne = (file: string) => file.includes('\n') || file.startsWith('"');
  const batch = files.filter(({ file }) => !oneByOne(file));
  const attributes = await filterAttributes(
    batch.map(({ file }) => file),
    run,
  );
  const groups = new Map<string, Array<{ file: string; mode: string }>>();
  for (const entry of batch) {
    const key = JSON.stringify(hashOptions(attributes.get(entry.file), drivers));
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  for (const [key, group] of groups) {
    const hashed = await run(
      [...(JSON.parse(key) as string[]), '-w', '--stdin-paths'],
      group.map(({ file }) => `${file}\n`).join(''),
    );
    const shas = hashed.stdout.trim().split('\n');
    group.forEach(({ file, mode }, index) => lines.push(`${mode} ${shas[index]}\t${file}`));
  }
  const hashOne = async (input: string | Buffer): Promise<string> =>
    (await run(['hash-object', '-w', '--no-filters', '--stdin'], input)).stdout.trim();
  for (const { file, mode } of files.filter(({ file }) => oneByOne(file))) {
    lines.push(`${mode} ${await hashOne(readFileSync(path.join(top, file)))}\t${file}`);
  }
  for (const { file, target } of links) lines.push(`120000 ${await hashOne(target)}\t${file}`);
  return lines;
}

/**
 * Builds the tree of the work tree at `top`, writing the blobs it needs; `git` runs in its
 * repository.
 */
export async function snapshotWorkTree(
  top: string,
  git: GitRunner,
  drivers: FilterDrivers = {},
): Promise<WorkTreeSnapshot> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bash-agent-index-'));
  const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
  const run: Run = (args, input) => git(args, { env, input });
  try {
    const head = await git(['rev-parse', '--quiet', '--verify', 'HEAD^{commit}'], {
      allowAllExitCodes: true,
    });
    const parent = head.exitCode === 0 ? head.stdout.trim() : undefined;
    await run(parent ? ['read-tree', parent] : ['read-tree', '--empty']);
    const inHead = await headEntries(run);
    // What the agent staged itself (`git add -f` of an ignored file) counts as changed too.
    const staged = await git(['ls-files', '-z'], { allowAllExitCodes: true });
    const candidates = new Set([
      ...inHead.tracked,
      ...(staged.exitCode === 0 ? entries(staged.stdout) : []),
      ...entries((await run(['ls-files', '-z', '--others', '--exclude-standard'])).stdout),
    ]);
    const found = findCandidates(top, candidates, inHead);
    const lines = await hashFound(top, found, run, drivers);
    if (found.removed.length > 0) {
      await run(
        ['update-index', '-z', '--force-remove', '--stdin'],
        `${found.removed.join('\0')}\0`,
      );
    }
    if (lines.length > 0) {
      await run(['update-index', '-z', '--index-info'], `${lines.join('\0')}\0`);
    }
    const tree = (await run(['write-tree'])).stdout.trim();
    const parentTree = parent
      ? (await run(['rev-parse', `${parent}^{tree}`])).stdout.trim()
      : undefined;
    const written = lines
      .map((entry) => ({
        file: entry.slice(entry.indexOf('\t') + 1),
        modeAndSha: entry.slice(0, entry.indexOf('\t')),
      }))
      .filter(({ file, modeAndSha }) => inHead.modeAndSha.get(file) !== modeAndSha)
      .map(({ file }) => file);
    return { tree, parent, parentTree, written };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
