/**
 * The basic job summary of a run: task, conclusion, figures, final text. Untrusted text (the task,
 * the model's words, API error messages) is fenced or escaped so it cannot change the markdown
 * around it, and the whole is kept under GitHub's 1 MiB limit for a step summary.
 */
import * as core from '@actions/core';
import { formatUsd } from '../agent/pricing.js';
import type { TokenUsage } from '../transcript.js';

export interface SummaryInput {
  task: string;
  conclusion: string;
  result: string;
  /** Why the run stopped, when not a plain success. */
  detail?: string;
  model: string;
  turns: number;
  maxTurns: number;
  commands: number;
  denied: number;
  usage: TokenUsage;
  /** What the responses cost by their reported usage. */
  costUsd: number;
  /** The most the requests could have cost, as estimated before sending each one. */
  estimatedCostUsd: number;
  /** 0 when the cap is off. */
  maxCostUsd: number;
  durationMs: number;
  /** What the run changed outside the working tree and the action put back, one line each. */
  undone?: readonly string[];
}

/** GitHub refuses a step summary over 1 MiB; this leaves room for a later writer in the same step. */
export const SUMMARY_MAX_BYTES = 1_000_000;
/** The task may take this much of the summary; the final text gets the rest. */
const TASK_MAX_BYTES = 64 * 1024;

const HEADINGS: Readonly<Record<string, string>> = {
  success: '✅ Done',
  'max-turns': '⏸️ Stopped at the turn limit',
  'time-limit': '⏱️ Stopped at the time limit',
  budget: '💰 Stopped at the cost limit',
  error: '❌ Failed',
  skipped: '⏭️ Skipped',
};

/** A fence longer than any run of backticks in `text`, so nothing inside can close it. */
export function fenced(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text.replace(/\n+$/, '')}\n${fence}`;
}

/**
 * One line of untrusted text made inert for markdown and HTML: line breaks flattened, HTML and
 * markdown punctuation escaped, and `@` broken so nobody is mentioned.
 */
export function escapeInline(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()#+\-.!|~])/g, '\\$1')
    .replace(/@/g, '@\u200b');
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** `index` moved off the second half of a surrogate pair, so slicing there keeps characters whole. */
function safeIndex(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/** `text` cut to at most `maxBytes` of UTF-8, keeping its head and tail around a marker. */
export function clipBytes(text: string, maxBytes: number): string {
  if (byteLength(text) <= maxBytes) return text;
  let keep = Math.max(0, Math.floor(maxBytes / 2) - 64);
  for (;;) {
    const head = text.slice(0, safeIndex(text, keep));
    const tail = text.slice(safeIndex(text, text.length - keep));
    const omitted = text.length - head.length - tail.length;
    const clipped = `${head}\n[... ${omitted} characters omitted from the summary ...]\n${tail}`;
    if (byteLength(clipped) <= maxBytes || keep === 0) return clipped;
    keep = Math.floor(keep * 0.9);
  }
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/** 180000 → 180,000: token counts are read at a glance. */
function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Most lines of the undone list shown; a run that changed more is told how many. */
const UNDONE_MAX_LINES = 50;

/** The warning about what the run changed outside the working tree; nothing when it changed nothing. */
function undoneSection(undone: readonly string[]): string[] {
  if (undone.length === 0) return [];
  const shown = undone
    .slice(0, UNDONE_MAX_LINES)
    .map((line) => `> - ${escapeInline(clipBytes(line, 1024))}`);
  const more = undone.length - shown.length;
  return [
    '> [!WARNING]',
    '> The run changed files outside the working tree that later steps would read:',
    ...shown,
    ...(more > 0 ? [`> - … and ${more} more (see the log)`] : []),
    '',
  ];
}

/** The summary markdown. Inputs must already be redacted. */
export function renderSummary(input: SummaryInput): string {
  const heading = HEADINGS[input.conclusion] ?? escapeInline(input.conclusion);
  const rows: Array<[string, string]> = [
    ['Conclusion', `\`${input.conclusion}\``],
    ['Model', escapeInline(input.model)],
    ['Model requests', `${input.turns} of ${input.maxTurns}`],
    [
      'Commands run',
      `${input.commands}${input.denied > 0 ? ` (${input.denied} more denied by the policy)` : ''}`,
    ],
    [
      'Tokens',
      `${count(input.usage.inputTokens)} input, ${count(input.usage.outputTokens)} output, ` +
        `${count(input.usage.cacheReadTokens)} cache read, ${count(input.usage.cacheWriteTokens)} cache write`,
    ],
    [
      'Estimated cost',
      `${formatUsd(input.costUsd)}${input.maxCostUsd > 0 ? ` of ${formatUsd(input.maxCostUsd)} allowed` : ''} (priced from the usage the API reported)`,
    ],
    [
      'Estimated before sending',
      `at most ${formatUsd(input.estimatedCostUsd)} (each request's prompt and max_tokens of output, checked against the budget before it was sent)`,
    ],
    ['Duration', formatDuration(input.durationMs)],
  ];
  const head = [
    `## Bash agent: ${heading}`,
    '',
    ...(input.detail ? [`> ${escapeInline(input.detail)}`, ''] : []),
    // The first row is the table's header: GitHub draws an empty header row as a blank band.
    ...rows.slice(0, 1).map(([name, value]) => `| ${name} | ${value} |`),
    '|---|---|',
    ...rows.slice(1).map(([name, value]) => `| ${name} | ${value} |`),
    '',
    ...undoneSection(input.undone ?? []),
    '### Task',
    '',
    fenced(clipBytes(input.task, TASK_MAX_BYTES)),
    '',
    '### Result',
    '',
    '',
  ].join('\n');
  const emptyResult = '_The model wrote no final text._';
  if (input.result.trim() === '') return `${head}${emptyResult}\n`;
  // What the head and the fence take, plus slack for the fence growing with the clipped text.
  const room = SUMMARY_MAX_BYTES - byteLength(head) - 64;
  return `${head}${fenced(clipBytes(input.result, Math.max(0, room)))}\n`;
}

/** Appends the summary to the step's summary file. */
export async function writeJobSummary(markdown: string): Promise<void> {
  await core.summary.addRaw(markdown, true).write();
}
