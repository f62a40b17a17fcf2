#!/usr/bin/env node
// The `bash-agent` command: runs the action on the current directory. Its code (scripts/agent.ts)
// is bundled with the action by `npm run bundle` (dist/agent/), so the command needs none of the
// development dependencies and runs on any Node this file runs on; the action itself runs on the
// Node action.yml names when one is installed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const checkout = fileURLToPath(new URL('..', import.meta.url));
const command = path.join(checkout, 'dist', 'agent', 'index.js');
if (existsSync(command)) {
  const { main } = await import(pathToFileURL(command).href);
  process.exitCode = await main(process.argv.slice(2), { checkout });
} else {
  process.stderr.write(`${command} is missing: build it first with \`npm run bundle\`.\n`);
  process.exitCode = 2;
}
