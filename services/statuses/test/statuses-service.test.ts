import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { backends, statusRequest as request } from "./support/status-request.ts";
import { waitFor } from "@starling/testkit";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

for (const backend of backends) {
  describe(`statuses service over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let alice: string;
    let bob: string;
    let carol: string;
    const as = (accountId: string) => service.viewer(accountId);
    const post = async (author: string, overrides: Partial<CreateStatusRequest> = {}) =>
      (await service.client.createStatus(request(overrides), await as(author))).status!;
    const visibleTo = async (ids: string[], viewer?: string) =>
      (await service.client.getStatuses({ ids }, viewer ? await as(viewer) : {})).statuses.map((s) => s.id);
    const storedCount = async () => Number((await service.db.table("statuses").count({ n: "*" }))[0]!.n);

    before(async function () {
      service = await startStatusesHarness(backend.url);
      alice = await service.accounts.createAccount("alice");
      bob = await service.accounts.createAccount("bob");
      carol = await service.accounts.createAccount("carol");
      await service.accounts.follow(bob, alice);
    });

    after(async function () {
      await service?.stop();
    });

    it("creates a status with Mastodon's URI, URL and HTML, reads it back, and deletes it returning its source text", async function () {
      const created = await post(alice, { status: "Hi <you>\n\nsecond & last", language: "en", spoilerText: "cw" });
      assert.equal(created.uri, `https://social.test/users/alice/statuses/${created.id}`);
      assert.equal(created.url, `https://social.test/@alice/${created.id}`);
      assert.equal(created.content, "<p>Hi &lt;you&gt;</p><p>second &amp; last</p>");
      assert.deepEqual([created.visibility, created.language, created.spoilerText, created.accountId], ["public", "en", "cw", alice]);
      assert.deepEqual(created.application, { name: "Test app", website: undefined });
      const [read] = (await service.client.getStatuses({ ids: [created.id] }, {})).statuses;
      assert.deepEqual(read, created);
      const deleted = (await service.client.deleteStatus({ id: created.id }, await as(alice))).status!;
      assert.equal(deleted.text, "Hi <you>\n\nsecond & last");
      assert.deepEqual(await visibleTo([created.id], alice), []);
      const [row] = await service.db.table("statuses").where({ id: created.id });
      assert.ok(row.deleted_at instanceof Date, "the row stays, soft-deleted");
    });

    it("refuses 501 characters and stores nothing", async function () {
      const before = await storedCount();
      await assert.rejects(service.client.createStatus(request({ status: "a".repeat(501) }), await as(alice)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      assert.equal(await storedCount(), before);
      await post(alice, { status: "a".repeat(500) });
    });

    it("refuses an unknown visibility and an unknown language", async function () {
      await assert.rejects(service.client.createStatus(request({ visibility: "limited" }), await as(alice)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(service.client.createStatus(request({ language: "xx" }), await as(alice)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
    });

    it("refuses to post without a signed-in account", async function () {
      await assert.rejects(service.client.createStatus(request(), {}), grpcCode(GrpcStatus.UNAUTHENTICATED));
    });

    it("refuses a reply to an unknown status, and a reply to a private status the author cannot see", async function () {
      await assert.rejects(service.client.createStatus(request({ inReplyToId: "123456789" }), await as(alice)), grpcCode(GrpcStatus.NOT_FOUND));
      const secret = await post(alice, { visibility: "private" });
      await assert.rejects(service.client.createStatus(request({ inReplyToId: secret.id }), await as(carol)), grpcCode(GrpcStatus.NOT_FOUND));
    });

    it("links a reply to its parent and keeps the parent's replies_count in step through delete", async function () {
      const parent = await post(alice);
      const reply = await post(bob, { inReplyToId: parent.id });
      assert.deepEqual([reply.inReplyToId, reply.inReplyToAccountId], [parent.id, alice]);
      const counted = async () => (await service.client.getStatuses({ ids: [parent.id] }, {})).statuses[0]!.repliesCount;
      assert.equal(await counted(), 1);
      await service.client.deleteStatus({ id: reply.id }, await as(bob));
      assert.equal(await counted(), 0);
    });

    it("hides a private status from non-followers and anonymous viewers and shows it to followers and its author", async function () {
      const open = await post(alice);
      const secret = await post(alice, { visibility: "private" });
      const direct = await post(alice, { visibility: "direct" });
      const ids = [secret.id, "999", open.id, direct.id];
      assert.deepEqual(await visibleTo(ids, bob), [secret.id, open.id]);
      assert.deepEqual(await visibleTo(ids, carol), [open.id]);
      assert.deepEqual(await visibleTo(ids), [open.id]);
      assert.deepEqual(await visibleTo(ids, alice), [secret.id, open.id, direct.id]);
    });

    it("asks accounts once per request for the standings of all private statuses' authors", async function () {
      const a = await post(alice, { visibility: "private" });
      const b = await post(bob, { visibility: "private" });
      const [relationshipsBefore, accountsBefore] = [await service.accounts.served("GetStandings"), await service.accounts.served("GetAccounts")];
      assert.deepEqual(await visibleTo([a.id, b.id], carol), []);
      assert.equal(await service.accounts.served("GetStandings"), relationshipsBefore + 1);
      assert.equal(await service.accounts.served("GetAccounts"), accountsBefore);
    });

    it("answers a repeated Idempotency-Key with the first status instead of posting again", async function () {
      const first = await post(alice, { idempotencyKey: "key-1", status: "once" });
      const before = await storedCount();
      const again = await post(alice, { idempotencyKey: "key-1", status: "once" });
      assert.equal(again.id, first.id);
      assert.equal(await storedCount(), before);
      const otherAccount = await post(bob, { idempotencyKey: "key-1", status: "once" });
      assert.notEqual(otherAccount.id, first.id);
    });

    it("posts once when two requests with one Idempotency-Key race", async function () {
      const before = await storedCount();
      const [a, b] = await Promise.all([post(carol, { idempotencyKey: "race" }), post(carol, { idempotencyKey: "race" })]);
      assert.equal(a.id, b.id);
      assert.equal(await storedCount(), before + 1);
    });

    it("lets only the author delete, answering NOT_FOUND to anyone else", async function () {
      const status = await post(alice);
      await assert.rejects(service.client.deleteStatus({ id: status.id }, await as(bob)), grpcCode(GrpcStatus.NOT_FOUND));
      await assert.rejects(service.client.deleteStatus({ id: "nonsense" }, await as(alice)), grpcCode(GrpcStatus.NOT_FOUND));
      assert.deepEqual(await visibleTo([status.id]), [status.id]);
    });

    it("publishes status.created and status.deleted through the outbox", async function () {
      const status = await post(bob, { visibility: "unlisted", language: "fr", status: "about #Cats" });
      await service.client.deleteStatus({ id: status.id }, await as(bob));
      const mine = await waitFor(() => {
        const found = service.events.filter((e) => e.key === status.id);
        return found.length === 2 && found;
      });
      assert.deepEqual(mine.map((e) => e.type), ["status.created", "status.deleted"]);
      const created = decodePayload("status.created", mine[0]!);
      assert.deepEqual(
        [created.statusId, created.accountId, created.visibility, created.local, created.language, created.mentionedAccountIds, created.tags, created.hasMedia],
        [status.id, bob, "unlisted", true, "fr", [], ["cats"], false],
      );
      // Where the status was streamed, so its delete reaches the same streams.
      assert.deepEqual(decodePayload("status.deleted", mine[1]!), { statusId: status.id, accountId: bob, visibility: "unlisted", local: true, tags: ["cats"], hasMedia: false });
    });

    it("counts local statuses that are not deleted in the usage stats", async function () {
      const live = Number((await service.db.table("statuses").where({ local: true }).whereNull("deleted_at").count({ n: "*" }))[0]!.n);
      const { stats } = await service.client.getUsageStats({}, {});
      assert.equal(stats?.localPosts, live);
      assert.ok(live > 0);
    });
  });
}
