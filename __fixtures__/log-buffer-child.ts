/**
 * A process whose stdout is held by bufferLog and that then ends the way argv[2] says, for the tests
 * that prove no held line is lost on any way out. The timer flushes only when argv[3] asks for it,
 * so in every other case the lines can only come out through the exit paths under test.
 */
import { writeSync } from 'node:fs';
import { bufferLog } from '../src/run/log-buffer.js';

const [way, flushEveryMs] = process.argv.slice(2);
const buffer = bufferLog(process.stdout, { flushEveryMs: Number(flushEveryMs ?? 3_600_000) });
// Another sink that holds its text until the log's flush points, as the JSONL file does; it
// writes past the log's stream, so its text comes out first.
let otherSink = 'other sink\n';
buffer.onFlush(() => {
  writeSync(1, otherSink);
  otherSink = '';
});
for (let line = 1; line <= 3; line += 1) process.stdout.write(`line ${line}\n`);
// Keeps the process alive until a signal comes; stderr is not held, so the test knows when.
const waitForSignal = (): void => {
  setInterval(() => undefined, 60_000);
  process.stderr.write('ready\n');
};

switch (way) {
  case 'end':
    break;
  case 'exit':
    process.exit(3);
    break;
  case 'throw':
    setImmediate(() => {
      throw new Error('uncaught in the child');
    });
    break;
  case 'reject':
    void Promise.reject(new Error('unhandled in the child'));
    break;
  case 'signal':
    waitForSignal();
    break;
  case 'own-signal-handler':
    process.on('SIGTERM', () => {
      process.stdout.write('handled\n');
      buffer.stop();
      process.exit(0);
    });
    waitForSignal();
    break;
  default:
    throw new Error(`unknown way out: ${way}`);
}
