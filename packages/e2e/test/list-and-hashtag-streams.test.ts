import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { openSse, openWebSocket, type StreamEvent, type StreamRecorder } from "../src/harness/stream-clients.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

/** The list, hashtag and hashtag:local streams through the gateway, WebSocket and SSE, on one kind of stack. */
function describeListAndHashtagStreams(start: () => Promise<Stack>): void {
  let stack: Stack;
  let sessions: Record<"ana" | "ben" | "cy" | "dee" | "eve", Session>;
  const suffix = suiteSessions(start, ["ana", "ben", "cy", "dee", "eve"], async (suite) => {
    ({ stack, ...sessions } = suite);
    const { ana, ben, cy, dee, eve } = suite;
    for (const author of [ana, cy]) await ben.client.v1.accounts.$select(author.account.id).follow();
    await ben.client.v1.accounts.$select(dee.account.id).block();
    await ben.client.v1.accounts.$select(eve.account.id).mute();
    // Follows reach timelines as events (through Kafka on the production-like stack): a list takes
    // only accounts timelines knows ben follows, so wait until both authors' posts reach his home.
    for (const author of [ana, cy]) {
      const warmUp = await author.client.v1.statuses.create({ status: `before the streams open ${suffix}` });
      await waitFor(async () => (await ben.client.v1.timelines.home.list({ limit: 10 })).some((s) => s.id === warmUp.id), { timeoutMs: 60_000, what: "a followed post on ben's home" });
    }
  });

  const isStatus = (event: string, id: string) => (e: StreamEvent) => e.event === event && (JSON.parse(e.payload) as { id: string }).id === id;
  const updates = (stream: StreamRecorder) => stream.events.filter((e) => e.event === "update").map((e) => (JSON.parse(e.payload) as { id: string }).id);

  it("streams a list's update, status.update and delete to its owner only, refusing an unknown or foreign list", async function () {
    this.timeout(150_000);
    const { ana, ben, cy } = sessions;
    const list = await ben.client.v1.lists.create({ title: `Close ${suffix}` });
    await ben.client.v1.lists.$select(list.id).accounts.create({ accountIds: [ana.account.id] });
    const ws = await openWebSocket(stack.url, { stream: "list", list: list.id, access_token: ben.accessToken });
    const sse = (await openSse(stack.url, `/list?list=${list.id}`, ben.accessToken)).stream!;

    const foreign = await openWebSocket(stack.url, { stream: "list", list: list.id, access_token: cy.accessToken });
    assert.equal(await foreign.closed, 1008);
    assert.deepEqual(foreign.errors, ["Not authorized to stream this list"]);
    assert.deepEqual(await openSse(stack.url, `/list?list=${list.id}`, cy.accessToken), { status: 404, body: { error: "Not authorized to stream this list" } });
    assert.deepEqual(await openSse(stack.url, "/list?list=1", ben.accessToken), { status: 404, body: { error: "Not authorized to stream this list" } });
    assert.deepEqual(await openSse(stack.url, "/list", ben.accessToken), { status: 404, body: { error: "Not authorized to stream this list" } });
    const multiplexed = await openWebSocket(stack.url, { stream: "user", access_token: cy.accessToken });
    multiplexed.send({ type: "subscribe", stream: "list", list: list.id });

    const member = await ana.client.v1.statuses.create({ status: `for the list ${suffix}` });
    const notMember = await cy.client.v1.statuses.create({ status: `cy is followed, not listed ${suffix}` });
    const onList = await ws.next(isStatus("update", member.id), "the member's post on ben's list stream");
    assert.deepEqual(onList.stream, ["list", list.id]);
    assert.equal((JSON.parse(onList.payload) as { account: { id: string } }).account.id, ana.account.id);
    await sse.next(isStatus("update", member.id), "the member's post on ben's SSE list stream");
    await ana.client.v1.statuses.$select(member.id).update({ status: `for the list, edited ${suffix}` });
    const edited = await ws.next(isStatus("status.update", member.id), "the edit on ben's list stream");
    assert.match((JSON.parse(edited.payload) as { content: string }).content, /edited/);
    await ana.client.v1.statuses.$select(member.id).remove();
    await ws.next((e) => e.event === "delete" && e.payload === member.id, "the delete on ben's list stream");
    await sse.next((e) => e.event === "delete" && e.payload === member.id, "the delete on ben's SSE list stream");

    // One event's handling fans out to home and lists together: once cy's post is on ben's home, it was decided for the list.
    await waitFor(async () => (await ben.client.v1.timelines.home.list({ limit: 10 })).some((s) => s.id === notMember.id), { timeoutMs: 60_000, what: "cy's post on ben's home" });
    const last = await ana.client.v1.statuses.create({ status: `last for the list ${suffix}` });
    await ws.next(isStatus("update", last.id), "the last post on ben's list stream");
    await sse.next(isStatus("update", last.id), "the last post on ben's SSE list stream");
    await multiplexed.next(isStatus("update", notMember.id), "cy's own post on her user stream");
    assert.deepEqual([updates(ws), updates(sse)], [[member.id, last.id], [member.id, last.id]], "nothing from a followed account not on the list");
    assert.ok(!updates(sse).includes(notMember.id));
    assert.deepEqual(multiplexed.errors, ["Not authorized to stream this list"], "another user's list is refused on a multiplexed socket");
    assert.ok(!multiplexed.events.some((e) => e.stream?.[0] === "list"));
    for (const client of [ws, sse, multiplexed]) client.close();
  });

  it("streams public posts with a tag, whatever its case and accents, on hashtag and hashtag:local, without what the viewer blocks or mutes", async function () {
    this.timeout(150_000);
    const { ana, ben, dee, eve } = sessions;
    const ws = await openWebSocket(stack.url, { stream: "hashtag", tag: `CAFE${suffix}`, access_token: ben.accessToken });
    ws.send({ type: "subscribe", stream: "hashtag:local", tag: `cafe${suffix}` });
    const sse = (await openSse(stack.url, `/hashtag?tag=${encodeURIComponent(`Café${suffix}`)}`, ben.accessToken)).stream!;
    const anonymous = (await openSse(stack.url, `/hashtag/local?tag=${encodeURIComponent(`café${suffix}`)}`)).stream!;
    const otherTag = (await openSse(stack.url, `/hashtag?tag=tea${suffix}`)).stream!;

    const tagged = await ana.client.v1.statuses.create({ status: `a #Café${suffix} post` });
    const onTag = await ws.next((e) => isStatus("update", tagged.id)(e) && e.stream?.[0] === "hashtag", "the tagged post on ben's hashtag stream");
    assert.deepEqual(onTag.stream, ["hashtag", `CAFE${suffix}`]);
    await ws.next((e) => isStatus("update", tagged.id)(e) && e.stream?.[0] === "hashtag:local", "the tagged post on ben's hashtag:local stream");
    const unlisted = await ana.client.v1.statuses.create({ status: `unlisted #café${suffix}`, visibility: "unlisted" });
    const followersOnly = await ana.client.v1.statuses.create({ status: `private #café${suffix}`, visibility: "private" });
    const blocked = await dee.client.v1.statuses.create({ status: `dee, blocked by ben #cafe${suffix}` });
    const muted = await eve.client.v1.statuses.create({ status: `eve, muted by ben #CAFÉ${suffix}` });
    // Heard on the same channels as ben's streams, and rendered in the same batch or an earlier one.
    await anonymous.next(isStatus("update", muted.id), "eve's post on the anonymous hashtag:local stream");
    await anonymous.next(isStatus("update", blocked.id), "dee's post on the anonymous hashtag:local stream");
    await ana.client.v1.statuses.$select(tagged.id).update({ status: `a #Café${suffix} post, edited` });
    await sse.next(isStatus("status.update", tagged.id), "the edit on ben's SSE hashtag stream");
    await ana.client.v1.statuses.$select(tagged.id).remove();
    await anonymous.next((e) => e.event === "delete" && e.payload === tagged.id, "the delete on the hashtag:local stream");

    const last = await ana.client.v1.statuses.create({ status: `last #cafe${suffix}` });
    await ws.next((e) => isStatus("update", last.id)(e) && e.stream?.[0] === "hashtag:local", "the last post on ben's hashtag:local stream");
    await sse.next(isStatus("update", last.id), "the last post on ben's SSE hashtag stream");
    await anonymous.next(isStatus("update", last.id), "the last post on the anonymous stream");
    const on = (label: string) => ws.events.filter((e) => e.event === "update" && e.stream?.[0] === label).map((e) => (JSON.parse(e.payload) as { id: string }).id);
    assert.deepEqual([on("hashtag"), on("hashtag:local"), updates(sse)], [[tagged.id, last.id], [tagged.id, last.id], [tagged.id, last.id]], "no unlisted or private post, none by an account ben blocks or mutes");
    // Posts of different authors are events of different keys, which may be handled in either order.
    assert.deepEqual(updates(anonymous).sort(), [tagged.id, blocked.id, muted.id, last.id].sort());
    assert.ok(![unlisted.id, followersOnly.id].some((id) => updates(anonymous).includes(id)));
    assert.deepEqual(updates(otherTag), []);
    for (const client of [ws, sse, anonymous, otherTag]) client.close();
  });
}

describeOnBothStacks("list and hashtag streams", describeListAndHashtagStreams);
