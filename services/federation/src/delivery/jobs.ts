import { newEnvelope, type EventBus, type EventEnvelope } from "@starling/events";
import { DELIVERY_JOB_TYPE, DELIVERY_TOPIC } from "./deps.ts";

/** A row to attempt, as a job message names it. */
export interface DeliveryJob {
  id: string;
  host: string;
}

/** Sends one job message per row, keyed by host so one host's jobs share a partition. */
export async function publishJobs(bus: EventBus, jobs: readonly DeliveryJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await bus.publish(
    DELIVERY_TOPIC,
    jobs.map((job) => newEnvelope({ type: DELIVERY_JOB_TYPE, source: "federation", key: job.host, payload: Buffer.from(JSON.stringify(job)) })),
  );
}

/** The job a message carries, or undefined for a message that is not one. */
export function jobOf(envelope: EventEnvelope): DeliveryJob | undefined {
  if (envelope.type !== DELIVERY_JOB_TYPE) return undefined;
  try {
    const job = JSON.parse(Buffer.from(envelope.payload).toString("utf8")) as Partial<DeliveryJob>;
    return typeof job.id === "string" && typeof job.host === "string" ? { id: job.id, host: job.host } : undefined;
  } catch {
    return undefined;
  }
}
