// The delivery queue against real peers over HTTP: a live inbox that checks every HTTP Signature with
// Fedify's verifyRequest, and dead ones (refused connections, 503, a server that never answers,
// 410). Runs on the embedded test server (and PostgreSQL when DATABASE_URL is set) × the embedded bus (and Kafka when
// KAFKA_BROKERS is set), each test in a fresh schema and on fresh topics, with millisecond backoff.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { verifyRequest } from "@fedify/fedify";
import { CryptographicKey, Person } from "@fedify/fedify/vocab";
import { databaseFor, openPostgres, testPostgresUrl, type Database } from "@starling/db";
import { createEmbeddedBus, createKafkaBus, type EventBus } from "@starling/events";
import { createIdGenerator, roleWith } from "@starling/runtime";
import { freePort, uniqueName, waitFor } from "@starling/testkit";
import { federationMigrations } from "../migrations/index.ts";
import type { DeliveryDeps, DeliverySettings } from "../src/delivery/deps.ts";
import { deliverySettings } from "../src/delivery/deps.ts";
import { enqueueDeliveries } from "../src/delivery/enqueue.ts";
import { startDeliveryWorker, type DeliveryWorker } from "../src/delivery/worker.ts";
import { listDeliveriesHandler } from "../src/grpc/delivery-handlers.ts";
import { actorKeyPairs } from "../src/use-cases/actor-key-pairs.ts";

const SENDER = "1";
const ACTOR = "https://fed.example/users/alice";
const brokers = process.env.KAFKA_BROKERS?.split(",").filter(Boolean) ?? [];

/** A test inbox server: records what it got and answers as told. */
interface Peer {
  inbox: string;
  /** Activity ids received, in order, with the time each arrived. */
  received: { id: string; at: number; keyId?: string }[];
  /** Most requests it held open at once. */
  maxOpen: number;
  close(): Promise<void>;
}

type Answer = "accept" | "never" | number;

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a peer; `answer` is read per request, so a test may change it. `verify` checks signatures against the sender's key. */
async function startPeer(answer: () => Answer, verify?: (request: Request) => Promise<string | undefined>): Promise<Peer> {
  let open = 0;
  const hanging = new Set<IncomingMessage>();
  const peer: Peer = { inbox: "", received: [], maxOpen: 0, close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    open += 1;
    peer.maxOpen = Math.max(peer.maxOpen, open);
    req.once("close", () => (open -= 1));
    const body = await bodyOf(req);
    const now = answer();
    const activity = JSON.parse(body.toString("utf8")) as { id: string };
    if (now === "never") {
      peer.received.push({ id: activity.id, at: Date.now() });
      hanging.add(req);
      return;
    }
    const at = Date.now();
    // Answered before the signature is checked: on a loaded test machine the check could outlast the
    // sender's short deadline. The record says which key, if any, the signature verified with.
    res.writeHead(now === "accept" ? 202 : now).end();
    let keyId: string | undefined;
    if (verify) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      keyId = await verify(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }));
      if (req.headers["content-type"] !== "application/activity+json") keyId = undefined;
    }
    peer.received.push({ id: activity.id, at, keyId });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  peer.inbox = `http://127.0.0.1:${port}/inbox`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      for (const req of hanging) req.socket.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}

/** A verifier that knows the sender's actor document (the public key the service publishes). */
async function signatureVerifier(db: Database): Promise<(request: Request) => Promise<string | undefined>> {
  const [rsa] = await actorKeyPairs(db, SENDER);
  const actor = await new Person({
    id: new URL(ACTOR),
    inbox: new URL(`${ACTOR}/inbox`),
    publicKey: new CryptographicKey({ id: new URL(`${ACTOR}#main-key`), owner: new URL(ACTOR), publicKey: rsa!.publicKey }),
  }).toJsonLd();
  const documentLoader = async (url: string) => {
    if (!url.startsWith(ACTOR)) throw new Error(`unexpected fetch of ${url}`);
    return { contextUrl: null, documentUrl: url, document: actor };
  };
  return async (request) => (await verifyRequest(request, { documentLoader }))?.id?.href;
}

