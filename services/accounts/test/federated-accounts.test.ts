import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { decodePayload, TOPICS, type EventEnvelope, type Subscription } from "@starling/events";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { FederatedAccountsServiceClient, type UpsertRemoteAccountRequest } from "@starling/proto/accounts/v1/federated_accounts";
import { FollowsServiceClient } from "@starling/proto/accounts/v1/follows";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { RelationshipsServiceClient } from "@starling/proto/accounts/v1/relationships";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

/** A remote actor as the federation service would describe it. */
const actor = (name: string, extra: Partial<UpsertRemoteAccountRequest> = {}): UpsertRemoteAccountRequest => ({
  uri: `https://remote.example/users/${name}`,
  username: name,
  domain: "remote.example",
  displayName: name,
  note: "<p>Hello</p>",
  url: `https://remote.example/@${name}`,
  locked: false,
  bot: false,
  group: false,
  createdAt: new Date("2020-01-02T00:00:00Z"),
  avatarUrl: "",
  headerUrl: "",
  fields: [],
  movedToAccountId: "",
  alsoKnownAs: [],
  emojiShortcodes: [],
  followersCount: "0",
  followingCount: "0",
  statusesCount: "0",
  ...extra,
});

for (const backend of backends) {
  describe(`federated accounts on ${backend.name}`, () => {
    let h: Harness;
    let fed: AsyncClient<FederatedAccountsServiceClient>;
    let follows: AsyncClient<FollowsServiceClient>;
    let rel: AsyncClient<RelationshipsServiceClient>;
    let subscription: Subscription;
    const seen = new Map<string, EventEnvelope>();
    /** Distinct events (by envelope id) seen so far with this type and key. */
    const eventsOf = (type: string, key: string) => [...seen.values()].filter((e) => e.type === type && e.key === key);
    /** Waits until every event written so far has been published and delivered. */
    const settled = async () => {
      await waitFor(async () => (await h.db.table("outbox").count({ n: "*" }))[0]!.n == 0, { what: "an empty outbox" });
      await h.bus.drain();
    };

    type User = { account: Account; as: { viewerToken: string } };
    const user = async (name: string): Promise<User> => {
      const { account } = await h.createUser(name);
      return { account, as: { viewerToken: await h.sign({ accountId: account.id, scopes: ["read", "write", "follow"] }) } };
    };
    const remote = async (name: string, extra: Partial<UpsertRemoteAccountRequest> = {}) => (await fed.upsertRemoteAccount(actor(name, extra))).account!;
    const account = async (id: string) => (await h.client.getAccounts({ ids: [id] })).accounts[0]!;
    const relationship = async (from: User, toId: string) => (await h.client.getRelationships({ accountIds: [toId] }, from.as)).relationships[0]!;
    const edge = (accountId: string, targetAccountId: string) => ({ accountId, targetAccountId });
    /** A local follow of a remote account, accepted by its server. */
    const followRemote = async (from: User, remoteId: string) => {
      await h.client.follow({ targetAccountId: remoteId, languages: [] }, from.as);
      await fed.receiveFollowAccept(edge(from.account.id, remoteId));
    };

    before(async () => {
      h = await startHarness(backend);
      const address = `127.0.0.1:${h.grpcPort}`;
      fed = connectService(FederatedAccountsServiceClient, address, { deadlineMs: 10_000 });
      follows = connectService(FollowsServiceClient, address, { deadlineMs: 10_000 });
      rel = connectService(RelationshipsServiceClient, address, { deadlineMs: 10_000 });
      subscription = await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-federated-accounts", handler: async (e) => void seen.set(e.id, e) });
    });
    after(async () => {
      await subscription?.stop();
      for (const client of [fed, follows, rel]) client?.close();
      await h?.stop();
    });

    describe("UpsertRemoteAccount", () => {
      it("stores a remote actor as given: images used as-is, HTML fields, emoji, alsoKnownAs and the advertised counts", async () => {
        const { account, created } = await fed.upsertRemoteAccount(
          actor("ada", {
            locked: true,
            bot: true,
            discoverable: true,
            avatarUrl: "https://media.remote.example/ada.gif",
            headerUrl: "https://media.remote.example/ada-header.png",
            fields: [{ name: "Site", value: '<a href="https://ada.example" rel="me">ada.example</a>' }],
            alsoKnownAs: ["https://old.example/users/ada"],
            emojiShortcodes: ["blobcat"],
            followersCount: "10",
            followingCount: "20",
            statusesCount: "30",
          }),
        );
        assert.equal(created, true);
        const a = account!;
        assert.deepEqual(
          [a.username, a.domain, a.uri, a.url, a.locked, a.bot, a.discoverable, a.group, a.createdAt],
          ["ada", "remote.example", "https://remote.example/users/ada", "https://remote.example/@ada", true, true, true, false, new Date("2020-01-02T00:00:00Z")],
        );
        assert.deepEqual([a.avatarUrl, a.avatarStaticUrl], ["https://media.remote.example/ada.gif", "https://media.remote.example/ada.gif"]);
        assert.deepEqual([a.headerUrl, a.headerStaticUrl], ["https://media.remote.example/ada-header.png", "https://media.remote.example/ada-header.png"]);
        assert.deepEqual(a.fields, [{ name: "Site", value: '<a href="https://ada.example" rel="me">ada.example</a>', verifiedAt: undefined }]);
        assert.deepEqual([a.emojiShortcodes, a.followersCount, a.followingCount, a.statusesCount], [["blobcat"], "10", "20", "30"]);
        const row = await h.db.table("accounts").where({ id: a.id }).first("also_known_as");
        assert.deepEqual(JSON.parse(row.also_known_as), ["https://old.example/users/ada"]);
        const [createdEvent] = await waitFor(() => eventsOf("account.created", a.id).length > 0 && eventsOf("account.created", a.id), { what: "account.created" });
        assert.deepEqual({ ...decodePayload("account.created", createdEvent!) }, { accountId: a.id, username: "ada", domain: "remote.example" });
      });

      it("refreshes the copy found by URI or by username and domain, announcing account.updated only when the profile changed", async () => {
        const first = (await fed.upsertRemoteAccount(actor("bea"))).account!;
        const same = await fed.upsertRemoteAccount(actor("bea"));
        assert.deepEqual([same.created, same.account!.id], [false, first.id]);
        // Counters move without being a profile change.
        assert.equal((await fed.upsertRemoteAccount(actor("bea", { followersCount: "7" }))).account!.followersCount, "7");
        await settled();
        assert.equal(eventsOf("account.updated", first.id).length, 0);
        const renamed = (await fed.upsertRemoteAccount(actor("bea", { displayName: "Bea B.", followersCount: "7" }))).account!;
        assert.equal(renamed.displayName, "Bea B.");
        // The actor's id changed: the copy is the one with that username on that domain.
        const moved = (await fed.upsertRemoteAccount(actor("bea", { uri: "https://remote.example/actors/bea", displayName: "Bea B.", followersCount: "7" }))).account!;
        assert.deepEqual([moved.id, moved.uri], [first.id, "https://remote.example/actors/bea"]);
        await settled();
        assert.equal(eventsOf("account.updated", first.id).length, 2);
        assert.equal(eventsOf("account.created", first.id).length, 1);
      });

      it("drops links that are not http(s) and records a known movedTo", async () => {
        const target = await remote("cyd_new");
        const a = await remote("cyd", { avatarUrl: "javascript:alert(1)", url: "data:text/html,x", movedToAccountId: target.id });
        assert.deepEqual([a.avatarUrl, a.url, a.movedToAccountId], ["", "", target.id]);
      });

      it("keeps the alsoKnownAs a local account moving to the remote one must be listed in", async () => {
        const { account: local, password } = await h.createUser("cora");
        const other = await remote("cora_elsewhere");
        const target = await remote("cora_new", { alsoKnownAs: [local.uri] });
        const profiles = connectService(ProfilesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
        const as = { viewerToken: await h.sign({ accountId: local.id, scopes: ["read", "write"] }) };
        try {
          assert.equal((await rejection(profiles.moveAccount({ targetAcct: "cora_elsewhere@remote.example", password }, as))).code, status.INVALID_ARGUMENT);
          const moved = (await profiles.moveAccount({ targetAcct: "cora_new@remote.example", password }, as)).account!;
          assert.deepEqual([moved.movedToAccountId, other.movedToAccountId], [target.id, ""]);
        } finally {
          profiles.close();
        }
      });

      it("refuses bad input with INVALID_ARGUMENT", async () => {
        const local = await user("dora");
        const bad: Partial<UpsertRemoteAccountRequest>[] = [
          { uri: "" },
          { uri: "not a url" },
          { uri: "ftp://remote.example/users/x" },
          { username: " " },
          { domain: "" },
          { movedToAccountId: "123456789" },
          { movedToAccountId: "abc" },
          { uri: local.account.uri, username: "dora", domain: "remote.example" },
        ];
        for (const extra of bad) {
          assert.equal((await rejection(fed.upsertRemoteAccount(actor("dud", extra)))).code, status.INVALID_ARGUMENT, JSON.stringify(extra));
        }
        assert.deepEqual((await fed.findAccountsByUri({ uris: [actor("dud").uri] })).accounts, []);
      });
    });

    it("FindAccountsByUri finds local and remote accounts and leaves unknown URIs out", async () => {
      const local = await user("ella");
      const far = await remote("ezra");
      const found = await fed.findAccountsByUri({ uris: [local.account.uri, far.uri, "https://remote.example/users/nobody", ""] });
      assert.deepEqual(found.accounts.map((a) => a.id).sort(), [local.account.id, far.id].sort());
    });

    describe("ReceiveFollow", () => {
      it("follows an unlocked local account at once, once", async () => {
        const [target, follower] = [await user("fay"), await remote("finn")];
        assert.equal((await fed.receiveFollow(edge(follower.id, target.account.id))).state, "following");
        assert.equal((await fed.receiveFollow(edge(follower.id, target.account.id))).state, "following");
        assert.equal((await relationship(target, follower.id)).followedBy, true);
        assert.equal((await account(target.account.id)).followersCount, "1");
        await settled();
        const accepted = eventsOf("follow.accepted", follower.id);
        assert.equal(accepted.length, 1);
        assert.deepEqual({ ...decodePayload("follow.accepted", accepted[0]!), followId: "" }, { followId: "", accountId: follower.id, targetAccountId: target.account.id, showReblogs: true });
      });

      it("asks a locked local account, once", async () => {
        const [target, follower] = [await user("gil"), await remote("gus")];
        await h.db.table("accounts").where({ id: target.account.id }).update({ locked: true });
        assert.equal((await fed.receiveFollow(edge(follower.id, target.account.id))).state, "requested");
        assert.equal((await fed.receiveFollow(edge(follower.id, target.account.id))).state, "requested");
        assert.deepEqual((await follows.listFollowRequests({}, target.as)).accounts.map((a) => a.id), [follower.id]);
        assert.equal((await account(target.account.id)).followersCount, "0");
        await settled();
        assert.equal(eventsOf("follow.requested", follower.id).length, 1);
      });

      it("is refused when the target blocks the follower or its domain", async () => {
        const [target, blocked, onBlockedDomain] = [await user("hal"), await remote("hex"), await remote("hub", { domain: "hidden.example", uri: "https://hidden.example/users/hub" })];
        await rel.blockAccount({ targetAccountId: blocked.id }, target.as);
        await rel.blockDomain({ domain: "hidden.example" }, target.as);
        assert.equal((await rejection(fed.receiveFollow(edge(blocked.id, target.account.id)))).code, status.PERMISSION_DENIED);
        assert.equal((await rejection(fed.receiveFollow(edge(onBlockedDomain.id, target.account.id)))).code, status.PERMISSION_DENIED);
        assert.equal((await account(target.account.id)).followersCount, "0");
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
        assert.equal((await account(fan.account.id)).followingCount, "1");
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
        assert.equal((await account(follower.account.id)).followingCount, "0");
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
      assert.equal((await account(open.account.id)).followersCount, "0");
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
      assert.deepEqual([(await account(local.account.id)).followersCount, (await account(local.account.id)).followingCount], ["0", "0"]);
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
        assert.equal((await account(lina.account.id)).followersCount, "1");
      });

      it("refuses a local origin (INVALID_ARGUMENT) and unknown accounts (NOT_FOUND)", async () => {
        const [local, far] = [await user("rae"), await remote("rex")];
        assert.equal((await rejection(fed.receiveMove(edge(local.account.id, far.id)))).code, status.INVALID_ARGUMENT);
        assert.equal((await rejection(fed.receiveMove(edge(far.id, "999999999")))).code, status.NOT_FOUND);
      });
    });

    describe("DeleteRemoteAccount", () => {
      it("tombstones the copy, ending its relationships, once", async () => {
        const [local, far] = [await user("sal"), await remote("sam")];
        await fed.receiveFollow(edge(far.id, local.account.id));
        await fed.deleteRemoteAccount({ accountId: far.id });
        await fed.deleteRemoteAccount({ accountId: far.id });
        const gone = await account(far.id);
        assert.deepEqual([gone.suspended, gone.displayName], [true, ""]);
        assert.equal((await relationship(local, far.id)).followedBy, false);
        assert.equal((await account(local.account.id)).followersCount, "0");
        assert.equal((await rejection(fed.upsertRemoteAccount(actor("sam")))).code, status.NOT_FOUND);
        await settled();
        const deleted = eventsOf("account.deleted", far.id);
        assert.equal(deleted.length, 1);
        assert.deepEqual({ ...decodePayload("account.deleted", deleted[0]!) }, { accountId: far.id, username: "sam", domain: "remote.example" });
        assert.equal(eventsOf("follow.removed", far.id).length, 1);
      });

      it("refuses a local account (INVALID_ARGUMENT) and an unknown one (NOT_FOUND)", async () => {
        const local = await user("sia");
        assert.equal((await rejection(fed.deleteRemoteAccount({ accountId: local.account.id }))).code, status.INVALID_ARGUMENT);
        assert.equal((await account(local.account.id)).suspended, false);
        assert.equal((await rejection(fed.deleteRemoteAccount({ accountId: "999999999" }))).code, status.NOT_FOUND);
      });
    });

    it("ListRemoteFollowers pages a local account's remote followers in follow order", async () => {
      const [star, localFan] = [await user("tam"), await user("ted")];
      const fans = [await remote("tia", { domain: "one.example", uri: "https://one.example/users/tia" }), await remote("tim", { domain: "two.example", uri: "https://two.example/users/tim" }), await remote("toa")];
      for (const fan of fans) await fed.receiveFollow(edge(fan.id, star.account.id));
      await h.client.follow({ targetAccountId: star.account.id, languages: [] }, localFan.as);
      const first = await fed.listRemoteFollowers({ accountId: star.account.id, after: "", limit: 2 });
      assert.deepEqual(first.accountIds, [fans[0]!.id, fans[1]!.id]);
      assert.notEqual(first.next, "");
      const second = await fed.listRemoteFollowers({ accountId: star.account.id, after: first.next, limit: 2 });
      assert.deepEqual([second.accountIds, second.next], [[fans[2]!.id], ""]);
      const all = await fed.listRemoteFollowers({ accountId: star.account.id, after: "", limit: 0 });
      assert.deepEqual([all.accountIds, all.next], [fans.map((f) => f.id), ""]);
      assert.equal((await rejection(fed.listRemoteFollowers({ accountId: fans[0]!.id, after: "", limit: 0 }))).code, status.INVALID_ARGUMENT);
      assert.equal((await rejection(fed.listRemoteFollowers({ accountId: star.account.id, after: "x", limit: 0 }))).code, status.INVALID_ARGUMENT);
      assert.equal((await rejection(fed.listRemoteFollowers({ accountId: "999999999", after: "", limit: 0 }))).code, status.NOT_FOUND);
    });

    it("ListAccountAliases answers a local account's aliases and a remote actor's alsoKnownAs", async () => {
      const [fresh, old] = [await user("uma"), await user("ugo")];
      const profiles = connectService(ProfilesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      const earlier = await remote("uli");
      await profiles.addAlias({ acct: old.account.username }, fresh.as);
      await profiles.addAlias({ acct: `${earlier.username}@${earlier.domain}` }, fresh.as);
      profiles.close();
      assert.deepEqual((await fed.listAccountAliases({ accountId: fresh.account.id })).uris, [old.account.uri, earlier.uri]);
      assert.deepEqual((await fed.listAccountAliases({ accountId: old.account.id })).uris, []);
      const declared = await remote("una", { alsoKnownAs: ["https://elsewhere.example/users/una"] });
      assert.deepEqual((await fed.listAccountAliases({ accountId: declared.id })).uris, ["https://elsewhere.example/users/una"]);
      assert.equal((await rejection(fed.listAccountAliases({ accountId: "999999999" }))).code, status.NOT_FOUND);
    });
  });
}
