// FederatedStatusesService.ListLocalTaggedStatuses: what /tags/:tag lists for ActivityPub.
import assert from "node:assert/strict";
import { FederatedStatusesServiceClient, UpsertRemoteStatusRequest } from "@starling/proto/statuses/v1/federated_statuses";
import { connectService, type AsyncClient } from "@starling/runtime";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";
import { backends, statusRequest } from "./support/status-request.ts";

for (const backend of backends) {
  describe(`ListLocalTaggedStatuses on ${backend.name}`, function () {
    let service: StatusesHarness;
    let federated: AsyncClient<FederatedStatusesServiceClient>;
    let alice: string;
    before(async function () {
      service = await startStatusesHarness(backend.url);
      federated = connectService(FederatedStatusesServiceClient, service.address, { deadlineMs: 10_000 });
      alice = await service.accounts.createAccount("alice");
    });
    after(async function () {
      federated?.close();
      await service?.stop();
    });

    const post = async (status: string, visibility = "public") => (await service.client.createStatus(statusRequest({ status, visibility }), await service.viewer(alice))).status!;

    it("lists live local public statuses with the hashtag, newest first, and counts every live status carrying it", async () => {
      const first = await post("First #Birds");
      await post("Quiet #birds", "unlisted");
      await post("Friends only #BIRDS", "private");
      const gone = await post("Deleted #birds");
      await service.client.deleteStatus({ id: gone.id }, await service.viewer(alice));
      await post("Other #fish");
      await federated.upsertRemoteStatus(UpsertRemoteStatusRequest.fromPartial({ uri: "https://remote.example/users/zed/statuses/1", accountId: "900000000000000001", visibility: "public", content: "<p>#birds</p>", tags: ["birds"] }));
      const second = await post("Second #birds");

      const listed = await federated.listLocalTaggedStatuses({ tag: "Birds", page: undefined });
      assert.deepEqual(listed.statusIds, [second.id, first.id]);
      // Public, unlisted, private and remote; not the deleted one nor #fish.
      assert.equal(listed.total, 5);
      const older = await federated.listLocalTaggedStatuses({ tag: "birds", page: { maxId: second.id, limit: 1 } });
      assert.deepEqual(older.statusIds, [first.id]);
    });

    it("lists nothing for an unknown tag or a name that cannot be a hashtag", async () => {
      for (const tag of ["nothing_here", "123", ""]) {
        assert.deepEqual(await federated.listLocalTaggedStatuses({ tag, page: undefined }), { statusIds: [], total: 0 });
      }
    });
  });
}
