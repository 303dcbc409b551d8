import assert from "node:assert/strict";
import type { mastodon } from "masto";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Answer = { status: number; link: string; body: any };

/**
 * Notifications and markers through the gateway with masto.js, as a client sees them: each kind
 * arrives after the action that causes it (events, then the timelines service), renders its
 * status through the one hydration path, and filters and pages as Mastodon's do.
 */
function describeNotifications(start: () => Promise<Stack>): void {
  let stack: Stack;
  let star: Session;
  let fan: Session;
  let shy: Session;
  let asker: Session;
  let rogue: Session;
  const suffix = suiteSessions(start, ["star", "fan", "shy", "asker", "rogue"], (suite) => ({ stack, star, fan, shy, asker, rogue } = suite));

  const call = async (who: Session, method: string, path: string, json?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { authorization: `Bearer ${who.accessToken}`, ...(json ? { "content-type": "application/json" } : {}) };
    const res = await fetch(`${stack.url}${path}`, { method, headers, body: json ? JSON.stringify(json) : undefined });
    return { status: res.status, link: res.headers.get("link") ?? "", body: await res.json() };
  };
  const list = (who: Session, params: mastodon.rest.v1.ListNotificationsParams = {}) => who.client.v1.notifications.list({ limit: 30, ...params });
  /** Waits until `who` has a notification matching `wanted`, and answers it. */
  const arrives = (who: Session, what: string, wanted: (n: mastodon.v1.Notification) => boolean) =>
    waitFor(async () => (await list(who)).find(wanted), { what, timeoutMs: 30_000 });

  it("tells of a follow and of a mention, the mention with its status rendered", async function () {
    this.timeout(60_000);
    await fan.client.v1.accounts.$select(star.account.id).follow();
    const follow = await arrives(star, "follow", (n) => n.type === "follow" && n.account?.id === fan.account.id);
    assert.equal(follow.status, undefined, "a follow shows no status");
    assert.ok(!Number.isNaN(Date.parse(follow.createdAt)));
    const mention = await fan.client.v1.statuses.create({ status: `@${star.account.acct} hello ${suffix}` });
    const told = await arrives(star, "mention", (n) => n.type === "mention" && n.status?.id === mention.id);
    assert.deepEqual([told.account?.id, told.status?.account.id, told.status?.mentions.map((m) => m.id)], [fan.account.id, fan.account.id, [star.account.id]]);
    assert.deepEqual((await star.client.v1.notifications.$select(told.id).fetch()).status?.id, mention.id);
  });

  it("tells a follower who asked for it of new posts, without a second follow notification for the changed follow", async function () {
    this.timeout(60_000);
    await fan.client.v1.accounts.$select(star.account.id).follow({ notify: true });
    await waitFor(async () => (await fan.client.v1.accounts.relationships.fetch({ id: [star.account.id] }))[0]!.notifying, { what: "notifying" });
    const post = await star.client.v1.statuses.create({ status: `news for subscribers ${suffix}` });
    const told = await arrives(fan, "status", (n) => n.type === "status" && n.status?.id === post.id);
    assert.equal(told.account?.id, star.account.id);
    assert.equal((await list(star, { types: ["follow"], accountId: fan.account.id })).length, 1);
  });

  it("tells a locked account of a follow request, which goes once authorized, without a follow notification", async function () {
    this.timeout(60_000);
    await shy.client.v1.accounts.updateCredentials({ locked: true });
    await asker.client.v1.accounts.$select(shy.account.id).follow();
    await arrives(shy, "follow_request", (n) => n.type === "follow_request" && n.account?.id === asker.account.id);
    await shy.client.v1.followRequests.$select(asker.account.id).authorize();
    await waitFor(async () => (await list(shy)).every((n) => n.account?.id !== asker.account.id), { what: "the request's notification to go" });
    // A follow after it shows the consumer got past the authorization: still no follow from asker.
    await fan.client.v1.accounts.$select(shy.account.id).follow();
    await waitFor(async () => (await list(shy)).some((n) => n.type === "follow_request" && n.account?.id === fan.account.id), { what: "fan's request" });
    assert.deepEqual((await list(shy)).filter((n) => n.account?.id === asker.account.id), []);
  });

  it("tells of a favourite and a boost of one's status, and of an edit to a status one boosted", async function () {
    this.timeout(60_000);
    const post = await star.client.v1.statuses.create({ status: `worth sharing ${suffix}` });
    await fan.client.v1.statuses.$select(post.id).favourite();
    await fan.client.v1.statuses.$select(post.id).reblog();
    await arrives(star, "favourite", (n) => n.type === "favourite" && n.status?.id === post.id && n.account?.id === fan.account.id);
    await arrives(star, "reblog", (n) => n.type === "reblog" && n.status?.id === post.id && n.account?.id === fan.account.id);
    await star.client.v1.statuses.$select(post.id).update({ status: `worth sharing, edited ${suffix}` });
    const update = await arrives(fan, "update", (n) => n.type === "update" && n.status?.id === post.id);
    assert.equal(update.account?.id, star.account.id);
    assert.match(update.status!.content, /edited/);
    // Undoing the favourite removes nothing already sent.
    await fan.client.v1.statuses.$select(post.id).unfavourite();
    assert.ok((await list(star, { types: ["favourite"] })).some((n) => n.status?.id === post.id));
  });

  it("tells a poll's author and its voter when it ends", async function () {
    this.timeout(60_000);
    const poll = await star.client.v1.statuses.create({ status: `quick poll ${suffix}`, poll: { options: ["yes", "no"], expiresIn: 2 } });
    await fan.client.v1.polls.$select(poll.poll!.id).votes.create({ choices: [0] });
    for (const who of [star, fan]) {
      const ended = await arrives(who, "poll", (n) => n.type === "poll" && n.status?.id === poll.id);
      assert.deepEqual([ended.account?.id, ended.status?.poll?.expired], [star.account.id, true]);
    }
  });

  it("filters by types[], exclude_types[] and account_id, and pages with a Link header", async function () {
    this.timeout(60_000);
    const mentionsOnly = await list(star, { types: ["mention"] });
    assert.ok(mentionsOnly.length > 0 && mentionsOnly.every((n) => n.type === "mention"));
    const noMentions = await list(star, { excludeTypes: ["mention", "follow"] });
    assert.ok(noMentions.length > 0 && noMentions.every((n) => n.type !== "mention" && n.type !== "follow"));
    assert.ok((await list(star, { accountId: fan.account.id })).every((n) => n.account?.id === fan.account.id));
    const first = await call(star, "GET", "/api/v1/notifications?limit=2&types[]=favourite&types[]=reblog&types[]=mention&types[]=follow");
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.map((n: { type: string }) => n.type).length, 2);
    const next = /<([^>]+)>; rel="next"/.exec(first.link)?.[1];
    assert.match(next ?? "", /max_id=\d+/);
    assert.match(next!, /types/, "the next link keeps the filter");
    assert.match(first.link, /min_id=\d+[^>]*>; rel="prev"/);
    const second = await fetch(next!, { headers: { authorization: `Bearer ${star.accessToken}` } });
    const older = (await second.json()) as { id: string }[];
    assert.ok(older.length > 0 && older.every((n) => BigInt(n.id) < BigInt(first.body[1].id)));
  });

  it("removes a deleted status's mention, dismisses one, clears all, and keeps to its scopes", async function () {
    this.timeout(60_000);
    const mention = await fan.client.v1.statuses.create({ status: `@${star.account.acct} soon gone ${suffix}` });
    await arrives(star, "mention", (n) => n.status?.id === mention.id);
    await fan.client.v1.statuses.$select(mention.id).remove();
    await waitFor(async () => !(await list(star, { types: ["mention"] })).some((n) => n.status?.id === mention.id), { what: "the mention to go" });

    const [newest] = await list(star);
    await star.client.v1.notifications.$select(newest!.id).dismiss();
    assert.equal((await call(star, "GET", `/api/v1/notifications/${newest!.id}`)).status, 404);
    assert.equal((await call(fan, "POST", `/api/v1/notifications/${newest!.id}/dismiss`)).status, 404, "not someone else's");
    const withoutNotifications = await signIn(stack.url, `reader_${suffix}@example.com`, await stack.createAccount(`reader_${suffix}`, `reader_${suffix}@example.com`), "read:statuses read:accounts");
    assert.equal((await call(withoutNotifications, "GET", "/api/v1/notifications")).status, 403);
    assert.equal((await call(withoutNotifications, "POST", "/api/v1/notifications/clear")).status, 403);
    assert.deepEqual(await call(star, "POST", "/api/v1/notifications/clear"), { status: 200, link: "", body: {} });
    assert.deepEqual(await list(star), []);
  });

  it("hides notifications from a suspended account", async function () {
    this.timeout(60_000);
    const post = await shy.client.v1.statuses.create({ status: `public words ${suffix}` });
    await rogue.client.v1.statuses.$select(post.id).favourite();
    await arrives(shy, "rogue's favourite", (n) => n.type === "favourite" && n.account?.id === rogue.account.id);
    assert.match(await stack.cli(["accounts", "suspend", `rogue_${suffix}`]), /OK/);
    await waitFor(async () => (await list(shy)).every((n) => n.account?.id !== rogue.account.id), { what: "rogue's notifications hidden", timeoutMs: 30_000 });
  });

  it("keeps markers: reads back what was saved, one version per save, none lost to saves at once", async function () {
    this.timeout(60_000);
    const saved = await star.client.v1.markers.create({ home: { lastReadId: "1000" }, notifications: { lastReadId: "2000" } });
    assert.deepEqual([saved.home?.lastReadId, saved.home?.version, saved.notifications?.lastReadId, saved.notifications?.version], ["1000", 1, "2000", 1]);
    const read = await star.client.v1.markers.fetch({ timeline: ["home", "notifications"] });
    assert.deepEqual([read.home?.lastReadId, read.notifications?.lastReadId], ["1000", "2000"]);
    assert.ok(!Number.isNaN(Date.parse(read.home!.updatedAt)));
    const form = await fetch(`${stack.url}/api/v1/markers`, {
      method: "POST",
      headers: { authorization: `Bearer ${star.accessToken}`, "content-type": "application/x-www-form-urlencoded" },
      body: "home[last_read_id]=1001",
    });
    assert.equal(((await form.json()) as any).home.version, 2);
    await Promise.all(Array.from({ length: 10 }, (_, i) => call(star, "POST", "/api/v1/markers", { notifications: { last_read_id: String(3000 + i) } })));
    const after = await call(star, "GET", "/api/v1/markers?timeline[]=notifications");
    assert.deepEqual(Object.keys(after.body), ["notifications"]);
    assert.equal(after.body.notifications.version, 11);
    assert.equal((await call(star, "POST", "/api/v1/markers", { home: { last_read_id: "nope" } })).status, 422);
    assert.deepEqual((await call(fan, "GET", "/api/v1/markers?timeline[]=home")).body, {});
  });
}

describeOnBothStacks("notifications and markers", describeNotifications);
