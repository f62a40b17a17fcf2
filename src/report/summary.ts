/**
 * The job summary of a run, rendered from its facts: a headline in words with the figures, a
 * warning block when something went wrong, the final message (neutralised markdown), a table of
 * the commands and their outputs in collapsed blocks, then the task, model, tokens, settings and a
 * timeline, collapsed. GitHub refuses a step summary over 1 MiB whole, so the size is guarded:
 * command outputs give way first, oldest and longest first, each cut marked; the headline, the
 * figures, the warnings and the final message always stay.
 */
import { formatUsd } from '../base/money.js';
import type { Conclusion } from '../transcript.js';
import { sandboxLabel, type SandboxFacts } from '../sandbox/facts.js';
import { denialOf, denialWords } from './annotations.js';
import { renderChanges } from './changes.js';
import { saysNoMoreThanStop, stoppedAt } from './stopped.js';
import {
  failedAtStart,
  STATUS_WORDS,
  type CallRecord,
  type CallStatus,
  type RunFacts,
} from './facts.js';
import {
  byteLength,
  clipBytes,
  clipChars,
  counted,
  details,
  codeSpan,
  escapeHtml,
  htmlCode,
  escapeInline,
  fenced,
  formatChars,
  formatCount,
  formatDuration,
  inlineCode,
  neutraliseMarkdown,
  showControls,
} from './markdown.js';

/** GitHub refuses a step summary over 1 MiB; this leaves room for a later writer in the same step. */
export const SUMMARY_MAX_BYTES = 1_000_000;
/** The final message may take this much; the rest of the summary always fits beside it. */
const FINAL_MAX_BYTES = 300_000;
const TASK_MAX_BYTES = 64 * 1024;
/** No single output takes more than this; the transcript file has the whole of it. */
const OUTPUT_MAX_BYTES = 64 * 1024;
/** What a long output is cut to when the outputs together do not fit. */
const OUTPUT_CUT_BYTES = 2_000;
/** Files of the diffstat listed; a commit of more files than this is rarely read file by file. */
const SUMMARY_MAX_FILES = 100;
/** Most lines of one kind in the warning block; the log and the transcript file have the rest. */
const WARNING_MAX_LINES = 20;
/** Characters of a command shown in its table row and its output's title. */
const COMMAND_MAX_CHARS = 100;
/** Most rows shown as they are; a longer table is collapsed. */
const TABLE_OPEN_MAX_ROWS = 30;
/** Most entries in the timeline: a chart of hundreds of bars says nothing. */
const TIMELINE_MAX_BARS = 80;
/** Bytes kept free for the notes the guard adds about what it left out. */
const GUARD_SLACK_BYTES = 4_096;

const REST_IN_TRANSCRIPT = ' from the summary; the transcript file has all of it';

/** Each conclusion in words, as the job summary and the result comment lead with it. */
export const HEADLINES: Readonly<Record<Conclusion, string>> = {
  success: '✅ Done',
  'max-turns': '⏸️ Stopped at the turn limit',
  'time-limit': '⏱️ Stopped at the time limit',
  budget: '💰 Stopped at the cost limit',
  error: '❌ Failed',
  cancelled: '🛑 Cancelled',
  skipped: '⏭️ Skipped',
};

const MARKS: Readonly<Record<CallStatus, string>> = {
  ok: '✅',
  failed: '❌',
  denied: '🚫',
  'timed-out': '⏱️',
  'shell-exited': '💥',
  cancelled: '🛑',
  restart: '🔄',
  invalid: '⚠️',
  'not-run': '⏭️',
  unfinished: '❔',
};

/** How a call ended, for its row: exit code or, for a denial, the reason in words (not escaped). */
function resultWords(call: CallRecord): string {
  switch (call.status) {
    case 'ok':
    case 'failed':
      return `exit ${call.command?.exitCode ?? 0}`;
    case 'denied':
      return `denied: ${denialOf(call).why}`;
    default:
      return STATUS_WORDS[call.status];
  }
}

function oneLine(label: string): string {
  return clipChars(label.replace(/\s*[\r\n]+\s*/g, ' ⏎ ').trim(), COMMAND_MAX_CHARS);
}

