import type { Logger } from "@starling/runtime";

/** How a {@link ReloadedCopy} reads and keeps what another service owns. */
export interface ReloadedCopyOptions<T> {
  load: () => Promise<T>;
  /** Longest a copy is used before it is read again (so a missed change event is caught). */
  maxAgeMs: number;
  logger: Logger;
  /** What is copied, for the log. */
  what: string;
  /** What stands in before the first load succeeds; without it that failure is the caller's. */
  fallback?: T;
}

/**
 * This replica's copy of something another service owns: read on first use, again after
 * `invalidate()` (a change event, or a change made through this replica) and at least every
 * `maxAgeMs`. While the owner cannot be reached the last copy stays in use and is tried again
 * after `maxAgeMs`, not on every request meanwhile.
 */
export class ReloadedCopy<T> {
  readonly #options: ReloadedCopyOptions<T>;
  #copy: { value: T } | undefined;
  #loadedAt = Number.NEGATIVE_INFINITY;
  // Bumped by invalidate(): a load that started before a change does not count as fresh.
  #generation = 0;
  // The generation the copy was loaded in.
  #copiedGeneration = -1;
  // The load under way, and the generation it started in.
  #loading: { generation: number; done: Promise<void> } | undefined;

  constructor(options: ReloadedCopyOptions<T>) {
    this.#options = options;
    if ("fallback" in options) this.#copy = { value: options.fallback as T };
  }

  /** The copy, read again first when it is older than `maxAgeMs` or was invalidated. */
  async get(now = Date.now()): Promise<T> {
    if (now - this.#loadedAt > this.#options.maxAgeMs) await this.#reload();
    return this.#copy!.value;
  }

  /** What is copied changed: the next `get` reads it again. */
  invalidate(): void {
    this.#generation++;
    this.#loadedAt = Number.NEGATIVE_INFINITY;
  }

  // Concurrent reads share one load, unless a change came after it started: a read after a change
  // (one made through this replica, say) must not be answered from a load begun before it.
  #reload(): Promise<void> {
    const generation = this.#generation;
    if (this.#loading?.generation === generation) return this.#loading.done;
    const fresh = () => {
      if (generation === this.#generation) this.#loadedAt = Date.now();
    };
    const done = this.#options
      .load()
      .then(
        (value) => {
          // A load begun before a change may end after a later one: it must not replace that copy.
          if (generation >= this.#copiedGeneration) {
            this.#copy = { value };
            this.#copiedGeneration = generation;
          }
          fresh();
        },
        (error: unknown) => {
          // Nothing to fall back on: this read fails, and the next one tries again.
          if (!this.#copy) throw error;
          fresh();
          this.#options.logger.warn({ err: error }, `${this.#options.what} not reloaded; the last copy stays in use`);
        },
      )
      .finally(() => {
        if (this.#loading?.done === done) this.#loading = undefined;
      });
    this.#loading = { generation, done };
    return done;
  }
}
