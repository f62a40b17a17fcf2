import * as core from '@actions/core';
import Anthropic from '@anthropic-ai/sdk';
import { createBashExecutor } from './agent/bash-tool.js';
import { LIMIT_DESCRIPTIONS, RunLimits } from './agent/limits.js';
import { runAgent, type AgentResult } from './agent/loop.js';
import { formatUsd, priceFor } from './agent/pricing.js';
import { buildSystemPrompt } from './agent/prompt.js';
import { loadConfig, requireTaskAndKey, type Config } from './config.js';
import { describeUndone, Guard } from './guard.js';
import { bufferLog, type LogBuffer } from './log-buffer.js';
import { DecisionCache } from './policy/decision-cache.js';
import type { CommandPolicy } from './policy/types.js';
import { Redactor } from './redact.js';
import { renderSummary, writeJobSummary } from './report/summary.js';
import { buildShellEnv } from './shell/env.js';
import { formatCommandResult } from './shell/format.js';
import type { BashSession } from './shell/session.js';
import type { Conclusion, TranscriptEvent } from './transcript.js';
import { decideTrigger, readTriggerEvent, type TriggerGitHub, type TriggerRun } from './trigger.js';
import { collectGarbageNow } from './v8-tuning.js';

/**
 * API attempts per request beyond the first. The SDK backs off exponentially (0.5 s doubling to 8 s)
 * or as `retry-after` says, on 408/409/429/5xx/529 and connection errors: five retries ride out about
 * 15 s of overload, and the run's deadline aborts the wait when it comes first.
 */
const MAX_RETRIES = 5;

/** What the step reports: the loop's result, a skip, or a failure before the loop could start. */
type Outcome = Omit<AgentResult, 'finalMessage' | 'conclusion'> & { conclusion: Conclusion };

/** Until the REST client is wired in, requests from GitHub cannot be authorized, so they are refused. */
const NO_GITHUB_API: TriggerGitHub = {
  permissionOf: () => Promise.reject(new Error('the GitHub API client is not available')),
  pullRequest: () => Promise.reject(new Error('the GitHub API client is not available')),
  pullRequestFiles: () => Promise.reject(new Error('the GitHub API client is not available')),
};

function failed(error: unknown): Outcome {
  return {
    conclusion: 'error',
    result: '',
    detail: error instanceof Error ? error.message : String(error),
    turns: 0,
    commands: 0,
    denied: 0,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    costUsd: 0,
    estimatedCostUsd: 0,
  };
}

/** `1 command`, `2 commands`. */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * Writes untrusted text (model words, command output) to the log so that no line of it can act as a
 * workflow command: every line gets a prefix, so none starts with `::` or `##[`. The runner reads its
 * log line by line with \r, \n and \r\n all ending a line, so all three are split on.
 */
function logUntrusted(text: string, redactor: Redactor, prefix = '│ '): void {
  for (const line of redactor.redact(text).split(/\r\n|\r|\n/)) core.info(`${prefix}${line}`);
}

function firstLine(text: string, max = 100): string {
  const line = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const more = line.length > max || line.length < text.trimEnd().length;
  return `${line.slice(0, max)}${more ? ' …' : ''}`;
}

/**
 * Turns loop events into log lines: a group per command, its output inside. The lines are held in
 * `buffer` and go out at each request, so the log is complete while the run waits for the model.
 */
function eventLogger(
  redactor: Redactor,
  maxTurns: number,
  buffer: LogBuffer,
): (event: TranscriptEvent) => void {
  return (event) => {
    switch (event.type) {
      case 'request':
        core.info(
          `Request ${event.turn} of at most ${maxTurns}${event.windDown ? ` (the last one ${LIMIT_DESCRIPTIONS[event.windDown]} allows)` : ''}: ` +
            `prompt ${event.promptTokens} tokens (${event.promptCounted ? 'counted' : 'estimated'}), ` +
            `max_tokens ${event.maxTokens}, at most ${formatUsd(event.estimatedUsd)}`,
        );
        buffer.flush();
        break;
      case 'response': {
        const u = event.usage;
        core.info(
          `Response: stop reason ${event.stopReason}; tokens ${u.inputTokens} in, ${u.outputTokens} out, ` +
            `${u.cacheReadTokens} cache read, ${u.cacheWriteTokens} cache write; ${formatUsd(event.costUsd)}`,
        );
        if (event.text !== '') logUntrusted(event.text, redactor);
        break;
      }
      case 'tool_call': {
        const input = event.input as { command?: unknown; restart?: unknown } | null;
        const title =
          typeof input?.command === 'string'
            ? `$ ${firstLine(input.command)}`
            : input?.restart === true
              ? 'restart the shell'
              : `${event.name} (invalid input)`;
        // startGroup escapes line breaks of the title itself, so it cannot carry a command.
        core.startGroup(redactor.redact(title));
        if (typeof input?.command === 'string' && input.command.includes('\n')) {
          logUntrusted(input.command, redactor, '$ ');
        }
        break;
      }
      case 'tool_result':
        logUntrusted(event.text, redactor);
        if (event.kind === 'denied') core.info('(denied by the command policy)');
        core.endGroup();
        break;
      case 'notice':
        if (event.level === 'warning') core.warning(redactor.redact(event.message));
        else core.info(redactor.redact(event.message));
        break;
    }
  };
}

