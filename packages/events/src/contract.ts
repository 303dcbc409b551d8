/**
 * The behaviour every EventBus adapter promises, as one mocha suite. Each adapter's test file runs it,
 * so the embedded bus cannot drift from Kafka. Test-only: imported through `@starling/events/contract`.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { waitFor } from "@starling/testkit";
import type { DeliveryMeta, EventBus, EventEnvelope, Subscription } from "./event-bus.ts";
import { newEnvelope } from "./outbox.ts";

interface Seen {
  envelope: EventEnvelope;
  meta: DeliveryMeta;
  at: number;
}

const envelopeFor = (key: string, n: number) => newEnvelope({ type: "test.happened", source: "contract", key, payload: Buffer.from(String(n)) });
const numberOf = (envelope: EventEnvelope) => Number(envelope.payload.toString());
const waitForCount = (seen: Seen[], count: number, what: string) => waitFor(() => seen.length >= count, { timeoutMs: 20_000, what });

/** Runs the EventBus contract against buses made by `make` (a fresh bus per test, closed after it). */
export function runEventBusContract(name: string, make: () => Promise<EventBus>): void {
  describe(`EventBus contract: ${name}`, function () {
    this.timeout(60_000);
    let bus: EventBus;
    let topic: string;
    let subscriptions: Subscription[];

    const subscribe = async (group: string, seen: Seen[], extra: Partial<Parameters<EventBus["subscribe"]>[0]> = {}) => {
      const subscription = await bus.subscribe({
        topics: [topic],
        group,
        handler: async (envelope, meta) => void seen.push({ envelope, meta, at: Date.now() }),
        ...extra,
      });
      subscriptions.push(subscription);
      return subscription;
    };

    beforeEach(async () => {
      bus = await make();
      topic = `contract.${randomUUID().slice(0, 8)}`;
      subscriptions = [];
    });

    afterEach(async () => {
      await Promise.allSettled(subscriptions.map((s) => s.stop()));
      await bus.close();
    });

    it("delivers one key's events in the order they were published", async () => {
      const seen: Seen[] = [];
      await subscribe("ordered", seen);
      const keys = ["alice", "bob", "carol", "dave"];
      for (let round = 0; round < 3; round++) {
        await bus.publish(topic, keys.flatMap((key) => [0, 1, 2].map((i) => envelopeFor(key, round * 3 + i))));
      }
      await waitForCount(seen, 36, "36 deliveries");
      for (const key of keys) {
        const order = seen.filter((s) => s.envelope.key === key).map((s) => numberOf(s.envelope));
        assert.deepEqual(order, [0, 1, 2, 3, 4, 5, 6, 7, 8], `order of ${key}`);
      }
    });

    it("gives every consumer group every message once", async () => {
      const first: Seen[] = [];
      const second: Seen[] = [];
      await subscribe("group-a", first);
      await subscribe("group-b", second);
      const sent = Array.from({ length: 10 }, (_, n) => envelopeFor(`k${n}`, n));
      await bus.publish(topic, sent);
      await waitForCount(first, 10, "group a");
      await waitForCount(second, 10, "group b");
      const ids = sent.map((e) => e.id).sort();
      assert.deepEqual(first.map((s) => s.envelope.id).sort(), ids);
      assert.deepEqual(second.map((s) => s.envelope.id).sort(), ids);
    });

    it("shares the partitions of a topic between the members of one group", async () => {
      const one: Seen[] = [];
      const two: Seen[] = [];
      await subscribe("shared", one);
      await subscribe("shared", two);
      const sent = Array.from({ length: 30 }, (_, n) => envelopeFor(`key-${n}`, n));
      await bus.publish(topic, sent);
      await waitFor(() => new Set([...one, ...two].map((s) => s.envelope.id)).size === 30, { timeoutMs: 20_000, what: "30 distinct" });
      assert.ok(one.length > 0 && two.length > 0, `both members got work (${one.length} + ${two.length})`);
    });

    it("retries a handler that failed and passes the attempt number", async () => {
      const seen: Seen[] = [];
      await subscribe("flaky", seen, {
        backoffMs: 10,
        handler: async (envelope, meta) => {
          seen.push({ envelope, meta, at: Date.now() });
          if (meta.attempt === 1) throw new Error("transient");
        },
      });
      await bus.publish(topic, [envelopeFor("x", 1)]);
      await waitForCount(seen, 2, "a second attempt");
      assert.deepEqual(seen.map((s) => s.meta.attempt), [1, 2]);
      assert.equal(seen[0]!.meta.offset, seen[1]!.meta.offset);
    });

    it("delivers again, to the next member, a message whose consumer stopped before handling it", async () => {
      const first: Seen[] = [];
      const stuck = await subscribe("handover", first, {
        backoffMs: 60_000,
        handler: async (envelope, meta) => {
          first.push({ envelope, meta, at: Date.now() });
          throw new Error("not now");
        },
      });
      const sent = envelopeFor("y", 1);
      await bus.publish(topic, [sent]);
      await waitForCount(first, 1, "the first attempt");
      await stuck.stop();
      const second: Seen[] = [];
      await subscribe("handover", second);
      await waitForCount(second, 1, "redelivery");
      assert.equal(second[0]!.envelope.id, sent.id);
    });

    it("backs off between tries, then dead-letters with provenance and moves on to the next message", async () => {
      const attempts: Seen[] = [];
      const handled: Seen[] = [];
      await subscribe("picky", attempts, {
        maxAttempts: 3,
        backoffMs: 40,
        handler: async (envelope, meta) => {
          if (numberOf(envelope) === 1) {
            attempts.push({ envelope, meta, at: Date.now() });
            throw new Error("poison pill");
          }
          handled.push({ envelope, meta, at: Date.now() });
        },
      });
      const poison = envelopeFor("z", 1);
      await bus.publish(topic, [poison, envelopeFor("z", 2)]);
      await waitForCount(handled, 1, "the message after the poison one");
      assert.equal(attempts.length, 3);
      const [a, b, c] = attempts.map((s) => s.at) as [number, number, number];
      // Timers may fire a millisecond early; the doubling is what matters.
      assert.ok(b - a >= 35 && c - b >= 75, `pauses ${b - a} ms then ${c - b} ms`);

      const dead: Seen[] = [];
      const dlq = await bus.subscribe({ topics: [`${topic}.dlq`], group: "redrive", fromBeginning: true, handler: async (envelope, meta) => void dead.push({ envelope, meta, at: 0 }) });
      subscriptions.push(dlq);
      await waitForCount(dead, 1, "the dead letter");
      assert.equal(dead[0]!.envelope.id, poison.id);
      assert.deepEqual(dead[0]!.meta.deadLetter, {
        topic,
        partition: attempts[0]!.meta.partition,
        offset: attempts[0]!.meta.offset,
        group: "picky",
        error: "poison pill",
      });
    });

    it("stops delivering to a stopped subscription and refuses to publish once closed", async () => {
      const stopped: Seen[] = [];
      const subscription = await subscribe("quitter", stopped);
      await subscription.stop();
      await bus.publish(topic, [envelopeFor("w", 1)]);
      const witness: Seen[] = [];
      await subscribe("witness", witness, { fromBeginning: true });
      await waitForCount(witness, 1, "the witness delivery");
      assert.equal(stopped.length, 0);
      await bus.ping();
      await bus.close();
      await assert.rejects(bus.publish(topic, [envelopeFor("w", 2)]));
      await assert.rejects(bus.ping());
    });
  });
}
