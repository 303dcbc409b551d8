import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

/** Blocks, mutes and domain blocks through the gateway with masto.js, on one kind of stack. */
function describeBlocksAndMutes(start: () => Promise<Stack>): void {
  let stack: Stack;
  let sessions: Record<"ana" | "ben" | "cy" | "dee", Session>;
  const suffix = suiteSessions(start, ["ana", "ben", "cy", "dee"], (suite) => ({ stack, ...sessions } = suite));

  const api = async (session: Session, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${session.accessToken}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    assert.match(response.headers.get("content-type") ?? "", /application\/json/);
    return { status: response.status, link: response.headers.get("link") ?? "", body: (await response.json()) as any };
  };

  it("removes a blocked account's posts from the blocker's home", async function () {
    this.timeout(90_000);
    const { ana, ben } = sessions;
    await ben.client.v1.accounts.$select(ana.account.id).follow();
    const post = await ana.client.v1.statuses.create({ status: `before the block ${suffix}` });
    const home = () => ben.client.v1.timelines.home.list({ limit: 40 });
    await waitFor(async () => (await home()).some((s) => s.id === post.id), { timeoutMs: 60_000, what: "ana's post in ben's home" });
    const relationship = await ben.client.v1.accounts.$select(ana.account.id).block();
    assert.deepEqual([relationship.blocking, relationship.following], [true, false]);
    await waitFor(async () => (await home()).every((s) => s.account.id !== ana.account.id), { timeoutMs: 60_000, what: "ana's posts leaving ben's home" });
    const [seenByAna] = await ana.client.v1.accounts.relationships.fetch({ id: [ben.account.id] });
    assert.equal(seenByAna?.blockedBy, true);
    const refused = await api(ana, "POST", `/api/v1/accounts/${ben.account.id}/follow`);
    assert.deepEqual(refused, { status: 403, link: "", body: { error: "This action is not allowed" } });
  });

  it("ends a timed mute by itself, showing its end in the mutes list until then", async function () {
    this.timeout(60_000);
    const { cy, dee } = sessions;
    const muted = await cy.client.v1.accounts.$select(dee.account.id).mute({ duration: 2, notifications: false });
    assert.deepEqual([muted.muting, muted.mutingNotifications], [true, false]);
    const listed = await api(cy, "GET", "/api/v1/mutes");
    assert.equal(listed.body[0].id, dee.account.id);
    assert.ok(Date.parse(listed.body[0].mute_expires_at) > Date.now() - 1000, listed.body[0].mute_expires_at);
    await waitFor(async () => (await cy.client.v1.accounts.relationships.fetch({ id: [dee.account.id] }))[0]?.muting === false, {
      timeoutMs: 30_000,
      what: "the timed mute to end",
    });
    assert.deepEqual((await api(cy, "GET", "/api/v1/mutes")).body, []);
  });

  it("shows blocking, muting, muting_notifications and domain_blocking in relationships", async () => {
    const { cy, ana } = sessions;
    await cy.client.v1.accounts.$select(ana.account.id).mute();
    let [r] = await cy.client.v1.accounts.relationships.fetch({ id: [ana.account.id] });
    assert.deepEqual([r?.muting, r?.mutingNotifications, r?.blocking, r?.domainBlocking], [true, true, false, false]);
    await cy.client.v1.accounts.$select(ana.account.id).block();
    [r] = await cy.client.v1.accounts.relationships.fetch({ id: [ana.account.id] });
    assert.deepEqual([r?.muting, r?.blocking], [true, true]);
    const raw = await api(cy, "GET", `/api/v1/accounts/relationships?id[]=${ana.account.id}`);
    assert.deepEqual(Object.keys(raw.body[0]).sort(), [
      "blocked_by", "blocking", "domain_blocking", "endorsed", "followed_by", "following", "id", "languages", "muting", "muting_notifications",
      "note", "notifying", "requested", "requested_by", "showing_reblogs",
    ].sort());
    await cy.client.v1.accounts.$select(ana.account.id).unblock();
    await cy.client.v1.accounts.$select(ana.account.id).unmute();
    [r] = await cy.client.v1.accounts.relationships.fetch({ id: [ana.account.id] });
    assert.deepEqual([r?.muting, r?.blocking], [false, false]);
  });

  it("pages the blocks list by block id with Link headers that masto follows", async function () {
    this.timeout(60_000);
    const { dee, ana, ben, cy } = sessions;
    for (const target of [ana, ben, cy]) await dee.client.v1.accounts.$select(target.account.id).block();
    const first = await api(dee, "GET", "/api/v1/blocks?limit=2");
    assert.deepEqual(first.body.map((a: { id: string }) => a.id), [cy.account.id, ben.account.id]);
    assert.match(first.link, /<[^>]+\/api\/v1\/blocks\?limit=2&max_id=\d+>; rel="next"/);
    assert.match(first.link, /since_id=\d+>; rel="prev"/);
    const pages: string[][] = [];
    for await (const page of dee.client.v1.blocks.list({ limit: 2 })) pages.push(page.map((a) => a.id));
    assert.deepEqual(pages, [[cy.account.id, ben.account.id], [ana.account.id]]);
  });

  it("blocks, lists and unblocks domains as lower-case Unicode strings", async () => {
    const { ben } = sessions;
    await ben.client.v1.domainBlocks.create({ domain: "XN--MNCHEN-3YA.example" });
    await ben.client.v1.domainBlocks.create({ domain: "spam.example" });
    assert.deepEqual(await ben.client.v1.domainBlocks.list(), ["spam.example", "münchen.example"]);
    assert.deepEqual((await api(ben, "POST", "/api/v1/domain_blocks", { domain: "spam.example" })).body, {});
    await ben.client.v1.domainBlocks.remove({ domain: "spam.example" });
    assert.deepEqual(await ben.client.v1.domainBlocks.list(), ["münchen.example"]);
  });

  it("answers bad input with JSON errors: unknown account 404, bad duration 422, empty domain 422, oneself 403", async () => {
    const { ana } = sessions;
    assert.equal((await api(ana, "POST", "/api/v1/accounts/999999999/block")).status, 404);
    assert.equal((await api(ana, "POST", "/api/v1/accounts/999999999/mute")).status, 404);
    assert.equal((await api(ana, "POST", "/api/v1/accounts/abc/unmute")).status, 404, "an id that is not one names no account");
    for (const duration of [-1, "soon", 1.5]) {
      const bad = await api(ana, "POST", `/api/v1/accounts/${sessions.ben.account.id}/mute`, { duration });
      assert.equal(bad.status, 422, String(duration));
      assert.equal(typeof bad.body.error, "string");
    }
    assert.equal((await api(ana, "POST", "/api/v1/domain_blocks", { domain: "" })).status, 422);
    assert.equal((await api(ana, "POST", "/api/v1/domain_blocks")).status, 422);
    assert.equal((await api(ana, "GET", "/api/v1/blocks?max_id=x")).status, 400, "a bad cursor is a bad request");
    assert.equal((await api(ana, "POST", `/api/v1/accounts/${ana.account.id}/block`)).status, 403);
  });
}

describeOnBothStacks("blocks and mutes", describeBlocksAndMutes);
