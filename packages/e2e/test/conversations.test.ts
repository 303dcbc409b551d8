import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { openSse, openWebSocket, type StreamEvent } from "../src/harness/stream-clients.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

interface Conversation {
  id: string;
  unread: boolean;
  accounts: { id: string }[];
  last_status: { id: string; content: string; visibility: string } | null;
}

/** Direct conversations through the gateway: the list, read, remove, scopes and the direct stream. */
function describeConversations(start: () => Promise<Stack>): void {
  let stack: Stack;
  let sessions: Record<"ana" | "ben" | "cy", Session>;
  const suffix = suiteSessions(start, ["ana", "ben", "cy"], (suite) => {
    ({ stack, ...sessions } = suite);
  });

  const api = async (token: string, method: string, path: string) => {
    const response = await fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, link: response.headers.get("link") ?? "", body: (await response.json()) as any };
  };
  const conversationsOf = async (session: Session) => (await api(session.accessToken, "GET", "/api/v1/conversations")).body as Conversation[];
  const holding = async (session: Session, statusId: string) => (await conversationsOf(session)).find((c) => c.last_status?.id === statusId);
  const conversationEvent = (id: string, unread: boolean, lastStatusId: string) => (e: StreamEvent) => {
    if (e.event !== "conversation") return false;
    const c = JSON.parse(e.payload) as Conversation;
    return c.id === id && c.unread === unread && c.last_status?.id === lastStatusId;
  };

  it("shows a direct message as an unread conversation to its recipient, a read one to its author and none to others; read, remove and the direct stream work", async function () {
    this.timeout(180_000);
    const { ana, ben, cy } = sessions;
    const ws = await openWebSocket(stack.url, { stream: "direct", access_token: ben.accessToken });
    const sse = (await openSse(stack.url, "/direct", ben.accessToken)).stream!;
    const dm = await ana.client.v1.statuses.create({ status: `@${ben.account.acct} just between us ${suffix}`, visibility: "direct" });
    const bens = await waitFor(() => holding(ben, dm.id), { timeoutMs: 60_000, what: "the direct message as ben's conversation" });
    assert.deepEqual([bens.unread, bens.accounts.map((a) => a.id), bens.last_status?.visibility], [true, [ana.account.id], "direct"]);
    assert.match(bens.last_status!.content, /just between us/);
    const anas = await waitFor(() => holding(ana, dm.id), { timeoutMs: 60_000, what: "the direct message as ana's conversation" });
    assert.deepEqual([anas.unread, anas.accounts.map((a) => a.id)], [false, [ben.account.id]]);
    assert.equal(await holding(cy, dm.id), undefined, "nobody else has it");
    const listed = await api(ben.accessToken, "GET", "/api/v1/conversations?limit=1");
    assert.match(listed.link, new RegExp(`max_id=${dm.id}.*min_id=${dm.id}`), "paged by the last status");

    assert.equal((await api(cy.accessToken, "POST", `/api/v1/conversations/${bens.id}/read`)).status, 404, "another user's conversation is not found");
    const read = await api(ben.accessToken, "POST", `/api/v1/conversations/${bens.id}/read`);
    assert.deepEqual([read.status, read.body.id, read.body.unread, read.body.last_status.id], [200, bens.id, false, dm.id]);
    await ws.next(conversationEvent(bens.id, false, dm.id), "the read conversation on ben's direct WebSocket stream");
    await sse.next(conversationEvent(bens.id, false, dm.id), "the read conversation on ben's direct SSE stream");

    const reply = await ana.client.v1.statuses.create({ status: `@${ben.account.acct} and one more thing ${suffix}`, visibility: "direct", inReplyToId: dm.id });
    const onStream = await ws.next(conversationEvent(bens.id, true, reply.id), "the thread's next message on ben's direct stream");
    assert.deepEqual([onStream.stream, (JSON.parse(onStream.payload) as Conversation).accounts.map((a) => a.id)], [["direct"], [ana.account.id]]);
    await sse.next(conversationEvent(bens.id, true, reply.id), "the thread's next message on ben's SSE stream");
    assert.deepEqual(ws.errors, []);

    assert.deepEqual(await api(ben.accessToken, "DELETE", `/api/v1/conversations/${bens.id}`), { status: 200, link: "", body: {} });
    assert.equal(await holding(ben, reply.id), undefined, "removed for ben");
    assert.ok(await holding(ana, reply.id), "ana keeps hers");
    assert.equal((await api(ben.accessToken, "DELETE", `/api/v1/conversations/${bens.id}`)).status, 404);
    ws.close();
    sse.close();
  });

  // signIn reads verify_credentials, hence read:accounts in both tokens.
  it("needs read:statuses to list and write:conversations to read or remove", async () => {
    const email = `convscope_${suffix}@example.com`;
    const password = await stack.createAccount(`convscope_${suffix}`, email);
    const accountsOnly = await signIn(stack.url, email, password, "read:accounts");
    const readOnly = await signIn(stack.url, email, password, "read:accounts read:statuses");
    const writer = await signIn(stack.url, email, password, "read:accounts write:conversations");
    assert.equal((await api(accountsOnly.accessToken, "GET", "/api/v1/conversations")).status, 403);
    assert.deepEqual((await api(readOnly.accessToken, "GET", "/api/v1/conversations")).body, []);
    assert.equal((await api(readOnly.accessToken, "POST", "/api/v1/conversations/1/read")).status, 403);
    assert.equal((await api(writer.accessToken, "POST", "/api/v1/conversations/1/read")).status, 404);
    assert.equal((await api(writer.accessToken, "DELETE", "/api/v1/conversations/1")).status, 404);
  });
}

describeOnBothStacks("direct conversations", describeConversations);
