// Trends end to end: statuses posted through the API reach the trends service as events; after
// `starling trends refresh` and staff approval a hashtag five distinct accounts used trends (a
// silenced account's uses do not count; staff are mailed of the candidate), and an article 15
// accounts linked trends once its publisher is approved.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "@starling/testkit";
import { newSession, signIn, type Session } from "../src/harness/masto-session.ts";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";

describeOnBothStacks("Trends", (start) => {
  let stack: Stack;
  let admin: Session;
  let pages: Server;
  let pagesUrl: string;
  const suffix = randomBytes(3).toString("hex");
  const adminEmail = `trendboss_${suffix}@example.com`;

  const call = async (method: string, path: string, token?: string) => {
    const response = await fetch(`${stack.url}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.status, json: (await response.json()) as any };
  };

  before(async function () {
    this.timeout(300_000);
    // An article on 127.0.0.1, which only the shared stacks' private-address test setting lets media fetch.
    pages = createServer((req, res) => {
      if (req.url !== `/article-${suffix}`) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html><head><title>Herons</title><meta property="og:type" content="article"></head><body>Herons</body></html>`);
    });
    await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
    pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    stack = await start();
    admin = await signIn(stack.url, adminEmail, await stack.createAccount(`trendboss_${suffix}`, adminEmail, ["--role", "Admin"]), "read write follow admin:read admin:write");
  });
  after(() => {
    pages?.closeAllConnections();
    pages?.close();
  });

  it("trends a hashtag used by five distinct accounts after approval and a refresh, and not a hashtag a silenced account brings to five", async function () {
    this.timeout(300_000);
    // One after another: six CLI runs at once can starve a loaded machine's services of CPU.
    const users: Session[] = [];
    for (const name of ["a", "b", "c", "d", "e", "f"]) users.push(await newSession(stack, `tr${name}`, suffix));
    const silenced = users[5]!;
    const tag = `herons${suffix}`;
    const quiet = `egrets${suffix}`;
    assert.equal((await fetch(`${stack.url}/api/v1/admin/accounts/${silenced.account.id}/action`, { method: "POST", headers: { authorization: `Bearer ${admin.accessToken}`, "content-type": "application/json" }, body: JSON.stringify({ type: "silence" }) })).status, 200);
    // Four accounts and the silenced one use #egrets (first), one short of the threshold of five; five use #herons.
    for (const user of [...users.slice(0, 4), silenced]) await user.client.v1.statuses.create({ status: `And the #${quiet}`, visibility: "public", language: "en" });
    for (const user of users.slice(0, 5)) await user.client.v1.statuses.create({ status: `Look at the #${tag}`, visibility: "public", language: "en" });
    const scored = async () => {
      await stack.cli(["trends", "refresh"]);
      return (await call("GET", "/api/v1/admin/trends/tags?limit=100", admin.accessToken)).json as { id: string; name: string; requires_review: boolean }[];
    };
    // Statuses reach the trends service through the event bus: refresh until the uses have arrived.
    const candidate = await waitFor(async () => (await scored()).find((t) => t.name === tag), { timeoutMs: 120_000, intervalMs: 1_000, what: "the hashtag scored" });
    assert.equal(candidate.requires_review, true);
    // Staff (manage_taxonomies) are mailed of candidates awaiting review.
    await waitFor(() => stack.smtp?.messages.find((m) => m.envelopeTo.includes(adminEmail) && /up for review/.test(m.subject)), { timeoutMs: 60_000, what: "the review e-mail" });
    assert.ok(!(await scored()).some((t) => t.name === quiet), "a silenced account's use does not count");
    assert.ok(!(await call("GET", "/api/v1/trends/tags?limit=20")).json.some((t: { name: string }) => t.name === tag), "not before approval");
    assert.equal((await call("POST", `/api/v1/admin/trends/tags/${candidate.id}/approve`, admin.accessToken)).status, 200);
    const trending = (await call("GET", "/api/v1/trends/tags?limit=20")).json.find((t: { name: string }) => t.name === tag);
    assert.ok(trending, "trends after approval");
    assert.equal(trending.history[0].accounts, "5");
    // Staff's trends_enabled setting turns the public lists off (empty, as Mastodon) and on again.
    const setTrendsEnabled = async (enabled: boolean) =>
      (await fetch(`${stack.url}/api/v1/admin/instance`, { method: "PUT", headers: { authorization: `Bearer ${admin.accessToken}`, "content-type": "application/json" }, body: JSON.stringify({ trends_enabled: enabled }) })).status;
    assert.equal(await setTrendsEnabled(false), 200);
    try {
      assert.deepEqual((await call("GET", "/api/v1/trends/tags?limit=20")).json, []);
    } finally {
      assert.equal(await setTrendsEnabled(true), 200);
    }
    assert.ok((await call("GET", "/api/v1/trends/tags?limit=20")).json.some((t: { name: string }) => t.name === tag), "trends again once enabled");
  });

  it("trends an article linked by 15 distinct accounts once its publisher is approved, and not before", async function () {
    this.timeout(600_000);
    const url = `${pagesUrl}/article-${suffix}`;
    for (let i = 0; i < 15; i++) {
      const user = await newSession(stack, `link${i}`, suffix);
      await user.client.v1.statuses.create({ status: `Worth reading: ${url}`, visibility: "public", language: "en" });
    }
    const candidates = async () => {
      await stack.cli(["trends", "refresh"]);
      return (await call("GET", "/api/v1/admin/trends/links?limit=100", admin.accessToken)).json as { id: string; url: string; publisher: string; requires_review: boolean }[];
    };
    // Cards are fetched by media after each status, then reach trends as events: refresh until all 15 have.
    const link = await waitFor(async () => (await candidates()).find((l) => l.url === url), { timeoutMs: 180_000, intervalMs: 1_000, what: "the link scored" });
    assert.deepEqual([link.publisher, link.requires_review], ["127.0.0.1", true]);
    assert.ok(!(await call("GET", "/api/v1/trends/links?limit=20")).json.some((l: { url: string }) => l.url === url), "not before its publisher is approved");
    assert.equal((await call("POST", `/api/v1/admin/trends/links/publishers/127.0.0.1/approve`, admin.accessToken)).status, 200);
    const trending = (await call("GET", "/api/v1/trends/links?limit=20")).json.find((l: { url: string }) => l.url === url);
    assert.ok(trending, "trends once its publisher is approved");
    assert.deepEqual([trending.title, trending.history[0].accounts], ["Herons", "15"]);
  });

  it("links the pages beside a trends page by offset in the Link header, as Mastodon", async () => {
    // The hashtag approved above trends, so a page of one is full.
    const link = async (path: string, token?: string) => (await fetch(`${stack.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).headers.get("link");
    assert.match((await link("/api/v1/trends/tags?limit=1")) ?? "", /^<https?:\/\/[^>]+\/api\/v1\/trends\/tags\?limit=1&offset=1>; rel="next"$/);
    assert.match((await link("/api/v1/trends/tags?limit=1&offset=1")) ?? "", /\/api\/v1\/trends\/tags\?limit=1&offset=0>; rel="prev"$/);
    assert.match((await link("/api/v1/admin/trends/tags?limit=1&offset=2", admin.accessToken)) ?? "", /\/api\/v1\/admin\/trends\/tags\?limit=1&offset=1>; rel="prev"$/);
    assert.equal(await link("/api/v1/trends/statuses?limit=20&offset=0"), null, "nothing before the top, and no next after a short page");
  });
});
