/**
 * For a process that runs several services (the embedded run): probes each one's readiness at an
 * interval and gives up when one has failed several probes in a row, so the process can stop with a
 * clear error instead of serving half of Starling. Kubernetes does the same for a pod from its probes;
 * an in-process service has nobody else to notice.
 */
import type { Readiness, ReadinessReport } from "./readiness.ts";

/** Options of {@link watchReadiness}. */
export interface ReadinessWatchdogOptions {
  /** Time between probes in milliseconds (default 10 000). */
  intervalMs?: number;
  /** Failed probes in a row before giving up (default 3: half a minute at the default interval). */
  failuresInARow?: number;
  /** Called once, with the service that kept failing and its last report; the watchdog stops first. */
  onGiveUp(service: string, report: ReadinessReport): void;
}

/** A running watchdog. */
export interface ReadinessWatchdog {
  stop(): void;
}

/** Starts probing `services` (name → readiness). */
export function watchReadiness(services: ReadonlyMap<string, Readiness>, options: ReadinessWatchdogOptions): ReadinessWatchdog {
  const limit = options.failuresInARow ?? 3;
  const failures = new Map<string, number>();
  let probing = false;
  let stopped = false;
  const probe = async () => {
    if (probing || stopped) return;
    probing = true;
    try {
      for (const [service, readiness] of services) {
        const report = await readiness.evaluate();
        const count = report.ready ? 0 : (failures.get(service) ?? 0) + 1;
        failures.set(service, count);
        if (count >= limit && !stopped) {
          stop();
          options.onGiveUp(service, report);
          return;
        }
      }
    } finally {
      probing = false;
    }
  };
  const timer = setInterval(() => void probe(), options.intervalMs ?? 10_000);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return { stop };
}
