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
  StopReason,
  TextBlockParam,
  ToolResultBlockParam,
  ToolUseBlock,
} from '@anthropic-ai/sdk/resources/messages';
import {
  LIMIT_DESCRIPTIONS,
  type TokenUsage,
  type ToolResultKind,
  type TranscriptEvent,
} from '../transcript.js';
import type { Clock } from './clock.js';
import { BASH_TOOL, type ToolExecutor, type ToolOutcome } from './bash-tool.js';
import { MessageHistory, EPHEMERAL, sizeOfPrefix } from './conversation.js';
import { ModelSelection, type ModelChoice } from './fallback.js';
import {
  stopDetail,
  decidedForAnySmallerPrompt,
  type LimitName,
  type RequestDecision,
  type RunLimits,
} from './limits.js';
import { formatUsd } from '../base/money.js';
import { costOfUsage, readUsage, type ModelPrice, type UsageLike } from './pricing.js';
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
import { messageOf } from '../base/errors.js';

/** How the loop ended: the run's conclusion (transcript.ts) but `skipped`, which only the trigger decides. */
export type AgentConclusion = 'success' | LimitName | 'error' | 'cancelled';

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
  /** What an error for refused credentials (HTTP 401, 403) tells to check: the credential's input. */
  credentialFix?: string;
  model: string;
  maxTokens: number;
  /** The full system prompt (built-in + the workflow's), already redacted. */
  system: string;
  /** The task, already redacted. */
  task: string;
  tools: ToolExecutor;
  /** The run's limits. Their clock is the run's: its durations are measured on it too. */
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
   * Called once, when the run's first request is on its way: what that request does not need (the
   * shell, the policy: the Workbench) can start now and overlap it. What it returns is awaited
   * before the first answer is acted on (the Workbench's guard, which works while the request is
   * out); a rejection ends the run as an error.
   */
  onFirstRequestSent?: () => void | Promise<unknown>;
  /**
   * Cancels the run (the runner's cancel): aborts the request in flight, runs no further command,
   * and the loop returns `cancelled`. The running command is the session's to end (it listens too).
   */
  signal?: AbortSignal;
  /** The schema the final answer must satisfy (`output-schema`); the system prompt already says so. */
  outputSchema?: OutputSchema;
}

