import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { connectService, type AsyncClient } from "@starling/runtime";
import { encodePayload, EVENT_CATALOG, newEnvelope, TOPICS, decodePayload, type EventEnvelope } from "@starling/events";
import { PreviewCardsServiceClient } from "@starling/proto/media/v1/preview_cards";
import { StatusCreated } from "@starling/proto/statuses/v1/events";
import { waitFor } from "@starling/testkit";
import { pngImage } from "./fixtures.ts";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { fetchStored } from "./support.ts";

/** Pages a card can be made from, served on 127.0.0.1, counting the requests each path gets. */
async function startPages(): Promise<{ server: Server; url: string; hits: Map<string, number> }> {
  const hits = new Map<string, number>();
  const image = await pngImage(1200, 900);
  // Noise does not compress: well over Mastodon's 1 MB card image cap.
  const huge = await sharp(randomBytes(800 * 800 * 3), { raw: { width: 800, height: 800, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  const html = (head: string) => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body><p>Body text</p></body></html>`;
  const routes: Record<string, [number, string, string | Buffer]> = {
    "/article": [200, "text/html; charset=utf-8", html(`<title>Ignored</title><meta property="og:title" content="Starling news"><meta property="og:description" content="All about cards."><meta property="og:image" content="/image.png"><meta property="og:type" content="article"><meta property="og:site_name" content="Local Pages">`)],
    "/video": [200, "text/html", html(`<title>Clip page</title><link rel="alternate" type="application/json+oembed" href="/oembed.json">`)],
    "/oembed.json": [200, "application/json", JSON.stringify({ type: "video", version: "1.0", title: "A clip", author_name: "Clipper", provider_name: "Clips", html: `<iframe src="https://clips.example/embed/1"></iframe><script>x()</script>`, width: 640, height: 360, thumbnail_url: "/image.png" })],
    "/big-image": [200, "text/html", html(`<meta property="og:title" content="Heavy"><meta property="og:image" content="/huge.png">`)],
    "/image.png": [200, "image/png", image],
    "/huge.png": [200, "image/png", huge],
    "/data.json": [200, "application/json", "{}"],
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (!route) return void res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    res.writeHead(route[0], { "content-type": route[1] }).end(route[2]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

/** A status.created as the statuses service writes it for a new local status. */
function statusCreated(statusId: string, firstLinkUrl: string | undefined, local = true): EventEnvelope {
  const payload = encodePayload("status.created", StatusCreated.fromPartial({ statusId, accountId: "1", visibility: "public", local, createdAt: new Date(), language: "en", firstLinkUrl }));
  return newEnvelope({ type: "status.created", version: EVENT_CATALOG["status.created"].version, source: "statuses", key: statusId, payload });
}

let nextStatus = 1000;
const statusId = () => String(++nextStatus);

for (const backend of backends) {
  describe(`preview cards on ${backend.name}`, () => {
    let h: MediaHarness;
    let cards: AsyncClient<PreviewCardsServiceClient>;
    let pages: Awaited<ReturnType<typeof startPages>>;

    before(async function () {
      this.timeout(60_000);
      pages = await startPages();
      h = await startMediaHarness(backend, { env: { ALLOW_PRIVATE_ADDRESSES: "true", PREVIEW_CARD_TIMEOUT_MS: "5000" } });
      cards = connectService(PreviewCardsServiceClient, h.grpcAddress, { deadlineMs: 10_000 });
    });
    after(async function () {
      this.timeout(30_000);
      cards?.close();
      await h?.stop();
      pages?.server.closeAllConnections();
      pages?.server.close();
    });

    const publish = (...envelopes: EventEnvelope[]) => h.bus.publish(TOPICS.statuses, envelopes);
    const cardEvents = (id: string) => h.events.filter((e) => e.type === "card.created").map((e) => decodePayload("card.created", e)).filter((p) => p.statusId === id);
    const cardCreatedFor = (id: string) => waitFor(() => cardEvents(id)[0], { timeoutMs: 20_000, what: `card.created of status ${id}` });

    it("a link to a local test page yields a card with title, description, a thumbnail of at most 400x400 and its blurhash", async function () {
      this.timeout(30_000);
      const id = statusId();
      await publish(statusCreated(id, `${pages.url}/article`));
      const event = await cardCreatedFor(id);
      assert.equal(event.url, `${pages.url}/article`);
      const [card] = (await cards.getPreviewCards({ ids: [event.cardId, "424242"] })).cards;
      assert.ok(card);
      assert.deepEqual(
        [card.id, card.url, card.type, card.title, card.description, card.providerName, card.linkType, card.html, card.embedUrl],
        [event.cardId, `${pages.url}/article`, "link", "Starling news", "All about cards.", "Local Pages", "article", "", ""],
      );
      assert.match(card.blurhash!, /^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{6,}$/);
      assert.match(card.imageUrl!, /^https:\/\/social\.test\/system\/preview_cards\/images\/.+\/original\/\d+\.png$/);
      const served = await fetchStored(h, card.imageUrl!);
      assert.equal(served.status, 200);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ["png", 400, 300]);
    });

    it("a second status linking the same page reuses its card without fetching the page again, and a redelivery emits nothing more", async function () {
      this.timeout(30_000);
      const first = await cardCreatedFor(await (async () => {
        const id = statusId();
        await publish(statusCreated(id, `${pages.url}/article`));
        return id;
      })());
      const fetched = pages.hits.get("/article");
      const id = statusId();
      const envelope = statusCreated(id, `${pages.url}/article`);
      await publish(envelope, envelope);
      assert.equal((await cardCreatedFor(id)).cardId, first.cardId);
      assert.equal(pages.hits.get("/article"), fetched);
      // A third status with the same key after the duplicate: once its card is out, the duplicate was handled.
      const sentinel = statusCreated(id, `${pages.url}/video`);
      await publish(sentinel);
      await waitFor(() => cardEvents(id).find((e) => e.url.endsWith("/video")), { timeoutMs: 20_000, what: "the sentinel's card" });
      assert.equal(cardEvents(id).filter((e) => e.url.endsWith("/article")).length, 1);
    });

    it("an oEmbed video answer makes a video card: a rebuilt iframe, the author and provider, its thumbnail", async function () {
      this.timeout(30_000);
      const id = statusId();
      await publish(statusCreated(id, `${pages.url}/video`));
      const [card] = (await cards.getPreviewCards({ ids: [(await cardCreatedFor(id)).cardId] })).cards;
      assert.deepEqual([card!.type, card!.title, card!.authorName, card!.providerName, card!.embedUrl, card!.width, card!.height], ["video", "A clip", "Clipper", "Clips", "https://clips.example/embed/1", 640, 360]);
      assert.equal(card!.html, `<iframe src="https://clips.example/embed/1" width="640" height="360" frameborder="0" allowfullscreen="true"></iframe>`);
      assert.ok(card!.imageUrl && card!.blurhash);
    });

    it("an image over 1 MB leaves the card without image or blurhash", async function () {
      this.timeout(30_000);
      const id = statusId();
      await publish(statusCreated(id, `${pages.url}/big-image`));
      const [card] = (await cards.getPreviewCards({ ids: [(await cardCreatedFor(id)).cardId] })).cards;
      assert.deepEqual([card!.title, card!.imageUrl, card!.blurhash], ["Heavy", undefined, undefined]);
    });

    it("a missing page or one that is not HTML yields no card and is not fetched again within the retry window", async function () {
      this.timeout(30_000);
      const id = statusId();
      await publish(statusCreated(id, `${pages.url}/missing`), statusCreated(id, `${pages.url}/data.json`), statusCreated(id, `${pages.url}/missing`), statusCreated(id, `${pages.url}/article`));
      // Same key, so in order: once the last one's card is out, the others were handled.
      await waitFor(() => cardEvents(id).find((e) => e.url.endsWith("/article")), { timeoutMs: 20_000, what: "the sentinel's card" });
      assert.deepEqual(cardEvents(id).map((e) => e.url), [`${pages.url}/article`]);
      assert.equal(pages.hits.get("/missing"), 1);
      assert.equal(pages.hits.get("/data.json"), 1);
      const failures: Array<{ link_url: string }> = await h.db.table("preview_card_failures").select("link_url").orderBy("link_url");
      assert.deepEqual(failures.map((f) => f.link_url), [`${pages.url}/data.json`, `${pages.url}/missing`]);
    });

    it("remote statuses and statuses without a link get no card", async function () {
      this.timeout(30_000);
      const id = statusId();
      await publish(statusCreated(id, `${pages.url}/article`, false), statusCreated(id, undefined), statusCreated(id, `${pages.url}/video`));
      await waitFor(() => cardEvents(id)[0], { timeoutMs: 20_000, what: "the sentinel's card" });
      assert.deepEqual(cardEvents(id).map((e) => e.url), [`${pages.url}/video`]);
    });
  });
}

describe("preview cards without the private-address test setting", () => {
  it("refuses a page on 127.0.0.1: no request reaches it, no card, the failure is recorded", async function () {
    this.timeout(60_000);
    const pages = await startPages();
    const h = await startMediaHarness(backends[0]!);
    try {
      const link = `${pages.url}/article`;
      await h.bus.publish(TOPICS.statuses, [statusCreated(statusId(), link)]);
      const failure: { reason: string } = await waitFor(() => h.db.table("preview_card_failures").where({ link_url: link }).first(), { timeoutMs: 20_000, what: "the recorded failure" });
      assert.match(failure.reason, /not a public address/);
      assert.equal(pages.hits.size, 0);
      assert.equal(h.events.filter((e) => e.type === "card.created").length, 0);
    } finally {
      await h.stop();
      pages.server.closeAllConnections();
      pages.server.close();
    }
  });
});
