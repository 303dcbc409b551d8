import type { Logger } from "pino";

/**
 * Shutdown phases, run in this order: stop being ready, stop the servers taking work, stop the
 * workers (consumers, relays, schedulers) after their in-flight item, close clients, close stores,
 * and last the admin port so probes see the process until the very end.
 */
export const SHUTDOWN_PHASES = ["drain", "servers", "workers", "clients", "stores", "admin"] as const;
export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

interface Step {
  name: string;
  phase: ShutdownPhase;
  run: () => Promise<void> | void;
}

/** Ordered graceful shutdown under one deadline. Steps of one phase run newest first. */
export class Shutdown {
  private readonly steps: Step[] = [];
  private running: Promise<void> | undefined;

  private readonly logger: Logger;
  private readonly timeoutMs: number;

  constructor(logger: Logger, timeoutMs: number) {
    this.logger = logger;
    this.timeoutMs = timeoutMs;
  }

  /** Registers a step to run when the process stops. */
  add(phase: ShutdownPhase, name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, phase, run });
  }

  /** Runs every step once, in phase order; later calls return the same promise. */
  run(reason: string): Promise<void> {
    this.running ??= this.runSteps(reason);
    return this.running;
  }

  /** Calls {@link run} on SIGTERM and SIGINT, then exits; exits with 1 when the deadline passes. */
  listen(): void {
    const onSignal = (signal: string) => {
      const timer = setTimeout(() => {
        this.logger.error({ signal }, "shutdown deadline passed; exiting");
        process.exit(1);
      }, this.timeoutMs);
      timer.unref();
      void this.run(signal).then(() => process.exit(0));
    };
    process.once("SIGTERM", () => onSignal("SIGTERM"));
    process.once("SIGINT", () => onSignal("SIGINT"));
  }

  private async runSteps(reason: string): Promise<void> {
    this.logger.info({ reason }, "shutting down");
    for (const phase of SHUTDOWN_PHASES) {
      const steps = this.steps.filter((s) => s.phase === phase).reverse();
      for (const step of steps) {
        try {
          await step.run();
        } catch (error) {
          this.logger.error({ err: error, step: step.name }, "shutdown step failed");
        }
      }
    }
    this.logger.info("shut down");
  }
}