const activity = (n: number | string) => {
  const id = `${ACTOR}/statuses/${n}/activity`;
  return { senderAccountId: SENDER, activityId: id, activityType: "Create", activity: { "@context": "https://www.w3.org/ns/activitystreams", id, type: "Create", actor: ACTOR, object: { id: `${ACTOR}/statuses/${n}`, type: "Note", content: `post ${n}` } } };
};

/** A clock tests move by hand; starts at the real time. */
function manualClock() {
  let now = Date.now();
  return { now: () => new Date(now), set: (at: number) => void (now = at), get: () => now };
}

interface Row {
  id: string;
  activity_id: string;
  inbox: string;
  state: string;
  attempts: number;
  last_error: string;
  next_attempt_at: Date;
}

const TEST_CONFIG = {
  DELIVERY_TIMEOUT_MS: 1_000,
  DELIVERY_MAX_ATTEMPTS: 4,
  DELIVERY_BACKOFF_SCALE: 0.001,
  DELIVERY_CIRCUIT_THRESHOLD: 3,
  DELIVERY_CIRCUIT_OPEN_MS: 150,
  DELIVERY_CIRCUIT_MAX_OPEN_MS: 500,
  DELIVERY_HOST_CONCURRENCY: 2,
  DELIVERY_SCHEDULER_INTERVAL_MS: 25,
  DELIVERY_KEEP_DELIVERED_MS: 86_400_000,
  DELIVERY_KEEP_DEAD_MS: 1_209_600_000,
  FEDERATION_ALLOW_PRIVATE_ADDRESS: true,
};

const databases = [{ name: "embedded PostgreSQL" }, ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.DATABASE_URL }] : [])];
const buses = [{ name: "embedded bus" }, ...(brokers.length > 0 ? [{ name: "Kafka", kafka: true }] : [])];

