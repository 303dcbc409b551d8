import assert from "node:assert/strict";
import { decodePayload, type EventEnvelope } from "@starling/events";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { SecurityServiceClient } from "@starling/proto/accounts/v1/security";
import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { backends, statusRequest as request } from "./support/status-request.ts";
import { connectService, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { deleteAccountStatuses } from "../src/use-cases/delete-account-statuses.ts";
import { startStatusesHarness, VIEWER_SECRET, type StatusesHarness } from "./support/statuses-harness.ts";

/** The distinct status.deleted events (by envelope id) about each status id. */
const deletions = (events: EventEnvelope[]) => {
  const unique = new Map(events.filter((e) => e.type === "status.deleted").map((e) => [e.id, e]));
  const byStatus = new Map<string, number>();
  for (const e of unique.values()) {
    const { statusId } = decodePayload("status.deleted", e);
    byStatus.set(statusId, (byStatus.get(statusId) ?? 0) + 1);
  }
  return byStatus;
};

for (const backend of backends) {
  describe(`statuses of deleted accounts on ${backend.name}`, function () {
    let service: StatusesHarness;

    before(async function () {
      // The bus delivers every event twice, account.deleted included.
      service = await startStatusesHarness(backend.url, { chaos: { duplicate: true } });
    });
    after(async function () {
      await service?.stop();
    });

    it("deletes every status of a deleted account once, through the delete path, and the accounts' counters follow", async function () {
      const alice = await service.accounts.createAccount("alice");
      const eve = await service.accounts.createAccount("eve");
      const post = async (author: string, overrides: Partial<CreateStatusRequest> = {}) =>
        (await service.client.createStatus(request(overrides), await service.viewer(author))).status!;
      const parent = await post(alice);
      const own = [await post(eve), await post(eve, { visibility: "private" }), await post(eve, { inReplyToId: parent.id })];
      const gone = await post(eve);
      await service.client.deleteStatus({ id: gone.id }, await service.viewer(eve));
      const repliesOf = async (id: string) => (await service.client.getStatuses({ ids: [id] }, {})).statuses[0]!.repliesCount;
      assert.equal(await repliesOf(parent.id), 1);

      const accounts = connectService(AccountsServiceClient, service.accounts.address, { deadlineMs: 10_000 });
      const security = connectService(SecurityServiceClient, service.accounts.address, { deadlineMs: 10_000 });
      try {
        const statusesCount = async (id: string) => (await accounts.getAccounts({ ids: [id] })).accounts[0]!.statusesCount;
        await waitFor(async () => (await statusesCount(alice)) === 1 && (await statusesCount(eve)) === 3, { what: "status counters before" });
        const owner = await signViewer(VIEWER_SECRET, { role: OPERATOR_ROLE, scopes: ["admin:write"] });
        await security.deleteAccount({ accountId: eve }, { viewerToken: owner });

        const live = async () => (await service.db.table("statuses").where({ account_id: eve }).whereNull("deleted_at").count({ n: "*" }))[0]!.n;
        await waitFor(async () => Number(await live()) === 0, { what: "eve's statuses deleted" });
        assert.equal(await repliesOf(parent.id), 0, "the parent's reply count drops with the reply");
        await waitFor(() => own.every((s) => deletions(service.events).get(s.id) === 1), { what: "status.deleted for each of eve's statuses" });

        // A redelivered account.deleted finds nothing left to delete and announces nothing more.
        assert.equal(await deleteAccountStatuses({ db: service.db, relay: { nudge: () => {} }, now: () => new Date() }, eve), 0);
        const marker = await post(alice);
        await service.client.deleteStatus({ id: marker.id }, await service.viewer(alice));
        await waitFor(() => deletions(service.events).get(marker.id) === 1, { what: "a later status.deleted" });
        const counts = deletions(service.events);
        assert.deepEqual([...own, gone].map((s) => counts.get(s.id)), [1, 1, 1, 1], "once each; the status eve deleted herself is not deleted again");
        assert.equal((await service.client.getStatuses({ ids: [parent.id] }, {})).statuses.length, 1, "other accounts' statuses stay");
        await waitFor(async () => (await statusesCount(alice)) === 1 && (await statusesCount(eve)) === 0, { what: "status counters after" });
      } finally {
        accounts.close();
        security.close();
      }
    });

    it("works through an account's statuses batch by batch until none is left", async function () {
      const finn = await service.accounts.createAccount("finn");
      const posted: string[] = [];
      for (let i = 0; i < 5; i++) posted.push((await service.client.createStatus(request({ status: `post ${i}` }), await service.viewer(finn))).status!.id);
      const deps = { db: service.db, relay: { nudge: () => {} }, now: () => new Date() };
      assert.equal(await deleteAccountStatuses(deps, finn, 2), 5);
      assert.deepEqual((await service.client.getStatuses({ ids: posted }, {})).statuses, []);
      await waitFor(() => posted.every((id) => deletions(service.events).get(id) === 1), { what: "status.deleted for each of finn's statuses" });
      assert.equal(await deleteAccountStatuses(deps, finn, 2), 0);
    });
  });
}
