import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { account, edge, eventsOf, fed, followRemote, follows, h, rel, relationship, remote, settled, user, useFederatedAccounts } from "./federated-accounts-fixture.ts";
import { backends, rejection } from "./harness.ts";

for (const backend of backends) {
  describe(`federated accounts: follows, blocks and moves on ${backend.name}`, () => {
    useFederatedAccounts(backend);

    describe("ReceiveFollow", () => {
      it("follows an unlocked local account at once, once", async () => {
        const [target, follower] = [await user("fay"), await remote("finn")];
        assert.equal((await fed.receiveFollow(edge(follower.id, target.account.id))).state, "following");
        assert.equal((await fed.receiveFollow(edge(follower.id, target.account.id))).state, "following");
        assert.equal((await relationship(target, follower.id)).followedBy, true);
        assert.equal((await account(target.account.id)).followersCount, 1);
        await settled();
        const accepted = eventsOf("follow.accepted", follower.id);
        assert.equal(accepted.length, 1);
        assert.deepEqual({ ...decodePayload("follow.accepted", accepted[0]!), followId: "" }, { followId: "", accountId: follower.id, targetAccountId: target.account.id, showReblogs: true, notify: false, requestId: undefined });
      });

      it("asks a locked local account, once", async () => {
        const [target, follower] = [await user("gil"), await remote("gus")];
        await h.db.table("accounts").where({ id: target.account.id }).update({ locked: true });
        assert.equal((await fed.receiveFollow(edge(follower.id, target.account.id))).state, "requested");
        assert.equal((await fed.receiveFollow(edge(follower.id, target.account.id))).state, "requested");
        assert.deepEqual((await follows.listFollowRequests({}, target.as)).accounts.map((a) => a.id), [follower.id]);
        assert.equal((await account(target.account.id)).followersCount, 0);
        await settled();
        assert.equal(eventsOf("follow.requested", follower.id).length, 1);
      });

      it("is refused when the target blocks the follower or its domain", async () => {
        const [target, blocked, onBlockedDomain] = [await user("hal"), await remote("hex"), await remote("hub", { domain: "hidden.example", uri: "https://hidden.example/users/hub" })];
        await rel.blockAccount({ targetAccountId: blocked.id }, target.as);
        await rel.blockDomain({ domain: "hidden.example" }, target.as);
        assert.equal((await rejection(fed.receiveFollow(edge(blocked.id, target.account.id)))).code, status.PERMISSION_DENIED);
        assert.equal((await rejection(fed.receiveFollow(edge(onBlockedDomain.id, target.account.id)))).code, status.PERMISSION_DENIED);
        assert.equal((await account(target.account.id)).followersCount, 0);
      });

      it("answers NOT_FOUND unless both exist and the target is local, INVALID_ARGUMENT for a local follower", async () => {
        const [local, other, far, farther] = [await user("ida"), await user("ivo"), await remote("ike"), await remote("ilo")];
        assert.equal((await rejection(fed.receiveFollow(edge(far.id, "999999999")))).code, status.NOT_FOUND);
        assert.equal((await rejection(fed.receiveFollow(edge("999999999", local.account.id)))).code, status.NOT_FOUND);
        assert.equal((await rejection(fed.receiveFollow(edge(far.id, farther.id)))).code, status.NOT_FOUND);
        assert.equal((await rejection(fed.receiveFollow(edge(other.account.id, local.account.id)))).code, status.INVALID_ARGUMENT);
        assert.equal((await rejection(fed.receiveFollow(edge("", local.account.id)))).code, status.INVALID_ARGUMENT);
      });
    });

    describe("local follows of remote accounts", () => {
      it("stay requests until the Accept arrives, which makes them follows once", async () => {
        const [fan, star] = [await user("jo"), await remote("jay")];
        const asked = (await h.client.follow({ targetAccountId: star.id, languages: [] }, fan.as)).relationship!;
        assert.deepEqual([asked.following, asked.requested], [false, true]);
        await fed.receiveFollowAccept(edge(fan.account.id, star.id));
        await fed.receiveFollowAccept(edge(fan.account.id, star.id));
        const now = await relationship(fan, star.id);
        assert.deepEqual([now.following, now.requested], [true, false]);
        assert.equal((await account(fan.account.id)).followingCount, 1);
        await settled();
        assert.equal(eventsOf("follow.requested", fan.account.id).length, 1);
        assert.equal(eventsOf("follow.accepted", fan.account.id).length, 1);
      });

      it("Accept without a request is NOT_FOUND", async () => {
        const [fan, star] = [await user("kai"), await remote("kit")];
        assert.equal((await rejection(fed.receiveFollowAccept(edge(fan.account.id, star.id)))).code, status.NOT_FOUND);
        assert.equal((await relationship(fan, star.id)).following, false);
      });

      it("withdrawing a pending request announces follow.removed, so the request can be undone remotely", async () => {
        const [fan, star] = [await user("lea"), await remote("lou")];
        await h.client.follow({ targetAccountId: star.id, languages: [] }, fan.as);
        await h.client.unfollow({ targetAccountId: star.id }, fan.as);
        await h.client.unfollow({ targetAccountId: star.id }, fan.as);
        await settled();
        const removed = eventsOf("follow.removed", fan.account.id);
        assert.equal(removed.length, 1);
        assert.deepEqual({ ...decodePayload("follow.removed", removed[0]!) }, { accountId: fan.account.id, targetAccountId: star.id });
        assert.equal((await relationship(fan, star.id)).requested, false);
      });

      it("Reject refuses a request (follow.rejected) or ends a follow (follow.removed, counters)", async () => {
        const [asker, follower, star] = [await user("max"), await user("mia"), await remote("moe")];
        await h.client.follow({ targetAccountId: star.id, languages: [] }, asker.as);
        await followRemote(follower, star.id);
        await fed.receiveFollowReject(edge(asker.account.id, star.id));
        await fed.receiveFollowReject(edge(follower.account.id, star.id));
        await fed.receiveFollowReject(edge(follower.account.id, star.id));
        assert.equal((await relationship(asker, star.id)).requested, false);
        assert.equal((await relationship(follower, star.id)).following, false);
        assert.equal((await account(follower.account.id)).followingCount, 0);
        await settled();
        assert.deepEqual([eventsOf("follow.rejected", asker.account.id).length, eventsOf("follow.removed", asker.account.id).length], [1, 0]);
        assert.deepEqual([eventsOf("follow.rejected", follower.account.id).length, eventsOf("follow.removed", follower.account.id).length], [0, 1]);
      });
    });

    it("ReceiveUnfollow ends a remote follow or withdraws its request, once", async () => {
      const [open, locked, far] = [await user("ned"), await user("nia"), await remote("noa")];
      await h.db.table("accounts").where({ id: locked.account.id }).update({ locked: true });
      await fed.receiveFollow(edge(far.id, open.account.id));
      await fed.receiveFollow(edge(far.id, locked.account.id));
      for (let i = 0; i < 2; i++) {
        await fed.receiveUnfollow(edge(far.id, open.account.id));
        await fed.receiveUnfollow(edge(far.id, locked.account.id));
      }
      assert.equal((await relationship(open, far.id)).followedBy, false);
      assert.equal((await account(open.account.id)).followersCount, 0);
      assert.deepEqual((await follows.listFollowRequests({}, locked.as)).accounts, []);
      await settled();
      assert.deepEqual(eventsOf("follow.removed", far.id).map((e) => decodePayload("follow.removed", e).targetAccountId).sort(), [open.account.id, locked.account.id].sort());
    });

    it("ReceiveBlock ends follows both ways and ReceiveUnblock lifts the block, each once", async () => {
      const [local, far] = [await user("ora"), await remote("oli")];
      await fed.receiveFollow(edge(far.id, local.account.id));
      await followRemote(local, far.id);
      await fed.receiveBlock(edge(far.id, local.account.id));
      await fed.receiveBlock(edge(far.id, local.account.id));
      const blocked = await relationship(local, far.id);
      assert.deepEqual([blocked.blockedBy, blocked.following, blocked.followedBy], [true, false, false]);
      assert.deepEqual([(await account(local.account.id)).followersCount, (await account(local.account.id)).followingCount], [0, 0]);
      assert.equal((await rejection(h.client.follow({ targetAccountId: far.id, languages: [] }, local.as))).code, status.PERMISSION_DENIED);
      await fed.receiveUnblock(edge(far.id, local.account.id));
      await fed.receiveUnblock(edge(far.id, local.account.id));
      assert.equal((await relationship(local, far.id)).blockedBy, false);
      await settled();
      assert.deepEqual([eventsOf("block.created", far.id).length, eventsOf("block.removed", far.id).length], [1, 1]);
      assert.equal(eventsOf("follow.removed", far.id).length + eventsOf("follow.removed", local.account.id).length, 2);
    });

    describe("ReceiveMove", () => {
      it("moves local followers to the new remote account as requests, except those the rules keep out, once", async () => {
        const [oldie, newbie] = [await remote("pam"), await remote("pam_new", { alsoKnownAs: ["https://remote.example/users/pam"] })];
        const [f1, f2, stayer] = [await user("pat"), await user("pia"), await user("poe")];
        for (const f of [f1, f2, stayer]) await followRemote(f, oldie.id);
        await h.client.follow({ targetAccountId: oldie.id, reblogs: false, languages: [] }, f2.as);
        await rel.blockAccount({ targetAccountId: newbie.id }, stayer.as);
        await fed.receiveMove(edge(oldie.id, newbie.id));
        await fed.receiveMove(edge(oldie.id, newbie.id));
        for (const f of [f1, f2]) {
          const [toOld, toNew] = (await h.client.getRelationships({ accountIds: [oldie.id, newbie.id] }, f.as)).relationships;
          assert.deepEqual([toOld!.following, toNew!.requested], [false, true]);
        }
        const [stillOld, notNew] = (await h.client.getRelationships({ accountIds: [oldie.id, newbie.id] }, stayer.as)).relationships;
        assert.deepEqual([stillOld!.following, notNew!.requested, notNew!.following], [true, false, false]);
        // The request carries the options of the follow it replaces.
        const request = await h.db.table("follow_requests").where({ account_id: f2.account.id, target_account_id: newbie.id }).first("show_reblogs");
        assert.equal(request.show_reblogs, false);
        assert.equal((await account(oldie.id)).movedToAccountId, newbie.id);
        await settled();
        const moved = eventsOf("account.moved", oldie.id);
        assert.equal(moved.length, 1);
        assert.deepEqual({ ...decodePayload("account.moved", moved[0]!) }, { accountId: oldie.id, targetAccountId: newbie.id });
        assert.equal(eventsOf("follow.requested", f1.account.id).filter((e) => decodePayload("follow.requested", e).targetAccountId === newbie.id).length, 1);
      });

      it("makes local followers follow an unlocked local new account at once", async () => {
        const [oldie, lina, fan] = [await remote("quin"), await user("quinn"), await user("quy")];
        await followRemote(fan, oldie.id);
        await fed.receiveMove(edge(oldie.id, lina.account.id));
        const [toOld, toNew] = (await h.client.getRelationships({ accountIds: [oldie.id, lina.account.id] }, fan.as)).relationships;
        assert.deepEqual([toOld!.following, toNew!.following], [false, true]);
        assert.equal((await account(lina.account.id)).followersCount, 1);
      });

      it("refuses a local origin (INVALID_ARGUMENT) and unknown accounts (NOT_FOUND)", async () => {
        const [local, far] = [await user("rae"), await remote("rex")];
        assert.equal((await rejection(fed.receiveMove(edge(local.account.id, far.id)))).code, status.INVALID_ARGUMENT);
        assert.equal((await rejection(fed.receiveMove(edge(far.id, "999999999")))).code, status.NOT_FOUND);
      });
    });

    it("ListRemoteFollowers pages a local account's remote followers in follow order", async () => {
      const [star, localFan] = [await user("tam"), await user("ted")];
      const fans = [await remote("tia", { domain: "one.example", uri: "https://one.example/users/tia" }), await remote("tim", { domain: "two.example", uri: "https://two.example/users/tim" }), await remote("toa")];
      for (const fan of fans) await fed.receiveFollow(edge(fan.id, star.account.id));
      await h.client.follow({ targetAccountId: star.account.id, languages: [] }, localFan.as);
      const first = await fed.listRemoteFollowers({ accountId: star.account.id, limit: 2 });
      assert.deepEqual(first.accountIds, [fans[0]!.id, fans[1]!.id]);
      assert.ok(first.next);
      const second = await fed.listRemoteFollowers({ accountId: star.account.id, after: first.next, limit: 2 });
      assert.deepEqual([second.accountIds, second.next], [[fans[2]!.id], undefined]);
      const all = await fed.listRemoteFollowers({ accountId: star.account.id });
      assert.deepEqual([all.accountIds, all.next], [fans.map((f) => f.id), undefined]);
      assert.equal((await rejection(fed.listRemoteFollowers({ accountId: fans[0]!.id }))).code, status.INVALID_ARGUMENT);
      assert.equal((await rejection(fed.listRemoteFollowers({ accountId: star.account.id, after: "x" }))).code, status.INVALID_ARGUMENT);
      assert.equal((await rejection(fed.listRemoteFollowers({ accountId: "999999999" }))).code, status.NOT_FOUND);
    });
  });
}
