import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { png } from "../src/harness/media-files.ts";
import type { Stack } from "../src/harness/stack.ts";

type Answer = { status: number; body: Record<string, any> };

/**
 * How posting turns text into Mastodon's HTML and lists (mentions, tags), the length rules and the
 * defaults of a new status, through the gateway with masto.js and plain HTTP.
 */
function describeStatusFormatting(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  let carol: Session;
  let dora: Session;
  const suffix = randomBytes(3).toString("hex");
  const name = (who: string) => `${who}_${suffix}`;

  before(async function () {
    this.timeout(180_000);
    stack = await start();
    const account = async (who: string, extra: string[] = []) => signIn(stack.url, `${name(who)}@example.com`, await stack.createAccount(name(who), `${name(who)}@example.com`, extra));
    [alice, bob, carol, dora] = await Promise.all([account("alice"), account("bob"), account("carol"), account("dora", ["--locale", "pt-BR"])]);
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
  });

  const post = async (who: Session, body: Record<string, unknown>): Promise<Answer> => {
    const res = await fetch(`${stack.url}/api/v1/statuses`, { method: "POST", headers: { authorization: `Bearer ${who.accessToken}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it("renders a mention, a hashtag and a link as Mastodon's HTML and lists the mentions in order and the tags", async function () {
    this.timeout(30_000);
    const url = "https://www.example.com/a/very/long/path/that/goes/on?and=on";
    const status = await alice.client.v1.statuses.create({ status: `Hi @${name("carol")} and @${name("bob")}!\n#StarlingTest ${url}.\n\nbye @nobody_${suffix}` });
    const base = new URL(status.uri).origin;
    const mention = (who: Session) =>
      `<span class="h-card"><a href="${who.account.url}" class="u-url mention">@<span>${who.account.username}</span></a></span>`;
    assert.equal(
      status.content,
      `<p>Hi ${mention(carol)} and ${mention(bob)}!<br />` +
        `<a href="${base}/tags/StarlingTest" class="mention hashtag" rel="tag">#<span>StarlingTest</span></a> ` +
        `<a href="${url}" target="_blank" rel="nofollow noopener noreferrer"><span class="invisible">https://www.</span><span class="ellipsis">example.com/a/very/long/path/t</span><span class="invisible">hat/goes/on?and=on</span></a>.</p>` +
        `<p>bye @nobody_${suffix}</p>`,
    );
    const expectedMentions = [carol, bob].map((who) => ({ id: who.account.id, username: who.account.username, url: who.account.url, acct: who.account.username }));
    assert.deepEqual(status.mentions, expectedMentions);
    assert.deepEqual(status.tags, [{ name: "starlingtest", url: `${base}/tags/starlingtest` }]);
    assert.deepEqual(status.emojis, []);
    const seen = await bob.client.v1.statuses.$select(status.id).fetch();
    assert.deepEqual([seen.content, seen.mentions, seen.tags], [status.content, expectedMentions, status.tags]);
  });

  it("lists the custom emojis a status uses in `emojis`, leaving the :shortcode: in the HTML", async function () {
    this.timeout(60_000);
    const folder = mkdtempSync(join(tmpdir(), "status-emoji-"));
    const shortcode = `blob_${suffix}`;
    writeFileSync(join(folder, `${shortcode}.png`), await png(32, 32));
    await stack.cli(["emoji", "import", join(folder, `${shortcode}.png`)]);
    const status = await alice.client.v1.statuses.create({ status: `hello :${shortcode}: and :unknown_${suffix}:`, spoilerText: `:${shortcode}:` });
    assert.equal(status.content, `<p>hello :${shortcode}: and :unknown_${suffix}:</p>`);
    assert.deepEqual(status.emojis.map((e) => [e.shortcode, e.visibleInPicker]), [[shortcode, true]]);
    assert.match(status.emojis[0]!.url, /^https?:\/\//);
    assert.match(status.emojis[0]!.staticUrl, /^https?:\/\//);
  });

  it("accepts 500 characters with a long URL counted as 23, and refuses 501 characters and a URL of 4097 with 422 JSON, storing nothing", async function () {
    this.timeout(60_000);
    const marker = `m${suffix}`;
    const url = `https://example.com/${"p".repeat(1000)}`;
    const fits = `${marker} ${"a".repeat(500 - marker.length - 2 - 23)} ${url}`;
    const accepted = await post(alice, { status: fits });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const tooLong = await post(alice, { status: `${marker} ${"b".repeat(501 - marker.length - 1)}` });
    assert.deepEqual([tooLong.status, tooLong.body], [422, { error: "Validation failed: Text character limit of 500 exceeded" }]);
    const hugeUrl = `https://example.com/${"c".repeat(4097 - 20)}`;
    const refusedUrl = await post(alice, { status: `${marker} ${hugeUrl}` });
    assert.equal(refusedUrl.status, 422);
    assert.match(refusedUrl.body.error, /^Validation failed: .*4096/);
    // The accepted post reaches alice's home feed; the refused ones never do.
    const home = await waitFor(async () => {
      const feed = await alice.client.v1.timelines.home.list({ limit: 40 });
      return feed.some((s) => s.id === accepted.body.id) && feed;
    }, { timeoutMs: 30_000, what: "the accepted post in the home feed" });
    assert.deepEqual(home.filter((s) => s.content.includes(marker)).map((s) => s.id), [accepted.body.id]);
  });

  it("defaults the language to the author's interface language and the visibility to their posting privacy", async function () {
    this.timeout(30_000);
    const plain = await dora.client.v1.statuses.create({ status: "Olá" });
    assert.deepEqual([plain.language, plain.visibility], ["pt", "public"]);
    await dora.client.v1.accounts.updateCredentials({ source: { privacy: "unlisted", language: "es" } });
    const defaulted = await dora.client.v1.statuses.create({ status: "Hola" });
    assert.deepEqual([defaulted.language, defaulted.visibility], ["es", "unlisted"]);
    const chosen = await dora.client.v1.statuses.create({ status: "Hello", language: "en", visibility: "public" });
    assert.deepEqual([chosen.language, chosen.visibility], ["en", "public"]);
  });

  it("refuses a reply to a private status its author cannot see with 404 JSON, and lets a follower reply", async function () {
    this.timeout(30_000);
    const secret = await bob.client.v1.statuses.create({ status: "followers only", visibility: "private" });
    const refused = await post(carol, { status: "sneaky reply", in_reply_to_id: secret.id });
    assert.equal(refused.status, 404);
    assert.equal(typeof refused.body.error, "string");
    await alice.client.v1.accounts.$select(bob.account.id).follow();
    const reply = await alice.client.v1.statuses.create({ status: `@${name("bob")} seen`, inReplyToId: secret.id, visibility: "private" });
    assert.deepEqual([reply.inReplyToId, reply.inReplyToAccountId, reply.mentions.map((m) => m.id)], [secret.id, bob.account.id, [bob.account.id]]);
  });

  it("answers a repeated Idempotency-Key with the same status and posts it once", async function () {
    this.timeout(60_000);
    const key = `retry-${suffix}`;
    const send = () => alice.client.v1.statuses.create({ status: `only once ${suffix}` }, { requestInit: { headers: { "Idempotency-Key": key } } });
    const [first, second] = [await send(), await send()];
    assert.equal(second.id, first.id);
    const mine = await alice.client.v1.accounts.$select(alice.account.id).statuses.list({ limit: 40 });
    assert.deepEqual(mine.filter((s) => s.content.includes(`only once ${suffix}`)).map((s) => s.id), [first.id]);
  });
}

describeOnBothStacks("status formatting", describeStatusFormatting);