/** A command as one line of code in markdown (a list item, or a table cell), clipped. */
function commandCell(label: string, inTable = false): string {
  return codeSpan(oneLine(label), inTable);
}

/** A no-break space: a figure and its unit stay on one line in a narrow table column. */
const NBSP = '\u00a0';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}${NBSP}s`;
}

/** The figures, in words, under the headline. */
function figures(facts: RunFacts): string {
  const settings = facts.settings;
  const requests = `${counted(facts.requests, 'model request')}${settings ? ` of ${settings.maxTurns}` : ''}`;
  // Denied commands never ran, so they are counted beside the commands run, not among them.
  const extra = [
    facts.timedOut > 0 ? `${facts.timedOut} timed out` : '',
    facts.failed > 0 ? `${facts.failed} failed` : '',
  ].filter((part) => part !== '');
  const ran = `${counted(facts.commands, 'command')} run${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`;
  const commands = facts.denied > 0 ? `${ran}, ${facts.denied} denied` : ran;
  const cap =
    settings && settings.maxCostUsd > 0 ? ` of the ${formatUsd(settings.maxCostUsd)} cap` : '';
  const limit = settings ? ` of the ${formatDuration(settings.timeLimitMs)} limit` : '';
  return [
    `**${requests}**`,
    `**${commands}**`,
    `**${formatUsd(facts.costUsd)}**${cap}`,
    `**${formatDuration(facts.durationMs)}**${limit}`,
  ].join(' · ');
}

function listed<T>(items: readonly T[], describe: (item: T) => string): string[] {
  const shown = items.slice(0, WARNING_MAX_LINES).map((item) => `> - ${describe(item)}`);
  const more = items.length - shown.length;
  return more > 0 ? [...shown, `> - … and ${more} more (see the log)`] : shown;
}

/** What went wrong, in one alert; nothing when nothing did. */
function warnings(facts: RunFacts): string[] {
  const inline = (text: string): string => escapeInline(clipBytes(text, 1024));
  const lines: string[] = [];
  const detail = detailBeyondHeadline(facts);
  if (detail) lines.push(`> ${inline(detail)}`);
  const errors = facts.errors.filter((message) => message !== facts.detail);
  lines.push(...listed(errors, (error) => `Error: ${inline(error)}`));
  const denied = facts.calls.filter((call) => call.status === 'denied');
  if (denied.length > 0) {
    lines.push(`> ${counted(denied.length, 'command')} denied by the command policy:`);
    lines.push(
      ...listed(denied, (call) => {
        const words = denialWords(denialOf(call), escapeInline, (code) =>
          inlineCode(oneLine(code)),
        );
        return `${call.index}. ${commandCell(call.label)}: ${words}`;
      }),
    );
  }
  const timedOut = facts.calls.filter((call) => call.status === 'timed-out');
  if (timedOut.length > 0) {
    lines.push(`> ${counted(timedOut.length, 'command')} timed out:`);
    lines.push(
      ...listed(
        timedOut,
        (call) =>
          `${call.index}. ${commandCell(call.label)} after ${seconds(call.command?.durationMs ?? 0)}`,
      ),
    );
  }
  const repeated = (limit: (typeof facts.limits)[number]): boolean =>
    limit.detail === facts.detail || saysNoMoreThanStop(limit.limit, limit.detail);
  for (const limit of facts.limits.filter((item) => !repeated(item))) {
    lines.push(`> - ${inline(limit.detail)}`);
  }
  if (facts.undone.length > 0) {
    lines.push(
      '> The run changed files outside the working tree that later steps would read; undone:',
    );
    lines.push(...listed(facts.undone, inline));
  }
  if (facts.warnings.length > 0) {
    lines.push('> Warnings:');
    lines.push(...listed(facts.warnings, inline));
  }
  if (lines.length === 0) return [];
  const kind =
    facts.conclusion === 'error' || facts.conclusion === 'cancelled' ? 'CAUTION' : 'WARNING';
  return [
    `> [!${kind}]`,
    ...lines.flatMap((line, i) => (i > 0 && !line.startsWith('> -') ? ['>', line] : [line])),
    '',
  ];
}

/**
 * The structured output as a collapsed `json` block, for the summary and the comment; empty without
 * one. Clipped like the final message: the whole document is in the output and the transcript.
 */
export function structuredOutputBlock(facts: RunFacts): string[] {
  if (facts.structuredOutput === undefined) return [];
  const json = JSON.stringify(facts.structuredOutput, null, 2);
  return [
    details(
      'Structured output',
      fenced(clipBytes(json, FINAL_MAX_BYTES, REST_IN_TRANSCRIPT), 'json'),
    ),
    '',
  ];
}

function finalMessage(facts: RunFacts): string[] {
  // A skipped run has no model text; why it was skipped is what there is to read.
  if (facts.conclusion === 'skipped') return facts.detail ? [escapeInline(facts.detail), ''] : [];
  const body =
    facts.result.trim() === ''
      ? '_The model wrote no final text._'
      : neutraliseMarkdown(
          clipBytes(showControls(facts.result), FINAL_MAX_BYTES, REST_IN_TRANSCRIPT),
        );
  // Without a final message (a limit, an error), the model's last words are still worth reading.
  const title = facts.conclusion === 'success' ? 'Final message' : 'Last text from the model';
  return [`### ${title}`, '', body, ''];
}

