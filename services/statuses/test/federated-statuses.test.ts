import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload, type EventType, type PayloadOf } from "@starling/events";
import { FederatedStatusesServiceClient, UpsertRemoteStatusRequest } from "@starling/proto/statuses/v1/federated_statuses";
import { PollsServiceClient } from "@starling/proto/statuses/v1/polls";
import { StatusEditsServiceClient } from "@starling/proto/statuses/v1/status_edits";
import { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";
import { backends, statusRequest } from "./support/status-request.ts";

const refusedWith = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

// Remote accounts are ids of the accounts service that statuses takes as given.
const REMOTE = "900000000000000001";
const OTHER_REMOTE = "900000000000000002";
let serial = 0;
const pollRequest = (multiple: boolean) => ({ options: ["tea", "coffee", "water"], expiresIn: 3600, multiple, hideTotals: false });
const noteUri = () => `https://remote.example/users/zed/statuses/${++serial}`;

for (const backend of backends) {
  describe(`FederatedStatusesService over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let federated: AsyncClient<FederatedStatusesServiceClient>;
    let edits: AsyncClient<StatusEditsServiceClient>;
    let polls: AsyncClient<PollsServiceClient>;
    let interactions: AsyncClient<StatusInteractionsServiceClient>;
    let alice: string;
    let bob: string;
    // The service's clock; a test moves it forward to close a poll.
    let clock = Date.now();
    const as = (accountId: string) => service.viewer(accountId);
    const upsert = (request: Partial<UpsertRemoteStatusRequest>) =>
      federated.upsertRemoteStatus(UpsertRemoteStatusRequest.fromPartial({ uri: noteUri(), accountId: REMOTE, visibility: "public", content: "<p>hi</p>", ...request }));
    const post = async (author: string, overrides: Parameters<typeof statusRequest>[0] = {}) => (await service.client.createStatus(statusRequest(overrides), await as(author))).status!;
    const read = async (id: string) => (await service.db.table("statuses").where({ id }).first()) as { replies_count: string; reblogs_count: string; favourites_count: string; deleted_at: Date | null; content: string; text: string };
    const payloads = <T extends EventType>(type: T) => service.events.filter((e) => e.type === type).map((e) => decodePayload(type, e));
    const awaitEvent = <T extends EventType>(type: T, match: (payload: PayloadOf<T>) => boolean) =>
      waitFor(() => payloads(type).find(match), { what: type });

    before(async function () {
      service = await startStatusesHarness(backend.url, { now: () => new Date(clock) });
      federated = connectService(FederatedStatusesServiceClient, service.address, { deadlineMs: 10_000 });
      edits = connectService(StatusEditsServiceClient, service.address, { deadlineMs: 10_000 });
      polls = connectService(PollsServiceClient, service.address, { deadlineMs: 10_000 });
      interactions = connectService(StatusInteractionsServiceClient, service.address, { deadlineMs: 10_000 });
      alice = await service.accounts.createAccount("alice");
      bob = await service.accounts.createAccount("bob");
    });

    after(async function () {
      for (const client of [federated, edits, polls, interactions]) client?.close();
      await service?.stop();
    });

    describe("UpsertRemoteStatus", function () {
      it("stores a new remote reply with its entities, counts it on the parent and announces status.created with local=false", async function () {
        const parent = await post(alice, { status: "Anyone?" });
        const uri = noteUri();
        const { status, created } = await upsert({
          uri,
          url: "https://remote.example/@zed/1",
          inReplyToId: parent.id,
          content: "<p>@alice yes #Café :blob:</p>",
          language: "en-GB",
          createdAt: new Date("2024-05-01T10:00:00Z"),
          mentionedAccountIds: [alice],
          tags: ["#Café", "not a tag"],
          emojiShortcodes: ["blob", ":x:"],
        });
        assert.equal(created, true);
        assert.deepEqual(
          [status!.uri, status!.url, status!.accountId, status!.local, status!.text, status!.content, status!.language, status!.inReplyToId, status!.inReplyToAccountId],
          [uri, "https://remote.example/@zed/1", REMOTE, false, "", "<p>@alice yes #Café :blob:</p>", "en", parent.id, alice],
        );
        assert.deepEqual([status!.mentionedAccountIds, status!.tags, status!.emojiShortcodes, status!.createdAt?.toISOString()], [[alice], ["cafe"], ["blob"], "2024-05-01T10:00:00.000Z"]);
        const tagged = await service.db.table("status_tags as st").join("tags as t", "t.id", "st.tag_id").where("st.status_id", status!.id).select("t.name");
        assert.deepEqual(tagged.map((t: { name: string }) => t.name), ["cafe"]);
        assert.equal(Number((await read(parent.id)).replies_count), 1);
        const event = await awaitEvent("status.created", (p) => p.statusId === status!.id);
        assert.deepEqual(
          [event.accountId, event.local, event.visibility, event.inReplyToId, event.inReplyToAccountId, event.mentionedAccountIds, event.firstLinkUrl],
          [REMOTE, false, "public", parent.id, alice, [alice], undefined],
        );
      });

      it("answers a repeated or stale delivery with the stored status and stores nothing new", async function () {
        const uri = noteUri();
        const first = (await upsert({ uri, content: "<p>one</p>", editedAt: new Date("2024-05-02T00:00:00Z") })).status!;
        const again = await upsert({ uri, content: "<p>again</p>" });
        const stale = await upsert({ uri, content: "<p>stale</p>", editedAt: new Date("2024-05-01T00:00:00Z") });
        const same = await upsert({ uri, content: "<p>same time</p>", editedAt: new Date("2024-05-02T00:00:00Z") });
        for (const answer of [again, stale, same]) assert.deepEqual([answer.created, answer.status?.id, answer.status?.content], [false, first.id, "<p>one</p>"]);
        assert.equal((await read(first.id)).content, "<p>one</p>");
        assert.equal(Number((await service.db.table("status_edits").where({ status_id: first.id }).count({ n: "*" }))[0]!.n), 0);
        // A later edit of the same status, announced after anything the repeats could have sent.
        await upsert({ uri, content: "<p>two</p>", editedAt: new Date("2024-05-03T00:00:00Z") });
        await awaitEvent("status.updated", (p) => p.statusId === first.id);
        assert.equal(payloads("status.created").filter((p) => p.statusId === first.id).length, 1);
        assert.equal(payloads("status.updated").filter((p) => p.statusId === first.id).length, 1);
      });

      it("applies a later edit as a local edit: the original and the new version in the history, status.updated", async function () {
        const uri = noteUri();
        const first = (await upsert({ uri, content: "<p>v1</p>", spoilerText: "", createdAt: new Date("2024-05-01T00:00:00Z"), tags: ["one"] })).status!;
        const edited = await upsert({ uri, content: "<p>v2</p>", spoilerText: "cw", sensitive: true, editedAt: new Date("2024-05-01T01:00:00Z"), tags: ["two"], mentionedAccountIds: [bob] });
        assert.deepEqual(
          [edited.created, edited.status!.id, edited.status!.content, edited.status!.spoilerText, edited.status!.editedAt?.toISOString(), edited.status!.tags, edited.status!.mentionedAccountIds],
          [false, first.id, "<p>v2</p>", "cw", "2024-05-01T01:00:00.000Z", ["two"], [bob]],
        );
        const { versions } = await edits.getStatusHistory({ id: first.id }, {});
        assert.deepEqual(
          versions.map((v) => [v.content, v.spoilerText, v.createdAt?.toISOString()]),
          [
            ["<p>v1</p>", "", "2024-05-01T00:00:00.000Z"],
            ["<p>v2</p>", "cw", "2024-05-01T01:00:00.000Z"],
          ],
        );
        const updated = await awaitEvent("status.updated", (p) => p.statusId === first.id);
        assert.deepEqual([updated.local, updated.editedAt?.toISOString(), updated.mentionedAccountIds], [false, "2024-05-01T01:00:00.000Z", [bob]]);
        const [shown] = (await service.client.getStatuses({ ids: [first.id] }, {})).statuses;
        assert.equal(shown?.content, "<p>v2</p>");
      });

      it("refuses an invalid status and another account's URI", async function () {
        await assert.rejects(upsert({ uri: "ftp://remote.example/1" }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
        await assert.rejects(upsert({ uri: "not a url" }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
        await assert.rejects(upsert({ accountId: "" }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
        await assert.rejects(upsert({ visibility: "" }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
        await assert.rejects(upsert({ visibility: "limited" }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
        const uri = noteUri();
        await upsert({ uri });
        await assert.rejects(upsert({ uri, accountId: OTHER_REMOTE, editedAt: new Date() }), refusedWith(GrpcStatus.PERMISSION_DENIED));
      });

      it("stores a Question's poll as counted by its server and takes later counts", async function () {
        const uri = noteUri();
        const poll = { options: [{ title: "tea", votesCount: 3 }, { title: "coffee", votesCount: 1 }], multiple: false, expiresAt: new Date(clock + 3_600_000), votersCount: 0 };
        const { status } = await upsert({ uri, content: "<p>Which?</p>", poll });
        assert.ok(status!.pollId);
        const readPoll = async () => (await polls.getPolls({ ids: [status!.pollId!] }, {})).polls[0]!;
        const stored = await readPoll();
        assert.deepEqual([stored.options.map((o) => [o.title, o.votesCount]), stored.votersCount, stored.multiple, stored.expired], [[["tea", 3], ["coffee", 1]], 4, false, false]);
        // A redelivery without an edit refreshes the counts only.
        const recount = await upsert({ uri, content: "<p>ignored</p>", poll: { ...poll, options: [{ title: "tea", votesCount: 5 }, { title: "coffee", votesCount: 2 }] } });
        assert.equal(recount.status!.content, "<p>Which?</p>");
        assert.deepEqual((await readPoll()).options.map((o) => o.votesCount), [5, 2]);
        // An edit with other options replaces them, with the server's counts.
        const multiple = { options: [{ title: "tea", votesCount: 0 }, { title: "water", votesCount: 0 }], multiple: true, votersCount: 0, expiresAt: poll.expiresAt };
        const edited = await upsert({ uri, content: "<p>Which ones?</p>", poll: multiple, editedAt: new Date(clock) });
        assert.equal(edited.status!.pollId, status!.pollId);
        const after = await readPoll();
        assert.deepEqual([after.options.map((o) => [o.title, o.votesCount]), after.multiple], [[["tea", 0], ["water", 0]], true]);
        const { versions } = await edits.getStatusHistory({ id: status!.id }, {});
        assert.deepEqual(versions.map((v) => v.poll?.options), [["tea", "coffee"], ["tea", "water"]]);
      });

      it("answers a URI deleted here with no status and stores nothing again", async function () {
        const uri = noteUri();
        await upsert({ uri });
        await federated.deleteRemoteStatus({ accountId: REMOTE, uri });
        const again = await upsert({ uri, editedAt: new Date() });
        assert.deepEqual([again.created, again.status], [false, undefined]);
        assert.equal((await federated.findStatusesByUri({ uris: [uri] })).statuses.length, 0);
      });
    });

    describe("DeleteRemoteStatus", function () {
      it("soft-deletes the author's status through the delete path, refuses anyone else, and tolerates repeats and unknown URIs", async function () {
        const parent = await post(alice, { status: "Thread" });
        const uri = noteUri();
        const { status } = await upsert({ uri, inReplyToId: parent.id });
        assert.equal(Number((await read(parent.id)).replies_count), 1);
        await assert.rejects(federated.deleteRemoteStatus({ accountId: OTHER_REMOTE, uri }), refusedWith(GrpcStatus.PERMISSION_DENIED));
        await assert.rejects(federated.deleteRemoteStatus({ accountId: REMOTE, uri: parent.uri }), refusedWith(GrpcStatus.PERMISSION_DENIED));
        await assert.rejects(federated.deleteRemoteStatus({ accountId: alice, uri: parent.uri }), refusedWith(GrpcStatus.PERMISSION_DENIED), "local statuses are not deleted through federation");
        assert.equal((await read(status!.id)).deleted_at, null);
        await federated.deleteRemoteStatus({ accountId: REMOTE, uri });
        assert.ok((await read(status!.id)).deleted_at);
        assert.equal(Number((await read(parent.id)).replies_count), 0);
        await federated.deleteRemoteStatus({ accountId: REMOTE, uri });
        await federated.deleteRemoteStatus({ accountId: REMOTE, uri: "https://remote.example/never-seen" });
        await awaitEvent("status.deleted", (p) => p.statusId === status!.id);
        assert.equal((await service.client.getStatuses({ ids: [status!.id] }, {})).statuses.length, 0);
        assert.equal(Number((await read(parent.id)).replies_count), 0, "a repeated delete does not count twice");
      });
    });

    describe("ReceiveReblog and ReceiveUnreblog", function () {
      it("reblogs through the reblog path with the Announce's id, idempotently, and undoes it by that id", async function () {
        const original = await post(alice, { status: "Boost me" });
        const announce = "https://remote.example/users/zed/statuses/77/activity";
        const { statusId } = await federated.receiveReblog({ accountId: REMOTE, statusId: original.id, uri: announce, createdAt: new Date("2024-05-01T00:00:00Z"), visibility: "public" });
        const again = await federated.receiveReblog({ accountId: REMOTE, statusId: original.id, uri: announce, visibility: "public" });
        const other = await federated.receiveReblog({ accountId: REMOTE, statusId: original.id, uri: `${announce}-2`, visibility: "public" });
        assert.deepEqual([again.statusId, other.statusId], [statusId, statusId]);
        assert.equal(Number((await read(original.id)).reblogs_count), 1);
        const [wrapper] = (await federated.findStatusesByUri({ uris: [announce] })).statuses;
        assert.deepEqual([wrapper?.id, wrapper?.reblogOfId, wrapper?.local, wrapper?.accountId, wrapper?.visibility], [statusId, original.id, false, REMOTE, "public"]);
        const created = await awaitEvent("status.created", (p) => p.statusId === statusId);
        assert.deepEqual([created.local, created.reblogOfId, created.reblogOfAccountId], [false, original.id, alice]);
        await awaitEvent("reblog.created", (p) => p.reblogId === statusId);

        await assert.rejects(federated.receiveUnreblog({ accountId: OTHER_REMOTE, uri: announce }), refusedWith(GrpcStatus.PERMISSION_DENIED));
        await federated.receiveUnreblog({ accountId: REMOTE, uri: announce });
        await federated.receiveUnreblog({ accountId: REMOTE, uri: announce });
        assert.equal(Number((await read(original.id)).reblogs_count), 0);
        await awaitEvent("reblog.deleted", (p) => p.reblogId === statusId);
        assert.equal(payloads("reblog.created").filter((p) => p.reblogId === statusId).length, 1);
        assert.equal(payloads("reblog.deleted").filter((p) => p.reblogId === statusId).length, 1);
        // The undone Announce delivered again stays undone.
        assert.equal((await federated.receiveReblog({ accountId: REMOTE, statusId: original.id, uri: announce, visibility: "public" })).statusId, statusId);
        assert.equal(Number((await read(original.id)).reblogs_count), 0);
      });

      it("deletes a reblog by the wrapper's URI and follows Mastodon's reblog rules", async function () {
        const original = await post(alice, { status: "Boost me too" });
        const announce = "https://remote.example/users/zed/statuses/78/activity";
        const { statusId } = await federated.receiveReblog({ accountId: REMOTE, statusId: original.id, uri: announce, visibility: "unlisted" });
        assert.equal(Number((await read(original.id)).reblogs_count), 1);
        await federated.deleteRemoteStatus({ accountId: REMOTE, uri: announce });
        assert.equal(Number((await read(original.id)).reblogs_count), 0);
        await awaitEvent("reblog.deleted", (p) => p.reblogId === statusId);

        const followersOnly = await post(alice, { status: "Mine", visibility: "private" });
        await assert.rejects(federated.receiveReblog({ accountId: REMOTE, statusId: followersOnly.id, uri: `${announce}-private`, visibility: "public" }), refusedWith(GrpcStatus.PERMISSION_DENIED));
        await assert.rejects(federated.receiveReblog({ accountId: REMOTE, statusId: "123456789", uri: `${announce}-unknown`, visibility: "public" }), refusedWith(GrpcStatus.NOT_FOUND));
        await assert.rejects(federated.receiveReblog({ accountId: REMOTE, statusId: original.id, uri: "mailto:x@y", visibility: "public" }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      });
    });

    describe("ReceiveFavourite and ReceiveUnfavourite", function () {
      it("favourites through the favourite path, idempotently both ways", async function () {
        const status = await post(alice, { status: "Like me" });
        await federated.receiveFavourite({ accountId: REMOTE, statusId: status.id });
        await federated.receiveFavourite({ accountId: REMOTE, statusId: status.id });
        assert.equal(Number((await read(status.id)).favourites_count), 1);
        const created = await awaitEvent("favourite.created", (p) => p.statusId === status.id);
        assert.deepEqual([created.accountId, created.statusAccountId], [REMOTE, alice]);
        await federated.receiveUnfavourite({ accountId: REMOTE, statusId: status.id });
        await federated.receiveUnfavourite({ accountId: REMOTE, statusId: status.id });
        assert.equal(Number((await read(status.id)).favourites_count), 0);
        await awaitEvent("favourite.deleted", (p) => p.statusId === status.id);
        assert.equal(payloads("favourite.created").filter((p) => p.statusId === status.id).length, 1);
        assert.equal(payloads("favourite.deleted").filter((p) => p.statusId === status.id).length, 1);
        await assert.rejects(federated.receiveFavourite({ accountId: REMOTE, statusId: "123456789" }), refusedWith(GrpcStatus.NOT_FOUND));
      });
    });

    describe("ReceivePollVote", function () {
      it("counts remote votes by option title as local ones, one Note per choice, and ignores redeliveries", async function () {
        const status = await post(alice, { status: "Which ones?", poll: pollRequest(true) });
        await federated.receivePollVote({ accountId: REMOTE, statusId: status.id, choices: ["tea"] });
        await federated.receivePollVote({ accountId: REMOTE, statusId: status.id, choices: ["water"] });
        await federated.receivePollVote({ accountId: REMOTE, statusId: status.id, choices: ["tea"] });
        const [poll] = (await polls.getPolls({ ids: [status.pollId!] }, {})).polls;
        assert.deepEqual([poll!.options.map((o) => o.votesCount), poll!.votesCount, poll!.votersCount], [[1, 0, 1], 2, 1]);
        await waitFor(() => payloads("poll.voted").filter((p) => p.statusId === status.id).length === 2);
        assert.deepEqual(
          payloads("poll.voted").filter((p) => p.statusId === status.id).map((p) => [p.accountId, p.pollId, p.choices]),
          [
            [REMOTE, status.pollId, [0]],
            [REMOTE, status.pollId, [2]],
          ],
        );
        await assert.rejects(federated.receivePollVote({ accountId: REMOTE, statusId: status.id, choices: ["beer"] }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      });

      it("refuses a second choice in a single-choice poll, a vote after the end, and polls that are not local", async function () {
        const status = await post(alice, { status: "Which one?", poll: pollRequest(false) });
        await federated.receivePollVote({ accountId: REMOTE, statusId: status.id, choices: ["coffee"] });
        await federated.receivePollVote({ accountId: REMOTE, statusId: status.id, choices: ["coffee"] });
        await assert.rejects(federated.receivePollVote({ accountId: REMOTE, statusId: status.id, choices: ["tea"] }), refusedWith(GrpcStatus.FAILED_PRECONDITION));
        const [poll] = (await polls.getPolls({ ids: [status.pollId!] }, {})).polls;
        assert.deepEqual([poll!.options.map((o) => o.votesCount), poll!.votersCount], [[0, 1, 0], 1]);

        const plain = await post(alice, { status: "No poll" });
        await assert.rejects(federated.receivePollVote({ accountId: REMOTE, statusId: plain.id, choices: ["tea"] }), refusedWith(GrpcStatus.FAILED_PRECONDITION));
        const remote = await upsert({ poll: { options: [{ title: "tea", votesCount: 0 }], multiple: false, votersCount: 0, expiresAt: new Date(clock + 3_600_000) } });
        await assert.rejects(federated.receivePollVote({ accountId: OTHER_REMOTE, statusId: remote.status!.id, choices: ["tea"] }), refusedWith(GrpcStatus.FAILED_PRECONDITION));

        clock += 2 * 3_600_000;
        await assert.rejects(federated.receivePollVote({ accountId: OTHER_REMOTE, statusId: status.id, choices: ["tea"] }), refusedWith(GrpcStatus.FAILED_PRECONDITION));
      });
    });

    describe("FindStatusesByUri and GetStatusesForFederation", function () {
      it("finds live local and remote statuses by URI in request order", async function () {
        const local = await post(alice, { status: "Local" });
        const remote = (await upsert({})).status!;
        const gone = (await upsert({})).status!;
        await federated.deleteRemoteStatus({ accountId: REMOTE, uri: gone.uri });
        const { statuses } = await federated.findStatusesByUri({ uris: [remote.uri, "https://remote.example/unknown", gone.uri, local.uri] });
        assert.deepEqual(statuses.map((s) => s.id), [remote.id, local.id]);
      });

      it("reads statuses of any visibility with their entities, parent and original URIs and poll counts", async function () {
        const parent = await post(alice, { status: "Root" });
        const direct = await post(alice, { status: "Psst @bob #secret", visibility: "direct", inReplyToId: parent.id });
        const question = await post(alice, { status: "Vote", poll: pollRequest(false) });
        await federated.receivePollVote({ accountId: REMOTE, statusId: question.id, choices: ["water"] });
        const { statusId: reblogId } = await federated.receiveReblog({ accountId: REMOTE, statusId: parent.id, uri: "https://remote.example/users/zed/statuses/99/activity", visibility: "public" });
        const deleted = await post(alice, { status: "Gone" });
        await interactions.reblogStatus({ statusId: parent.id, visibility: undefined }, await as(bob));
        await service.client.deleteStatus({ id: deleted.id }, await as(alice));
        const { statuses } = await federated.getStatusesForFederation({ ids: [direct.id, question.id, reblogId, deleted.id, "junk"] });
        assert.deepEqual(statuses.map((s) => s.status!.id), [direct.id, question.id, reblogId]);
        const [d, q, r] = statuses;
        assert.deepEqual([d!.status!.visibility, d!.status!.mentionedAccountIds, d!.status!.tags, d!.inReplyToUri, d!.reblogOfUri, d!.poll], ["direct", [bob], ["secret"], parent.uri, undefined, undefined]);
        assert.deepEqual([q!.status!.pollId, q!.poll?.options.map((o) => [o.title, o.votesCount]), q!.poll?.multiple, q!.poll?.votersCount], [question.pollId, [["tea", 0], ["coffee", 0], ["water", 1]], false, 1]);
        assert.deepEqual([r!.status!.reblogOfId, r!.reblogOfUri, r!.inReplyToUri], [parent.id, parent.uri, undefined]);
      });
    });
  });
}
