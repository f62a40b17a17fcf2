/**
 * The message history of a run, the prompt-cache breakpoints of each request, and the condensing of
 * old tool outputs that keeps a long run inside its context budget.
 */
import type {
  ContentBlock,
  ContentBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';

export const EPHEMERAL = { type: 'ephemeral' } as const;

/** Block types the API accepts a cache_control on (thinking blocks, for one, refuse it). */
const CACHEABLE = new Set([
  'text',
  'tool_use',
  'tool_result',
  'image',
  'document',
  'search_result',
]);

/** Outputs shorter than this are left whole: condensing them would save little and lose a lot. */
const CONDENSE_MIN_CHARS = 1_200;
/** What a condensed output keeps of its head and of its tail. */
const CONDENSED_HEAD_CHARS = 400;
const CONDENSED_TAIL_CHARS = 400;
/** What an empty response stands as in the conversation sent back. */
export const EMPTY_RESPONSE = '(This response was empty.)';
export const CONDENSED_MARKER = 'characters of this older output were condensed';

export interface CondenseResult {
  /** Tool results shortened. */
  results: number;
  /** Characters removed from the conversation. */
  chars: number;
}

function textLength(content: ToolResultBlockParam['content']): number {
  if (content === undefined) return 0;
  if (typeof content === 'string') return content.length;
  return content.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0);
}

function contentText(content: ToolResultBlockParam['content']): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/**
 * How much of a request some messages make, kept for the sizes of the next prompt: characters for
 * the estimate, UTF-8 bytes and parts (messages and their blocks, each framed by the API's
 * rendering) for a bound on its tokens.
 */
export interface TextSize {
  chars: number;
  bytes: number;
  parts: number;
}

const textSize = (text: string): TextSize => ({
  chars: text.length,
  bytes: Buffer.byteLength(text),
  parts: 1,
});

function addTo(total: TextSize, size: TextSize): void {
  total.chars += size.chars;
  total.bytes += size.bytes;
  total.parts += size.parts;
}

/**
 * A block's share of a request: its text (a tool result's + 40 characters for its framing, in the
 * estimate), or its JSON for any other block (a tool call with its id and input).
 */
function blockSize(block: ContentBlockParam | ContentBlock): TextSize {
  if (block.type === 'text') return textSize(block.text);
  if (block.type === 'tool_result' && !Array.isArray(block.content)) {
    const size = textSize(block.content ?? '');
    return { ...size, chars: size.chars + 40 };
  }
  const json = JSON.stringify(block);
  // A result of several blocks is estimated by its text; its JSON bounds what its blocks hold.
  const chars = block.type === 'tool_result' ? textLength(block.content) + 40 : json.length;
  return { chars, bytes: Buffer.byteLength(json), parts: 1 };
}

/** A message's share of a request: its blocks and its own framing. */
function messageSize(message: MessageParam): TextSize {
  if (typeof message.content === 'string') return { ...textSize(message.content), parts: 2 };
  const size = { chars: 0, bytes: 0, parts: 1 };
  for (const block of message.content) addTo(size, blockSize(block));
  return size;
}

const emptySize = (): TextSize => ({ chars: 0, bytes: 0, parts: 0 });

/** The size of what every request carries before its messages: the system prompt and the tools. */
export function sizeOfPrefix(system: string, tools: readonly object[]): TextSize {
  const size = textSize(system);
  addTo(size, textSize(JSON.stringify(tools)));
  return size;
}

/**
 * The messages of the run as the model is sent them: where each request's cache breakpoints go, and
 * how much the next prompt adds to what the cache holds.
 */
export class MessageHistory {
  readonly #messages: MessageParam[] = [];
  /** How many messages the previous request carried: where its moving breakpoint was. */
  #sentCount = 0;
  /** What was added since the previous request: the part of the next prompt not cached. */
  #sinceRequest = emptySize();
  /** The whole conversation, kept as blocks come and go rather than measured per turn. */
  #total = emptySize();

  constructor(task: string) {
    this.#add({ role: 'user', content: [{ type: 'text', text: task }] });
  }

  get messages(): readonly MessageParam[] {
    return this.#messages;
  }

  /** The size of what was added since the last request was sent. */
  get sizeSinceRequest(): Readonly<TextSize> {
    return this.#sinceRequest;
  }

  /** The size of the whole conversation. */
  get size(): Readonly<TextSize> {
    return this.#total;
  }

  #grow(size: TextSize): void {
    addTo(this.#sinceRequest, size);
    addTo(this.#total, size);
  }

  #add(message: MessageParam): void {
    this.#messages.push(message);
    this.#grow(messageSize(message));
  }

