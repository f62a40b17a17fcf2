import * as step from '../run/workflow-commands.js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { compileOutputSchema, type OutputSchema } from '../agent/structured-output.js';
import { privateTranscriptDirectory } from '../transcript.js';
import {
  parsePatternInput,
  PatternError,
  type Pattern,
  type PolicyPatterns,
} from '../policy/decide/patterns.js';
import { SANDBOX_MODES, type SandboxMode } from '../sandbox/modes.js';
import { coveredProtectedPath } from '../sandbox/writable.js';
import { InputError } from '../base/errors.js';
import { INPUT_DEFAULTS } from '../base/action-defaults.js';
import {
  parseAmount,
  parseBaseUrl,
  parseBoolean,
  parseBranch,
  parseDuration,
  parseInteger,
  parseList,
  parseModelId,
  parseVariableNames,
} from './values.js';
import {
  BASE_URL_VARIABLES,
  isProviderName,
  PROVIDER_NAMES,
  readVariable,
  type ProviderName,
} from '../providers/names.js';

/** The validated settings of one run. Every `step.getInput` of the action lives in this module. */
export interface Config {
  /** The task text (from `task`, or the contents of `task-file`). Empty only when no task was given. */
  task: string;
  /** Where the task came from, for messages: `input 'task'`, `input 'task-file' (<path>)`, or ''. */
  taskSource: string;
  /**
   * API key from `anthropic-api-key`, else (on provider anthropic only) ANTHROPIC_API_KEY; '' when
   * neither is set.
   */
  apiKey: string;
  /** Where the model runs (`provider`). */
  provider: ProviderName;
  /**
   * Base URL from `anthropic-base-url`, else from the provider's own variable (ANTHROPIC_BASE_URL,
   * ANTHROPIC_BEDROCK_BASE_URL, ...: providers/names.ts); undefined for the platform's default.
   */
  baseUrl: string | undefined;
  model: string;
  /** The model to go on with when `model` stays overloaded or unavailable; '' for none. */
  fallbackModel: string;
  maxTokens: number;
  /** Extra instructions appended to the built-in system prompt. */
  systemPrompt: string;
  /** The compiled `output-schema` / `output-schema-file`; undefined when neither is set. */
  outputSchema: OutputSchema | undefined;
  /** Absolute directory the shell starts in. */
  workingDirectory: string;
  /** The allow and deny patterns, parsed once here for the policy. */
  policyPatterns: PolicyPatterns;
  /** Allow pattern lines as written (trimmed, no comments or blank lines), for prompt and reports. */
  allowedCommands: string[];
  /** Deny pattern lines as written, the same way. */
  deniedCommands: string[];
  commandTimeoutMs: number;
  timeLimitMs: number;
  maxTurns: number;
  /** Spend cap in USD; 0 disables it. */
  maxCostUsd: number;
  /** Most characters of one command's output returned to the model. */
  maxOutput: number;
  /** Variables the shell may see even though their names look secret. */
  envPassthrough: string[];
  failOnLimit: boolean;
  summary: boolean;
  /** Upload the transcript file as a workflow artifact (`upload-transcript`). */
  uploadTranscript: boolean;
  /** The phrase a comment line starts with to ask for a run (`/agent`). */
  triggerPhrase: string;
  /** Least repository permission a commenter or labeller needs. */
  minPermission: Permission;
  /** Bot logins that may trigger a run; `*` allows any bot. */
  allowedBots: string[];
  /** The label whose adding triggers a run; '' when labels trigger nothing. */
  triggerLabel: string;
  /** Absolute path of the JSONL transcript (`transcript-file`, or its default under RUNNER_TEMP). */
  transcriptFile: string;
  /** When the run talks on its issue or pull request (see `CommentMode`). */
  comment: CommentMode;
  /** The `github-token` input; '' outside a runner when it is not set. */
  githubToken: string;
  /** Commit and push the agent's changes. */
  commit: boolean;
  /** Branch to push to; '' for the branch checked out. */
  branch: string;
  /** Commit message; '' to derive one from the task. */
  commitMessage: string;
  /** Open (or reuse) a pull request from the pushed branch when it differs from the base. */
  pullRequest: boolean;
  /** Kernel confinement of the shell (`sandbox`). */
  sandbox: SandboxMode;
  /** More places the confined shell may write (`writable-paths`), absolute. */
  writablePaths: string[];
  /** `network: off`: the confined shell may not open TCP connections or listen. */
  networkOff: boolean;
}

/** An input with a file alternative as given: its text, where it came from, and the input to name. */
interface GivenText {
  text: string;
  source: string;
  from: string;
}