for (const database of databases) {
  for (const busKind of buses) {
    describe(`delivery queue (${database.name}, ${busKind.name})`, function () {
      this.timeout(120_000);
      let knex: Database["knex"];
      let db: Database;
      let bus: EventBus;
      let workers: DeliveryWorker[];
      let peers: Peer[];

      before(async function () {
        this.timeout(120_000);
        knex = openPostgres(database.url ?? (await testPostgresUrl()));
      });
      after(async () => {
        await knex?.destroy();
      });
      beforeEach(async () => {
        db = databaseFor(knex, uniqueName("federation"));
        await db.migrate(federationMigrations);
        bus = busKind.kafka
          ? createKafkaBus({ brokers, clientId: "federation-deliveries-test", topicPrefix: `test-${randomUUID().slice(0, 8)}.`, logger: { warn: () => {}, error: () => {} } })
          : createEmbeddedBus();
        workers = [];
        peers = [];
      });
      afterEach(async () => {
        await Promise.all(workers.map((w) => w.stop()));
        await Promise.all(peers.map((p) => p.close()));
        await bus.close();
      });

      const depsWith = (now: () => Date = () => new Date(), target: EventBus = bus): DeliveryDeps => ({ db, bus: target, now, newId: createIdGenerator() });
      const start = async (deps: DeliveryDeps, overrides: Partial<DeliverySettings> = {}, config: Partial<typeof TEST_CONFIG> = {}) => {
        const worker = await startDeliveryWorker(deps, deliverySettings({ ...TEST_CONFIG, ...config }, { leaseMs: 5_000, republishAfterMs: 200, ...overrides }));
        workers.push(worker);
        return worker;
      };
      const peer = async (answer: () => Answer, verify?: (request: Request) => Promise<string | undefined>) => {
        const made = await startPeer(answer, verify);
        peers.push(made);
        return made;
      };
      const rows = async (inbox?: string): Promise<Row[]> => {
        const query = db.table("deliveries").orderBy("id");
        if (inbox) query.where({ inbox });
        return query;
      };
      const hostOf = (inbox: string) => new URL(inbox).host;

      it("queues each (activity, inbox) once however often it is asked, and delivers it once, signed", async () => {
        const live = await peer(() => "accept", await signatureVerifier(db));
        const other = await peer(() => "accept");
        const deps = depsWith();
        await enqueueDeliveries(deps, { ...activity(1), inboxes: [live.inbox, other.inbox, live.inbox] });
        await enqueueDeliveries(deps, { ...activity(1), inboxes: [live.inbox, other.inbox] });
        await enqueueDeliveries(deps, { ...activity(2), inboxes: [live.inbox, "ftp://nope.example/inbox", "not a url"] });
        assert.deepEqual((await rows()).map((r) => [r.activity_id, r.inbox]).sort(), [
          [activity(1).activityId, live.inbox],
          [activity(1).activityId, other.inbox],
          [activity(2).activityId, live.inbox],
        ].sort());
        assert.equal((await db.table("delivery_activities")).length, 2);
        await start(deps);
        await waitFor(async () => (await rows()).every((r) => r.state === "delivered"), { what: "every row delivered" });
        // Asked again after delivery: still nothing new to send.
        await enqueueDeliveries(deps, { ...activity(1), inboxes: [live.inbox] });
        await waitFor(async () => live.received.length >= 2 && other.received.length >= 1, { what: "deliveries" });
        assert.deepEqual(live.received.map((r) => r.id).sort(), [activity(1).activityId, activity(2).activityId].sort());
        assert.deepEqual(other.received.map((r) => r.id), [activity(1).activityId]);
        assert.ok(live.received.every((r) => r.keyId === `${ACTOR}#main-key`), "signed with the actor's main key");
        assert.equal((await rows()).length, 3);
      });

      it("lists each delivery with its activity's type for staff, and no type at all (not \"\") where the recorded activity is gone", async () => {
        const deps = depsWith();
        await enqueueDeliveries(deps, { ...activity(1), inboxes: ["https://one.example/inbox"] });
        await enqueueDeliveries(deps, { ...activity(2), activityType: "Update", inboxes: ["https://two.example/inbox"] });
        await db.table("delivery_activities").where({ activity_id: activity(2).activityId }).delete();
        const staff = { viewer: { role: roleWith(["manage_federation"]), scopes: [] }, viewerToken: undefined, metadata: undefined as never };
        const { deliveries } = await listDeliveriesHandler({ db }).listDeliveries({}, staff);
        const typeOf = (n: number) => deliveries.find((d) => d.activityId === activity(n).activityId)?.activityType;
        assert.deepEqual([deliveries.length, typeOf(1), typeOf(2)], [2, "Create", undefined]);
      });

      it("delivers promptly to a live peer while dead peers are retried with growing pauses, their circuits open, and they are given up after the last try", async () => {
        const live = await peer(() => "accept", await signatureVerifier(db));
        const failing = await peer(() => 503);
        const hanging = await peer(() => "never");
        const refusedPort = await freePort(); // nothing listens there
        const refused = `http://127.0.0.1:${refusedPort}/inbox`;
        const deps = depsWith();
        await start(deps);
        // The hanging peer costs a whole deadline per try, so it is watched for isolation, not to the end.
        const dead = [failing.inbox, refused];
        const circuitsSeen = new Map<string, number>();
        const watcher = setInterval(async () => {
          const hosts: { host: string; openings: number }[] = await db.table("delivery_hosts").select("host", "openings").catch(() => []);
          for (const h of hosts) circuitsSeen.set(h.host, Math.max(circuitsSeen.get(h.host) ?? 0, h.openings));
        }, 10);
        try {
          for (let n = 1; n <= 3; n++) await enqueueDeliveries(deps, { ...activity(n), inboxes: [live.inbox, hanging.inbox, ...dead] });
          // Every activity reaches the live peer while the dead ones fail.
          await waitFor(() => live.received.length === 3, { what: "3 deliveries to the live peer" });
          assert.ok(hanging.received.length > 0, "the hanging peer was tried");
          await waitFor(async () => (await rows()).filter((r) => dead.includes(r.inbox)).every((r) => r.state === "dead"), { timeoutMs: 60_000, what: "dead peers given up" });
        } finally {
          clearInterval(watcher);
        }
        for (const row of await rows()) {
          if (row.inbox === live.inbox) assert.equal(row.state, "delivered");
          else if (row.inbox !== hanging.inbox) assert.equal(row.attempts, TEST_CONFIG.DELIVERY_MAX_ATTEMPTS, `${row.inbox} tried ${row.attempts} times`);
        }
        assert.ok(live.received.every((r) => r.keyId === `${ACTOR}#main-key`), "every delivery verified");
        assert.match((await rows(failing.inbox))[0]!.last_error, /HTTP 503/);
        assert.match((await rows(refused))[0]!.last_error, /ECONNREFUSED/);
        assert.ok((await rows(hanging.inbox)).some((r) => /timed out/.test(r.last_error)), "the hanging peer's tries timed out");
        // A slow host never holds more than its own slots.
        assert.ok(hanging.maxOpen <= TEST_CONFIG.DELIVERY_HOST_CONCURRENCY, `${hanging.maxOpen} requests open at the hanging peer`);
        await waitFor(async () => ((await db.table("delivery_hosts").where({ host: hostOf(hanging.inbox) }).first())?.openings ?? 0) >= 1, { what: "the hanging peer's circuit to open" });
        for (const inbox of dead) assert.ok((circuitsSeen.get(hostOf(inbox)) ?? 0) >= 1, `the circuit of ${inbox} opened`);
        // Pauses grow with the tries: try n+1 never comes sooner than (n⁴ + 15) backoff units (ms here) after try n.
        const times = failing.received.filter((r) => r.id === activity(1).activityId).map((r) => r.at);
        assert.equal(times.length, TEST_CONFIG.DELIVERY_MAX_ATTEMPTS);
        times.slice(1).forEach((at, i) => assert.ok(at - times[i]! >= (i + 1) ** 4 + 15, `pause after try ${i + 1}: ${at - times[i]!} ms`));
        const listed = await listDeliveriesHandler({ db }).listDeliveries({ state: "dead", limit: 50 }, { viewer: { role: roleWith(["manage_federation"]), scopes: [] }, viewerToken: undefined, metadata: undefined as never });
        assert.ok(listed.deliveries.every((d) => d.state === "dead"));
        assert.equal(listed.deliveries.filter((d) => dead.includes(d.inbox)).length, 6);
        for (const inbox of [...dead, hanging.inbox]) assert.ok(listed.hosts.some((h) => h.host === hostOf(inbox)), `${inbox} listed`);
      });

      it("opens a host's circuit after the threshold, tries nothing while open, lets one trial through when half-open, and closes on success", async () => {
        let answer: Answer = 503;
        const flaky = await peer(() => answer);
        const clock = manualClock();
        const deps = depsWith(clock.now);
        const t0 = clock.get();
        for (let n = 1; n <= 5; n++) await enqueueDeliveries(deps, { ...activity(n), inboxes: [flaky.inbox] });
        await start(deps, {}, { DELIVERY_HOST_CONCURRENCY: 1 });
        const host = hostOf(flaky.inbox);
        const circuit = async () => (await db.table("delivery_hosts").where({ host }).first()) as { consecutive_failures: number; openings: number; open_until: Date | null } | undefined;
        // One at a time: three failures open the circuit; the two other rows are held back, untried.
        await waitFor(async () => (await rows()).every((r) => r.state !== "pending" || new Date(r.next_attempt_at).getTime() > t0), { timeoutMs: 30_000, what: "every row tried or held back" });
        const opened = (await circuit())!;
        assert.equal(opened.openings, 1);
        assert.equal(new Date(opened.open_until!).getTime(), t0 + TEST_CONFIG.DELIVERY_CIRCUIT_OPEN_MS);
        assert.equal(flaky.received.length, TEST_CONFIG.DELIVERY_CIRCUIT_THRESHOLD);
        // Time stands still inside the open period: a few scheduler rounds send nothing more.
        clock.set(t0 + TEST_CONFIG.DELIVERY_CIRCUIT_OPEN_MS - 1);
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.equal(flaky.received.length, TEST_CONFIG.DELIVERY_CIRCUIT_THRESHOLD);
        // Half-open: exactly one trial goes; it fails, and the circuit opens again for twice as long.
        const halfOpenAt = t0 + TEST_CONFIG.DELIVERY_CIRCUIT_OPEN_MS;
        clock.set(halfOpenAt);
        await waitFor(async () => (await circuit())!.openings === 2, { timeoutMs: 30_000, what: "the circuit to reopen" });
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.equal(flaky.received.length, TEST_CONFIG.DELIVERY_CIRCUIT_THRESHOLD + 1);
        const reopened = (await circuit())!;
        assert.equal(new Date(reopened.open_until!).getTime(), halfOpenAt + 2 * TEST_CONFIG.DELIVERY_CIRCUIT_OPEN_MS);
        // The host recovers: the next trial succeeds and closes the circuit, and the rest goes through.
        answer = "accept";
        clock.set(t0 + 60_000);
        await waitFor(async () => (await circuit())!.openings === 0, { timeoutMs: 30_000, what: "the circuit to close" });
        const closed = (await circuit())!;
        assert.deepEqual([closed.consecutive_failures, closed.open_until], [0, null]);
        clock.set(t0 + 120_000);
        await waitFor(async () => (await rows()).every((r) => r.state === "delivered"), { timeoutMs: 30_000, what: "every row delivered after recovery" });
      });

      it("gives up at once on 410 Gone, without counting it against the host", async () => {
        const gone = await peer(() => 410);
        const deps = depsWith();
        await start(deps);
        await enqueueDeliveries(deps, { ...activity(1), inboxes: [gone.inbox] });
        await waitFor(async () => (await rows())[0]!.state === "dead", { what: "the delivery dead" });
        const [row] = await rows();
        assert.deepEqual([row!.attempts, row!.last_error], [1, "HTTP 410"]);
        assert.equal(gone.received.length, 1);
        assert.equal(await db.table("delivery_hosts").where({ host: hostOf(gone.inbox) }).first(), undefined);
      });

      it("refuses loopback inboxes unless FEDERATION_ALLOW_PRIVATE_ADDRESS is set", async () => {
        const local = await peer(() => "accept");
        const deps = depsWith();
        await start(deps, {}, { FEDERATION_ALLOW_PRIVATE_ADDRESS: false });
        await enqueueDeliveries(deps, { ...activity(1), inboxes: [local.inbox] });
        await waitFor(async () => (await rows())[0]!.state === "dead", { what: "the delivery refused" });
        assert.match((await rows())[0]!.last_error, /not a public address/);
        assert.equal(local.received.length, 0);
      });

      it("sends a delivery whose job message was lost, from the row alone", async () => {
        const live = await peer(() => "accept");
        const deps = depsWith();
        const broken = { publish: async () => { throw new Error("broker unreachable"); } } as unknown as EventBus;
        await enqueueDeliveries({ ...deps, bus: broken }, { ...activity(1), inboxes: [live.inbox] });
        assert.equal((await rows())[0]!.state, "pending");
        await start(deps);
        await waitFor(() => live.received.length === 1, { what: "the delivery sent by the scheduler" });
        await waitFor(async () => (await rows())[0]!.state === "delivered", { what: "the row delivered" });
      });
    });
  }
}
