/**
 * The max-output cap counts everything the model gets: head, tail, the omission marker and the
 * note on how the command ended. Checked over many output lengths and caps, tiny ones included,
 * through the same capture the session uses, and through a real bash session.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandResult } from '../__fixtures__/command-result.js';
import { buildShellEnv } from '../src/shell/env.js';
import { formatCommandResult, omissionMarker } from '../src/shell/format.js';
import { OutputCapture } from '../src/shell/output.js';
import type { CommandResult } from '../src/shell/result.js';
import { BashSession } from '../src/shell/session.js';

/** A deterministic generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Output as the session builds it: captured up to `cap`, head + marker + tail when cut. */
function captured(output: string, cap: number, ending: Partial<CommandResult>): CommandResult {
  const capture = new OutputCapture(cap);
  for (let at = 0; at < output.length; at += 997) capture.append(output.slice(at, at + 997));
  const { head, tail, omitted } = capture.result();
  return commandResult({
    output: omitted > 0 ? `${head}${omissionMarker(omitted)}${tail}` : head + tail,
    omittedChars: omitted,
    ...ending,
  });
}

const ENDINGS: ReadonlyArray<[string, Partial<CommandResult>]> = [
  ['success', {}],
  ['exit 2', { exitCode: 2 }],
  ['timeout', { exitCode: null, timedOut: true, timeoutMs: 2_800, restarted: true }],
  ['shell exit', { exitCode: null, shellExited: true, shellExitStatus: 3, restarted: true }],
];

/** Numbered lines, so any reordering or duplication of kept text shows. */
function numbered(length: number): string {
  let text = '';
  for (let line = 1; text.length < length; line += 1) text += `line ${line}\n`;
  return text.slice(0, length);
}

describe('the max-output cap', () => {
  it('is never exceeded, over many lengths and caps, tiny caps included', () => {
    const next = random(8);
    const caps = [1, 2, 5, 10, 20, 40, 41, 60, 100, 150, 200, 201, 333, 1_000, 4_096, 30_000];
    for (let round = 0; round < 60; round += 1) caps.push(1 + Math.floor(next() * 5_000));
    for (const cap of caps) {
      const lengths = [0, 1, cap - 1, cap, cap + 1, cap + 40, 2 * cap, 10 * cap + 7];
      lengths.push(Math.floor(next() * 20 * cap));
      for (const length of lengths.filter((n) => n >= 0)) {
        const output = numbered(length);
        for (const [name, ending] of ENDINGS) {
          const { text } = formatCommandResult(captured(output, cap, ending), { maxOutput: cap });
          if (text.length > cap) {
            throw new Error(`cap ${cap}, output ${length}, ${name}: ${text.length} characters`);
          }
        }
      }
    }
  });

  it('keeps head and tail around one marker that counts exactly what was dropped', () => {
    const next = random(42);
    for (let round = 0; round < 300; round += 1) {
      const cap = 200 + Math.floor(next() * 3_000);
      const output = numbered(cap + 1 + Math.floor(next() * 50 * cap));
      const [, ending] = ENDINGS[round % ENDINGS.length]!;
      const { text } = formatCommandResult(captured(output, cap, ending), { maxOutput: cap });

      const marker = /\n\[\.\.\. (\d+) characters omitted \.\.\.\]\n/.exec(text);
      expect(marker).not.toBeNull();
      const head = text.slice(0, marker!.index);
      const rest = text.slice(marker!.index + marker![0].length);
      // The note (if any) follows the tail on its own line, after a line break added when the
      // output did not end with one.
      const noteAt = rest.search(/\[(exit code|timed out|the shell exited)[^\n]*$/);
      let tail = noteAt >= 0 ? rest.slice(0, noteAt) : rest;
      if (noteAt >= 0 && !output.endsWith(tail)) tail = tail.replace(/\n$/, '');
      expect(output.startsWith(head)).toBe(true);
      expect(output.endsWith(tail)).toBe(true);
      expect(head.length + Number(marker![1]) + tail.length).toBe(output.length);
      // Little room is wasted: the text fills the cap but for the digits the marker may have lost.
      expect(text.length).toBeGreaterThan(cap - 12);
    }
  });

  it('leaves output that fits untouched, and ends a failure with its note whatever the cap', () => {
    expect(formatCommandResult(captured('ok\n', 200, {}), { maxOutput: 200 }).text).toBe('ok\n');
    const failed = formatCommandResult(captured(numbered(5_000), 300, { exitCode: 7 }), {
      maxOutput: 300,
    });
    expect(failed.isError).toBe(true);
    expect(failed.text.endsWith('\n[exit code: 7]')).toBe(true);
    expect(failed.text).toHaveLength(300);
  });
});

describe('the time-out note', () => {
  const timedOut = captured('partial\n', 1_000, {
    exitCode: null,
    timedOut: true,
    timeoutMs: 2_800,
    restarted: true,
  });

  it("says the run's deadline cut the command when it did, not command-timeout", () => {
    expect(formatCommandResult(timedOut, { cutByDeadline: true }).text).toMatch(
      /^partial\n\[timed out after 2\.8 s, cut short by the run's deadline \(time-limit is near\), not by command-timeout: /,
    );
    expect(formatCommandResult(timedOut).text).toMatch(/^partial\n\[timed out after 2\.8 s: /);
  });
});

describe('through a real bash session', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'output-cap-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([200, 257, 1_000])(
    'returns at most max-output (%i) characters of a long output, marker and exit code included',
    async (maxOutput) => {
      const session = await BashSession.start({
        cwd: dir,
        env: buildShellEnv(process.env, []).env,
        maxOutput,
        defaultTimeoutMs: 10_000,
      });
      try {
        const result = await session.run('seq 1 100000; exit 3');
        const { text } = formatCommandResult(result, { maxOutput });
        expect(text.length).toBeLessThanOrEqual(maxOutput);
        expect(text.startsWith('1\n2\n3\n')).toBe(true);
        expect(text).toMatch(/\n99999\n100000\n\[the shell exited with status 3; /);
        expect(text).toMatch(/characters omitted/);
      } finally {
        await session.close();
      }
    },
  );
});
