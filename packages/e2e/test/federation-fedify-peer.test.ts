// Starling against an independent ActivityPub server (the Fedify peer), as Mastodon clients and a
// Mastodon-like server drive it: follows both ways with signed Accepts, what Starling's posts look
// like on the other side, Mastodon-shaped activities arriving, forged requests refused, and
// deliveries to a dead server retried behind its circuit breaker while a live one gets everything.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { mastodon } from "masto";
import { Accept, Create, Delete, Follow } from "@fedify/fedify/vocab";
import { waitFor } from "@starling/testkit";
import { startFedifyPeer, type FedifyPeer, type SignatureTamper } from "../src/harness/fedify-peer.ts";
import * as fixtures from "../src/harness/mastodon-fixtures.ts";
import { newSession, type Session } from "../src/harness/masto-session.ts";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";

/** Test settings: loopback peers allowed, retries in milliseconds, a circuit that opens after two failures. */
const env = {
  FEDERATION_ALLOW_PRIVATE_ADDRESS: "true",
  DELIVERY_BACKOFF_SCALE: "0.001",
  DELIVERY_SCHEDULER_INTERVAL_MS: "200",
  DELIVERY_CIRCUIT_THRESHOLD: "2",
};
const ARRIVAL = { timeoutMs: 30_000, intervalMs: 200 };

/**
 * A JSON-LD property that may be one value or an array, as an array. Fedify compacts the public
 * collection to `as:Public` (equal in JSON-LD, and read by Mastodon): it is spelled out here.
 */
const list = (value: unknown): unknown[] =>
  (value === undefined || value === null ? [] : [value].flat()).map((item) => (item === "as:Public" ? fixtures.PUBLIC : item));

/** The status with ActivityPub id `uri` in `session`'s home timeline, once it arrived. */
const arrivedInHome = (session: Session, uri: string) =>
  waitFor(async () => (await session.client.v1.timelines.home.list({ limit: 40 })).find((s) => s.uri === uri), { ...ARRIVAL, what: `${uri} in the home timeline` });

const relationshipWith = async (session: Session, id: string) => (await session.client.v1.accounts.relationships.fetch({ id: [id] }))[0]!;

/** The statuses a resolving search for `uri` finds (a known status, or one its server serves). */
const statusesAt = async (session: Session, uri: string) => (await session.client.v2.search.list({ q: uri, resolve: true, type: "statuses" })).statuses;

/** One row of `starling federation deliveries`. */
interface DeliveryRow {
  state: string;
  attempts: number;
  nextAttempt: string;
  type: string;
  inbox: string;
}

/** The two tables `federation deliveries` prints (see packages/cli/src/commands/federation-deliveries.ts). */
function parseDeliveries(output: string): { deliveries: DeliveryRow[]; hosts: { host: string; circuit: string; failures: number }[] } {
  const [deliveryTable = "", hostTable = ""] = output.trim().split(/\n\s*\n/);
  const rows = (table: string, header: string) => (table.startsWith(header) ? table.split("\n").slice(1).map((line) => line.trim().split(/\s+/)) : []);
  return {
    deliveries: rows(deliveryTable, "ID").map(([, state, attempts, nextAttempt, type, inbox]) => ({ state: state!, attempts: Number(attempts), nextAttempt: nextAttempt!, type: type!, inbox: inbox! })),
    hosts: rows(hostTable, "HOST").map(([host, circuit, failures]) => ({ host: host!, circuit: circuit!, failures: Number(failures) })),
  };
}

