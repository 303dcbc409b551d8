/**
 * The in-process EventBus adapter for embedded mode and tests: same topics, keys, partitions, groups,
 * retries and dead-letter topics as Kafka, held in memory. Delivery always happens on a later turn of
 * the event loop, never inside `publish`, because in embedded mode publisher and consumers share one
 * database connection.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { Envelope } from "@starling/proto/events/v1/envelope";
import { chaosOrder, type ChaosOptions } from "./chaos-order.ts";
import { deadLetterHeaders, provenanceFromHeaders } from "./dead-letter-headers.ts";
import { DeliveryAborted, deliverWithRetry } from "./deliver-with-retry.ts";
import { PartitionLog, type StoredMessage } from "./embedded-log.ts";
import { deadLetterTopic, type EventBus, type EventEnvelope, type EventLogger, type SubscribeOptions, type Subscription } from "./event-bus.ts";
import { partitionForKey } from "./partition-for-key.ts";

/** Options of {@link createEmbeddedBus}. */
export interface EmbeddedBusOptions {
  /** Partitions per topic (default 3); more partitions means more parallel delivery per group. */
  partitions?: number;
  /** Deliberate duplicates and disorder, so consumers are tested for idempotency. */
  chaos?: ChaosOptions;
  /** Receives handler failures and dead-lettering; silent when absent. */
  logger?: EventLogger;
}

/** The embedded bus, plus what tests need to wait for it. */
export interface EmbeddedBus extends EventBus {
  /** Resolves when every message that has a consumer has been handled or dead-lettered. */
  drain(): Promise<void>;
}

type Member = { options: SubscribeOptions; abort: AbortController; inFlight: Set<Promise<unknown>> };
// Where a group stands in one partition of one topic, and which member reads it.
type Cursor = { position: number; owner: Member | undefined; loop: Promise<void> | undefined };
type GroupTopic = { topic: string; group: string; members: Member[]; cursors: Cursor[] };

// Messages handed to one member per step; a batch is also the unit chaos reorders within.
const BATCH = 100;
// Messages kept per partition of a topic no group reads, so an embedded server's memory stays bounded.
const RETAIN_UNREAD = 10_000;

