import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { decodePayload, TOPICS, type EventEnvelope } from "@starling/events";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { RelationshipsServiceClient } from "@starling/proto/accounts/v1/relationships";
import { connectService, createIdGenerator, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

const newId = createIdGenerator();
const page = (p: { maxId?: string; sinceId?: string; limit?: number } = {}) => ({ ...p });

for (const backend of backends) {
  describe(`blocks, mutes and domain blocks on ${backend.name}`, () => {
    let h: Harness;
    let rel: AsyncClient<RelationshipsServiceClient>;
    let seq = 0;
    const events: EventEnvelope[] = [];
    before(async () => {
      h = await startHarness(backend);
      rel = connectService(RelationshipsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-blocks-mutes", handler: async (e) => void events.push(e) });
    });
    after(async () => {
      rel?.close();
      await h.stop();
    });

    const user = async (name: string) => {
      seq += 1;
      const account = (await h.createUser(`${name}${seq}`)).account;
      return { account, as: { viewerToken: await h.sign({ accountId: account.id, scopes: ["follow", "read", "write"] }) } };
    };
    const remote = async (domain: string) => {
      const id = newId();
      await h.db.table("accounts").insert({ id, username: `r${id}`, domain, uri: `https://${domain}/users/r${id}`, created_at: new Date() });
      return id;
    };
    const relationship = async (as: { viewerToken: string }, id: string) => (await h.client.getRelationships({ accountIds: [id] }, as)).relationships[0]!;
    const counts = async (...accounts: Account[]) =>
      (await h.client.getAccounts({ ids: accounts.map((a) => a.id) })).accounts.map((a) => [a.followersCount, a.followingCount]);
    const seen = (type: string, accountId: string, targetId: string) =>
      events.some((e) => e.type === type && e.key === accountId && (decodePayload(e.type as "block.created", e) as { targetAccountId: string }).targetAccountId === targetId);

    it("blocks an account, ending follows and requests both ways with their counters and events", async () => {
      const alice = await user("alice");
      const bob = await user("bob");
      await h.client.follow({ targetAccountId: bob.account.id, languages: [] }, alice.as);
      await h.client.follow({ targetAccountId: alice.account.id, languages: [] }, bob.as);
      const blocked = (await rel.blockAccount({ targetAccountId: bob.account.id }, alice.as)).relationship!;
      assert.deepEqual([blocked.blocking, blocked.following, blocked.followedBy, blocked.blockedBy], [true, false, false, false]);
      assert.deepEqual(await counts(alice.account, bob.account), [[0, 0], [0, 0]]);
      assert.equal((await relationship(bob.as, alice.account.id)).blockedBy, true);
      const again = (await rel.blockAccount({ targetAccountId: bob.account.id }, alice.as)).relationship!;
      assert.equal(again.blocking, true);
      await waitFor(() => seen("block.created", alice.account.id, bob.account.id) && seen("follow.removed", alice.account.id, bob.account.id) && seen("follow.removed", bob.account.id, alice.account.id), { what: "block and unfollow events" });
      assert.equal(new Set(events.filter((e) => e.type === "block.created" && e.key === alice.account.id).map((e) => e.id)).size, 1, "one block.created however often blocked");
    });

    it("answers the standings statuses read by in one call: follows, blocks both ways, live mutes and domain blocks", async () => {
      const viewer = await user("viewer");
      const [followed, blocked, blocker, muted, stranger] = [await user("followed"), await user("blocked"), await user("blocker"), await user("muted"), await user("stranger")];
      const onBlockedDomain = await remote("standings.example");
      await h.client.follow({ targetAccountId: followed.account.id, languages: [] }, viewer.as);
      await rel.blockAccount({ targetAccountId: blocked.account.id }, viewer.as);
      await rel.blockAccount({ targetAccountId: viewer.account.id }, blocker.as);
      await rel.muteAccount({ targetAccountId: muted.account.id, notifications: true, duration: 0 }, viewer.as);
      await rel.blockDomain({ domain: "standings.example" }, viewer.as);
      const ids = [followed, blocked, blocker, muted, stranger].map((u) => u.account.id);
      const { standings } = await h.client.getStandings({ accountIds: [...ids, onBlockedDomain] }, viewer.as);
      const marks = new Map(standings.map(({ accountId, ...s }) => [accountId, Object.entries(s).filter(([, on]) => on).map(([k]) => k)]));
      assert.deepEqual(
        [...ids, onBlockedDomain].map((id) => marks.get(id) ?? []),
        [["following"], ["blocking"], ["blockedBy"], ["muting"], [], ["domainBlocking"]],
      );
    });

    it("leaves out of account search those the viewer blocks, mutes or domain-blocks, and those blocking the viewer", async () => {
      const profiles = connectService(ProfilesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      const viewer = await user("seeker");
      const [blocked, blocker, muted, shown] = [await user("hidey_blocked"), await user("hidey_blocker"), await user("hidey_muted"), await user("hidey_shown")];
      const farAway = await remote("hidden-search.example");
      await h.db.table("accounts").where({ id: farAway }).update({ username: "hidey_far" });
      await rel.blockAccount({ targetAccountId: blocked.account.id }, viewer.as);
      await rel.blockAccount({ targetAccountId: viewer.account.id }, blocker.as);
      await rel.muteAccount({ targetAccountId: muted.account.id, notifications: true, duration: 0 }, viewer.as);
      await rel.blockDomain({ domain: "hidden-search.example" }, viewer.as);
      const search = async (as: { viewerToken: string }) => (await profiles.searchAccounts({ q: "hidey", offset: 0, following: false, resolve: false }, as)).accounts.map((a) => a.id).sort();
      assert.deepEqual(await search(viewer.as), [shown.account.id]);
      // Someone else still finds them all.
      const other = await user("other");
      assert.deepEqual(await search(other.as), [blocked.account.id, blocker.account.id, muted.account.id, shown.account.id, farAway].sort());
      await rel.unmuteAccount({ targetAccountId: muted.account.id }, viewer.as);
      assert.deepEqual(await search(viewer.as), [muted.account.id, shown.account.id].sort());
      profiles.close();
    });

    it("ends pending follow requests both ways when blocking", async () => {
      const carol = await user("carol");
      const dan = await user("dan");
      await h.db.table("accounts").whereIn("id", [carol.account.id, dan.account.id]).update({ locked: true });
      await h.client.follow({ targetAccountId: dan.account.id, languages: [] }, carol.as);
      await h.client.follow({ targetAccountId: carol.account.id, languages: [] }, dan.as);
      const blocked = (await rel.blockAccount({ targetAccountId: carol.account.id }, dan.as)).relationship!;
      assert.deepEqual([blocked.requested, blocked.requestedBy], [false, false]);
      assert.equal((await h.db.table("follow_requests").whereIn("account_id", [carol.account.id, dan.account.id])).length, 0);
    });

    it("refuses follows across a block either way with PERMISSION_DENIED, and allows them after unblocking", async () => {
      const erin = await user("erin");
      const finn = await user("finn");
      await rel.blockAccount({ targetAccountId: finn.account.id }, erin.as);
      const byBlocked = await rejection(h.client.follow({ targetAccountId: erin.account.id, languages: [] }, finn.as));
      assert.deepEqual(byBlocked, { code: status.PERMISSION_DENIED, details: "This action is not allowed" });
      assert.equal((await rejection(h.client.follow({ targetAccountId: finn.account.id, languages: [] }, erin.as))).code, status.PERMISSION_DENIED);
      const unblocked = (await rel.unblockAccount({ targetAccountId: finn.account.id }, erin.as)).relationship!;
      assert.equal(unblocked.blocking, false);
      await waitFor(() => seen("block.removed", erin.account.id, finn.account.id), { what: "block.removed" });
      assert.equal((await h.client.follow({ targetAccountId: erin.account.id, languages: [] }, finn.as)).relationship!.following, true);
    });

    it("refuses blocking or muting oneself, unknown accounts and callers without an account", async () => {
      const gail = await user("gail");
      assert.equal((await rejection(rel.blockAccount({ targetAccountId: gail.account.id }, gail.as))).code, status.PERMISSION_DENIED);
      assert.equal((await rejection(rel.muteAccount({ targetAccountId: gail.account.id, duration: 0 }, gail.as))).code, status.PERMISSION_DENIED);
      assert.equal((await rejection(rel.blockAccount({ targetAccountId: "4242", }, gail.as))).code, status.NOT_FOUND);
      assert.equal((await rejection(rel.unmuteAccount({ targetAccountId: "4242" }, gail.as))).code, status.NOT_FOUND);
      const appOnly = { viewerToken: await h.sign({ appId: "1", scopes: ["follow"] }) };
      assert.equal((await rejection(rel.listBlocks({ page: page() }, appOnly))).code, status.UNAUTHENTICATED);
    });

    it("mutes with notifications by default, updates a repeated mute and lists mutes with their end", async () => {
      const hana = await user("hana");
      const ivan = await user("ivan");
      const jo = await user("jo");
      const first = (await rel.muteAccount({ targetAccountId: ivan.account.id, duration: 0 }, hana.as)).relationship!;
      assert.deepEqual([first.muting, first.mutingNotifications], [true, true]);
      const changed = (await rel.muteAccount({ targetAccountId: ivan.account.id, notifications: false, duration: 3600 }, hana.as)).relationship!;
      assert.deepEqual([changed.muting, changed.mutingNotifications], [true, false]);
      await rel.muteAccount({ targetAccountId: jo.account.id, duration: 0 }, hana.as);
      const { mutes } = await rel.listMutes({ page: page() }, hana.as);
      assert.deepEqual(mutes.map((m) => [m.account!.id, m.hideNotifications, m.expiresAt === undefined]), [[jo.account.id, true, true], [ivan.account.id, false, false]]);
      const expiresIn = mutes[1]!.expiresAt!.getTime() - Date.now();
      assert.ok(expiresIn > 3_500_000 && expiresIn <= 3_600_000, String(expiresIn));
      const unmuted = (await rel.unmuteAccount({ targetAccountId: ivan.account.id }, hana.as)).relationship!;
      assert.equal(unmuted.muting, false);
      await waitFor(() => seen("mute.created", hana.account.id, ivan.account.id) && seen("mute.removed", hana.account.id, ivan.account.id), { what: "mute events" });
    });

    it("refuses negative and absurdly long durations with INVALID_ARGUMENT", async () => {
      const kai = await user("kai");
      const lea = await user("lea");
      for (const duration of [-5, 200 * 365 * 86400]) {
        assert.equal((await rejection(rel.muteAccount({ targetAccountId: lea.account.id, duration }, kai.as))).code, status.INVALID_ARGUMENT, String(duration));
      }
    });

    it("treats a run-out mute as gone at once, and the sweep deletes it and announces mute.removed by itself", async () => {
      const max = await user("max");
      const nia = await user("nia");
      await h.db.table("mutes").insert({ id: newId(), account_id: max.account.id, target_account_id: nia.account.id, hide_notifications: true, expires_at: new Date(Date.now() - 1000), created_at: new Date() });
      assert.deepEqual([(await relationship(max.as, nia.account.id)).muting], [false]);
      assert.deepEqual((await rel.listMutes({ page: page() }, max.as)).mutes, []);
      await waitFor(() => seen("mute.removed", max.account.id, nia.account.id), { what: "mute.removed from the sweep" });
      assert.equal((await h.db.table("mutes").where({ account_id: max.account.id })).length, 0);
    });

    it("ends a short timed mute by itself", async () => {
      const olu = await user("olu");
      const pia = await user("pia");
      await rel.muteAccount({ targetAccountId: pia.account.id, duration: 1 }, olu.as);
      assert.equal((await relationship(olu.as, pia.account.id)).muting, true);
      await waitFor(() => seen("mute.removed", olu.account.id, pia.account.id), { timeoutMs: 10_000, what: "the timed mute ending" });
      assert.equal((await relationship(olu.as, pia.account.id)).muting, false);
    });

    it("turns a follow into a pending request when the follower is silenced, even if the target is unlocked", async () => {
      const quin = await user("quin");
      const rae = await user("rae");
      await h.db.table("accounts").where({ id: quin.account.id }).update({ silenced_at: new Date() });
      const followed = (await h.client.follow({ targetAccountId: rae.account.id, languages: [] }, quin.as)).relationship!;
      assert.deepEqual([followed.following, followed.requested], [false, true]);
      assert.deepEqual(await counts(quin.account, rae.account), [[0, 0], [0, 0]]);
    });

    it("turns a follow into a pending request when the target mutes the follower, but not once the mute ran out", async () => {
      const sam = await user("sam");
      const tia = await user("tia");
      await rel.muteAccount({ targetAccountId: sam.account.id, duration: 0 }, tia.as);
      const requested = (await h.client.follow({ targetAccountId: tia.account.id, languages: [] }, sam.as)).relationship!;
      assert.deepEqual([requested.following, requested.requested], [false, true]);
      await h.client.unfollow({ targetAccountId: tia.account.id }, sam.as);
      await h.db.table("mutes").where({ account_id: tia.account.id }).update({ expires_at: new Date(Date.now() - 1000) });
      const followed = (await h.client.follow({ targetAccountId: tia.account.id, languages: [] }, sam.as)).relationship!;
      assert.deepEqual([followed.following, followed.requested], [true, false]);
    });

    it("pages blocks newest first by block id, with cursors for the Link header", async () => {
      const uma = await user("uma");
      const targets = [await user("t1"), await user("t2"), await user("t3")];
      for (const t of targets) await rel.blockAccount({ targetAccountId: t.account.id }, uma.as);
      const first = await rel.listBlocks({ page: page({ limit: 2 }) }, uma.as);
      assert.deepEqual(first.accounts.map((a) => a.id), [targets[2]!.account.id, targets[1]!.account.id]);
      assert.ok(first.nextCursor && first.prevCursor);
      const second = await rel.listBlocks({ page: page({ limit: 2, maxId: first.nextCursor }) }, uma.as);
      assert.deepEqual(second.accounts.map((a) => a.id), [targets[0]!.account.id]);
      assert.equal(second.nextCursor, undefined, "a page that is not full has no next");
      const newer = await rel.listBlocks({ page: page({ sinceId: second.prevCursor }) }, uma.as);
      assert.deepEqual(newer.accounts.map((a) => a.id), first.accounts.map((a) => a.id));
      assert.equal((await rejection(rel.listBlocks({ page: page({ maxId: "abc" }) }, uma.as))).code, status.INVALID_ARGUMENT);
    });

    it("blocks domains in lower-case Unicode, ending follows both ways with accounts there", async () => {
      const vic = await user("vic");
      // Remote accounts keep their domain in Unicode form, whatever its case.
      const there = await remote("münchen.example");
      const follower = await remote("München.example");
      const elsewhere = await remote("elsewhere.example");
      await h.client.follow({ targetAccountId: there, languages: [] }, vic.as);
      await h.client.follow({ targetAccountId: elsewhere, languages: [] }, vic.as);
      await h.db.table("follows").insert({ id: newId(), account_id: follower, target_account_id: vic.account.id, created_at: new Date() });
      await rel.blockDomain({ domain: " MÜNCHEN.example " }, vic.as);
      await rel.blockDomain({ domain: "xn--mnchen-3ya.example" }, vic.as);
      assert.deepEqual((await rel.listDomainBlocks({ page: page() }, vic.as)).domains, ["münchen.example"]);
      const [toThere, toElsewhere, fromFollower] = (await h.client.getRelationships({ accountIds: [there, elsewhere, follower] }, vic.as)).relationships;
      // Follows of remote accounts wait for their servers' Accept: the requests are what ends.
      assert.deepEqual([toThere!.requested, toThere!.domainBlocking], [false, true]);
      assert.deepEqual([toElsewhere!.requested, toElsewhere!.domainBlocking], [true, false]);
      assert.equal(fromFollower!.followedBy, false);
      assert.equal((await rejection(h.client.follow({ targetAccountId: there, languages: [] }, vic.as))).code, status.PERMISSION_DENIED);
      await rel.unblockDomain({ domain: "münchen.example" }, vic.as);
      assert.deepEqual((await rel.listDomainBlocks({ page: page() }, vic.as)).domains, []);
    });

    it("refuses a blank, malformed or own domain with INVALID_ARGUMENT", async () => {
      const wyn = await user("wyn");
      for (const domain of ["", "  ", "https://x.example/", "127.0.0.1:3000"]) {
        assert.equal((await rejection(rel.blockDomain({ domain }, wyn.as))).code, status.INVALID_ARGUMENT, domain);
      }
    });
  });
}
