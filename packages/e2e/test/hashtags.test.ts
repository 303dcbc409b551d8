import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

/** Hashtag timelines, tags and followed tags through the gateway with masto.js. */
function describeHashtags(start: () => Promise<Stack>): void {
  let stack: Stack;
  let sessions: Record<"ana" | "ben", Session>;
  const suffix = suiteSessions(start, ["ana", "ben"], (suite) => ({ stack, ...sessions } = suite));
  const cafe = () => `café${suffix}`;
  const tea = () => `tea${suffix}`;

  const get = async (session: Session | undefined, path: string) => {
    const response = await fetch(`${stack.url}${path}`, { headers: session ? { authorization: `Bearer ${session.accessToken}` } : {} });
    return { status: response.status, link: response.headers.get("link") ?? "", body: (await response.json()) as any };
  };
  const ids = (list: { id: string }[]) => list.map((s) => s.id);

  it("lists tagged public posts whatever the case and accents, with any[], all[] and none[]", async function () {
    this.timeout(90_000);
    const { ana } = sessions;
    const both = await ana.client.v1.statuses.create({ status: `#Café${suffix} and #${tea()}` });
    const onlyCafe = await ana.client.v1.statuses.create({ status: `just #CAFE${suffix}` });
    const onlyTea = await ana.client.v1.statuses.create({ status: `just #${tea()}` });
    await ana.client.v1.statuses.create({ status: `hidden #${cafe()}`, visibility: "unlisted" });
    await waitFor(async () => (await ana.client.v1.timelines.tag.$select(`CAFE${suffix}`).list()).length === 2, { timeoutMs: 60_000, what: "the tagged posts" });
    assert.deepEqual(ids(await ana.client.v1.timelines.tag.$select(`Cafe${suffix}`).list()), [onlyCafe.id, both.id]);
    // The tea-only post reaches its tag's timeline on its own schedule, after the café ones.
    const anyTea = `/api/v1/timelines/tag/${encodeURIComponent(cafe())}?any[]=${tea()}`;
    await waitFor(async () => (await get(undefined, anyTea)).body.length === 3, { timeoutMs: 60_000, what: "the tea-only post" });
    const anonymous = await get(undefined, anyTea);
    assert.equal(anonymous.status, 200);
    assert.deepEqual(ids(anonymous.body), [onlyTea.id, onlyCafe.id, both.id]);
    assert.deepEqual(ids((await get(undefined, `/api/v1/timelines/tag/cafe${suffix}?all[]=${tea()}`)).body), [both.id]);
    assert.deepEqual(ids((await get(undefined, `/api/v1/timelines/tag/cafe${suffix}?none[]=${tea()}`)).body), [onlyCafe.id]);
    assert.deepEqual(ids((await get(undefined, `/api/v1/timelines/tag/cafe${suffix}?remote=true`)).body), []);
    const paged = await get(undefined, `/api/v1/timelines/tag/cafe${suffix}?limit=1`);
    assert.match(paged.link, new RegExp(`max_id=${onlyCafe.id}>; rel="next"`));
    assert.deepEqual((await get(undefined, "/api/v1/timelines/tag/unknown" + suffix)).body, []);
  });

  it("moves an edited post from the hashtag it lost to the one it gained", async function () {
    this.timeout(90_000);
    const { ana } = sessions;
    const tagged = (tag: string) => async () => ids(await ana.client.v1.timelines.tag.$select(tag).list());
    const post = await ana.client.v1.statuses.create({ status: `first #soup${suffix}` });
    await waitFor(async () => (await tagged(`soup${suffix}`)()).includes(post.id), { timeoutMs: 60_000, what: "the post on its first tag" });
    await ana.client.v1.statuses.$select(post.id).update({ status: `then #Stew${suffix}` });
    await waitFor(async () => (await tagged(`stew${suffix}`)()).includes(post.id), { timeoutMs: 60_000, what: "the edited post on its new tag" });
    assert.deepEqual(await tagged(`soup${suffix}`)(), [], "no longer on the tag the edit removed");
    const history = (await get(undefined, `/api/v1/tags/stew${suffix}`)).body.history as { uses: string }[];
    assert.equal(history[0]!.uses, "1");
  });

  it("shows a tag with seven days of history and follow state, and follows and unfollows it", async function () {
    this.timeout(90_000);
    const { ben } = sessions;
    const anonymous = await get(undefined, `/api/v1/tags/${encodeURIComponent(cafe())}`);
    assert.equal(anonymous.status, 200);
    assert.equal(anonymous.body.history.length, 7);
    assert.equal("following" in anonymous.body, false);
    assert.deepEqual(Object.keys(anonymous.body.history[0]).sort(), ["accounts", "day", "uses"]);
    assert.equal(anonymous.body.history[0].day, String(Math.floor(Date.now() / 86_400_000) * 86_400));
    assert.equal((await get(undefined, "/api/v1/tags/not%20a%20tag")).status, 404);
    assert.equal((await ben.client.v1.tags.$select(tea()).follow()).following, true);
    assert.equal((await ben.client.v1.tags.$select(cafe()).fetch()).following, false);
    const followed = await get(ben, "/api/v1/followed_tags");
    assert.deepEqual(followed.body.map((t: { name: string }) => t.name), [tea()]);
    assert.equal((await ben.client.v1.tags.$select(tea()).unfollow()).following, false);
    assert.deepEqual((await get(ben, "/api/v1/followed_tags")).body, []);
  });

  it("brings a post with a followed tag into the home of someone not following its author", async function () {
    this.timeout(90_000);
    const { ana, ben } = sessions;
    await ben.client.v1.tags.$select(`Followed${suffix}`).follow();
    const post = await ana.client.v1.statuses.create({ status: `for followers of #followed${suffix}` });
    await waitFor(async () => ids(await ben.client.v1.timelines.home.list({ limit: 40 })).includes(post.id), { timeoutMs: 60_000, what: "the tagged post in ben's home" });
  });
}

describeOnBothStacks("hashtags", describeHashtags);
