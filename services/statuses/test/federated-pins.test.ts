// Pins of remote accounts (their featured collections) over FederatedStatusesService:
// ReceivePin / ReceiveUnpin for Add / Remove, ReceiveFeatured for a fetched collection.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload, type EventType } from "@starling/events";
import { FederatedStatusesServiceClient, UpsertRemoteStatusRequest } from "@starling/proto/statuses/v1/federated_statuses";
import { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";
import { backends, statusRequest } from "./support/status-request.ts";

const refusedWith = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

// Remote accounts are ids of the accounts service that statuses takes as given.
const REMOTE = "900000000000000011";
const OTHER_REMOTE = "900000000000000012";
let serial = 0;

for (const backend of backends) {
  describe(`FederatedStatusesService pins of remote accounts on ${backend.name}`, function () {
    let service: StatusesHarness;
    let federated: AsyncClient<FederatedStatusesServiceClient>;
    let interactions: AsyncClient<StatusInteractionsServiceClient>;
    let alice: string;

    const remoteStatus = async (accountId: string, fields: Partial<UpsertRemoteStatusRequest> = {}) => {
      const uri = `https://remote.example/users/${accountId}/statuses/${++serial}`;
      const { status } = await federated.upsertRemoteStatus(UpsertRemoteStatusRequest.fromPartial({ uri, accountId, visibility: "public", content: "<p>hi</p>", ...fields }));
      return status!.id;
    };
    // The account's pins as the API lists them (newest pin first).
    const pinsOf = async (accountId: string) => (await interactions.listPinnedStatuses({ accountId }, {})).page!.statuses.map((s) => s.id);
    const pinEvents = (type: "status.pinned" | "status.unpinned", statusId: string) =>
      service.events.filter((e) => e.type === type).map((e) => decodePayload(type as EventType, e) as { statusId: string; accountId: string }).filter((p) => p.statusId === statusId);
    const awaitPinEvent = (type: "status.pinned" | "status.unpinned", statusId: string) => waitFor(() => pinEvents(type, statusId)[0], { what: `${type} ${statusId}` });

    before(async function () {
      service = await startStatusesHarness(backend.url);
      federated = connectService(FederatedStatusesServiceClient, service.address, { deadlineMs: 10_000 });
      interactions = connectService(StatusInteractionsServiceClient, service.address, { deadlineMs: 10_000 });
      alice = await service.accounts.createAccount("alice");
    });

    after(async function () {
      for (const client of [federated, interactions]) client?.close();
      await service?.stop();
    });

    it("pins a remote account's own status through the pin path, idempotently both ways, with status.pinned / status.unpinned", async function () {
      const id = await remoteStatus(REMOTE);
      await federated.receivePin({ accountId: REMOTE, statusId: id });
      await federated.receivePin({ accountId: REMOTE, statusId: id });
      assert.deepEqual(await pinsOf(REMOTE), [id]);
      assert.deepEqual(await awaitPinEvent("status.pinned", id), { statusId: id, accountId: REMOTE });

      await federated.receiveUnpin({ accountId: REMOTE, statusId: id });
      await federated.receiveUnpin({ accountId: REMOTE, statusId: id });
      assert.deepEqual(await pinsOf(REMOTE), []);
      await awaitPinEvent("status.unpinned", id);
      assert.equal(pinEvents("status.pinned", id).length, 1);
      assert.equal(pinEvents("status.unpinned", id).length, 1);
    });

    it("keeps more than five pins of a remote account, as its server decides the limit", async function () {
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push(await remoteStatus(OTHER_REMOTE));
      for (const id of ids) await federated.receivePin({ accountId: OTHER_REMOTE, statusId: id });
      assert.deepEqual(await pinsOf(OTHER_REMOTE), [...ids].reverse());
      await federated.receiveFeatured({ accountId: OTHER_REMOTE, statusIds: [] });
      assert.deepEqual(await pinsOf(OTHER_REMOTE), []);
    });

    it("refuses others' statuses, reblogs, direct and local statuses, unknown ids and bad account ids", async function () {
      const others = await remoteStatus(OTHER_REMOTE);
      const direct = await remoteStatus(REMOTE, { visibility: "direct" });
      const local = (await service.client.createStatus(statusRequest({ status: "mine" }), await service.viewer(alice))).status!.id;
      const reblog = (await federated.receiveReblog({ accountId: REMOTE, statusId: local, uri: `https://remote.example/users/${REMOTE}/statuses/${++serial}/activity`, visibility: "public" })).statusId;
      await assert.rejects(federated.receivePin({ accountId: REMOTE, statusId: others }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(federated.receivePin({ accountId: REMOTE, statusId: direct }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(federated.receivePin({ accountId: REMOTE, statusId: reblog }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(federated.receivePin({ accountId: alice, statusId: local }), refusedWith(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(federated.receivePin({ accountId: REMOTE, statusId: "123456789" }), refusedWith(GrpcStatus.NOT_FOUND));
      await assert.rejects(federated.receivePin({ accountId: REMOTE, statusId: "x" }), refusedWith(GrpcStatus.NOT_FOUND));
      await assert.rejects(federated.receivePin({ accountId: "", statusId: others }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(federated.receiveUnpin({ accountId: REMOTE, statusId: "123456789" }), refusedWith(GrpcStatus.NOT_FOUND));
      await assert.rejects(federated.receiveFeatured({ accountId: "nope", statusIds: [] }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      assert.deepEqual(await pinsOf(REMOTE), []);
    });

    it("replaces the pins with a fetched featured collection in its order, leaving out what cannot be pinned", async function () {
      const [a, b, c, d] = [await remoteStatus(REMOTE), await remoteStatus(REMOTE), await remoteStatus(REMOTE), await remoteStatus(REMOTE)];
      const others = await remoteStatus(OTHER_REMOTE);
      await federated.receivePin({ accountId: REMOTE, statusId: a });
      await federated.receivePin({ accountId: REMOTE, statusId: b });

      const { statusIds } = await federated.receiveFeatured({ accountId: REMOTE, statusIds: [d, b, others, "123456789", c, d, "junk"] });
      assert.deepEqual(statusIds, [d, b, c]);
      // b stays pinned where it was; c and d are pinned as listed (the first one newest).
      assert.deepEqual(await pinsOf(REMOTE), [d, c, b]);
      await awaitPinEvent("status.unpinned", a);
      await awaitPinEvent("status.pinned", d);
      await awaitPinEvent("status.pinned", c);
      assert.equal(pinEvents("status.pinned", b).length, 1, "a kept pin is not announced again");

      // The same collection again changes nothing.
      assert.deepEqual((await federated.receiveFeatured({ accountId: REMOTE, statusIds: [d, b, c] })).statusIds, [d, b, c]);
      assert.deepEqual(await pinsOf(REMOTE), [d, c, b]);
      assert.equal(pinEvents("status.pinned", d).length, 1);
      assert.deepEqual(await pinsOf(OTHER_REMOTE), []);
    });
  });
}
