import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { FederationServiceClient } from "@starling/proto/federation/v1/federation";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends, BASE_URL, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type SigningPeer } from "./signing-peer.ts";

const PUBLIC = "https://www.w3.org/ns/activitystreams#Public";

for (const backend of backends) {
  describe(`FederationService.ResolveStatus (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let peer: SigningPeer;
    let client: AsyncClient<FederationServiceClient>;
    let authorId: string;
    before(async () => {
      h = await startHarness(backend);
      peer = await startSigningPeer();
      client = connectService(FederationServiceClient, h.grpcUrl, { deadlineMs: 20_000 });
      authorId = (await peer.actor("gina")).id;
      const note = {
        "@context": "https://www.w3.org/ns/activitystreams", id: `${authorId}/statuses/1`, type: "Note", attributedTo: authorId,
        to: [PUBLIC], cc: [`${authorId}/followers`], content: "<p>resolvable</p>", published: "2024-05-01T10:00:00Z", url: `${peer.origin}/@gina/1`,
      };
      peer.serve("/users/gina/statuses/1", note);
      // Mastodon answers a post's page URL with its ActivityPub form too.
      peer.serve("/@gina/1", note);
      // A Note whose id is on another server than the one serving it.
      peer.serve("/forged", { ...note, id: "https://victim.example/users/v/statuses/1", attributedTo: "https://victim.example/users/v" });
    });
    after(async () => {
      client?.close();
      await h?.stop();
      await peer?.stop();
    });

    const failure = async (query: string) => {
      try {
        await client.resolveStatus({ query });
        return GrpcStatus.OK;
      } catch (error) {
        return (error as { code: number }).code;
      }
    };

    it("answers a known status by its URI without fetching", async () => {
      const local = h.addStatus({ uri: `${BASE_URL}/users/bob/statuses/77`, accountId: "1" });
      assert.deepEqual(await client.resolveStatus({ query: local.uri }), { statusId: local.id });
    });

    it("fetches and stores an unknown remote status by its URI, then finds it stored", async () => {
      const uri = `${authorId}/statuses/1`;
      const { statusId } = await client.resolveStatus({ query: uri });
      const stored = h.statuses.get(uri);
      assert.equal(stored?.id, statusId);
      assert.equal(stored?.content, "<p>resolvable</p>");
      const upserts = h.calls.filter((c) => c.method === "upsertRemoteStatus").length;
      assert.deepEqual(await client.resolveStatus({ query: uri }), { statusId });
      assert.equal(h.calls.filter((c) => c.method === "upsertRemoteStatus").length, upserts);
    });

    it("resolves a status by its page URL", async () => {
      const { statusId } = await client.resolveStatus({ query: `${peer.origin}/@gina/1` });
      assert.equal(statusId, h.statuses.get(`${authorId}/statuses/1`)?.id);
    });

    it("answers NOT_FOUND for what cannot be fetched or is not its server's, INVALID_ARGUMENT for a non-URL", async () => {
      assert.equal(await failure(`${peer.origin}/users/gina/statuses/404`), GrpcStatus.NOT_FOUND);
      assert.equal(await failure(`${peer.origin}/forged`), GrpcStatus.NOT_FOUND);
      assert.equal(await failure(`${BASE_URL}/users/bob/statuses/999`), GrpcStatus.NOT_FOUND);
      assert.equal(await failure("not a url"), GrpcStatus.INVALID_ARGUMENT);
      assert.equal(await failure("ftp://example.com/x"), GrpcStatus.INVALID_ARGUMENT);
    });
  });
}
