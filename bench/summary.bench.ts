/**
 * The job summary of the size guard's worst case: 500 turns, each with a command of 30,000
 * characters of output. Goals: at most 1,000,000 bytes and 200 ms from the recorded events to
 * the markdown (facts and rendering). The baseline, alternated in the same run, is
 * JSON.stringify of the same events: a pass over the same text that decides nothing.
 */
import { performance } from 'node:perf_hooks';
import { hugeRun } from '../__fixtures__/transcripts.js';
import { factsOf } from '../src/report/facts.js';
import { renderSummary, SUMMARY_MAX_BYTES } from '../src/report/summary.js';

const ROUNDS = 15;
const GOAL_MS = 200;

const events = hugeRun(500, 30_000);
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const render: number[] = [];
const baseline: number[] = [];
let bytes = 0;
// One of each first: the JIT warms up on both before anything is measured.
renderSummary(factsOf(events));
JSON.stringify(events);
for (let round = 0; round < ROUNDS; round += 1) {
  let start = performance.now();
  const markdown = renderSummary(factsOf(events));
  render.push(performance.now() - start);
  bytes = Buffer.byteLength(markdown);
  start = performance.now();
  JSON.stringify(events);
  baseline.push(performance.now() - start);
}

const renderMs = median(render);
const baselineMs = median(baseline);
const input = events.reduce(
  (sum, event) => sum + (event.type === 'tool_result' ? (event.output ?? event.text).length : 0),
  0,
);
process.stdout.write(
  [
    `synthetic run: 500 turns, ${input.toLocaleString('en-US')} characters of command output`,
    `summary: ${bytes.toLocaleString('en-US')} bytes (goal ≤ ${SUMMARY_MAX_BYTES.toLocaleString('en-US')}) ${bytes <= SUMMARY_MAX_BYTES ? 'ok' : 'OVER'}`,
    `render (median of ${ROUNDS}): ${renderMs.toFixed(1)} ms (goal ≤ ${GOAL_MS} ms) ${renderMs <= GOAL_MS ? 'ok' : 'OVER'}`,
    `baseline JSON.stringify of the events: ${baselineMs.toFixed(1)} ms; render / baseline = ${(renderMs / baselineMs).toFixed(2)}`,
    '',
  ].join('\n'),
);
