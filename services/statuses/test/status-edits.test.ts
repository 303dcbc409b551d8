import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { EditStatusRequest, StatusEditsServiceClient } from "@starling/proto/statuses/v1/status_edits";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";

const backends: { name: string; url?: string }[] = [{ name: "embedded PostgreSQL" }];
if (process.env.DATABASE_URL) backends.push({ name: "PostgreSQL", url: process.env.DATABASE_URL });

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

for (const backend of backends) {
  describe(`status edits over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let edits: AsyncClient<StatusEditsServiceClient>;
    let alice: string;
    let bob: string;
    const as = (accountId: string) => service.viewer(accountId);
    const post = async (author: string, request: Partial<CreateStatusRequest> = {}) =>
      (await service.client.createStatus(CreateStatusRequest.fromPartial({ status: "first words", ...request }), await as(author))).status!;
    const edit = async (author: string, request: Partial<EditStatusRequest>) => (await edits.editStatus(EditStatusRequest.fromPartial(request), await as(author))).status!;
    const storedVersions = async (statusId: string) => Number((await service.db.table("status_edits").where({ status_id: statusId }).count({ n: "*" }))[0]!.n);
    const updatedEnvelopes = (statusId: string) => service.events.filter((e) => e.type === "status.updated" && e.key === statusId);

    before(async function () {
      // Every event is delivered twice, so a test can tell one event delivered twice from two events.
      service = await startStatusesHarness(backend.url, { chaos: { duplicate: true } });
      edits = connectService(StatusEditsServiceClient, service.address, { deadlineMs: 10_000 });
      alice = await service.accounts.createAccount("alice");
      bob = await service.accounts.createAccount("bob");
    });

    after(async function () {
      edits?.close();
      await service?.stop();
    });

    it("keeps every version: two edits give a history of three, oldest first, and the status shows the last", async function () {
      const status = await post(alice, { status: "version one", language: "en" });
      const second = await edit(alice, { id: status.id, status: "version <two>" });
      const third = await edit(alice, { id: status.id, status: "version three", spoilerText: "cw" });
      assert.equal(second.content, "<p>version &lt;two&gt;</p>");
      assert.ok(second.editedAt && third.editedAt && third.editedAt >= second.editedAt);
      assert.deepEqual([third.id, third.createdAt, third.uri, third.language, third.sensitive], [status.id, status.createdAt, status.uri, "en", true]);
      const { versions } = await edits.getStatusHistory({ id: status.id }, await as(bob));
      assert.deepEqual(
        versions.map((v) => [v.text, v.content, v.spoilerText, v.sensitive, v.accountId]),
        [
          ["version one", "<p>version one</p>", "", false, alice],
          ["version <two>", "<p>version &lt;two&gt;</p>", "", false, alice],
          ["version three", "<p>version three</p>", "cw", true, alice],
        ],
      );
      assert.deepEqual(versions.map((v) => v.createdAt), [status.createdAt, second.editedAt, third.editedAt]);
      const [read] = (await service.client.getStatuses({ ids: [status.id] }, {})).statuses;
      assert.deepEqual([read?.content, read?.editedAt], [third.content, third.editedAt]);
    });

    it("composes an edited text as a new one (mentions, hashtags) and keeps each version's poll in the history", async function () {
      const poll = { options: ["tea", "coffee"], expiresIn: 3600, multiple: false, hideTotals: false };
      const status = await post(alice, { status: "Which one?", poll });
      const edited = await edit(alice, { id: status.id, status: "Which one, @bob? #drinks", poll: { ...poll, options: ["tea", "coffee", "water"], multiple: true } });
      assert.deepEqual([edited.mentionedAccountIds, edited.tags], [[bob], ["drinks"]]);
      assert.match(edited.content, /href="https:\/\/social\.test\/tags\/drinks"/);
      assert.ok(edited.pollId);
      const unpolled = await edit(alice, { id: status.id, status: "No poll after all" });
      assert.equal(unpolled.pollId, undefined);
      const { versions } = await edits.getStatusHistory({ id: status.id }, {});
      assert.deepEqual(
        versions.map((v) => v.poll && [v.poll.options, v.poll.multiple]),
        [[["tea", "coffee"], false], [["tea", "coffee", "water"], true], undefined],
      );
      assert.ok(versions[1]!.poll!.expiresAt! > versions[0]!.poll!.expiresAt!, "an edited poll runs from the edit");
    });

    it("answers the history of a status never edited with its one current version and stores none", async function () {
      const status = await post(alice, { status: "never edited" });
      const { versions } = await edits.getStatusHistory({ id: status.id }, {});
      assert.deepEqual(versions.map((v) => [v.text, v.content, v.createdAt]), [["never edited", "<p>never edited</p>", status.createdAt]]);
      assert.equal(await storedVersions(status.id), 0);
    });

    it("refuses an edit of someone else's status as NOT_FOUND and stores nothing", async function () {
      const status = await post(alice, { status: "mine alone" });
      await assert.rejects(edit(bob, { id: status.id, status: "hijacked" }), grpcCode(GrpcStatus.NOT_FOUND));
      await assert.rejects(edits.editStatus(EditStatusRequest.fromPartial({ id: status.id, status: "anonymous" }), {}), grpcCode(GrpcStatus.UNAUTHENTICATED));
      const [read] = (await service.client.getStatuses({ ids: [status.id] }, {})).statuses;
      assert.deepEqual([read?.text, read?.editedAt], ["mine alone", undefined]);
      assert.equal(await storedVersions(status.id), 0);
      assert.deepEqual(updatedEnvelopes(status.id), []);
    });

    it("applies the rules of a new status to an edit and stores nothing when one fails", async function () {
      const status = await post(alice, { status: "rules apply" });
      for (const bad of [{ status: "a".repeat(501) }, { status: "  " }, { status: "ok", language: "xx" }, { status: "ok", mediaIds: ["1", "2", "3", "4", "5"] }]) {
        await assert.rejects(edit(alice, { id: status.id, ...bad }), grpcCode(GrpcStatus.INVALID_ARGUMENT), JSON.stringify(bad).slice(0, 60));
      }
      assert.equal(await storedVersions(status.id), 0);
      const [read] = (await service.client.getStatuses({ ids: [status.id] }, {})).statuses;
      assert.equal(read?.text, "rules apply");
      await edit(alice, { id: status.id, status: "a".repeat(500) });
    });

    it("keeps the language when an edit names none, and refuses edits of a deleted status", async function () {
      const status = await post(alice, { status: "bonjour", language: "fr" });
      assert.equal((await edit(alice, { id: status.id, status: "bonjour !" })).language, "fr");
      assert.equal((await edit(alice, { id: status.id, status: "hello", language: "en" })).language, "en");
      await service.client.deleteStatus({ id: status.id }, await as(alice));
      await assert.rejects(edit(alice, { id: status.id, status: "too late" }), grpcCode(GrpcStatus.NOT_FOUND));
      await assert.rejects(edits.getStatusHistory({ id: status.id }, await as(alice)), grpcCode(GrpcStatus.NOT_FOUND));
    });

    it("gives the source text to whoever may see the status, and NOT_FOUND for a private one to others", async function () {
      const open = await post(alice, { status: "Hi <b>you</b> & co", spoilerText: "spoiler" });
      assert.deepEqual(await edits.getStatusSource({ id: open.id }, {}), { id: open.id, text: "Hi <b>you</b> & co", spoilerText: "spoiler" });
      const hidden = await post(alice, { status: "followers only", visibility: "private" });
      assert.equal((await edits.getStatusSource({ id: hidden.id }, await as(alice))).text, "followers only");
      await assert.rejects(edits.getStatusSource({ id: hidden.id }, await as(bob)), grpcCode(GrpcStatus.NOT_FOUND));
      await assert.rejects(edits.getStatusHistory({ id: hidden.id }, await as(bob)), grpcCode(GrpcStatus.NOT_FOUND));
    });

    it("publishes status.updated once per edit even though the bus delivers twice, and a repeated edit changes nothing", async function () {
      const status = await post(alice, { status: "before", visibility: "unlisted", language: "de" });
      const edited = await edit(alice, { id: status.id, status: "after" });
      const again = await edit(alice, { id: status.id, status: "after" });
      assert.deepEqual(again.editedAt, edited.editedAt);
      // A later edit's event comes after anything the repeated edit could have published (one key, in order).
      const last = await edit(alice, { id: status.id, status: "after all" });
      const delivered = await waitFor(() => {
        const seen = updatedEnvelopes(status.id);
        return seen.some((e) => decodePayload("status.updated", e).editedAt?.getTime() === last.editedAt?.getTime()) && seen;
      });
      const distinct = [...new Map(delivered.map((e) => [e.id, e])).values()];
      assert.equal(delivered.length, 2 * distinct.length, "each event arrives twice");
      assert.deepEqual(
        distinct.map((e) => decodePayload("status.updated", e)).map((p) => [p.statusId, p.accountId, p.visibility, p.local, p.language, p.editedAt]),
        [
          [status.id, alice, "unlisted", true, "de", edited.editedAt],
          [status.id, alice, "unlisted", true, "de", last.editedAt],
        ],
      );
      assert.equal(await storedVersions(status.id), 3);
    });

    it("stores the original once when two first edits race, and both edits as versions", async function () {
      const status = await post(alice, { status: "raced" });
      await Promise.all([edit(alice, { id: status.id, status: "edit A" }), edit(alice, { id: status.id, status: "edit B" })]);
      const { versions } = await edits.getStatusHistory({ id: status.id }, {});
      assert.equal(versions[0]?.text, "raced");
      assert.deepEqual(versions.slice(1).map((v) => v.text).sort(), ["edit A", "edit B"]);
      const [read] = (await service.client.getStatuses({ ids: [status.id] }, {})).statuses;
      assert.equal(read?.text, versions[2]?.text, "the status is its latest version");
    });
  });
}
