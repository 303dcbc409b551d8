import assert from "node:assert/strict";
import { runEventBusContract } from "./contract.ts";
import { createEmbeddedBus } from "./embedded-bus.ts";
import type { EventEnvelope } from "./event-bus.ts";
import { newEnvelope } from "./outbox.ts";

runEventBusContract("embedded", async () => createEmbeddedBus());

const event = (key: string, n: number) => newEnvelope({ type: "test.happened", source: "test", key, payload: Buffer.from(String(n)) });
const label = (e: EventEnvelope) => `${e.key}:${e.payload.toString()}`;

async function deliveries(options: Parameters<typeof createEmbeddedBus>[0], sent: EventEnvelope[]): Promise<EventEnvelope[]> {
  const bus = createEmbeddedBus(options);
  const seen: EventEnvelope[] = [];
  await bus.subscribe({ topics: ["t"], group: "g", handler: async (envelope) => void seen.push(envelope) });
  await bus.publish("t", sent);
  await bus.drain();
  await bus.close();
  return seen;
}

describe("embedded bus", () => {
  it("never calls a handler inside publish", async () => {
    const bus = createEmbeddedBus();
    let calls = 0;
    await bus.subscribe({ topics: ["t"], group: "g", handler: async () => void calls++ });
    await bus.publish("t", [event("a", 1)]);
    assert.equal(calls, 0);
    await bus.drain();
    assert.equal(calls, 1);
    await bus.close();
  });

  it("delivers every message twice when chaos asks for duplicates", async () => {
    const sent = Array.from({ length: 10 }, (_, n) => event(`k${n % 3}`, n));
    const seen = await deliveries({ chaos: { duplicate: true } }, sent);
    assert.equal(seen.length, 20);
    for (const envelope of sent) assert.equal(seen.filter((s) => s.id === envelope.id).length, 2);
  });

  it("shuffles keys but keeps each key's order when chaos reorders across keys", async () => {
    const sent = Array.from({ length: 50 }, (_, n) => event(`k${n % 5}`, n));
    const seen = await deliveries({ partitions: 1, chaos: { reorder: "across-keys" } }, sent);
    assert.notDeepEqual(seen.map(label), sent.map(label), "the batch was delivered in publish order");
    for (const key of ["k0", "k1", "k2", "k3", "k4"]) {
      const pick = (list: EventEnvelope[]) => list.filter((e) => e.key === key).map(label);
      assert.deepEqual(pick(seen), pick(sent), `order of ${key}`);
    }
  });

  it("shuffles even one key's events when chaos reorders everything", async () => {
    const sent = Array.from({ length: 20 }, (_, n) => event("one-key", n));
    const seen = await deliveries({ chaos: { reorder: "all" } }, sent);
    assert.notDeepEqual(seen.map(label), sent.map(label));
    assert.deepEqual(seen.map(label).sort(), sent.map(label).sort());
  });

  it("duplicates and reorders together, still delivering everything", async () => {
    const sent = Array.from({ length: 30 }, (_, n) => event(`k${n % 4}`, n));
    const seen = await deliveries({ chaos: { duplicate: true, reorder: "all" } }, sent);
    assert.equal(seen.length, 60);
    assert.deepEqual(new Set(seen.map((e) => e.id)), new Set(sent.map((e) => e.id)));
  });

  it("starts a new group at the oldest retained message only when asked to read from the beginning", async () => {
    const bus = createEmbeddedBus();
    await bus.publish("t", [event("a", 1)]);
    const early: EventEnvelope[] = [];
    const late: EventEnvelope[] = [];
    await bus.subscribe({ topics: ["t"], group: "replayer", fromBeginning: true, handler: async (e) => void early.push(e) });
    await bus.subscribe({ topics: ["t"], group: "newcomer", handler: async (e) => void late.push(e) });
    await bus.drain();
    assert.equal(early.length, 1);
    assert.equal(late.length, 0);
    await bus.close();
  });
});
