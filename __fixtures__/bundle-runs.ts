/**
 * The one set-up of the tests that run the bundled action (`__tests__/e2e*.test.ts`): in the test
 * file that calls `useBundleRuns()`, the bundle is checked for before any test, and whatever a test
 * started through it (the scripted Messages API, a fake of GitHub or of a cloud platform, the
 * runner's directories, git repositories) is closed or removed after that test, the last started
 * first, whether the test passed or not. A fake whose `close` throws (GitHub's, on a call that broke
 * its description) still fails the test, after everything else is gone.
 */
import { afterEach, beforeAll } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeRepos, type Repos } from './git-repos.js';
import {
  startMessagesServer,
  type MessagesServer,
  type Reply,
  type Script,
  type ServerOptions,
} from './messages-server.js';
import {
  requireBundle,
  runBundle,
  runnerEnvironment,
  type ActionRun,
  type RunBundleOptions,
} from './runner.js';

/** A runner's step environment (see runnerEnvironment), removed after the test. */
export type Runner = ReturnType<typeof runnerEnvironment>;

/** What a scripted run gives back: the action's run, the requests it sent, its runner. */
export interface ScriptedRun {
  run: ActionRun;
  server: MessagesServer;
  requests: MessagesServer['requests'];
  workspace: string;
  runner: Runner;
}

export interface ScriptedOptions {
  /** More of the runner's variables for the step; ANTHROPIC_BASE_URL is the scripted API's. */
  env?: Record<string, string>;
  /** The webhook payload, written where GITHUB_EVENT_PATH points (set GITHUB_EVENT_NAME in `env`). */
  event?: unknown;
  /** Fills the runner (its workspace, its files) before the action starts. */
  prepare?: (runner: Runner) => void;
  /** Where the runner's directories go (see runnerEnvironment). */
  base?: string;
  /** The directory the action starts in: the runner's workspace unless given. */
  cwd?: string;
  /** How the bundle is run (its time-out, a watch on its log). */
  run?: RunBundleOptions;
  /** The scripted API's options (a platform's rules, a token counter). */
  server?: ServerOptions;
}

export interface BundleRuns {
  /** Closes (or removes) `item` after the test, before what was tracked earlier; returns it. */
  track<T extends { close(): unknown } | { remove(): unknown }>(item: T): T;
  /** The scripted Messages API on loopback. */
  messages(script: Reply[] | Script, options?: ServerOptions): Promise<MessagesServer>;
  /** A fresh runner step environment (runnerEnvironment's arguments). */
  runner(...args: Parameters<typeof runnerEnvironment>): Runner;
  /** A bare origin and its clone root (git-repos.ts). */
  repos(): Repos;
  /** A fresh directory (its real path) under the system's temporary one. */
  directory(prefix: string): string;
  /**
   * Serves `script`, and runs the bundle in a fresh runner with `inputs` (the step's `with:`) and
   * the scripted API as its base URL.
   */
  scripted(
    script: Reply[] | Script,
    inputs: Record<string, string>,
    options?: ScriptedOptions,
  ): Promise<ScriptedRun>;
}

/** Registers the bundle check and the clean-up in the calling test file; see the file's comment. */
export function useBundleRuns(): BundleRuns {
  const cleanups: Array<() => unknown> = [];

  beforeAll(() => requireBundle());

  afterEach(async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  });

  const track: BundleRuns['track'] = (item) => {
    cleanups.push(() => ('close' in item ? item.close() : item.remove()));
    return item;
  };

  const messages: BundleRuns['messages'] = async (script, options) =>
    track(await startMessagesServer(script, options));

  const runner: BundleRuns['runner'] = (...args) => {
    const made = runnerEnvironment(...args);
    cleanups.push(() => rmSync(made.root, { recursive: true, force: true }));
    return made;
  };

  return {
    track,
    messages,
    runner,
    repos: () => track(makeRepos()),
    directory(prefix) {
      const made = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
      cleanups.push(() => rmSync(made, { recursive: true, force: true }));
      return made;
    },
    async scripted(script, inputs, options = {}) {
      const server = await messages(script, options.server);
      const made = runner(inputs, { ANTHROPIC_BASE_URL: server.url, ...options.env }, options.base);
      if (options.event !== undefined) {
        made.env.GITHUB_EVENT_PATH = path.join(made.root, 'event.json');
        writeFileSync(made.env.GITHUB_EVENT_PATH, JSON.stringify(options.event));
      }
      options.prepare?.(made);
      return {
        run: await runBundle(made.env, options.cwd ?? made.workspace, options.run),
        server,
        requests: server.requests,
        workspace: made.workspace,
        runner: made,
      };
    },
  };
}
