// `bash-agent [--<input> <value> ...] "<task>"` (also `npm run agent -- …`): runs the bundled action
// (dist/index.js) on the current directory the way a workflow step would: on the Node action.yml
// names, every input of action.yml as an INPUT_<NAME> variable (its default unless a flag sets it),
// temporary files for the step's outputs and summary, and the Anthropic key from ANTHROPIC_API_KEY.
// Prints the summary and the outputs at the end; the exit status is the step's, or 2 for a mistake
// in how it was called. `npm run bundle` bundles this file too (dist/agent/), which bin/bash-agent.mjs
// runs, so the command needs none of the dev dependencies.
//
// What it prints is meant to be pasted into an issue, so it is masked as the runner would mask the
// step's log: a `::add-mask::` line is taken as the runner takes it (never shown, its value hidden
// from then on), and the secrets known before the start (the key, the token, every variable that
// looks secret) are hidden from the first line on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { InputError } from '../src/base/errors.js';
import { compileConfig, parseConfig } from '../src/config/config.js';
import { Redactor } from '../src/redact.js';
import { looksSecret } from '../src/shell/env.js';
import { findActionNode, type ActionNode } from './action-node.js';
import { localDefault, readActionYml, type ActionInput } from './action-yml.js';
import { parseCommandLine, UsageError } from './cli-options.js';

/** Where the command runs and writes; tests give their own. */
export interface AgentCommandOptions {
  /** The checkout of the action (where bin/ and dist/ are). */
  checkout: string;
  /** The action to run; the checkout's dist/index.js unless a test gives a stand-in. */
  entry?: string;
  /** The Node to run it on; the one action.yml names, looked for as findActionNode does. */
  node?: ActionNode;
  /** The directory worked on; by default the one the command was typed in. */
  cwd?: string;
  /** The environment the command sees; process.env by default. */
  env?: NodeJS.ProcessEnv;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
}

/** Each input of action.yml is an option of the same name; the task may also come as positionals. */
function optionsFor(inputs: ActionInput[]) {
  const options: Record<string, { type: 'string' } | { type: 'boolean'; short: string }> = {};
  for (const input of inputs) options[input.name] = { type: 'string' };
  options.help = { type: 'boolean', short: 'h' };
  return options;
}

/** The help text: how to call, then every input with its default and description from action.yml. */
export function usage(inputs: ActionInput[]): string {
  const lines = [
    'Usage: bash-agent [--<input> <value> ...] "<task>"',
    '       npx --prefix <checkout of bash-agent-action> bash-agent [--<input> <value> ...] "<task>"',
    '',
    'Runs the bundled action (dist/index.js) on the current directory as a workflow step would.',
    'The Anthropic API key comes from ANTHROPIC_API_KEY (or --anthropic-api-key).',
    '',
    'Examples:',
    '  bash-agent "List the TODO comments in src"',
    '  bash-agent --max-turns 10 --allowed-commands "*" "Run the tests and explain any failure"',
    '',
    'Inputs (from action.yml; --<input>=<value> works too):',
  ];
  for (const input of inputs) {
    const fallback = input.default.replace(/\n$/, '');
    const shown = fallback.includes('\n')
      ? `default:\n${fallback.replace(/^/gm, '          ')}`
      : `default: ${fallback === '' ? "''" : fallback}`;
    lines.push(`  --${input.name}`, ...wrap(input.description, 6), `      ${shown}`);
  }
  lines.push('  -h, --help', '      Show this help.');
  return lines.join('\n');
}

/** Words of `text` on lines of at most 100 characters, each indented by `indent`. */
function wrap(text: string, indent: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((text) => ' '.repeat(indent) + text);
}

/** The inputs the command line sets, by input name. */
function valuesFrom(argv: string[], inputs: ActionInput[]): Record<string, string> | 'help' {
  const { values, positionals } = parseCommandLine(optionsFor(inputs), argv);
  if (values.help) return 'help';
  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string') set[name] = value;
  if (positionals.length > 0) {
    if (set.task !== undefined) {
      throw new UsageError('give the task either as --task or as the last argument, not both');
    }
    set.task = positionals.join(' ');
  }
  return set;
}

