/**
 * One subscription of the Kafka adapter: a kafkajs consumer with manual commits. An offset is
 * committed only after the handler resolved (or the message went to the dead-letter topic), so a
 * crash or a stop mid-way means the message is delivered again.
 */
import type { Admin, Consumer, EachMessagePayload, IHeaders, Kafka, Producer } from "kafkajs";
import { Envelope } from "@starling/proto/events/v1/envelope";
import { deadLetterHeaders, provenanceFromHeaders } from "./dead-letter-headers.ts";
import { DeliveryAborted, deliverWithRetry, type DeliveryOutcome } from "./deliver-with-retry.ts";
import { deadLetterTopic, type EventLogger, type SubscribeOptions, type Subscription } from "./event-bus.ts";

/** What a consumer borrows from its bus. */
export interface KafkaConsumerContext {
  kafka: Kafka;
  admin: Admin;
  producer: Producer;
  prefix: string;
  partitions: number;
  logger: EventLogger;
  ensureTopics(topics: string[]): Promise<void>;
}

// Joining a group takes one rebalance round; far longer means the broker is unhealthy.
const JOIN_TIMEOUT_MS = 30_000;
const HEARTBEAT_MS = 3_000;

/** Starts a consumer and resolves once it has joined its group and knows where to read from. */
export async function startKafkaConsumer(context: KafkaConsumerContext, options: SubscribeOptions): Promise<Subscription> {
  const groupId = context.prefix + options.group;
  const consumer = context.kafka.consumer({
    groupId,
    allowAutoTopicCreation: false,
    sessionTimeout: 30_000,
    heartbeatInterval: HEARTBEAT_MS,
    // How long the broker holds a fetch that finds nothing new. A message that arrives meanwhile
    // answers the fetch at once (minBytes is 1), so this bounds idle polling, not delivery latency:
    // 250 ms cost an idle stack of 13 consumers 52 fetches a second. It also bounds how long a stop
    // or a rebalance waits for the fetch in flight.
    maxWaitTimeInMs: 1_000,
  });
  const abort = new AbortController();
  let joined!: (error?: Error) => void;
  const firstJoin = new Promise<void>((resolve, reject) => (joined = (error) => (error ? reject(error) : resolve())));
  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    const assignment = event.payload.memberAssignment as Record<string, number[]>;
    positionNewPartitions(context, consumer, groupId, assignment, options.fromBeginning ?? false).then(
      () => joined(),
      // A rebalance that began meanwhile (topics still settling) makes this generation's commit
      // fail; the next GROUP_JOIN positions the partitions again, so only other errors end the join.
      (error: Error) => (isRebalance(error) ? undefined : joined(error)),
    );
  });
  consumer.on(consumer.events.CRASH, (event) => joined(event.payload.error));

  await consumer.connect();
  await consumer.subscribe({ topics: options.topics.map((t) => context.prefix + t), fromBeginning: options.fromBeginning ?? false });
  await consumer.run({
    autoCommit: false,
    partitionsConsumedConcurrently: context.partitions,
    eachMessage: (payload) => handleMessage(context, consumer, options, abort.signal, payload),
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      firstJoin,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`consumer group ${groupId} did not join within ${JOIN_TIMEOUT_MS} ms`)), JOIN_TIMEOUT_MS))),
    ]);
  } catch (error) {
    await consumer.disconnect().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    async stop() {
      // Stop fetching first, then cut short any backoff wait; disconnect waits for the message in hand.
      const disconnecting = consumer.disconnect();
      abort.abort();
      await disconnecting;
    },
  };
}

async function handleMessage(
  context: KafkaConsumerContext,
  consumer: Consumer,
  options: SubscribeOptions,
  signal: AbortSignal,
  { topic, partition, message, heartbeat }: EachMessagePayload,
): Promise<void> {
  const headers = stringHeaders(message.headers);
  const meta = { topic: topic.slice(context.prefix.length), partition, offset: message.offset, deadLetter: provenanceFromHeaders(headers) };
  if (!meta.deadLetter) delete meta.deadLetter;
  // Slow handlers and long backoffs must not cost the consumer its group membership.
  const beat = setInterval(() => heartbeat().catch(() => {}), HEARTBEAT_MS);
  let outcome: DeliveryOutcome;
  try {
    const envelope = Envelope.decode(message.value ?? Buffer.alloc(0));
    outcome = await deliverWithRetry({
      envelope,
      meta,
      options,
      signal,
      onFailure: (error, attempt) => context.logger.warn({ ...meta, group: options.group, attempt, err: error.message }, "event handler failed"),
    });
  } catch (error) {
    if (error instanceof DeliveryAborted) return; // stopping: leave the offset uncommitted
    // Undecodable bytes will never succeed: straight to the dead-letter topic.
    outcome = { handled: false, error: error instanceof Error ? error : new Error(String(error)) };
  } finally {
    clearInterval(beat);
  }
  if (!outcome.handled) {
    const provenance = { topic: meta.topic, partition, offset: message.offset, group: options.group, error: outcome.error.message };
    context.logger.error(provenance, "event dead-lettered");
    await context.producer.send({
      topic: context.prefix + deadLetterTopic(meta.topic),
      acks: -1,
      messages: [{ key: message.key, value: message.value, headers: { ...headers, ...deadLetterHeaders(provenance) } }],
    });
  }
  await consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
}

/**
 * A new group without fromBeginning reads "from now". kafkajs settles "now" lazily, on its first fetch
 * after the join, so a message published right after subscribe() resolved could be skipped. Committing
 * the current end of every never-committed partition here pins "now" before subscribe() resolves, and
 * also keeps a later member from skipping messages that arrived before it took the partition over.
 */
async function positionNewPartitions(
  context: KafkaConsumerContext,
  consumer: Consumer,
  groupId: string,
  assignment: Record<string, number[]>,
  fromBeginning: boolean,
): Promise<void> {
  if (fromBeginning) return; // "from the oldest message" does not move; kafkajs resolves it safely
  const topics = Object.keys(assignment).filter((t) => (assignment[t] ?? []).length > 0);
  if (topics.length === 0) return;
  const committed = await context.admin.fetchOffsets({ groupId, topics });
  for (const { topic, partitions } of committed) {
    const mine = new Set(assignment[topic] ?? []);
    const fresh = partitions.filter((p) => mine.has(p.partition) && p.offset === "-1").map((p) => p.partition);
    if (fresh.length === 0) continue;
    const marks = await context.admin.fetchTopicOffsets(topic);
    const entries = marks.filter((m) => fresh.includes(m.partition)).map((m) => ({ topic, partition: m.partition, offset: m.high }));
    await consumer.commitOffsets(entries);
    for (const entry of entries) consumer.seek(entry);
  }
}

const REBALANCE_ERRORS = new Set(["ILLEGAL_GENERATION", "REBALANCE_IN_PROGRESS", "UNKNOWN_MEMBER_ID"]);

/** Whether kafkajs failed because the group moved on to another generation. */
function isRebalance(error: Error): boolean {
  const { type, cause } = error as Error & { type?: string; cause?: { type?: string } };
  return REBALANCE_ERRORS.has(type ?? "") || REBALANCE_ERRORS.has(cause?.type ?? "");
}

function stringHeaders(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = first.toString();
  }
  return out;
}
