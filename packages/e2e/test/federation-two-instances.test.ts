// Two Starling instances on 127.0.0.1 federating through their gateways, as Mastodon clients drive
// them: search-resolve and follow across servers, then posts, replies, boosts, favourites, edits,
// deletes, poll votes and profile updates arriving on the other side. Run with two embedded
// instances, and with a production-like instance (real PostgreSQL, Redis, Kafka; host 127.0.0.1)
// beside an embedded one (host localhost).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { mastodon } from "masto";
import { waitFor } from "@starling/testkit";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { png } from "../src/harness/media-files.ts";
import { newSession, signIn, type Session } from "../src/harness/masto-session.ts";
import { realServersFromEnv, startProductionStack } from "../src/harness/production-stack.ts";
import type { Stack } from "../src/harness/stack.ts";
import { BrowserlessSession, formFields } from "./oauth-form-session.ts";

/** Test settings: loopback peers allowed, retries in milliseconds instead of seconds. */
const env = { FEDERATION_ALLOW_PRIVATE_ADDRESS: "true", DELIVERY_BACKOFF_SCALE: "0.001", DELIVERY_SCHEDULER_INTERVAL_MS: "200" };
const ARRIVAL = { timeoutMs: 30_000, intervalMs: 200 };

const domainOf = async (stack: Stack): Promise<string> => ((await (await fetch(`${stack.url}/api/v2/instance`)).json()) as { domain: string }).domain;

/** The account `acct` as `session`'s server knows it, found by search with resolve (a remote fetch when unknown). */
async function resolveAccount(session: Session, acct: string): Promise<mastodon.v1.Account> {
  const found = await session.client.v2.search.list({ q: acct, resolve: true, type: "accounts" });
  const account = found.accounts.find((a) => a.acct.toLowerCase() === acct.toLowerCase());
  assert.ok(account, `${acct} not resolved: ${JSON.stringify(found.accounts.map((a) => a.acct))}`);
  return account;
}

/** The status with ActivityPub id `uri` in `session`'s home timeline, once it arrived. */
const arrivedInHome = (session: Session, uri: string) =>
  waitFor(async () => (await session.client.v1.timelines.home.list({ limit: 40 })).find((s) => s.uri === uri), { ...ARRIVAL, what: `${uri} in the home timeline` });

const relationshipWith = async (session: Session, id: string) => (await session.client.v1.accounts.relationships.fetch({ id: [id] }))[0]!;

