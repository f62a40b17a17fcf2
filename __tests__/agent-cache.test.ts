/**
 * Token efficiency: prompt-cache breakpoints on every request, and condensing of old tool outputs.
 */
import { describe, expect, it } from '@jest/globals';
import { runScripted } from '../__fixtures__/agent-harness.js';
import {
  breakpoints,
  commands,
  final,
  message,
  toolResults,
  toolUse,
} from '../__fixtures__/messages.js';
import { PromptCacheModel } from '../__fixtures__/prompt-cache.js';
import { MessageHistory, type TextSize } from '../src/agent/conversation.js';

describe('prompt caching', () => {
  it('marks the system prompt, where the previous request ended and the last message, and nothing else', async () => {
    const { server } = await runScripted([
      commands('echo one'),
      commands('echo two', 'echo three'),
      commands('echo four'),
      final('done'),
    ]);

    const marks = server.requests.map((request) => breakpoints(request.body));
    expect(marks).toEqual([
      ['system[0]', 'messages[0][0]'],
      ['system[0]', 'messages[0][0]', 'messages[2][0]'],
      ['system[0]', 'messages[2][0]', 'messages[4][1]'],
      ['system[0]', 'messages[4][1]', 'messages[6][0]'],
    ]);
    for (const request of server.requests) {
      expect(breakpoints(request.body).length).toBeLessThanOrEqual(4);
      expect(request.body.tools).toEqual([{ type: 'bash_20250124', name: 'bash' }]);
    }
  });

  it('reads most of each request from the cache once the conversation is under way', async () => {
    const cache = new PromptCacheModel();
    const usages: Array<ReturnType<PromptCacheModel['account']>> = [];
    const { result } = await runScripted(
      (request, index) => {
        const usage = cache.account(request.body);
        usages.push(usage);
        const reply =
          index < 7
            ? message(
                [toolUse({ command: `seq ${index * 100} ${index * 100 + 150}` })],
                'tool_use',
                {
                  usage: { ...usage, output_tokens: 60 },
                },
              )
            : final('done', { ...usage, output_tokens: 20 });
        return reply;
      },
      { maxTurns: 10 },
    );

    expect(result.conclusion).toBe('success');
    const later = usages.slice(2);
    const read = later.reduce((sum, u) => sum + (u.cache_read_input_tokens ?? 0), 0);
    const all = later.reduce(
      (sum, u) =>
        sum +
        u.input_tokens +
        (u.cache_read_input_tokens ?? 0) +
        (u.cache_creation_input_tokens ?? 0),
      0,
    );
    expect(read / all).toBeGreaterThan(0.6);
    expect(later.every((u) => u.input_tokens === 0)).toBe(true);
  });
});

