/**
 * The tool-use loop: send the conversation, run the tool calls of the response, send the results,
 * until the model is done, a limit stops the run, or an error ends it. Plain TypeScript: the Messages
 * API client and the tool executor are passed in, and everything worth telling goes out as events.
 */
import { APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  Message,
  MessageCreateParamsNonStreaming,
  TextBlockParam,
  ToolResultBlockParam,
  ToolUseBlock,
} from '@anthropic-ai/sdk/resources/messages';
import type { TokenUsage, ToolResultKind, TranscriptEvent } from '../transcript.js';
import { BASH_TOOL, type ToolExecutor, type ToolOutcome } from './bash-tool.js';
import { Conversation, EPHEMERAL, sizeOfPrefix } from './conversation.js';
import { ModelSelection, type ModelChoice } from './fallback.js';
import {
  LIMIT_DESCRIPTIONS,
  stopDetail,
  decidedForAnySmallerPrompt,
  type LimitName,
  type RunLimits,
} from './limits.js';
import { costOfUsage, formatUsd, readUsage, type ModelPrice } from './pricing.js';
import { windDownInstruction } from './prompt.js';
import {
  CHARS_PER_TOKEN,
  RequestSizer,
  type CountTokens,
  type PromptSize,
} from './request-size.js';
import {
  checkStructuredOutput,
  correctionRequest,
  WIND_DOWN_SCHEMA_ANSWER,
  type OutputSchema,
} from './structured-output.js';

/** How the run ended, as the `conclusion` output spells it. */
export type Conclusion = 'success' | LimitName | 'error' | 'cancelled';

/** The part of the SDK client the loop uses: `client.messages`. */
export interface MessagesApi {
  create(
    params: MessageCreateParamsNonStreaming,
    options?: { signal?: AbortSignal; timeout?: number },
  ): PromiseLike<Message>;
  /**
   * The token-counting endpoint, asked for the size of each request before it is sent while a
   * budget is set. Without it, or once it fails (a gateway may not serve it), sizes are estimated
   * from characters.
   */
  countTokens?: CountTokens;
}

export interface AgentOptions {
  messages: MessagesApi;
  /** What the errors of `messages` call the service (`Amazon Bedrock`); `Anthropic API` by default. */
  apiName?: string;
  model: string;
  maxTokens: number;
  /** The full system prompt (built-in + the workflow's), already redacted. */
  system: string;
  /** The task, already redacted. */
  task: string;
  tools: ToolExecutor;
  limits: RunLimits;
  price: ModelPrice;
  /** The model the run goes on with when `model` stays overloaded or unavailable; none by default. */
  fallback?: ModelChoice;
  /**
   * Prompt size (tokens) past which older tool outputs are condensed. 80k by default: well inside
   * every current context window next to max-tokens, under the 100k-token prompt above which Haiku
   * 5.5 bills 5x, and small enough that re-reading it from cache each turn stays cheap.
   */
  contextBudgetTokens?: number;
  onEvent?: (event: TranscriptEvent) => void;
  /**
   * Cancels the run (the runner's cancel): aborts the request in flight, runs no further command,
   * and the loop returns `cancelled`. The running command is the session's to end (it listens too).
   */
  signal?: AbortSignal;
  /** The schema the final answer must satisfy (`output-schema`); the system prompt already says so. */
  outputSchema?: OutputSchema;
}

export interface AgentResult {
  conclusion: Conclusion;
  /** The model's final text (the last text it wrote when the run stopped without a final message). */
  result: string;
  /** Whether `result` is a final message (end of turn), not text cut short by a stop. */
  finalMessage: boolean;
  /** What went wrong, for `error`; what stopped the run, for a limit. */
  detail?: string;
  turns: number;
  commands: number;
  denied: number;
  usage: TokenUsage;
  /** What the responses cost by their reported usage. */
  costUsd: number;
  /** What the requests sent could have cost at most, as estimated before sending each. */
  estimatedCostUsd: number;
  /** The final answer as parsed, when an output schema is set and the answer is valid against it. */
  structuredOutput?: unknown;
}

