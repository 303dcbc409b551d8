// FeaturedTagsService: featuring hashtags, their counts and last use as statuses come and go, the limit, suggestions.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { FeaturedTagsServiceClient } from "@starling/proto/statuses/v1/featured_tags";
import { EditStatusRequest, StatusEditsServiceClient } from "@starling/proto/statuses/v1/status_edits";
import { connectService, type AsyncClient } from "@starling/runtime";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";
import { backends, statusRequest } from "./support/status-request.ts";

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

for (const backend of backends) {
  describe(`FeaturedTagsService on ${backend.name}`, function () {
    let service: StatusesHarness;
    let featured: AsyncClient<FeaturedTagsServiceClient>;
    let edits: AsyncClient<StatusEditsServiceClient>;
    let alice: string;
    let bob: string;
    before(async function () {
      service = await startStatusesHarness(backend.url);
      featured = connectService(FeaturedTagsServiceClient, service.address, { deadlineMs: 10_000 });
      edits = connectService(StatusEditsServiceClient, service.address, { deadlineMs: 10_000 });
      alice = await service.accounts.createAccount("alice");
      bob = await service.accounts.createAccount("bob");
    });
    after(async function () {
      featured?.close();
      edits?.close();
      await service?.stop();
    });

    const as = (accountId: string) => service.viewer(accountId);
    const post = async (author: string, status: string, visibility = "public") => (await service.client.createStatus(statusRequest({ status, visibility }), await as(author))).status!;
    const list = async (accountId: string) => (await featured.listFeaturedTags({ accountId })).tags;

    it("keeps the spelling typed, with or without '#', and counts the account's public and unlisted statuses as they change", async () => {
      const tag = await featured.featureTag({ name: "#CatsOfStarling" }, await as(alice));
      assert.equal(tag.name, "CatsOfStarling");
      assert.equal(tag.accountId, alice);
      assert.match(tag.url, /\/@alice\/tagged\/CatsOfStarling$/);
      assert.equal(tag.statusesCount, 0);
      assert.equal(tag.lastStatusAt, undefined);

      const first = await post(alice, "Look #catsofstarling");
      await post(alice, "Quiet #CATSOFSTARLING", "unlisted");
      await post(alice, "Friends only #catsofstarling", "private");
      await post(bob, "Not alice's #catsofstarling");
      const gone = await post(alice, "Soon gone #catsofstarling");
      let listed = (await list(alice))[0]!;
      assert.equal(listed.statusesCount, 3);
      assert.deepEqual(listed.lastStatusAt, gone.createdAt);

      await service.client.deleteStatus({ id: gone.id }, await as(alice));
      await edits.editStatus(EditStatusRequest.fromPartial({ id: first.id, status: "No tag now" }), await as(alice));
      listed = (await list(alice))[0]!;
      assert.equal(listed.statusesCount, 1);
      assert.equal(listed.name, "CatsOfStarling");
    });

    it("refuses an invalid name, a duplicate, an eleventh tag, and anonymous callers", async () => {
      for (const name of ["", "#", "not a tag", "123"]) {
        await assert.rejects(featured.featureTag({ name }, await as(bob)), grpcCode(GrpcStatus.INVALID_ARGUMENT), name);
      }
      await featured.featureTag({ name: "dogs" }, await as(bob));
      await assert.rejects(featured.featureTag({ name: "#Dogs" }, await as(bob)), grpcCode(GrpcStatus.ALREADY_EXISTS));
      for (let i = 1; i < 10; i++) await featured.featureTag({ name: `topic${i}` }, await as(bob));
      assert.equal((await list(bob)).length, 10);
      await assert.rejects(featured.featureTag({ name: "eleventh" }, await as(bob)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(featured.featureTag({ name: "anon" }, {}), grpcCode(GrpcStatus.UNAUTHENTICATED));
    });

    it("orders by use, unfeatures only the owner's tags, and lists nothing for an unknown account", async () => {
      const carol = await service.accounts.createAccount("carol");
      const rare = await featured.featureTag({ name: "Rare" }, await as(carol));
      const common = await featured.featureTag({ name: "Common" }, await as(carol));
      await post(carol, "#common #rare");
      await post(carol, "#common");
      assert.deepEqual((await list(carol)).map((t) => [t.name, t.statusesCount]), [["Common", 2], ["Rare", 1]]);

      await assert.rejects(featured.unfeatureTag({ id: rare.id }, await as(bob)), grpcCode(GrpcStatus.NOT_FOUND));
      await assert.rejects(featured.unfeatureTag({ id: "nope" }, await as(carol)), grpcCode(GrpcStatus.NOT_FOUND));
      await featured.unfeatureTag({ id: rare.id }, await as(carol));
      assert.deepEqual((await list(carol)).map((t) => t.id), [common.id]);
      assert.deepEqual(await list("999999999999"), []);
      assert.deepEqual(await list("not-an-id"), []);
    });

    it("suggests the caller's most used hashtags that it does not feature yet", async () => {
      const dave = await service.accounts.createAccount("dave");
      await post(dave, "#Birding #frogs #Owls");
      await post(dave, "#birding #owls");
      await post(dave, "#birding");
      await featured.featureTag({ name: "owls" }, await as(dave));
      const { tags } = await featured.suggestFeaturedTags({}, await as(dave));
      assert.deepEqual(tags.map((t) => t.name), ["Birding", "frogs"]);
      assert.match(tags[0]!.url, /\/tags\/birding$/);
    });
  });
}
