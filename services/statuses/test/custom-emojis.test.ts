import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { CustomEmojisServiceClient, type CreateCustomEmojiRequest } from "@starling/proto/statuses/v1/custom_emojis";
import { connectService, roleWith, signViewer, type AsyncClient, type ViewerRole } from "@starling/runtime";
import { startStatusesHarness, VIEWER_SECRET, type StatusesHarness } from "./support/statuses-harness.ts";

const backends: { name: string; url?: string }[] = [{ name: "embedded PostgreSQL" }];
if (process.env.DATABASE_URL) backends.push({ name: "PostgreSQL", url: process.env.DATABASE_URL });

const emoji = (shortcode: string, overrides: Partial<CreateCustomEmojiRequest> = {}): CreateCustomEmojiRequest => ({
  shortcode,
  url: `https://social.test/system/custom_emojis/images/${shortcode}.gif`,
  staticUrl: `https://social.test/system/custom_emojis/images/${shortcode}.png`,
  visibleInPicker: true,
  overwrite: false,
  ...overrides,
});

const codeOf = (error: unknown) => (error as { code?: number }).code;

for (const backend of backends) {
  describe(`custom emojis over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let emojis: AsyncClient<CustomEmojisServiceClient>;
    const asRole = async (role: ViewerRole | undefined) => ({ viewerToken: await signViewer(VIEWER_SECRET, { accountId: "1", scopes: ["admin:write"], role }) });
    const create = async (request: CreateCustomEmojiRequest, role = roleWith(["manage_custom_emojis"])) => emojis.createCustomEmoji(request, await asRole(role));
    const storedCount = async () => Number((await service.db.table("custom_emojis").count({ n: "*" }))[0]!.n);

    before(async function () {
      service = await startStatusesHarness(backend.url);
      emojis = connectService(CustomEmojisServiceClient, service.address, { deadlineMs: 10_000 });
    });
    after(async () => {
      emojis?.close();
      await service?.stop();
    });

    it("adds an emoji for an Owner or an Admin and lists it in the picker with its category", async () => {
      const created = await create(emoji("blobcat", { category: "Blobs" }));
      assert.equal(created.created, true);
      assert.equal(created.emoji!.shortcode, "blobcat");
      await create(emoji("admin_made"), roleWith(["administrator"]));
      const { emojis: listed } = await emojis.listCustomEmojis({});
      const blobcat = listed.find((e) => e.shortcode === "blobcat");
      assert.deepEqual(
        { url: blobcat?.url, staticUrl: blobcat?.staticUrl, category: blobcat?.category, visible: blobcat?.visibleInPicker },
        { url: emoji("blobcat").url, staticUrl: emoji("blobcat").staticUrl, category: "Blobs", visible: true },
      );
      assert.ok(listed.some((e) => e.shortcode === "admin_made"));
    });

    it("answers a local emoji without a domain, and one without a category without a category", async () => {
      const { emoji: plain } = await create(emoji("plain_blob"));
      assert.equal(plain!.domain, undefined);
      assert.equal(plain!.category, undefined);
    });

    it("refuses everyone else, and nothing is stored", async () => {
      const before = await storedCount();
      for (const role of [roleWith(["manage_reports", "manage_users"]), undefined]) {
        await assert.rejects(emojis.createCustomEmoji(emoji("not_allowed"), await asRole(role)), (e) => codeOf(e) === GrpcStatus.PERMISSION_DENIED);
      }
      await assert.rejects(emojis.createCustomEmoji(emoji("anonymous")), (e) => codeOf(e) === GrpcStatus.PERMISSION_DENIED);
      assert.equal(await storedCount(), before);
    });

    it("refuses shortcodes with other characters than letters, digits and underscores, or shorter than 2", async () => {
      const before = await storedCount();
      for (const shortcode of ["a", "blob-cat", "blob cat", "", ":blob:", "ünï"]) {
        await assert.rejects(create(emoji(shortcode)), (e) => codeOf(e) === GrpcStatus.INVALID_ARGUMENT && /Shortcode/.test((e as Error).message), shortcode);
      }
      await assert.rejects(create(emoji("okay_code", { url: "javascript:alert(1)" })), (e) => codeOf(e) === GrpcStatus.INVALID_ARGUMENT);
      // A domain that is given names a remote server: a blank one is not a way to say "local".
      await assert.rejects(create(emoji("okay_code", { domain: " " })), (e) => codeOf(e) === GrpcStatus.INVALID_ARGUMENT && /Domain/.test((e as Error).message));
      assert.equal(await storedCount(), before);
    });

    it("refuses a taken shortcode, whatever its case, unless asked to overwrite it", async () => {
      const first = await create(emoji("party_parrot"));
      await assert.rejects(create(emoji("Party_Parrot")), (e) => codeOf(e) === GrpcStatus.ALREADY_EXISTS);
      const replaced = await create(emoji("party_parrot", { url: "https://social.test/system/custom_emojis/images/new.gif", visibleInPicker: false, overwrite: true }));
      assert.equal(replaced.created, false);
      assert.equal(replaced.emoji!.id, first.emoji!.id);
      const [stored] = (await emojis.getCustomEmojis({ shortcodes: ["party_parrot"], refs: [] })).emojis;
      assert.equal(stored!.url, "https://social.test/system/custom_emojis/images/new.gif");
      assert.equal(stored!.visibleInPicker, false);
      assert.equal((await service.db.table("custom_emojis").whereRaw("lower(shortcode) = 'party_parrot'")).length, 1);
    });

    it("keeps unlisted emojis out of the picker but renders them by shortcode", async () => {
      await create(emoji("secret_blob", { visibleInPicker: false }));
      const { emojis: listed } = await emojis.listCustomEmojis({});
      assert.equal(listed.some((e) => e.shortcode === "secret_blob"), false);
      const { emojis: found } = await emojis.getCustomEmojis({ shortcodes: ["secret_blob"], refs: [] });
      assert.equal(found[0]?.visibleInPicker, false);
    });

    it("looks up emojis by exact shortcode in one call, ignoring unknown and malformed ones and other domains", async () => {
      await create(emoji("remote_blob", { domain: "remote.example" }));
      const { emojis: found } = await emojis.getCustomEmojis({ shortcodes: ["blobcat", "admin_made", "BLOBCAT", "missing", "x", "bad-one", "remote_blob"], refs: [] });
      assert.deepEqual(found.map((e) => e.shortcode).sort(), ["admin_made", "blobcat"]);
      const { emojis: remote } = await emojis.getCustomEmojis({ shortcodes: ["remote_blob"], domain: "Remote.Example", refs: [] });
      assert.deepEqual(remote.map((e) => [e.shortcode, e.domain]), [["remote_blob", "remote.example"]]);
      const { emojis: mixed } = await emojis.getCustomEmojis({ shortcodes: [], refs: [{ shortcode: "blobcat" }, { shortcode: "remote_blob", domain: "remote.example" }, { shortcode: "blobcat", domain: "remote.example" }] });
      assert.deepEqual(mixed.map((e) => `${e.shortcode}@${e.domain ?? ""}`).sort(), ["blobcat@", "remote_blob@remote.example"]);
      assert.equal((await emojis.listCustomEmojis({})).emojis.some((e) => e.shortcode === "remote_blob"), false);
    });

    it("finds a local emoji by id for its ActivityPub document, disabled too; NOT_FOUND for a remote one, an unknown or malformed id", async () => {
      const { emoji: local } = await create(emoji("by_id_blob"));
      await service.db.table("custom_emojis").where({ id: local!.id }).update({ disabled: true });
      const found = await emojis.getLocalCustomEmoji({ id: local!.id });
      assert.deepEqual([found.shortcode, found.domain, found.disabled], ["by_id_blob", undefined, true]);
      const { emoji: remote } = await create(emoji("by_id_remote", { domain: "remote.example" }));
      for (const id of [remote!.id, "999999999", "12abc", ""]) {
        await assert.rejects(emojis.getLocalCustomEmoji({ id }), (error) => codeOf(error) === GrpcStatus.NOT_FOUND, `id ${JSON.stringify(id)}`);
      }
    });

    it("answers a concurrent import of one shortcode with one emoji and one refusal", async () => {
      const results = await Promise.allSettled([create(emoji("race_blob")), create(emoji("race_blob"))]);
      assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
      const refused = results.find((r) => r.status === "rejected");
      assert.equal(codeOf(refused?.reason), GrpcStatus.ALREADY_EXISTS);
    });
  });
}
