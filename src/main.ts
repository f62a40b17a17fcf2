import * as step from './run/workflow-commands.js';
import { createBashExecutor } from './agent/bash-tool.js';
import { RunLimits } from './agent/limits.js';
import type { ModelChoice } from './agent/fallback.js';
import { runAgent, type AgentResult } from './agent/loop.js';
import { priceOnPlatform, regionalPremiumNote } from './agent/pricing.js';
import { listenForCancellation, type Cancellation } from './run/cancellation.js';
import { buildSystemPrompt } from './agent/prompt.js';
import { schemaPromptSection } from './agent/structured-output.js';
import { Workbench } from './agent/workbench.js';
import {
  inputConflicts,
  loadConfig,
  requireTaskAndCredentials,
  type Config,
} from './config/config.js';
import { prepareWorkspace, type StartingPoint } from './git/checkout.js';
import {
  commitEvent,
  commitResults,
  commitStageDeadline,
  ownBranch,
  type CommitOutcome,
} from './git/commit.js';
import { connectProvider, type ProviderConnection } from './providers/connect.js';
import type { SharedClientOptions } from './providers/provider.js';
import type { Guard } from './guard/guard.js';
import { bufferLog, type LogBuffer } from './run/log-buffer.js';
import { DeadlineError, withinDeadline } from './run/deadline.js';
import { messageOf } from './base/errors.js';
import {
  beginRecord,
  keepCredentialFiles,
  markCredentialsRestored,
  RUN_MARKER_VARIABLE,
} from './run/post-record.js';
import { Redactor } from './redact.js';
import { factsOf, type RunFacts } from './report/facts.js';
import { TRANSCRIPT_OUTPUT_CHARS } from './report/jsonl.js';
import { repositoryUrlOf } from './run/runner.js';
import { RunReport } from './report/run-report.js';
import { stoppedAt } from './report/stopped.js';
import { detailBeyondHeadline } from './report/summary.js';
import { buildShellEnv } from './shell/env.js';
import { sandboxLabel } from './sandbox/facts.js';
import { prepareSandbox, type SandboxPlan } from './sandbox/sandbox.js';
import { captureChars, formatCommandResult } from './shell/format.js';
import type { Conclusion, TranscriptEvent } from './transcript.js';
import {
  connectGitHub,
  type PullRequestStep,
  type RunConversation,
  type RunGitHub,
} from './github/reporting.js';
import { coAuthorTrailer, subjectFrom } from './git/message.js';
import { decideTrigger, readWorkflowEvent, triggerRecord, type Task } from './trigger/trigger.js';

/**
 * API attempts per request beyond the first. The SDK backs off exponentially (0.5 s doubling to 8 s)
 * or as `retry-after` says, on 408/409/429/5xx/529 and connection errors: five retries ride out about
 * 15 s of overload, and the run's deadline aborts the wait when it comes first.
 */
const MAX_RETRIES = 5;

/**
 * The least margin the capture keeps around its cut for redaction (see redactOutput): secrets that
 * become known after the shell starts (the access tokens a platform issues) are up to a few KB.
 */
const LATE_SECRET_MARGIN = 4096;

/**
 * The most one exchange with GitHub (the trigger's checks, the conversation's start or end, the
 * pull request) may take as a whole, whatever its requests' retries add up to.
 */
const GITHUB_STAGE_MS = 45_000;

/**
 * The SDK client settings every provider's client gets: the SDK logs retries at info level; they go
 * to the debug log, redacted, and nothing goes to console.
 */
function sdkClientOptions(redactor: Redactor): SharedClientOptions {
  const sdkLog =
    (write: (message: string) => void) =>
    (message: string, ...rest: unknown[]): void =>
      write(
        redactor.redact(
          [
            message,
            ...rest.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))),
          ].join(' '),
        ),
      );
  return {
    maxRetries: MAX_RETRIES,
    logLevel: 'info',
    logger: {
      error: sdkLog((message) => step.warning(message)),
      warn: sdkLog((message) => step.warning(message)),
      info: sdkLog((message) => step.debug(message)),
      debug: sdkLog((message) => step.debug(message)),
    },
  };
}

/** The run's models as the platform serves them, priced there. */
interface PricedModels {
  primary: ModelChoice;
  fallback: ModelChoice | undefined;
  /** What the log says once of the estimates: a regional premium, a price that may be off. */
  notes: string[];
  warnings: string[];
}

