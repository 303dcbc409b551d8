/** A background loop that runs passes until one finds nothing to do, then sleeps until nudged or the interval passes. */
export interface PollingLoop {
  /** Starts the loop; calling it twice does nothing. */
  start(): void;
  /** Runs the next pass at once (a nudge during a pass makes the next sleep return at once). */
  nudge(): void;
  /** Stops after the pass in flight finishes. */
  stop(): Promise<void>;
}

/** Options of {@link createPollingLoop}. */
export interface PollingLoopOptions {
  /** Sleep between rounds when nobody nudges, in milliseconds. */
  intervalMs: number;
  /** Receives a pass's failure; the loop carries on at the next tick. */
  onError: (error: unknown) => void;
}

/**
 * Runs `pass` in rounds for a queue-draining worker: within a round `pass` is called again while it
 * reports work done (a count above zero), so a backlog drains without waiting; between rounds the
 * loop sleeps for the interval unless nudged. Writers nudge after committing work for it.
 */
export function createPollingLoop(pass: () => Promise<number>, options: PollingLoopOptions): PollingLoop {
  let running = false;
  let nudged = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  const pause = () =>
    new Promise<void>((resolve) => {
      if (nudged || !running) return resolve();
      const timer = setTimeout(done, options.intervalMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function run(): Promise<void> {
    while (running) {
      nudged = false;
      try {
        while (running && (await pass()) > 0);
      } catch (error) {
        options.onError(error);
      }
      await pause();
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = undefined;
    },
  };
}
