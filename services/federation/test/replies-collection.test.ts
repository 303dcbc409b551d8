// A local status's replies collection, as Mastodon serves it: linked from its Note, listing the
// URIs of its direct public and unlisted replies, its author's own first.
import assert from "node:assert/strict";
import { backends } from "./harness.ts";
import { startOutboundFixture, type OutboundFixture } from "./outbound-fixture.ts";

type Json = Record<string, any>;

for (const backend of backends) {
  describe(`federation replies collection (${backend.name})`, function () {
    this.timeout(60_000);
    let f: OutboundFixture;
    before(async () => {
      f = await startOutboundFixture(backend);
    });
    after(() => f?.h.stop());

    const get = async (path: string) => {
      const response = await fetch(`${f.h.url}${path}`, { headers: { accept: "application/activity+json" } });
      return { status: response.status, json: response.ok ? ((await response.json()) as Json) : undefined };
    };

    it("links a Note to its replies, which list its direct public replies' URIs, the author's own first", async () => {
      const { alice, bob } = f;
      const post = f.addStatus({});
      const remoteReply = f.addStatus({ accountId: bob.id, uri: `${bob.uri}/statuses/9`, local: false, inReplyToId: post.id, inReplyToAccountId: alice.id });
      const selfReply = f.addStatus({ inReplyToId: post.id, inReplyToAccountId: alice.id });
      const privateReply = f.addStatus({ inReplyToId: post.id, inReplyToAccountId: alice.id, visibility: "private" });
      const nested = f.addStatus({ inReplyToId: selfReply.id, inReplyToAccountId: alice.id });
      f.h.answer("getStatusContext", async ({ id }: { id: string }) => {
        const descendants = id === post.id ? [remoteReply, selfReply, privateReply, nested] : [];
        return { ancestorIds: [], descendantIds: descendants.map((s) => s.id), page: { statuses: descendants, accounts: [], media: [], polls: [], cards: [], emojis: [] } };
      });

      const note = (await get(`/users/alice/statuses/${post.id}`)).json!;
      assert.equal(note.replies, `${post.uri}/replies`);
      const replies = (await get(`/users/alice/statuses/${post.id}/replies`)).json!;
      assert.equal(replies.id, `${post.uri}/replies`);
      assert.deepEqual([replies.items].flat().map((item: Json) => (typeof item === "string" ? item : item.id)), [selfReply.uri, remoteReply.uri]);
    });

    it("serves no replies collection for a status that is not public", async () => {
      const hidden = f.addStatus({ visibility: "private" });
      assert.equal((await get(`/users/alice/statuses/${hidden.id}/replies`)).status, 404);
      assert.equal((await get("/users/alice/statuses/999999/replies")).status, 404);
    });
  });
}
