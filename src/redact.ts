/**
 * Secret values → `***` in everything that leaves the process: requests to the model, outputs, the
 * job summary, the log. Besides each value as it is, the forms it travels in are covered: URL- and
 * JSON-escaped, and base64 at any alignment, which includes the `x-access-token:<token>` basic-auth
 * header that actions/checkout configures for git.
 */

export const REDACTED = '***';

/**
 * Values shorter than this are not redacted: scrubbed variables can hold `true`, `1` or `main`, and
 * replacing those everywhere would garble every report while protecting nothing.
 */
export const MIN_SECRET_LENGTH = 6;
/** Base64 fragments shorter than this match too much unrelated base64 to be worth replacing. */
const MIN_BASE64_FRAGMENT = 8;

/**
 * The base64 characters that encode `bytes` wherever they sit in a longer base64 text: for each of
 * the three alignments, the characters fully determined by `bytes` alone (the edges depend on the
 * neighbouring bytes and are dropped).
 */
function base64Fragments(bytes: Buffer): string[] {
  const fragments: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const start = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const fragment = encoded.slice(start, end);
    if (fragment.length >= MIN_BASE64_FRAGMENT) {
      fragments.push(fragment, fragment.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return fragments;
}

/** Every form of `secret` to replace. */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret]);
  forms.add(encodeURIComponent(secret));
  forms.add(JSON.stringify(secret).slice(1, -1));
  const bytes = Buffer.from(secret, 'utf8');
  for (const fragment of base64Fragments(bytes)) forms.add(fragment);
  // The header value git sends for a token in actions/checkout's extraheader, whole.
  forms.add(Buffer.from(`x-access-token:${secret}`, 'utf8').toString('base64'));
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface RedactorOptions {
  /** Called once for each new secret value, e.g. to have the runner mask it too. */
  onAdd?: (secret: string) => void;
}

export class Redactor {
  readonly #forms = new Set<string>();
  readonly #values = new Set<string>();
  readonly #onAdd: ((secret: string) => void) | undefined;
  #pattern: RegExp | undefined;
  /** Length of the shortest form: a shorter text cannot hold one, and skips the pattern. */
  #shortest = Number.POSITIVE_INFINITY;
  #longest = 0;

  constructor(secrets: Iterable<string | undefined> = [], options: RedactorOptions = {}) {
    this.#onAdd = options.onAdd;
    this.add(...secrets);
  }

  /** Adds secret values; empty and too-short ones are ignored. */
  add(...secrets: Array<string | undefined>): void {
    let changed = false;
    for (const secret of secrets) {
      if (secret === undefined) continue;
      for (const value of new Set([secret, secret.trim()])) {
        if (value.length < MIN_SECRET_LENGTH) continue;
        if (!this.#values.has(value)) {
          this.#values.add(value);
          this.#onAdd?.(value);
        }
        for (const form of secretForms(value)) {
          if (!this.#forms.has(form)) {
            this.#forms.add(form);
            changed = true;
          }
        }
      }
    }
    if (changed) {
      // Longest first, so a form that contains another is replaced whole.
      const forms = [...this.#forms].sort((a, b) => b.length - a.length);
      this.#pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g');
      this.#shortest = forms.at(-1)!.length;
      this.#longest = forms[0]!.length;
    }
  }

  /**
   * The length of the longest form replaced: a cut inside a secret leaves at most this many
   * characters less one of it, none of which redaction can recognise any more.
   */
  get longestForm(): number {
    return this.#longest;
  }

  /** `text` with every known secret form replaced by `***`. */
  redact(text: string): string {
    // Most texts of an event are short (ids, names, a status): no pass over them is needed.
    if (this.#pattern === undefined || text.length < this.#shortest) return text;
    return text.replace(this.#pattern, REDACTED);
  }

  /** A bound `redact`, to hand to modules that take a plain function. */
  get fn(): (text: string) => string {
    return (text) => this.redact(text);
  }
}
