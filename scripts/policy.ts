// `npm run policy -- --allowed-commands "…" [--denied-commands "…"] [--cwd DIR] [--json] COMMAND…`:
// tries an allowlist before it goes into a workflow. Each COMMAND (or, with --json, each JSON line
// `{"command": "…"}` on stdin) is checked by the action's own policy, and its verdict printed with the
// reason.
import { createInterface } from 'node:readline';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { DEFAULT_ALLOWED_COMMANDS } from '../src/policy/decide/defaults.js';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy, PolicyDecision } from '../src/policy/types.js';
import { parseCommandLine, UsageError } from './cli-options.js';

const USAGE = `Usage: npm run policy -- [options] COMMAND...
       npm run policy -- [options] --json < commands.jsonl

Checks each COMMAND against a command policy exactly as the action would, and prints the verdict
with its reason.

Options:
  --allowed-commands TEXT  allow patterns, one per line; repeat the option or put newlines in TEXT
                           (default: the action's read-only default set)
  --denied-commands TEXT   deny patterns, the same way (default: none)
  --cwd DIR                the working directory: where the shell starts and what write patterns
                           are relative to (default: the directory npm was run from)
  --json                   read JSON lines {"command": "..."} on stdin and print one line
                           {"command": "...", "allowed": true|false, "reason": "..."} for each, in order
  -h, --help               show this help

Exit status: 0 when every command is allowed, 1 when any is denied, 2 on a usage or pattern error.`;

const OPTIONS = {
  'allowed-commands': { type: 'string', multiple: true },
  'denied-commands': { type: 'string', multiple: true },
  cwd: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** The reason printed for an allowed command: the policy says no more than that it passed. */
const ALLOWED_REASON = 'allowed by the patterns';

function reason(decision: PolicyDecision): string {
  return decision.allowed ? ALLOWED_REASON : decision.message;
}

/** One JSON line per input line, written as soon as it is checked, so a caller can stream. */
async function checkJsonLines(policy: CommandPolicy, cwd: string): Promise<boolean> {
  let allAllowed = true;
  let lineNumber = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    lineNumber++;
    if (line.trim() === '') continue;
    let command: unknown;
    try {
      command = (JSON.parse(line) as { command?: unknown }).command;
    } catch {
      command = undefined;
    }
    if (typeof command !== 'string') {
      throw new UsageError(`stdin line ${lineNumber} is not a JSON object with a string "command"`);
    }
    const decision = policy.check(command, cwd);
    allAllowed &&= decision.allowed;
    process.stdout.write(
      JSON.stringify({ command, allowed: decision.allowed, reason: reason(decision) }) + '\n',
    );
  }
  return allAllowed;
}

function checkArguments(policy: CommandPolicy, cwd: string, commands: string[]): boolean {
  let allAllowed = true;
  for (const command of commands) {
    const decision = policy.check(command, cwd);
    allAllowed &&= decision.allowed;
    // Later lines of a text indented, so a command of several lines never reads as more verdicts.
    const indented = (text: string, width: number): string =>
      text
        .replace(/\n$/, '')
        .split('\n')
        .join('\n' + ' '.repeat(width));
    const lines = [`${decision.allowed ? 'allowed' : 'denied '}  ${indented(command, 9)}`];
    if (decision.allowed) {
      // Under an allowlist bash runs the policy's own print of the command; show it when it differs.
      if (decision.script !== command) lines.push(`  runs: ${indented(decision.script, 8)}`);
    } else {
      lines.push(`  ${decision.refusal.code}: ${decision.message}`);
    }
    process.stdout.write(lines.join('\n') + '\n');
  }
  return allAllowed;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(OPTIONS, argv);
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (values.json && positionals.length > 0) {
    throw new UsageError('--json reads the commands from stdin; give no COMMAND arguments');
  }
  if (!values.json && positionals.length === 0) {
    throw new UsageError('no COMMAND to check (or --json to read them from stdin); see --help');
  }
  // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
  const base = process.env.INIT_CWD ?? process.cwd();
  const cwd = path.resolve(base, values.cwd ?? '.');
  const allowed = values['allowed-commands'] ?? [];
  let policy: CommandPolicy;
  try {
    policy = await loadPolicy({
      // As in the action, an allowlist of nothing but blank lines means "not given".
      allow: allowed.some((line) => line.trim() !== '') ? allowed : DEFAULT_ALLOWED_COMMANDS,
      deny: values['denied-commands'] ?? [],
      workingDirectory: cwd,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const allAllowed = values.json
    ? await checkJsonLines(policy, cwd)
    : checkArguments(policy, cwd, positionals);
  return allAllowed ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`policy: ${error.message}\n`);
    process.exitCode = 2;
  },
);