/** `owner/name` of the origin remote, when it is a GitHub URL. */
function repositoryOf(dir: string): string | undefined {
  const remote = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: dir, encoding: 'utf8' });
  const match = /github\.com[:/]([^/]+\/[^/]+?)(\.git)?\s*$/.exec(remote.stdout ?? '');
  return match?.[1];
}

/** Reads a GITHUB_OUTPUT file (`name<<DELIMITER` … `DELIMITER` blocks). */
function readOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[index] ?? '');
    if (!heredoc) continue;
    const value: string[] = [];
    for (index += 1; index < lines.length && lines[index] !== heredoc[2]; index += 1) {
      value.push(lines[index] ?? '');
    }
    outputs[heredoc[1] ?? ''] = value.join('\n');
  }
  return outputs;
}

/** The data of a workflow command, unescaped as the runner reads it. */
function commandData(data: string): string {
  return data.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

/**
 * Shows the runner's workflow commands the way the Actions log renders them. `::add-mask::VALUE` is
 * never shown: its value goes to `mask` (what the runner does with it) and the line is dropped.
 */
export function logRenderer(
  mask: (secret: string) => void,
  debug = process.env.RUNNER_DEBUG === '1',
): (line: string) => string | undefined {
  // The token of the stop-commands block the log is in, while it is in one.
  let stopToken: string | undefined;
  return (line) => {
    const command = /^::([a-z0-9-]+)(?: [^:]*)?::(.*)$/i.exec(line);
    if (stopToken !== undefined) {
      // Inside a stop-commands block nothing acts; the line that names the token ends it.
      if (!command || command[1]?.toLowerCase() !== stopToken) return line;
      stopToken = undefined;
      return undefined;
    }
    if (!command) return line;
    const [, raw = '', data = ''] = command;
    const name = raw.toLowerCase();
    if (name === 'stop-commands') {
      stopToken = data.toLowerCase();
      return undefined;
    }
    const text = commandData(data);
    switch (name) {
      case 'add-mask':
        mask(text);
        return undefined;
      case 'group':
        return `▶ ${text}`;
      case 'endgroup':
        return undefined;
      case 'debug':
        return debug ? `[debug] ${text}` : undefined;
      case 'error':
        return `Error: ${text}`;
      case 'warning':
        return `Warning: ${text}`;
      case 'notice':
        return `Notice: ${text}`;
      default:
        return line;
    }
  };
}

/** `npm run agent` runs in the package's root; INIT_CWD is where it was typed. Otherwise: here. */
function workspaceDirectory(env: NodeJS.ProcessEnv): string {
  const underNpmRun = env.npm_lifecycle_event === 'agent' && env.INIT_CWD;
  return underNpmRun || process.cwd();
}

/** Calls `each` with every line of `stream`; resolves once the stream has ended. */
function eachLine(stream: Readable, each: (line: string) => void): Promise<void> {
  return new Promise((resolve) => {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', each).on('close', resolve);
  });
}

/** Runs the command line `argv`; resolves to the exit status. */
export async function main(argv: string[], options: AgentCommandOptions): Promise<number> {
  const parentEnv = options.env ?? process.env;
  const out = (text: string): void =>
    (options.stdout ?? ((chunk) => void process.stdout.write(chunk)))(`${text}\n`);
  const err = (text: string): void =>
    (options.stderr ?? ((chunk) => void process.stderr.write(chunk)))(`${text}\n`);
  const { inputs, using } = readActionYml();
  let values: ReturnType<typeof valuesFrom>;
  try {
    values = valuesFrom(argv, inputs);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`bash-agent: ${error.message}`);
    return 2;
  }
  if (values === 'help') {
    out(usage(inputs));
    return 0;
  }

  const missing: string[] = [];
  if (!values.task?.trim() && !values['task-file']?.trim()) {
    missing.push('a task: bash-agent "List the TODO comments in src"');
  }
  // Only the Anthropic API needs the key; on another provider the action says what its login lacks.
  const onAnthropic = (values.provider?.trim() || 'anthropic') === 'anthropic';
  if (onAnthropic && !values['anthropic-api-key'] && !parentEnv.ANTHROPIC_API_KEY) {
    missing.push(
      'an Anthropic API key: ANTHROPIC_API_KEY is not set. Run `export ANTHROPIC_API_KEY=sk-ant-...` ' +
        '(create a key at https://console.anthropic.com/settings/keys), or pass --anthropic-api-key',
    );
  }
  if (missing.length > 0) {
    err(`Cannot run the agent; missing:\n${missing.map((item) => `  - ${item}`).join('\n')}`);
    return 2;
  }
  const bundled = path.join(options.checkout, 'dist', 'index.js');
  const entry = options.entry ?? bundled;
  if (!existsSync(entry)) {
    err(`${entry} is missing: build it first with \`npm run bundle\`.`);
    return 2;
  }

  const workspace = options.cwd ?? workspaceDirectory(parentEnv);
  const temp = mkdtempSync(path.join(tmpdir(), 'bash-agent-'));
  const outputFile = path.join(temp, 'output.txt');
  const summaryFile = path.join(temp, 'summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');

  const env: NodeJS.ProcessEnv = { ...parentEnv };
  for (const input of inputs) {
    env[`INPUT_${input.name.toUpperCase()}`] = values[input.name] ?? localDefault(input);
  }
  Object.assign(env, {
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: temp,
  });
  const repository = repositoryOf(workspace);
  if (repository && !env.GITHUB_REPOSITORY) env.GITHUB_REPOSITORY = repository;

  // An input the action would refuse is a mistake in the command line: said in one line, status 2,
  // as for an unknown option, instead of a failed step.
  try {
    await compileConfig(parseConfig((name) => env[`INPUT_${name.toUpperCase()}`] ?? '', env));
  } catch (error) {
    // Anything else is the action's to report, as it would on a runner.
    if (error instanceof InputError) {
      err(`bash-agent: ${error.message}`);
      return 2;
    }
  }

  // Every value the action will ask the runner to mask that is known already: the key, the token and
  // whatever else of the environment looks secret.
  const redactor = new Redactor([
    env['INPUT_ANTHROPIC-API-KEY'],
    env['INPUT_GITHUB-TOKEN'],
    ...Object.entries(parentEnv).flatMap(([name, value]) =>
      value !== undefined && looksSecret(name, value) ? [value] : [],
    ),
  ]);
  const shown = (text: string): string => redactor.redact(text);

  const node = options.node ?? findActionNode(options.checkout, using, parentEnv);
  if (node.shortfall) err(`bash-agent: ${node.shortfall}.`);
  out(
    `Running ${entry === bundled ? 'dist/index.js' : entry} on Node ${node.version} on ${workspace}\n`,
  );
  const child = spawn(node.path, [entry], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const render = logRenderer((secret) => redactor.add(secret), parentEnv.RUNNER_DEBUG === '1');
  const [code] = await Promise.all([
    new Promise<number>((resolve) =>
      child.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
    ),
    eachLine(child.stdout, (line) => {
      const rendered = render(line);
      if (rendered !== undefined) out(shown(rendered));
    }),
    eachLine(child.stderr, (line) => err(shown(line))),
  ]);

  const summary = readFileSync(summaryFile, 'utf8');
  if (summary.trim() !== '') {
    out(`\n===== Job summary (${summaryFile}) =====\n\n${shown(summary.trimEnd())}`);
  }
  out('\n===== Outputs =====');
  for (const [name, value] of Object.entries(readOutputs(outputFile))) {
    const text = shown(value);
    out(text.includes('\n') ? `${name}:\n${text.replace(/^/gm, '    ')}` : `${name}: ${text}`);
  }
  // The summary and the outputs name files in here (the transcript among them): they stay.
  out(`\nThe run's files are kept in ${temp}.`);
  out(`The step ${code === 0 ? 'succeeded' : `failed (exit code ${code})`}.`);
  return code;
}
