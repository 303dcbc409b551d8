import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { Ajv } from "ajv";
import { waitFor } from "@starling/testkit";
import type { Stack } from "../src/harness/stack.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";

const nodeInfoSchema = createRequire(import.meta.url)("../src/nodeinfo-2.0.schema.json");

/** The foundation slice, driven through the gateway with masto.js; run against each kind of stack. */
export function describeSlice(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  const suffix = randomBytes(3).toString("hex");

  before(async function () {
    this.timeout(180_000);
    stack = await start();
    const alicePassword = await stack.createAccount(`alice_${suffix}`, `alice_${suffix}@example.com`, ["--role", "Owner"]);
    const bobPassword = await stack.createAccount(`bob_${suffix}`, `bob_${suffix}@example.com`);
    alice = await signIn(stack.url, `alice_${suffix}@example.com`, alicePassword);
    bob = await signIn(stack.url, `BOB_${suffix}@example.com`, bobPassword);
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
  });

  it("serves verify_credentials with the CLI-created account and its role", () => {
    assert.equal(alice.account.username, `alice_${suffix}`);
    assert.equal(alice.account.acct, `alice_${suffix}`);
    assert.equal(alice.account.role?.name, "Owner");
    assert.equal(typeof alice.account.id, "string");
  });

  it("delivers a followed account's post to the follower's home timeline and removes it on delete", async function () {
    this.timeout(90_000);
    const relationship = await bob.client.v1.accounts.$select(alice.account.id).follow();
    assert.equal(relationship.following, true);
    const post = await alice.client.v1.statuses.create({ status: `hello from alice ${suffix}\nsecond line`, visibility: "public", language: "en" });
    assert.equal(post.content, `<p>hello from alice ${suffix}<br />second line</p>`);
    assert.equal(post.language, "en");
    assert.equal(post.inReplyToId, null);
    assert.match(post.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const home = () => bob.client.v1.timelines.home.list({ limit: 40 });
    await waitFor(async () => (await home()).some((s) => s.id === post.id), { timeoutMs: 60_000, what: "the post in bob's home timeline" });
    assert.ok((await alice.client.v1.timelines.home.list()).some((s) => s.id === post.id), "own post in own home");
    const local = await bob.client.v1.timelines.public.list({ local: true, limit: 40 });
    assert.ok(local.some((s) => s.id === post.id), "post in the local public timeline");
    const fetched = await bob.client.v1.statuses.$select(post.id).fetch();
    assert.equal(fetched.account.id, alice.account.id);
    const deleted = await alice.client.v1.statuses.$select(post.id).remove();
    assert.equal(deleted.text, `hello from alice ${suffix}\nsecond line`);
    await waitFor(async () => !(await home()).some((s) => s.id === post.id), { timeoutMs: 60_000, what: "the post leaving bob's home timeline" });
  });

  it("pages the home timeline with Mastodon's cursors and Link header", async function () {
    this.timeout(90_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await alice.client.v1.statuses.create({ status: `page ${i} ${suffix}` })).id);
    await waitFor(async () => (await bob.client.v1.timelines.home.list({ limit: 40 })).some((s) => s.id === ids[2]), { timeoutMs: 60_000, what: "the newest page post" });
    const response = await fetch(`${stack.url}/api/v1/timelines/home?limit=2`, { headers: { authorization: `Bearer ${bob.accessToken}` } });
    const page = (await response.json()) as { id: string }[];
    assert.deepEqual(page.map((s) => s.id), [ids[2], ids[1]]);
    const link = response.headers.get("link") ?? "";
    assert.match(link, new RegExp(`max_id=${ids[1]}.*rel="next"`));
    assert.match(link, new RegExp(`min_id=${ids[2]}.*rel="prev"`));
    const older = await bob.client.v1.timelines.home.list({ maxId: ids[1], limit: 1 });
    assert.deepEqual(older.map((s) => s.id), [ids[0]]);
    const newer = await bob.client.v1.timelines.home.list({ minId: ids[0], limit: 1 });
    assert.deepEqual(newer.map((s) => s.id), [ids[1]]);
  });

  it("stops delivering to the home timeline after unfollow", async function () {
    this.timeout(90_000);
    await bob.client.v1.accounts.$select(alice.account.id).unfollow();
    const relationships = await bob.client.v1.accounts.relationships.fetch({ id: [alice.account.id] });
    assert.equal(relationships[0]?.following, false);
    await waitFor(async () => (await bob.client.v1.timelines.home.list({ limit: 40 })).every((s) => s.account.id !== alice.account.id), { timeoutMs: 60_000, what: "alice's posts leaving bob's home" });
  });

  it("describes the instance in v1 and v2, and NodeInfo validates against the spec's schema", async () => {
    const v1 = await alice.client.v1.instance.fetch();
    assert.equal(v1.configuration.statuses.maxCharacters, 500);
    assert.ok(v1.stats.userCount >= 2);
    const v2 = await alice.client.v2.instance.fetch();
    assert.equal(typeof v2.domain, "string");
    const links = (await (await fetch(`${stack.url}/.well-known/nodeinfo`)).json()) as { links: { rel: string; href: string }[] };
    assert.equal(links.links[0]?.rel, "http://nodeinfo.diaspora.software/ns/schema/2.0");
    const nodeinfo = await (await fetch(`${stack.url}/nodeinfo/2.0`)).json();
    const validate = new Ajv({ strict: true }).compile(nodeInfoSchema);
    assert.ok(validate(nodeinfo), JSON.stringify(validate.errors));
    assert.ok((nodeinfo as { usage: { users: { total: number } } }).usage.users.total >= 2);
  });

  it("answers errors as JSON: 404 route, 401 token, 403 scope, 422 input", async () => {
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${stack.url}${path}`, init);
      assert.match(response.headers.get("content-type") ?? "", /application\/json/);
      return { status: response.status, body: (await response.json()) as { error?: string } };
    };
    assert.equal((await call("/api/v1/nope")).status, 404);
    assert.equal((await call("/api/v1/accounts/verify_credentials")).status, 401);
    assert.equal((await call("/api/v1/accounts/verify_credentials", { headers: { authorization: "Bearer wrong" } })).status, 401);
    const readOnly = await signIn(stack.url, `alice_${suffix}@example.com`, "", "read").catch(() => undefined);
    assert.equal(readOnly, undefined, "a wrong password must not sign in");
    const auth = { authorization: `Bearer ${alice.accessToken}`, "content-type": "application/json" };
    const tooLong = await call("/api/v1/statuses", { method: "POST", headers: auth, body: JSON.stringify({ status: "x".repeat(501) }) });
    assert.equal(tooLong.status, 422);
    assert.equal(typeof tooLong.body.error, "string");
    const malformed = await call("/api/v1/statuses", { method: "POST", headers: auth, body: "{not json" });
    assert.equal(malformed.status, 400);
    assert.equal((await call("/api/v1/statuses/abc")).status, 404, "an id that is not one names no status");
  });

  it("refuses a token without the endpoint's scope with 403", async () => {
    const anonymous = await fetch(`${stack.url}/api/v1/apps`, { method: "POST", body: new URLSearchParams({ client_name: "ro", redirect_uris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read" }) });
    const app = (await anonymous.json()) as { client_id: string; client_secret: string };
    const token = await fetch(`${stack.url}/oauth/token?grant_type=client_credentials&client_id=${app.client_id}&client_secret=${app.client_secret}&scope=read`, { method: "POST" });
    const { access_token } = (await token.json()) as { access_token: string };
    const post = await fetch(`${stack.url}/api/v1/statuses`, { method: "POST", headers: { authorization: `Bearer ${access_token}` }, body: new URLSearchParams({ status: "nope" }) });
    assert.equal(post.status, 403);
    assert.deepEqual(await post.json(), { error: "This action is outside the authorized scopes" });
  });
}
