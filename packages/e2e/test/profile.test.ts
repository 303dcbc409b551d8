import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { connectService, signViewer } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
// Account moves have no REST route in Mastodon 4.0 (a settings page does it), so the suite asks
// the accounts service directly, as the web UI will. The e2e package does not depend on the
// generated contracts, hence the path.
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import type { Stack } from "../src/harness/stack.ts";

describe("profile on the embedded stack", () => {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  let pages: Server;
  let pagesUrl: string;
  const suffix = randomBytes(3).toString("hex");
  const passwords = new Map<Session, string>();

  before(async function () {
    this.timeout(180_000);
    // rel=me pages are served by this test on http://127.0.0.1, which production refuses.
    stack = await startEmbeddedStack({ env: { ALLOW_PRIVATE_ADDRESSES: "true", VERIFY_HTTP_LINKS: "true" } });
    const session = async (name: string) => {
      const email = `${name}_${suffix}@example.com`;
      const password = await stack.createAccount(`${name}_${suffix}`, email);
      const signedIn = await signIn(stack.url, email, password);
      passwords.set(signedIn, password);
      return signedIn;
    };
    [alice, bob] = [await session("alice"), await session("bob")];
    pages = createServer((req, res) => {
      const linkBack = req.url === "/home" ? `<a rel="me" href="${alice.account.url}">me</a>` : "no link";
      res.setHeader("content-type", "text/html").end(`<html><body>${linkBack}</body></html>`);
    });
    await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
    pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  });
  after(async function () {
    this.timeout(60_000);
    pages?.closeAllConnections();
    pages?.close();
    await stack?.stop();
  });

  const api = async (session: Session | undefined, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (session) headers.authorization = `Bearer ${session.accessToken}`;
    const response = await fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    assert.match(response.headers.get("content-type") ?? "", /application\/json/);
    return { status: response.status, body: (await response.json()) as any };
  };

  it("updates the profile with masto.js and verifies a field linking back with rel=me", async function () {
    this.timeout(60_000);
    const updated = await alice.client.v1.accounts.updateCredentials({
      displayName: "Alice :wave:",
      note: "Hi! https://example.com #starling",
      locked: false,
      bot: true,
      discoverable: true,
      fieldsAttributes: [{ name: "Home", value: `${pagesUrl}/home` }, { name: "Elsewhere", value: `${pagesUrl}/other` }],
      source: { privacy: "unlisted", sensitive: true, language: "fr" },
    });
    assert.equal(updated.displayName, "Alice :wave:");
    assert.match(updated.note, /^<p>Hi! <a href="https:\/\/example.com" target="_blank" rel="nofollow noopener noreferrer">.*#<span>starling<\/span><\/a><\/p>$/);
    assert.deepEqual([updated.bot, updated.discoverable, updated.group], [true, true, false]);
    assert.deepEqual(updated.emojis, []);
    assert.deepEqual([updated.source.privacy, updated.source.sensitive, updated.source.language, updated.source.note], ["unlisted", true, "fr", "Hi! https://example.com #starling"]);
    assert.deepEqual(updated.source.fields.map((f) => f.value), [`${pagesUrl}/home`, `${pagesUrl}/other`]);
    const verified = await waitFor(async () => {
      const me = await alice.client.v1.accounts.verifyCredentials();
      return me.fields[0]?.verifiedAt ? me : undefined;
    }, { timeoutMs: 30_000, what: "the rel=me verification" });
    assert.match(verified.fields[0]!.verifiedAt!, /^\d{4}-\d\d-\d\dT/);
    assert.equal(verified.fields[1]!.verifiedAt, null);
    assert.match(verified.fields[0]!.value, /rel="me nofollow noopener noreferrer"/);
    const seenByBob = await bob.client.v1.accounts.$select(alice.account.id).fetch();
    assert.equal(seenByBob.fields[0]!.verifiedAt, verified.fields[0]!.verifiedAt);
  });

  it("answers the preferences from the posting defaults", async () => {
    const prefs = await api(alice, "GET", "/api/v1/preferences");
    assert.deepEqual(prefs.body, { "posting:default:visibility": "unlisted", "posting:default:sensitive": true, "posting:default:language": "fr", "reading:expand:media": "default", "reading:expand:spoilers": false });
  });

  it("accepts form-encoded fields_attributes as a hash and PUT as well as PATCH", async () => {
    const form = new URLSearchParams({ "fields_attributes[1][name]": "second", "fields_attributes[1][value]": "2", "fields_attributes[0][name]": "first", "fields_attributes[0][value]": "1", "source[privacy]": "private" });
    const response = await fetch(`${stack.url}/api/v1/accounts/update_credentials`, { method: "PUT", headers: { authorization: `Bearer ${bob.accessToken}` }, body: form });
    const body = (await response.json()) as any;
    assert.equal(response.status, 200);
    assert.deepEqual(body.source.fields.map((f: { name: string }) => f.name), ["first", "second"]);
    assert.equal(body.source.privacy, "private");
  });

  it("refuses bad profile input with 422 JSON and saves nothing", async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `n${i}`, value: "v" }));
    const bad = [
      { display_name: "x".repeat(31) },
      { note: "x".repeat(501) },
      { fields_attributes: five },
      { fields_attributes: [{ name: "n".repeat(256), value: "v" }] },
      { source: { privacy: "everyone" } },
      { fields_attributes: "not a list" },
      { avatar: "data:image/png;base64,AAAA" },
    ];
    for (const body of bad) {
      const refused = await api(bob, "PATCH", "/api/v1/accounts/update_credentials", { display_name: "Changed", ...body });
      assert.equal(refused.status, 422, JSON.stringify(body).slice(0, 60));
      assert.equal(typeof refused.body.error, "string");
    }
    const me = await bob.client.v1.accounts.verifyCredentials();
    assert.notEqual(me.displayName, "Changed");
    assert.equal((await api(undefined, "PATCH", "/api/v1/accounts/update_credentials", { note: "x" })).status, 401);
  });

  it("looks accounts up by acct without a token and 404s unknown ones", async () => {
    const found = await alice.client.v1.accounts.lookup({ acct: `@${bob.account.username}` });
    assert.equal(found.id, bob.account.id);
    assert.equal((await api(undefined, "GET", `/api/v1/accounts/lookup?acct=${bob.account.username}`)).body.id, bob.account.id);
    const missing = await api(undefined, "GET", "/api/v1/accounts/lookup?acct=nobody_at_all");
    assert.deepEqual([missing.status, missing.body], [404, { error: "Record not found" }]);
  });

  it("searches accounts by name, optionally among followed ones only", async () => {
    const results = await bob.client.v1.accounts.search.list({ q: `alice_${suffix}`, limit: 5 });
    assert.deepEqual(results.map((a) => a.id), [alice.account.id]);
    assert.deepEqual(await bob.client.v1.accounts.search.list({ q: `alice_${suffix}`, following: true }), []);
    await bob.client.v1.accounts.$select(alice.account.id).follow();
    assert.deepEqual((await bob.client.v1.accounts.search.list({ q: `alice_${suffix}`, following: true })).map((a) => a.id), [alice.account.id]);
    assert.equal((await api(undefined, "GET", "/api/v1/accounts/search?q=alice")).status, 401);
  });

  it("shows `moved` on an account that moved to one listing it as an alias", async function () {
    this.timeout(30_000);
    const dataDir = stack.dataDir!;
    const addresses = JSON.parse(readFileSync(join(dataDir, "run", "services.json"), "utf8")).addresses as Record<string, string>;
    const secret = readFileSync(join(dataDir, "secrets", "viewer-token-secret"), "utf8").trim();
    const profiles = connectService(ProfilesServiceClient, addresses.accounts!, { deadlineMs: 10_000 });
    try {
      const as = async (session: Session) => ({ viewerToken: await signViewer(secret, { accountId: session.account.id, scopes: ["write"] }) });
      await profiles.addAlias({ acct: bob.account.username }, await as(alice));
      await profiles.moveAccount({ targetAcct: alice.account.username, password: passwords.get(bob)! }, await as(bob));
    } finally {
      profiles.close();
    }
    const moved = await alice.client.v1.accounts.$select(bob.account.id).fetch();
    assert.equal(moved.moved?.id, alice.account.id);
    assert.equal(moved.moved?.displayName, "Alice :wave:");
    const own = await bob.client.v1.accounts.verifyCredentials();
    assert.equal(own.moved?.id, alice.account.id);
    assert.equal((await bob.client.v1.accounts.lookup({ acct: bob.account.username })).moved?.id, alice.account.id);
  });
});
