/**
 * Real repositories for the git tests: a bare `origin` seeded with one commit on `main`, and clones of
 * it as the runner's checkout would be. Plain git with no global or system configuration, so a
 * developer's own settings change nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ENV = {
  PATH: process.env.PATH ?? '',
  HOME: tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Test Author',
  GIT_AUTHOR_EMAIL: 'author@example.com',
  GIT_COMMITTER_NAME: 'Test Author',
  GIT_COMMITTER_EMAIL: 'author@example.com',
};

/** Runs plain git (not the action's funnel) in `cwd` and returns its trimmed stdout. */
export function sh(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8', stdio: 'pipe' }).trim();
}

export interface Repos {
  /** A directory holding everything of this fixture. */
  root: string;
  /** The bare repository the clones push to. */
  origin: string;
  /** A new clone of origin on `main`, in a directory of its own. */
  clone(name: string, options?: { shallow?: boolean }): string;
  /** Commits `files` on `branch` of origin through a clone of its own, as another job would. */
  pushFromElsewhere(branch: string, files: Record<string, string>, message?: string): string;
  remove(): void;
}

/** Writes `files` (paths relative to `dir`, directories made as needed). */
export function write(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

export function makeRepos(files: Record<string, string> = { 'README.md': 'hello\n' }): Repos {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(tmpdir(), 'git-repos-')));
  const origin = path.join(root, 'origin.git');
  sh(root, 'init', '-q', '--bare', '-b', 'main', origin);
  const seed = path.join(root, 'seed');
  sh(root, 'init', '-q', '-b', 'main', seed);
  write(seed, files);
  sh(seed, 'add', '-A');
  sh(seed, 'commit', '-qm', 'Initial commit');
  sh(seed, 'push', '-q', origin, 'main');
  let others = 0;
  const clone = (name: string, options: { shallow?: boolean } = {}): string => {
    const dir = path.join(root, name);
    const source = options.shallow ? `file://${origin}` : origin;
    sh(root, 'clone', '-q', ...(options.shallow ? ['--depth', '1'] : []), source, dir);
    return dir;
  };
  return {
    root,
    origin,
    clone,
    pushFromElsewhere(branch, changes, message = 'A change from elsewhere') {
      others += 1;
      const dir = clone(`elsewhere-${others}`);
      const exists = sh(dir, 'ls-remote', 'origin', `refs/heads/${branch}`) !== '';
      if (exists) sh(dir, 'checkout', '-q', branch);
      else sh(dir, 'checkout', '-q', '-b', branch);
      write(dir, changes);
      sh(dir, 'add', '-A');
      sh(dir, 'commit', '-qm', message);
      sh(dir, 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
      return sh(dir, 'rev-parse', 'HEAD');
    },
    remove() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