/** `output-schema` or `output-schema-file` as given, before ajv compiles it. */
export type SchemaInput = GivenText;

/** The Config as parseConfig reads it: the output schema not yet compiled. */
export type ParsedConfig = Omit<Config, 'outputSchema'> & { outputSchema: SchemaInput | undefined };

/**
 * The `comment` input: `auto` talks on runs a comment or label started, `true` also on runs tied to
 * an issue or PR by their event, `false` never.
 */
export type CommentMode = 'auto' | 'true' | 'false';

/** Reads one input as the runner passes it (`INPUT_<NAME>`); the default is applied by the caller. */
export type InputReader = (name: string) => string;

/** The repository permission levels a commenter can have, least first. */
export const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The patterns of a policy input, parsed now so that a broken one stops the run before any request:
 * the error names the input, the line number and what is wrong.
 */
function parsePatternLines(input: string, value: string): Pattern[] {
  try {
    return parsePatternInput(value, input);
  } catch (error) {
    if (error instanceof PatternError) throw new InputError(input, error.message);
    throw error;
  }
}

function resolveWorkingDirectory(value: string, env: NodeJS.ProcessEnv): string {
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const dir = path.resolve(workspace, value);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new InputError(
      'working-directory',
      `Input 'working-directory' must name an existing directory relative to the workspace (${workspace}), got '${value}'`,
    );
  }
  return dir;
}

/**
 * Where the JSONL transcript goes: `$RUNNER_TEMP/bash-agent/transcript.jsonl` when the input is
 * empty (a private directory of its own outside a runner), a relative path against the workspace.
 */
export function resolveTranscriptFile(value: string, env: NodeJS.ProcessEnv): string {
  if (value.trim() === '') {
    const directory = env.RUNNER_TEMP
      ? path.join(env.RUNNER_TEMP, 'bash-agent')
      : privateTranscriptDirectory();
    return path.join(directory, 'transcript.jsonl');
  }
  return path.resolve(env.GITHUB_WORKSPACE || process.cwd(), value.trim());
}

/**
 * The text of an input that has a file alternative (`task` / `task-file`): the one given, trimmed,
 * and where it came from; '' when neither is. Both given is an error, as is an unreadable or empty file.
 */
function readTextOrFile(
  read: InputReader,
  input: string,
  fileInput: string,
  workingDirectory: string,
): GivenText {
  const value = read(input).trim();
  const relative = read(fileInput).trim();
  if (value !== '' && relative !== '') {
    throw new InputError(
      fileInput,
      `Inputs '${input}' and '${fileInput}' are alternatives; give one of them, not both`,
    );
  }
  if (relative === '') {
    return { text: value, source: value === '' ? '' : `input '${input}'`, from: input };
  }
  let text: string;
  try {
    text = readFileSync(path.resolve(workingDirectory, relative), 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : String(error);
    throw new InputError(
      fileInput,
      `Input '${fileInput}' must name a readable file relative to the working directory, got '${relative}': ${reason}`,
    );
  }
  if (text.trim() === '') {
    throw new InputError(fileInput, `Input '${fileInput}' names an empty file: '${relative}'`);
  }
  return { text: text.trim(), source: `input '${fileInput}' (${relative})`, from: fileInput };
}

function readTask(
  read: InputReader,
  workingDirectory: string,
): { task: string; taskSource: string } {
  const { text, source } = readTextOrFile(read, 'task', 'task-file', workingDirectory);
  return { task: text, taskSource: source };
}

/** The output schema as given, for compileConfig; undefined when neither input is set. */
function readOutputSchema(read: InputReader, workingDirectory: string): SchemaInput | undefined {
  const given = readTextOrFile(read, 'output-schema', 'output-schema-file', workingDirectory);
  return given.text === '' ? undefined : given;
}

/**
 * The Config with its output schema compiled, so that a schema ajv refuses fails before any
 * request. Apart from parseConfig because compiling needs ajv, which is loaded only when there is
 * a schema (asynchronously, as a lazily loaded chunk of the bundle).
 */
export async function compileConfig(parsed: ParsedConfig): Promise<Config> {
  const { outputSchema: given, ...rest } = parsed;
  if (!given) return { ...rest, outputSchema: undefined };
  try {
    const outputSchema = await compileOutputSchema(
      given.text,
      given.source.replace(/^input/, 'Input'),
    );
    return { ...rest, outputSchema };
  } catch (error) {
    throw new InputError(given.from, (error as Error).message);
  }
}

function parseProvider(value: string): ProviderName {
  const provider = value.trim().toLowerCase();
  if (isProviderName(provider)) return provider;
  throw new InputError(
    'provider',
    `Input 'provider' must be one of ${PROVIDER_NAMES.join(', ')}, got '${value}'`,
  );
}

function parseCommentMode(value: string): CommentMode {
  const mode = value.trim().toLowerCase();
  if (mode === 'auto' || mode === 'true' || mode === 'false') return mode;
  throw new InputError('comment', `Input 'comment' must be auto, true or false, got '${value}'`);
}

function parseSandboxMode(value: string): SandboxMode {
  const mode = value.trim().toLowerCase();
  const known = SANDBOX_MODES.find((candidate) => candidate === mode);
  if (known !== undefined) return known;
  throw new InputError(
    'sandbox',
    `Input 'sandbox' must be one of ${SANDBOX_MODES.join(', ')}, got '${value}'`,
  );
}

function parseNetwork(value: string): boolean {
  const text = value.trim().toLowerCase();
  if (text === 'on' || text === 'off') return text === 'off';
  throw new InputError('network', `Input 'network' must be on or off, got '${value}'`);
}

/**
 * `writable-paths`: one path a line, relative to the workspace or absolute. A path that would give
 * the shell the runner's file-command files is refused: it would undo what the sandbox is for.
 */
function parseWritablePaths(value: string, env: NodeJS.ProcessEnv): string[] {
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const place = path.resolve(workspace, line);
      const covered = coveredProtectedPath(place, env);
      if (covered !== undefined) {
        throw new InputError(
          'writable-paths',
          `Input 'writable-paths' must not cover the runner's file-command files, got '${line}' (which holds ${covered})`,
        );
      }
      return place;
    });
}