/** Creates an in-process bus. */
export function createEmbeddedBus(options: EmbeddedBusOptions = {}): EmbeddedBus {
  const partitions = Math.max(1, options.partitions ?? 3);
  const logs = new Map<string, PartitionLog[]>();
  const groups = new Map<string, GroupTopic>();
  let closed = false;
  // Handlers run in the bus's async context, not the publisher's: a publish from inside a database
  // transaction must not make the consumer look as if it were inside that transaction too.
  const inBusContext = AsyncLocalStorage.snapshot();

  const logOf = (topic: string): PartitionLog[] => {
    let log = logs.get(topic);
    if (!log) logs.set(topic, (log = Array.from({ length: partitions }, () => new PartitionLog())));
    return log;
  };
  const groupsOf = (topic: string) => [...groups.values()].filter((g) => g.topic === topic);
  function append(topic: string, key: string, bytes: Uint8Array, headers: Record<string, string>): void {
    const partition = partitionForKey(key, partitions);
    const log = logOf(topic)[partition]!;
    log.append(key, bytes, headers);
    const readers = groupsOf(topic);
    // Nobody reads this topic yet: keep a tail for late fromBeginning groups, as Kafka's retention would.
    if (readers.length === 0) log.dropBefore(log.end - RETAIN_UNREAD);
    for (const g of readers) schedule(g, partition);
  }

  function schedule(g: GroupTopic, partition: number): void {
    const cursor = g.cursors[partition]!;
    if (cursor.loop || closed) return;
    cursor.loop = inBusContext(() => runCursor(g, partition)).then(
      () => {
        cursor.loop = undefined;
        // A publish that arrived while the loop was finishing found it busy; pick that work up now.
        if (cursor.owner && cursor.position < logOf(g.topic)[partition]!.end) schedule(g, partition);
      },
      (error: unknown) => {
        cursor.loop = undefined; // a bug, not a handler failure (those are caught): do not spin on it
        options.logger?.error({ topic: g.topic, group: g.group, partition, err: String(error) }, "embedded delivery loop failed");
      },
    );
  }

  async function runCursor(g: GroupTopic, partition: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const log = logOf(g.topic)[partition]!;
    const cursor = g.cursors[partition]!;
    for (;;) {
      const owner = cursor.owner;
      const batch = log.read(cursor.position, BATCH);
      if (!owner || closed || batch.length === 0) return;
      let complete = true;
      for (const message of chaosOrder(batch, (m) => m.key, options.chaos)) {
        if (cursor.owner !== owner || !(await deliver(g, partition, owner, message))) {
          complete = false;
          break;
        }
        // Without reordering a message is committed as soon as it is handled, like Kafka does.
        if (!options.chaos?.reorder) cursor.position = Math.max(cursor.position, message.offset + 1);
      }
      if (!complete) continue;
      cursor.position = batch.at(-1)!.offset + 1;
      log.dropBefore(Math.min(...groupsOf(g.topic).map((other) => other.cursors[partition]!.position)));
    }
  }

  // Resolves false when the owner stopped mid-way: the message stays uncommitted for the next owner.
  async function deliver(g: GroupTopic, partition: number, owner: Member, message: StoredMessage): Promise<boolean> {
    const meta = { topic: g.topic, partition, offset: String(message.offset), deadLetter: provenanceFromHeaders(message.headers) };
    if (!meta.deadLetter) delete meta.deadLetter;
    const task = deliverWithRetry({
      envelope: Envelope.decode(message.bytes),
      meta,
      options: owner.options,
      signal: owner.abort.signal,
      onFailure: (error, attempt) => options.logger?.warn({ ...meta, group: g.group, attempt, err: error.message }, "event handler failed"),
    });
    owner.inFlight.add(task);
    try {
      const outcome = await task;
      if (!outcome.handled) {
        const provenance = { topic: g.topic, partition, offset: meta.offset, group: g.group, error: outcome.error.message };
        options.logger?.error(provenance, "event dead-lettered");
        append(deadLetterTopic(g.topic), message.key, message.bytes, deadLetterHeaders(provenance));
      }
      return true;
    } catch (error) {
      if (error instanceof DeliveryAborted) return false;
      throw error;
    } finally {
      owner.inFlight.delete(task);
    }
  }

  // Partition p goes to member p mod n, so members of one group split the partitions between them.
  function rebalance(g: GroupTopic): void {
    g.cursors.forEach((cursor, partition) => {
      cursor.owner = g.members.length > 0 ? g.members[partition % g.members.length] : undefined;
      if (cursor.owner) schedule(g, partition);
    });
  }

  function join(member: Member, topic: string): GroupTopic {
    const id = `${member.options.group}\u0000${topic}`;
    let g = groups.get(id);
    if (!g) {
      const start = (log: PartitionLog) => (member.options.fromBeginning ? log.start : log.end);
      const cursors = logOf(topic).map((log) => ({ position: start(log), owner: undefined, loop: undefined }));
      groups.set(id, (g = { topic, group: member.options.group, members: [], cursors }));
    }
    g.members.push(member);
    rebalance(g);
    return g;
  }

  async function leave(member: Member, joined: GroupTopic[]): Promise<void> {
    if (member.abort.signal.aborted) return;
    member.abort.abort();
    for (const g of joined) {
      g.members = g.members.filter((m) => m !== member);
      rebalance(g);
    }
    await Promise.allSettled([...member.inFlight]);
  }

  const members = new Map<Member, GroupTopic[]>();
  return {
    async publish(topic, envelopes: EventEnvelope[]) {
      if (closed) throw new Error("event bus is closed");
      for (const envelope of envelopes) append(topic, envelope.key, Envelope.encode(envelope).finish(), {});
    },
    async subscribe(subscribeOptions) {
      if (closed) throw new Error("event bus is closed");
      const member: Member = { options: subscribeOptions, abort: new AbortController(), inFlight: new Set() };
      members.set(member, subscribeOptions.topics.map((topic) => join(member, topic)));
      return {
        stop: async () => {
          await leave(member, members.get(member) ?? []);
          members.delete(member);
        },
      } satisfies Subscription;
    },
    async ping() {
      if (closed) throw new Error("event bus is closed");
    },
    async close() {
      closed = true;
      await Promise.all([...members].map(([member, joined]) => leave(member, joined)));
      members.clear();
      await Promise.allSettled([...groups.values()].flatMap((g) => g.cursors.map((c) => c.loop)));
    },
    async drain() {
      for (;;) {
        const loops = [...groups.values()].flatMap((g) => g.cursors.map((c) => c.loop)).filter((l) => l !== undefined);
        if (loops.length === 0) return;
        await Promise.all(loops);
      }
    },
  };
}
