/**
 * Structured output: the JSON Schema a run's final answer must satisfy (`output-schema` or
 * `output-schema-file`), how the answer is read out of the model's final text, and what the model
 * is told when it does not fit. The loop only asks `check` and sends back `correctionRequest`.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';

/** A compiled schema; built once at start (loadConfig) so a bad schema fails before any request. */
export interface OutputSchema {
  /** The schema as pretty JSON, for the system prompt. */
  readonly text: string;
  readonly validate: ValidateFunction;
}

export type SchemaCheck = { valid: true; value: unknown } | { valid: false; errors: string };

/**
 * Compiles `text` as a JSON Schema; throws an Error naming `source` (the input it came from) with
 * the parser's or ajv's message.
 */
export async function compileOutputSchema(text: string, source: string): Promise<OutputSchema> {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  if (typeof schema !== 'object' && typeof schema !== 'boolean') {
    throw new Error(`${source} must be a JSON Schema (an object or a boolean), got ${text.trim()}`);
  }
  // Loaded here, not with this module: a run without a schema never needs ajv, and it would
  // otherwise be evaluated before the first request.
  // Through `default` (module.exports, which carries Ajv too): the bundle's dynamic import of a
  // CommonJS module whose exports are a function gives no named exports.
  const { Ajv } = (await import('ajv')).default;
  // allErrors: the model gets every problem at once, not one per correction.
  const ajv = new Ajv({ allErrors: true, strict: false });
  if (!ajv.validateSchema(schema as object)) {
    const problems = schemaProblems(schema, ajv.errors ?? []);
    throw new Error(`${source} is not a valid JSON Schema: ${problems.join('; ')}`);
  }
  try {
    const validate = ajv.compile(schema as object);
    return { text: JSON.stringify(schema, null, 2), validate };
  } catch (error) {
    const ref = (error as { missingRef?: unknown }).missingRef;
    const why = typeof ref === 'string' ? `$ref '${ref}' leads nowhere` : (error as Error).message;
    throw new Error(`${source} is not a valid JSON Schema: ${why}`);
  }
}

/** The words for a JSON type a schema keyword's value was expected to have. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  array: 'a list',
  object: 'an object',
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'null',
};

/** The part of a JSON document at a JSON pointer (`/properties/a/type`), if there is one. */
function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A schema's problems as ajv finds them against the JSON Schema meta-schema, in plain words: one
 * per place in the schema, `at /properties/a/type: expected one of "array", … or a list, got
 * "strin"`. Ajv reports each branch of the meta-schema it tried (a type, an enum, the anyOf that
 * joins them); the branches say what was expected, the joint adds nothing and is left out.
 */
function schemaProblems(schema: unknown, errors: readonly ErrorObject[]): string[] {
  const byPlace = new Map<string, string[]>();
  for (const error of errors) {
    if (['anyOf', 'oneOf', 'allOf', 'if', 'not'].includes(error.keyword)) continue;
    const params = error.params as { type?: string | string[]; allowedValues?: unknown[] };
    let expected: string;
    if (error.keyword === 'type') {
      const types = Array.isArray(params.type) ? params.type : [params.type ?? ''];
      expected = types.map((type) => TYPE_WORDS[type] ?? type).join(' or ');
    } else if (error.keyword === 'enum') {
      expected = `one of ${(params.allowedValues ?? []).map((value) => JSON.stringify(value)).join(', ')}`;
    } else {
      expected = (error.message ?? 'something else').replace(/^must (be )?/, '');
    }
    const list = byPlace.get(error.instancePath) ?? [];
    if (!list.includes(expected)) list.push(expected);
    byPlace.set(error.instancePath, list);
  }
  return [...byPlace].map(
    ([place, expected]) =>
      `at ${place === '' ? 'the top' : place}: expected ${expected.join(' or ')}, got ${JSON.stringify(valueAt(schema, place))}`,
  );
}

/**
 * The document in a final text: the whole text, or the body of one ```json (or bare ```) fence
 * when the model wrapped it as it often does. Anything else around the document is not accepted,
 * so prose with a JSON example inside is never mistaken for the answer.
 */
function documentText(text: string): string {
  const fenced = /^```(?:json)?[ \t]*\n([\s\S]*?)\n?```$/i.exec(text.trim());
  return fenced ? (fenced[1] ?? '') : text.trim();
}

function describeErrors(errors: readonly ErrorObject[]): string {
  return errors
    .map(
      (error) =>
        `${error.instancePath === '' ? '(root)' : error.instancePath} ${error.message ?? 'is invalid'}${error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})` : ''}`,
    )
    .join('; ');
}

/** Whether the final text is a JSON document valid against the schema. */
export function checkStructuredOutput(schema: OutputSchema, text: string): SchemaCheck {
  let value: unknown;
  try {
    value = JSON.parse(documentText(text));
  } catch (error) {
    return {
      valid: false,
      errors: `the final message is not a JSON document: ${(error as Error).message}`,
    };
  }
  if (schema.validate(value)) return { valid: true, value };
  return { valid: false, errors: describeErrors(schema.validate.errors ?? []) };
}

/**
 * The system prompt's section on the final answer when a schema is set: it stands in for the prose
 * one, so nothing asks for a summary the document has no room for.
 */
export function schemaPromptSection(schema: OutputSchema): string {
  return `When you are done, reply without a tool call. Your final message is the result of the run, and it is a JSON document: only a document valid against this JSON Schema, with no other text (a single \`\`\`json fence around it is accepted). Say what you did, found or left undone only where the schema has a place for it.\n${schema.text}`;
}

/** What the wind-down asks for when a schema is set, instead of the summary it asks for otherwise. */
export const WIND_DOWN_SCHEMA_ANSWER =
  'Write your final message now: the JSON document the JSON Schema in the system prompt describes, and nothing else; put what remains to be done in it where the schema allows.';

/** The user message that sends an invalid final answer back. */
export function correctionRequest(errors: string): string {
  return `Your final message is not valid against the required JSON Schema: ${errors}. Reply with only the corrected JSON document, without tool calls.`;
}
