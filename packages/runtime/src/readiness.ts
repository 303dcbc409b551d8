/** A dependency probe: resolves when the dependency answers, throws when it does not. */
export type ReadinessCheck = () => Promise<void>;

/** Result of one readiness evaluation. */
export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, string>;
}

/**
 * Readiness reflects dependencies (database, Kafka, Redis, peers) and turns false as soon as
 * shutdown starts, so load balancers stop sending work before servers close. Liveness does not
 * consult it: a slow database must not get pods restarted.
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private draining = false;

  /** Adds a named dependency probe. */
  add(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** Marks the process as going away; readiness is false from now on. */
  drain(): void {
    this.draining = true;
  }

  /** Runs every probe with a timeout and reports each one. */
  async evaluate(timeoutMs = 2_000): Promise<ReadinessReport> {
    const checks: Record<string, string> = {};
    let ready = !this.draining;
    if (this.draining) checks.shutdown = "draining";
    await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await withTimeout(check(), timeoutMs);
          checks[name] = "ok";
        } catch (error) {
          ready = false;
          checks[name] = error instanceof Error ? error.message : String(error);
        }
      }),
    );
    return { ready, checks };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
