/**
 * Structured output through the real loop, SDK and ajv against a scripted Messages API: the final
 * answer is checked against the schema, sent back with ajv's errors, and the run ends in `error`
 * when it never fits.
 */
import { describe, expect, it } from '@jest/globals';
import { runScripted } from '../__fixtures__/agent-harness.js';
import { commands, final, lastMessage } from '../__fixtures__/messages.js';
import { checkStructuredOutput, compileOutputSchema } from '../src/agent/structured-output.js';
import { MAX_SCHEMA_CORRECTIONS } from '../src/agent/loop.js';

const SCHEMA = await compileOutputSchema(
  JSON.stringify({
    type: 'object',
    properties: { broken: { type: 'boolean' }, files: { type: 'integer', minimum: 0 } },
    required: ['broken', 'files'],
    additionalProperties: false,
  }),
  "Input 'output-schema'",
);

function lastUserText(body: Parameters<typeof lastMessage>[0]): string {
  const last = lastMessage(body);
  expect(last.role).toBe('user');
  return last.content.map((block) => (block.type === 'text' ? String(block.text) : '')).join('\n');
}

describe('checkStructuredOutput', () => {
  it('accepts a bare document and one fenced as json, and nothing with prose around it', () => {
    expect(checkStructuredOutput(SCHEMA, ' {"broken": false, "files": 2}\n')).toEqual({
      valid: true,
      value: { broken: false, files: 2 },
    });
    expect(checkStructuredOutput(SCHEMA, '```json\n{"broken": true, "files": 0}\n```')).toEqual({
      valid: true,
      value: { broken: true, files: 0 },
    });
    expect(
      checkStructuredOutput(SCHEMA, 'Here it is:\n```json\n{"broken": true, "files": 0}\n```')
        .valid,
    ).toBe(false);
  });

  it('reports every error at once', () => {
    const check = checkStructuredOutput(SCHEMA, '{"files": -1, "extra": 1}');
    expect(check.valid).toBe(false);
    const errors = check.valid ? '' : check.errors;
    expect(errors).toContain("must have required property 'broken'");
    expect(errors).toContain('/files must be >= 0');
    expect(errors).toContain('must NOT have additional properties (extra)');
  });

  it('names the input when the schema is not JSON or not a schema', async () => {
    await expect(compileOutputSchema('{', "Input 'output-schema'")).rejects.toThrow(
      /^Input 'output-schema' is not JSON: /,
    );
    await expect(compileOutputSchema('{"minimum": "x"}', "Input 'output-schema'")).rejects.toThrow(
      /^Input 'output-schema' is not a valid JSON Schema: .*minimum/,
    );
    await expect(compileOutputSchema('42', "Input 'output-schema'")).rejects.toThrow(
      /must be a JSON Schema/,
    );
  });

  it('says where a schema is wrong and what was expected there, not the meta-schema’s chain', async () => {
    const problem = async (text: string): Promise<string> => {
      try {
        await compileOutputSchema(text, "Input 'output-schema'");
      } catch (error) {
        return (error as Error).message.replace(
          "Input 'output-schema' is not a valid JSON Schema: ",
          '',
        );
      }
      throw new Error(`compiled: ${text}`);
    };
    expect(await problem('{"minimum": "x"}')).toBe('at /minimum: expected a number, got "x"');
    expect(await problem('{"properties": {"a/b": {"minLength": -1}}}')).toBe(
      'at /properties/a~1b/minLength: expected >= 0, got -1',
    );
    // One line for the place, whatever branches of the meta-schema ajv tried there.
    expect(await problem('{"type": "objekt"}')).toBe(
      'at /type: expected one of "array", "boolean", "integer", "null", "number", "object", "string" or a list, got "objekt"',
    );
    expect(await problem('{"$ref": "#/definitions/nope"}')).toBe(
      "$ref '#/definitions/nope' leads nowhere",
    );
  });
});

describe('the loop with an output schema', () => {
  it('ends in success with the document when the first answer is valid', async () => {
    const { result, server, events } = await runScripted(
      [commands('echo hi'), final('{"broken": false, "files": 3}')],
      { outputSchema: SCHEMA },
    );
    expect(result.conclusion).toBe('success');
    expect(result.structuredOutput).toEqual({ broken: false, files: 3 });
    expect(server.requests).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({
      type: 'result',
      structuredOutput: { broken: false, files: 3 },
    });
  });

  it('sends an invalid answer back with ajv errors and takes the corrected one', async () => {
    const { result, server } = await runScripted(
      [final('{"broken": "yes", "files": 3}'), final('{"broken": true, "files": 3}')],
      { outputSchema: SCHEMA },
    );
    expect(result.conclusion).toBe('success');
    expect(result.structuredOutput).toEqual({ broken: true, files: 3 });
    expect(result.turns).toBe(2);
    expect(server.requests).toHaveLength(2);
    expect(lastUserText(server.requests[1]!.body)).toContain('/broken must be boolean');
  });

  it(`ends in error after ${MAX_SCHEMA_CORRECTIONS} corrections and sends nothing more`, async () => {
    const { result, server, events } = await runScripted(
      [final('not json'), final('{"broken": 1}'), final('{"files": 2}'), final('{}')],
      { outputSchema: SCHEMA },
    );
    expect(server.requests).toHaveLength(1 + MAX_SCHEMA_CORRECTIONS);
    expect(result.conclusion).toBe('error');
    expect(result.structuredOutput).toBeUndefined();
    expect(result.detail).toContain("must have required property 'broken'");
    expect(lastUserText(server.requests[1]!.body)).toContain('not a JSON document');
    expect(lastUserText(server.requests[2]!.body)).toContain('/broken must be boolean');
    const told = events.at(-1);
    expect(told).toMatchObject({ type: 'result', conclusion: 'error' });
    expect(told).not.toHaveProperty('structuredOutput');
  });

  it('counts corrections as turns: the last one max-turns allows is a wind-down asking for the document', async () => {
    const { result, server } = await runScripted(
      [final('{"broken": 1}'), final('{"broken": false, "files": 0}')],
      { outputSchema: SCHEMA, maxTurns: 2 },
    );
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1]!.body;
    expect(second.tool_choice).toEqual({ type: 'none' });
    expect(lastUserText(second)).toContain('JSON document the JSON Schema in the system prompt');
    // One request for the answer: the document, not the prose summary a run without a schema gets.
    expect(lastUserText(second)).not.toContain('what you found or changed');
    expect(result.conclusion).toBe('max-turns');
    expect(result.structuredOutput).toEqual({ broken: false, files: 0 });
  });

  it('never sends a correction past max-turns', async () => {
    const { result, server } = await runScripted([final('{"broken": 1}'), final('{}')], {
      outputSchema: SCHEMA,
      maxTurns: 1,
    });
    expect(server.requests).toHaveLength(1);
    expect(result.conclusion).toBe('error');
    expect(result.detail).toMatch(/not valid against output-schema \(stopped at/);
  });
});
