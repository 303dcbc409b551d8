import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { decodePayload, TOPICS, type EventEnvelope, type Subscription } from "@starling/events";
import type { App } from "@starling/proto/accounts/v1/accounts";
import { FollowsServiceClient } from "@starling/proto/accounts/v1/follows";
import { RelationshipsServiceClient } from "@starling/proto/accounts/v1/relationships";
import { SecurityServiceClient } from "@starling/proto/accounts/v1/security";
import { SessionsServiceClient } from "@starling/proto/accounts/v1/sessions";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

for (const backend of backends) {
  describe(`account deletion on ${backend.name}`, () => {
    let h: Harness;
    let security: AsyncClient<SecurityServiceClient>;
    let sessions: AsyncClient<SessionsServiceClient>;
    let follows: AsyncClient<FollowsServiceClient>;
    let relationships: AsyncClient<RelationshipsServiceClient>;
    let app: App;
    let subscription: Subscription;
    const seen = new Map<string, EventEnvelope>();
    const as = async (accountId: string, role = "") => ({ viewerToken: await h.sign({ accountId, role: await h.role(role), scopes: ["read", "write", "follow"] }) });
    const owner = async () => ({ viewerToken: await h.sign({ role: await h.role("Owner"), scopes: ["admin:write"] }) });
    const passwordGrant = (email: string, password: string) =>
      h.client.issueToken({ clientId: app.clientId, clientSecret: app.clientSecret, password: { username: email, password, scope: "read" } });
    const account = async (id: string) => (await h.client.getAccounts({ ids: [id] })).accounts[0]!;
    const relationship = async (from: string, to: string) => (await h.client.getRelationships({ accountIds: [to] }, await as(from))).relationships[0]!;
    /** Distinct events (by envelope id) seen so far with this type and key. */
    const eventsOf = (type: string, key: string) => [...seen.values()].filter((e) => e.type === type && e.key === key);

    before(async () => {
      h = await startHarness(backend);
      const address = `127.0.0.1:${h.grpcPort}`;
      security = connectService(SecurityServiceClient, address, { deadlineMs: 10_000 });
      sessions = connectService(SessionsServiceClient, address, { deadlineMs: 10_000 });
      follows = connectService(FollowsServiceClient, address, { deadlineMs: 10_000 });
      relationships = connectService(RelationshipsServiceClient, address, { deadlineMs: 10_000 });
      app = (await h.client.createApp({ clientName: "Deletion tests", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write", website: "" })).app!;
      subscription = await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-deletion-events", handler: async (e) => void seen.set(e.id, e) });
    });
    after(async () => {
      await subscription?.stop();
      for (const client of [security, sessions, follows, relationships]) client?.close();
      await h?.stop();
    });

    it("refuses a self-delete with the wrong password and changes nothing", async () => {
      const user = await h.createUser("wendy", { password: "correct horse battery" });
      for (const password of ["wrong horse battery", ""]) {
        const refused = await rejection(security.deleteAccount({ password }, await as(user.account.id)));
        assert.deepEqual(refused, { code: status.INVALID_ARGUMENT, details: "Invalid password" });
      }
      assert.equal((await account(user.account.id)).suspended, false);
      assert.ok((await sessions.signIn({ email: user.email, password: user.password, ip: "192.0.2.1", userAgent: "Test" })).user?.accountId);
    });

    it("deletes the viewer's own account with the right password: tokens and sign-ins fail, the username stays taken, the e-mail is free", async () => {
      const user = await h.createUser("xena", { password: "correct horse battery" });
      await h.client.follow({ targetAccountId: (await h.createUser("xena_friend")).account.id, languages: [] }, await as(user.account.id));
      const { accessToken } = await passwordGrant(user.email, user.password);
      const deleted = await security.deleteAccount({ password: user.password }, await as(user.account.id));
      assert.equal(deleted.accountId, user.account.id);
      assert.ok(deleted.deletedAt);

      assert.equal((await rejection(h.client.authenticate({ accessToken }))).code, status.UNAUTHENTICATED);
      assert.equal((await rejection(sessions.signIn({ email: user.email, password: user.password, ip: "192.0.2.1", userAgent: "Test" }))).code, status.UNAUTHENTICATED);
      assert.equal((await rejection(passwordGrant(user.email, user.password))).code, status.INVALID_ARGUMENT);
      const tombstone = await account(user.account.id);
      assert.deepEqual(
        [tombstone.suspended, tombstone.username, tombstone.displayName, tombstone.note, tombstone.locked, tombstone.followingCount, tombstone.fields.length],
        [true, "xena", "", "", false, 0, 0],
      );
      assert.equal((await rejection(h.client.createAccount({ username: "XENA", email: "other@example.test", confirmed: true }, await owner()))).code, status.ALREADY_EXISTS);
      const again = await h.client.createAccount({ username: "xena2", email: user.email, confirmed: true }, await owner());
      assert.notEqual(again.account!.id, user.account.id);
      // The session of the deleted user is no user any more: deleting "again" as it is refused, not repeated.
      assert.equal((await rejection(security.deleteAccount({ password: user.password }, await as(user.account.id)))).code, status.PERMISSION_DENIED);
    });

    it("lets only an Owner or Admin delete someone else, and never an account of equal or higher rank", async () => {
      const plain = await h.createUser("yuri");
      const moderator = await h.createUser("yuri_mod", { role: "Moderator" });
      const admin = await h.createUser("yuri_admin", { role: "Admin" });
      const boss = await h.createUser("yuri_owner", { role: "Owner" });
      const target = await h.createUser("yuri_target");
      const cases: [string, string, string][] = [
        [plain.account.id, "", target.account.id],
        [moderator.account.id, "Moderator", target.account.id],
        [admin.account.id, "Admin", boss.account.id],
      ];
      for (const [actor, role, victim] of cases) {
        const failure = await rejection(security.deleteAccount({ accountId: victim }, await as(actor, role)));
        assert.equal(failure.code, status.PERMISSION_DENIED, `${role || "user"} → ${victim}`);
      }
      const peer = await h.createUser("yuri_admin2", { role: "Admin" });
      assert.equal((await rejection(security.deleteAccount({ accountId: peer.account.id }, await as(admin.account.id, "Admin")))).code, status.PERMISSION_DENIED);
      assert.equal((await account(boss.account.id)).suspended, false);

      await security.deleteAccount({ accountId: target.account.id }, await as(admin.account.id, "Admin"));
      await security.deleteAccount({ username: "Yuri_Admin2" }, await owner());
      assert.equal((await account(target.account.id)).suspended, true);
      assert.equal((await account(peer.account.id)).suspended, true);
      const lift = await rejection(security.unsuspendAccount({ accountId: target.account.id }, await owner()));
      assert.equal(lift.code, status.FAILED_PRECONDITION, "a deleted account cannot be brought back by lifting its suspension");
      assert.equal((await rejection(security.deleteAccount({ username: "nobody-here" }, await owner()))).code, status.NOT_FOUND);
      assert.equal((await rejection(security.deleteAccount({ accountId: target.account.id, username: "Yuri_Admin2" }, await owner()))).code, status.INVALID_ARGUMENT);
    });

    it("ends follows, requests, blocks, mutes, endorsements and notes both ways, with counters and follow.removed", async () => {
      const dora = await h.createUser("dora");
      const ann = await h.createUser("ann");
      const ben = await h.createUser("ben");
      const cal = await h.createUser("cal");
      await h.db.table("accounts").where({ id: ben.account.id }).update({ locked: true });
      await h.client.follow({ targetAccountId: dora.account.id, languages: [] }, await as(ann.account.id));
      await h.client.follow({ targetAccountId: ann.account.id, languages: [] }, await as(dora.account.id));
      await h.client.follow({ targetAccountId: ben.account.id, languages: [] }, await as(dora.account.id));
      await h.client.follow({ targetAccountId: dora.account.id, languages: [] }, await as(cal.account.id));
      await follows.endorseAccount({ targetAccountId: dora.account.id }, await as(ann.account.id));
      await follows.setAccountNote({ targetAccountId: dora.account.id, comment: "met at the fair" }, await as(ann.account.id));
      await follows.setAccountNote({ targetAccountId: ann.account.id, comment: "neighbour" }, await as(dora.account.id));
      await relationships.muteAccount({ targetAccountId: cal.account.id, duration: 0 }, await as(dora.account.id));
      await relationships.muteAccount({ targetAccountId: dora.account.id, duration: 0 }, await as(ben.account.id));
      const before = await relationship(ann.account.id, dora.account.id);
      assert.deepEqual([before.following, before.followedBy, before.endorsed, before.note], [true, true, true, "met at the fair"]);
      assert.equal((await relationship(ben.account.id, dora.account.id)).requestedBy, true);
      // The block comes last: blocking ends cal's follow itself, so this pair is left with a block only.
      await relationships.blockAccount({ targetAccountId: dora.account.id }, await as(cal.account.id));
      assert.deepEqual([(await account(ann.account.id)).followersCount, (await account(ann.account.id)).followingCount], [1, 1]);

      await security.deleteAccount({ accountId: dora.account.id }, await owner());

      const fromAnn = await relationship(ann.account.id, dora.account.id);
      assert.deepEqual([fromAnn.following, fromAnn.followedBy, fromAnn.endorsed, fromAnn.note], [false, false, false, ""]);
      const fromBen = await relationship(ben.account.id, dora.account.id);
      assert.deepEqual([fromBen.requestedBy, fromBen.muting], [false, false]);
      assert.equal((await relationship(cal.account.id, dora.account.id)).blocking, false);
      assert.deepEqual([(await account(ann.account.id)).followersCount, (await account(ann.account.id)).followingCount], [0, 0]);
      const tombstone = await account(dora.account.id);
      assert.deepEqual([tombstone.followersCount, tombstone.followingCount], [0, 0]);
      const left = async (table: string) => Number((await h.db.table(table).where({ account_id: dora.account.id }).orWhere({ target_account_id: dora.account.id }).count({ n: "*" }))[0]!.n);
      for (const table of ["follows", "follow_requests", "blocks", "mutes", "endorsements", "account_notes"]) assert.equal(await left(table), 0, table);

      await waitFor(() => eventsOf("follow.removed", ann.account.id).length === 1 && eventsOf("follow.removed", dora.account.id).length === 1, { what: "follow.removed both ways" });
      await waitFor(() => eventsOf("block.removed", cal.account.id).length === 1 && eventsOf("mute.removed", dora.account.id).length === 1 && eventsOf("mute.removed", ben.account.id).length === 1, { what: "block.removed and mute.removed" });
      assert.deepEqual({ ...decodePayload("follow.removed", eventsOf("follow.removed", ann.account.id)[0]!) }, { accountId: ann.account.id, targetAccountId: dora.account.id });
      // Only follows that existed are announced: the pending request to ben ended without follow.removed.
      assert.equal(eventsOf("follow.removed", dora.account.id).filter((e) => decodePayload("follow.removed", e).targetAccountId === ben.account.id).length, 0);
    });

    it("announces account.deleted once although deleted twice and delivered twice by the bus", async () => {
      const user = await h.createUser("zeno");
      const first = await security.deleteAccount({ username: "zeno" }, await owner());
      const second = await security.deleteAccount({ accountId: user.account.id }, await owner());
      assert.deepEqual(second, first);
      // An event enqueued after both deletes: once it is seen, any second account.deleted would have been too.
      const marker = await h.createUser("zeno_marker");
      await waitFor(() => [...seen.values()].some((e) => e.type === "account.created" && e.key === marker.account.id), { what: "the marker event" });
      const deleted = eventsOf("account.deleted", user.account.id);
      assert.equal(deleted.length, 1);
      assert.deepEqual({ ...decodePayload("account.deleted", deleted[0]!) }, { accountId: user.account.id, username: "zeno", domain: undefined });
    });
  });
}
