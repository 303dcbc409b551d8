import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { FederatedStatusesServiceClient, UpsertRemoteStatusRequest } from "@starling/proto/statuses/v1/federated_statuses";
import { StatusEditsServiceClient } from "@starling/proto/statuses/v1/status_edits";
import { connectService, type AsyncClient } from "@starling/runtime";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";
import { backends } from "./support/status-request.ts";

const refusedWith = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;
// Ids of the accounts and media services, which statuses takes as given.
const REMOTE = "900000000000000011";
let serial = 0;
const noteUri = () => `https://remote.example/users/zoe/statuses/media-${++serial}`;

for (const backend of backends) {
  describe(`media of remote statuses over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let federated: AsyncClient<FederatedStatusesServiceClient>;
    let edits: AsyncClient<StatusEditsServiceClient>;
    const upsert = (request: Partial<UpsertRemoteStatusRequest>) =>
      federated.upsertRemoteStatus(UpsertRemoteStatusRequest.fromPartial({ uri: noteUri(), accountId: REMOTE, visibility: "public", content: "<p>look</p>", ...request }));

    before(async function () {
      service = await startStatusesHarness(backend.url);
      federated = connectService(FederatedStatusesServiceClient, service.address, { deadlineMs: 10_000 });
      edits = connectService(StatusEditsServiceClient, service.address, { deadlineMs: 10_000 });
    });
    after(async function () {
      federated?.close();
      edits?.close();
      await service?.stop();
    });

    it("stores the registered attachments in the sender's order, each once, and shows them", async function () {
      const { status } = await upsert({ mediaIds: ["7003", "7001", "7003", "7002"] });
      assert.deepEqual(status!.mediaIds, ["7003", "7001", "7002"]);
      const [shown] = (await service.client.getStatuses({ ids: [status!.id] }, {})).statuses;
      assert.deepEqual(shown?.mediaIds, ["7003", "7001", "7002"]);
      const [federatedView] = (await federated.getStatusesForFederation({ ids: [status!.id] })).statuses;
      assert.deepEqual(federatedView?.status?.mediaIds, ["7003", "7001", "7002"]);
    });

    it("replaces the attachments on a later edit and keeps each version's in the history", async function () {
      const uri = noteUri();
      const first = (await upsert({ uri, mediaIds: ["7101", "7102"], createdAt: new Date("2024-06-01T00:00:00Z") })).status!;
      const stale = await upsert({ uri, mediaIds: ["7199"] });
      assert.deepEqual(stale.status!.mediaIds, ["7101", "7102"], "an Update without a later `updated` changes nothing");
      const edited = await upsert({ uri, mediaIds: ["7102", "7103"], content: "<p>look again</p>", editedAt: new Date("2024-06-01T01:00:00Z") });
      assert.deepEqual([edited.status!.id, edited.status!.mediaIds], [first.id, ["7102", "7103"]]);
      const { versions } = await edits.getStatusHistory({ id: first.id }, {});
      assert.deepEqual(versions.map((v) => v.mediaIds), [["7101", "7102"], ["7102", "7103"]]);
    });

    it("refuses media ids that are no ids", async function () {
      await assert.rejects(upsert({ mediaIds: ["7201", "not-an-id"] }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
    });
  });
}