function tableRow(call: CallRecord, outputNote: string): string {
  // A command that never reached bash took no time and printed nothing: blank, not zero.
  const ran = call.command !== undefined && call.status !== 'denied';
  const took = ran ? seconds(call.command!.durationMs) : '';
  const size = ran ? formatChars(call.command!.outputChars).replace(' ', NBSP) : '';
  const cut = call.command?.truncated ? ' (model got head and tail)' : '';
  return `| ${call.index} | ${MARKS[call.status]} | ${commandCell(call.label, true)} | ${escapeInline(resultWords(call))} | ${took} | ${size}${cut}${outputNote} |`;
}

const TABLE_HEAD = ['| # | | Command | Result | Time | Output |', '|--:|---|---|---|--:|---|'];

/** An output as its collapsed block shows it. */
function outputBlock(call: CallRecord, text: string): string {
  // A <summary> is HTML, where markdown escapes would show as they are.
  const title = `${MARKS[call.status]} ${call.index}. ${htmlCode(oneLine(call.label))} · ${escapeHtml(resultWords(call))}`;
  // Escaped here, where the outputs' budget measures each block: an escape takes up to 4 bytes.
  const command = call.label.includes('\n')
    ? `${fenced(showControls(call.label), 'bash')}\n\n`
    : '';
  return details(title, `${command}${fenced(text === '' ? '(no output)' : showControls(text))}`);
}

interface OutputPlan {
  call: CallRecord;
  text: string;
  bytes: number;
  cut: boolean;
  dropped: boolean;
}

/**
 * Fits the outputs into `budget` bytes: long outputs are cut to their head and tail, oldest first;
 * if that is not enough, whole outputs are left out, oldest first. Each cut says so in its block,
 * and each left-out output in its table row.
 */
function planOutputs(calls: readonly CallRecord[], budget: number): OutputPlan[] {
  const plans = calls.map((call) => {
    const whole = byteLength(call.output) <= OUTPUT_MAX_BYTES;
    const text = whole ? call.output : clipBytes(call.output, OUTPUT_MAX_BYTES, REST_IN_TRANSCRIPT);
    return { call, text, bytes: byteLength(outputBlock(call, text)), cut: !whole, dropped: false };
  });
  let total = plans.reduce((sum, plan) => sum + plan.bytes + 1, 0);
  for (const plan of plans) {
    if (total <= budget) return plans;
    if (byteLength(plan.text) <= OUTPUT_CUT_BYTES) continue;
    plan.text = clipBytes(plan.text, OUTPUT_CUT_BYTES, REST_IN_TRANSCRIPT);
    plan.cut = true;
    const bytes = byteLength(outputBlock(plan.call, plan.text));
    total -= plan.bytes - bytes;
    plan.bytes = bytes;
  }
  for (const plan of plans) {
    if (total <= budget) break;
    plan.dropped = true;
    total -= plan.bytes + 1;
  }
  return plans;
}

function tableLine(label: string, value: string): string {
  return `| ${label} | ${value} |`;
}

