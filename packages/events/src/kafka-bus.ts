/**
 * The Kafka EventBus adapter on kafkajs. Topics are created on demand through the admin client; the
 * producer keys messages by `envelope.key` (Kafka's murmur2 partitioner, so other Kafka clients agree);
 * consumers live in kafka-consumer.ts.
 */
import { createRequire } from "node:module";
import type * as Kafkajs from "kafkajs";
import type { Admin, logCreator as LogCreator, Producer } from "kafkajs";
import { Envelope } from "@starling/proto/events/v1/envelope";
import { deadLetterTopic, type EventBus, type EventLogger } from "./event-bus.ts";
import { startKafkaConsumer, type KafkaConsumerContext } from "./kafka-consumer.ts";

// Loaded by the first Kafka bus, not with this package: the embedded run never pays its ~18 MiB.
const loadKafkajs = () => createRequire(import.meta.url)("kafkajs") as typeof Kafkajs;

/** Options of {@link createKafkaBus}. */
export interface KafkaBusOptions {
  /** Bootstrap brokers, for example `["127.0.0.1:9092"]`. */
  brokers: string[];
  /** Client id the brokers see in their logs and quotas. */
  clientId: string;
  /** Prepended to every topic and group name, so test runs and tenants never meet. */
  topicPrefix?: string;
  /** Partitions of topics this bus creates (default 3). */
  partitions?: number;
  /** Receives kafkajs warnings and errors and handler failures; errors go to stderr when absent. */
  logger?: EventLogger;
}

const stderrLogger: EventLogger = {
  warn: () => {},
  error: (fields, message) => console.error(`[events] ${message}`, fields),
};

/** Creates an EventBus backed by Kafka. Nothing connects until the first call. */
export function createKafkaBus(options: KafkaBusOptions): EventBus {
  const { Kafka, logLevel, Partitioners } = loadKafkajs();
  const prefix = options.topicPrefix ?? "";
  const logger = options.logger ?? stderrLogger;
  const partitions = options.partitions ?? 3;
  // kafkajs is chatty at INFO; only its warnings and errors are worth a line, and they go to our logger.
  // It logs every error response of the protocol at ERROR, though most ("group is rebalancing",
  // "coordinator not available") are routine and retried inside kafkajs: those are warnings to us.
  const logCreator: LogCreator = () => ({ namespace, level, log }) => {
    const { message, ...fields } = log;
    const routine = namespace === "Connection" && "error" in fields;
    if (level <= logLevel.ERROR && !routine) logger.error({ namespace, ...fields }, `kafkajs: ${message}`);
    else if (level <= logLevel.WARN) logger.warn({ namespace, ...fields }, `kafkajs: ${message}`);
  };
  const kafka = new Kafka({ clientId: options.clientId, brokers: options.brokers, logLevel: logLevel.WARN, logCreator });
  const admin: Admin = kafka.admin();
  // One request in flight per broker keeps a key's messages in order even when a send is retried.
  const producer: Producer = kafka.producer({
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: false,
    maxInFlightRequests: 1,
  });
  const created = new Set<string>();
  const stops = new Set<() => Promise<void>>();
  let connecting: Promise<void> | undefined;
  let closed = false;

  const connect = (): Promise<void> => {
    if (closed) return Promise.reject(new Error("event bus is closed"));
    connecting ??= Promise.all([admin.connect(), producer.connect()]).then(
      () => {},
      (error: unknown) => {
        connecting = undefined; // let the next call try again
        throw error;
      },
    );
    return connecting;
  };

  async function ensureTopics(topics: string[]): Promise<void> {
    const missing = [...new Set(topics.map((t) => prefix + t))].filter((t) => !created.has(t));
    if (missing.length === 0) return;
    // kafkajs's own wait for leaders gives up on "does not host this topic-partition" while another
    // process creates the same topic at the same moment, so creation is only asked for here (an
    // existing topic is fine) and the wait is ours: it retries until every partition has a leader.
    await admin.createTopics({ waitForLeaders: false, topics: missing.map((topic) => ({ topic, numPartitions: partitions })) }).catch((error: { retriable?: boolean }) => {
      if (!error.retriable) throw error;
    });
    await waitForLeaders(admin, missing, 30_000);
    for (const topic of missing) created.add(topic);
  }

  const context: KafkaConsumerContext = {
    kafka,
    admin,
    producer,
    prefix,
    partitions,
    logger,
    ensureTopics,
  };

  return {
    async publish(topic, envelopes) {
      await connect();
      if (envelopes.length === 0) return;
      await ensureTopics([topic]);
      await producer.send({
        topic: prefix + topic,
        acks: -1,
        messages: envelopes.map((envelope) => ({
          key: envelope.key,
          value: Buffer.from(Envelope.encode(envelope).finish()),
          headers: { type: envelope.type, ...(envelope.traceParent === undefined ? {} : { traceparent: envelope.traceParent }) },
        })),
      });
    },
    async subscribe(subscribeOptions) {
      await connect();
      await ensureTopics([...subscribeOptions.topics, ...subscribeOptions.topics.map(deadLetterTopic)]);
      // Right after another process created a topic, the broker may still answer "not the leader" or
      // "does not host this topic-partition" while the group positions itself: such errors are
      // retriable, so joining is tried again rather than failing the service's start.
      const subscription = await retryRetriable(() => startKafkaConsumer(context, subscribeOptions), 60_000);
      const stop = async () => {
        stops.delete(stop);
        await subscription.stop();
      };
      stops.add(stop);
      return { stop };
    },
    async ping() {
      await connect();
      await admin.describeCluster();
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...stops].map((stop) => stop()));
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    },
  };
}

/** Runs `attempt` again after errors kafkajs marks retriable, backing off, until `timeoutMs` passes. */
async function retryRetriable<T>(attempt: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 2_000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error as { retriable?: boolean }).retriable || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Resolves once every partition of `topics` has a leader; retries until `timeoutMs` passes. */
async function waitForLeaders(admin: Admin, topics: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 1_000)) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics });
      if (found.length === topics.length && found.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`Kafka topics have no leaders after ${timeoutMs} ms: ${topics.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
