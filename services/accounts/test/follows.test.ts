import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

for (const backend of backends) {
  describe(`follows on ${backend.name}`, () => {
    let h: Harness;
    let seq = 0;
    before(async () => {
      h = await startHarness(backend);
    });
    after(() => h.stop());

    const pair = async () => {
      seq += 1;
      const follower = (await h.createUser(`follower${seq}`)).account;
      const target = (await h.createUser(`target${seq}`)).account;
      return { follower, target, as: { viewerToken: await h.sign({ accountId: follower.id, scopes: ["follow"] }) } };
    };
    const counts = async (...accounts: Account[]) =>
      (await h.client.getAccounts({ ids: accounts.map((a) => a.id) })).accounts.map((a) => [a.followersCount, a.followingCount]);

    it("follows an account, bumping both counters once however often it is repeated", async () => {
      const { follower, target, as } = await pair();
      const first = (await h.client.follow({ targetAccountId: target.id, languages: [] }, as)).relationship!;
      assert.deepEqual(
        { ...first },
        { id: target.id, following: true, showingReblogs: true, notifying: false, languages: [], followedBy: false, blocking: false, blockedBy: false, muting: false, mutingNotifications: false, requested: false, requestedBy: false, domainBlocking: false, endorsed: false, note: "" },
      );
      const again = (await h.client.follow({ targetAccountId: target.id, reblogs: false, notify: true, languages: ["en", "de"] }, as)).relationship!;
      assert.deepEqual([again.following, again.showingReblogs, again.notifying, again.languages], [true, false, true, ["en", "de"]]);
      assert.deepEqual(await counts(follower, target), [[0, 1], [1, 0]]);
    });

    it("unfollows, restoring the counters, and unfollowing twice changes nothing", async () => {
      const { follower, target, as } = await pair();
      await h.client.follow({ targetAccountId: target.id, languages: [] }, as);
      const gone = (await h.client.unfollow({ targetAccountId: target.id }, as)).relationship!;
      assert.equal(gone.following, false);
      await h.client.unfollow({ targetAccountId: target.id }, as);
      assert.deepEqual(await counts(follower, target), [[0, 0], [0, 0]]);
    });

    it("sends a follow request to a locked account instead of following", async () => {
      const { follower, target, as } = await pair();
      await h.db.table("accounts").where({ id: target.id }).update({ locked: true });
      const relationship = (await h.client.follow({ targetAccountId: target.id, languages: [] }, as)).relationship!;
      assert.deepEqual([relationship.following, relationship.requested, relationship.showingReblogs], [false, true, true]);
      assert.deepEqual(await counts(follower, target), [[0, 0], [0, 0]]);
      const own = await h.client.getCredentialAccount({}, { viewerToken: await h.sign({ accountId: target.id, scopes: ["read"] }) });
      assert.equal(own.source!.followRequestsCount, 1);
      const withdrawn = (await h.client.unfollow({ targetAccountId: target.id }, as)).relationship!;
      assert.equal(withdrawn.requested, false);
    });

    it("shows relationships in request order, including followed_by", async () => {
      const { follower, target, as } = await pair();
      await h.client.follow({ targetAccountId: target.id, languages: [] }, as);
      const targetView = { viewerToken: await h.sign({ accountId: target.id, scopes: ["read"] }) };
      const { relationships } = await h.client.getRelationships({ accountIds: ["999", follower.id] }, targetView);
      assert.deepEqual(relationships.map((r) => [r.id, r.following, r.followedBy]), [["999", false, false], [follower.id, false, true]]);
    });

    it("refuses following oneself, unknown accounts and callers without an account", async () => {
      const { follower, as } = await pair();
      assert.equal((await rejection(h.client.follow({ targetAccountId: follower.id, languages: [] }, as))).code, status.PERMISSION_DENIED);
      assert.equal((await rejection(h.client.follow({ targetAccountId: "42", languages: [] }, as))).code, status.NOT_FOUND);
      const appOnly = { viewerToken: await h.sign({ appId: "1", scopes: ["follow"] }) };
      assert.equal((await rejection(h.client.follow({ targetAccountId: follower.id, languages: [] }, appOnly))).code, status.UNAUTHENTICATED);
      assert.equal((await rejection(h.client.getRelationships({ accountIds: [] }))).code, status.UNAUTHENTICATED);
    });
  });
}
