/**
 * The progress comment kept up to date while the run goes: an edit when something happened, never
 * two within `intervalMs` (GitHub's secondary rate limits count edits of content: about one a
 * second across the token, less for a burst), never one that changes nothing, and the edits in
 * order, the result comment after the last of them.
 */

/** Least time between two edits of the progress comment. */
export const PROGRESS_EDIT_INTERVAL_MS = 10_000;

export interface ProgressOptions {
  /** Posts a body (an edit of the comment); failures are the poster's to report. */
  post: (body: string) => Promise<void>;
  /** The body as things stand, rendered when an edit is due. */
  render: () => string;
  intervalMs?: number;
  clock?: () => number;
}

export class ProgressUpdates {
  readonly #post: (body: string) => Promise<void>;
  readonly #render: () => string;
  readonly #intervalMs: number;
  readonly #clock: () => number;
  /** When the comment was last posted: the progress comment's own posting counts. */
  #lastAt: number;
  #lastBody: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** Something happened since the last edit. */
  #dirty = false;
  #stopped = false;
  /** The edits, one after another: a slow one never lands after a later one. */
  #queue: Promise<void> = Promise.resolve();

  constructor(options: ProgressOptions) {
    this.#post = options.post;
    this.#render = options.render;
    this.#intervalMs = options.intervalMs ?? PROGRESS_EDIT_INTERVAL_MS;
    this.#clock = options.clock ?? Date.now;
    this.#lastAt = this.#clock();
  }

  /** Something happened: an edit follows once the interval since the last one has passed. */
  changed(): void {
    if (this.#stopped) return;
    this.#dirty = true;
    if (this.#timer) return;
    const wait = Math.max(0, this.#lastAt + this.#intervalMs - this.#clock());
    // unref: a pending edit never keeps the process alive once the run is over.
    this.#timer = setTimeout(() => this.#edit(), wait).unref();
  }

  #edit(): void {
    this.#timer = undefined;
    if (this.#stopped || !this.#dirty) return;
    this.#dirty = false;
    const body = this.#render();
    if (body === this.#lastBody) return;
    this.#lastBody = body;
    this.#lastAt = this.#clock();
    this.#queue = this.#queue.then(() => this.#post(body)).catch(() => undefined);
  }

  /** No more edits; resolves once the one being posted, if any, is done. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#queue;
  }
}