/**
 * Builds and validates the Config from inputs and environment, all but compiling the output schema
 * (compileConfig); throws InputError on the first bad value.
 */
export function parseConfig(
  readRaw: InputReader,
  env: NodeJS.ProcessEnv = process.env,
): ParsedConfig {
  const read: InputReader = (name) => {
    const value = readRaw(name);
    return value.trim() === '' ? (INPUT_DEFAULTS[name] ?? '') : value;
  };

  // The comment-trigger inputs ask for nothing on other runs, but they are checked on every run so
  // that a typo fails the first run, not the first comment.
  const triggerPhrase = read('trigger-phrase').trim();
  if (triggerPhrase === '' || /\s/.test(triggerPhrase)) {
    throw new InputError(
      'trigger-phrase',
      `Input 'trigger-phrase' must be one word like /agent, got '${read('trigger-phrase')}'`,
    );
  }
  const minPermission = read('min-permission').trim();
  if (!isPermission(minPermission)) {
    throw new InputError(
      'min-permission',
      `Input 'min-permission' must be one of ${PERMISSIONS.join(', ')}, got '${read('min-permission')}'`,
    );
  }

  const workingDirectory = resolveWorkingDirectory(read('working-directory'), env);
  const provider = parseProvider(read('provider'));
  const baseUrlInput = read('anthropic-base-url').trim();
  const baseUrlVariable = BASE_URL_VARIABLES[provider];
  const baseUrlEnv = readVariable(env, baseUrlVariable);
  const model = parseModelId('model', read('model'));
  const fallbackInput = read('fallback-model').trim();
  const fallbackModel = fallbackInput ? parseModelId('fallback-model', fallbackInput) : '';
  const policyPatterns: PolicyPatterns = {
    // An explicitly empty allow list would deny everything; GitHub passes the default when unset,
    // so empty means "not given" here as well (read applies the default).
    allow: parsePatternLines('allowed-commands', read('allowed-commands')),
    deny: parsePatternLines('denied-commands', read('denied-commands')),
  };

  const commit = parseBoolean('commit', read('commit'));
  const pullRequest = parseBoolean('pull-request', read('pull-request'));
  // A pull request is opened from the pushed commit: without one it would be silently not there.
  if (pullRequest && !commit) {
    throw new InputError(
      'pull-request',
      `Input 'pull-request' is true but 'commit' is false: a pull request is opened from the commit the run pushes. Set 'commit: true' too, or remove 'pull-request'`,
    );
  }

  return {
    ...readTask(read, workingDirectory),
    // ANTHROPIC_API_KEY is the Anthropic API's own variable: another provider reads its own.
    apiKey:
      read('anthropic-api-key').trim() ||
      (provider === 'anthropic' ? env.ANTHROPIC_API_KEY?.trim() : '') ||
      '',
    provider,
    baseUrl: baseUrlInput
      ? parseBaseUrl('anthropic-base-url', baseUrlInput)
      : baseUrlEnv
        ? parseBaseUrl(baseUrlVariable, baseUrlEnv)
        : undefined,
    model,
    fallbackModel,
    maxTokens: parseInteger('max-tokens', read('max-tokens'), 1, 1_000_000),
    systemPrompt: read('system-prompt').trim(),
    outputSchema: readOutputSchema(read, workingDirectory),
    workingDirectory,
    policyPatterns,
    allowedCommands: policyPatterns.allow.map((pattern) => pattern.source),
    deniedCommands: policyPatterns.deny.map((pattern) => pattern.source),
    commandTimeoutMs: parseDuration('command-timeout', read('command-timeout'), 's'),
    timeLimitMs: parseDuration('time-limit', read('time-limit'), 'm'),
    maxTurns: parseInteger('max-turns', read('max-turns'), 1, 10_000),
    maxCostUsd: parseAmount('max-cost-usd', read('max-cost-usd')),
    maxOutput: parseInteger('max-output', read('max-output'), 200, 10_000_000),
    envPassthrough: parseVariableNames('env-passthrough', read('env-passthrough')),
    failOnLimit: parseBoolean('fail-on-limit', read('fail-on-limit')),
    summary: parseBoolean('summary', read('summary')),
    uploadTranscript: parseBoolean('upload-transcript', read('upload-transcript')),
    triggerPhrase,
    minPermission,
    allowedBots: parseList(read('allowed-bots')),
    triggerLabel: read('trigger-label').trim(),
    transcriptFile: resolveTranscriptFile(read('transcript-file'), env),
    comment: parseCommentMode(read('comment')),
    githubToken: read('github-token').trim(),
    commit,
    branch: parseBranch(read('branch')),
    commitMessage: read('commit-message').trim(),
    pullRequest,
    sandbox: parseSandboxMode(read('sandbox')),
    writablePaths: parseWritablePaths(read('writable-paths'), env),
    networkOff: parseNetwork(read('network')),
  };
}