  /**
   * The model's response, sent back unchanged (thinking blocks and their signatures included),
   * except what the API refuses in a request: a text block with no text, and a message with no
   * content (a response cut at max_tokens before it wrote anything), which stands as a note.
   */
  addAssistant(content: readonly ContentBlock[]): void {
    const kept = content.filter((block) => block.type !== 'text' || block.text.trim() !== '');
    // The response blocks are valid request blocks as they are; the SDK types them separately.
    const blocks = kept as unknown as ContentBlockParam[];
    this.#add({
      role: 'assistant',
      content: blocks.length > 0 ? blocks : [{ type: 'text', text: EMPTY_RESPONSE }],
    });
  }

  /** One user message with every tool result of a response, in order, plus optional text after them. */
  addUser(blocks: Array<ToolResultBlockParam | TextBlockParam>): void {
    this.#add({ role: 'user', content: blocks });
  }

  /** Appends text to the last user message, or adds a user message when the last one is the model's. */
  appendUserText(text: string): void {
    const last = this.#messages.at(-1);
    if (last && last.role === 'user' && Array.isArray(last.content)) {
      last.content.push({ type: 'text', text });
      this.#grow(textSize(text));
    } else {
      this.addUser([{ type: 'text', text }]);
    }
  }

  /**
   * The messages of the next request, with two moving cache breakpoints: one on the last message
   * (the next request reads everything up to here from cache) and one where the previous request
   * ended (this request's cache hit, exact even when the last response added more than the ~20
   * blocks the API looks back from a breakpoint). Older breakpoints are not carried: with the one on
   * the system prompt that is 3 of the 4 the API allows. The stored history is never marked, and
   * nothing changes until markSent: the loop measures a request before it decides to send it.
   */
  requestMessages(): MessageParam[] {
    const marks = new Set([this.#messages.length - 1, this.#sentCount - 1]);
    return this.#messages.map((message, index) =>
      marks.has(index) ? withBreakpoint(message) : message,
    );
  }

  /** Records that the messages as they are now were sent: the next request's cache hit ends here. */
  markSent(): void {
    this.#sentCount = this.#messages.length;
    this.#sinceRequest = emptySize();
  }

  /**
   * Shortens old tool outputs to head + marker + tail, keeping the newest `keepRecentChars` of tool
   * output whole (and always the last message's).
   *
   * Condensing rewrites the middle of the conversation, so the cached prefix ends at the first
   * changed block and everything after it is written to the cache again. The caller therefore does
   * it rarely and in one big step (everything old at once, down to well under the budget), so one
   * cache rewrite buys many turns of cheap reads, instead of trimming a little every turn and paying
   * for a rewrite each time.
   */
  condense(keepRecentChars: number): CondenseResult {
    const result: CondenseResult = { results: 0, chars: 0 };
    let recent = 0;
    for (let index = this.#messages.length - 1; index >= 0; index -= 1) {
      const message = this.#messages[index] as MessageParam;
      if (message.role !== 'user' || typeof message.content === 'string') continue;
      const isLast = index === this.#messages.length - 1;
      message.content = message.content.map((block) => {
        if (block.type !== 'tool_result') return block;
        const length = textLength(block.content);
        recent += length;
        if (isLast || recent <= keepRecentChars || length < CONDENSE_MIN_CHARS) return block;
        const text = contentText(block.content);
        if (text.includes(CONDENSED_MARKER)) return block;
        const removed = text.length - CONDENSED_HEAD_CHARS - CONDENSED_TAIL_CHARS;
        result.results += 1;
        result.chars += removed;
        return {
          ...block,
          content:
            `${text.slice(0, CONDENSED_HEAD_CHARS)}\n[... ${removed} ${CONDENSED_MARKER} to keep the conversation small; run the command again if you need them ...]\n` +
            text.slice(-CONDENSED_TAIL_CHARS),
        };
      });
    }
    if (result.results > 0) {
      this.#total = emptySize();
      for (const message of this.#messages) addTo(this.#total, messageSize(message));
    }
    return result;
  }
}

/** A copy of `message` with a cache breakpoint on its last block that can carry one. */
function withBreakpoint(message: MessageParam): MessageParam {
  const content: ContentBlockParam[] =
    typeof message.content === 'string'
      ? [{ type: 'text', text: message.content }]
      : [...message.content];
  for (let index = content.length - 1; index >= 0; index -= 1) {
    const block = content[index] as ContentBlockParam;
    if (CACHEABLE.has(block.type)) {
      content[index] = { ...block, cache_control: EPHEMERAL } as ContentBlockParam;
      return { ...message, content } as MessageParam;
    }
  }
  return message;
}