/** A two-column table whose first row is its header: GitHub draws an empty header as a blank band. */
function keyValueTable(rows: readonly string[]): string {
  return [rows[0]!, '|---|---|', ...rows.slice(1)].join('\n');
}

/** The configured model, or the models the requests went to when a fallback took over. */
function modelsUsed(facts: RunFacts): string {
  if (facts.models.length > 1) {
    const [first, ...rest] = facts.models.map(escapeInline);
    return `${first}, then ${rest.join(', then ')} (fallback model)`;
  }
  const model = facts.models[0] ?? facts.settings?.model;
  return model ? escapeInline(model) : 'unknown';
}

/**
 * The bounds the requests were sent under, summed. Each request is checked against what is left of
 * the cap with all of its max_tokens counted, most of which a response does not use: the sum can
 * pass the cap while no request could, and then it says so rather than read as a cap crossed.
 */
function estimateWords(facts: RunFacts): string {
  const cap = facts.settings?.maxCostUsd ?? 0;
  const sum = formatUsd(facts.estimatedCostUsd);
  if (cap > 0 && facts.estimatedCostUsd > cap) {
    return (
      `the requests' bounds add up to ${sum}, above the ${formatUsd(cap)} cap: each bound counts all of a request's max_tokens, ` +
      `and each request was sent only if its bound fit in what was left of the cap; the cost is what the responses used`
    );
  }
  return `at most ${sum} (each request's prompt and max_tokens of output, checked against the budget before it was sent)`;
}

function modelBlock(facts: RunFacts): string {
  const u = facts.usage;
  const rows = [
    tableLine('Model', modelsUsed(facts)),
    ...(facts.settings?.service
      ? [tableLine('Service', escapeInline(facts.settings.service))]
      : []),
    tableLine(
      'Requests',
      `${facts.requests}${facts.settings ? ` of ${facts.settings.maxTurns}` : ''}`,
    ),
    tableLine(
      'Tokens',
      `${formatCount(u.inputTokens)} input, ${formatCount(u.outputTokens)} output, ` +
        `${formatCount(u.cacheReadTokens)} cache read, ${formatCount(u.cacheWriteTokens)} cache write`,
    ),
    tableLine('Cost', `${formatUsd(facts.costUsd)} (priced from the usage the API reported)`),
    tableLine('Estimated before sending', estimateWords(facts)),
  ];
  return details('Model and tokens', keyValueTable(rows));
}

/** What confinement held: the `sandbox` output, then what it covered, or why there was none. */
function sandboxRows(sandbox: SandboxFacts | undefined): string[] {
  if (sandbox === undefined) return [];
  const label = escapeInline(sandboxLabel(sandbox));
  if (!sandbox.held) return [tableLine('sandbox', `${label}: ${escapeInline(sandbox.why)}`)];
  const { exec } = sandbox;
  return [
    tableLine('sandbox', label),
    tableLine('Writes', escapeInline(sandbox.writes)),
    tableLine('Exec', escapeInline(exec.confined ? exec.detail : `not confined: ${exec.detail}`)),
    tableLine('Network', escapeInline(sandbox.network.detail)),
    tableLine('Scope', escapeInline(sandbox.scope)),
  ];
}

function settingsBlock(facts: RunFacts): string[] {
  const s = facts.settings;
  if (!s) return [];
  const rows = [
    tableLine('Task from', escapeInline(s.taskSource)),
    tableLine('Working directory', codeSpan(s.workingDirectory, true)),
    tableLine('max-turns', String(s.maxTurns)),
    tableLine('time-limit', formatDuration(s.timeLimitMs)),
    tableLine('command-timeout', formatDuration(s.commandTimeoutMs)),
    tableLine('max-cost-usd', s.maxCostUsd > 0 ? formatUsd(s.maxCostUsd) : 'off'),
    tableLine('max-tokens', formatCount(s.maxTokens)),
    tableLine('max-output', formatCount(s.maxOutput)),
    ...sandboxRows(s.sandbox),
  ];
  const patterns = (title: string, list: readonly string[]): string =>
    list.length === 0 ? '' : `\n\n${title}:\n\n${fenced(clipBytes(list.join('\n'), 16_384))}`;
  return [
    details(
      'Settings',
      keyValueTable(rows) +
        patterns('Allowed commands', s.allowedCommands) +
        patterns('Denied commands', s.deniedCommands),
    ),
    '',
  ];
}

