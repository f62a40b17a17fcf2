// `npm run agent -- [--input value ...] "task"`: runs the bundled action (dist/index.js) on the
// current directory the way a workflow step would: every input of action.yml as an INPUT_<NAME>
// variable (its default unless a flag sets it), temporary files for the step's outputs and summary,
// and the Anthropic key from ANTHROPIC_API_KEY. Prints the summary and the outputs at the end.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(root, 'dist', 'index.js');
const out = (text) => process.stdout.write(`${text}\n`);
const fail = (text, code = 2) => {
  process.stderr.write(`${text}\n`);
  process.exit(code);
};

/**
 * The inputs of action.yml with their defaults. A small reader for this file's shape (two-space
 * indented names, `default:` as a plain or quoted scalar or a `|` block) so the script needs no YAML
 * dependency; defaults that are expressions (`${{ github.token }}`) count as empty, as outside a runner.
 */
export function readActionInputs(text) {
  const lines = text.split('\n');
  const inputs = new Map();
  let inInputs = false;
  let current;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (/^\S/.test(line)) {
      inInputs = line.startsWith('inputs:');
      continue;
    }
    if (!inInputs) continue;
    const name = /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line);
    if (name) {
      current = name[1];
      inputs.set(current, '');
      continue;
    }
    const value = /^ {4}default:\s*(.*)$/.exec(line);
    if (!value || current === undefined) continue;
    let text = value[1].trim();
    if (text === '|' || text === '|-' || text === '>-') {
      const block = [];
      for (
        index += 1;
        index < lines.length && (/^ {6}/.test(lines[index]) || lines[index].trim() === '');
        index += 1
      ) {
        block.push(lines[index].slice(6));
      }
      index -= 1;
      text = block.join('\n').replace(/\n+$/, '') + (value[1].trim() === '|' ? '\n' : '');
    } else if (/^'.*'$/.test(text)) {
      text = text.slice(1, -1).replace(/''/g, "'");
    } else if (/^".*"$/.test(text)) {
      text = JSON.parse(text);
    }
    inputs.set(current, text.includes('${{') ? '' : text);
  }
  return inputs;
}

function usage(inputs) {
  return [
    'Usage: npm run agent -- [--<input> <value> ...] "<task>"',
    '',
    'Runs the bundled action (dist/index.js) on the current directory as a workflow step would.',
    'The Anthropic API key comes from ANTHROPIC_API_KEY (or --anthropic-api-key).',
    '',
    'Examples:',
    '  npm run agent -- "List the TODO comments in src"',
    '  npm run agent -- --max-turns 10 --allowed-commands "*" "Run the tests and explain any failure"',
    '',
    `Inputs (see action.yml): ${[...inputs.keys()].join(', ')}`,
  ].join('\n');
}

function parseArgs(argv, inputs) {
  const values = {};
  const task = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--help' || arg === '-h') {
      out(usage(inputs));
      process.exit(0);
    }
    if (arg === '--') {
      task.push(...argv.slice(index + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      task.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (!inputs.has(name))
      fail(`Unknown option --${name}: not an input of action.yml.\n\n${usage(inputs)}`);
    if (eq !== -1) values[name] = arg.slice(eq + 1);
    else if (index + 1 < argv.length) values[name] = argv[++index];
    else fail(`Option --${name} needs a value.`);
  }
  if (task.length > 0) {
    if (values.task !== undefined)
      fail('Give the task either as --task or as the last argument, not both.');
    values.task = task.join(' ');
  }
  return values;
}

/** `owner/name` of the origin remote, when it is a GitHub URL. */
function repositoryOf(dir) {
  const remote = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: dir, encoding: 'utf8' });
  const match = /github\.com[:/]([^/]+\/[^/]+?)(\.git)?\s*$/.exec(remote.stdout ?? '');
  return match ? match[1] : undefined;
}

