/**
 * One input's text to a value of its kind (a duration, a whole number, an amount, a boolean, a list,
 * a URL, a model id, a branch name): each refusal is an InputError that names the input, quotes the
 * value and says what form was expected.
 */
import { InputError } from '../base/errors.js';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
type DurationUnit = keyof typeof UNIT_MS;

/**
 * Parses `90`, `90s`, `5m`, `1h`, `1h30m`, `1.5h` into milliseconds; a bare number is in `bareUnit`.
 * Zero and negative durations are refused: a limit of nothing is always a mistake.
 */
export function parseDuration(input: string, value: string, bareUnit: 's' | 'm'): number {
  const text = value.trim().toLowerCase();
  const expected = `a duration like ${bareUnit === 's' ? '90, 90s, 5m or 1h (a bare number is seconds)' : '30, 45s, 20m or 1h (a bare number is minutes)'}`;
  let ms = 0;
  if (/^\d+(\.\d+)?$/.test(text)) {
    ms = Number(text) * UNIT_MS[bareUnit];
  } else {
    const segment = /(\d+(?:\.\d+)?)\s*(ms|s|m|h)/gy;
    let consumed = 0;
    for (let match = segment.exec(text); match; match = segment.exec(text)) {
      ms += Number(match[1]) * UNIT_MS[match[2] as DurationUnit];
      consumed = segment.lastIndex;
    }
    if (consumed === 0 || consumed !== text.length) {
      throw new InputError(input, `Input '${input}' must be ${expected}, got '${value}'`);
    }
  }
  if (!(ms >= 1) || !Number.isFinite(ms)) {
    throw new InputError(
      input,
      `Input '${input}' must be ${expected} greater than zero, got '${value}'`,
    );
  }
  return Math.round(ms);
}

/** A whole number within [min, max]. */
export function parseInteger(
  input: string,
  value: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const text = value.trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw new InputError(input, `Input '${input}' must be a whole number ${range}, got '${value}'`);
  }
  return n;
}

/** A non-negative decimal amount. */
export function parseAmount(input: string, value: string): number {
  const text = value.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) {
    throw new InputError(
      input,
      `Input '${input}' must be an amount in US dollars like 5 or 0.50 (0 disables it), got '${value}'`,
    );
  }
  return Number(text);
}

/** The YAML 1.2 core-schema booleans, as GitHub's own `getBooleanInput` accepts them. */
export function parseBoolean(input: string, value: string): boolean {
  const text = value.trim();
  if (['true', 'True', 'TRUE'].includes(text)) return true;
  if (['false', 'False', 'FALSE'].includes(text)) return false;
  throw new InputError(input, `Input '${input}' must be true or false, got '${value}'`);
}

/** Comma- or newline-separated names, trimmed, without empties. */
export function parseList(value: string): string[] {
  return value
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Environment variable names, as `env-passthrough` lists them. */
export function parseVariableNames(input: string, value: string): string[] {
  const names = parseList(value);
  const bad = names.find((name) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
  if (bad !== undefined) {
    throw new InputError(
      input,
      `Input '${input}' must list environment variable names (letters, digits and _), got '${bad}'`,
    );
  }
  return names;
}

export function parseBaseUrl(input: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(
      input,
      `Input '${input}' must be an http(s) URL like https://api.anthropic.com, got '${value}'`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InputError(
      input,
      `Input '${input}' must be an http(s) URL like https://api.anthropic.com, got '${value}'`,
    );
  }
  return value.replace(/\/+$/, '');
}

/** A model id as the API, a gateway or a cloud spells it; anything else is a typo to report. */
export function parseModelId(name: string, value: string): string {
  const model = value.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/.test(model)) {
    throw new InputError(
      name,
      `Input '${name}' must be a model id like claude-sonnet-5-5, got '${model}'`,
    );
  }
  return model;
}

/**
 * A branch name git accepts (`git check-ref-format --branch`'s rules), checked before the run so a
 * typo fails at once instead of after the agent's work.
 */
export function parseBranch(value: string): string {
  const name = value.trim();
  const bad =
    name.startsWith('-') ||
    name.startsWith('/') ||
    name.endsWith('/') ||
    name.endsWith('.') ||
    name === '@' ||
    [...name].some((char) => char <= ' ' || char === '\x7f') ||
    /[~^:?*[\\]|\.\.|@\{|\/\/|\.lock(\/|$)|(^|\/)\./.test(name);
  if (name !== '' && bad) {
    throw new InputError(
      'branch',
      `Input 'branch' must be a valid git branch name, got '${value}'`,
    );
  }
  return name;
}
