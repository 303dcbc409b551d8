import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { TOPICS, decodePayload, type EventEnvelope } from "@starling/events";
import { FollowsServiceClient } from "@starling/proto/accounts/v1/follows";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { connectService, createIdGenerator, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { acceptRequestsOnUnlock } from "../src/use-cases/accept-requests-on-unlock.ts";
import type { AccountsDeps } from "../src/use-cases/deps.ts";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

for (const backend of backends) {
  describe(`the follow graph on ${backend.name}`, () => {
    let h: Harness;
    let follows: AsyncClient<FollowsServiceClient>;
    const seen: EventEnvelope[] = [];
    let seq = 0;
    before(async () => {
      h = await startHarness(backend);
      follows = connectService(FollowsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-follow-graph", handler: async (e) => void seen.push(e) });
    });
    after(async () => {
      follows.close();
      await h.stop();
    });

    const user = async (name: string) => {
      seq += 1;
      const account = (await h.createUser(`${name}${seq}`)).account;
      return { account, as: { viewerToken: await h.sign({ accountId: account.id, scopes: ["read", "write", "follow"] }) } };
    };
    type User = Awaited<ReturnType<typeof user>>;
    const lock = (u: User) => h.db.table("accounts").where({ id: u.account.id }).update({ locked: true });
    const follow = (from: User, to: User, reblogs?: boolean) => h.client.follow({ targetAccountId: to.account.id, reblogs, languages: [] }, from.as);
    const counts = async (...users: User[]) => (await h.client.getAccounts({ ids: users.map((u) => u.account.id) })).accounts.map((a) => [a.followersCount, a.followingCount]);
    const relationship = async (from: User, to: User) => (await h.client.getRelationships({ accountIds: [to.account.id] }, from.as)).relationships[0]!;
    const ids = (accounts: Account[]) => accounts.map((a) => a.id);
    const eventsAbout = (type: string, key: string, count = 1) =>
      waitFor(() => {
        const found = seen.filter((e) => e.type === type && e.key === key);
        return found.length >= count && found;
      }, { what: `${type} for ${key}` });

    it("turns a request to a locked account into a follow when the target authorizes it", async () => {
      const [fan, star] = [await user("fan"), await user("star")];
      await lock(star);
      assert.equal((await follow(fan, star, false)).relationship!.requested, true);
      const [requested] = await eventsAbout("follow.requested", fan.account.id);
      assert.deepEqual({ ...decodePayload("follow.requested", requested!), requestId: "" }, { requestId: "", accountId: fan.account.id, targetAccountId: star.account.id });
      const pending = await follows.listFollowRequests({}, star.as);
      assert.deepEqual(ids(pending.accounts), [fan.account.id]);
      assert.equal((await relationship(star, fan)).requestedBy, true);

      const answer = (await follows.authorizeFollowRequest({ accountId: fan.account.id }, star.as)).relationship!;
      assert.deepEqual([answer.id, answer.followedBy, answer.requestedBy], [fan.account.id, true, false]);
      const fanView = await relationship(fan, star);
      assert.deepEqual([fanView.following, fanView.requested, fanView.showingReblogs], [true, false, false]);
      assert.deepEqual(await counts(fan, star), [[0, 1], [1, 0]]);
      const [accepted] = await eventsAbout("follow.accepted", fan.account.id);
      const payload = decodePayload("follow.accepted", accepted!);
      assert.equal(payload.showReblogs, false);
      assert.equal(payload.requestId, decodePayload("follow.requested", requested!).requestId, "names the request it accepted");
      assert.deepEqual(ids((await follows.listFollowRequests({}, star.as)).accounts), []);
      assert.equal((await rejection(follows.authorizeFollowRequest({ accountId: fan.account.id }, star.as))).code, status.NOT_FOUND);
    });

    it("rejects a request without following, and announces it once", async () => {
      const [fan, star] = [await user("fan"), await user("star")];
      await lock(star);
      await follow(fan, star);
      const answer = (await follows.rejectFollowRequest({ accountId: fan.account.id }, star.as)).relationship!;
      assert.deepEqual([answer.followedBy, answer.requestedBy], [false, false]);
      assert.deepEqual([(await relationship(fan, star)).requested, (await relationship(fan, star)).following], [false, false]);
      assert.deepEqual(await counts(fan, star), [[0, 0], [0, 0]]);
      const [rejected] = await eventsAbout("follow.rejected", fan.account.id);
      assert.deepEqual({ ...decodePayload("follow.rejected", rejected!) }, { accountId: fan.account.id, targetAccountId: star.account.id });
      assert.equal((await rejection(follows.rejectFollowRequest({ accountId: fan.account.id }, star.as))).code, status.NOT_FOUND);
    });

    it("pages followers and following newest follow first, by follow id", async () => {
      const star = await user("star");
      const fans = [await user("fan"), await user("fan"), await user("fan")];
      for (const fan of fans) await follow(fan, star);
      const first = await follows.listFollowers({ accountId: star.account.id, page: { maxId: "", sinceId: "", minId: "", limit: 2 } });
      assert.deepEqual(ids(first.accounts), [fans[2]!.account.id, fans[1]!.account.id]);
      assert.ok(first.nextCursor && first.prevCursor, "a full page links both ways");
      const rest = await follows.listFollowers({ accountId: star.account.id, page: { maxId: first.nextCursor, sinceId: "", minId: "", limit: 2 } });
      assert.deepEqual(ids(rest.accounts), [fans[0]!.account.id]);
      assert.equal(rest.nextCursor, undefined, "a short page has no next link");
      const newer = await follows.listFollowers({ accountId: star.account.id, page: { maxId: "", sinceId: rest.prevCursor, minId: "", limit: 40 } });
      assert.deepEqual(ids(newer.accounts), [fans[2]!.account.id, fans[1]!.account.id]);
      assert.deepEqual(ids((await follows.listFollowing({ accountId: fans[0]!.account.id })).accounts), [star.account.id]);

      await h.db.table("accounts").where({ id: fans[1]!.account.id }).update({ suspended_at: new Date() });
      assert.deepEqual(ids((await follows.listFollowers({ accountId: star.account.id })).accounts), [fans[2]!.account.id, fans[0]!.account.id]);
      assert.deepEqual((await follows.listFollowing({ accountId: fans[1]!.account.id })).accounts, [], "a suspended account's lists are empty");
      assert.equal((await rejection(follows.listFollowers({ accountId: "42" }))).code, status.NOT_FOUND);
      await h.db.table("blocks").insert({ id: createIdGenerator()(), account_id: star.account.id, target_account_id: fans[0]!.account.id, created_at: new Date() });
      assert.deepEqual((await follows.listFollowers({ accountId: star.account.id }, fans[0]!.as)).accounts, [], "hidden from an account it blocks");
      assert.equal((await follows.listFollowers({ accountId: star.account.id }, star.as)).accounts.length, 2, "but not from itself");
      const badCursor = follows.listFollowers({ accountId: star.account.id, page: { maxId: "abc" } });
      assert.equal((await rejection(badCursor)).code, status.INVALID_ARGUMENT);
    });

    it("names, for each account, the accounts the viewer follows that follow it", async () => {
      const [me, friend, other, star, lonely] = [await user("me"), await user("friend"), await user("other"), await user("star"), await user("lonely")];
      await follow(me, friend);
      await follow(friend, star);
      await follow(other, star);
      const { familiarFollowers } = await follows.getFamiliarFollowers({ accountIds: [star.account.id, lonely.account.id, "42", star.account.id] }, me.as);
      assert.deepEqual(
        familiarFollowers.map((f) => [f.accountId, ids(f.accounts)]),
        [[star.account.id, [friend.account.id]], [lonely.account.id, []]],
      );
      assert.equal((await rejection(follows.getFamiliarFollowers({ accountIds: [star.account.id] }))).code, status.UNAUTHENTICATED);
    });

    it("removes a follower, restoring counters, and doing it twice changes nothing", async () => {
      const [fan, star] = [await user("fan"), await user("star")];
      await follow(fan, star);
      const answer = (await follows.removeFromFollowers({ targetAccountId: fan.account.id }, star.as)).relationship!;
      assert.equal(answer.followedBy, false);
      await follows.removeFromFollowers({ targetAccountId: fan.account.id }, star.as);
      assert.equal((await relationship(fan, star)).following, false);
      assert.deepEqual(await counts(fan, star), [[0, 0], [0, 0]]);
      const [removed] = await eventsAbout("follow.removed", fan.account.id);
      assert.deepEqual({ ...decodePayload("follow.removed", removed!) }, { accountId: fan.account.id, targetAccountId: star.account.id });
      assert.equal((await rejection(follows.removeFromFollowers({ targetAccountId: "42" }, star.as))).code, status.NOT_FOUND);
    });

    it("endorses only followed accounts, lists them, and drops the endorsement on unfollow", async () => {
      const [me, a, b] = [await user("me"), await user("pick"), await user("pick")];
      assert.equal((await rejection(follows.endorseAccount({ targetAccountId: a.account.id }, me.as))).code, status.INVALID_ARGUMENT);
      await follow(me, a);
      await follow(me, b);
      assert.equal((await follows.endorseAccount({ targetAccountId: a.account.id }, me.as)).relationship!.endorsed, true);
      await follows.endorseAccount({ targetAccountId: a.account.id }, me.as);
      await follows.endorseAccount({ targetAccountId: b.account.id }, me.as);
      const all = await follows.listEndorsements({ all: true }, me.as);
      assert.deepEqual(ids(all.accounts), [b.account.id, a.account.id], "newest account first");
      assert.deepEqual([all.nextCursor, all.prevCursor], [undefined, undefined]);
      const page = await follows.listEndorsements({ page: { maxId: b.account.id, sinceId: "", minId: "", limit: 1 }, all: false }, me.as);
      assert.deepEqual([ids(page.accounts), page.nextCursor], [[a.account.id], a.account.id]);
      assert.equal((await follows.unendorseAccount({ targetAccountId: b.account.id }, me.as)).relationship!.endorsed, false);
      await h.client.unfollow({ targetAccountId: a.account.id }, me.as);
      assert.deepEqual((await follows.listEndorsements({ all: true }, me.as)).accounts, []);
      assert.equal((await rejection(follows.endorseAccount({ targetAccountId: "42" }, me.as))).code, status.NOT_FOUND);
    });

    it("keeps a private note that only its author sees, up to 2000 characters", async () => {
      const [me, them] = [await user("me"), await user("them")];
      assert.equal((await follows.setAccountNote({ targetAccountId: them.account.id, comment: "met at the conference" }, me.as)).relationship!.note, "met at the conference");
      assert.equal((await relationship(me, them)).note, "met at the conference");
      assert.equal((await relationship(them, me)).note, "");
      const longest = "é".repeat(1999) + "😀";
      assert.equal((await follows.setAccountNote({ targetAccountId: them.account.id, comment: longest }, me.as)).relationship!.note, longest);
      const tooLong = follows.setAccountNote({ targetAccountId: them.account.id, comment: "x".repeat(2001) }, me.as);
      assert.equal((await rejection(tooLong)).code, status.INVALID_ARGUMENT);
      assert.equal((await follows.setAccountNote({ targetAccountId: them.account.id, comment: "  " }, me.as)).relationship!.note, "");
      assert.equal((await rejection(follows.setAccountNote({ targetAccountId: "42", comment: "x" }, me.as))).code, status.NOT_FOUND);
    });

    it("on unlock accepts pending requests except from silenced or muted accounts", async () => {
      const star = await user("star");
      const [plain, silenced, muted, onceMuted] = [await user("plain"), await user("silenced"), await user("muted"), await user("oncemuted")];
      await lock(star);
      for (const fan of [plain, silenced, muted, onceMuted]) await follow(fan, star);
      await h.db.table("accounts").where({ id: silenced.account.id }).update({ silenced_at: new Date() });
      const newId = createIdGenerator();
      const mute = (target: User, expiresAt: Date | null) =>
        h.db.table("mutes").insert({ id: newId(), account_id: star.account.id, target_account_id: target.account.id, expires_at: expiresAt, created_at: new Date() });
      await mute(muted, null);
      await mute(onceMuted, new Date(Date.now() - 60_000));
      await h.db.table("accounts").where({ id: star.account.id }).update({ locked: false });

      // Only the parts of the composition this use case touches; the real service builds the rest.
      const deps = { db: h.db, newId, nudge: () => {}, now: () => new Date() } as Partial<AccountsDeps> as AccountsDeps;
      assert.equal(await h.db.transaction((trx) => acceptRequestsOnUnlock(deps, trx, star.account.id)), true);
      assert.equal(await h.db.transaction((trx) => acceptRequestsOnUnlock(deps, trx, star.account.id)), false, "nothing left to accept");

      const followers = await follows.listFollowers({ accountId: star.account.id });
      assert.deepEqual(new Set(ids(followers.accounts)), new Set([plain.account.id, onceMuted.account.id]));
      assert.deepEqual(new Set(ids((await follows.listFollowRequests({}, star.as)).accounts)), new Set([muted.account.id, silenced.account.id]));
      assert.equal((await h.client.getAccounts({ ids: [star.account.id] })).accounts[0]!.followersCount, 2);
      await eventsAbout("follow.accepted", plain.account.id);
    });
  });
}
