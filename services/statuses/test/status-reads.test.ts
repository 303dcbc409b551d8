import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { RelationshipsServiceClient } from "@starling/proto/accounts/v1/relationships";
import { StatusInteractionsServiceClient, type ListAccountStatusesRequest } from "@starling/proto/statuses/v1/interactions";
import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, statusRequest as request } from "./support/status-request.ts";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

for (const backend of backends) {
  describe(`reading statuses over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let relationships: AsyncClient<RelationshipsServiceClient>;
    let interactions: AsyncClient<StatusInteractionsServiceClient>;
    let alice: string, bob: string, carol: string, dave: string;
    const as = (accountId: string) => service.viewer(accountId);
    const post = async (author: string, overrides: Partial<CreateStatusRequest> = {}) => (await service.client.createStatus(request(overrides), await as(author))).status!;
    const contextOf = async (id: string, viewer?: string) => {
      const { ancestorIds, descendantIds } = await service.client.getStatusContext({ id }, viewer ? await as(viewer) : {});
      return { ancestors: ancestorIds, descendants: descendantIds };
    };
    const profile = async (accountId: string, viewer: string | undefined, filters: Partial<ListAccountStatusesRequest> = {}) => {
      const listing = { accountId, excludeReplies: false, excludeReblogs: false, onlyMedia: false, ...filters };
      return (await interactions.listAccountStatuses(listing, viewer ? await as(viewer) : {})).page!.statuses.map((s) => s.id);
    };

    before(async function () {
      service = await startStatusesHarness(backend.url);
      relationships = connectService(RelationshipsServiceClient, service.accounts.address, { deadlineMs: 10_000 });
      interactions = connectService(StatusInteractionsServiceClient, service.address, { deadlineMs: 10_000 });
      [alice, bob, carol, dave] = [await service.accounts.createAccount("alice"), await service.accounts.createAccount("bob"), await service.accounts.createAccount("carol"), await service.accounts.createAccount("dave")];
      await service.accounts.follow(bob, alice);
      await service.accounts.follow(dave, alice);
    });

    after(async function () {
      relationships?.close();
      interactions?.close();
      await service?.stop();
    });

    it("gives a thread's ancestors oldest first and its descendants depth-first, hiding a private reply from a non-follower", async function () {
      const root = await post(alice, { status: "root" });
      const first = await post(bob, { inReplyToId: root.id });
      const secret = await post(alice, { inReplyToId: first.id, visibility: "private" });
      const underSecret = await post(bob, { inReplyToId: secret.id });
      const second = await post(carol, { inReplyToId: root.id });
      assert.deepEqual(await contextOf(root.id, bob), { ancestors: [], descendants: [first.id, secret.id, underSecret.id, second.id] });
      // carol does not follow alice: the private reply is gone, the public reply under it stays.
      assert.deepEqual(await contextOf(root.id, carol), { ancestors: [], descendants: [first.id, underSecret.id, second.id] });
      assert.deepEqual(await contextOf(underSecret.id, bob), { ancestors: [root.id, first.id, secret.id], descendants: [] });
      assert.deepEqual(await contextOf(underSecret.id), { ancestors: [root.id, first.id], descendants: [] });
      await assert.rejects(service.client.getStatusContext({ id: secret.id }, await as(carol)), grpcCode(GrpcStatus.NOT_FOUND));
    });

    it("moves the author's self-replies ahead of other replies in the descendants", async function () {
      const root = await post(carol, { status: "thread 1/3" });
      const other = await post(bob, { inReplyToId: root.id });
      const self = await post(carol, { inReplyToId: root.id, status: "thread 2/3" });
      const selfAgain = await post(carol, { inReplyToId: self.id, status: "thread 3/3" });
      assert.deepEqual((await contextOf(root.id, dave)).descendants, [self.id, selfAgain.id, other.id]);
    });

    it("hides statuses of an author who blocks the viewer, and leaves muted and blocked authors out of threads only", async function () {
      const [eve, frank] = [await service.accounts.createAccount("eve"), await service.accounts.createAccount("frank")];
      const root = await post(eve, { status: "eve's root" });
      const muted = await post(frank, { inReplyToId: root.id });
      await relationships.blockAccount({ targetAccountId: dave }, await as(eve));
      await relationships.muteAccount({ targetAccountId: frank, duration: 0 }, await as(dave));
      const seen = async (ids: string[], viewer: string) => (await service.client.getStatuses({ ids }, await as(viewer))).statuses.map((s) => s.id);
      assert.deepEqual(await seen([root.id, muted.id], dave), [muted.id], "eve blocks dave: her status is 404 to him; a muted author's status is still readable by id");
      await assert.rejects(service.client.getStatusContext({ id: root.id }, await as(dave)), grpcCode(GrpcStatus.NOT_FOUND));
      assert.deepEqual(await contextOf(muted.id, dave), { ancestors: [], descendants: [] });
      assert.deepEqual(await contextOf(root.id, bob), { ancestors: [], descendants: [muted.id] });
      assert.deepEqual(await profile(eve, dave), [], "a profile is empty to an account it blocks");
      // bob's standings were cached by the read above; block.created drops them (events, not at once).
      await relationships.blockAccount({ targetAccountId: frank }, await as(bob));
      await waitFor(async () => (await contextOf(root.id, bob)).descendants.length === 0, { what: "frank's reply gone from bob's thread after block.created" });
    });

    it("lists a profile by hashtag and with the statuses that mention the viewer, whatever their visibility", async function () {
      const tagged = await post(bob, { status: "about #Cats" });
      await post(bob, { status: "about #dogs" });
      const toCarol = await post(bob, { status: "@carol psst", visibility: "direct" });
      const followersOnly = await post(bob, { visibility: "private" });
      assert.deepEqual(await profile(bob, carol, { tagged: "CATS" }), [tagged.id]);
      const seenByCarol = await profile(bob, carol);
      assert.ok(seenByCarol.includes(toCarol.id), "a direct status mentioning carol is listed for her");
      assert.ok(!seenByCarol.includes(followersOnly.id));
      assert.ok(!(await profile(bob, dave)).includes(toCarol.id));
      assert.ok((await profile(bob, bob)).includes(toCarol.id));
    });

    it("leaves reblogs of muted accounts' statuses out of a profile", async function () {
      const [gina, hank] = [await service.accounts.createAccount("gina"), await service.accounts.createAccount("hank")];
      const original = await post(hank, { status: "hank speaks" });
      const reblog = (await interactions.reblogStatus({ statusId: original.id, visibility: undefined }, await as(gina))).status!;
      assert.ok((await profile(gina, carol)).includes(reblog.id));
      await relationships.muteAccount({ targetAccountId: hank, duration: 0 }, await as(carol));
      // The mute reaches statuses' cached standings through an event.
      await waitFor(async () => !(await profile(gina, carol)).includes(reblog.id), { what: "the reblog of a muted author leaving the profile" });
    });
  });
}
