/**
 * A typed mock of the action's workflow commands (src/run/workflow-commands.ts) for tests of main:
 * inputs from a map, outputs, log lines and summaries recorded. Register it with
 * `jest.unstable_mockModule('../src/run/workflow-commands.js', () => core)` before importing main.
 */
import { jest } from '@jest/globals';
// Imported before any test registers the mock: the module as the action has it.
import * as actual from '../src/run/workflow-commands.js';

export const inputs: Record<string, string> = {};
export const outputs: Record<string, string> = {};
/** Every line written to the log, workflow commands spelled as the runner would see them. */
export const log: string[] = [];
/** What each summary append added to the step's summary file. */
export const summaries: string[] = [];
export const failures: string[] = [];
/** Values given to setSecret, in order (the runner masks them; they are not log lines here). */
export const secrets: string[] = [];
/** What the action saved for its post step (`saveState`), by name. */
export const states: Record<string, string> = {};

export const getInput = jest.fn<typeof actual.getInput>((name) => inputs[name] ?? '');
export const setOutput = jest.fn<typeof actual.setOutput>((name, value) => {
  outputs[name] = value;
});
export const setFailed = jest.fn<typeof actual.setFailed>((message) => {
  failures.push(message);
  log.push(`::error::${message}`);
});
export const saveState = jest.fn<typeof actual.saveState>((name, value) => {
  states[name] = value;
});
export const setSecret = jest.fn<typeof actual.setSecret>((secret) => {
  secrets.push(secret);
});
export const info = jest.fn<typeof actual.info>((message) => {
  log.push(message);
});
export const debug = jest.fn<typeof actual.debug>((message) => {
  log.push(`::debug::${message}`);
});
export const warning = jest.fn<typeof actual.warning>((message) => {
  log.push(`::warning::${message}`);
});
export const startGroup = jest.fn<typeof actual.startGroup>((title) => {
  log.push(`::group::${title}`);
});
export const endGroup = jest.fn<typeof actual.endGroup>(() => {
  log.push('::endgroup::');
});
export const appendSummary = jest.fn<typeof actual.appendSummary>(async (markdown) => {
  summaries.push(`${markdown}\n`);
});
export const commandLine = actual.commandLine;
/** The forced exit's summary goes to the GITHUB_STEP_SUMMARY file, as the action writes it. */
export const appendSummarySync = actual.appendSummarySync;

/**
 * Makes setOutput write to the GITHUB_OUTPUT file as the action does, throwing as it throws (a
 * missing file, a full disk), until the returned function puts the recording back.
 */
export function outputsToRunnerFile(): () => void {
  const recording = setOutput.getMockImplementation();
  setOutput.mockImplementation(actual.setOutput);
  return () => setOutput.mockImplementation(recording!);
}

/** Clears everything recorded, for the next test. */
export function reset(): void {
  for (const record of [inputs, outputs]) for (const key of Object.keys(record)) delete record[key];
  log.length = 0;
  summaries.length = 0;
  failures.length = 0;
  secrets.length = 0;
  for (const name of Object.keys(states)) delete states[name];
  jest.clearAllMocks();
}
