import assert from "node:assert/strict";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import type { Stack } from "../src/harness/stack.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";

type Json = Record<string, any>;

// Featured tags through the API (masto.js) and the actor's featured tags collection, on the real services.
describeOnBothStacks("featured tags", (start) => {
  let stack: Stack;
  let alice: Session;
  const suffix = suiteSessions(start, ["alice"], (suite) => ({ stack, alice } = suite));

  it("features a tag in the spelling typed, counts its posts, refuses duplicates, and serves it to federation", async function () {
    this.timeout(60_000);
    const name = `Cats${suffix}`;
    await alice.client.v1.statuses.create({ status: `Hello #${name.toLowerCase()}`, visibility: "public" });
    const suggested = await alice.client.v1.featuredTags.suggestions.list();
    assert.ok(suggested.some((tag) => tag.name.toLowerCase() === name.toLowerCase()));

    const featured = await alice.client.v1.featuredTags.create({ name: `#${name}` });
    assert.equal(featured.name, name);
    assert.equal(featured.statusesCount as unknown, "1");
    await assert.rejects(alice.client.v1.featuredTags.create({ name: name.toUpperCase() }), (error: Json) => error.statusCode === 422);
    await assert.rejects(alice.client.v1.featuredTags.create({ name: "not a tag" }), (error: Json) => error.statusCode === 422);

    const publicList = await alice.client.v1.accounts.$select(alice.account.id).featuredTags.list();
    assert.deepEqual(publicList.map((tag) => tag.name), [name]);
    const collection = (await (await fetch(`${stack.url}/users/${alice.account.username}/collections/tags`, { headers: { accept: "application/activity+json" } })).json()) as Json;
    assert.deepEqual([collection.orderedItems].flat().map((item: Json) => item.name), [`#${name}`]);

    await alice.client.v1.featuredTags.$select(featured.id).remove();
    assert.deepEqual(await alice.client.v1.featuredTags.list(), []);
  });
});
