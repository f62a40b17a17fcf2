/**
 * Runs the real loop with the real SDK against a scripted Messages API on loopback, and a real bash
 * session in a temporary directory. Only the model is scripted.
 */
import Anthropic from '@anthropic-ai/sdk';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBashExecutor, type ToolExecutor } from '../src/agent/bash-tool.js';
import type { Clock } from '../src/agent/clock.js';
import { RunLimits } from '../src/agent/limits.js';
import type { ModelChoice } from '../src/agent/fallback.js';
import { runAgent, type AgentResult } from '../src/agent/loop.js';
import { priceFor, type ModelPrice } from '../src/agent/pricing.js';
import type { OutputSchema } from '../src/agent/structured-output.js';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';
import { Redactor } from '../src/redact.js';
import { buildShellEnv } from '../src/shell/env.js';
import { formatCommandResult } from '../src/shell/format.js';
import { BashSession } from '../src/shell/session.js';
import type { TranscriptEvent } from '../src/transcript.js';
import {
  startMessagesServer,
  type MessagesServer,
  type Reply,
  type Script,
  type ServerOptions,
} from './messages-server.js';

/** The policy of loop tests: everything allowed but `rm`, through the real policy. */
export const TEST_ALLOW = ['*'];
export const TEST_DENY = ['rm *'];

export interface HarnessOptions {
  maxTurns?: number;
  timeLimitMs?: number;
  maxCostUsd?: number;
  commandTimeoutMs?: number;
  maxTokens?: number;
  maxOutput?: number;
  contextBudgetTokens?: number;
  windDownReserveMs?: number;
  price?: ModelPrice;
  /** The fallback model of the run; none by default. */
  fallback?: ModelChoice;
  policy?: CommandPolicy;
  secrets?: string[];
  maxRetries?: number;
  /** Replace the bash executor (for tests of the loop alone). */
  tools?: ToolExecutor;
  task?: string;
  system?: string;
  /** How the server answers the token-counting endpoint (see ServerOptions). */
  countTokens?: ServerOptions['countTokens'];
  /** Cancels the run, as the runner's signal does in the action. */
  signal?: AbortSignal;
  /** The schema the final answer must satisfy (`output-schema`). */
  outputSchema?: OutputSchema;
  /** The run's clock (its deadline, its durations); the real one by default. */
  clock?: Clock;
  /**
   * The loop's hook for its first request (main starts the shell and the policy there), told the
   * events recorded by then.
   */
  onFirstRequestSent?: (eventsSoFar: readonly TranscriptEvent[]) => void;
}

export interface HarnessRun {
  result: AgentResult;
  server: MessagesServer;
  events: TranscriptEvent[];
  /** Wall-clock milliseconds of the run, whatever its clock said. */
  elapsedMs: number;
  dir: string;
}

/** Runs one scripted agent run and cleans up the shell, the server and the directory. */
export async function runScripted(
  script: Script | Reply[],
  options: HarnessOptions = {},
): Promise<HarnessRun> {
  const server = await startMessagesServer(script, { countTokens: options.countTokens });
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'agent-test-')));
  const redactor = new Redactor(options.secrets ?? []);
  const maxOutput = options.maxOutput ?? 30_000;
  const commandTimeoutMs = options.commandTimeoutMs ?? 10_000;
  const session = options.tools
    ? undefined
    : BashSession.start({
        cwd: dir,
        env: buildShellEnv(process.env, []).env,
        maxOutput,
        defaultTimeoutMs: commandTimeoutMs,
        signal: options.signal,
      });
  let policy: CommandPolicy | Promise<CommandPolicy> | undefined;
  try {
    const tools =
      options.tools ??
      createBashExecutor({
        session: () => session as Promise<BashSession>,
        policy: () =>
          (policy ??=
            options.policy ??
            loadPolicy({ allow: TEST_ALLOW, deny: TEST_DENY, workingDirectory: dir })),
        format: (result, context) => formatCommandResult(result, { ...context, maxOutput }),
        redact: redactor.fn,
      });
    const client = new Anthropic({
      apiKey: 'sk-ant-test-key',
      baseURL: server.url,
      maxRetries: options.maxRetries ?? 2,
    });
    const events: TranscriptEvent[] = [];
    const started = Date.now();
    const result = await runAgent({
      messages: client.messages,
      model: 'claude-sonnet-5-5',
      maxTokens: options.maxTokens ?? 4096,
      system: options.system ?? 'You are a test agent.',
      task: options.task ?? 'Do the test task.',
      tools,
      limits: new RunLimits(
        {
          maxTurns: options.maxTurns ?? 10,
          timeLimitMs: options.timeLimitMs ?? 60_000,
          maxCostUsd: options.maxCostUsd ?? 0,
          commandTimeoutMs,
          windDownReserveMs: options.windDownReserveMs,
        },
        options.clock,
      ),
      price: options.price ?? priceFor('claude-sonnet-5-5').price,
      contextBudgetTokens: options.contextBudgetTokens,
      fallback: options.fallback,
      onEvent: (event) => events.push(event),
      onFirstRequestSent: () => options.onFirstRequestSent?.([...events]),
      signal: options.signal,
      outputSchema: options.outputSchema,
    });
    return { result, server, events, elapsedMs: Date.now() - started, dir };
  } finally {
    await (await session?.catch(() => undefined))?.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
