import { describe, expect, it } from '@jest/globals';
import { liveCommands } from '../__fixtures__/runner-commands.js';
import { SETTINGS, TranscriptBuilder, realisticRun } from '../__fixtures__/transcripts.js';
import { factsOf } from '../src/report/facts.js';
import {
  closingLine,
  eventLog,
  FINAL_MESSAGE_HEADING,
  RUNNING_AFTER_MS,
  writeErrors,
  type LogSink,
} from '../src/report/log.js';
import type { RecordedEvent, TranscriptEvent } from '../src/transcript.js';
import { commandLine } from '../src/run/workflow-commands.js';

/**
 * A sink that writes lines as the action does, workflow commands spelled by the action's own
 * writer, and keeps them as the runner reads them: a message of several lines is several lines.
 * `writes` counts the messages.
 */
function recordingSink(): LogSink & { lines: string[]; writes: number } {
  const lines: string[] = [];
  const sink = {
    lines,
    writes: 0,
    info: (message: string) => {
      sink.writes += 1;
      lines.push(...message.split(/\r\n|\r|\n/));
    },
    debug: (message: string) => lines.push(commandLine('debug', {}, message)),
    warning: (message: string) => lines.push(commandLine('warning', {}, message)),
    startGroup: (title: string) => lines.push(commandLine('group', {}, title)),
    endGroup: () => lines.push(commandLine('endgroup', {}, '')),
  };
  return sink;
}

function logOf(events: readonly RecordedEvent[]): string[] {
  const sink = recordingSink();
  const log = eventLog(sink);
  for (const event of events) log.write(event);
  return sink.lines;
}

/** Asserts that `lines` are one stop-commands block with a fresh token, and that only it acts. */
function expectOneBlock(lines: string[]): void {
  expect(lines[0]).toMatch(/^::stop-commands::bash-agent-[0-9a-f]{32}$/);
  expect(liveCommands(lines).map((command) => command.name)).toEqual([
    'stop-commands',
    lines[0]!.slice('::stop-commands::'.length),
  ]);
}

/** What the log writes for one command's output, its result event alone. */
function outputLines(output: string): string[] {
  const events = new TranscriptBuilder().command('cmd', output).result('success', '');
  const result = events.find((event) => event.type === 'tool_result')!;
  const sink = recordingSink();
  eventLog(sink).write(result);
  return sink.lines.slice(1, -1);
}

const HOSTILE = [
  '::error::from a command',
  'status: ##[error]legacy form anywhere in the line',
  '::set-output name=a::b',
  '  ::warning::after spaces',
  '::stop-commands::guessed',
  '::error::inside a guessed block',
  '::guessed::',
  '::add-mask::x',
  'cr\r::error::after a carriage return',
  '##[group]opened by output',
].join('\n');