/**
 * Inputs that contradict each other without making the run impossible, one warning each, naming
 * both inputs: the run goes on, and the input that cannot take effect is said to do nothing.
 */
export function inputConflicts(
  config: Pick<
    Config,
    'commit' | 'branch' | 'commitMessage' | 'fallbackModel' | 'model' | 'apiKey' | 'provider'
  >,
): string[] {
  const conflicts: string[] = [];
  const withoutCommit = (input: string, value: string): string =>
    `Input '${input}' is '${value}' but 'commit' is false: nothing is committed, so '${input}' does nothing. Set 'commit: true', or remove '${input}'`;
  if (!config.commit && config.branch !== '')
    conflicts.push(withoutCommit('branch', config.branch));
  if (!config.commit && config.commitMessage !== '') {
    conflicts.push(withoutCommit('commit-message', config.commitMessage));
  }
  if (config.fallbackModel !== '' && config.fallbackModel === config.model) {
    conflicts.push(
      `Input 'fallback-model' is the same as 'model' ('${config.model}'): it would fail the same way, so there is no fallback. Name another model, or remove 'fallback-model'`,
    );
  }
  // On Foundry the input is the resource's key; Bedrock and Vertex AI sign in another way.
  if (config.apiKey !== '' && (config.provider === 'bedrock' || config.provider === 'vertex')) {
    conflicts.push(
      `Input 'anthropic-api-key' is set but 'provider' is ${config.provider}, which signs in with the platform's own credentials: the key is not used. Remove 'anthropic-api-key', or set 'provider: anthropic'`,
    );
  }
  return conflicts;
}

/** The Config of this step, read from the runner's `INPUT_*` variables. */
export function loadConfig(): Promise<Config> {
  return compileConfig(parseConfig((name) => step.getInput(name), process.env));
}

/**
 * What a run with a task cannot start without: the task, and the provider's credentials
 * (`missingCredentials`: one sentence for each missing one, from providers/). Kept apart from
 * parseConfig because a comment-triggered run takes its task from the comment, where an empty
 * `task` input is fine.
 */
export function requireTaskAndCredentials(task: string, missingCredentials: string[]): void {
  const missing: string[] = [];
  if (task === '') {
    missing.push(`no task: set the 'task' input (or 'task-file') of the step`);
  }
  missing.push(...missingCredentials);
  if (missing.length > 0) {
    throw new InputError(
      task === '' ? 'task' : 'provider',
      `Cannot start: ${missing.join('; and ')}`,
    );
  }
}
