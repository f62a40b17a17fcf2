/**
 * The report of one run, from its first event to the last line of the log: the transcript it
 * records into, with the log and the JSONL file listening as events come, and one report pass at
 * the end (outputs, job summary, closing log line) rendered from the recorded events, however the
 * run ended.
 */
import * as step from '../run/workflow-commands.js';
import { resolveTranscriptFile, type Config } from '../config/config.js';
import type { LogBuffer } from '../run/log-buffer.js';
import { SERVICE_NAMES } from '../providers/names.js';
import {
  Transcript,
  type Conclusion,
  type RunSettings,
  type TranscriptEvent,
  type RecordedEvent,
} from '../transcript.js';
import { annotationsOf } from './annotations.js';
import { uploadTranscript } from './artifact.js';
import { runUrlOf } from '../run/runner.js';
import { factsOf, type RunFacts } from './facts.js';
import { openJsonl, type JsonlFile } from './jsonl.js';
import { closingLine, stepLog, eventLog, writeErrors } from './log.js';
import { outputsOf } from './outputs.js';
import type { SandboxFacts } from '../sandbox/facts.js';
import { renderCutShortSummary, renderSummary } from './summary.js';
import { messageOf } from '../base/errors.js';

/** What the run was asked (the trigger's Task), and where that came from, in words. */
export interface AskedTask {
  task: string;
  taskSource: string;
}

function settingsOf(
  config: Config,
  taskSource: string,
  sandbox: SandboxFacts | undefined,
): RunSettings {
  return {
    model: config.model,
    service: SERVICE_NAMES[config.provider],
    maxTokens: config.maxTokens,
    maxTurns: config.maxTurns,
    timeLimitMs: config.timeLimitMs,
    commandTimeoutMs: config.commandTimeoutMs,
    maxCostUsd: config.maxCostUsd,
    maxOutput: config.maxOutput,
    workingDirectory: config.workingDirectory,
    allowedCommands: config.allowedCommands,
    deniedCommands: config.deniedCommands,
    taskSource,
    ...(sandbox ? { sandbox } : {}),
  };
}

/** A summary that could not be written costs the run nothing else: the log says why. */
function warnSummaryFailed(error: unknown): void {
  step.warning(`Could not write the job summary: ${messageOf(error)}`);
}

/**
 * The step's outputs go to the runner's GITHUB_OUTPUT file, which can be missing or on a full disk.
 * Outputs that cannot be written cost the run nothing else (the summary, the comment, the undo, the
 * step's conclusion): the log names the file and why, once.
 */
function setOutputs(outputs: Record<string, string>): void {
  try {
    for (const [name, value] of Object.entries(outputs)) step.setOutput(name, value);
  } catch (error) {
    const file = process.env.GITHUB_OUTPUT;
    step.warning(
      `Could not write the step's outputs to the GITHUB_OUTPUT file${file ? ` ${file}` : ''}: ${messageOf(error)}`,
    );
  }
}

export class RunReport {
  readonly #transcript: Transcript;
  readonly #logBuffer: LogBuffer;
  #transcriptFile: string | undefined;
  #file: JsonlFile | undefined;
  /** The `summary` input, once start has the settings: on until then, as its default is. */
  #summaryWanted = true;
  /**
   * Set when a report pass begins: the runner's files then get the outputs and the summary once,
   * from finish or from finishCutShort, whichever came first.
   */
  #reporting = false;
  /**
   * Set when a summary is about to go to the runner's file: the ordinary one, or the short one of
   * a forced exit that came before it (during the upload), whichever is first; never both.
   */
  #summaryClaimed = false;

  constructor(redact: (text: string) => string, logBuffer: LogBuffer) {
    // Held: at every flush point of the log, first the events, then the sinks they fill.
    this.#transcript = new Transcript(redact, { held: true });
    this.#logBuffer = logBuffer;
    const log = eventLog(stepLog);
    logBuffer.onFlush(() => {
      this.#transcript.settle();
      log.showRunning();
    });
    this.#transcript.listen(log.write);
  }

  /**
   * Records an event: redacted and handed to the log and the file at the log's next flush point
   * (its timer, while a command runs long; every request; every way out of the process). A request
   * is a flush point: everything recorded before it is written out before it goes.
   */
  readonly record = (event: TranscriptEvent): void => {
    this.#transcript.record(event);
    if (event.type === 'request') this.#logBuffer.flush();
  };

  /** Adds a listener of the recorded events, as they reach the log (at its flush points). */
  listen(listener: (event: RecordedEvent) => void): void {
    this.#transcript.listen(listener);
  }

  /** The events recorded so far, redacted: what the result comment renders from. */
  get events(): readonly RecordedEvent[] {
    return this.#transcript.events;
  }

  /**
   * The run has its settings and its task: the file starts, with everything recorded so far. Called
   * before the shell starts, so the file is open before any command could put a link in its place.
   */
  start(config: Config, task: AskedTask, sandbox?: SandboxFacts): void {
    this.#summaryWanted = config.summary;
    this.#openFile(config.transcriptFile);
    this.record({
      type: 'start',
      settings: settingsOf(config, task.taskSource, sandbox),
      task: task.task,
      runUrl: runUrlOf(process.env),
    });
  }

