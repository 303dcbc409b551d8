/**
 * The in-process EventBus adapter for embedded mode and tests: same topics, keys, partitions, groups,
 * retries and dead-letter topics as Kafka, delivered from memory. Given a store (embedded-bus-store.ts)
 * it is durable too: messages stay in the database until every consumer group has passed them, and
 * group positions are committed there after handling, so a kill -9 loses nothing (redelivery is at
 * least once). Delivery always happens on a later turn of the event loop, never inside `publish`,
 * because in embedded mode publisher and consumers share one database connection.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { Envelope } from "@starling/proto/events/v1/envelope";
import { chaosOrder, type ChaosOptions } from "./chaos-order.ts";
import { deadLetterHeaders, provenanceFromHeaders } from "./dead-letter-headers.ts";
import { DeliveryAborted, deliverWithRetry } from "./deliver-with-retry.ts";
import { serialWrites, type BusStore, type StoredTopicMessage } from "./embedded-bus-store.ts";
import { groupTopicId, newGroupTopic, rebalance, restoreGroups, type GroupTopic, type Member } from "./embedded-groups.ts";
import { PartitionLog, type StoredMessage } from "./embedded-log.ts";
import { deadLetterTopic, type EventBus, type EventEnvelope, type EventLogger, type PublishOptions, type Subscription } from "./event-bus.ts";
import { partitionForKey } from "./partition-for-key.ts";
import { restoreLogs } from "./restore-embedded-bus.ts";

/** Options of {@link createEmbeddedBus}. */
export interface EmbeddedBusOptions {
  /** Partitions per topic (default 3); more partitions means more parallel delivery per group. */
  partitions?: number;
  /** Deliberate duplicates and disorder, so consumers are tested for idempotency. */
  chaos?: ChaosOptions;
  /** Receives handler failures and dead-lettering; silent when absent. */
  logger?: EventLogger;
  /** Makes the bus durable: messages and group positions are kept there (see openBusStore). */
  store?: Promise<BusStore>;
}

/** The embedded bus, plus what tests need to wait for it. */
export interface EmbeddedBus extends EventBus {
  /** Resolves when every message that has a consumer has been handled or dead-lettered. */
  drain(): Promise<void>;
}

// Messages handed to one member per step; a batch is also the unit chaos reorders within.
const BATCH = 100;
// Messages kept per partition of a topic no group reads, so an embedded server's memory stays bounded.
const RETAIN_UNREAD = 10_000;

