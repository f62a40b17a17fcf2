// action.yml as data, read with a real YAML parser: the one place the scripts learn the action's
// inputs and outputs, so comments, quoting and folded or literal blocks mean what YAML says.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface ActionInput {
  name: string;
  description: string;
  /** The default as written (`''` when there is none); it may be an expression such as `${{ github.token }}`. */
  default: string;
  required: boolean;
}

export interface ActionOutput {
  name: string;
  description: string;
}

export interface ActionMetadata {
  inputs: ActionInput[];
  outputs: ActionOutput[];
  /** `runs.using`, the runtime the runner starts the action on (`node24`). */
  using: string;
}

/** The action.yml of this checkout. */
export const ACTION_YML = new URL('../action.yml', import.meta.url);

/** Reads action.yml's text; throws naming the input or output that is not shaped as GitHub wants. */
export function parseActionYml(text: string): ActionMetadata {
  const document = parse(text) as { inputs?: unknown; outputs?: unknown; runs?: unknown } | null;
  const inputs = Object.entries(mappingOf(document?.inputs, 'inputs')).map(([name, value]) => {
    const input = mappingOf(value, `inputs.${name}`);
    return {
      name,
      description: scalarOf(input.description, `inputs.${name}.description`),
      default: scalarOf(input.default, `inputs.${name}.default`),
      required: input.required === true || input.required === 'true',
    };
  });
  const outputs = Object.entries(mappingOf(document?.outputs, 'outputs')).map(([name, value]) => ({
    name,
    description: scalarOf(
      mappingOf(value, `outputs.${name}`).description,
      `outputs.${name}.description`,
    ),
  }));
  const using = scalarOf(mappingOf(document?.runs, 'runs').using, 'runs.using');
  return { inputs, outputs, using };
}

/** Reads this checkout's action.yml. */
export function readActionYml(file: URL | string = ACTION_YML): ActionMetadata {
  return parseActionYml(readFileSync(file, 'utf8'));
}

/**
 * What the runner would pass for an input left unset, outside a runner: an expression default
 * (`${{ github.token }}`) has no value there, so it counts as empty.
 */
export function localDefault(input: ActionInput): string {
  return input.default.includes('${{') ? '' : input.default;
}

function mappingOf(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`action.yml: ${where} is not a mapping`);
  }
  return value as Record<string, unknown>;
}

/** A scalar as the runner sees it: a string (`16000` and `true` are the strings they spell). */
function scalarOf(value: unknown, where: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') throw new Error(`action.yml: ${where} is not a scalar`);
  return String(value);
}
