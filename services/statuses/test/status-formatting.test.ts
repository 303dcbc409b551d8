import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";
import { backends, statusRequest } from "./support/status-request.ts";

const refusal = (code: GrpcStatus, message?: RegExp) => (error: unknown) => {
  const e = error as { code?: number; details?: string };
  return e.code === code && (!message || message.test(e.details ?? ""));
};

for (const backend of backends) {
  describe(`status text rules over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let profiles: AsyncClient<ProfilesServiceClient>;
    let alice: string;
    let bob: string;
    let carol: string;
    const as = (accountId: string) => service.viewer(accountId);
    const post = async (author: string, overrides: Partial<CreateStatusRequest> = {}) => (await service.client.createStatus(statusRequest(overrides), await as(author))).status!;
    const storedCount = async () => Number((await service.db.table("statuses").count({ n: "*" }))[0]!.n);

    before(async function () {
      service = await startStatusesHarness(backend.url);
      profiles = connectService(ProfilesServiceClient, service.accounts.address, { deadlineMs: 10_000 });
      alice = await service.accounts.createAccount("alice");
      bob = await service.accounts.createAccount("bob");
      carol = await service.accounts.createAccount("carol");
    });

    after(async function () {
      profiles?.close();
      await service?.stop();
    });

    it("renders local mentions, hashtags and links as Mastodon's HTML and keeps the mentions in the order written", async function () {
      const status = await post(alice, { status: "@carol and @Bob@social.test: #Cats at https://example.com/cats! cc @carol @nobody" });
      assert.equal(
        status.content,
        '<p><span class="h-card"><a href="https://social.test/@carol" class="u-url mention">@<span>carol</span></a></span> and ' +
          '<span class="h-card"><a href="https://social.test/@bob" class="u-url mention">@<span>Bob</span></a></span>: ' +
          '<a href="https://social.test/tags/Cats" class="mention hashtag" rel="tag">#<span>Cats</span></a> at ' +
          '<a href="https://example.com/cats" target="_blank" rel="nofollow noopener noreferrer"><span class="invisible">https://</span><span class="">example.com/cats</span><span class="invisible"></span></a>! cc ' +
          '<span class="h-card"><a href="https://social.test/@carol" class="u-url mention">@<span>carol</span></a></span> @nobody</p>',
      );
      assert.deepEqual(status.mentionedAccountIds, [carol, bob]);
      assert.deepEqual(status.tags, ["cats"]);
      const [read] = (await service.client.getStatuses({ ids: [status.id] }, {})).statuses;
      assert.deepEqual([read!.mentionedAccountIds, read!.tags, read!.content], [[carol, bob], ["cats"], status.content]);
      const created = await waitFor(() => service.events.find((e) => e.key === status.id && e.type === "status.created"));
      assert.deepEqual(decodePayload("status.created", created).mentionedAccountIds, [carol, bob]);
    });

    it("stores each hashtag once under its normalized name, with the spelling first used", async function () {
      const first = await post(bob, { status: "#CaféLife and #日本" });
      const second = await post(carol, { status: "#cafelife #CAFÉLIFE" });
      assert.deepEqual([first.tags, second.tags], [["cafelife", "日本"], ["cafelife"]]);
      const tags = await service.db.table("tags").whereIn("name", ["cafelife", "日本"]).orderBy("name").select("name", "display_name");
      assert.deepEqual(tags, [
        { name: "cafelife", display_name: "CaféLife" },
        { name: "日本", display_name: "日本" },
      ]);
      const linked = await service.db.table("status_tags").whereIn("status_id", [first.id, second.id]).count({ n: "*" });
      assert.equal(Number(linked[0]!.n), 3);
    });

    it("counts every URL as 23 characters and refuses a URL longer than 4096, storing nothing", async function () {
      const url = `https://example.com/${"a".repeat(300)}`;
      const exactly500 = `${"x".repeat(500 - 23 - 1)} ${url}`;
      const accepted = await post(alice, { status: exactly500 });
      assert.equal(accepted.text, exactly500);
      const before = await storedCount();
      await assert.rejects(service.client.createStatus(statusRequest({ status: `x${exactly500}` }), await as(alice)), refusal(GrpcStatus.INVALID_ARGUMENT, /character limit of 500/));
      const longUrl = `https://example.com/${"b".repeat(4097 - "https://example.com/".length)}`;
      assert.equal(longUrl.length, 4097);
      await assert.rejects(service.client.createStatus(statusRequest({ status: `see ${longUrl}` }), await as(alice)), refusal(GrpcStatus.INVALID_ARGUMENT, /longer than 4096/));
      assert.ok((await post(alice, { status: longUrl.slice(0, 4096) })).id);
      assert.equal(await storedCount(), before + 1);
    });

    it("counts a remote mention without its domain", async function () {
      const mention = `@someone@${"d".repeat(60)}.example`;
      const status = await post(alice, { status: `${mention} ${"y".repeat(500 - "@someone ".length)}` });
      assert.deepEqual(status.mentionedAccountIds, []);
    });

    it("takes visibility and language from the author's preferences when the client leaves them out", async function () {
      await profiles.updateCredentials({ privacy: "private", language: "de" }, await as(carol));
      const defaulted = await post(carol);
      assert.deepEqual([defaulted.visibility, defaulted.language], ["private", "de"]);
      const chosen = await post(carol, { visibility: "public", language: "fr" });
      assert.deepEqual([chosen.visibility, chosen.language], ["public", "fr"]);
      const noPreferences = await post(bob, { status: "no preferences" });
      assert.deepEqual([noPreferences.visibility, noPreferences.language], ["public", undefined]);
    });

    it("refuses a reply to a private status the author cannot see with NOT_FOUND, storing nothing", async function () {
      const secret = await post(alice, { status: "followers only", visibility: "private" });
      const before = await storedCount();
      await assert.rejects(service.client.createStatus(statusRequest({ status: "reply", inReplyToId: secret.id }), await as(bob)), refusal(GrpcStatus.NOT_FOUND));
      assert.equal(await storedCount(), before);
    });

    it("lets a mentioned account see and reply to a private or direct status, and keeps the visibility the replier chose", async function () {
      const direct = await post(alice, { status: "@bob just for you", visibility: "direct" });
      assert.deepEqual((await service.client.getStatuses({ ids: [direct.id] }, await as(bob))).statuses.map((s) => s.id), [direct.id]);
      assert.deepEqual((await service.client.getStatuses({ ids: [direct.id] }, await as(carol))).statuses, []);
      const reply = await post(bob, { status: "@alice thanks", inReplyToId: direct.id, visibility: "unlisted" });
      assert.deepEqual([reply.inReplyToId, reply.inReplyToAccountId, reply.visibility, reply.mentionedAccountIds], [direct.id, alice, "unlisted", [alice]]);
    });

    it("records the custom emoji shortcodes of the spoiler text and the text, each once", async function () {
      const status = await post(bob, { spoilerText: "cw :blobcat:", status: "hi :party_parrot: :blobcat: 10:30:00" });
      assert.deepEqual(status.emojiShortcodes, ["blobcat", "party_parrot"]);
      assert.equal(status.sensitive, true);
    });
  });
}
