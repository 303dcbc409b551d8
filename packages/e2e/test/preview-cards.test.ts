import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { png, sharp } from "../src/harness/media-files.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import type { Stack } from "../src/harness/stack.ts";

const BLURHASH = /^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{6,}$/;

/** Preview cards of statuses' first links, through the gateway; run against each kind of stack. */
function describePreviewCards(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let pages: Server;
  let pagesUrl: string;
  const suffix = randomBytes(3).toString("hex");

  before(async function () {
    this.timeout(180_000);
    const image = await png(1000, 500, "#cc6633");
    // The linked page lives on 127.0.0.1, which only the private-address test setting lets the server fetch.
    pages = createServer((req, res) => {
      if (req.url === "/image.png") return void res.writeHead(200, { "content-type": "image/png" }).end(image);
      if (req.url !== "/article") return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        `<!doctype html><html><head><title>fallback</title><meta property="og:title" content="Cards arrive"><meta property="og:description" content="A page with OpenGraph tags."><meta property="og:image" content="/image.png"><meta property="og:type" content="article"></head><body>text</body></html>`,
      );
    });
    await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
    pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    stack = await start();
    alice = await signIn(stack.url, `alice_${suffix}@example.com`, await stack.createAccount(`alice_${suffix}`, `alice_${suffix}@example.com`));
  });
  after(async function () {
    this.timeout(60_000);
    pages?.closeAllConnections();
    pages?.close();
    await stack?.stop();
  });

  const getJson = async (path: string) => {
    const res = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${alice.accessToken}` } });
    assert.equal(res.status, 200, path);
    return (await res.json()) as any;
  };

  it("a status linking a local test page gets a link card with title, description, image and blurhash", async function () {
    this.timeout(60_000);
    const posted = await alice.client.v1.statuses.create({ status: `Read this @nobody #cards ${pagesUrl}/article and ${pagesUrl}/other` });
    assert.equal(posted.card, null, "the card comes later, from the media service");
    const status = await waitFor(async () => {
      const body = await getJson(`/api/v1/statuses/${posted.id}`);
      return body.card ? body : undefined;
    }, { timeoutMs: 45_000, what: "the preview card" });
    assert.deepEqual({ ...status.card, image: undefined, blurhash: undefined }, {
      url: `${pagesUrl}/article`,
      title: "Cards arrive",
      description: "A page with OpenGraph tags.",
      type: "link",
      author_name: "",
      author_url: "",
      provider_name: "",
      provider_url: "",
      html: "",
      width: 0,
      height: 0,
      image: undefined,
      embed_url: "",
      blurhash: undefined,
    });
    assert.match(status.card.blurhash, BLURHASH);
    const image = await fetch(status.card.image);
    assert.equal(image.status, 200, status.card.image);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    assert.deepEqual([meta.width, meta.height], [400, 200]);
    // masto.js reads the same card.
    const seen = await alice.client.v1.statuses.$select(posted.id).fetch();
    assert.equal(seen.card?.title, "Cards arrive");
  });

  it("a status without a link has card null, beside a carded one in the same timeline", async function () {
    this.timeout(60_000);
    const plain = await alice.client.v1.statuses.create({ status: `no links here ${suffix}` });
    assert.equal((await getJson(`/api/v1/statuses/${plain.id}`)).card, null);
    // The home feed is filled from events, so it is polled until the new status is in it.
    const byId = await waitFor(async () => {
      const timeline: any[] = await getJson("/api/v1/timelines/home");
      return timeline.some((s) => s.id === plain.id) ? new Map(timeline.map((s) => [s.id, s])) : undefined;
    }, { timeoutMs: 30_000, what: "the home timeline" });
    assert.equal(byId.get(plain.id)?.card, null);
    assert.ok([...byId.values()].some((s) => s.card?.title === "Cards arrive"), "the linked status keeps its card in a list");
  });
}

describeOnBothStacks("preview cards", describePreviewCards, { env: { ALLOW_PRIVATE_ADDRESSES: "true" } });
