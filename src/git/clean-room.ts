/**
 * A throw-away bare repository for the action's network git and merges. It borrows the work
 * repository's objects (`objects/info/alternates`) and its shallow boundary, and nothing else: no
 * configuration (so no `remote.*`, `url.*.insteadOf`, credential helper or ssh command the agent may
 * have written), no hooks, no attributes (so no merge driver or filter). The push goes to the URL
 * recorded before the run, and the credential is given to this repository's processes only.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { git, NETWORK_CALL_TIMEOUT_MS, type GitOptions, type GitResult } from './exec.js';
import { messageOf } from '../base/errors.js';

/** How one push ended. */
export type PushResult =
  | { kind: 'pushed' }
  /** The branch has commits this push lacks. */
  | { kind: 'moved' }
  /** The server refuses changes under `.github/workflows/` from this token. */
  | { kind: 'workflows'; reason: string }
  /** The server refused it for another reason (a protected branch, a hook). */
  | { kind: 'refused'; reason: string }
  /** It did not get as far as an answer about the branch (network, authentication). */
  | { kind: 'failed'; reason: string };

/** GitHub's words when a token without the `workflows` permission changes a workflow file. */
const WORKFLOWS_REFUSAL = /refusing to allow an? [\w ]*App to create or update workflow/i;

/** The server's own words from a push's stderr (`remote: …` lines), or git's first lines. */
function reasonOf(result: GitResult): string {
  const remote = result.stderr
    .split('\n')
    .filter((line) => line.startsWith('remote:'))
    .map((line) => line.slice('remote:'.length).trim())
    .filter((line) => line !== '');
  const lines = remote.length > 0 ? remote : result.stderr.trim().split('\n');
  return lines.slice(0, 4).join(' / ');
}

/**
 * How `git push --porcelain` of one ref ended. The server's reason comes in the ref's status line
 * (`[remote rejected] (reason)`, where GitHub puts its workflows refusal) or in `remote:` lines
 * (where a hook's message goes).
 */
export function pushResultOf(result: GitResult, ref: string): PushResult {
  const line = result.stdout
    .split('\n')
    .map((text) => text.split('\t'))
    .find((fields) => fields.length >= 3 && fields[1]?.endsWith(`:${ref}`));
  if (line === undefined) return { kind: 'failed', reason: reasonOf(result) };
  const [flag, , summary = ''] = line;
  if (flag !== '!') return { kind: 'pushed' };
  if (/^\[rejected\] \((fetch first|non-fast-forward)\)$/.test(summary)) return { kind: 'moved' };
  const status = /^\[remote rejected\] \((.*)\)$/.exec(summary)?.[1] ?? summary;
  const remote = reasonOf(result);
  if (WORKFLOWS_REFUSAL.test(status)) return { kind: 'workflows', reason: status };
  if (WORKFLOWS_REFUSAL.test(result.stderr)) return { kind: 'workflows', reason: remote };
  // A hook's own words say more than git's "pre-receive hook declined".
  return { kind: 'refused', reason: remote || status };
}

export interface CleanRoomOptions {
  /** The work repository's common git directory. */
  gitDir: string;
  /** Configuration for network commands only: the credential (`GIT_CONFIG_COUNT`…). */
  credentialEnv?: Record<string, string>;
  /** `core.sshCommand` as the checkout set it. */
  sshCommand?: string;
  /** Further settings for network commands (the runner's proxy and certificate authorities). */
  networkSettings?: ReadonlyArray<readonly [string, string]>;
  /** The longest one push or fetch may take (NETWORK_CALL_TIMEOUT_MS by default). */
  networkTimeoutMs?: number;
}

export class CleanRoom {
  readonly #dir: string;
  readonly #options: CleanRoomOptions;

  private constructor(dir: string, options: CleanRoomOptions) {
    this.#dir = dir;
    this.#options = options;
  }

  static async open(options: CleanRoomOptions): Promise<CleanRoom> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bash-agent-push-'));
    try {
      // No template: nothing is copied in, sample hooks included.
      await git(['init', '--quiet', '--bare', '--template=', dir], { cwd: dir });
      writeFileSync(
        path.join(dir, 'objects', 'info', 'alternates'),
        `${path.join(options.gitDir, 'objects')}\n`,
      );
      // A shallow clone's commits have parents it lacks; without the boundary a walk would fail.
      const shallow = path.join(options.gitDir, 'shallow');
      if (existsSync(shallow)) copyFileSync(shallow, path.join(dir, 'shallow'));
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return new CleanRoom(dir, options);
  }

  /** A local command in the room (merges, commits), without the credential. */
  run(args: string[], options: Omit<GitOptions, 'cwd'> = {}): Promise<GitResult> {
    return git(['--git-dir', this.#dir, ...args], { ...options, cwd: this.#dir });
  }

  /** A scratch file in the room (a private index). */
  scratch(name: string): string {
    return path.join(this.#dir, name);
  }

  /** A network command: the only ones that get the credential. */
  async #network(args: string[]): Promise<GitResult> {
    const { sshCommand, networkSettings = [] } = this.#options;
    const settings = [
      ...networkSettings,
      ...(sshCommand ? [['core.sshCommand', sshCommand] as const] : []),
    ].flatMap(([key, value]) => ['-c', `${key}=${value}`]);
    try {
      return await git(['--git-dir', this.#dir, ...settings, ...args], {
        cwd: this.#dir,
        env: this.#options.credentialEnv,
        allowAllExitCodes: true,
        timeoutMs: this.#options.networkTimeoutMs ?? NETWORK_CALL_TIMEOUT_MS,
      });
    } catch (error) {
      // A remote that never answered is a failed push or fetch like any other: the caller keeps the
      // work (a rescue branch, the summary) instead of losing the stage to a throw.
      return {
        exitCode: 128,
        stdout: '',
        stderr: messageOf(error),
      };
    }
  }

  /** Pushes `sha` to `refs/heads/<branch>` at `url`; never forced. */
  async push(url: string, sha: string, branch: string): Promise<PushResult> {
    const ref = `refs/heads/${branch}`;
    const result = await this.#network([
      'push',
      '--porcelain',
      '--no-verify',
      '--receive-pack=git-receive-pack',
      url,
      `${sha}:${ref}`,
    ]);
    return pushResultOf(result, ref);
  }

  /** The commit `refs/heads/<branch>` points to at `url`, fetched; undefined when there is none. */
  async fetch(url: string, branch: string): Promise<string | undefined> {
    const fetched = 'refs/fetched/head';
    const result = await this.#network([
      'fetch',
      '--quiet',
      '--no-tags',
      '--upload-pack=git-upload-pack',
      url,
      `+refs/heads/${branch}:${fetched}`,
    ]);
    if (result.exitCode !== 0) return undefined;
    return (await this.run(['rev-parse', '--verify', `${fetched}^{commit}`])).stdout.trim();
  }

  /** Removes the room; the work repository's objects are untouched. */
  close(): void {
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
