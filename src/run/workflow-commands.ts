/**
 * What the step says to the runner, in the runner's own protocol: log lines and `::name
 * prop=value::data` commands on stdout, key/value blocks appended to the file-command files, and
 * inputs read from `INPUT_<NAME>`. It speaks exactly as `@actions/core` does for what the action uses
 * (__tests__/workflow-commands.test.ts compares the two byte for byte), without loading it: its
 * import evaluates an HTTP client (undici) and a process runner the action never asks it for, some
 * 40 ms of the action's start-up on a 2-core machine.
 *
 * Every message is written to stdout as one string, as `@actions/core` writes it, which the log
 * buffer (log-buffer.ts) relies on.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, constants, existsSync } from 'node:fs';
import { access, appendFile } from 'node:fs/promises';
import { EOL } from 'node:os';
import { FILE_COMMANDS } from './runner.js';

/** What an annotation (a warning) may carry besides its message. */
export interface AnnotationProperties {
  /** Shown as the annotation's heading. */
  title?: string;
}

/** The data of a command: what would end the line or start an escape is escaped. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property's value: also what would end the value (`,`) or the properties (`:`). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One workflow command as the runner reads it, without the line's end. Properties with an empty
 * value are left out, but any property given at all puts the space after the name, as
 * `@actions/core` does (`::warning ::text` for an empty title).
 */
export function commandLine(
  name: string,
  properties: Readonly<Record<string, string | undefined>>,
  data: string,
): string {
  const given = Object.entries(properties);
  const shown = given.flatMap(([key, value]) => (value ? [`${key}=${escapeProperty(value)}`] : []));
  return `::${name}${given.length > 0 ? ` ${shown.join(',')}` : ''}::${escapeData(data)}`;
}

function issue(name: string, properties: Readonly<Record<string, string>>, data: string): void {
  process.stdout.write(commandLine(name, properties, data) + EOL);
}

/**
 * `name<<DELIMITER`, the value, `DELIMITER`: a heredoc the value cannot end early, since the
 * delimiter is random per value (and checked absent from both, should the random source be known).
 */
function keyValueBlock(name: string, value: string): string {
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (name.includes(delimiter)) {
    throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  }
  if (value.includes(delimiter)) {
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  }
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}`;
}

/** Appends `name`=`value` to the file-command file at `file`, which the runner created. */
function appendKeyValue(file: string, name: string, value: string): void {
  if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`);
  appendFileSync(file, `${keyValueBlock(name, value)}${EOL}`, { encoding: 'utf8' });
}

/** The input `name` as the runner passes it (`INPUT_<NAME>`, spaces as `_`), trimmed; '' when unset. */
export function getInput(name: string): string {
  return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '').trim();
}

/**
 * Sets the step's output `name`. Without a GITHUB_OUTPUT file, the `set-output` command it replaced
 * (which runners now ignore), after an empty line, as `@actions/core` still writes it.
 */
export function setOutput(name: string, value: string): void {
  const file = process.env[FILE_COMMANDS.output] || '';
  if (file) return appendKeyValue(file, name, value);
  process.stdout.write(EOL);
  issue('set-output', { name }, value);
}

/** Saves `value` for the post step, which finds it as `STATE_<name>`. */
export function saveState(name: string, value: string): void {
  const file = process.env[FILE_COMMANDS.state] || '';
  if (file) return appendKeyValue(file, name, value);
  issue('save-state', { name }, value);
}

/** Has the runner mask `secret` in every later line of the log. */
export function setSecret(secret: string): void {
  issue('add-mask', {}, secret);
}

/** Writes `message` to the log as it is. */
export function info(message: string): void {
  process.stdout.write(message + EOL);
}

/** A line shown only with step debug logging on. */
export function debug(message: string): void {
  issue('debug', {}, message);
}

/** A warning: a log line and an annotation on the run. */
export function warning(message: string, properties: AnnotationProperties = {}): void {
  issue('warning', { ...properties }, message);
}

/** Fails the step (exit code 1 when the process ends) with `message` as an error annotation. */
export function setFailed(message: string): void {
  process.exitCode = 1;
  issue('error', {}, message);
}

/** Folds the log's next lines, up to endGroup, under `title`. */
export function startGroup(title: string): void {
  issue('group', {}, title);
}

export function endGroup(): void {
  issue('endgroup', {}, '');
}

/**
 * Appends `markdown` and a line end to the step's summary file. Each append stands alone: a failed
 * one leaves nothing behind (`@actions/core`'s summary would keep its text for the next write).
 */
export async function appendSummary(markdown: string): Promise<void> {
  const variable = FILE_COMMANDS.summary;
  const file = process.env[variable];
  if (!file) {
    throw new Error(
      `Unable to find environment variable for $${variable}. Check if your runtime environment supports job summaries.`,
    );
  }
  try {
    await access(file, constants.R_OK | constants.W_OK);
  } catch {
    throw new Error(
      `Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`,
    );
  }
  await appendFile(file, markdown + EOL, { encoding: 'utf8' });
}

/** appendSummary at once, for a process about to end (a forced exit cannot wait for a write). */
export function appendSummarySync(markdown: string): void {
  const variable = FILE_COMMANDS.summary;
  const file = process.env[variable];
  if (!file) throw new Error(`${variable} is not set`);
  appendFileSync(file, markdown + EOL, { encoding: 'utf8' });
}