/** Prices the models where the provider serves them (the platform knows where, the price list how much). */
function priceModels(provider: ProviderConnection): PricedModels {
  const primary = priceOnPlatform(provider.primary);
  const fallback = provider.fallback && priceOnPlatform(provider.fallback);
  const premium =
    provider.regionalEndpoint &&
    regionalPremiumNote(provider.regionalEndpoint, provider.primary.model);
  return {
    primary: { model: provider.primary.model, price: primary.price },
    fallback: provider.fallback &&
      fallback && { model: provider.fallback.model, price: fallback.price },
    notes: premium ? [premium] : [],
    warnings: [primary.warning, fallback?.warning].filter(
      (warning): warning is string => warning !== undefined,
    ),
  };
}

/** Runs the loop for a task, on the workbench (whose shell and policy start once the first request is out). */
async function runTask(
  config: Config,
  provider: ProviderConnection,
  models: PricedModels,
  task: Task,
  redactor: Redactor,
  startedAt: number,
  record: (event: TranscriptEvent) => void,
  workbench: Workbench,
  signal: AbortSignal,
): Promise<AgentResult> {
  const system = buildSystemPrompt({
    repository: process.env.GITHUB_REPOSITORY,
    workingDirectory: config.workingDirectory,
    allowedCommands: config.allowedCommands,
    deniedCommands: config.deniedCommands,
    maxTurns: config.maxTurns,
    timeLimitMs: config.timeLimitMs,
    commandTimeoutMs: config.commandTimeoutMs,
    maxCostUsd: config.maxCostUsd,
    maxOutput: config.maxOutput,
    extra: config.systemPrompt,
    workflowInstructions: task.workflowInstructions,
    quotesGitHub: task.source !== 'input',
    answerForm: config.outputSchema && schemaPromptSection(config.outputSchema),
  });

  return runAgent({
    messages: provider.messages,
    apiName: provider.apiName,
    credentialFix: provider.credentialFix,
    model: models.primary.model,
    maxTokens: config.maxTokens,
    system: redactor.redact(system),
    task: redactor.redact(task.prompt),
    tools: createBashExecutor({
      session: () => workbench.session(),
      policy: () => workbench.policy(),
      format: (result, context) =>
        formatCommandResult(result, { ...context, maxOutput: config.maxOutput }),
      redact: redactor.fn,
      secretMargin: () => secretMargin(redactor),
    }),
    limits: new RunLimits({
      maxTurns: config.maxTurns,
      timeLimitMs: config.timeLimitMs,
      maxCostUsd: config.maxCostUsd,
      commandTimeoutMs: config.commandTimeoutMs,
      startedAt,
    }),
    price: models.primary.price,
    outputSchema: config.outputSchema,
    ...(models.fallback ? { fallback: models.fallback } : {}),
    signal,
    onEvent: record,
    onFirstRequestSent: workbench.firstRequestSent,
  });
}

/** The margin kept around a cut for redaction: the longest secret known, and room for later ones. */
function secretMargin(redactor: Redactor): number {
  return Math.max(redactor.longestForm, LATE_SECRET_MARGIN);
}

/**
 * Starts putting the guard in place, which works while the first request is out, and readies the
 * shell and the policy (they start with the first request, the shell once the guard is in place:
 * nothing of the agent's may see the credentials being taken out).
 */
async function openWorkbench(
  config: Config,
  shell: { env: Record<string, string>; sandbox: SandboxPlan },
  redactor: Redactor,
  signal: AbortSignal,
  warn: (message: string) => void,
): Promise<Workbench> {
  const { env, sandbox } = shell;
  const runToken = await alone('Saving the step state', warn, beginRecord);
  // Every process of the shell inherits it: the post step of a killed run ends what carries it.
  if (runToken !== undefined) env[RUN_MARKER_VARIABLE] = runToken;
  return Workbench.open(
    {
      workingDirectory: config.workingDirectory,
      policyPatterns: config.policyPatterns,
      env,
      sandbox,
      commandTimeoutMs: config.commandTimeoutMs,
      // The transcript file keeps more of each output than the model gets (format cuts that),
      // and a margin on each side of the cut is dropped once the output is redacted.
      captureChars: () =>
        captureChars(Math.max(config.maxOutput, TRANSCRIPT_OUTPUT_CHARS), secretMargin(redactor)),
      redact: redactor.fn,
      signal,
      secretsFound: (values) => redactor.add(...values),
    },
    {
      workingDirectory: config.workingDirectory,
      // Kept for the post step, which puts them back should this process be killed.
      beforeTakeOut: (files) => {
        const note = keepCredentialFiles(
          files.map(({ file, original, credentials }) => ({
            file,
            original: original.toString('base64'),
            credentials,
          })),
        );
        if (note) step.warning(note);
      },
    },
  );
}