  #openFile(file: string): void {
    if (this.#transcriptFile !== undefined) return;
    this.#transcriptFile = file;
    const opened = openJsonl(file, (message) => step.warning(message));
    this.#file = opened;
    this.#transcript.listen(opened.write);
    this.#logBuffer.onFlush(opened.flush);
  }

  /** How the run ended, as recorded so far: an error when no result was recorded. */
  get conclusion(): Conclusion {
    return factsOf(this.#transcript.events).conclusion;
  }

  /**
   * Ends a run the loop did not end (a skip, a cancel before the loop, a failure): its result, with
   * the figures of what was recorded; `detail` defaults to the last error.
   */
  end(conclusion: Conclusion, detail?: string): void {
    const so = factsOf(this.#transcript.events);
    this.record({
      type: 'result',
      conclusion,
      result: '',
      detail: detail ?? so.detail,
      turns: so.requests,
      commands: so.commands,
      denied: so.denied,
      usage: so.usage,
      costUsd: so.costUsd,
      estimatedCostUsd: so.estimatedCostUsd,
      durationMs: so.durationMs,
    });
  }

  /**
   * The one report pass: a run that recorded no result ended in an error; then the outputs, the
   * job summary (unless `summary` is off) and the closing line, all from the same facts.
   */
  async finish(config: Config | undefined): Promise<RunFacts> {
    this.#reporting = true;
    // A run that failed before its settings were read still leaves its file where the default is.
    this.#openFile(resolveTranscriptFile('', process.env));
    if (!this.#transcript.has('result')) this.end('error');
    this.#closeFile();
    // Before the upload, which may take a while: a forced exit during it still leaves the outputs.
    this.#writeOutputs(factsOf(this.#transcript.events));
    await this.#upload(config?.uploadTranscript ?? false);
    const facts = factsOf(this.#transcript.events);
    if ((config?.summary ?? true) && !this.#summaryClaimed) {
      this.#summaryClaimed = true;
      try {
        await step.appendSummary(renderSummary(facts));
      } catch (error) {
        warnSummaryFailed(error);
      }
    }
    writeErrors(stepLog, facts);
    // Last, so the log's own lines come first: one annotation per thing to act on.
    for (const { title, message } of annotationsOf(facts)) step.warning(message, { title });
    step.info(closingLine(facts));
    return facts;
  }

  /**
   * The report of a cancelled run whose wind-down overran, written synchronously just before the
   * forced exit, and after the undo, which would take back what is written to the runner's files
   * before it: the outputs with conclusion `cancelled` and the figures recorded so far, a short
   * summary, the closing line and the step's failure, each saying `why`. When finish has already
   * begun, it wrote the outputs, and the summary unless the upload still holds it back (then the
   * short summary goes in its place): the log hears why.
   */
  finishCutShort(why: string): void {
    if (this.#reporting) {
      if (this.#summaryWanted && !this.#summaryClaimed)
        this.#writeShortSummary(factsOf(this.events));
      step.warning(why);
      return;
    }
    this.#reporting = true;
    this.#openFile(resolveTranscriptFile('', process.env));
    this.record({ type: 'error', message: why });
    if (!this.#transcript.has('result')) this.end('cancelled', why);
    this.#closeFile();
    // A run that ended otherwise but is still reporting when the cancel came is cancelled too: what
    // its report would have said next (a commit, a pull request) is not known.
    const facts: RunFacts = {
      ...factsOf(this.#transcript.events),
      conclusion: 'cancelled',
      detail: why,
    };
    this.#writeOutputs(facts);
    if (this.#summaryWanted) this.#writeShortSummary(facts);
    writeErrors(stepLog, facts);
    step.info(closingLine(facts));
    step.setFailed(why);
  }

  #writeShortSummary(facts: RunFacts): void {
    this.#summaryClaimed = true;
    try {
      step.appendSummarySync(renderCutShortSummary(facts));
    } catch (error) {
      warnSummaryFailed(error);
    }
  }

  /**
   * Records where the closed transcript file is and, when `upload-transcript` asks, the artifact it
   * was uploaded as (or why there is none): after the file is closed, so the artifact holds it whole.
   */
  async #upload(wanted: boolean): Promise<void> {
    const file = this.#transcriptFile ?? '';
    if (!wanted) {
      this.record({ type: 'transcript_file', file });
      return;
    }
    // A cancelled run has seconds before the runner kills it: the summary must be written in them.
    const upload =
      this.conclusion === 'cancelled'
        ? ({ uploaded: false, reason: 'the run was cancelled', failed: false } as const)
        : await uploadTranscript(file);
    if (upload.uploaded) {
      step.info(`Transcript uploaded as the artifact ${upload.name}: ${upload.url}`);
      this.record({
        type: 'transcript_file',
        file,
        artifact: { name: upload.name, url: upload.url },
      });
      setOutputs({ 'transcript-artifact': upload.url });
      return;
    }
    const line = `The transcript was not uploaded (${upload.reason}); it is at ${file} on the runner`;
    if (upload.failed) step.warning(line);
    else step.info(line);
    this.record({ type: 'transcript_file', file, notUploaded: upload.reason });
  }

  /** Closes the file with every event recorded so far in it, those not yet delivered included. */
  #closeFile(): void {
    this.#transcript.settle();
    this.#file?.close();
  }

  #writeOutputs(facts: RunFacts): void {
    setOutputs(outputsOf(facts, this.#transcriptFile ?? ''));
  }
}