describeOnBothStacks(
  "Starling federating with an independent Fedify server",
  (start) => {
    let stack: Stack;
    let peer: FedifyPeer; // live all along: pal follows alice, peeruser is followed by bob
    let deadPeer: FedifyPeer; // ghost follows alice; stopped in the last test
    let origin: string;
    let alice: Session; // posts
    let bob: Session; // follows peeruser, reads what it sends
    let aliceUri: string;
    let bobUri: string;
    let pal: string;
    let peeruser: string;
    let ghost: string;
    let peeruserOnStarling: mastodon.v1.Account;
    const suffix = randomBytes(3).toString("hex");

    before(async function () {
      this.timeout(300_000);
      stack = await start();
      peer = await startFedifyPeer();
      deadPeer = await startFedifyPeer();
      const { domain } = (await (await fetch(`${stack.url}/api/v2/instance`)).json()) as { domain: string };
      origin = `http://${domain}`;
      alice = await newSession(stack, "alice", suffix);
      bob = await newSession(stack, "bob", suffix);
      aliceUri = `${origin}/users/${alice.account.username}`;
      bobUri = `${origin}/users/${bob.account.username}`;
      pal = await peer.addActor("pal");
      peeruser = await peer.addActor("peeruser", { name: "Peer User" });
      ghost = await deadPeer.addActor("ghost");
    });
    after(async function () {
      this.timeout(60_000);
      await Promise.all([stack?.stop(), peer?.stop(), deadPeer?.stop()]);
    });

    /** The first `type` activity (Create or Delete) `from` received whose object is `uri`. */
    const activityOn = (from: FedifyPeer, type: typeof Create | typeof Delete, uri: string) =>
      from.waitForActivity((r) => r.activity instanceof type && (r.json.object?.id ?? r.json.object) === uri, ARRIVAL.timeoutMs);

    it("answers a remote Follow of an unlocked user with a signed Accept and lists the follower", async function () {
      this.timeout(60_000);
      for (const [server, actor, username] of [[peer, pal, "pal"], [deadPeer, ghost, "ghost"]] as const) {
        const follow = fixtures.follow({ actor, object: aliceUri });
        assert.equal(await server.sendJson(username, follow, `${aliceUri}/inbox`), 202);
        // The peer's inbox records only what Fedify verified: the Accept was signed by alice's key.
        const accept = await server.waitForActivity((r) => r.activity instanceof Accept && r.activity.objectId?.href === follow.id, ARRIVAL.timeoutMs);
        assert.equal(accept.activity.actorId?.href, aliceUri);
        assert.equal(accept.recipient, username);
      }
      const followers = await alice.client.v1.accounts.$select(alice.account.id).followers.list();
      assert.deepEqual(followers.map((f) => f.acct).sort(), [`ghost@${deadPeer.host}`, `pal@${peer.host}`].sort());
      assert.deepEqual([peer.errors, deadPeer.errors], [[], []]);
    });

    it("delivers public, followers-only, direct posts and deletes as Mastodon shapes them, signed", async function () {
      this.timeout(60_000);
      const followersUri = `${aliceUri}/followers`;
      const post = await alice.client.v1.statuses.create({ status: `Hello peers ${suffix}`, visibility: "public" });
      const create = await activityOn(peer, Create, post.uri);
      assert.equal(create.json.actor, aliceUri);
      const note = create.json.object;
      assert.equal(note.type, "Note");
      assert.deepEqual(list(note.to), [fixtures.PUBLIC]);
      assert.deepEqual(list(note.cc), [followersUri]);
      assert.deepEqual([list(create.json.to), list(create.json.cc)], [list(note.to), list(note.cc)]);
      assert.match(note.content, new RegExp(`Hello peers ${suffix}`));
      assert.equal(note.attributedTo, aliceUri);
      assert.ok(!Number.isNaN(Date.parse(note.published)), `published: ${note.published}`);
      assert.equal(note.url, post.url);

      const privatePost = await alice.client.v1.statuses.create({ status: `Followers only ${suffix}`, visibility: "private" });
      const privateNote = (await activityOn(peer, Create, privatePost.uri)).json.object;
      assert.deepEqual(list(privateNote.to), [followersUri]);
      assert.ok(![...list(privateNote.to), ...list(privateNote.cc)].includes(fixtures.PUBLIC), "not public");

      // A direct message goes only to the mentioned actor, though pal on the same server follows alice.
      const mentioned = (await alice.client.v2.search.list({ q: `@peeruser@${peer.host}`, resolve: true, type: "accounts" })).accounts;
      assert.deepEqual(mentioned.map((a) => a.acct), [`peeruser@${peer.host}`]);
      const direct = await alice.client.v1.statuses.create({ status: `@peeruser@${peer.host} psst ${suffix}`, visibility: "direct" });
      const directNote = (await activityOn(peer, Create, direct.uri)).json.object;
      assert.deepEqual([list(directNote.to), list(directNote.cc)], [[peeruser], []]);
      assert.ok(list(directNote.tag).some((t: any) => t.type === "Mention" && t.href === peeruser), "peeruser is tagged as mentioned");

      await alice.client.v1.statuses.$select(post.id).remove();
      const deletion = await activityOn(peer, Delete, post.uri);
      assert.equal(deletion.json.actor, aliceUri);
      assert.equal(deletion.json.object.type, "Tombstone");
      // The dead peer (alive until the last test) got the public post but not the direct one.
      await activityOn(deadPeer, Delete, post.uri);
      assert.ok(!deadPeer.received.some((r) => r.json.object?.id === direct.uri), "the direct message went only to peeruser's server");
    });

    it("resolves a peer account by search and follows it: Follow sent, following once the peer's Accept arrives", async function () {
      this.timeout(60_000);
      const found = await bob.client.v2.search.list({ q: `@peeruser@${peer.host}`, resolve: true, type: "accounts" });
      peeruserOnStarling = found.accounts.find((a) => a.acct === `peeruser@${peer.host}`)!;
      assert.ok(peeruserOnStarling, `not resolved: ${JSON.stringify(found.accounts.map((a) => a.acct))}`);
      assert.equal(peeruserOnStarling.displayName, "Peer User");
      await bob.client.v1.accounts.$select(peeruserOnStarling.id).follow();
      const follow = await peer.waitForActivity((r) => r.activity instanceof Follow && r.json.actor === bobUri, ARRIVAL.timeoutMs);
      assert.equal(follow.json.object, peeruser);
      await waitFor(async () => (await relationshipWith(bob, peeruserOnStarling.id)).following, { ...ARRIVAL, what: "following after the Accept" });
      assert.deepEqual(peer.followers("peeruser"), [bobUri]);
    });

    it("reads Mastodon-shaped Create, Question, Like, Announce, Update and Delete from the peer", async function () {
      this.timeout(90_000);
      const send = (username: string, json: Record<string, any>, inbox = `${origin}/inbox`) => peer.sendJson(username, json, inbox);

      const create = fixtures.createNote({
        actor: peeruser,
        content: `<p>Hi <span class="h-card"><a href="${bobUri}" class="u-url mention">@<span>${bob.account.username}</span></a></span> <a href="${peer.origin}/tags/peertest" class="mention hashtag" rel="tag">#<span>peertest</span></a> ${suffix}</p>`,
        summary: "spoiler ahead",
        sensitive: true,
        mentions: [{ href: bobUri, name: `@${bob.account.username}@${new URL(origin).host}` }],
        hashtags: ["peertest"],
      });
      const noteJson = create.object;
      assert.equal(await send("peeruser", create), 202);
      const arrived = await arrivedInHome(bob, noteJson.id);
      assert.match(arrived.content, new RegExp(suffix));
      assert.equal(arrived.spoilerText, "spoiler ahead");
      assert.equal(arrived.sensitive, true);
      assert.equal(arrived.account.id, peeruserOnStarling.id);
      assert.deepEqual(arrived.mentions.map((m) => m.id), [bob.account.id]);
      assert.deepEqual(arrived.tags.map((t) => t.name), ["peertest"]);

      const poll = fixtures.createQuestion({ actor: peeruser, content: `<p>Tea? ${suffix}</p>`, choices: [{ name: "yes", votes: 2 }, { name: "no", votes: 1 }] });
      assert.equal(await send("peeruser", poll), 202);
      const pollStatus = await arrivedInHome(bob, poll.object.id);
      assert.deepEqual(pollStatus.poll?.options.map((o) => [o.title, o.votesCount]), [["yes", 2], ["no", 1]]);

      const aliceStatus = await alice.client.v1.statuses.create({ status: `Like me ${suffix}`, visibility: "public" });
      assert.equal(await send("peeruser", fixtures.like({ actor: peeruser, object: aliceStatus.uri }), `${aliceUri}/inbox`), 202);
      assert.equal(await send("peeruser", fixtures.announce({ actor: peeruser, object: aliceStatus.uri, objectAuthor: aliceUri }), `${aliceUri}/inbox`), 202);
      await waitFor(async () => {
        const seen = await alice.client.v1.statuses.$select(aliceStatus.id).fetch();
        return seen.favouritesCount === 1 && seen.reblogsCount === 1;
      }, { ...ARRIVAL, what: "the Like and the Announce counted" });

      const edit = fixtures.updateNote({ ...noteJson, content: `<p>Edited ${suffix}</p>`, contentMap: { en: `<p>Edited ${suffix}</p>` } });
      assert.equal(await send("peeruser", edit), 202);
      const edited = await bob.client.v1.statuses.$select(arrived.id).fetch();
      assert.match(edited.content, /Edited/);
      assert.ok(edited.editedAt, "edited_at set");
      const history = await bob.client.v1.statuses.$select(arrived.id).history.list();
      assert.deepEqual(history.map((v) => (/Edited/.test(v.content) ? "edited" : new RegExp(`Hi .*${suffix}`).test(v.content) ? "original" : v.content)), ["original", "edited"]);

      peer.updateActor("peeruser", { fields: [{ name: "Pronouns", value: "they/them" }] });
      assert.equal(await send("peeruser", fixtures.updatePerson(await peer.actorDocument("peeruser"))), 202);
      const profile = await bob.client.v1.accounts.$select(peeruserOnStarling.id).fetch();
      assert.deepEqual(profile.fields.map((f) => [f.name, f.value]), [["Pronouns", "they/them"]]);

      assert.equal(await send("peeruser", fixtures.deleteNote({ actor: peeruser, object: noteJson.id })), 202);
      const gone = await fetch(`${stack.url}/api/v1/statuses/${arrived.id}`, { headers: { authorization: `Bearer ${bob.accessToken}` } });
      assert.equal(gone.status, 404);
      assert.deepEqual(peer.errors, []);
    });

    it("refuses forged, replayed, altered, misattributed and unsigned requests at the public inbox, storing nothing", async function () {
      this.timeout(60_000);
      const inbox = `${origin}/users/${bob.account.username}/inbox`;
      const createBy = (actor: string) => fixtures.createNote({ actor, content: `<p>Should not be stored ${suffix}</p>` });
      const tampered: [string, string, Record<string, any>, SignatureTamper | undefined][] = [];
      const add = (what: string, signer: string, activity: Record<string, any>, tamper?: (a: Record<string, any>) => SignatureTamper) =>
        tampered.push([what, signer, activity, tamper?.(activity)]);
      add("a forged signature (keyId of another actor)", "peeruser", createBy(peeruser), () => ({ keyId: `${pal}#main-key` }));
      add("a Date two hours old (a replay)", "peeruser", createBy(peeruser), () => ({ date: new Date(Date.now() - 2 * 3_600_000) }));
      add("a Digest that does not match the body", "peeruser", createBy(peeruser), () => ({ digest: `SHA-256=${Buffer.alloc(32).toString("base64")}` }));
      add("a body other than the one signed", "peeruser", createBy(peeruser), (a) => ({ body: JSON.stringify({ ...a, object: { ...a.object, content: "<p>swapped</p>" } }) }));
      add("an actor other than the signer", "pal", createBy(peeruser));
      const refused: string[] = [];
      for (const [what, signer, activity, tamper] of tampered) {
        assert.equal(await peer.sendJson(signer, activity, inbox, tamper), 401, what);
        refused.push(activity.object.id);
      }
      const unsigned = createBy(peeruser);
      assert.equal(await peer.postUnsigned(unsigned, inbox), 401, "unsigned");
      refused.push(unsigned.object.id);

      // The same request untampered is taken (so the refusals above can fail), and found by its uri.
      const control = fixtures.createNote({ actor: peeruser, content: `<p>Properly signed ${suffix}</p>` });
      assert.equal(await peer.sendJson("peeruser", control, inbox), 202);
      await arrivedInHome(bob, control.object.id);
      assert.equal((await statusesAt(bob, control.object.id)).length, 1);
      const home = await bob.client.v1.timelines.home.list({ limit: 40 });
      for (const uri of refused) {
        assert.ok(!home.some((s) => s.uri === uri), `${uri} in the home timeline`);
        assert.deepEqual(await statusesAt(bob, uri), [], `${uri} stored`);
      }
    });

    it("keeps delivering to a live peer while a dead one's deliveries wait behind an open circuit", async function () {
      this.timeout(120_000);
      await deadPeer.stop();
      const posts: mastodon.v1.Status[] = [];
      for (let i = 1; i <= 3; i++) posts.push(await alice.client.v1.statuses.create({ status: `While one is down ${i} ${suffix}`, visibility: "public" }));
      // The live peer gets every one while the dead one fails (its own host lane and circuit).
      for (const post of posts) await activityOn(peer, Create, post.uri);

      // With the circuit open after two failures, deliveries not tried yet wait as pending (attempts 0).
      const listed = await waitFor(async () => {
        const parsed = parseDeliveries(await stack.cli(["federation", "deliveries"]));
        const dead = parsed.deliveries.filter((d) => d.inbox === deadPeer.sharedInbox);
        const circuit = parsed.hosts.find((h) => h.host === deadPeer.host);
        return dead.length === posts.length && dead.some((d) => d.state === "failed") && circuit?.circuit === "open" ? { dead, circuit, parsed } : undefined;
      }, { timeoutMs: 90_000, intervalMs: 1_000, what: "the dead peer's deliveries failed and its circuit open" });
      for (const delivery of listed.dead) {
        assert.equal(delivery.type, "Create");
        assert.ok(["pending", "failed"].includes(delivery.state), `state ${delivery.state}`);
        assert.ok(!Number.isNaN(Date.parse(delivery.nextAttempt)), `next attempt ${delivery.nextAttempt}`);
        if (delivery.state === "failed") assert.ok(delivery.attempts >= 1, `attempts ${delivery.attempts}`);
      }
      assert.ok(listed.circuit.failures >= 2, `failures ${listed.circuit.failures}`);
      assert.ok(!listed.parsed.deliveries.some((d) => d.inbox === peer.sharedInbox), "nothing to the live peer is failing");
      assert.ok(!listed.parsed.hosts.some((h) => h.host === peer.host), "the live peer's circuit is not listed");
    });
  },
  { env },
);
