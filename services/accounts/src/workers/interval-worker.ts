/** A job run again and again with a pause between runs. */
export interface IntervalWorker {
  /** Runs the job now, or waits for the run in progress; resolves when it is done. */
  runNow(): Promise<void>;
  /** Stops scheduling and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `intervalMs`, never two runs at once. A failed run is reported to `onError`
 * and the next run happens on schedule, so a database hiccup does not stop the worker.
 */
export function startIntervalWorker(job: () => Promise<unknown>, options: { intervalMs: number; onError: (error: unknown) => void }): IntervalWorker {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = (): Promise<void> => {
    running ??= job()
      .then(() => undefined, options.onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void run(), options.intervalMs);
  // The worker alone must not keep the process alive.
  timer.unref();
  return {
    runNow: () => (stopped ? Promise.resolve() : run()),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
