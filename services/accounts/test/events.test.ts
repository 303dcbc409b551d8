import assert from "node:assert/strict";
import { decodePayload, encodePayload, newEnvelope, TOPICS, type EventEnvelope, type EventType, type PayloadOf } from "@starling/events";
import { waitFor } from "@starling/testkit";
import { backends, startHarness, type Harness } from "./harness.ts";

const statusEvent = <T extends EventType>(type: T, key: string, payload: PayloadOf<T>): EventEnvelope =>
  newEnvelope({ type, source: "statuses", key, payload: encodePayload(type, payload) });

for (const backend of backends) {
  describe(`accounts events on ${backend.name}`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(backend);
    });
    after(() => h.stop());

    it("publishes follow.accepted and follow.removed through the outbox, keyed by the follower", async () => {
      const seen = new Map<string, EventEnvelope>();
      const subscription = await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-follow-events", handler: async (e) => void seen.set(e.id, e) });
      const follower = (await h.createUser("hugo")).account;
      const target = (await h.createUser("iris")).account;
      const as = { viewerToken: await h.sign({ accountId: follower.id, scopes: ["follow"] }) };
      await h.client.follow({ targetAccountId: target.id, reblogs: false, languages: [] }, as);
      await h.client.unfollow({ targetAccountId: target.id }, as);
      const events = await waitFor(() => {
        const mine = [...seen.values()].filter((e) => e.type.startsWith("follow.") && e.key === follower.id);
        return mine.length === 2 && mine;
      }, { what: "follow events" });
      assert.deepEqual(events.map((e) => e.type), ["follow.accepted", "follow.removed"]);
      const accepted = decodePayload("follow.accepted", events[0]!);
      assert.deepEqual({ ...accepted, followId: "" }, { followId: "", accountId: follower.id, targetAccountId: target.id, showReblogs: false, notify: false, requestId: undefined });
      assert.deepEqual({ ...decodePayload("follow.removed", events[1]!) }, { accountId: follower.id, targetAccountId: target.id });
      assert.equal(events[0]!.source, "accounts");
      await subscription.stop();
    });

    it("counts statuses once per event although the bus delivers each twice", async () => {
      const { account } = await h.createUser("jules");
      const createdAt = new Date("2024-03-05T17:45:00Z");
      const created = (id: string) => statusEvent("status.created", id, { statusId: id, accountId: account.id, visibility: "public", local: true, mentionedAccountIds: [], createdAt, language: "en", tags: [], hasMedia: false });
      const first = created("1001");
      // The same envelope published twice as well: a relay retry after a lost acknowledgement.
      await h.bus.publish(TOPICS.statuses, [first, first, created("1002"), created("1003")]);
      await h.bus.publish(TOPICS.statuses, [statusEvent("status.deleted", "1003", { statusId: "1003", accountId: account.id, visibility: "public", local: true, tags: [], hasMedia: false })]);
      await h.bus.drain();
      const [after] = (await h.client.getAccounts({ ids: [account.id] })).accounts;
      assert.equal(after!.statusesCount, 2);
      assert.deepEqual(after!.lastStatusAt, new Date("2024-03-05T00:00:00Z"));
    });

    it("never counts statuses below zero", async () => {
      const { account } = await h.createUser("kim");
      await h.bus.publish(TOPICS.statuses, [statusEvent("status.deleted", "2001", { statusId: "2001", accountId: account.id, visibility: "public", local: true, tags: [], hasMedia: false })]);
      await h.bus.drain();
      const [after] = (await h.client.getAccounts({ ids: [account.id] })).accounts;
      assert.equal(after!.statusesCount, 0);
    });
  });
}
