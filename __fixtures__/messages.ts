/**
 * Builders for Messages API responses and errors as the real API sends them (plain JSON), and
 * helpers to read what the loop sent.
 */

export interface UsageJson {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

export interface BlockJson {
  type: string;
  [key: string]: unknown;
}

export interface MessageJson {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: BlockJson[];
  stop_reason: string | null;
  stop_sequence: null;
  stop_details: unknown;
  usage: UsageJson;
}

let sequence = 0;

export const DEFAULT_USAGE: UsageJson = {
  input_tokens: 100,
  output_tokens: 50,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

export function message(
  content: BlockJson[],
  stopReason: string | null,
  extra: { usage?: Partial<UsageJson>; stopDetails?: unknown; model?: string } = {},
): MessageJson {
  sequence += 1;
  return {
    id: `msg_test_${sequence}`,
    type: 'message',
    role: 'assistant',
    model: extra.model ?? 'claude-sonnet-5-5',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: extra.stopDetails ?? null,
    usage: { ...DEFAULT_USAGE, ...extra.usage },
  };
}

export function text(value: string): BlockJson {
  return { type: 'text', text: value, citations: null };
}

export function toolUse(input: unknown, name = 'bash', id?: string): BlockJson {
  sequence += 1;
  return {
    type: 'tool_use',
    id: id ?? `toolu_test_${sequence}`,
    name,
    input,
    caller: { type: 'direct' },
  };
}

/** A response that runs each command with the bash tool, in order. */
export function commands(...list: string[]): MessageJson {
  return message(
    list.map((command) => toolUse({ command })),
    'tool_use',
  );
}

/** A final answer. */
export function final(value: string, usage?: Partial<UsageJson>): MessageJson {
  return message([text(value)], 'end_turn', { usage });
}

export interface ErrorReply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** An API error as the API shapes it. */
export function apiError(
  status: number,
  type: string,
  detail: string,
  headers: Record<string, string> = {},
): ErrorReply {
  return { status, headers, body: { type: 'error', error: { type, message: detail } } };
}

// ---- reading requests -------------------------------------------------------------------------

export interface RequestBody {
  model: string;
  max_tokens: number;
  system?: Array<{ type: string; text: string; cache_control?: unknown }>;
  tools?: Array<Record<string, unknown>>;
  tool_choice?: { type: string };
  messages: Array<{ role: string; content: string | BlockJson[] }>;
}

export interface ToolResultJson {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

/** The last message of a request (the user message the loop just added). */
export function lastMessage(body: RequestBody): { role: string; content: BlockJson[] } {
  const last = body.messages.at(-1);
  if (!last) throw new Error('request without messages');
  return {
    role: last.role,
    content: typeof last.content === 'string' ? [text(last.content)] : last.content,
  };
}

/** The tool results of the last message of a request, in order. */
export function toolResults(body: RequestBody): ToolResultJson[] {
  return lastMessage(body).content.filter(
    (block) => block.type === 'tool_result',
  ) as unknown as ToolResultJson[];
}

/** Every cache_control marker of a request, as a path for messages. */
export function breakpoints(body: RequestBody): string[] {
  const found: string[] = [];
  body.tools?.forEach((tool, index) => tool.cache_control && found.push(`tools[${index}]`));
  body.system?.forEach((block, index) => block.cache_control && found.push(`system[${index}]`));
  body.messages.forEach((message, m) => {
    if (typeof message.content === 'string') return;
    message.content.forEach(
      (block, b) => block.cache_control && found.push(`messages[${m}][${b}]`),
    );
  });
  return found;
}
