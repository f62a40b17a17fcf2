/**
 * The work tree as a git tree, built through plumbing only: a private index filled from HEAD, every
 * file hashed as its bytes are (`hash-object --no-filters`, so no clean filter or `process` driver of
 * the repository's attributes runs), the index written out as a tree. No porcelain command runs, so no
 * hook, fsmonitor or filter can; nothing under `.git/` is ever a candidate (git lists no such path).
 */
import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, type Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gitAt, type RepositoryLocation } from './exec.js';

export interface WorkTreeSnapshot {
  /** The tree of the work tree as a commit of it would hold it. */
  tree: string;
  /** HEAD's commit; undefined in a repository without commits. */
  parent?: string;
  /** The parent's tree; undefined without a parent. */
  parentTree?: string;
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

/** Builds the tree of the work tree at `where`, writing the blobs it needs. */
export async function snapshotWorkTree(where: RepositoryLocation): Promise<WorkTreeSnapshot> {
  const { top } = where;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bash-agent-index-'));
  const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
  const run = (args: string[], input?: string | Buffer) => gitAt(where, args, { env, input });
  try {
    const head = await gitAt(where, ['rev-parse', '--quiet', '--verify', 'HEAD^{commit}'], {
      allowAllExitCodes: true,
    });
    const parent = head.exitCode === 0 ? head.stdout.trim() : undefined;
    await run(parent ? ['read-tree', parent] : ['read-tree', '--empty']);

    const gitlinks = new Set<string>();
    const tracked = new Set<string>();
    for (const line of entries((await run(['ls-files', '-z', '--stage'])).stdout)) {
      const tab = line.indexOf('\t');
      const file = line.slice(tab + 1);
      if (line.startsWith(GITLINK)) gitlinks.add(file);
      else tracked.add(file);
    }
    // What the agent staged itself (`git add -f` of an ignored file) counts as changed too.
    const staged = await gitAt(where, ['ls-files', '-z'], { allowAllExitCodes: true });
    const candidates = new Set([
      ...tracked,
      ...(staged.exitCode === 0 ? entries(staged.stdout) : []),
      ...entries((await run(['ls-files', '-z', '--others', '--exclude-standard'])).stdout),
    ]);

    const removed: string[] = [];
    const files: Array<{ file: string; mode: string }> = [];
    const links: Array<{ file: string; target: string }> = [];
    const seen = new Map<string, boolean>();
    for (const file of candidates) {
      // A directory entry is a repository of its own inside this one: not part of this commit.
      if (file.endsWith('/') || gitlinks.has(file)) continue;
      const stats = throughLink(top, file, seen)
        ? undefined
        : lstatOrUndefined(path.join(top, file));
      if (stats?.isSymbolicLink()) {
        links.push({ file, target: readlinkSync(path.join(top, file)) });
      } else if (stats?.isFile()) {
        files.push({ file, mode: stats.mode & 0o100 ? '100755' : '100644' });
      } else if (tracked.has(file)) {
        removed.push(file);
      }
    }

    const lines: string[] = [];
    // Names with a line break cannot go through --stdin-paths; their bytes go one by one.
    const batch = files.filter(({ file }) => !file.includes('\n'));
    if (batch.length > 0) {
      const hashed = await run(
        ['hash-object', '-w', '--no-filters', '--stdin-paths'],
        batch.map(({ file }) => `${file}\n`).join(''),
      );
      const shas = hashed.stdout.trim().split('\n');
      batch.forEach(({ file, mode }, index) => lines.push(`${mode} ${shas[index]}\t${file}`));
    }
    for (const { file, mode } of files.filter(({ file }) => file.includes('\n'))) {
      const bytes = readFileSync(path.join(top, file));
      const sha = (await run(['hash-object', '-w', '--no-filters', '--stdin'], bytes)).stdout;
      lines.push(`${mode} ${sha.trim()}\t${file}`);
    }
    for (const { file, target } of links) {
      const sha = (await run(['hash-object', '-w', '--no-filters', '--stdin'], target)).stdout;
      lines.push(`120000 ${sha.trim()}\t${file}`);
    }
    if (removed.length > 0) {
      await run(['update-index', '-z', '--force-remove', '--stdin'], `${removed.join('\0')}\0`);
    }
    if (lines.length > 0) {
      await run(['update-index', '-z', '--index-info'], `${lines.join('\0')}\0`);
    }
    const tree = (await run(['write-tree'])).stdout.trim();
    const parentTree = parent
      ? (await run(['rev-parse', `${parent}^{tree}`])).stdout.trim()
      : undefined;
    return { tree, parent, parentTree };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