describe('the log', () => {
  it('leaves no workflow command live in command output or model text, as the runner parses the log', () => {
    const events = new TranscriptBuilder()
      .exchange(`Model text\n${HOSTILE}`)
      .command(`printf '%s' "${HOSTILE.replace(/\n/g, '\\n')}"`, HOSTILE, { exitCode: 3 })
      .command('echo "status: ##[error]in the command line"', 'status: ##[error]x\n')
      .result('success', HOSTILE);
    const lines = logOf(events);

    const live = liveCommands(lines);
    // Only the log's own structure acts: groups, and stop-commands blocks each resumed by its token.
    const names = live.map((command) => command.name);
    expect(
      names.filter((name) => !['group', 'endgroup', 'stop-commands', 'debug'].includes(name)),
    ).toEqual(live.filter((c) => c.name.startsWith('bash-agent-')).map((c) => c.name));
    expect(live.some((command) => /^(error|warning|set-output|add-mask)$/.test(command.name))).toBe(
      false,
    );
    const stops = live.filter((command) => command.name === 'stop-commands');
    expect(stops.length).toBeGreaterThanOrEqual(2);
    for (const stop of stops) {
      expect(live.some((command) => command.name === stop.data.toLowerCase())).toBe(true);
    }
    // The text is still there to read, every line behind its prefix.
    expect(lines).toContain('│ ::error::from a command');
    expect(lines).toContain('│ status: ##[error]legacy form anywhere in the line');
    expect(
      lines.some((line) =>
        /^\s*(::(?!group|endgroup|stop-commands|bash-agent-|debug::(Request|Response) )|##\[)/.test(
          line,
        ),
      ),
    ).toBe(false);
  });

  it('shows a command still running when the log is let out, once, in one plain line, before its group', () => {
    const events = new TranscriptBuilder().command('ls -la', 'x\n').result('success', '');
    const result = events.findIndex((event) => event.type === 'tool_result');
    const sink = recordingSink();
    const log = eventLog(sink);
    for (const event of events.slice(0, result)) log.write(event);
    const started = events[result - 1]!.at;
    // Not within its first second: most commands end by then, and need no line of their own.
    log.showRunning(started + RUNNING_AFTER_MS - 1);
    expect(sink.lines.filter((line) => line.includes('ls -la'))).toEqual([]);
    log.showRunning(started + RUNNING_AFTER_MS);
    log.showRunning();
    expect(sink.lines.filter((line) => line.includes('ls -la'))).toEqual(['Running: $ ls -la']);
    for (const event of events.slice(result)) log.write(event);
    log.showRunning();
    expect(sink.lines.filter((line) => line.includes('ls -la'))).toEqual([
      'Running: $ ls -la',
      '::group::✓ · $ ls -la, 0.3 s',
    ]);
  });

  it('gives a command that ended before the log was let out no line but its group', () => {
    const sink = recordingSink();
    const log = eventLog(sink);
    for (const event of new TranscriptBuilder().command('ls -la', 'x\n').result('success', '')) {
      log.write(event);
    }
    log.showRunning();
    expect(sink.lines.filter((line) => line.includes('ls -la'))).toEqual([
      '::group::✓ · $ ls -la, 0.3 s',
    ]);
  });

  it('shows a running command whose line holds the legacy form inside a block', () => {
    const events = new TranscriptBuilder().command('echo "##[error]x"', '').result('success', '');
    const sink = recordingSink();
    const log = eventLog(sink);
    log.write(events.find((event) => event.type === 'tool_call')!);
    log.showRunning();
    expect(sink.lines).toHaveLength(3);
    expectOneBlock(sink.lines);
    expect(sink.lines[1]).toBe('Running: $ echo "##[error]x"');
  });

  it('writes a block only around text with a line that could act behind its prefix', () => {
    // Behind `│ `, no line starts with `::`: only the legacy form, which acts anywhere, needs one.
    expect(outputLines('::error::x\n  ::warning::y')).toEqual(['│ ::error::x', '│   ::warning::y']);
    // The runner matches by its culture's rules, which may skip invisible characters: they count.
    for (const output of ['a ##[error]b', '#\u200b#[error]b', '#\u00ad#\u2060[error]b']) {
      expect(outputLines(output)[0]).toMatch(/^::stop-commands::bash-agent-/);
    }
    // A control character is written as its escape, which no longer joins the two `#`s.
    expect(outputLines('#\u0000#[error]b')).toEqual(['│ #\\x00#[error]b']);
    const notice = (message: string): string[] => {
      const sink = recordingSink();
      eventLog(sink).write({ type: 'notice', level: 'info', message, at: 0 });
      return sink.lines;
    };
    expect(notice('Retrying in 2 s')).toEqual(['Retrying in 2 s']);
    // Without a prefix, a line that starts with `::`, after any white space .NET trims, is blocked.
    for (const message of [
      '::error::x',
      'a\n \t::error::x',
      'a\r\u2028\u00a0::error::x',
      '\u200b::error::x',
      ':\u2060:error::x',
    ]) {
      expectOneBlock(notice(message));
    }
    // NEL, which .NET trims as white space, is a control character: written as its escape, inert.
    expect(notice('a\r\u0085::error::x')).toEqual(['a', '\\x85::error::x']);
  });

  it('draws a fresh random token for every block, so text cannot learn one from an earlier block', () => {
    const events = new TranscriptBuilder()
      .command('echo a', '##[error]a\n')
      .command('echo b', '##[error]b\n')
      .result('success', '');
    const tokens = logOf(events)
      .filter((line) => line.startsWith('::stop-commands::'))
      .map((line) => line.slice('::stop-commands::'.length));
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^bash-agent-[0-9a-f]{32}$/);
  });

  it('titles each command group with its outcome: ✓, exit code, denied, timed out, shell exited', () => {
    const events = new TranscriptBuilder()
      .command('ls', 'a\n')
      .command('false', '', { exitCode: 2 })
      .denied('rm -rf /', 'no-matching-pattern', 'rm -rf /')
      .command('sleep 500', '', { timedOut: true, exitCode: null }, 120_000)
      .command('exit 3', '', { shellExited: true, exitCode: null })
      .result('success', '');
    const groups = logOf(events).filter((line) => line.startsWith('::group::'));
    expect(groups).toEqual([
      '::group::✓ · $ ls, 0.3 s',
      '::group::exit 2 · $ false, 0.3 s',
      '::group::denied (no-matching-pattern) · $ rm -rf /',
      '::group::timed out · $ sleep 500, 120.0 s',
      '::group::shell exited · $ exit 3, 0.3 s',
    ]);
  });

  it('opens and closes one group per command, and shows every line of a command of several lines', () => {
    const events = new TranscriptBuilder()
      .command('cd src\n::error::in the command\nls', 'x\n')
      .result('success', '');
    const lines = logOf(events);
    expect(lines.filter((line) => line.startsWith('::group::'))).toHaveLength(1);
    expect(lines.filter((line) => line === '::endgroup::')).toHaveLength(1);
    expect(lines).toContain('$ ::error::in the command');
    expect(liveCommands(lines).some((command) => command.name === 'error')).toBe(false);
  });

  it('writes the output of a command of a thousand lines as one message, every line behind its prefix', () => {
    const lines = Array.from({ length: 1000 }, (_, i) =>
      i % 3 === 0 ? `::error::line ${i}` : `line ${i}`,
    );
    // All three line ends the runner knows, in turn.
    const output = lines.reduce(
      (text, line, i) => `${text}${line}${['\n', '\r\n', '\r'][i % 3]}`,
      '',
    );
    const events = new TranscriptBuilder().command('npm test', output).result('success', '');
    const result = events.findIndex((event) => event.type === 'tool_result');
    const sink = recordingSink();
    const log = eventLog(sink);
    for (const event of events.slice(0, result)) log.write(event);
    const before = { writes: sink.writes, lines: sink.lines.length };
    log.write(events[result]!);
    expect(sink.writes - before.writes).toBe(1);
    const written = sink.lines.slice(before.lines);
    // The group's title, the 1000 lines and the empty one after the last break, the group's end:
    // behind their prefix the `::error::` lines cannot act, so no block is needed.
    expect(written).toHaveLength(1003);
    expect(written[0]).toMatch(/^::group::✓ · \$ npm test/);
    expect(written.slice(1, 1002)).toEqual([...lines, ''].map((line) => `│ ${line}`));
    expect(written[1002]).toBe('::endgroup::');
    expect(liveCommands(sink.lines).some((command) => command.name === 'error')).toBe(false);
  });

  it('names the model each request went to, so a switch to the fallback shows in the log', () => {
    const request = (turn: number, model?: string): TranscriptEvent => ({
      type: 'request',
      turn,
      ...(model ? { model } : {}),
      maxTokens: 16_000,
      promptTokens: 1_000,
      promptMeasure: 'estimated',
      estimatedUsd: 0.05,
    });
    const events = new TranscriptBuilder()
      .event(request(1, 'claude-sonnet-5-5'))
      .event(request(2, 'claude-haiku-4-5'))
      // A transcript from before requests named their model: the run's model stands in.
      .event(request(3))
      .result('success', '');
    const requestLines = logOf(events)
      .filter((line) => line.startsWith('::debug::Request '))
      .map((line) => line.slice('::debug::'.length));
    expect(requestLines.map((line) => line.slice(0, line.indexOf(':')))).toEqual([
      `Request 1 of at most ${SETTINGS.maxTurns} to claude-sonnet-5-5`,
      `Request 2 of at most ${SETTINGS.maxTurns} to claude-haiku-4-5`,
      `Request 3 of at most ${SETTINGS.maxTurns} to ${SETTINGS.model}`,
    ]);
  });

  it('says how each prompt was sized: counted, at most a bound, or estimated', () => {
    const events = new TranscriptBuilder();
    (['counted', 'bounded', 'estimated'] as const).forEach((promptMeasure, index) =>
      events.event({
        type: 'request',
        turn: index + 1,
        maxTokens: 16_000,
        promptTokens: 1_000 * (index + 1),
        promptMeasure,
        estimatedUsd: 0.05,
      }),
    );
    const prompts = logOf(events.result('success', ''))
      .filter((line) => line.startsWith('::debug::Request '))
      .map((line) => /: prompt (.*), max_tokens 16000, at most \$0\.0500$/.exec(line)?.[1]);
    expect(prompts).toEqual([
      '1000 tokens (counted)',
      'at most 2000 tokens (bounded by its bytes; not counted, as the budget is far)',
      '3000 tokens (estimated)',
    ]);
  });

  it('gives a quiet turn one line outside its command groups, the accounting as debug output', () => {
    const lines = logOf(realisticRun());
    const shown = lines.filter((line) => !line.startsWith('::debug::'));
    // Outside the groups: the turns' lines, the final message under its heading.
    const outside: string[] = [];
    let inGroup = false;
    for (const line of shown) {
      if (line.startsWith('::group::')) inGroup = true;
      else if (line === '::endgroup::') inGroup = false;
      else if (!inGroup) outside.push(line);
    }
    const headingAt = outside.indexOf(FINAL_MESSAGE_HEADING);
    expect(headingAt).toBeGreaterThan(0);
    const turns = outside.slice(0, headingAt);
    // One line a turn, each with the model's words when it had some.
    expect(turns).toEqual([
      expect.stringMatching(
        /^Turn 1 of 30: 2\.0 s, \$0\.\d{4} │ I'll start by looking at the repository layout and running the tests\.$/,
      ),
      expect.stringMatching(
        /^Turn 2 of 30: .* │ The month is not padded\. Let me look at the formatter\.$/,
      ),
      expect.stringMatching(
        /^Turn 3 of 30: .* │ `sed` is not allowed here; I will report the fix instead\.$/,
      ),
      expect.stringMatching(/^Turn 4 of 30: 2\.0 s, \$0\.\d{4}$/),
    ]);
    // The final message once, under its heading, and not again with its turn.
    expect(outside.slice(headingAt + 1)[0]).toBe('│ ## The failing test');
    expect(lines.filter((line) => line.includes('does not pad the month'))).toHaveLength(1);
    // The accounting is still there for a debug run: a request and a response line per turn.
    expect(lines.filter((line) => /^::debug::(Request|Response) \d/.test(line))).toHaveLength(8);
    expect(shown.some((line) => /bounded by its bytes|cache write|max_tokens/.test(line))).toBe(
      false,
    );
  });

  it('names an unusual stop reason, a switch of model and the last request a limit allows in the turn line', () => {
    const events = new TranscriptBuilder()
      .event({
        type: 'request',
        turn: 1,
        model: 'claude-haiku-4-5',
        windDown: 'max-turns',
        maxTokens: 100,
        promptTokens: 1_000,
        promptMeasure: 'counted',
        estimatedUsd: 0.01,
      })
      .event({
        type: 'response',
        turn: 1,
        stopReason: 'max_tokens',
        text: 'cut',
        usage: { inputTokens: 9, outputTokens: 100, cacheReadTokens: 0, cacheWriteTokens: 0 },
        costUsd: 0.0021,
        durationMs: 1_500,
      })
      .result('max-turns', '');
    const turn = logOf(events).find((line) => line.startsWith('Turn 1'));
    expect(turn).toMatch(
      /^Turn 1 of 30 on claude-haiku-4-5 \(the last one .+ allows\): 1\.5 s, \$0\.0021, stop reason max_tokens │ cut$/,
    );
  });

  it('writes a final message sent back for a correction as a turn’s text, and only the last under the heading', () => {
    const events = new TranscriptBuilder()
      .exchange('{"wrong": true}', 'end_turn')
      .exchange('{"right": true}', 'end_turn')
      .result('success', '{"right": true}');
    const lines = logOf(events).filter((line) => !line.startsWith('::debug::'));
    expect(lines.filter((line) => line.includes('wrong'))).toEqual(['│ {"wrong": true}']);
    const heading = lines.indexOf(FINAL_MESSAGE_HEADING);
    expect(lines.slice(heading)).toEqual([FINAL_MESSAGE_HEADING, '│ {"right": true}']);
  });

  it('writes each error once: the one the step fails with is left to the failure', () => {
    const failed = factsOf(
      new TranscriptBuilder()
        .event({ type: 'error', message: 'Anthropic API error 401 authentication_error' })
        .result('error', '', 'Anthropic API error 401 authentication_error'),
    );
    const sink = recordingSink();
    for (const event of new TranscriptBuilder()
      .event({ type: 'error', message: 'x' })
      .result('error', '', 'x')) {
      eventLog(sink).write(event);
    }
    expect(
      sink.lines.filter((line) => line.includes('x') && !line.startsWith('::debug::')),
    ).toEqual([]);
    writeErrors(sink, failed);
    expect(sink.lines.filter((line) => line.includes('401'))).toEqual([]);
    // Errors the failure does not carry are written, once each.
    const other = factsOf(
      new TranscriptBuilder()
        .event({ type: 'error', message: 'Could not reach the shell' })
        .event({ type: 'error', message: 'Could not reach the shell' })
        .event({ type: 'error', message: 'The last one' })
        .result('error', '', 'The last one'),
    );
    writeErrors(sink, other);
    expect(sink.lines.filter((line) => line.startsWith('Error: '))).toEqual([
      'Error: Could not reach the shell',
    ]);
    // After a success, every error is written: no failure will show it.
    const after = factsOf(
      new TranscriptBuilder().event({ type: 'error', message: 'late' }).result('success', 'done'),
    );
    const late = recordingSink();
    writeErrors(late, after);
    expect(late.lines).toEqual(['Error: late']);
  });

  it('ends a run that failed before its first request without figures of zero', () => {
    const why = "Input 'max-turns' must be a whole number from 1 to 10000, got 'lots'";
    const facts = factsOf(
      new TranscriptBuilder().event({ type: 'error', message: why }).result('error', '', why),
    );
    expect(closingLine(facts)).toBe('Conclusion: error, before any request or command');
  });

  it('ends with one line of the figures', () => {
    const line = closingLine(factsOf(realisticRun()));
    expect(line).toMatch(
      /^Conclusion: success; 4 requests, 5 commands \(1 denied, 1 timed out, 1 failed\), estimated cost \$0\.0400, 2 min 17 s$/,
    );
  });
});