/** The shell and the policy, started once, after the first request is on its way. */
interface Background {
  session: Promise<BashSession>;
  policy: Promise<CommandPolicy>;
}

/** Starts the session, the policy and the loop for a run with a task. */
async function runTask(
  config: Config,
  trigger: TriggerRun,
  redactor: Redactor,
  startedAt: number,
  logBuffer: LogBuffer,
  track: (session: Promise<BashSession>) => void,
): Promise<AgentResult> {
  const { env, secretValues } = buildShellEnv(process.env, config.envPassthrough);
  redactor.add(...secretValues);

  const lookup = priceFor(config.model);
  if (lookup.warning) core.warning(lookup.warning);

  // The first request needs neither bash nor the policy, so both start only once it has been sent,
  // and from lazily loaded chunks: their loading never delays the run's first request. A tool call
  // that comes before they are ready waits for them.
  let background: Background | undefined;
  const startBackground = (): Background => {
    if (background) return background;
    const session = import('./shell/session.js').then(({ BashSession }) =>
      BashSession.start({
        cwd: config.workingDirectory,
        env,
        maxOutput: config.maxOutput,
        defaultTimeoutMs: config.commandTimeoutMs,
      }),
    );
    const policy = import('./policy/policy.js').then(
      async ({ loadPolicy }) =>
        new DecisionCache(
          await loadPolicy({
            allow: config.allowedCommands,
            deny: config.deniedCommands,
            workingDirectory: config.workingDirectory,
          }),
        ),
    );
    // Awaited at the first tool call; until then a failure must not count as unhandled.
    session.catch(() => undefined);
    policy.catch(() => undefined);
    track(session);
    // Start-up's garbage is collected while the first request is out, not during the first commands.
    void Promise.allSettled([session, policy]).then(collectGarbageNow);
    background = { session, policy };
    return background;
  };

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
    workflowInstructions: trigger.workflowInstructions,
    quotesGitHub: trigger.source !== 'input',
  });

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
  const client = new Anthropic({
    apiKey: config.apiKey,
    baseURL: config.baseUrl ?? null,
    maxRetries: MAX_RETRIES,
    // The SDK logs retries at info level; they go to the debug log, and nothing goes to console.
    logLevel: 'info',
    logger: {
      error: sdkLog((message) => core.warning(message)),
      warn: sdkLog((message) => core.warning(message)),
      info: sdkLog((message) => core.debug(message)),
      debug: sdkLog((message) => core.debug(message)),
    },
  });

  const log = eventLogger(redactor, config.maxTurns, logBuffer);
  let finished = false;
  const result = await runAgent({
    messages: client.messages,
    model: config.model,
    maxTokens: config.maxTokens,
    system: redactor.redact(system),
    task: redactor.redact(trigger.prompt),
    tools: createBashExecutor({
      session: () => startBackground().session,
      policy: () => startBackground().policy,
      format: (result, context) =>
        formatCommandResult(result, { ...context, maxOutput: config.maxOutput }),
      redact: redactor.fn,
    }),
    limits: new RunLimits({
      maxTurns: config.maxTurns,
      timeLimitMs: config.timeLimitMs,
      maxCostUsd: config.maxCostUsd,
      commandTimeoutMs: config.commandTimeoutMs,
      startedAt,
    }),
    price: lookup.price,
    onEvent: (event) => {
      if (event.type === 'request' && event.turn === 1) {
        // Not once the run is over: a shell started after the final cleanup would keep the step alive.
        setImmediate(() => finished || startBackground());
      }
      log(event);
    },
  });
  finished = true;
  return result;
}

