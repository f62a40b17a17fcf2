import * as core from '@actions/core';
import { loadConfig } from './config.js';

/** The action: the one place that turns an error into a failed step. */
export async function run(): Promise<void> {
  try {
    const config = loadConfig();
    core.info(`Working directory: ${config.workingDirectory}`);
    throw new Error('Running a task is not supported yet: the agent loop has not landed');
  } catch (error) {
    core.setFailed(error instanceof Error ? error.message : String(error));
  }
}
