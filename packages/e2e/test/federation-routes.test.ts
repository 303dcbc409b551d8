import assert from "node:assert/strict";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import type { Stack } from "../src/harness/stack.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";

type Json = Record<string, any>;
const AP = "application/activity+json";
const BROWSER = "text/html,application/xhtml+xml,*/*;q=0.8";

// The ActivityPub routes besides actors and inboxes, through the gateway on the real services:
// Mastodon's /@ paths with content negotiation, embeds, /tags, the instance actor's outbox, /emojis.
describeOnBothStacks("federation routes through the gateway", (start) => {
  let stack: Stack;
  let alice: Session;
  const suffix = suiteSessions(start, ["alice"], (suite) => ({ stack, alice } = suite));
  const get = (path: string, accept = AP) => fetch(`${stack.url}${path}`, { headers: { accept }, redirect: "manual" });

  it("serves /@user, /@user/ID and the embed with content negotiation, and /tags/:tag with the local public posts", async function () {
    this.timeout(60_000);
    const tag = `birds${suffix}`;
    const open = await alice.client.v1.statuses.create({ status: `Look #${tag}`, visibility: "public" });
    const friends = await alice.client.v1.statuses.create({ status: `Quiet #${tag}`, visibility: "private" });
    const username = alice.account.username;

    const actor = (await (await get(`/@${username}`)).json()) as Json;
    assert.equal(actor.id, (await (await get(`/users/${username}`)).json() as Json).id);
    assert.equal(actor.preferredUsername, username);
    const profile = await get(`/@${username}`, BROWSER);
    assert.equal(profile.status, 200);
    assert.match(profile.headers.get("content-type") ?? "", /text\/html/);
    assert.ok((await profile.text()).includes(`href="${actor.id}"`), "the page links its actor");

    const note = (await (await get(`/@${username}/${open.id}`)).json()) as Json;
    assert.equal(note.id, open.uri);
    assert.match(await (await get(`/@${username}/${open.id}`, BROWSER)).text(), new RegExp(`Look .*${tag}`));
    assert.equal((await get(`/@${username}/${open.id}/embed`, BROWSER)).status, 200);
    assert.equal((await get(`/@${username}/${friends.id}/embed`, BROWSER)).status, 404);
    assert.equal((await get(`/@${username}/${friends.id}`)).status, 404);

    const collection = (await (await get(`/tags/${tag}`)).json()) as Json;
    assert.deepEqual([collection.orderedItems].flat(), [open.uri]);
    assert.equal(collection.totalItems, 2);
  });

  it("serves the instance actor's outbox, an account's featured tags, and 404 for an unknown emoji", async function () {
    const outbox = (await (await get("/actor/outbox")).json()) as Json;
    assert.equal(outbox.type, "OrderedCollection");
    assert.equal(outbox.totalItems, 0);
    const tags = await get(`/users/${alice.account.username}/collections/tags`);
    assert.equal(tags.status, 200);
    const emoji = await get("/emojis/999999999");
    assert.equal(emoji.status, 404);
    assert.deepEqual(await emoji.json(), { error: "Not Found" });
  });
});
