/**
 * A throw-away bare repository for the action's network git and merges. It borrows the work
 * repository's objects (`objects/info/alternates`) and its shallow boundary, and nothing else: no
 * configuration (so no `remote.*`, `url.*.insteadOf`, credential helper or ssh command the agent may
 * have written), no hooks, no attributes (so no merge driver or filter). The push goes to the URL
 * recorded before the run, and the credential is given to this repository's network calls only.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { git } from './exec.js';
import { createGitRepo, type CommitVerbs, type NetworkAccess } from './repo.js';

export interface CleanRoom {
  repo: CommitVerbs;
  /** Removes the room; the work repository's objects are untouched. */
  close(): void;
}

/** A clean room borrowing the objects of the common git directory `gitDir`. */
export async function openCleanRoom(gitDir: string, network: NetworkAccess): Promise<CleanRoom> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bash-agent-push-'));
  try {
    // No template: nothing is copied in, sample hooks included.
    await git(['init', '--quiet', '--bare', '--template=', dir], { cwd: dir });
    writeFileSync(
      path.join(dir, 'objects', 'info', 'alternates'),
      `${path.join(gitDir, 'objects')}\n`,
    );
    // A shallow clone's commits have parents it lacks; without the boundary a walk would fail.
    const shallow = path.join(gitDir, 'shallow');
    if (existsSync(shallow)) copyFileSync(shallow, path.join(dir, 'shallow'));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    repo: createGitRepo(dir, { network }),
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