async function closeSession(session: Promise<BashSession>): Promise<void> {
  try {
    const started = await session.catch(() => undefined);
    await started?.close();
  } catch (error) {
    core.warning(
      `Could not close the bash session: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Sets the outputs, writes the summary, and fails the step per interface.md. */
async function report(
  outcome: Outcome,
  config: Config | undefined,
  redactor: Redactor,
  startedAt: number,
  undone: readonly string[],
): Promise<void> {
  const result = redactor.redact(outcome.result);
  const detail = outcome.detail === undefined ? undefined : redactor.redact(outcome.detail);
  const outputs: Record<string, string> = {
    conclusion: outcome.conclusion,
    result,
    turns: String(outcome.turns),
    commands: String(outcome.commands),
    denied: String(outcome.denied),
    'input-tokens': String(outcome.usage.inputTokens),
    'output-tokens': String(outcome.usage.outputTokens),
    'cache-read-tokens': String(outcome.usage.cacheReadTokens),
    'cache-write-tokens': String(outcome.usage.cacheWriteTokens),
    'cost-usd': outcome.costUsd.toFixed(6),
  };
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);

  if (config?.summary) {
    try {
      await writeJobSummary(
        renderSummary({
          task: redactor.redact(config.task),
          conclusion: outcome.conclusion,
          result,
          detail,
          model: config.model,
          turns: outcome.turns,
          maxTurns: config.maxTurns,
          commands: outcome.commands,
          denied: outcome.denied,
          usage: outcome.usage,
          costUsd: outcome.costUsd,
          estimatedCostUsd: outcome.estimatedCostUsd,
          maxCostUsd: config.maxCostUsd,
          durationMs: Date.now() - startedAt,
          undone,
        }),
      );
    } catch (error) {
      core.warning(
        `Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  core.info(
    `Conclusion: ${outcome.conclusion}; ${counted(outcome.turns, 'request')}, ${counted(outcome.commands, 'command')} ` +
      `(${outcome.denied} denied), estimated cost ${formatUsd(outcome.costUsd)} ` +
      `(at most ${formatUsd(outcome.estimatedCostUsd)} as estimated before sending)`,
  );
  if (outcome.conclusion === 'error') {
    core.setFailed(detail ?? 'The run failed');
  } else if (outcome.conclusion !== 'success' && outcome.conclusion !== 'skipped') {
    const message =
      detail ??
      (outcome.conclusion === 'cancelled'
        ? 'The run was cancelled'
        : `Stopped at ${LIMIT_DESCRIPTIONS[outcome.conclusion]}`);
    if (config?.failOnLimit ?? true) core.setFailed(message);
    else core.warning(`${message} (fail-on-limit is false, so the step succeeds)`);
  }
}

/** Puts back what the run must not leave behind; says in the log what that was. */
function endGuard(guard: Guard | undefined, redactor: Redactor): string[] {
  try {
    const undone = (guard?.end() ?? []).map((change) => redactor.redact(describeUndone(change)));
    if (undone.length > 0) {
      // One annotation for the lot: the runner shows only the first few of a step's warnings.
      core.warning(
        [
          `The run changed ${counted(undone.length, 'place')} outside the working tree:`,
          ...undone,
        ].join('\n'),
      );
    }
    return undone;
  } catch (error) {
    const message = `Could not undo the run's changes outside the working tree: ${error instanceof Error ? error.message : String(error)}`;
    core.warning(redactor.redact(message));
    return [redactor.redact(message)];
  }
}

/** The action: the one place that turns an error into a failed step. */
export async function run(): Promise<void> {
  // The log goes out in batches from here on (log-buffer.ts); stop() writes the last of it.
  const logBuffer = bufferLog(process.stdout);
  try {
    await runAction(logBuffer);
  } finally {
    logBuffer.stop();
  }
}

async function runAction(logBuffer: LogBuffer): Promise<void> {
  const startedAt = Date.now();
  // Every secret of the environment is known before anything can fail and report it.
  const redactor = new Redactor(buildShellEnv(process.env, []).secretValues);
  let config: Config | undefined;
  let session: Promise<BashSession> | undefined;
  let outcome: Outcome | undefined;
  let guard: Guard | undefined;
  try {
    config = loadConfig();
    redactor.add(config.apiKey);
    const trigger = await decideTrigger(
      readTriggerEvent(process.env),
      config,
      NO_GITHUB_API,
      process.env.GITHUB_REPOSITORY,
    );
    if (trigger.kind === 'skip') {
      // No model, no shell, no guard: the step succeeds and says why in one line.
      core.info(`Not running: ${redactor.redact(trigger.reason)}`);
      outcome = { ...failed(trigger.reason), conclusion: 'skipped' };
      return;
    }
    config = { ...config, task: trigger.task, taskSource: trigger.taskSource };
    requireTaskAndKey(config);
    core.info(
      `Task from ${config.taskSource}; model ${config.model}; working directory ${config.workingDirectory}`,
    );
    // Before the shell exists: nothing of the agent's may see the credentials being taken out.
    guard = await Guard.start({ workingDirectory: config.workingDirectory });
    redactor.add(...guard.secretValues);
    outcome = await runTask(
      config,
      trigger,
      redactor,
      startedAt,
      logBuffer,
      (started) => (session = started),
    );
  } catch (error) {
    outcome = failed(error);
  } finally {
    if (session) await closeSession(session);
    // Before the action writes its own outputs and summary, which the undo would otherwise take back.
    const undone = endGuard(guard, redactor);
    await report(
      outcome ?? failed(new Error('The run ended without a result')),
      config,
      redactor,
      startedAt,
      undone,
    );
  }
}
