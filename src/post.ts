/**
 * The post step (`runs.post`, `post-if: always()`): puts back what a main step that was killed
 * (the runner's SIGKILL after an unanswered cancel, an out-of-memory kill) could not. It ends the
 * processes the run's shell left, first, so none of them can change a file after it is put back;
 * then puts back the git configuration files the run took the checkout's credential out of; then
 * removes the secret carriers of processes that are gone. After a main step that ended normally
 * there is nothing left to do, and it does nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as step from './run/workflow-commands.js';
import { sweepStaleCarriers } from './run/clean-start.js';
import {
  openFiles,
  recordedRun,
  RUN_MARKER_VARIABLE,
  STATE,
  type KeptFile,
} from './run/post-record.js';
import { ShellCgroup } from './shell/cgroup.js';
import { findMarkedProcesses } from './shell/process-tree.js';
import { messageOf } from './base/errors.js';

/** How long the post step goes on finding and killing the run's processes (they may be forking). */
const END_PROCESSES_MS = 3_000;

export interface PostStepReport {
  /** Processes of the run's shell that were still running and were killed. */
  killed: number;
  /** Processes of the run's shell still running after END_PROCESSES_MS. */
  survivors: number;
  /** Configuration files put back as they were before the run. */
  restored: string[];
  /** Carrier directories of dead processes removed. */
  carriers: string[];
  problems: string[];
}

/**
 * Kills every process that carries the run's marker, and their descendants, with the cgroups they
 * are in: a daemon that dropped the marker is still in its shell's cgroup.
 */
export async function endRunProcesses(
  runToken: string,
  waitMs = END_PROCESSES_MS,
): Promise<{ killed: number; survivors: number }> {
  const marker = `${RUN_MARKER_VARIABLE}=${runToken}`;
  const killed = new Set<number>();
  const deadline = performance.now() + waitMs;
  for (;;) {
    const found = findMarkedProcesses(marker);
    if (found.length === 0) return { killed: killed.size, survivors: 0 };
    if (performance.now() >= deadline) return { killed: killed.size, survivors: found.length };
    const cgroups = new Map<string, ShellCgroup>();
    for (const pid of found) {
      const cgroup = ShellCgroup.of(pid);
      if (cgroup) cgroups.set(cgroup.path, cgroup);
    }
    for (const cgroup of cgroups.values()) cgroup.remove(0);
    for (const pid of found) {
      try {
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
      } catch {
        // gone meanwhile
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Puts back each kept file that holds none of the credentials taken out of it: the run's edit still
 * stands. A file holding one again was put back already (by the main step, or a later checkout) and
 * is left as it is.
 */
export function restoreCredentialFiles(files: readonly KeptFile[]): string[] {
  const restored: string[] = [];
  for (const { file, original, credentials } of files) {
    const now = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (credentials.some((value) => now.includes(value))) continue;
    writeFileSync(file, Buffer.from(original, 'base64'));
    restored.push(file);
  }
  return restored;
}

/** The post step's work, from the main step's record in `env`. */
export async function cleanUpAfterRun(env: NodeJS.ProcessEnv): Promise<PostStepReport> {
  const report: PostStepReport = {
    killed: 0,
    survivors: 0,
    restored: [],
    carriers: [],
    problems: [],
  };
  const runToken = recordedRun(env);
  if (runToken !== undefined) Object.assign(report, await endRunProcesses(runToken));
  const sealed = env[`STATE_${STATE.credentials}`] ?? '';
  if (sealed !== '' && env[`STATE_${STATE.credentialsRestored}`] !== 'true') {
    try {
      report.restored = restoreCredentialFiles(openFiles(sealed, env));
    } catch (error) {
      report.problems.push(`Could not put the checkout's credential back: ${messageOf(error)}`);
    }
  }
  report.carriers = sweepStaleCarriers();
  return report;
}

/** The post step: does its work and says what it did; never fails the job over it. */
export async function runPost(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const report = await cleanUpAfterRun(env);
  if (report.killed > 0) {
    step.info(`Ended ${report.killed} process(es) the run's shell had left running.`);
  }
  if (report.survivors > 0) {
    step.warning(`${report.survivors} process(es) of the run's shell could not be ended.`);
  }
  for (const file of report.restored) {
    step.info(
      `Put the checkout's credential back in ${file} (the main step did not end normally).`,
    );
  }
  if (report.carriers.length > 0) {
    step.info(`Removed ${report.carriers.length} carrier file(s) left by killed processes.`);
  }
  for (const problem of report.problems) step.warning(problem);
}
