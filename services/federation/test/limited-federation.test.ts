// Limited-federation mode on lookups users trigger: an account or status on a server staff did not
// allow resolves to NOT_FOUND without a WebFinger or document fetch reaching it, as Mastodon's
// resolve services refuse a domain they will not federate with; once allowed, it resolves.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import { FederationServiceClient } from "@starling/proto/federation/v1/federation";
import { connectService } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { hostPolicy } from "../src/data/instance-blocks-queries.ts";
import { backends, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type SigningPeer } from "./signing-peer.ts";

for (const backend of backends) {
  describe(`limited-federation mode on resolving (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let peer: SigningPeer;
    before(async () => {
      h = await startHarness(backend, { env: { LIMITED_FEDERATION_MODE: "true" } });
      peer = await startSigningPeer();
    });
    after(async () => {
      await h?.stop();
      await peer?.stop();
    });

    it("resolves nothing on a server that is not allowed, fetching nothing from it, and resolves it once allowed", async () => {
      const ann = await peer.actor("ann");
      const note = { "@context": "https://www.w3.org/ns/activitystreams", id: `${peer.origin}/notes/1`, type: "Note", attributedTo: ann.id, content: "hi", to: ["https://www.w3.org/ns/activitystreams#Public"] };
      peer.serve("/notes/1", note);
      const client = connectService(FederationServiceClient, h.grpcUrl, { deadlineMs: 20_000 });
      try {
        const code = (call: Promise<unknown>) => call.then(() => GrpcStatus.OK, (error: { code: number }) => error.code);
        assert.equal(await code(client.resolveAccount({ query: `ann@${peer.host}` })), GrpcStatus.NOT_FOUND);
        assert.equal(await code(client.resolveAccount({ query: ann.id })), GrpcStatus.NOT_FOUND);
        assert.equal(await code(client.resolveStatus({ query: note.id })), GrpcStatus.NOT_FOUND);
        assert.deepEqual(peer.webfingerAccepts, [], "no WebFinger lookup reached the server");
        assert.equal(h.calls.some((c) => c.method === "upsertRemoteAccount" || c.method === "upsertRemoteStatus"), false, "nothing stored");

        const type = "domain_allow.created";
        await h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "moderation", key: "7401", payload: encodePayload(type, { allowId: "7401", domain: peer.host.split(":")[0]! }) })]);
        await waitFor(async () => (await hostPolicy(h.db, peer.host)).allowed || undefined, { what: "the allow in the read model" });
        const { accountId } = await client.resolveAccount({ query: `ann@${peer.host}` });
        assert.ok(accountId);
        assert.ok(peer.webfingerAccepts.length > 0, "WebFinger asked once allowed");
        assert.ok((await client.resolveStatus({ query: note.id })).statusId);
      } finally {
        client.close();
      }
    });
  });
}
