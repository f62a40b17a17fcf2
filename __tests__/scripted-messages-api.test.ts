import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/* The scripted Messages API CI's self-test job runs the action against (scripts/scripted-messages-api.ts). */

const CHECKOUT = fileURLToPath(new URL('..', import.meta.url));
let server: ChildProcess | undefined;
let scratch: string | undefined;

afterEach(() => {
  server?.kill();
  server = undefined;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Starts the script as the job does and reads the facts it hands the later steps. */
async function startScript(): Promise<Record<string, string>> {
  scratch = mkdtempSync(path.join(tmpdir(), 'scripted-api-'));
  const factsFile = path.join(scratch, 'facts');
  const { NODE_OPTIONS: _jest, ...env } = process.env;
  server = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/scripted-messages-api.ts', factsFile],
    { cwd: CHECKOUT, env, stdio: 'ignore' },
  );
  for (let tries = 0; !existsSync(factsFile); tries++) {
    if (tries > 100) throw new Error('the scripted API wrote no facts');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Object.fromEntries(
    readFileSync(factsFile, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

async function post(url: string, messages: unknown[]) {
  const response = await fetch(`${url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', max_tokens: 10, messages }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The second request of a run: the command's result sent back as the loop sends it. */
function withToolResult(output: string, toolUseId: string) {
  return [
    { role: 'user', content: 'Print a greeting.' },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content: output }] },
  ];
}

describe('the self-test scripted Messages API', () => {
  it('asks for the command, then answers with the expected result once its output comes back', async () => {
    const facts = await startScript();
    expect(facts.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const first = await post(facts.url!, [{ role: 'user', content: 'Print a greeting.' }]);
    const toolUse = (first.body.content as Array<Record<string, unknown>>)[0]!;
    expect(toolUse).toMatchObject({ type: 'tool_use', input: { command: `echo ${facts.output}` } });

    const second = await post(facts.url!, withToolResult(`${facts.output}\n`, String(toolUse.id)));
    expect(second.status).toBe(200);
    expect(second.body.content).toEqual([
      expect.objectContaining({ type: 'text', text: facts.result }),
    ]);
  });

  it('fails the run, not retried, when the output that came back is not the command’s', async () => {
    const facts = await startScript();
    const first = await post(facts.url!, [{ role: 'user', content: 'Print a greeting.' }]);
    const toolUse = (first.body.content as Array<Record<string, unknown>>)[0]!;

    const second = await post(facts.url!, withToolResult('denied', String(toolUse.id)));
    expect(second.status).toBe(400);
    expect(JSON.stringify(second.body)).not.toContain(facts.result);
  });
});