export interface AgentResult {
  conclusion: AgentConclusion;
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
/** The tools of every request: the bash tool alone. */
const TOOLS = [BASH_TOOL];

function textOf(content: readonly ContentBlock[]): string {
  return content
    .filter((block): block is Extract<ContentBlock, { type: 'text' }> => block.type === 'text')
    .map((block) => block.text)
    .join('\n\n')
    .trim();
}

/** A response's usage in the transcript's terms; nothing without usage. */
function tokenUsageOf(usage: UsageLike | undefined): TokenUsage {
  return {
    inputTokens: usage?.input_tokens ?? 0,
    outputTokens: usage?.output_tokens ?? 0,
    cacheReadTokens: usage?.cache_read_input_tokens ?? 0,
    cacheWriteTokens: usage?.cache_creation_input_tokens ?? 0,
  };
}

/** What to check for each kind of refusal a workflow can fix. */
interface FixContext {
  credentialFix: string | undefined;
  /** The model the failed request asked for, and the input that named it. */
  model: string;
  modelInput: 'model' | 'fallback-model';
}

/**
 * An error as the step's failure says it: the service's own words, then, for a refusal a workflow
 * can fix, the input to change. A 404 from the Messages API means the model (its path is fixed).
 */
function describeError(error: unknown, apiName: string, fix?: FixContext): string {
  if (error instanceof APIError) {
    const kind = error.type ? ` ${error.type}` : '';
    const message = error.apiMessage ?? error.message;
    const said = `${apiName} error${error.status ? ` ${error.status}` : ''}${kind}: ${message}`;
    if ((error.status === 401 || error.status === 403) && fix?.credentialFix) {
      return `${said}. The credentials were refused: ${fix.credentialFix}`;
    }
    if (error.status === 404 && fix) {
      return `${said}. The model '${fix.model}' was not found: set the '${fix.modelInput}' input to a model id ${apiName} serves (or, with 'anthropic-base-url' set, check that it points at the API's root)`;
    }
    return said;
  }
  return messageOf(error);
}

function isLimit(conclusion: AgentConclusion): conclusion is LimitName {
  return Object.hasOwn(LIMIT_DESCRIPTIONS, conclusion);
}

/** Runs the agent to its end; never throws: an error becomes the `error` conclusion. */
export function runAgent(options: AgentOptions): Promise<AgentResult> {
  return new AgentRun(options).run();
}

/** The run's end, as a step hands it back: the result, already told as events. */
class RunEnd {
  constructor(readonly result: AgentResult) {}
}

/** A request ready to go, as the limits allowed it. */
interface PlannedRequest {
  params: MessageCreateParamsNonStreaming;
  prompt: PromptSize;
  /** The limit that makes this the last request, when it is the wind-down. */
  windDown: LimitName | undefined;
  /** max_tokens of the request: the configured one, or less to stay inside the budget. */
  maxTokens: number;
  /** The most the request can cost. */
  estimatedUsd: number;
}

/** A response as it came back for request number `turn`. */
interface Sent {
  response: Message;
  turn: number;
}

/** A response once accounted for: what the stop reason's handler works from. */
interface Answer {
  request: PlannedRequest;
  response: Message;
  content: ContentBlock[];
  /** The response's text, its text blocks joined. */
  text: string;
  toolUses: ToolUseBlock[];
}

/** What a stop reason leads to: the run's end, or undefined to go on with the next request. */
type StopHandler = (answer: Answer) => RunEnd | undefined | Promise<RunEnd | undefined>;

/**
 * What the run carries from one request to the next. Turns, spend and the deadline are the limits'
 * (RunLimits), the model the selection's, the prompt's measure the sizer's: each kept in one place.
 */
interface RunState {
  conversation: MessageHistory;
  usage: TokenUsage;
  commands: number;
  denied: number;
  /** The last text the model wrote: the result when the run stops without a final message. */
  lastText: string;
  /** What the requests sent could have cost at most. */
  estimatedCostUsd: number;
  /** How long the last response took to come: the time the next one is expected to take. */
  responseMs: number;
  /** Responses in a row cut off at max_tokens or at the context window. */
  cutoffs: number;
  /** pause_turn responses in a row. */
  pauses: number;
  /** Final answers sent back for not matching the output schema. */
  corrections: number;
  /** Whether the wind-down instruction is in the conversation (a resend to the fallback keeps it). */
  windDownAsked: boolean;
}

/**
 * One run of the loop. Each turn plans a request (or ends the run when the limits let none go),
 * sends it, accounts for the response, and hands it to the handler of its stop reason, which runs
 * the tools, asks for a correction or a continuation, or ends the run.
 */
class AgentRun {
  readonly #options: AgentOptions;
  readonly #limits: RunLimits;
  readonly #clock: Clock;
  readonly #models: ModelSelection;
  readonly #sizer: RequestSizer;
  /** What every request and token count waits under: the run's deadline and its cancellation. */
  readonly #requestSignal: AbortSignal;
  /** Prompt size (tokens) past which older tool outputs are condensed. */
  readonly #budgetTokens: number;
  readonly #state: RunState;
  /** Whether onFirstRequestSent was called: the hook is told once, not again on a resend. */
  #firstRequestSent = false;
  /** What onFirstRequestSent returned, until the first answer has waited for it. */
  #overlapped: Promise<unknown> | undefined;
  /** What each stop reason leads to; the run ends in error on any other. */
  readonly #onStop: Readonly<Record<StopReason, StopHandler>> = {
    end_turn: (answer) => this.#onFinalMessage(answer),
    stop_sequence: (answer) => this.#onFinalMessage(answer),
    tool_use: (answer) => this.#onToolUse(answer),
    max_tokens: (answer) => this.#onCutOff(answer),
    model_context_window_exceeded: (answer) => this.#onCutOff(answer),
    refusal: (answer) => this.#onRefusal(answer),
    pause_turn: (answer) => this.#onPause(answer),
  };