/** Starts deciding the sandbox of the run (see prepareSandbox); sayPlan logs what it decided. */
function startSandbox(config: Config, env: Record<string, string>): Promise<SandboxPlan> {
  return prepareSandbox({
    mode: config.sandbox,
    networkOff: config.networkOff,
    writablePaths: config.writablePaths,
    allow: config.policyPatterns.allow,
    workspace: process.env.GITHUB_WORKSPACE || config.workingDirectory,
    workingDirectory: config.workingDirectory,
    shellEnv: env,
    env: process.env,
  });
}

/** The sandbox of the run, said in the log: a warning when `auto` found nothing to confine with. */
function sayPlan(config: Config, plan: SandboxPlan): SandboxPlan {
  const { facts } = plan;
  if (!facts.held) {
    const say = config.sandbox === 'off' ? step.info : step.warning;
    say(`Sandbox: none, the shell is not confined (${facts.why})`);
  } else {
    const exec = facts.exec.confined ? facts.exec.detail : `not confined (${facts.exec.detail})`;
    step.info(
      `Sandbox: ${sandboxLabel(facts)}. Writes: ${facts.writes}. Exec: ${exec}. Network: ${facts.network.detail}. ${facts.scope}`,
    );
  }
  return plan;
}

/** Fails the step per interface.md: on an error or a cancel, and on a limit unless told not to. */
function failStep(facts: RunFacts, config: Config | undefined): void {
  const { conclusion, detail } = facts;
  if (conclusion === 'success' || conclusion === 'skipped') return;
  if (conclusion === 'error' || conclusion === 'cancelled') {
    step.setFailed(detail ?? `The run ended: ${conclusion}`);
    return;
  }
  // Said once, in the headline's words, with what the limit's detail adds to them.
  const more = detailBeyondHeadline(facts);
  const stop = stoppedAt(facts) ?? detail ?? conclusion;
  const message = more ? `${stop} (${more})` : stop;
  if (config?.failOnLimit ?? true) step.setFailed(message);
  else
    step.warning(`${message}; fail-on-limit is false, so the step succeeds`, {
      title: 'Stopped at a limit',
    });
}

/** What the commit stage is given of the run: how it ended, and its final message. */
interface RunOutcome {
  conclusion: Conclusion;
  finalMessage: string;
}

/** What the commit stage did: where the work went, and the pull request opened from it. */
interface CommitStageOutcome {
  commit: CommitOutcome;
  pull: PullRequestStep;
}

/**
 * Commits and pushes the agent's work and opens the pull request, within the stage's own bound
 * (commitStageDeadline, docs/committing.md), and logs where the work went.
 */
async function commitStage(
  config: Config,
  run: RunOutcome,
  start: StartingPoint | undefined,
  redactor: Redactor,
  guard: Guard | undefined,
  trigger: Task | undefined,
  gitHub: RunGitHub | undefined,
  warn: (message: string) => void,
): Promise<CommitStageOutcome> {
  const deadline = commitStageDeadline(config.timeLimitMs);
  const commit = await commitResults({
    start,
    branch: config.branch,
    // A pull request is a proposal: the work goes to a branch of its own, never to the base.
    ownBranch: config.pullRequest ? ownBranch(trigger?.subject, process.env) : undefined,
    coAuthors: trigger?.requester ? [coAuthorTrailer(trigger.requester)] : [],
    commitMessage: redactor.redact(config.commitMessage),
    task: redactor.redact(trigger?.task ?? config.task),
    conclusion: run.conclusion,
    credentialEnv: guard?.gitEnv(),
    redact: redactor.fn,
    deadline,
  });
  if (commit.severity === 'info') step.info(redactor.redact(commit.note));
  if (commit.severity === 'warning') step.warning(redactor.redact(commit.note));
  const pull =
    (config.pullRequest && gitHub
      ? await alone(
          'Opening the pull request',
          warn,
          () =>
            gitHub.pullRequestForPush(commit, {
              title: subjectFrom(redactor.redact(trigger?.task ?? config.task)),
              finalMessage: run.finalMessage,
              closes: trigger?.subject?.kind === 'issue' ? trigger.subject.number : undefined,
            }),
          // What is left of the stage's bound; the rescue push's share at least, after a push.
          Math.min(GITHUB_STAGE_MS, Math.max(0, deadline.endsAt - Date.now())),
        )
      : undefined) ?? {};
  return { commit, pull };
}

