import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from "@fedify/fedify";
import { newEnvelope, type EventBus } from "@starling/events";

/** Topic of Fedify's own work (outgoing deliveries, queued inbox activities). Internal to this service. */
export const FEDIFY_QUEUE_TOPIC = "starling.federation.fedify-queue.v1";
/** Envelope type of one queued Fedify message; not a domain event, so it is not in the catalog. */
export const FEDIFY_MESSAGE_TYPE = "federation.fedify_message";

/** What travels in the envelope's payload: Fedify's message and the earliest time to handle it. */
interface QueuedMessage {
  notBefore: number;
  message: unknown;
}

/** Options of {@link EventBusMessageQueue}. */
export interface EventBusMessageQueueOptions {
  /** Consumer group; every process of the federation service shares it, so each message runs once. */
  group?: string;
  /** Topic (default {@link FEDIFY_QUEUE_TOPIC}); tests use their own. */
  topic?: string;
}

/**
 * Fedify's MessageQueue port over our EventBus (Kafka in production, the in-process bus embedded),
 * so Fedify's deliveries and inbox work survive restarts without an extra broker. Messages with an
 * ordering key share a partition and run in order; others spread by a random key. A delay is kept
 * as a not-before time the consumer waits for, which holds that partition meanwhile — acceptable
 * for Fedify's short retry pauses. Our own deliveries do not go through it: they use the delivery
 * queue (src/delivery), which waits for days without holding anything.
 * Retries stay Fedify's (nativeRetrial false): a handler failure is retried by the bus only as a
 * last resort.
 */
export class EventBusMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  private readonly topic: string;
  private readonly group: string;

  private readonly bus: EventBus;

  constructor(bus: EventBus, options: EventBusMessageQueueOptions = {}) {
    this.bus = bus;
    this.topic = options.topic ?? FEDIFY_QUEUE_TOPIC;
    this.group = options.group ?? "federation-fedify-queue";
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    const delayMs = options?.delay ? Math.max(0, options.delay.total({ unit: "millisecond" })) : 0;
    const notBefore = Date.now() + delayMs;
    const envelopes = messages.map((message) => {
      const body: QueuedMessage = { notBefore, message };
      return newEnvelope({ type: FEDIFY_MESSAGE_TYPE, source: "federation", key: options?.orderingKey ?? randomUUID(), payload: Buffer.from(JSON.stringify(body)) });
    });
    if (envelopes.length > 0) await this.bus.publish(this.topic, envelopes);
  }

  async listen(handler: (message: any) => Promise<void> | void, options: MessageQueueListenOptions = {}): Promise<void> {
    const { signal } = options;
    if (signal?.aborted) return;
    const subscription = await this.bus.subscribe({
      topics: [this.topic],
      group: this.group,
      fromBeginning: true,
      handler: async (envelope) => {
        const queued = JSON.parse(Buffer.from(envelope.payload).toString("utf8")) as QueuedMessage;
        const wait = queued.notBefore - Date.now();
        // Aborting mid-wait rejects, so the message is not committed and runs after a restart.
        if (wait > 0) await sleep(wait, undefined, { signal });
        await handler(queued.message);
      },
    });
    // Resolves when the signal aborts (never without one), as the port requires; it never rejects.
    await new Promise<void>((resolve) => {
      if (!signal) return;
      if (signal.aborted) resolve();
      else signal.addEventListener("abort", () => resolve(), { once: true });
    });
    await subscription.stop().catch(() => {});
  }
}