/** A Mermaid chart of the requests and commands; only numbers and fixed words go in it. */
function timeline(facts: RunFacts): string[] {
  const bars: Array<{ section: string; name: string; from: number; to: number; tag: string }> = [];
  for (const exchange of facts.exchanges) {
    if (exchange.answeredAt === undefined) continue;
    bars.push({
      section: 'Model',
      name: `Request ${exchange.turn}`,
      from: exchange.sentAt,
      to: exchange.answeredAt,
      tag: '',
    });
  }
  for (const call of facts.calls) {
    if (!call.command || call.status === 'denied') continue;
    const tag = call.status === 'ok' ? '' : call.status === 'timed-out' ? 'crit, ' : 'active, ';
    bars.push({
      section: 'Commands',
      name: `Command ${call.index}`,
      from: call.startedAt,
      to: call.endedAt ?? call.startedAt,
      tag,
    });
  }
  if (bars.length === 0) return [];
  const shown = bars.sort((a, b) => a.from - b.from).slice(-TIMELINE_MAX_BARS);
  const lines = ['gantt', '  dateFormat x', '  axisFormat %M:%S'];
  for (const section of ['Model', 'Commands']) {
    const inSection = shown.filter((bar) => bar.section === section);
    if (inSection.length === 0) continue;
    lines.push(`  section ${section}`);
    for (const bar of inSection) {
      const from = bar.from - facts.startedAt;
      // A bar of no length does not show; a millisecond is the least Mermaid draws.
      const to = Math.max(bar.to - facts.startedAt, from + 1);
      lines.push(`  ${bar.name} : ${bar.tag}${from}, ${to}`);
    }
  }
  const title = `Timeline${bars.length > shown.length ? ` (the last ${shown.length} of ${bars.length})` : ''}`;
  return [details(title, fenced(lines.join('\n'), 'mermaid')), ''];
}

