// Starling against bovine-herd (Python, from PyPI, pinned in scripts/bovine-herd.sh): an ActivityPub
// server that shares no code with Starling or Fedify. Its users act through their outbox (client to
// server), which bovine turns into signed deliveries; what bovine's inbox verified is read back.
// Both sides start first contact, and every interaction goes both ways where bovine can express it.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { mastodon } from "masto";
import { waitFor } from "@starling/testkit";
import { startBovinePeer, type BovinePeer } from "../src/harness/bovine-peer.ts";
import { newSession, type Session } from "../src/harness/masto-session.ts";
import { png } from "../src/harness/media-files.ts";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";

const PUBLIC = "https://www.w3.org/ns/activitystreams#Public";
const ARRIVAL = { timeoutMs: 30_000, intervalMs: 200 };
type Json = Record<string, any>;

/** A JSON-LD value that may be one item or a list, as a list of ids. */
const ids = (value: unknown): string[] => [value ?? []].flat().map((item: any) => (typeof item === "string" ? item : item.id));

describeOnBothStacks(
  "Starling federating with bovine-herd, an independent Python server",
  (start) => {
    let stack: Stack;
    let peer: BovinePeer; // moo follows alice (first contact from bovine); bob follows cow (from Starling)
    let alice: Session;
    let bob: Session;
    let aliceUri: string;
    let bobUri: string;
    let cowOnStarling: mastodon.v1.Account;
    let imageHost: ReturnType<typeof createServer>;
    const suffix = randomBytes(3).toString("hex");

    before(async function () {
      this.timeout(300_000);
      [stack, peer] = await Promise.all([start(), startBovinePeer(["moo", "cow"])]);
      const { domain } = (await (await fetch(`${stack.url}/api/v2/instance`)).json()) as { domain: string };
      alice = await newSession(stack, "alice", suffix);
      bob = await newSession(stack, "bob", suffix);
      aliceUri = `http://${domain}/users/${alice.account.username}`;
      bobUri = `http://${domain}/users/${bob.account.username}`;
      // bovine stores no media: a picture cow posts is hosted here, as on a media server.
      const picture = await png(64, 48);
      imageHost = createServer((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(picture));
      await new Promise<void>((done) => imageHost.listen(0, "127.0.0.1", done));
    });
    after(async function () {
      this.timeout(60_000);
      imageHost?.close();
      await Promise.all([stack?.stop(), peer?.stop()]);
    });

    /** Posts a Create of `object` as `handle` and returns the object's id bovine assigned. */
    const create = async (handle: string, object: Json) => {
      const activity = await peer.post(handle, { type: "Create", to: object.to, cc: object.cc, object: { ...object, attributedTo: peer.actors[handle]!.id } });
      return (await peer.get(handle, activity)).object.id as string;
    };
    /** The first activity of `type` bovine received whose object (or its id) is `objectId`. */
    const receivedOn = (type: string, objectId: string) =>
      peer.waitFor((a) => a.type === type && (a.object?.id ?? a.object) === objectId, `${type} of ${objectId}`);
    const statusOf = (session: Session, uri: string) =>
      waitFor(async () => (await session.client.v2.search.list({ q: uri, resolve: true, type: "statuses" })).statuses[0], { ...ARRIVAL, what: `${uri} on Starling` });
    const inHome = (session: Session, uri: string) =>
      waitFor(async () => (await session.client.v1.timelines.home.list({ limit: 40 })).find((s) => s.uri === uri), { ...ARRIVAL, what: `${uri} in the home timeline` });
    /** The ids in `handle`'s own `followers` or `following` collection, as its owner reads them. */
    const collection = async (handle: string, name: "followers" | "following") => {
      const items = await peer.get(handle, (await peer.get(handle, peer.actors[handle]!.id))[name]);
      return ids(items.orderedItems ?? items.items);
    };

    it("first contact from Starling: resolves @cow by WebFinger, follows, and cow's Accept from bovine's outbox lands", async function () {
      this.timeout(60_000);
      const found = (await bob.client.v2.search.list({ q: `@cow@${peer.host}`, resolve: true, type: "accounts" })).accounts;
      assert.deepEqual(found.map((a) => a.acct), [`cow@${peer.host}`]);
      cowOnStarling = found[0]!;
      await bob.client.v1.accounts.$select(cowOnStarling.id).follow();
      const follow = await peer.waitFor((a) => a.type === "Follow" && a.actor === bobUri && a.object === peer.actors.cow!.id, "bob's Follow");
      await peer.post("cow", { type: "Accept", to: [bobUri], object: follow });
      await waitFor(async () => (await bob.client.v1.accounts.relationships.fetch({ id: [cowOnStarling.id] }))[0]?.following, { ...ARRIVAL, what: "bob following cow" });
      // bovine applied its own Accept: bob is in cow's followers collection.
      await waitFor(async () => (await collection("cow", "followers")).includes(bobUri), { ...ARRIVAL, what: "bob in cow's followers" });
    });

    it("first contact from bovine: moo's Follow of alice is accepted and bovine records the Accept", async function () {
      this.timeout(60_000);
      const follow = await peer.post("moo", { type: "Follow", to: [aliceUri], object: aliceUri });
      const accept = await peer.waitFor((a) => a.type === "Accept" && a.actor === aliceUri && (a.object?.id ?? a.object) === follow, "alice's Accept");
      assert.equal(accept.object.actor ?? peer.actors.moo!.id, peer.actors.moo!.id);
      await waitFor(async () => (await collection("moo", "following")).includes(aliceUri), { ...ARRIVAL, what: "alice in moo's following" });
      const followers = await alice.client.v1.accounts.$select(alice.account.id).followers.list();
      assert.deepEqual(followers.map((f) => f.acct), [`moo@${peer.host}`]);
    });
  },
);