/** Creates an in-process bus. */
export function createEmbeddedBus(options: EmbeddedBusOptions = {}): EmbeddedBus {
  const partitions = Math.max(1, options.partitions ?? 3);
  let logs = new Map<string, PartitionLog[]>();
  let groups = new Map<string, GroupTopic>();
  let closed = false;
  // Handlers and store writes run in the bus's async context, not the publisher's: a publish from
  // inside a database transaction must not make them look as if they were inside it too.
  const inBusContext = AsyncLocalStorage.snapshot();
  let store: BusStore | undefined;
  const ready = (options.store ?? Promise.resolve(undefined)).then((opened) => {
    if (!opened) return;
    store = opened;
    logs = restoreLogs(opened.snapshot, partitions);
    groups = restoreGroups(opened.snapshot, logOf);
  });
  const write = serialWrites(inBusContext, (error) => options.logger?.error({ err: String(error) }, "embedded bus could not write to its store"));
  let writes: Promise<void> = Promise.resolve();
  const persist = (change: (store: BusStore) => Promise<void>): Promise<void> => {
    const opened = store;
    return opened ? (writes = write(() => change(opened))) : writes;
  };

  const logOf = (topic: string): PartitionLog[] => {
    let log = logs.get(topic);
    if (!log) logs.set(topic, (log = Array.from({ length: partitions }, () => new PartitionLog())));
    return log;
  };
  const groupsOf = (topic: string) => [...groups.values()].filter((g) => g.topic === topic);
  const trim = (topic: string, partition: number, before: number) => {
    const log = logOf(topic)[partition]!;
    if (log.dropBefore(before) > 0) void persist((s) => s.trim(topic, partition, log.start));
  };
  // Adds messages to the log: at once, or reserved now and filled when `transaction` commits.
  async function append(topic: string, messages: Omit<StoredTopicMessage, "offset" | "partition" | "topic">[], publish: PublishOptions = {}): Promise<void> {
    const placed = messages.map((m) => {
      const partition = partitionForKey(m.key, partitions);
      return { ...m, topic, partition, offset: logOf(topic)[partition]!.reserve(1) };
    });
    const settle = (fill: boolean) => {
      for (const m of placed) {
        const log = logOf(topic)[m.partition]!;
        if (fill) log.fill(m);
        else log.abandon(m.offset, 1);
      }
      const readers = groupsOf(topic);
      // Nobody reads this topic yet: keep a tail for late fromBeginning groups, as Kafka's retention would.
      for (const partition of new Set(placed.map((m) => m.partition))) {
        if (readers.length === 0) trim(topic, partition, logOf(topic)[partition]!.end - RETAIN_UNREAD);
        for (const g of readers) schedule(g, partition);
      }
    };
    const { transaction } = publish;
    if (!store || !transaction) {
      settle(true);
      void persist((s) => s.insert(placed));
      return;
    }
    try {
      await store.insert(placed, transaction);
    } catch (error) {
      settle(false);
      throw error;
    }
    transaction.executionPromise.then(() => settle(true), () => settle(false));
  }

  function schedule(g: GroupTopic, partition: number): void {
    const cursor = g.cursors[partition]!;
    if (cursor.loop || closed) return;
    cursor.loop = inBusContext(() => runCursor(g, partition)).then(
      () => {
        cursor.loop = undefined;
        // A publish that arrived while the loop was finishing found it busy; pick that work up now.
        if (cursor.owner && logOf(g.topic)[partition]!.read(cursor.position, 1).next > cursor.position) schedule(g, partition);
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
    const committed = cursor.position;
    try {
      for (;;) {
        const owner = cursor.owner;
        const { messages, next } = log.read(cursor.position, BATCH);
        if (!owner || closed || next === cursor.position) return;
        let complete = true;
        for (const message of chaosOrder(messages, (m) => m.key, options.chaos)) {
          if (cursor.owner !== owner || !(await deliver(g, partition, owner, message))) {
            complete = false;
            break;
          }
          // Without reordering a message is committed as soon as it is handled, like Kafka does.
          if (!options.chaos?.reorder) cursor.position = Math.max(cursor.position, message.offset + 1);
        }
        if (!complete) continue;
        cursor.position = next;
        await commit(g, partition);
        trim(g.topic, partition, Math.min(...groupsOf(g.topic).map((other) => other.cursors[partition]!.position)));
      }
    } finally {
      if (cursor.position !== committed) await commit(g, partition);
    }
  }

  const commit = (g: GroupTopic, partition: number) => (g.transient ? writes : persist((s) => s.commit({ group: g.group, topic: g.topic, partition, position: g.cursors[partition]!.position })));

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
        await append(deadLetterTopic(g.topic), [{ key: message.key, bytes: message.bytes, headers: deadLetterHeaders(provenance) }]);
      }
      return true;
    } catch (error) {
      if (error instanceof DeliveryAborted) return false;
      throw error;
    } finally {
      owner.inFlight.delete(task);
    }
  }

  // A group seen for the first time starts at the oldest retained message or at the end; its
  // position is stored at once, so after a crash it resumes there rather than at the new end.
  async function join(member: Member, topic: string): Promise<GroupTopic> {
    const id = groupTopicId(member.options.group, topic);
    let g = groups.get(id);
    if (!g) {
      const created = newGroupTopic(member.options.group, topic, logOf(topic).map((log) => (member.options.fromBeginning ? log.start : log.end)), member.options.transient);
      groups.set(id, (g = created));
      await Promise.all(created.cursors.map((_, partition) => commit(created, partition)));
    }
    g.members.push(member);
    rebalance(g, (partition) => schedule(g, partition));
    return g;
  }

  async function leave(member: Member, joined: GroupTopic[]): Promise<void> {
    if (member.abort.signal.aborted) return;
    member.abort.abort();
    for (const g of joined) {
      g.members = g.members.filter((m) => m !== member);
      // A transient group ends with its last member; it must not hold back trimming.
      if (g.transient && g.members.length === 0) groups.delete(groupTopicId(g.group, g.topic));
      rebalance(g, (partition) => schedule(g, partition));
    }
    await Promise.allSettled([...member.inFlight]);
  }

  const members = new Map<Member, GroupTopic[]>();
  const loops = () => [...groups.values()].flatMap((g) => g.cursors.map((c) => c.loop)).filter((l) => l !== undefined);
  return {
    async publish(topic, envelopes: EventEnvelope[], publish?: PublishOptions) {
      if (closed) throw new Error("event bus is closed");
      await ready;
      await append(topic, envelopes.map((envelope) => ({ key: envelope.key, bytes: Envelope.encode(envelope).finish(), headers: {} })), publish);
    },
    async subscribe(subscribeOptions) {
      if (closed) throw new Error("event bus is closed");
      await ready;
      const member: Member = { options: subscribeOptions, abort: new AbortController(), inFlight: new Set() };
      const joined: GroupTopic[] = [];
      for (const topic of subscribeOptions.topics) joined.push(await join(member, topic));
      members.set(member, joined);
      return {
        stop: async () => {
          await leave(member, members.get(member) ?? []);
          members.delete(member);
        },
      } satisfies Subscription;
    },
    async ping() {
      if (closed) throw new Error("event bus is closed");
      await ready;
    },
    async close() {
      closed = true;
      await Promise.all([...members].map(([member, joined]) => leave(member, joined)));
      members.clear();
      await Promise.allSettled(loops());
      await writes;
    },
    async drain() {
      for (let pending = loops(); pending.length > 0; pending = loops()) await Promise.all(pending);
    },
  };
}
