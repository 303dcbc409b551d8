/**
 * The retry rule both adapters share: call the handler, and while it rejects wait with exponential
 * backoff and call it again, up to maxAttempts. The caller commits or dead-letters on the outcome.
 */
import {
  DEFAULT_BACKOFF_MS,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_MAX_BACKOFF_MS,
  type DeliveryMeta,
  type EventEnvelope,
  type SubscribeOptions,
} from "./event-bus.ts";

/** How one message's delivery ended: handled (commit) or given up on (dead-letter, then commit). */
export type DeliveryOutcome = { handled: true } | { handled: false; error: Error };

/** Thrown when a subscription stops while a message waits for its next try; nothing is committed. */
export class DeliveryAborted extends Error {
  constructor() {
    super("subscription stopped before the message was handled");
    this.name = "DeliveryAborted";
  }
}

/** Inputs of {@link deliverWithRetry}. */
export interface DeliveryInput {
  envelope: EventEnvelope;
  meta: Omit<DeliveryMeta, "attempt">;
  options: SubscribeOptions;
  /** Aborts the backoff wait when the subscription stops. */
  signal: AbortSignal;
  /** Called after each failed try, for logging and (Kafka) heartbeats during long retries. */
  onFailure?: (error: Error, attempt: number) => Promise<void> | void;
}

/**
 * Runs the handler until it resolves or maxAttempts is spent. Rejects with {@link DeliveryAborted}
 * when stopped mid-way, so the caller leaves the offset uncommitted and the message is seen again.
 */
export async function deliverWithRetry(input: DeliveryInput): Promise<DeliveryOutcome> {
  const maxAttempts = Math.max(1, input.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const first = input.options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const cap = input.options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
  for (let attempt = 1; ; attempt++) {
    if (input.signal.aborted) throw new DeliveryAborted();
    try {
      await input.options.handler(input.envelope, { ...input.meta, attempt });
      return { handled: true };
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      await input.onFailure?.(error, attempt);
      if (attempt >= maxAttempts) return { handled: false, error };
      await pause(Math.min(cap, first * 2 ** (attempt - 1)), input.signal);
    }
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DeliveryAborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DeliveryAborted());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
