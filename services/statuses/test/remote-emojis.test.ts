import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { CustomEmojisServiceClient } from "@starling/proto/statuses/v1/custom_emojis";
import { FederatedStatusesServiceClient, type RemoteEmoji } from "@starling/proto/statuses/v1/federated_statuses";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import { connectService, roleWith, signViewer, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { startStatusesHarness, VIEWER_SECRET, type StatusesHarness } from "./support/statuses-harness.ts";
import { backends } from "./support/status-request.ts";

const refusedWith = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;
const tag = (shortcode: string, url = `https://remote.example/emojis/${shortcode}.png`, updatedAt?: Date): RemoteEmoji => ({ shortcode, url, updatedAt });

for (const backend of backends) {
  describe(`remote custom emojis over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let federated: AsyncClient<FederatedStatusesServiceClient>;
    let emojis: AsyncClient<CustomEmojisServiceClient>;
    const stored = (domain: string) => service.db.table("custom_emojis").where({ domain }).orderBy("shortcode");

    before(async function () {
      service = await startStatusesHarness(backend.url);
      federated = connectService(FederatedStatusesServiceClient, service.address, { deadlineMs: 10_000 });
      emojis = connectService(CustomEmojisServiceClient, service.address, { deadlineMs: 10_000 });
      const owner = { viewerToken: await signViewer(VIEWER_SECRET, { accountId: "1", scopes: ["admin:write"], role: roleWith(["manage_custom_emojis"]) }) };
      await emojis.createCustomEmoji(
        { shortcode: "blobcat", url: "https://local.test/emojis/blobcat.gif", staticUrl: "https://local.test/emojis/blobcat.png", visibleInPicker: true, overwrite: false },
        owner,
      );
    });
    after(async () => {
      federated?.close();
      emojis?.close();
      await service?.stop();
    });

    it("stores a remote server's emojis under its domain, with the remote image as url and static_url", async () => {
      const updated = new Date("2024-01-01T00:00:00Z");
      const { emojis: answered } = await federated.upsertRemoteEmojis({ domain: "Remote.Example", emojis: [tag("blobcat", undefined, updated), tag("party")] });
      assert.deepEqual(
        answered.map((e) => [e.shortcode, e.domain, e.url, e.staticUrl]),
        [["blobcat", "remote.example", "https://remote.example/emojis/blobcat.png", "https://remote.example/emojis/blobcat.png"], ["party", "remote.example", "https://remote.example/emojis/party.png", "https://remote.example/emojis/party.png"]],
      );
      assert.equal(answered[0]!.updatedAt?.toISOString(), updated.toISOString());
      // The local :blobcat: is another emoji, untouched.
      const [local] = await stored("");
      assert.equal(local.url, "https://local.test/emojis/blobcat.gif");
      // Another server's :blobcat: is yet another one.
      await federated.upsertRemoteEmojis({ domain: "other.example:8443", emojis: [tag("blobcat", "https://other.example:8443/blobcat.png")] });
      assert.deepEqual((await stored("other.example:8443")).map((r: { shortcode: string; url: string }) => [r.shortcode, r.url]), [["blobcat", "https://other.example:8443/blobcat.png"]]);
    });

    it("changes nothing on a repeat, and takes a new image when the URL changed", async () => {
      const before = await stored("remote.example");
      const repeat = await federated.upsertRemoteEmojis({ domain: "remote.example", emojis: [tag("blobcat"), tag("party")] });
      assert.deepEqual(repeat.emojis.map((e) => e.id).sort(), before.map((r: { id: string }) => String(r.id)).sort());
      assert.deepEqual(await stored("remote.example"), before);
      const changed = await federated.upsertRemoteEmojis({ domain: "remote.example", emojis: [tag("BlobCat", "https://cdn.remote.example/blobcat-v2.png")] });
      const after = await stored("remote.example");
      assert.equal(after.length, 2);
      const blobcat = after.find((r: { shortcode: string }) => r.shortcode === "blobcat");
      assert.deepEqual([String(blobcat.id), blobcat.url, blobcat.static_url], [changed.emojis[0]!.id, "https://cdn.remote.example/blobcat-v2.png", "https://cdn.remote.example/blobcat-v2.png"]);
    });

    it("skips malformed tags but keeps the others, and refuses a missing domain", async () => {
      const { emojis: answered } = await federated.upsertRemoteEmojis({
        domain: "remote.example",
        emojis: [tag("x"), tag("bad-code"), tag("script", "javascript:alert(1)"), tag("fine_one"), tag("fine_one", "https://remote.example/duplicate.png")],
      });
      assert.deepEqual(answered.map((e) => [e.shortcode, e.url]), [["fine_one", "https://remote.example/emojis/fine_one.png"]]);
      await assert.rejects(federated.upsertRemoteEmojis({ domain: "", emojis: [tag("blobcat")] }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(federated.upsertRemoteEmojis({ domain: "evil.example/path", emojis: [tag("blobcat")] }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      assert.equal((await stored("")).length, 1);
    });

    it("keeps remote emojis out of the picker but renders them by shortcode and domain", async () => {
      const { emojis: listed } = await emojis.listCustomEmojis({});
      assert.deepEqual(listed.map((e) => `${e.shortcode}@${e.domain ?? ""}`), ["blobcat@"]);
      const { emojis: local } = await emojis.getCustomEmojis({ shortcodes: ["blobcat", "party"], refs: [] });
      assert.deepEqual(local.map((e) => e.url), ["https://local.test/emojis/blobcat.gif"]);
      const { emojis: found } = await emojis.getCustomEmojis({
        shortcodes: [],
        refs: [{ shortcode: "blobcat", domain: "remote.example" }, { shortcode: "party", domain: "other.example:8443" }, { shortcode: "blobcat" }],
      });
      assert.deepEqual(found.map((e) => `${e.shortcode}@${e.domain ?? ""} ${e.url}`).sort(), ["blobcat@ https://local.test/emojis/blobcat.gif", "blobcat@remote.example https://cdn.remote.example/blobcat-v2.png"]);
    });

    it("deletes a server's emojis, subdomains and ports included, when staff reject its media, and no other server's", async () => {
      await federated.upsertRemoteEmojis({ domain: "rejected.example", emojis: [tag("gone")] });
      await federated.upsertRemoteEmojis({ domain: "cdn.rejected.example:8443", emojis: [tag("gone")] });
      await federated.upsertRemoteEmojis({ domain: "kept.example", emojis: [tag("gone")] });
      const type = "admin_domain_block.created";
      const block = { blockId: "9401", domain: "rejected.example", severity: "noop", rejectMedia: true, rejectReports: false, previousSeverity: undefined };
      await service.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "moderation", key: block.blockId, payload: encodePayload(type, block) })]);
      const refs = ["rejected.example", "cdn.rejected.example:8443", "kept.example"].map((domain) => ({ shortcode: "gone", domain }));
      await waitFor(async () => (await emojis.getCustomEmojis({ shortcodes: [], refs })).emojis.length === 1 || undefined, { what: "the server's emojis deleted" });
      assert.deepEqual((await emojis.getCustomEmojis({ shortcodes: [], refs })).emojis.map((e) => e.domain), ["kept.example"]);
      assert.deepEqual(await stored("rejected.example"), []);
    });
  });
}
