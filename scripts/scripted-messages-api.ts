// `node --import tsx scripts/scripted-messages-api.ts FACTS_FILE`: a scripted Messages API on
// loopback for CI's run of the action itself (`uses: ./`). It asks for one command, then answers
// with a final text only if that command's output came back, so the job proves the whole round
// trip: the request, the policy, the real shell, the tool result. Once the server listens,
// FACTS_FILE gets `url=`, `output=` and `result=` lines (the base URL, what the command prints, the
// final text) in the step-output format, for the job's later steps to check against; the server
// runs until it is killed.
import { renameSync, writeFileSync } from 'node:fs';
import { startMessagesServer } from '../__fixtures__/messages-server.js';
import { apiError, commands, final, toolResults } from '../__fixtures__/messages.js';

/** What the command prints, and so what its tool result must hold. */
const SELF_TEST_OUTPUT = 'hello from the runner';
/** The final text, and so the action's `result` output. */
const SELF_TEST_RESULT = 'The self-test ran its command.';

const factsFile = process.argv[2];
if (!factsFile) {
  process.stderr.write('usage: scripted-messages-api.ts FACTS_FILE\n');
  process.exit(2);
}

const server = await startMessagesServer((request, index) => {
  if (index === 0) return commands(`echo ${SELF_TEST_OUTPUT}`);
  const output = toolResults(request.body)[0]?.content ?? '';
  if (index === 1 && output.includes(SELF_TEST_OUTPUT)) return final(SELF_TEST_RESULT);
  // Not retried, so the step fails at once and says why.
  return {
    ...apiError(400, 'invalid_request_error', `unexpected request ${index + 1}: ${output}`),
    headers: { 'x-should-retry': 'false' },
  };
});
// Written whole once the server listens, so a reader that sees the file sees all of it.
const facts = `url=${server.url}\noutput=${SELF_TEST_OUTPUT}\nresult=${SELF_TEST_RESULT}\n`;
writeFileSync(`${factsFile}.partial`, facts);
renameSync(`${factsFile}.partial`, factsFile);
process.stdout.write(`Scripted Messages API on ${server.url}\n`);