const DEFAULT_CONTEXT_BUDGET_TOKENS = 80_000;
/** Responses cut off at max_tokens in a row before the run gives up. */
const MAX_CONSECUTIVE_CUTOFFS = 3;
/** pause_turn responses in a row before the run gives up. */
const MAX_CONSECUTIVE_PAUSES = 3;
/** Longest a single API attempt may take; the run's deadline aborts earlier when it comes first. */
const MAX_ATTEMPT_TIMEOUT_MS = 60 * 60_000;
/** Final answers sent back for not matching the output schema before the run ends in `error`. */
export const MAX_SCHEMA_CORRECTIONS = 2;
function textOf(content: readonly ContentBlock[]): string {
  return content
    .filter((block): block is Extract<ContentBlock, { type: 'text' }> => block.type === 'text')
    .map((block) => block.text)
    .join('\n\n')
    .trim();
}

function describeError(error: unknown, apiName: string): string {
  if (error instanceof APIError) {
    const kind = error.type ? ` ${error.type}` : '';
    const message = error.apiMessage ?? error.message;
    return `${apiName} error${error.status ? ` ${error.status}` : ''}${kind}: ${message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function isLimit(conclusion: Conclusion): conclusion is LimitName {
  return Object.hasOwn(LIMIT_DESCRIPTIONS, conclusion);
}

/** Runs the agent to its end; never throws: an error becomes the `error` conclusion. */
export async function runAgent(options: AgentOptions): Promise<AgentResult> {
  const { limits } = options;
  const describe = (error: unknown): string =>
    describeError(error, options.apiName ?? 'Anthropic API');
  const models = new ModelSelection(
    { model: options.model, price: options.price },
    options.fallback,
  );
  const cancel = options.signal;
  /** What every request and token count waits under: the run's deadline and its cancellation. */
  const requestSignal = cancel ? AbortSignal.any([limits.signal, cancel]) : limits.signal;
  const budget = options.contextBudgetTokens ?? DEFAULT_CONTEXT_BUDGET_TOKENS;
  const conversation = new Conversation(options.task);
  const usage: TokenUsage = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  };
  const counts = { commands: 0, denied: 0 };
  let lastText = '';
  let estimatedCostUsd = 0;
  /** How long the last response took to come: the time the next one is expected to take. */
  let responseMs = 0;
  let cutoffs = 0;
  let pauses = 0;
  let corrections = 0;
  /** Whether the wind-down instruction is in the conversation (a resend to the fallback keeps it). */
  let windDownAsked = false;

  const emit = (event: TranscriptEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A failing listener (a log write) must not end the run; the events are for reporting only.
    }
  };
  const notice = (message: string, level: 'info' | 'warning' = 'info'): void =>
    emit({ type: 'notice', level, message });

  /** The loop's result; told as events too, so a report needs nothing but the transcript. */
  const finish = (
    conclusion: Conclusion,
    fields: {
      result?: string;
      finalMessage?: boolean;
      detail?: string;
      structuredOutput?: unknown;
    } = {},
  ): AgentResult => {
    const result: AgentResult = {
      conclusion,
      result: fields.result ?? lastText,
      finalMessage: fields.finalMessage ?? false,
      detail: fields.detail,
      turns: limits.turns,
      commands: counts.commands,
      denied: counts.denied,
      usage: { ...usage },
      costUsd: limits.costUsd,
      estimatedCostUsd,
      ...(fields.structuredOutput !== undefined
        ? { structuredOutput: fields.structuredOutput }
        : {}),
    };
    if (conclusion === 'error') {
      emit({ type: 'error', message: fields.detail ?? 'The run failed' });
    } else if (isLimit(conclusion)) {
      emit({
        type: 'limit',
        limit: conclusion,
        detail: fields.detail ?? stopDetail(conclusion),
      });
    }
    const { finalMessage: _finalMessage, ...told } = result;
    emit({ type: 'result', ...told, durationMs: Date.now() - limits.startedAt });
    return result;
  };

  const cancelled = (): AgentResult | undefined =>
    cancel?.aborted
      ? finish('cancelled', {
          detail: cancel.reason instanceof Error ? cancel.reason.message : 'The run was cancelled',
        })
      : undefined;

  const tools = [BASH_TOOL];
  const sizer = new RequestSizer({
    prefix: sizeOfPrefix(options.system, tools),
    countTokens: options.messages.countTokens?.bind(options.messages),
    // Counting costs a round trip per request: worth it only when a budget depends on it.
    useCounter: limits.maxCostUsd > 0,
    signal: requestSignal,
    timeLeftMs: () => limits.timeLeftMs(),
    onCounterFailed: (error) =>
      notice(
        `Token counting is not available (${describe(error)}); request sizes are estimated from their length for the rest of the run`,
      ),
    onBoundExceeded: (counted, bound) =>
      notice(
        `The API counted ${counted} tokens for a prompt bounded at ${bound} from its bytes; every request is counted for the rest of the run`,
        'warning',
      ),
  });

  const condenseIfOverBudget = (keepFraction: number, force = false): void => {
    if (!force && sizer.estimatedTokens(conversation) <= budget) return;
    const condensed = conversation.condense(Math.floor(budget * CHARS_PER_TOKEN * keepFraction));
    if (condensed.results > 0) {
      // The rewrite starts somewhere in the middle: count the whole prompt as written again.
      sizer.forgetPrefix();
      notice(
        `Condensed ${condensed.results} older command output${condensed.results === 1 ? '' : 's'} (${condensed.chars} characters) to keep the conversation under about ${budget} tokens`,
      );
    }
  };

  const runTools = async (
    toolUses: ToolUseBlock[],
    cutOff: ToolUseBlock | undefined,
    maxTokens: number,
  ) => {
    const results: ToolResultBlockParam[] = [];
    for (const call of toolUses) {
      emit({ type: 'tool_call', id: call.id, name: call.name, input: call.input });
      let outcome: ToolOutcome;
      if (cancel?.aborted) {
        outcome = { text: 'Not run: the run was cancelled.', isError: true, kind: 'not-run' };
      } else if (call === cutOff) {
        outcome = {
          text: `This tool call was cut off because your response reached max_tokens (${maxTokens}); its input may be incomplete, so it was not run. Send it again; split long commands or file contents over several calls.`,
          isError: true,
          kind: 'invalid',
        };
      } else {
        const timeLimit = limits.commandTimeLimit();
        if (!timeLimit && call.name === BASH_TOOL.name) {
          outcome = {
            text: 'Not run: the run is about to reach its time limit, so no more commands can start.',
            isError: true,
            kind: 'not-run',
          };
        } else {
          try {
            outcome = await options.tools.execute(
              { name: call.name, input: call.input },
              timeLimit ?? { timeoutMs: 0, cutByDeadline: true },
            );
          } catch (error) {
            // Every call gets its result event, so whatever the events opened (a log group) closes.
            emit({
              type: 'tool_result',
              id: call.id,
              kind: 'not-run',
              text: `Not run: ${describe(error)}`,
              isError: true,
            });
            throw error;
          }
        }
      }
      count(outcome.kind);
      // The cancel kills the running command with its shell: that end is the cancel's, not the
      // command's own, and the reports say so.
      const command =
        outcome.command?.shellExited && cancel?.aborted
          ? { ...outcome.command, cancelled: true }
          : outcome.command;
      emit({
        type: 'tool_result',
        id: call.id,
        kind: outcome.kind,
        text: outcome.text,
        isError: outcome.isError,
        ...(command ? { command } : {}),
        ...(outcome.output !== undefined ? { output: outcome.output } : {}),
      });
      results.push({
        type: 'tool_result',
        tool_use_id: call.id,
        content: outcome.text,
        ...(outcome.isError ? { is_error: true } : {}),
      });
    }
    return results;
  };

  const count = (kind: ToolResultKind): void => {
    if (kind === 'command') counts.commands += 1;
    else if (kind === 'denied') counts.denied += 1;
  };

  try {
    for (;;) {
      const stopped = cancelled();
      if (stopped) return stopped;
      condenseIfOverBudget(0.25);
      // One breakpoint at the end of the system prompt caches tools + system (the stable prefix).
      const system = [{ type: 'text' as const, text: options.system, cache_control: EPHEMERAL }];
      const draft = conversation.requestMessages();
      const decide = (size: PromptSize) =>
        limits.nextRequest(sizer.cost(models.current.price, size), options.maxTokens, responseMs);
      const prompt = await sizer.measure(
        { model: models.current.model, system, tools, messages: draft },
        conversation,
        (bound) => decidedForAnySmallerPrompt(decide(bound), options.maxTokens),
      );
      const stoppedWhileCounting = cancelled();
      if (stoppedWhileCounting) return stoppedWhileCounting;
      const decision = decide(prompt);
      if (!decision.allowed) {
        if (decision.firstRequestUsd !== undefined) {
          const size = `${prompt.tokens} tokens, ${prompt.measure}`;
          return finish('budget', {
            detail: `The task alone would cost up to ${formatUsd(decision.firstRequestUsd)} to work on (its prompt of ${size}, with room for one answer and a final message), more than max-cost-usd allows ($${limits.maxCostUsd}); no request was sent`,
          });
        }
        return finish(decision.limit, {
          detail: `Stopped at ${LIMIT_DESCRIPTIONS[decision.limit]} before the model wrote a final message`,
        });
      }
      const windDown = decision.lastBecause;
      if (windDown && !windDownAsked) {
        windDownAsked = true;
        conversation.appendUserText(
          windDownInstruction(windDown, options.outputSchema && WIND_DOWN_SCHEMA_ANSWER),
        );
        notice(`Winding down: this is the last request ${LIMIT_DESCRIPTIONS[windDown]} allows`);
      }

      const maxTokens = decision.maxTokens;
      const params: MessageCreateParamsNonStreaming = {
        model: models.current.model,
        max_tokens: maxTokens,
        system,
        tools,
        messages: windDown ? conversation.requestMessages() : draft,
        // Changing tool_choice invalidates the cached messages, but only for this last request.
        ...(windDown ? { tool_choice: { type: 'none' as const } } : {}),
      };
      conversation.markSent();
      sizer.sent(prompt);
      limits.recordRequest();
      estimatedCostUsd += decision.estimatedUsd;
      const turn = limits.turns;
      emit({
        type: 'request',
        turn,
        model: models.current.model,
        ...(windDown ? { windDown } : {}),
        maxTokens,
        promptTokens: prompt.tokens,
        promptMeasure: prompt.measure,
        estimatedUsd: decision.estimatedUsd,
      });

      let response: Message;
      const sentAt = Date.now();
      try {
        response = await options.messages.create(params, {
          signal: requestSignal,
          timeout: Math.max(1, Math.min(MAX_ATTEMPT_TIMEOUT_MS, Math.ceil(limits.timeLeftMs()))),
        });
      } catch (error) {
        const stoppedWhileWaiting = cancelled();
        if (stoppedWhileWaiting) return stoppedWhileWaiting;
        if (
          error instanceof APIUserAbortError ||
          limits.signal.aborted ||
          limits.timeLeftMs() <= 0
        ) {
          return finish('time-limit', {
            detail: `Stopped at ${LIMIT_DESCRIPTIONS['time-limit']} while waiting for the model; the request was aborted`,
          });
        }
        const givenUp = models.switchAfter(error);
        if (!givenUp) throw error;
        notice(
          `${describe(error)}; model ${givenUp.model} stays unavailable after retries, so the run goes on with the fallback model ${models.current.model} (priced as ${models.current.price.name}) from this request on`,
          'warning',
        );
        // The request is sent again as the next turn (max-turns counts requests sent), measured and
        // priced for the fallback, whose cache holds nothing of this run yet.
        sizer.forgetPrefix();
        continue;
      }

      responseMs = Date.now() - sentAt;
      const read = readUsage(response.usage);
      const responseUsage = read?.usage;
      const turnUsage: TokenUsage = {
        inputTokens: responseUsage?.input_tokens ?? 0,
        outputTokens: responseUsage?.output_tokens ?? 0,
        cacheReadTokens: responseUsage?.cache_read_input_tokens ?? 0,
        cacheWriteTokens: responseUsage?.cache_creation_input_tokens ?? 0,
      };
      // A response without usage (some gateways) is counted at its estimate, the most it could
      // cost: counted as nothing, it would let the budget be crossed unseen.
      const costUsd = responseUsage
        ? costOfUsage(models.current.price, responseUsage)
        : decision.estimatedUsd;
      if (!responseUsage) {
        notice(
          `Response ${turn} reported no token usage; it is counted at its estimate, ${formatUsd(costUsd)}`,
          'warning',
        );
      }
      if (read && read.missing.length > 0) {
        notice(
          `Response ${turn} reported no ${read.missing.join(' and no ')} in its usage; it is priced from the figures it has, ${formatUsd(costUsd)}`,
          'warning',
        );
      }
      limits.recordCost(costUsd);
      usage.inputTokens += turnUsage.inputTokens;
      usage.outputTokens += turnUsage.outputTokens;
      usage.cacheReadTokens += turnUsage.cacheReadTokens;
      usage.cacheWriteTokens += turnUsage.cacheWriteTokens;
      // Without its input figure the usage does not tell the prompt's size: the estimate stays.
      if (!read?.missing.includes('input_tokens')) sizer.answered(responseUsage);

      const content = Array.isArray(response.content) ? response.content : [];
      conversation.addAssistant(content);
      const text = textOf(content);
      if (text !== '') lastText = text;
      emit({
        type: 'response',
        turn,
        stopReason: response.stop_reason,
        text,
        usage: turnUsage,
        costUsd,
        durationMs: responseMs,
      });

      const toolUses = content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
      const stopReason = response.stop_reason;
      if (stopReason !== 'max_tokens' && stopReason !== 'model_context_window_exceeded')
        cutoffs = 0;
      if (stopReason !== 'pause_turn') pauses = 0;

      switch (stopReason) {
        case 'end_turn':
        case 'stop_sequence': {
          const result = text || lastText;
          const stoppedAt = windDown ? stopDetail(windDown) : undefined;
          if (options.outputSchema) {
            const check = checkStructuredOutput(options.outputSchema, result);
            if (!check.valid) {
              // The wind-down is the last request: no correction can follow it.
              if (windDown || corrections >= MAX_SCHEMA_CORRECTIONS) {
                const tries =
                  corrections === 0
                    ? ''
                    : ` after ${corrections} correction${corrections === 1 ? '' : 's'}`;
                return finish('error', {
                  result,
                  finalMessage: true,
                  detail: `The final message is not valid against output-schema${tries}${stoppedAt ? ` (${stoppedAt.toLowerCase()})` : ''}: ${check.errors}`,
                });
              }
              corrections += 1;
              notice(
                `The final message is not valid against output-schema; sending it back (correction ${corrections} of ${MAX_SCHEMA_CORRECTIONS}): ${check.errors}`,
                'warning',
              );
              conversation.appendUserText(correctionRequest(check.errors));
              continue;
            }
            return finish(windDown ?? 'success', {
              result,
              finalMessage: true,
              structuredOutput: check.value,
              ...(stoppedAt ? { detail: stoppedAt } : {}),
            });
          }
          return finish(windDown ?? 'success', {
            result,
            finalMessage: true,
            ...(stoppedAt ? { detail: stoppedAt } : {}),
          });
        }

        case 'tool_use': {
          if (windDown) {
            // tool_choice none forbids this; a gateway or model that ignores it still gets no
            // commands run: no request is left to send their results in.
            notice(
              'The last response asked for tools although none were allowed; they were not run',
              'warning',
            );
            return finish(windDown, { detail: stopDetail(windDown) });
          }
          if (toolUses.length === 0) {
            return finish('error', {
              detail: 'The model stopped for tool use but sent no tool call',
            });
          }
          conversation.addUser(await runTools(toolUses, undefined, maxTokens));
          continue;
        }

        case 'max_tokens':
        case 'model_context_window_exceeded': {
          const why =
            stopReason === 'max_tokens'
              ? `reached max_tokens (${maxTokens}${maxTokens < options.maxTokens ? `, cut from ${options.maxTokens} to stay inside max-cost-usd` : ''})`
              : "filled the model's context window";
          if (windDown) {
            return finish(windDown, {
              detail: `Stopped at ${LIMIT_DESCRIPTIONS[windDown]}; the final message ${why} and is cut off`,
            });
          }
          cutoffs += 1;
          if (cutoffs > MAX_CONSECUTIVE_CUTOFFS) {
            return finish('error', {
              detail: `${MAX_CONSECUTIVE_CUTOFFS + 1} responses in a row ${why}; raise max-tokens or ask for shorter steps`,
            });
          }
          notice(`The response ${why} and was cut off; asking the model to continue`, 'warning');
          // A tool call that is the last block was being written when the response was cut: its
          // input may be truncated (`rm -rf build/tmp` cut to `rm -rf build`), so it is not run.
          // Calls before it were complete and run as usual.
          const last = content.at(-1);
          const cutOff = last?.type === 'tool_use' ? (last as ToolUseBlock) : undefined;
          const blocks: Array<ToolResultBlockParam | TextBlockParam> = await runTools(
            toolUses,
            cutOff,
            maxTokens,
          );
          blocks.push({
            type: 'text',
            text: `Your previous response was cut off because it ${why}. Continue from where it stopped; keep each response shorter.`,
          });
          conversation.addUser(blocks);
          if (stopReason === 'model_context_window_exceeded') condenseIfOverBudget(0.1, true);
          continue;
        }

        case 'refusal': {
          const details = response.stop_details;
          const explanation = details?.explanation ?? '';
          const category = details?.category ? ` (${details.category})` : '';
          const refusal = [text, explanation].filter((part) => part !== '').join('\n\n');
          return finish('error', {
            result: refusal,
            detail: `The model refused to continue${category}${explanation ? `: ${explanation}` : ''}`,
          });
        }

        case 'pause_turn': {
          // The API paused a long turn; sending the conversation back as it is lets it resume.
          if (windDown) {
            return finish(windDown, { detail: stopDetail(windDown) });
          }
          pauses += 1;
          if (pauses > MAX_CONSECUTIVE_PAUSES) {
            return finish('error', {
              detail: `The model paused its turn ${pauses} times in a row`,
            });
          }
          notice('The model paused its turn; resuming it');
          if (toolUses.length > 0) {
            conversation.addUser(await runTools(toolUses, undefined, maxTokens));
          }
          continue;
        }

        default:
          return finish('error', {
            detail: `The model stopped for an unexpected reason: ${JSON.stringify(stopReason)}`,
          });
      }
    }
  } catch (error) {
    // A cancelled command's session is gone, and the next call fails for that reason, not its own.
    return cancelled() ?? finish('error', { detail: describe(error) });
  } finally {
    sizer.dispose();
    limits.dispose();
  }
}
