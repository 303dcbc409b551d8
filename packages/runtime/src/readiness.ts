/** A dependency probe: resolves when the dependency answers, throws when it does not. */
export type ReadinessCheck = () => Promise<void>;

/** Result of one readiness evaluation. */
export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, string>;
  /** Advisory checks that failed: reported in `checks`, yet the process stays ready. Absent when none. */
  warnings?: string[];
}

/**
 * Readiness reflects dependencies (database, Kafka, Redis, peers) and turns false as soon as
 * shutdown starts, so load balancers stop sending work before servers close. Liveness does not
 * consult it: a slow database must not get pods restarted.
 */
export class Readiness {
  private readonly checks = new Map<string, { check: ReadinessCheck; advisory: boolean }>();
  private draining = false;

  /**
   * Adds a named dependency probe. An `advisory` one reports something that only part of the service
   * needs (the media service without ffmpeg still serves images): its failure is a warning, not unreadiness.
   */
  add(name: string, check: ReadinessCheck, options: { advisory?: boolean } = {}): void {
    this.checks.set(name, { check, advisory: options.advisory ?? false });
  }

  /** Marks the process as going away; readiness is false from now on. */
  drain(): void {
    this.draining = true;
  }

  /** Runs every probe with a timeout and reports each one. */
  async evaluate(timeoutMs = 2_000): Promise<ReadinessReport> {
    const checks: Record<string, string> = {};
    const warnings: string[] = [];
    let ready = !this.draining;
    if (this.draining) checks.shutdown = "draining";
    await Promise.all(
      [...this.checks].map(async ([name, { check, advisory }]) => {
        try {
          await withTimeout(check(), timeoutMs);
          checks[name] = "ok";
        } catch (error) {
          if (advisory) warnings.push(name);
          else ready = false;
          checks[name] = error instanceof Error ? error.message : String(error);
        }
      }),
    );
    return warnings.length ? { ready, checks, warnings: warnings.sort() } : { ready, checks };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
