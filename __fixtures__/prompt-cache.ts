/**
 * A model of the API's prompt cache for the scripted server: it accounts a request's input tokens as
 * cache reads, cache writes and uncached input from the `cache_control` breakpoints the request
 * carries, the way the API documents it:
 * - the prompt is tools, then system, then messages, block by block;
 * - a breakpoint writes the prefix ending at its block to the cache;
 * - a request reads the longest cached prefix that ends at one of its breakpoints or at a block
 *   boundary up to 20 blocks before one;
 * - tokens after the read prefix up to the last breakpoint are written; the rest is uncached input;
 * - changing tool_choice invalidates the cached messages (not tools and system).
 * Tokens are counted as JSON characters / 4, which is all a ratio needs.
 */
import { createHash } from 'node:crypto';
import type { RequestBody, UsageJson } from './messages.js';

const LOOKBACK_BLOCKS = 20;

function withoutCacheControl(block: object): object {
  const { cache_control: _ignored, ...rest } = block as { cache_control?: unknown };
  return rest;
}

interface Block {
  json: string;
  breakpoint: boolean;
}

function linearise(body: RequestBody): Block[] {
  const blocks: Block[] = [];
  const push = (value: object, scope = ''): void => {
    blocks.push({
      json: scope + JSON.stringify(withoutCacheControl(value)),
      breakpoint:
        'cache_control' in value && Boolean((value as { cache_control?: unknown }).cache_control),
    });
  };
  for (const tool of body.tools ?? []) push(tool);
  for (const block of body.system ?? []) push(block);
  const choice = JSON.stringify(body.tool_choice ?? { type: 'auto' });
  for (const message of body.messages) {
    const content =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : message.content;
    for (const block of content) push(block, `${choice}|${message.role}|`);
  }
  return blocks;
}

export class PromptCacheModel {
  readonly #cached = new Set<string>();

  /** The usage the API would report for the input of this request; updates the cache. */
  account(body: RequestBody): Omit<UsageJson, 'output_tokens'> {
    const blocks = linearise(body);
    const hashes: string[] = [];
    const tokens: number[] = [];
    let hash = createHash('sha256').update(body.model).digest('hex');
    for (const block of blocks) {
      hash = createHash('sha256').update(hash).update(block.json).digest('hex');
      hashes.push(hash);
      tokens.push(Math.ceil(block.json.length / 4));
    }
    const sum = (from: number, to: number): number =>
      tokens.slice(from, to).reduce((a, b) => a + b, 0);
    const breakpoints = blocks.flatMap((block, index) => (block.breakpoint ? [index] : []));

    let readEnd = -1;
    for (const point of breakpoints) {
      for (let index = point; index >= Math.max(0, point - LOOKBACK_BLOCKS); index -= 1) {
        if (this.#cached.has(hashes[index] as string)) {
          readEnd = Math.max(readEnd, index);
          break;
        }
      }
    }
    const lastBreakpoint = breakpoints.at(-1) ?? -1;
    for (const point of breakpoints) this.#cached.add(hashes[point] as string);

    const read = sum(0, readEnd + 1);
    const written = lastBreakpoint > readEnd ? sum(readEnd + 1, lastBreakpoint + 1) : 0;
    const total = sum(0, blocks.length);
    return {
      input_tokens: total - read - written,
      cache_creation_input_tokens: written,
      cache_read_input_tokens: read,
    };
  }
}
