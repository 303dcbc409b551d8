// Mastodon's /@ paths with content negotiation (the ActivityPub document for servers, a page for
// browsers) and the embed page of a public status.
import assert from "node:assert/strict";
import { backends, BASE_URL, DOMAIN } from "./harness.ts";
import { startOutboundFixture, type OutboundFixture } from "./outbound-fixture.ts";

const AP = "application/activity+json";
const LD = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

type Json = Record<string, any>;

for (const backend of backends) {
  describe(`federation: /@ paths and embeds (${backend.name})`, function () {
    this.timeout(60_000);
    let f: OutboundFixture;
    before(async () => {
      f = await startOutboundFixture(backend);
      f.h.addAccount("eve", { displayName: "Eve <3", note: "<p>Bio of <b>Eve</b></p>", url: `${BASE_URL}/@eve`, fields: [{ name: "Site", value: '<a href="https://eve.example">eve.example</a>', verifiedAt: undefined }] });
      f.h.addAccount("banned", { suspended: true });
    });
    after(() => f?.h.stop());

    const get = (path: string, accept: string) => fetch(`${f.h.url}${path}`, { headers: { accept }, redirect: "manual" });
    const json = async (path: string, accept = AP) => {
      const response = await get(path, accept);
      assert.equal(response.status, 200, `${path} answered ${response.status}`);
      assert.match(response.headers.get("content-type") ?? "", /application\/(activity|ld)\+json/);
      return (await response.json()) as Json;
    };

    it("serves the actor at /@user to ActivityPub requests, both media types, the same as /users/user", async () => {
      const canonical = await json("/users/eve");
      assert.deepEqual(await json("/@eve"), canonical);
      assert.deepEqual(await json("/@eve", LD), canonical);
      assert.equal(canonical.id, `${BASE_URL}/users/eve`);
    });

    it("serves browsers a profile page at /@user: name, bio, the account link and the actor as rel=alternate", async () => {
      const response = await get("/@eve", BROWSER);
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /text\/html/);
      assert.match(response.headers.get("vary") ?? "", /Accept/);
      const page = await response.text();
      assert.match(page, /<title>Eve &lt;3 \(@eve@fed\.test:3000\)<\/title>/);
      assert.match(page, /<p>Bio of <b>Eve<\/b><\/p>/);
      assert.ok(page.includes(`<a class="u-url" href="${BASE_URL}/@eve" rel="me">@eve@${DOMAIN}</a>`));
      assert.ok(page.includes(`<link rel="alternate" type="${AP}" href="${BASE_URL}/users/eve">`));
      assert.ok(page.includes('<dt>Site</dt><dd><a href="https://eve.example">eve.example</a></dd>'));
    });

    it("answers 404 for an unknown user, 410 for a suspended one's page", async () => {
      assert.equal((await get("/@nobody", BROWSER)).status, 404);
      assert.equal((await get("/@nobody", AP)).status, 404);
      assert.equal((await get("/@banned", BROWSER)).status, 410);
    });

    it("serves the followers and following collections at /@user/followers and /@user/following; browsers go to the profile", async () => {
      assert.deepEqual(await json("/@alice/followers"), await json("/users/alice/followers"));
      assert.deepEqual(await json("/@alice/following"), await json("/users/alice/following"));
      const browser = await get("/@alice/followers", BROWSER);
      assert.equal(browser.status, 302);
      assert.equal(browser.headers.get("location"), `${BASE_URL}/@alice`);
    });

    it("serves a public status's Note at /@user/ID, and browsers its page; /users/…/statuses/ID sends browsers there", async () => {
      const post = f.addStatus({ content: "<p>Hello <em>world</em></p>", text: "Hello world" });
      assert.deepEqual(await json(`/@alice/${post.id}`), await json(`/users/alice/statuses/${post.id}`));
      const page = await get(`/@alice/${post.id}`, BROWSER);
      assert.equal(page.status, 200);
      const text = await page.text();
      assert.match(text, /<p>Hello <em>world<\/em><\/p>/);
      assert.ok(text.includes(`<link rel="alternate" type="${AP}" href="${post.uri}">`));
      const redirect = await get(`/users/alice/statuses/${post.id}`, BROWSER);
      assert.equal(redirect.status, 302);
      assert.equal(redirect.headers.get("location"), `${BASE_URL}/@alice/${post.id}`);
    });

    it("hides a private status at /@user/ID from both", async () => {
      const hidden = f.addStatus({ visibility: "private" });
      assert.equal((await get(`/@alice/${hidden.id}`, AP)).status, 404);
      assert.equal((await get(`/@alice/${hidden.id}`, BROWSER)).status, 404);
      assert.equal((await get(`/@eve/${f.addStatus({}).id}`, BROWSER)).status, 404, "another author's path");
    });

    it("serves the embed page of a public status at both embed paths, cacheable and frameable; 404 for a private one", async () => {
      const post = f.addStatus({ content: "<p>Embed me</p>", text: "Embed me", spoilerText: "cw <x>" });
      for (const path of [`/@alice/${post.id}/embed`, `/users/alice/statuses/${post.id}/embed`]) {
        const response = await get(path, BROWSER);
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get("cache-control"), "public, max-age=180");
        assert.equal(response.headers.get("x-frame-options"), null);
        const text = await response.text();
        assert.match(text, /<summary>cw &lt;x&gt;<\/summary><p>Embed me<\/p>/);
        assert.ok(text.includes(`href="${post.url}"`));
      }
      for (const visibility of ["private", "direct"]) {
        const hidden = f.addStatus({ visibility });
        assert.equal((await get(`/@alice/${hidden.id}/embed`, BROWSER)).status, 404);
        assert.equal((await get(`/users/alice/statuses/${hidden.id}/embed`, BROWSER)).status, 404);
      }
    });
  });
}
