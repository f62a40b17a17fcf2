/**
 * The transcript file as a workflow artifact: uploaded through the toolkit's own client of the
 * runner's results service, so the record outlives `$RUNNER_TEMP` and the summary and the comment can
 * link it. Where there is no such service (a local run, a runner without its variables, GitHub
 * Enterprise Server) or the upload fails, the run goes on and the reports say where the file is.
 */
import * as step from '../run/workflow-commands.js';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runUrlOf } from '../run/runner.js';
import { messageOf } from '../base/errors.js';

/** What became of the upload: the artifact, or why there is none. */
export type TranscriptUpload =
  | { uploaded: true; name: string; url: string }
  | {
      uploaded: false;
      /** Why, in words that fit after "not uploaded: ". */
      reason: string;
      /** The upload was attempted and failed (a warning), rather than having nowhere to go. */
      failed: boolean;
    };

/** Longest the upload may take; the run's report is written after it, whatever it comes to. */
export const UPLOAD_DEADLINE_MS = 120_000;

/**
 * The host of a server the client has no service for, or undefined. The client refuses every server but github.com, `*.ghe.com` and `*.localhost` (GHES has another
 * artifact service); asked anyway, it logs a long warning of its own before it throws. Checked here
 * first, so a GHES run says it in one line.
 */
function serverWithoutService(serverUrl: string | undefined): string | undefined {
  let host: string;
  try {
    host = new URL(serverUrl || 'https://github.com').hostname.toLowerCase();
  } catch {
    return String(serverUrl);
  }
  const served = host === 'github.com' || host.endsWith('.ghe.com') || host.endsWith('.localhost');
  return served ? undefined : host;
}

/**
 * The artifact's name: the run and its attempt, and the job, with a few random characters, since the
 * legs of a matrix share all three and an artifact's name must be unique in its run.
 */
export function artifactName(env: NodeJS.ProcessEnv): string {
  const job = (env.GITHUB_JOB ?? '').replace(/[^A-Za-z0-9_.-]+/g, '-');
  const parts = [
    'bash-agent-transcript',
    env.GITHUB_RUN_ID || 'local',
    `attempt${env.GITHUB_RUN_ATTEMPT || '1'}`,
    ...(job ? [job] : []),
    randomBytes(3).toString('hex'),
  ];
  return parts.join('-');
}

/** The page people open for an artifact: `{server}/{repo}/actions/runs/{run}/artifacts/{id}`. */
export function artifactUrl(env: NodeJS.ProcessEnv, id: number): string | undefined {
  const run = runUrlOf(env);
  return run && `${run}/artifacts/${id}`;
}

/**
 * Uploads `file` as a zipped artifact. Never throws: every way it can go wrong is a reason. The
 * client (and the Azure blob client under it) is loaded only here, so a run that uploads nothing
 * never pays for loading it.
 */
export async function uploadTranscript(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
  deadlineMs = UPLOAD_DEADLINE_MS,
): Promise<TranscriptUpload> {
  const absent = (reason: string): TranscriptUpload => ({ uploaded: false, reason, failed: false });
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
    return absent('no artifact service here (a runner sets ACTIONS_RESULTS_URL for it)');
  }
  const unserved = serverWithoutService(env.GITHUB_SERVER_URL);
  if (unserved) {
    return absent(
      `${unserved} has no artifact service this action can use (as on GitHub Enterprise Server)`,
    );
  }
  if (!existsSync(file)) return absent('the file was not written');
  const name = artifactName(env);
  let timer: NodeJS.Timeout | undefined;
  try {
    const { DefaultArtifactClient, GHESNotSupportedError } = await import('@actions/artifact');
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`it did not finish within ${deadlineMs / 1000} s`)),
        deadlineMs,
      );
    });
    // The client logs each step of the upload: folded into a group, under the one line that counts.
    step.startGroup('Uploading the transcript');
    try {
      const { id } = await Promise.race([
        new DefaultArtifactClient().uploadArtifact(name, [file], path.dirname(file)),
        deadline,
      ]);
      const url = id === undefined ? undefined : artifactUrl(env, id);
      if (!url)
        return { uploaded: false, reason: 'the service returned no artifact id', failed: true };
      return { uploaded: true, name, url };
    } catch (error) {
      if (error instanceof GHESNotSupportedError) {
        return absent('this server has no artifact service this action can use');
      }
      throw error;
    } finally {
      step.endGroup();
    }
  } catch (error) {
    return { uploaded: false, reason: `the upload failed: ${messageOf(error)}`, failed: true };
  } finally {
    clearTimeout(timer);
  }
}
