#!/usr/bin/env node
// The `bash-agent` command: runs the action on the current directory (scripts/agent.ts, loaded
// through tsx so the script shares the TypeScript helpers of the project's other scripts).
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../scripts/agent.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