const isPlainHttps = (url: string | undefined): url is string =>
  url !== undefined && /^https:\/\/[^\s?#<>()]+$/.test(url);

/** Where the whole record is: the artifact, or the file on the runner and why it was not uploaded. */
function transcriptLink(facts: RunFacts): string[] {
  const record = facts.transcriptFile;
  if (!record) return [];
  if (record.artifact && isPlainHttps(record.artifact.url)) {
    return [`[Transcript](${record.artifact.url}) (every event as JSONL, zipped)`, ''];
  }
  const why = record.notUploaded ? ` (not uploaded: ${escapeInline(record.notUploaded)})` : '';
  return [`Transcript: ${inlineCode(record.file)} on the runner${why}`, ''];
}

function linkLine(facts: RunFacts): string[] {
  return isPlainHttps(facts.runUrl) ? [`[Workflow run](${facts.runUrl})`, ''] : [];
}

/**
 * The outcome in words for a headline: at a limit, how far the run got and what to raise
 * (`⏸️ Stopped after 6 of 6 turns — raise `max-turns``), said there once.
 */
export function outcomeWords(facts: RunFacts): string {
  const stop = stoppedAt(facts);
  if (!stop) return HEADLINES[facts.conclusion];
  // The statement is the action's own words and figures: markdown as it stands.
  const mark = HEADLINES[facts.conclusion].split(' ', 1)[0];
  return `${mark} ${stop}`;
}

/** What went wrong or stopped the run, when the headline does not already say it; else undefined. */
export function detailBeyondHeadline(facts: RunFacts): string | undefined {
  const { conclusion, detail } = facts;
  if (conclusion === 'success' || conclusion === 'skipped' || !detail) return undefined;
  const limit = conclusion !== 'error' && conclusion !== 'cancelled' ? conclusion : undefined;
  return limit && saysNoMoreThanStop(limit, detail) ? undefined : detail;
}

function headline(facts: RunFacts): string {
  return `## Bash agent: ${outcomeWords(facts)}`;
}

/** The summary markdown, at most SUMMARY_MAX_BYTES. The facts come from redacted events. */
export function renderSummary(facts: RunFacts): string {
  // The error, which says what to set, is all there is to read: figures of zero, an empty table
  // and blocks of settings would only bury it.
  if (failedAtStart(facts)) {
    return [headline(facts), '', ...warnings(facts), ...linkLine(facts)].join('\n');
  }
  const head = [
    headline(facts),
    '',
    // A skipped run did nothing: figures of zero would only hide why, which comes next.
    ...(facts.conclusion === 'skipped' ? [] : [figures(facts), '', ...transcriptLink(facts)]),
    // Where the work went (or why it went nowhere), in the commit stage's words.
    ...renderChanges(facts, SUMMARY_MAX_FILES),
    ...warnings(facts),
    ...finalMessage(facts),
    ...structuredOutputBlock(facts),
  ].join('\n');
  const tail = [
    ...(facts.task
      ? [
          details(
            'Task',
            fenced(clipBytes(showControls(facts.task), TASK_MAX_BYTES, REST_IN_TRANSCRIPT)),
          ),
          '',
        ]
      : []),
    modelBlock(facts),
    '',
    ...settingsBlock(facts),
    ...timeline(facts),
    ...linkLine(facts),
  ].join('\n');

  // The table gives way only when even without outputs it would not fit: its oldest rows first.
  let rows = facts.calls;
  const fixedBytes = byteLength(head) + byteLength(tail) + GUARD_SLACK_BYTES;
  const rowBytes = rows.map((call) => byteLength(tableRow(call, ' (not in the summary)')) + 1);
  let tableBytes = rowBytes.reduce((sum, bytes) => sum + bytes, 0);
  let hiddenRows = 0;
  while (rows.length > 0 && fixedBytes + tableBytes > SUMMARY_MAX_BYTES) {
    tableBytes -= rowBytes[hiddenRows]!;
    hiddenRows += 1;
    rows = facts.calls.slice(hiddenRows);
  }
  const withOutput = rows.filter((call) => call.kind !== undefined);
  const plans = planOutputs(withOutput, SUMMARY_MAX_BYTES - fixedBytes - tableBytes);
  const planOf = new Map(plans.map((plan) => [plan.call.index, plan]));
  const note = (call: CallRecord): string => {
    const plan = planOf.get(call.index);
    if (plan?.dropped) return ' (not in the summary)';
    return plan?.cut ? ' (cut in the summary)' : '';
  };

  const commands: string[] = [];
  if (facts.calls.length > 0) {
    commands.push(`### Commands`, '');
    if (hiddenRows > 0) {
      commands.push(
        `_The first ${counted(hiddenRows, 'call')} are left out to keep the summary under 1 MB; the transcript file has them._`,
        '',
      );
    }
    const table = [...TABLE_HEAD, ...rows.map((call) => tableRow(call, note(call)))].join('\n');
    // A long table would push everything after it out of sight; the warnings above name what failed.
    commands.push(
      rows.length > TABLE_OPEN_MAX_ROWS
        ? details(`All ${counted(rows.length, 'call')}`, table)
        : table,
      '',
    );
    const kept = plans.filter((plan) => !plan.dropped);
    const dropped = plans.length - kept.length;
    if (kept.length > 0 || dropped > 0) {
      const blocks = kept.map((plan) => outputBlock(plan.call, plan.text));
      const left =
        dropped > 0
          ? [
              `_${counted(dropped, 'older output')} left out to keep the summary under 1 MB; the transcript file has them._`,
              '',
            ]
          : [];
      commands.push(details(`Outputs (${kept.length})`, [...left, ...blocks].join('\n')), '');
    }
  }
  return `${head}\n${commands.join('\n')}\n${tail}\n`;
}

/**
 * The summary of a run whose report was cut short by the forced exit of an overrunning wind-down:
 * the headline, the figures and the warning block (which says what happened), all of bounded size
 * and quick to render; the transcript file has the rest.
 */
export function renderCutShortSummary(facts: RunFacts): string {
  return [
    headline(facts),
    '',
    figures(facts),
    '',
    ...warnings(facts),
    '_The process was ended before the report was complete, so this summary is short; the transcript file has everything recorded until then._',
    '',
    ...linkLine(facts),
  ].join('\n');
}