  constructor(options: AgentOptions) {
    const { limits } = options;
    this.#options = options;
    this.#limits = limits;
    this.#clock = limits.clock;
    this.#models = new ModelSelection(
      { model: options.model, price: options.price },
      options.fallback,
    );
    this.#requestSignal = options.signal
      ? AbortSignal.any([limits.signal, options.signal])
      : limits.signal;
    this.#budgetTokens = options.contextBudgetTokens ?? DEFAULT_CONTEXT_BUDGET_TOKENS;
    this.#state = {
      conversation: new MessageHistory(options.task),
      usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      commands: 0,
      denied: 0,
      lastText: '',
      estimatedCostUsd: 0,
      responseMs: 0,
      cutoffs: 0,
      pauses: 0,
      corrections: 0,
      windDownAsked: false,
    };
    this.#sizer = new RequestSizer({
      prefix: sizeOfPrefix(options.system, TOOLS),
      countTokens: options.messages.countTokens?.bind(options.messages),
      // Counting costs a round trip per request: worth it only when a budget depends on it.
      useCounter: limits.maxCostUsd > 0,
      signal: this.#requestSignal,
      timeLeftMs: () => limits.timeLeftMs(),
      onCounterFailed: (error) =>
        this.#notice(
          `Token counting is not available (${this.#describe(error)}); request sizes are estimated from their length for the rest of the run`,
        ),
      onBoundExceeded: (counted, bound) =>
        this.#notice(
          `The API counted ${counted} tokens for a prompt bounded at ${bound} from its bytes; every request is counted for the rest of the run`,
          'warning',
        ),
      clock: () => this.#clock.now(),
    });
  }

  /** Runs to the end, once; never throws: an error becomes the `error` conclusion. */
  async run(): Promise<AgentResult> {
    try {
      for (;;) {
        const end = await this.#turn();
        if (end) return end.result;
      }
    } catch (error) {
      // A cancelled command's session is gone, and the next call fails for that reason, not its own.
      return (this.#cancelled() ?? this.#finish('error', { detail: this.#explain(error) })).result;
    } finally {
      this.#sizer.dispose();
      this.#limits.dispose();
    }
  }

  /** One request and what its response leads to: the run's end, or undefined to go on. */
  async #turn(): Promise<RunEnd | undefined> {
    const request = await this.#planRequest();
    if (request instanceof RunEnd) return request;
    const sent = await this.#send(request);
    if (sent === undefined || sent instanceof RunEnd) return sent;
    const answer = this.#account(request, sent);
    const overlapped = this.#overlapped;
    this.#overlapped = undefined;
    await overlapped;
    const reason = answer.response.stop_reason;
    if (reason !== null && Object.hasOwn(this.#onStop, reason)) return this.#onStop[reason](answer);
    return this.#finish('error', {
      detail: `The model stopped for an unexpected reason: ${JSON.stringify(reason)}`,
    });
  }

  /**
   * The next request: measured, priced, and made the wind-down when it is the last one a limit
   * allows; or the run's end when it is cancelled or no request may go.
   */
  async #planRequest(): Promise<PlannedRequest | RunEnd> {
    const { conversation } = this.#state;
    const { maxTokens: configuredMaxTokens } = this.#options;
    const stopped = this.#cancelled();
    if (stopped) return stopped;
    this.#condenseIfOverBudget(0.25);
    // One breakpoint at the end of the system prompt caches tools + system (the stable prefix).
    const system = [
      { type: 'text' as const, text: this.#options.system, cache_control: EPHEMERAL },
    ];
    const draft = conversation.requestMessages();
    const { model, price } = this.#models.current;
    const decide = (size: PromptSize): RequestDecision =>
      this.#limits.nextRequest(
        this.#sizer.cost(price, size),
        configuredMaxTokens,
        this.#state.responseMs,
      );
    const prompt = await this.#sizer.measure(
      { model, system, tools: TOOLS, messages: draft },
      conversation,
      (bound) => decidedForAnySmallerPrompt(decide(bound), configuredMaxTokens),
    );
    const stoppedWhileCounting = this.#cancelled();
    if (stoppedWhileCounting) return stoppedWhileCounting;
    const decision = decide(prompt);
    if (!decision.allowed) return this.#refused(decision, prompt);
    const windDown = decision.lastBecause;
    if (windDown && !this.#state.windDownAsked) {
      this.#state.windDownAsked = true;
      conversation.appendUserText(
        windDownInstruction(windDown, this.#options.outputSchema && WIND_DOWN_SCHEMA_ANSWER),
      );
      this.#notice(`Winding down: this is the last request ${LIMIT_DESCRIPTIONS[windDown]} allows`);
    }
    return {
      params: {
        model,
        max_tokens: decision.maxTokens,
        system,
        tools: TOOLS,
        messages: windDown ? conversation.requestMessages() : draft,
        // Changing tool_choice invalidates the cached messages, but only for this last request.
        ...(windDown ? { tool_choice: { type: 'none' as const } } : {}),
      },
      prompt,
      windDown,
      maxTokens: decision.maxTokens,
      estimatedUsd: decision.estimatedUsd,
    };
  }

  /** The run's end when the limits let no request go. */
  #refused(decision: RequestDecision & { allowed: false }, prompt: PromptSize): RunEnd {
    if (decision.firstRequestUsd !== undefined) {
      const size = `${prompt.tokens} tokens, ${prompt.measure}`;
      return this.#finish('budget', {
        detail: `The task alone would cost up to ${formatUsd(decision.firstRequestUsd)} to work on (its prompt of ${size}, with room for one answer and a final message), more than max-cost-usd allows ($${this.#limits.maxCostUsd}); no request was sent`,
      });
    }
    return this.#finish(decision.limit, {
      detail: `Stopped at ${LIMIT_DESCRIPTIONS[decision.limit]} before the model wrote a final message`,
    });
  }

  /**
   * Sends the request, counted as a turn as it goes. The response; or the run's end, when it was
   * cancelled or ran out of time while waiting; or undefined when the model stays unavailable and
   * the fallback takes over from the next turn.
   */
  async #send(request: PlannedRequest): Promise<Sent | RunEnd | undefined> {
    const { windDown, prompt } = request;
    this.#state.conversation.markSent();
    this.#sizer.sent(prompt);
    this.#limits.recordRequest();
    this.#state.estimatedCostUsd += request.estimatedUsd;
    const turn = this.#limits.turns;
    this.#emit({
      type: 'request',
      turn,
      model: request.params.model,
      ...(windDown ? { windDown } : {}),
      maxTokens: request.maxTokens,
      promptTokens: prompt.tokens,
      promptMeasure: prompt.measure,
      estimatedUsd: request.estimatedUsd,
    });
    const sentAt = this.#clock.now();
    try {
      const answer = this.#options.messages.create(request.params, {
        signal: this.#requestSignal,
        timeout: Math.max(
          1,
          Math.min(MAX_ATTEMPT_TIMEOUT_MS, Math.ceil(this.#limits.timeLeftMs())),
        ),
      });
      if (!this.#firstRequestSent) {
        this.#firstRequestSent = true;
        // A hook typed to return nothing may still return a value: only a promise is waited for.
        this.#overlapped = Promise.resolve(this.#options.onFirstRequestSent?.());
        // Awaited once the answer is in; until then its failure must not count as unhandled.
        this.#overlapped.catch(() => undefined);
      }
      const response = await answer;
      this.#state.responseMs = this.#clock.now() - sentAt;
      return { response, turn };
    } catch (error) {
      return this.#requestFailed(error);
    }
  }

  /** After a request failed: the run's end, undefined when the fallback goes on, or the error. */
  #requestFailed(error: unknown): RunEnd | undefined {
    const stoppedWhileWaiting = this.#cancelled();
    if (stoppedWhileWaiting) return stoppedWhileWaiting;
    if (
      error instanceof APIUserAbortError ||
      this.#limits.signal.aborted ||
      this.#limits.timeLeftMs() <= 0
    ) {
      return this.#finish('time-limit', {
        detail: `Stopped at ${LIMIT_DESCRIPTIONS['time-limit']} while waiting for the model; the request was aborted`,
      });
    }
    const givenUp = this.#models.switchAfter(error);
    if (!givenUp) throw error;
    const { model, price } = this.#models.current;
    this.#notice(
      `${this.#describe(error)}; model ${givenUp.model} stays unavailable after retries, so the run goes on with the fallback model ${model} (priced as ${price.name}) from this request on`,
      'warning',
    );
    // The request is sent again as the next turn (max-turns counts requests sent), measured and
    // priced for the fallback, whose cache holds nothing of this run yet.
    this.#sizer.forgetPrefix();
    return undefined;
  }

  /** Takes the response into the run: its usage and cost, its content, its event, the streaks. */
  #account(request: PlannedRequest, { response, turn }: Sent): Answer {
    const state = this.#state;
    const { usage, costUsd } = this.#priceResponse(response, turn, request.estimatedUsd);
    const content = Array.isArray(response.content) ? response.content : [];
    state.conversation.addAssistant(content);
    const text = textOf(content);
    if (text !== '') state.lastText = text;
    const stopReason = response.stop_reason;
    this.#emit({
      type: 'response',
      turn,
      stopReason,
      text,
      usage,
      costUsd,
      durationMs: state.responseMs,
    });
    if (stopReason !== 'max_tokens' && stopReason !== 'model_context_window_exceeded') {
      state.cutoffs = 0;
    }
    if (stopReason !== 'pause_turn') state.pauses = 0;
    const toolUses = content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
    return { request, response, content, text, toolUses };
  }

  /** The response's usage and cost, added to the run's and to the limits' spend. */
  #priceResponse(
    response: Message,
    turn: number,
    estimatedUsd: number,
  ): { usage: TokenUsage; costUsd: number } {
    const price = this.#models.current.price;
    const read = readUsage(response.usage);
    const responseUsage = read?.usage;
    const usage = tokenUsageOf(responseUsage);
    // A response without usage (some gateways) is counted at its estimate, the most it could
    // cost: counted as nothing, it would let the budget be crossed unseen.
    const costUsd = responseUsage ? costOfUsage(price, responseUsage) : estimatedUsd;
    if (!responseUsage) {
      this.#notice(
        `Response ${turn} reported no token usage; it is counted at its estimate, ${formatUsd(costUsd)}`,
        'warning',
      );
    }
    if (read && read.missing.length > 0) {
      this.#notice(
        `Response ${turn} reported no ${read.missing.join(' and no ')} in its usage; it is priced from the figures it has, ${formatUsd(costUsd)}`,
        'warning',
      );
    }
    this.#limits.recordCost(costUsd);
    const total = this.#state.usage;
    for (const key of Object.keys(total) as Array<keyof TokenUsage>) total[key] += usage[key];
    // Without its input figure the usage does not tell the prompt's size: the estimate stays.
    if (!read?.missing.includes('input_tokens')) this.#sizer.answered(responseUsage);
    return { usage, costUsd };
  }

  /** end_turn, stop_sequence: the final message, held to the output schema when one is set. */
  #onFinalMessage({ request, text }: Answer): RunEnd | undefined {
    const { windDown } = request;
    const result = text || this.#state.lastText;
    const stoppedAt = windDown ? stopDetail(windDown) : undefined;
    const final = { result, finalMessage: true, ...(stoppedAt ? { detail: stoppedAt } : {}) };
    const schema = this.#options.outputSchema;
    if (!schema) return this.#finish(windDown ?? 'success', final);
    const check = checkStructuredOutput(schema, result);
    if (check.valid) {
      return this.#finish(windDown ?? 'success', { ...final, structuredOutput: check.value });
    }
    // The wind-down is the last request: no correction can follow it.
    if (windDown || this.#state.corrections >= MAX_SCHEMA_CORRECTIONS) {
      const { corrections } = this.#state;
      const tries =
        corrections === 0 ? '' : ` after ${corrections} correction${corrections === 1 ? '' : 's'}`;
      return this.#finish('error', {
        result,
        finalMessage: true,
        detail: `The final message is not valid against output-schema${tries}${stoppedAt ? ` (${stoppedAt.toLowerCase()})` : ''}: ${check.errors}`,
      });
    }
    this.#state.corrections += 1;
    this.#notice(
      `The final message is not valid against output-schema; sending it back (correction ${this.#state.corrections} of ${MAX_SCHEMA_CORRECTIONS}): ${check.errors}`,
      'warning',
    );
    this.#state.conversation.appendUserText(correctionRequest(check.errors));
    return undefined;
  }

  /** tool_use: the calls run, and their results go back in the next request. */
  async #onToolUse({ request, toolUses }: Answer): Promise<RunEnd | undefined> {
    const { windDown } = request;
    if (windDown) {
      // tool_choice none forbids this; a gateway or model that ignores it still gets no
      // commands run: no request is left to send their results in.
      this.#notice(
        'The last response asked for tools although none were allowed; they were not run',
        'warning',
      );
      return this.#finish(windDown, { detail: stopDetail(windDown) });
    }
    if (toolUses.length === 0) {
      return this.#finish('error', {
        detail: 'The model stopped for tool use but sent no tool call',
      });
    }
    this.#state.conversation.addUser(await this.#runTools(toolUses, undefined, request.maxTokens));
    return undefined;
  }

  /** max_tokens, model_context_window_exceeded: the complete calls run, and the model continues. */
  async #onCutOff({ request, response, content, toolUses }: Answer): Promise<RunEnd | undefined> {
    const { windDown, maxTokens } = request;
    const configured = this.#options.maxTokens;
    const stopReason = response.stop_reason;
    const why =
      stopReason === 'max_tokens'
        ? `reached max_tokens (${maxTokens}${maxTokens < configured ? `, cut from ${configured} to stay inside max-cost-usd` : ''})`
        : "filled the model's context window";
    if (windDown) {
      return this.#finish(windDown, {
        detail: `Stopped at ${LIMIT_DESCRIPTIONS[windDown]}; the final message ${why} and is cut off`,
      });
    }
    this.#state.cutoffs += 1;
    if (this.#state.cutoffs > MAX_CONSECUTIVE_CUTOFFS) {
      return this.#finish('error', {
        detail: `${MAX_CONSECUTIVE_CUTOFFS + 1} responses in a row ${why}; raise max-tokens or ask for shorter steps`,
      });
    }
    this.#notice(`The response ${why} and was cut off; asking the model to continue`, 'warning');
    // A tool call that is the last block was being written when the response was cut: its
    // input may be truncated (`rm -rf build/tmp` cut to `rm -rf build`), so it is not run.
    // Calls before it were complete and run as usual.
    const last = content.at(-1);
    const cutOff = last?.type === 'tool_use' ? (last as ToolUseBlock) : undefined;
    const blocks: Array<ToolResultBlockParam | TextBlockParam> = await this.#runTools(
      toolUses,
      cutOff,
      maxTokens,
    );
    blocks.push({
      type: 'text',
      text: `Your previous response was cut off because it ${why}. Continue from where it stopped; keep each response shorter.`,
    });
    this.#state.conversation.addUser(blocks);
    if (stopReason === 'model_context_window_exceeded') this.#condenseIfOverBudget(0.1, true);
    return undefined;
  }

  /** refusal: the run ends in error, with what the model said and why it stopped. */
  #onRefusal({ response, text }: Answer): RunEnd {
    const details = response.stop_details;
    const explanation = details?.explanation ?? '';
    const category = details?.category ? ` (${details.category})` : '';
    const refusal = [text, explanation].filter((part) => part !== '').join('\n\n');
    return this.#finish('error', {
      result: refusal,
      detail: `The model refused to continue${category}${explanation ? `: ${explanation}` : ''}`,
    });
  }

  /** pause_turn: the API paused a long turn; sending the conversation back as it is resumes it. */
  async #onPause({ request, toolUses }: Answer): Promise<RunEnd | undefined> {
    const { windDown } = request;
    if (windDown) {
      return this.#finish(windDown, { detail: stopDetail(windDown) });
    }
    this.#state.pauses += 1;
    if (this.#state.pauses > MAX_CONSECUTIVE_PAUSES) {
      return this.#finish('error', {
        detail: `The model paused its turn ${this.#state.pauses} times in a row`,
      });
    }
    this.#notice('The model paused its turn; resuming it');
    if (toolUses.length > 0) {
      this.#state.conversation.addUser(
        await this.#runTools(toolUses, undefined, request.maxTokens),
      );
    }
    return undefined;
  }

  /** Runs the calls in order, each told as events; their results, one per call. */
  async #runTools(
    toolUses: ToolUseBlock[],
    cutOff: ToolUseBlock | undefined,
    maxTokens: number,
  ): Promise<ToolResultBlockParam[]> {
    const results: ToolResultBlockParam[] = [];
    for (const call of toolUses) {
      this.#emit({ type: 'tool_call', id: call.id, name: call.name, input: call.input });
      const outcome = await this.#runTool(call, call === cutOff, maxTokens);
      this.#count(outcome.kind);
      // The cancel kills the running command with its shell: that end is the cancel's, not the
      // command's own, and the reports say so.
      const command =
        outcome.command?.shellExited && this.#options.signal?.aborted
          ? { ...outcome.command, cancelled: true }
          : outcome.command;
      this.#emit({
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
  }

  /** One call's outcome: run, or answered without running when it must not run. */
  async #runTool(call: ToolUseBlock, cutOff: boolean, maxTokens: number): Promise<ToolOutcome> {
    if (this.#options.signal?.aborted) {
      return { text: 'Not run: the run was cancelled.', isError: true, kind: 'not-run' };
    }
    if (cutOff) {
      return {
        text: `This tool call was cut off because your response reached max_tokens (${maxTokens}); its input may be incomplete, so it was not run. Send it again; split long commands or file contents over several calls.`,
        isError: true,
        kind: 'invalid',
      };
    }
    const timeLimit = this.#limits.commandTimeLimit();
    if (!timeLimit && call.name === BASH_TOOL.name) {
      return {
        text: 'Not run: the run is about to reach its time limit, so no more commands can start.',
        isError: true,
        kind: 'not-run',
      };
    }
    try {
      return await this.#options.tools.execute(
        { name: call.name, input: call.input },
        timeLimit ?? { timeoutMs: 0, cutByDeadline: true },
      );
    } catch (error) {
      // Every call gets its result event, so whatever the events opened (a log group) closes.
      this.#emit({
        type: 'tool_result',
        id: call.id,
        kind: 'not-run',
        text: `Not run: ${this.#describe(error)}`,
        isError: true,
      });
      throw error;
    }
  }

  #count(kind: ToolResultKind): void {
    if (kind === 'command') this.#state.commands += 1;
    else if (kind === 'denied') this.#state.denied += 1;
  }

  #condenseIfOverBudget(keepFraction: number, force = false): void {
    const { conversation } = this.#state;
    const budget = this.#budgetTokens;
    if (!force && this.#sizer.estimatedTokens(conversation) <= budget) return;
    const condensed = conversation.condense(Math.floor(budget * CHARS_PER_TOKEN * keepFraction));
    if (condensed.results > 0) {
      // The rewrite starts somewhere in the middle: count the whole prompt as written again.
      this.#sizer.forgetPrefix();
      this.#notice(
        `Condensed ${condensed.results} older command output${condensed.results === 1 ? '' : 's'} (${condensed.chars} characters) to keep the conversation under about ${budget} tokens`,
      );
    }
  }

  /** The run's end as `cancelled` once the signal is aborted. */
  #cancelled(): RunEnd | undefined {
    const cancel = this.#options.signal;
    if (!cancel?.aborted) return undefined;
    return this.#finish('cancelled', {
      // abort() with no reason leaves an AbortError whose message says nothing of who cancelled.
      detail: cancel.reason === undefined ? 'The run was cancelled' : messageOf(cancel.reason),
    });
  }

  /** The run's result; told as events too, so a report needs nothing but the transcript. */
  #finish(
    conclusion: AgentConclusion,
    fields: {
      result?: string;
      finalMessage?: boolean;
      detail?: string;
      structuredOutput?: unknown;
    } = {},
  ): RunEnd {
    const limits = this.#limits;
    const state = this.#state;
    const result: AgentResult = {
      conclusion,
      result: fields.result ?? state.lastText,
      finalMessage: fields.finalMessage ?? false,
      detail: fields.detail,
      turns: limits.turns,
      commands: state.commands,
      denied: state.denied,
      usage: { ...state.usage },
      costUsd: limits.costUsd,
      estimatedCostUsd: state.estimatedCostUsd,
      ...(fields.structuredOutput !== undefined
        ? { structuredOutput: fields.structuredOutput }
        : {}),
    };
    if (conclusion === 'error') {
      this.#emit({ type: 'error', message: fields.detail ?? 'The run failed' });
    } else if (isLimit(conclusion)) {
      this.#emit({
        type: 'limit',
        limit: conclusion,
        detail: fields.detail ?? stopDetail(conclusion),
      });
    }
    const { finalMessage: _finalMessage, ...told } = result;
    this.#emit({ type: 'result', ...told, durationMs: this.#clock.now() - limits.startedAt });
    return new RunEnd(result);
  }

  #emit(event: TranscriptEvent): void {
    try {
      this.#options.onEvent?.(event);
    } catch {
      // A failing listener (a log write) must not end the run; the events are for reporting only.
    }
  }

  #notice(message: string, level: 'info' | 'warning' = 'info'): void {
    this.#emit({ type: 'notice', level, message });
  }

  #describe(error: unknown): string {
    return describeError(error, this.#options.apiName ?? 'Anthropic API');
  }

  /** The error that ends the run, with the input that fixes it. */
  #explain(error: unknown): string {
    const { model } = this.#models.current;
    return describeError(error, this.#options.apiName ?? 'Anthropic API', {
      credentialFix: this.#options.credentialFix,
      model,
      modelInput: model === this.#options.model ? 'model' : 'fallback-model',
    });
  }
}
