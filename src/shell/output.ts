/**
 * Bounded capture of one command's output: incremental UTF-8 decoding, a head and a tail up to the
 * cap, and a count of what was dropped between them — so a command printing a gigabyte costs a few
 * megabytes at most.
 */
export class OutputCapture {
  readonly #headLimit: number;
  readonly #tailLimit: number;
  #head = '';
  /** Tail pieces, oldest first; their total length is kept in #tailLength. */
  #tail: string[] = [];
  #tailLength = 0;
  #omitted = 0;

  /** `limit` is the most characters kept; half go to the head, the rest to the tail. */
  constructor(limit: number) {
    this.#headLimit = Math.ceil(limit / 2);
    this.#tailLimit = limit - this.#headLimit;
  }

  append(text: string): void {
    if (text === '') return;
    // The head takes text only until the first piece goes to the tail, even if a surrogate pair left
    // it one short: text after the tail's start must never land before it.
    if (this.#tail.length === 0 && this.#omitted === 0 && this.#head.length < this.#headLimit) {
      const cut = safeCut(text, this.#headLimit - this.#head.length);
      this.#head += text.slice(0, cut);
      text = text.slice(cut);
      if (text === '') return;
    }
    this.#tail.push(text);
    this.#tailLength += text.length;
    // Trim only once the excess is worth a copy: trimming on every small write would be quadratic.
    if (this.#tailLength > this.#tailLimit * 2 + 65_536) this.#trimTail();
  }

  #trimTail(): void {
    let excess = this.#tailLength - this.#tailLimit;
    while (excess > 0 && this.#tail.length > 0) {
      const first = this.#tail[0]!;
      if (first.length <= excess) {
        this.#tail.shift();
        this.#tailLength -= first.length;
        this.#omitted += first.length;
        excess -= first.length;
      } else {
        const cut = safeCutFromStart(first, excess);
        this.#tail[0] = first.slice(cut);
        this.#tailLength -= cut;
        this.#omitted += cut;
        excess = 0;
      }
    }
  }

  /** The kept text: head and tail, and the number of characters dropped between them. */
  result(): { head: string; tail: string; omitted: number } {
    this.#trimTail();
    const tail = this.#tail.join('');
    this.#tail = tail === '' ? [] : [tail];
    return { head: this.#head, tail, omitted: this.#omitted };
  }
}

/** Largest cut ≤ n that doesn't split a UTF-16 surrogate pair (an emoji must not become two halves). */
function safeCut(text: string, n: number): number {
  if (n >= text.length) return text.length;
  const code = text.charCodeAt(n - 1);
  return code >= 0xd800 && code <= 0xdbff ? n - 1 : n;
}

/** Smallest cut ≥ n that doesn't split a surrogate pair, for dropping n characters from the front. */
function safeCutFromStart(text: string, n: number): number {
  if (n >= text.length) return text.length;
  const code = text.charCodeAt(n);
  return code >= 0xdc00 && code <= 0xdfff ? n + 1 : n;
}
