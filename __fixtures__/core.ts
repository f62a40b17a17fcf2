/**
 * A typed mock of `@actions/core` for tests of main: inputs from a map, outputs, log lines and
 * summaries recorded. Register it with `jest.unstable_mockModule('@actions/core', () => core)` before
 * importing main.
 */
import { jest } from '@jest/globals';
import { appendFileSync, existsSync } from 'node:fs';
import type * as actionsCore from '@actions/core';

export const inputs: Record<string, string> = {};
export const outputs: Record<string, string> = {};
/** Every line written to the log, workflow commands spelled as the runner would see them. */
export const log: string[] = [];
export const summaries: string[] = [];
export const failures: string[] = [];
/** Values given to setSecret, in order (the runner masks them; they are not log lines here). */
export const secrets: string[] = [];
/** What the action saved for its post step (`saveState`), by name. */
export const states: Record<string, string> = {};
let pendingSummary = '';

export const getInput = jest.fn<typeof actionsCore.getInput>((name) => inputs[name] ?? '');
export const setOutput = jest.fn<typeof actionsCore.setOutput>((name, value) => {
  outputs[name] = String(value);
});
export const setFailed = jest.fn<typeof actionsCore.setFailed>((message) => {
  failures.push(String(message));
  log.push(`::error::${String(message)}`);
});
export const saveState = jest.fn<typeof actionsCore.saveState>((name, value) => {
  states[name] = String(value);
});
export const setSecret = jest.fn<typeof actionsCore.setSecret>((secret) => {
  secrets.push(secret);
});
export const info = jest.fn<typeof actionsCore.info>((message) => {
  log.push(message);
});
export const debug = jest.fn<typeof actionsCore.debug>((message) => {
  log.push(`::debug::${message}`);
});
export const warning = jest.fn<typeof actionsCore.warning>((message) => {
  log.push(`::warning::${String(message)}`);
});
export const error = jest.fn<typeof actionsCore.error>((message) => {
  log.push(`::error::${String(message)}`);
});
export const notice = jest.fn<typeof actionsCore.notice>((message) => {
  log.push(`::notice::${String(message)}`);
});
export const startGroup = jest.fn<typeof actionsCore.startGroup>((name) => {
  log.push(`::group::${name}`);
});
export const endGroup = jest.fn<typeof actionsCore.endGroup>(() => {
  log.push('::endgroup::');
});

export const summary = {
  addRaw(text: string, addEol = false) {
    pendingSummary += text + (addEol ? '\n' : '');
    return summary;
  },
  async write() {
    summaries.push(pendingSummary);
    pendingSummary = '';
    return summary;
  },
};

/**
 * Makes setOutput write to the GITHUB_OUTPUT file as `@actions/core` does, throwing as it throws
 * (a missing file, a full disk), until the returned function puts the recording back.
 */
export function outputsToRunnerFile(): () => void {
  const recording = setOutput.getMockImplementation();
  setOutput.mockImplementation((name, value) => {
    const file = process.env.GITHUB_OUTPUT ?? '';
    if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`);
    appendFileSync(file, `${name}<<EOF\n${String(value)}\nEOF\n`);
  });
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
  pendingSummary = '';
  jest.clearAllMocks();
}