describe('condensing', () => {
  it('condenses older outputs once past the budget, keeping the recent ones whole', async () => {
    // Six commands print 2500 characters each; the budget is 3000 tokens (about 10k characters).
    const big = "head -c 2500 /dev/zero | tr '\\0' x";
    const script = [...Array.from({ length: 6 }, () => commands(big)), final('done')];
    const { server, events } = await runScripted(script, { contextBudgetTokens: 3_000 });

    const lastRequest = server.requests.at(-1)!.body;
    const outputs = lastRequest.messages
      .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
      .filter((block) => block.type === 'tool_result')
      .map((block) => String(block.content));
    expect(outputs).toHaveLength(6);
    expect(outputs[0]).toMatch(/characters of this older output were condensed/);
    expect(outputs[0]!.length).toBeLessThan(1_200);
    expect(outputs.at(-1)).toHaveLength(2_500);
    expect(toolResults(lastRequest)[0]!.content).toHaveLength(2_500);
    // Everything old is condensed in one step when the budget is passed, so this happens on few
    // turns: each time rewrites the cache from the first changed block on.
    const notices = events.filter((e) => e.type === 'notice' && /Condensed/.test(e.message));
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices.length).toBeLessThanOrEqual(2);
  });

  it('leaves short outputs, the task and the model turns untouched', () => {
    const conversation = new MessageHistory('the task');
    conversation.addAssistant([
      {
        type: 'tool_use',
        id: 't1',
        name: 'bash',
        input: { command: 'a' },
        caller: { type: 'direct' },
      },
      {
        type: 'tool_use',
        id: 't2',
        name: 'bash',
        input: { command: 'b' },
        caller: { type: 'direct' },
      },
    ]);
    conversation.addUser([
      { type: 'tool_result', tool_use_id: 't1', content: 'short' },
      { type: 'tool_result', tool_use_id: 't2', content: 'y'.repeat(5_000) },
    ]);
    conversation.addAssistant([
      {
        type: 'tool_use',
        id: 't3',
        name: 'bash',
        input: { command: 'c' },
        caller: { type: 'direct' },
      },
    ]);
    conversation.addUser([{ type: 'tool_result', tool_use_id: 't3', content: 'z'.repeat(5_000) }]);
    const before = JSON.stringify(conversation.messages.slice(0, 2));

    const condensed = conversation.condense(1_000);

    expect(condensed.results).toBe(1);
    expect(JSON.stringify(conversation.messages.slice(0, 2))).toBe(before);
    const [short, long] = (conversation.messages[2]!.content as Array<{ content: string }>).map(
      (b) => b.content,
    );
    expect(short).toBe('short');
    expect(long).toMatch(/^y{400}\n\[\.\.\. 4200 characters of this older output were condensed/);
    expect(
      (conversation.messages[4]!.content as Array<{ content: string }>)[0]!.content,
    ).toHaveLength(5_000);
    // Condensing twice changes nothing more.
    expect(conversation.condense(1_000).results).toBe(0);
  });
});

describe('the size of the conversation, for estimates and bounds', () => {
  /**
   * The rule, counted afresh: text as is, a tool result's text (+ 40 characters), other blocks as
   * JSON; UTF-8 bytes of the same; one part for each message and each block.
   */
  const counted = (conversation: MessageHistory): TextSize => {
    const size = { chars: 0, bytes: 0, parts: 0 };
    const add = (text: string, extraChars = 0): void => {
      size.chars += text.length + extraChars;
      size.bytes += Buffer.byteLength(text);
      size.parts += 1;
    };
    for (const message of conversation.messages) {
      size.parts += 1;
      if (typeof message.content === 'string') {
        add(message.content);
        continue;
      }
      for (const block of message.content) {
        if (block.type === 'text') add(block.text);
        else if (block.type === 'tool_result') add(String(block.content), 40);
        else add(JSON.stringify(block));
      }
    }
    return size;
  };

  it('stays what a count of the messages gives through additions, appended text and condensing', () => {
    const conversation = new MessageHistory('the task, in Ünïcode 🙂');
    const seen: number[] = [];
    const check = (): void => {
      seen.push(conversation.size.chars);
      expect({ ...conversation.size }).toEqual(counted(conversation));
    };
    check();
    for (let turn = 0; turn < 6; turn += 1) {
      conversation.addAssistant([
        { type: 'text', text: `turn ${turn}`, citations: null },
        {
          type: 'tool_use',
          id: `t${turn}`,
          name: 'bash',
          input: { command: `cat big-${turn}.log` },
          caller: { type: 'direct' },
        },
      ]);
      check();
      conversation.addUser([
        { type: 'tool_result', tool_use_id: `t${turn}`, content: `${turn}日`.repeat(2_000) },
      ]);
      check();
    }
    conversation.appendUserText('a note after the results');
    check();
    conversation.addAssistant([{ type: 'text', text: 'the model', citations: null }]);
    conversation.appendUserText('a user message of its own');
    check();
    expect(conversation.condense(5_000).results).toBeGreaterThan(0);
    check();
    // Condensing made it smaller; every step before made it larger.
    expect(seen.at(-1)).toBeLessThan(seen.at(-2)!);
    expect(seen.slice(0, -1)).toEqual([...seen.slice(0, -1)].sort((a, b) => a - b));
  });
});
