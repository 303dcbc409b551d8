import assert from "node:assert/strict";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import { png } from "../src/harness/media-files.ts";
import type { Stack } from "../src/harness/stack.ts";

/**
 * Reading statuses through the gateway with masto.js: a thread's context, who may read a private
 * post, the filters of a profile's statuses, and the viewer-only fields (application, filtered).
 */
function describeStatusReads(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  let carol: Session;
  let dave: Session;
  const suffix = suiteSessions(start, ["alice", "bob", "carol", "dave"], async (suite) => {
    ({ stack, alice, bob, carol, dave } = suite);
    await bob.client.v1.accounts.$select(alice.account.id).follow();
    await dave.client.v1.accounts.$select(alice.account.id).follow();
  });

  const get = async (who: Session | undefined, path: string) => {
    const res = await fetch(`${stack.url}${path}`, { headers: who ? { authorization: `Bearer ${who.accessToken}` } : {} });
    return { status: res.status, body: (await res.json()) as any };
  };
  const ids = (list: { id: string }[]) => list.map((s) => s.id);

  it("shows a thread's context with a private reply only to the author's followers", async function () {
    this.timeout(60_000);
    const root = await carol.client.v1.statuses.create({ status: `root ${suffix}` });
    const secret = await alice.client.v1.statuses.create({ status: "for followers", visibility: "private", inReplyToId: root.id });
    const open = await bob.client.v1.statuses.create({ status: "an open reply", inReplyToId: secret.id });
    const follower = await bob.client.v1.statuses.$select(root.id).context.fetch();
    assert.deepEqual([ids(follower.ancestors), ids(follower.descendants)], [[], [secret.id, open.id]]);
    const stranger = await carol.client.v1.statuses.$select(root.id).context.fetch();
    assert.deepEqual([ids(stranger.ancestors), ids(stranger.descendants)], [[], [open.id]]);
    const upwards = await get(undefined, `/api/v1/statuses/${open.id}/context`);
    assert.equal(upwards.status, 200);
    assert.deepEqual(ids(upwards.body.ancestors), [root.id], "an anonymous reader does not see the private parent");
    assert.deepEqual((await get(carol, `/api/v1/statuses/${secret.id}/context`)).status, 404);
  });

  it("makes a private post 404 to a non-follower and to a blocked account while a follower reads it", async function () {
    this.timeout(60_000);
    await alice.client.v1.accounts.$select(dave.account.id).block();
    const secret = await alice.client.v1.statuses.create({ status: `followers only ${suffix}`, visibility: "private" });
    const open = await alice.client.v1.statuses.create({ status: `public ${suffix}` });
    assert.equal((await bob.client.v1.statuses.$select(secret.id).fetch()).id, secret.id);
    const strangerRead = await get(carol, `/api/v1/statuses/${secret.id}`);
    assert.deepEqual([strangerRead.status, typeof strangerRead.body.error], [404, "string"]);
    assert.equal((await get(dave, `/api/v1/statuses/${secret.id}`)).status, 404);
    assert.equal((await get(dave, `/api/v1/statuses/${open.id}`)).status, 404, "a blocked account cannot read the public post either");
    assert.deepEqual((await get(dave, `/api/v1/accounts/${alice.account.id}/statuses`)).body, []);
    assert.equal((await get(carol, `/api/v1/statuses/${open.id}`)).status, 200);
  });

  it("filters a profile's statuses by tag, media, replies, reblogs and pins", async function () {
    this.timeout(90_000);
    const tagged = await carol.client.v1.statuses.create({ status: `about #Starling${suffix}` });
    const media = await carol.client.v1.media.create({ file: new Blob([new Uint8Array(await png(8, 8))], { type: "image/png" }) });
    const withMedia = await carol.client.v1.statuses.create({ status: "a picture", mediaIds: [media.id] });
    const elsewhere = await bob.client.v1.statuses.create({ status: "bob's" });
    const reply = await carol.client.v1.statuses.create({ status: "a reply", inReplyToId: elsewhere.id });
    const reblog = await carol.client.v1.statuses.$select(elsewhere.id).reblog();
    await carol.client.v1.statuses.$select(tagged.id).pin();
    const list = (params: Record<string, unknown>) => bob.client.v1.accounts.$select(carol.account.id).statuses.list({ limit: 40, ...params });
    assert.deepEqual(ids(await list({ tagged: `STARLING${suffix}` })), [tagged.id]);
    assert.deepEqual(ids(await list({ onlyMedia: true })), [withMedia.id]);
    const all = ids(await list({}));
    assert.ok([reply.id, reblog.id, withMedia.id, tagged.id].every((id) => all.includes(id)));
    assert.ok(!ids(await list({ excludeReplies: true })).includes(reply.id));
    assert.ok(!ids(await list({ excludeReblogs: true })).includes(reblog.id));
    assert.deepEqual(ids(await list({ pinned: true })), [tagged.id]);
    const ownPins = await carol.client.v1.accounts.$select(carol.account.id).statuses.list({ pinned: true });
    assert.deepEqual([ids(ownPins), ownPins[0]?.pinned], [[tagged.id], true], "pinned shows to the author");
  });

  it("shows the posting app with a null website, and filtered: [] to signed-in viewers", async function () {
    this.timeout(30_000);
    const posted = await alice.client.v1.statuses.create({ status: `from an app ${suffix}` });
    assert.deepEqual(posted.application, { name: "starling-e2e", website: null });
    const read = await get(bob, `/api/v1/statuses/${posted.id}`);
    assert.deepEqual([read.body.application, read.body.filtered], [{ name: "starling-e2e", website: null }, []]);
    const anonymous = await get(undefined, `/api/v1/statuses/${posted.id}`);
    assert.equal("filtered" in anonymous.body, false);
  });
}

describeOnBothStacks("status reads", describeStatusReads);
