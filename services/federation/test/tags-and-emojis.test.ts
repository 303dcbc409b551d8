// Mastodon's featured tags collection of an actor, /tags/:tag, and the ActivityPub documents of local custom emojis.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { ServiceError } from "@starling/runtime";
import { backends, BASE_URL, type Harness } from "./harness.ts";
import { startOutboundFixture, type OutboundFixture } from "./outbound-fixture.ts";

const AP = "application/activity+json";

type Json = Record<string, any>;

for (const backend of backends) {
  describe(`federation: featured tags and emojis (${backend.name})`, function () {
    this.timeout(60_000);
    let f: OutboundFixture;
    let h: Harness;
    before(async () => {
      f = await startOutboundFixture(backend);
      h = f.h;
      h.addAccount("fay");
    });
    after(() => h?.stop());

    const get = (path: string, accept = AP) => fetch(`${h.url}${path}`, { headers: { accept } });

    it("links the actor's featured tags collection and lists the featured tags as Hashtags, asking statuses by account id", async () => {
      const actor = (await (await get("/users/fay")).json()) as Json;
      assert.equal(actor.featuredTags, `${BASE_URL}/users/fay/collections/tags`);
      const asked: Json[] = [];
      h.answer("listFeaturedTags", async (request: Json) => {
        asked.push(request);
        return { tags: [{ id: "1", accountId: request.accountId, name: "CatsOfStarling", url: `${BASE_URL}/@fay/tagged/CatsOfStarling`, statusesCount: "3" }, { id: "2", accountId: request.accountId, name: "birds", url: `${BASE_URL}/@fay/tagged/birds`, statusesCount: "0" }] };
      });
      const response = await get("/users/fay/collections/tags");
      assert.equal(response.status, 200);
      const collection = (await response.json()) as Json;
      assert.equal(collection.id, `${BASE_URL}/users/fay/collections/tags`);
      // Fedify serves it ordered where Mastodon says Collection; Mastodon's reader takes both.
      assert.equal(collection.type, "OrderedCollection");
      assert.equal(collection.totalItems, 2);
      assert.deepEqual(collection.orderedItems.map(({ type, href, name }: Json) => ({ type, href, name })), [
        { type: "Hashtag", href: `${BASE_URL}/@fay/tagged/CatsOfStarling`, name: "#CatsOfStarling" },
        { type: "Hashtag", href: `${BASE_URL}/@fay/tagged/birds`, name: "#birds" },
      ]);
      assert.ok(asked.length > 0 && asked.every((request) => /^\d+$/.test(request.accountId)));

      h.answer("listFeaturedTags", async () => ({ tags: [] }));
      assert.equal(((await (await get("/users/fay/collections/tags")).json()) as Json).totalItems, 0);
      assert.equal((await get("/users/nobody/collections/tags")).status, 404);
    });

    it("serves /tags/:tag to ActivityPub as an OrderedCollection of the listed statuses' URIs, with the count of all tagged statuses", async () => {
      const older = f.addStatus({ tags: ["birds"] });
      const newer = f.addStatus({ tags: ["birds"] });
      const asked: Json[] = [];
      h.answer("listLocalTaggedStatuses", async (request: Json) => {
        asked.push(request);
        return { statusIds: request.tag === "Birds" ? [newer.id, older.id] : [], total: request.tag === "Birds" ? "7" : "0" };
      });
      const response = await get("/tags/Birds");
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /application\/activity\+json/);
      const collection = (await response.json()) as Json;
      assert.equal(collection.id, `${BASE_URL}/tags/Birds`);
      assert.equal(collection.type, "OrderedCollection");
      assert.equal(collection.totalItems, 7);
      assert.deepEqual(collection.orderedItems, [newer.uri, older.uri]);
      await get(`/tags/Birds?max_id=${newer.id}`);
      assert.deepEqual(asked.map((r) => [r.tag, r.page?.maxId]), [["Birds", undefined], ["Birds", newer.id]]);
      const none = (await (await get("/tags/unknown")).json()) as Json;
      assert.equal(none.totalItems, 0);
    });

    it("serves browsers a /tags/:tag page listing the same statuses", async () => {
      const post = f.addStatus({ content: "<p>Look, <a href=\"#\">#herons</a></p>", tags: ["herons"] });
      h.answer("listLocalTaggedStatuses", async (request: Json) => ({ statusIds: request.tag === "herons" ? [post.id] : [], total: 1 }));
      const response = await get("/tags/herons", "text/html,*/*;q=0.8");
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /text\/html/);
      const page = await response.text();
      assert.match(page, /<h1>#herons<\/h1>/);
      assert.ok(page.includes(post.content));
      assert.ok(page.includes(`<link rel="alternate" type="${AP}" href="${BASE_URL}/tags/herons">`));
    });

    it("serves a local custom emoji as an Emoji with its Image icon at /emojis/ID; 404 for what the statuses service does not know", async () => {
      const updatedAt = new Date("2024-06-01T08:00:00Z");
      const asked: string[] = [];
      h.answer("getLocalCustomEmoji", async ({ id }: { id: string }) => {
        asked.push(id);
        if (id !== "42") throw new ServiceError(GrpcStatus.NOT_FOUND, "custom emoji not found");
        return { id, shortcode: "blobwave", url: `${BASE_URL}/system/custom_emojis/blobwave.gif`, staticUrl: `${BASE_URL}/system/custom_emojis/blobwave.png`, visibleInPicker: true, disabled: false, createdAt: updatedAt, updatedAt };
      });
      const response = await get("/emojis/42");
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /application\/activity\+json/);
      const emoji = (await response.json()) as Json;
      assert.equal(emoji.id, `${BASE_URL}/emojis/42`);
      assert.equal(emoji.type, "Emoji");
      assert.equal(emoji.name, ":blobwave:");
      assert.equal(emoji.updated, "2024-06-01T08:00:00Z");
      assert.deepEqual(emoji.icon, { type: "Image", mediaType: "image/gif", url: `${BASE_URL}/system/custom_emojis/blobwave.gif` });
      assert.ok(JSON.stringify(emoji["@context"]).includes("toot:Emoji"));
      assert.equal((await get("/emojis/43")).status, 404);
      assert.deepEqual(asked, ["42", "43"]);
    });
  });
}
