// Admin domain blocks and allows as federation enforces them: learnt from the moderation service's
// events into a read model, a suspended server's signed inbox POST is refused before anything of it
// is read or stored, its signed GETs are refused and nothing is looked up on it, nothing is queued
// for it, and a block's removal lets it back in.
import assert from "node:assert/strict";
import { encodePayload, EVENT_CATALOG, newEnvelope, type EventType, type PayloadOf } from "@starling/events";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { FederationServiceClient } from "@starling/proto/federation/v1/federation";
import { connectService } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { hostPolicy } from "../src/data/instance-blocks-queries.ts";
import { attemptDelivery } from "../src/delivery/attempt-delivery.ts";
import { deliverySettings } from "../src/delivery/deps.ts";
import { enqueueDeliveries } from "../src/delivery/enqueue.ts";
import { backends, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type SigningPeer } from "./signing-peer.ts";

let serial = 0;

for (const backend of backends) {
  describe(`admin domain blocks and allows in federation (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let peer: SigningPeer;

    const publish = async <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => {
      await h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "moderation", key, payload: encodePayload(type, payload) })]);
    };
    const update = async (username: string) => {
      const actor = await peer.actor(username);
      const activity = { "@context": "https://www.w3.org/ns/activitystreams", id: `${actor.id}#updates/${++serial}`, type: "Update", actor: actor.id, object: { id: actor.id, type: "Person" } };
      return { actor, response: await peer.send(actor, `${h.url}/inbox`, activity) };
    };
    const upserts = () => h.calls.filter((c) => c.method === "upsertRemoteAccount").length;

    before(async () => {
      h = await startHarness(backend);
      peer = await startSigningPeer();
    });
    after(async () => {
      await h?.stop();
      await peer?.stop();
    });

    it("refuses a suspended server's signed inbox POST with 403 and stores nothing of it, and hears it again once unblocked", async () => {
      assert.equal((await update("before")).response.status, 202, "heard before the block");
      const stored = upserts();
      await publish("admin_domain_block.created", "7001", { blockId: "7001", domain: peer.host, severity: "suspend", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
      await waitFor(async () => (await hostPolicy(h.db, peer.host)).suspended || undefined, { what: "the block in the read model" });
      const refused = await update("during");
      assert.equal(refused.response.status, 403);
      assert.deepEqual(await refused.response.json(), { error: "This server does not accept activities from your server" });
      assert.equal(upserts(), stored, "nothing stored");

      await publish("admin_domain_block.removed", "7001", { blockId: "7001", domain: peer.host });
      await waitFor(async () => !(await hostPolicy(h.db, peer.host)).suspended || undefined, { what: "the block removed" });
      assert.equal((await update("after")).response.status, 202);
      // A late copy of the creation does not bring the removed block back.
      await publish("admin_domain_block.created", "7001", { blockId: "7001", domain: peer.host, severity: "suspend", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
      await publish("admin_domain_block.created", "7002", { blockId: "7002", domain: "marker.example", severity: "noop", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
      await waitFor(async () => (await h.db.table("instance_domain_blocks").where({ block_id: "7002" }).first()) ?? undefined, { what: "a later event handled" });
      assert.equal((await hostPolicy(h.db, peer.host)).suspended, false);
    });

    it("refuses a suspended server's signed GETs with 403, and looks nothing up on it: its accounts and statuses resolve to NOT_FOUND", async () => {
      const alice = h.addAccount("alice");
      const gus = await peer.actor("gus");
      assert.equal((await peer.get(`${h.url}/users/alice`, gus)).status, 200, "served before the block");
      await publish("admin_domain_block.created", "7030", { blockId: "7030", domain: peer.host, severity: "suspend", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
      await waitFor(async () => (await hostPolicy(h.db, peer.host)).suspended || undefined, { what: "the block" });
      const refused = await peer.get(`${h.url}/users/alice`, gus);
      assert.deepEqual([refused.status, await refused.json()], [403, { error: "This server does not serve your server" }]);
      assert.equal((await peer.get(`${h.url}/users/alice`)).status, 200, "an unsigned GET names no server");

      const client = connectService(FederationServiceClient, h.grpcUrl, { deadlineMs: 20_000 });
      try {
        const code = (call: Promise<unknown>) => call.then(() => GrpcStatus.OK, (error: { code: number }) => error.code);
        const asked = peer.webfingerAccepts.length;
        assert.equal(await code(client.resolveAccount({ query: `gus@${peer.host}` })), GrpcStatus.NOT_FOUND);
        assert.equal(await code(client.resolveAccount({ query: gus.id })), GrpcStatus.NOT_FOUND);
        assert.equal(await code(client.resolveStatus({ query: `${peer.origin}/users/gus/statuses/1` })), GrpcStatus.NOT_FOUND);
        assert.equal(peer.webfingerAccepts.length, asked, "no WebFinger lookup reached the server");
        assert.equal(h.calls.some((c) => c.method === "upsertRemoteAccount" && c.request.username === "gus"), false);
        assert.equal((await client.resolveAccount({ query: "alice" })).accountId, alice.id, "local lookups still answer");
      } finally {
        client.close();
      }
      await publish("admin_domain_block.removed", "7030", { blockId: "7030", domain: peer.host });
      await waitFor(async () => !(await hostPolicy(h.db, peer.host)).suspended || undefined, { what: "the block removed" });
    });

    it("covers subdomains, and a silence block with reject_media neither refuses the server nor lets its media be cached", async () => {
      await publish("admin_domain_block.created", "7010", { blockId: "7010", domain: "blocked.example", severity: "silence", rejectMedia: true, rejectReports: false, previousSeverity: undefined });
      await waitFor(async () => (await hostPolicy(h.db, "a.blocked.example")).silenced || undefined, { what: "the silence block" });
      assert.deepEqual(await hostPolicy(h.db, "social.a.blocked.example:8443"), { suspended: false, silenced: true, rejectMedia: true, rejectReports: false, allowed: false });
      assert.equal((await hostPolicy(h.db, "notblocked.example")).silenced, false, "a name that only ends alike is not a subdomain");
    });

    it("queues no delivery to a suspended server, gives up one queued before the suspension, and in limited-federation mode delivers only to allowed servers", async () => {
      await publish("admin_domain_block.created", "7020", { blockId: "7020", domain: "suspended.example", severity: "suspend", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
      await publish("domain_allow.created", "7021", { allowId: "7021", domain: "friend.example" });
      await waitFor(async () => ((await hostPolicy(h.db, "suspended.example")).suspended && (await hostPolicy(h.db, "friend.example")).allowed) || undefined, { what: "the block and the allow" });
      const deps = { db: h.db, bus: h.bus, now: () => new Date(), newId: () => String(80_000 + ++serial) };
      const activity = (n: number) => ({ senderAccountId: "1", activityId: `https://fed.test/activities/${n}-${serial}`, activityType: "Create", activity: { type: "Create" } });
      const inboxes = async (activityId: string) => (await h.db.table("deliveries").where({ activity_id: activityId }).select("inbox")).map((r: { inbox: string }) => r.inbox).sort();

      const open = activity(1);
      await enqueueDeliveries(deps, { ...open, inboxes: ["https://suspended.example/inbox", "https://sub.suspended.example/inbox", "https://friend.example/inbox", "https://other.example/inbox"] });
      assert.deepEqual(await inboxes(open.activityId), ["https://friend.example/inbox", "https://other.example/inbox"]);
      const limited = activity(2);
      await enqueueDeliveries({ ...deps, limitedFederation: true }, { ...limited, inboxes: ["https://friend.example/inbox", "https://other.example/inbox"] });
      assert.deepEqual(await inboxes(limited.activityId), ["https://friend.example/inbox"]);

      // A delivery queued before its server was suspended is given up, not sent.
      const earlier = activity(3);
      // Due an hour from now, so the running service's own worker cannot take it before this test does.
      const ahead = { ...deps, now: () => new Date(Date.now() + 3_600_000) };
      await enqueueDeliveries(ahead, { ...earlier, inboxes: ["https://later.example/inbox"] });
      await publish("admin_domain_block.created", "7022", { blockId: "7022", domain: "later.example", severity: "suspend", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
      await waitFor(async () => (await hostPolicy(h.db, "later.example")).suspended || undefined, { what: "the later block" });
      const row = await h.db.table("deliveries").where({ activity_id: earlier.activityId }).first();
      const settings = deliverySettings({
        DELIVERY_TIMEOUT_MS: 2_000, DELIVERY_MAX_ATTEMPTS: 5, DELIVERY_BACKOFF_SCALE: 0.001, DELIVERY_CIRCUIT_THRESHOLD: 100, DELIVERY_CIRCUIT_OPEN_MS: 1, DELIVERY_CIRCUIT_MAX_OPEN_MS: 1,
        DELIVERY_HOST_CONCURRENCY: 1, DELIVERY_SCHEDULER_INTERVAL_MS: 1_000, FEDERATION_ALLOW_PRIVATE_ADDRESS: false, DELIVERY_KEEP_DELIVERED_MS: 86_400_000, DELIVERY_KEEP_DEAD_MS: 86_400_000,
      });
      await attemptDelivery(ahead, settings, String(row.id));
      const after = await h.db.table("deliveries").where({ id: row.id }).first();
      assert.deepEqual([after.state, after.attempts, after.last_error], ["dead", 0, "server blocked by staff"]);
    });
  });
}