/** Reads a GITHUB_OUTPUT file (`name<<DELIMITER` … `DELIMITER` blocks). */
function readOutputs(file) {
  const outputs = {};
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[index]);
    if (!heredoc) continue;
    const value = [];
    for (index += 1; index < lines.length && lines[index] !== heredoc[2]; index += 1)
      value.push(lines[index]);
    outputs[heredoc[1]] = value.join('\n');
  }
  return outputs;
}

/** The token of the stop-commands block the log is in, while it is in one. */
let stopToken;

/** Shows the runner's workflow commands the way the Actions log renders them. */
function render(line) {
  const command = /^::([a-z0-9-]+)(?: [^:]*)?::(.*)$/i.exec(line);
  if (stopToken !== undefined) {
    // Inside a stop-commands block nothing acts; the line that names the token ends it.
    if (command && command[1].toLowerCase() === stopToken) {
      stopToken = undefined;
      return undefined;
    }
    return line;
  }
  if (!command) return line;
  const [, name, data] = command;
  if (name === 'stop-commands') {
    stopToken = data.toLowerCase();
    return undefined;
  }
  const text = data.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  switch (name) {
    case 'group':
      return `▶ ${text}`;
    case 'endgroup':
      return undefined;
    case 'debug':
      return process.env.RUNNER_DEBUG === '1' ? `[debug] ${text}` : undefined;
    case 'error':
      return `Error: ${text}`;
    case 'warning':
      return `Warning: ${text}`;
    case 'notice':
      return `Notice: ${text}`;
    default:
      return line;
  }
}

async function main() {
  const inputs = readActionInputs(readFileSync(path.join(root, 'action.yml'), 'utf8'));
  const values = parseArgs(process.argv.slice(2), inputs);

  const missing = [];
  if (!values.task?.trim() && !values['task-file']?.trim()) {
    missing.push('a task: npm run agent -- "List the TODO comments in src"');
  }
  if (!values['anthropic-api-key'] && !process.env.ANTHROPIC_API_KEY) {
    missing.push(
      'an Anthropic API key: ANTHROPIC_API_KEY is not set. Run `export ANTHROPIC_API_KEY=sk-ant-...` ' +
        '(create a key at https://console.anthropic.com/settings/keys), or pass --anthropic-api-key',
    );
  }
  if (missing.length > 0)
    fail(`Cannot run the agent; missing:\n${missing.map((item) => `  - ${item}`).join('\n')}`);
  if (!existsSync(entry)) fail(`${entry} is missing: build it first with \`npm run bundle\`.`);

  // npm runs scripts from the package root; INIT_CWD is the directory `npm run agent` was typed in.
  const workspace = process.env.INIT_CWD || process.cwd();
  const temp = mkdtempSync(path.join(tmpdir(), 'bash-agent-'));
  const outputFile = path.join(temp, 'output.txt');
  const summaryFile = path.join(temp, 'summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');

  const env = { ...process.env };
  for (const [name, fallback] of inputs)
    env[`INPUT_${name.toUpperCase()}`] = values[name] ?? fallback;
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

  out(`Running dist/index.js on ${workspace}\n`);
  const child = spawn(process.execPath, [entry], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
  lines.on('line', (line) => {
    const shown = render(line);
    if (shown !== undefined) out(shown);
  });
  const code = await new Promise((resolve) =>
    child.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );

  const summary = readFileSync(summaryFile, 'utf8');
  if (summary.trim() !== '')
    out(`\n===== Job summary (${summaryFile}) =====\n\n${summary.trimEnd()}`);
  const outputs = readOutputs(outputFile);
  out('\n===== Outputs =====');
  for (const [name, value] of Object.entries(outputs)) {
    out(value.includes('\n') ? `${name}:\n${value.replace(/^/gm, '    ')}` : `${name}: ${value}`);
  }
  out(`\nThe step ${code === 0 ? 'succeeded' : `failed (exit code ${code})`}.`);
  if (code === 0) rmSync(temp, { recursive: true, force: true });
  process.exit(code);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