/** The action: the one place that turns an error into a failed step. */
export async function run(): Promise<void> {
  const cancellation = listenForCancellation({
    onSignal: (signal, first) =>
      step.info(`Received ${signal}: ${first ? 'stopping the run' : 'already stopping'}`),
  });
  // The log goes out in batches from here on (log-buffer.ts); stop() writes the last of it.
  const logBuffer = bufferLog(process.stdout);
  try {
    await runAction(logBuffer, cancellation);
  } finally {
    cancellation.dispose();
    logBuffer.stop();
  }
}

async function runAction(logBuffer: LogBuffer, cancellation: Cancellation): Promise<void> {
  const startedAt = Date.now();
  // Every secret of the environment is known before anything can fail and report it; each one is
  // also masked by the runner, for whatever writes to the log without the redactor.
  const redactor = new Redactor(buildShellEnv(process.env, []).secretValues, {
    onAdd: (secret) => step.setSecret(secret),
  });
  const report = new RunReport(redactor.fn, logBuffer);
  // From here on, a stage that throws is a warning that names it (see alone).
  const warn = (message: string): void => step.warning(redactor.redact(message));
  let config: Config | undefined;
  let sandbox: SandboxPlan | undefined;
  let workbench: Workbench | undefined;
  let sandboxing: Promise<SandboxPlan> | undefined;
  let gitHub: RunGitHub | undefined;
  let conversation: RunConversation | undefined;
  let start: StartingPoint | undefined;
  let provider: ProviderConnection | undefined;
  let asked: Task | undefined;
  // Should the wind-down of a cancelled run overrun, the forced exit still undoes the agent's
  // changes, first, and then writes what the report can.
  cancellation.beforeForcedExit(() => workbench?.endGuardNow());
  cancellation.beforeForcedExit(() => sandbox?.tidy());
  cancellation.beforeForcedExit((why) => report.finishCutShort(why));
  try {
    config = await loadConfig();
    for (const conflict of inputConflicts(config)) step.warning(conflict);
    // A key given as an input is a secret whichever provider runs: on another platform it is unused,
    // but it must no more appear in what the action writes than the platform's own credentials.
    redactor.add(config.apiKey);
    gitHub = connectGitHub(config, (message) => step.warning(redactor.redact(message)));
    const reader = gitHub.reader;
    const trigger = await withinDeadline('Deciding the trigger on GitHub', GITHUB_STAGE_MS, () =>
      decideTrigger(readWorkflowEvent(process.env), config!, reader, process.env.GITHUB_REPOSITORY),
    );
    report.record(triggerRecord(trigger));
    if (trigger.kind === 'skip') {
      // No model, no shell, no guard: the step succeeds and says why in one line.
      step.info(`Not running: ${redactor.redact(trigger.reason)}`);
      const reply = trigger.reply;
      if (reply) {
        await alone(
          'Replying on GitHub',
          warn,
          () => gitHub!.replyToRefusal(triggerRecord(trigger), redactor.redact(reply)),
          GITHUB_STAGE_MS,
        );
      }
      report.end('skipped', trigger.reason);
      return;
    }
    asked = trigger;
    conversation = await alone(
      'Starting the conversation on GitHub',
      warn,
      () => gitHub!.beginConversation(triggerRecord(trigger), () => report.events),
      GITHUB_STAGE_MS,
    );
    const talking = conversation;
    if (talking) report.listen(() => talking.changed());
    const { env, secretValues } = buildShellEnv(process.env, config.envPassthrough);
    redactor.add(...secretValues);
    // The sandbox helper's processes run while the provider's client loads; awaited below, before
    // the first request, where a refusal under `sandbox: required` is thrown.
    sandboxing = startSandbox(config, env);
    sandboxing.catch(() => undefined);
    // Before anything is spent: a missing credential or a model id the platform cannot take fails here.
    provider = await connectProvider(
      config,
      process.env,
      sdkClientOptions(redactor),
      (secret) => redactor.add(secret),
      (missing) => requireTaskAndCredentials(trigger.task, missing),
    );
    redactor.add(...provider.secrets);
    cancellation.beforeForcedExit(() => provider?.restore());
    const models = priceModels(provider);
    for (const line of [...provider.notes, ...models.notes]) step.info(line);
    for (const line of models.warnings) step.warning(line);
    step.info(
      `Task from ${trigger.taskSource}; model ${provider.primary.model} (${provider.apiName}); working directory ${config.workingDirectory}`,
    );
    // Before the guard and the agent: what the commit stage later trusts is the checkout's own.
    if (config.commit || trigger.pullRequest) {
      start = await prepareWorkspace(config.workingDirectory, trigger.pullRequest);
    }
    // Before the first request: `sandbox: required` stops here when the shell cannot be confined.
    sandbox = sayPlan(config, await sandboxing);
    workbench = await openWorkbench(config, { env, sandbox }, redactor, cancellation.signal, warn);
    report.start({ ...config, model: models.primary.model }, trigger, sandbox.facts);
    await runTask(
      config,
      provider,
      models,
      trigger,
      redactor,
      startedAt,
      report.record,
      workbench,
      cancellation.signal,
    );
  } catch (error) {
    report.record({
      type: 'error',
      message: messageOf(error),
    });
  } finally {
    // First: nothing of the agent's may start once the loop is over. Before the action writes its
    // own outputs and summary, which the undo would otherwise take back.
    if (workbench) {
      const closed = await workbench.close((message) => step.warning(message));
      report.record({ type: 'undone', changes: closed.undone });
      if (closed.credentialCount > 0) {
        await alone('Saving the step state', warn, markCredentialsRestored);
      }
    }
    // After the guard, which watches files in some of them (~/.cargo/config.toml); also when the
    // run failed while the sandbox was still being decided.
    (sandbox ?? (await sandboxing?.catch(() => undefined)))?.tidy();
    // After the guard: what the agent planted in `.git/` is gone before the action's git runs.
    // Each stage from here on stands alone: one that throws (a full disk, a missing runner file, an
    // API that is down) is a warning naming it, and the stages after it still run.
    const stage =
      config?.commit && report.conclusion !== 'skipped'
        ? await alone('The commit stage', warn, async () =>
            commitStage(
              config!,
              { conclusion: report.conclusion, finalMessage: factsOf(report.events).result },
              start,
              redactor,
              await workbench?.guard().catch(() => undefined),
              asked,
              gitHub,
              warn,
            ),
          )
        : undefined;
    if (stage) report.record(commitEvent(stage.commit, repositoryUrlOf(process.env)));
    if (stage?.pull.opened) report.record({ type: 'pull_request', ...stage.pull.opened });
    const facts =
      (await alone('The report', warn, () => report.finish(config))) ?? factsOf(report.events);
    // Last: the comment names everything the report recorded, and its failures are only warnings.
    await alone(
      'Finishing the comment',
      warn,
      () => conversation?.finish(report.events),
      GITHUB_STAGE_MS,
    );
    failStep(facts, config);
    if (stage?.commit.severity === 'error') step.setFailed(redactor.redact(stage.commit.note));
    if (stage?.pull.failure) step.setFailed(redactor.redact(stage.pull.failure));
    // Last: what the provider hid from the shell stays hidden from the action's own commit too.
    const problems = await alone('Putting back the credentials file', warn, () =>
      provider?.restore(),
    );
    for (const problem of problems ?? []) warn(problem);
  }
}

/**
 * Runs one stage of the run's end; a throw becomes a warning that names the stage, and so does a
 * stage still running after `deadlineMs`.
 */
async function alone<T>(
  what: string,
  warn: (message: string) => void,
  stage: () => T | Promise<T>,
  deadlineMs?: number,
): Promise<T | undefined> {
  try {
    if (deadlineMs === undefined) return await stage();
    return await withinDeadline(what, deadlineMs, async () => stage());
  } catch (error) {
    warn(error instanceof DeadlineError ? error.message : `${what} failed: ${messageOf(error)}`);
    return undefined;
  }
}
