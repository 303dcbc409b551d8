/** Options of {@link createHostLanes}. */
export interface HostLanesOptions {
  /** Tasks running for one host at a time. */
  perHost: number;
  /** Tasks running in all at a time. */
  total: number;
  /** Tasks one host may have waiting; submitting more is refused. */
  backlog: number;
  /** Receives a task's failure. */
  onError: (error: unknown, host: string) => void;
}

/** Runs tasks per host, so a slow host only ever holds its own slots. */
export interface HostLanes {
  /** Queues a task for the host; false (and not queued) when the host's backlog is full or lanes are closed. */
  submit(host: string, task: () => Promise<void>): boolean;
  /** Takes no more tasks, drops the waiting ones and resolves when the running ones end. */
  close(): Promise<void>;
}

interface Lane {
  running: number;
  waiting: (() => Promise<void>)[];
}

/**
 * Per-host concurrency for the delivery worker: at most `perHost` tasks of one host and `total`
 * of all run at once; a freed slot goes to the next host with waiting work, hosts taking turns. A
 * host whose requests hang until their deadline fills its own `perHost` slots and nothing more.
 */
export function createHostLanes(options: HostLanesOptions): HostLanes {
  const lanes = new Map<string, Lane>();
  const running = new Set<Promise<void>>();
  let closed = false;

  function pump(): void {
    while (!closed && running.size < options.total) {
      const ready = [...lanes].find(([, lane]) => lane.waiting.length > 0 && lane.running < options.perHost);
      if (!ready) return;
      const [host, lane] = ready;
      const task = lane.waiting.shift()!;
      lane.running += 1;
      // Move the host to the back, so the next free slot goes to another host first.
      lanes.delete(host);
      lanes.set(host, lane);
      const run: Promise<void> = task()
        .catch((error: unknown) => options.onError(error, host))
        .finally(() => {
          running.delete(run);
          lane.running -= 1;
          if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(host);
          pump();
        });
      running.add(run);
    }
  }

  return {
    submit(host, task) {
      if (closed) return false;
      const lane = lanes.get(host) ?? { running: 0, waiting: [] };
      if (lane.waiting.length >= options.backlog) return false;
      lane.waiting.push(task);
      lanes.set(host, lane);
      pump();
      return true;
    },
    async close() {
      closed = true;
      for (const lane of lanes.values()) lane.waiting.length = 0;
      await Promise.allSettled([...running]);
    },
  };
}