function describeTwoInstances(title: string, startA: () => Promise<Stack>, startB: () => Promise<Stack>): void {
  describe(title, function () {
    this.timeout(120_000);
    let a: Stack;
    let b: Stack;
    let domainB: string;
    let alice: Session; // on A
    let bob: Session; // on B
    let carol: Session; // on B, locked
    let bobOnA: mastodon.v1.Account;
    const suffix = randomBytes(3).toString("hex");

    before(async function () {
      this.timeout(300_000);
      a = await startA();
      b = await startB();
      domainB = await domainOf(b);
      alice = await newSession(a, "alice", suffix);
      bob = await newSession(b, "bob", suffix);
      carol = await newSession(b, "carol", suffix);
    });
    after(async function () {
      this.timeout(60_000);
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it("resolves a remote account by search and follows it: requested until its server's Accept arrives, then following", async () => {
      bobOnA = await resolveAccount(alice, `${bob.account.username}@${domainB}`);
      assert.equal(bobOnA.username, bob.account.username);
      assert.equal(bobOnA.url, bob.account.url);
      assert.notEqual(bobOnA.id, bob.account.id, "a remote copy gets a local id");

      const asked = await alice.client.v1.accounts.$select(bobOnA.id).follow();
      assert.equal(asked.following || asked.requested, true);
      await waitFor(async () => (await relationshipWith(alice, bobOnA.id)).following, { ...ARRIVAL, what: "the Accept" });
      assert.equal((await relationshipWith(alice, bobOnA.id)).requested, false);
      // On B, alice is a follower of bob's.
      const followers = await bob.client.v1.accounts.$select(bob.account.id).followers.list();
      assert.deepEqual(followers.map((f) => f.username), [alice.account.username]);
    });

    it("keeps a follow of a locked remote account requested until the account authorizes it on its own server", async () => {
      await carol.client.v1.accounts.updateCredentials({ locked: true });
      // Found the way clients complete a mention: the v1 account search, resolving.
      const carolOnA = (await alice.client.v1.accounts.search.list({ q: `${carol.account.username}@${domainB}`, resolve: true }))[0]!;
      assert.equal(carolOnA?.acct, `${carol.account.username}@${domainB}`);
      await alice.client.v1.accounts.$select(carolOnA.id).follow();
      const pending = await waitFor(async () => {
        const requests = await carol.client.v1.followRequests.list();
        return requests.length > 0 ? requests : undefined;
      }, { ...ARRIVAL, what: "the follow request on B" });
      assert.deepEqual(pending.map((r) => r.username), [alice.account.username]);
      assert.deepEqual([(await relationshipWith(alice, carolOnA.id)).requested, (await relationshipWith(alice, carolOnA.id)).following], [true, false]);

      await carol.client.v1.followRequests.$select(pending[0]!.id).authorize();
      await waitFor(async () => (await relationshipWith(alice, carolOnA.id)).following, { ...ARRIVAL, what: "the Accept after authorization" });
    });

    it("delivers a post to the follower's home timeline and to the other server's remote public timeline", async () => {
      const post = await bob.client.v1.statuses.create({ status: `Hello from B ${suffix}`, visibility: "public" });
      const arrived = await arrivedInHome(alice, post.uri);
      assert.match(arrived.content, new RegExp(`Hello from B ${suffix}`));
      assert.equal(arrived.account.id, bobOnA.id);
      assert.equal(arrived.visibility, "public");
      const remote = await alice.client.v1.timelines.public.list({ remote: true, limit: 40 });
      assert.ok(remote.some((s) => s.uri === post.uri));
    });

    it("delivers a reply with a mention to the mentioned author's server, in the thread", async () => {
      const post = await bob.client.v1.statuses.create({ status: `Thread start ${suffix}`, visibility: "public" });
      const onA = await arrivedInHome(alice, post.uri);
      const reply = await alice.client.v1.statuses.create({ status: `@${bob.account.username}@${domainB} a reply ${suffix}`, inReplyToId: onA.id });
      await waitFor(async () => (await bob.client.v1.statuses.$select(post.id).context.fetch()).descendants.find((s) => s.uri === reply.uri), { ...ARRIVAL, what: "the reply on B" });
      const context = await bob.client.v1.statuses.$select(post.id).context.fetch();
      const onB = context.descendants.find((s) => s.uri === reply.uri)!;
      assert.equal(onB.inReplyToId, post.id);
      assert.ok(onB.mentions.some((m) => m.id === bob.account.id), "bob is mentioned on B");
    });

    it("counts a boost and a favourite on the author's server", async () => {
      const post = await bob.client.v1.statuses.create({ status: `Boost me ${suffix}`, visibility: "public" });
      const onA = await arrivedInHome(alice, post.uri);
      await alice.client.v1.statuses.$select(onA.id).reblog();
      await alice.client.v1.statuses.$select(onA.id).favourite();
      await waitFor(async () => {
        const seen = await bob.client.v1.statuses.$select(post.id).fetch();
        return seen.reblogsCount === 1 && seen.favouritesCount === 1;
      }, { ...ARRIVAL, what: "the boost and the favourite on B" });
      const favouritedBy = await bob.client.v1.statuses.$select(post.id).favouritedBy.list();
      assert.deepEqual(favouritedBy.map((f) => f.username), [alice.account.username]);
    });

    it("applies an edit on the other server with its history, and a delete removes the post there", async () => {
      const post = await bob.client.v1.statuses.create({ status: `First version ${suffix}`, visibility: "public" });
      const onA = await arrivedInHome(alice, post.uri);
      await bob.client.v1.statuses.$select(post.id).update({ status: `Second version ${suffix}` });
      await waitFor(async () => /Second version/.test((await alice.client.v1.statuses.$select(onA.id).fetch()).content), { ...ARRIVAL, what: "the edit on A" });
      const history = await alice.client.v1.statuses.$select(onA.id).history.list();
      assert.deepEqual(history.map((v) => /First version/.test(v.content) ? "first" : /Second version/.test(v.content) ? "second" : v.content), ["first", "second"]);

      await bob.client.v1.statuses.$select(post.id).remove();
      await waitFor(async () => {
        const response = await fetch(`${a.url}/api/v1/statuses/${onA.id}`, { headers: { authorization: `Bearer ${alice.accessToken}` } });
        return response.status === 404;
      }, { ...ARRIVAL, what: "the delete on A" });
      const home = await alice.client.v1.timelines.home.list({ limit: 40 });
      assert.ok(!home.some((s) => s.uri === post.uri));
    });

    it("counts a vote from the other server in the poll", async () => {
      const post = await bob.client.v1.statuses.create({ status: `Tea or coffee ${suffix}`, visibility: "public", poll: { options: ["tea", "coffee"], expiresIn: 3600 } });
      const onA = await arrivedInHome(alice, post.uri);
      assert.deepEqual(onA.poll?.options.map((o) => o.title), ["tea", "coffee"]);
      await alice.client.v1.polls.$select(onA.poll!.id).votes.create({ choices: [1] });
      await waitFor(async () => (await bob.client.v1.polls.$select(post.poll!.id).fetch()).votesCount === 1, { ...ARRIVAL, what: "the vote on B" });
      const poll = await bob.client.v1.polls.$select(post.poll!.id).fetch();
      assert.deepEqual(poll.options.map((o) => o.votesCount), [0, 1]);
    });

    it("shows a profile update with fields and a custom emoji on the other server, with the emoji from its server", async () => {
      // A custom emoji on B, imported by its operator, used in bob's display name.
      const shortcode = `wave_${suffix}`;
      const folder = mkdtempSync(join(tmpdir(), "starling-emoji-"));
      writeFileSync(join(folder, `${shortcode}.png`), await png(32, 32));
      await b.cli(["emoji", "import", join(folder, `${shortcode}.png`)]);
      rmSync(folder, { recursive: true, force: true });
      const emojiOnB = ((await (await fetch(`${b.url}/api/v1/custom_emojis`)).json()) as { shortcode: string; url: string }[]).find((e) => e.shortcode === shortcode);
      assert.ok(emojiOnB, "the emoji is on B");

      await bob.client.v1.accounts.updateCredentials({
        displayName: `Bob ${suffix} :${shortcode}:`,
        note: "Now with a bio",
        fieldsAttributes: [{ name: "Pronouns", value: "he/him" }],
      });
      const updated = await waitFor(async () => {
        const seen = await alice.client.v1.accounts.$select(bobOnA.id).fetch();
        return seen.displayName === `Bob ${suffix} :${shortcode}:` ? seen : undefined;
      }, { ...ARRIVAL, what: "the profile update on A" });
      assert.match(updated.note, /Now with a bio/);
      assert.deepEqual(updated.fields.map((f) => [f.name, f.value]), [["Pronouns", "he/him"]]);
      assert.deepEqual(updated.emojis.map((e) => [e.shortcode, e.url]), [[shortcode, emojiOnB.url]]);
      // A remote server's emoji is never offered in A's own picker.
      const listedOnA = (await (await fetch(`${a.url}/api/v1/custom_emojis`)).json()) as { shortcode: string }[];
      assert.ok(!listedOnA.some((e) => e.shortcode === shortcode));
    });

    it("moves an account's followers to its new account: the follower on A follows the new one once it accepts, leaves the old one, and A shows the move", async () => {
      // Aliases and the move are made on the web settings pages, which need passwords: both
      // accounts are made here (the suite does not keep bob's).
      const person = async (name: string) => {
        const email = `${name}_${suffix}@example.com`;
        const password = await b.createAccount(`${name}_${suffix}`, email);
        return { ...(await signIn(b.url, email, password)), email, password };
      };
      /** A browser signed in on B's web as `who`, and the form token of the settings page `path`. */
      const settings = async (who: { email: string; password: string }, path: string) => {
        const browser = new BrowserlessSession(b.url);
        const form = await browser.get((await browser.get(path)).location!);
        const signedIn = await browser.post("/auth/sign_in", { ...formFields(form.text), email: who.email, password: who.password });
        assert.equal(signedIn.location, path);
        return { browser, token: formFields((await browser.get(path)).text, path) };
      };
      const [old, next] = [await person("bob_old"), await person("bob2")];
      const oldOnA = await resolveAccount(alice, `${old.account.username}@${domainB}`);
      await alice.client.v1.accounts.$select(oldOnA.id).follow();
      await waitFor(async () => (await relationshipWith(alice, oldOnA.id)).following, { ...ARRIVAL, what: "the Accept of the old account" });

      const aliases = await settings(next, "/settings/aliases");
      assert.equal((await aliases.browser.post("/settings/aliases", { ...aliases.token, acct: old.account.username })).status, 303);
      const migration = await settings(old, "/settings/migration");
      const moved = await migration.browser.post("/settings/migration", { ...migration.token, acct: next.account.username, password: old.password });
      assert.deepEqual([moved.status, moved.location], [303, "/settings/migration"]);

      const nextOnA = await waitFor(async () => (await alice.client.v1.accounts.$select(oldOnA.id).fetch()).moved ?? undefined, { ...ARRIVAL, what: "the move on A" });
      assert.equal(nextOnA.acct, `${next.account.username}@${domainB}`);
      await waitFor(async () => (await relationshipWith(alice, nextOnA.id)).following, { ...ARRIVAL, what: "the follow of the new account, accepted" });
      const left = await relationshipWith(alice, oldOnA.id);
      assert.deepEqual([left.following, left.requested], [false, false]);
      // On B, alice follows the new account and no longer the old one.
      assert.deepEqual((await next.client.v1.accounts.$select(next.account.id).followers.list()).map((f) => f.username), [alice.account.username]);
      await waitFor(async () => (await old.client.v1.accounts.$select(old.account.id).followers.list()).length === 0, { ...ARRIVAL, what: "the Undo of the old follow on B" });
    });
  });
}

describeTwoInstances("two embedded Starling instances federating", () => startEmbeddedStack({ env }), () => startEmbeddedStack({ env }));

// `.ci/run` always sets the real servers, so CI always runs this pairing too.
const servers = realServersFromEnv();
if (servers) {
  describeTwoInstances("a production-like Starling (PostgreSQL, Redis, Kafka) federating with an embedded one", () => startProductionStack(servers, { env }), () => startEmbeddedStack({ env }));
}
