/**
 * A load of posts that survives crashes, for the kill -9 suites: posts carry Idempotency-Keys and a
 * client retries a post that got no answer with the same key, as Mastodon clients do; afterwards
 * every post must exist once, sit on the author's and a follower's home timeline, and the counters
 * must be exact. What is missing is counted, so a failure says how many events were lost.
 */
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { waitFor } from "@starling/testkit";
import { newSession } from "../src/harness/masto-session.ts";
import type { Stack } from "../src/harness/stack.ts";

/** One post of the load; `id` is set once the server acknowledged it. */
export interface LoadPost {
  key: string;
  text: string;
  id?: string;
}

/** Who posts and who follows, by access token and account id. */
export interface LoadAccount {
  token: string;
  id: string;
}

/**
 * Signs in an author and a follower, makes one follow the other, and waits until a first post (the
 * one earlier post the counters include) is on the follower's home, which shows the follow has
 * reached the timelines service; then hands back `count` posts with unique texts and keys.
 */
export async function prepareLoad(stack: Stack, count: number): Promise<{ author: LoadAccount; follower: LoadAccount; posts: LoadPost[] }> {
  const suffix = randomBytes(3).toString("hex");
  const [alice, bob] = [await newSession(stack, "alice", suffix), await newSession(stack, "bob", suffix)];
  await bob.client.v1.accounts.$select(alice.account.id).follow();
  const first = await alice.client.v1.statuses.create({ status: `before the load ${suffix}` });
  await waitFor(async () => (await bob.client.v1.timelines.home.list({ limit: 5 })).some((s) => s.id === first.id), { timeoutMs: 60_000, what: "the first post on bob's home" });
  return {
    author: { token: alice.accessToken, id: alice.account.id },
    follower: { token: bob.accessToken, id: bob.account.id },
    posts: Array.from({ length: count }, (_, n) => ({ key: randomUUID(), text: `crash load ${suffix} post ${n}` })),
  };
}

async function api<T>(url: string, token: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers } });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
}

/**
 * Posts every post not yet acknowledged, `concurrency` at a time. With `retry` a post without an
 * answer (refused connection, 5xx, 429) is sent again with its key until it is acknowledged;
 * without, it is left unacknowledged. `onAcknowledged` runs after each acknowledgement with the count.
 */
export async function postAll(
  url: () => string,
  author: LoadAccount,
  posts: LoadPost[],
  options: { concurrency: number; retry: boolean; onAcknowledged?: (acknowledged: number) => void; deadlineMs?: number },
): Promise<void> {
  const queue = posts.filter((p) => !p.id);
  const deadline = Date.now() + (options.deadlineMs ?? 180_000);
  let acknowledged = posts.length - queue.length;
  const send = async (post: LoadPost): Promise<void> => {
    for (;;) {
      const answer = await api<{ id?: string }>(url(), author.token, "/api/v1/statuses", { method: "POST", headers: { "idempotency-key": post.key }, body: JSON.stringify({ status: post.text }) }).catch(() => undefined);
      if (answer && answer.status === 200 && answer.body.id) {
        post.id = answer.body.id;
        options.onAcknowledged?.(++acknowledged);
        return;
      }
      if (answer && answer.status < 500 && answer.status !== 429) throw new Error(`post ${post.key} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      if (!options.retry) return;
      if (Date.now() > deadline) throw new Error(`post ${post.key} still unacknowledged at the deadline`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      for (let post = queue.shift(); post; post = queue.shift()) await send(post);
    }),
  );
}

async function pages(url: string, token: string, path: string): Promise<{ id: string; content: string }[]> {
  const all: { id: string; content: string }[] = [];
  for (let maxId = ""; ; ) {
    const { status, body } = await api<{ id: string; content: string }[]>(url, token, `${path}${path.includes("?") ? "&" : "?"}limit=40${maxId && `&max_id=${maxId}`}`);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    if (body.length === 0) return all;
    all.push(...body);
    maxId = body.at(-1)!.id;
  }
}

/** What a check found missing or doubled; all zero when nothing was lost. */
export interface LoadLoss {
  duplicatedOrMissingPosts: number;
  missingFromAuthorHome: number;
  missingFromFollowerHome: number;
  statusesCountError: number;
}

async function loss(url: string, author: LoadAccount, follower: LoadAccount, posts: LoadPost[]): Promise<LoadLoss> {
  const own = await pages(url, author.token, `/api/v1/accounts/${author.id}/statuses`);
  const copies = (text: string) => own.filter((s) => s.content.includes(text)).length;
  const ids = (statuses: { id: string }[]) => new Set(statuses.map((s) => s.id));
  const authorHome = ids(await pages(url, author.token, "/api/v1/timelines/home"));
  const followerHome = ids(await pages(url, follower.token, "/api/v1/timelines/home"));
  const { body: account } = await api<{ statuses_count: number }>(url, author.token, `/api/v1/accounts/${author.id}`);
  return {
    duplicatedOrMissingPosts: posts.filter((p) => copies(`${p.text}<`) !== 1 || !own.some((s) => s.id === p.id)).length,
    missingFromAuthorHome: posts.filter((p) => !authorHome.has(p.id!)).length,
    missingFromFollowerHome: posts.filter((p) => !followerHome.has(p.id!)).length,
    // One more: the first post prepareLoad made.
    statusesCountError: account.statuses_count - (posts.length + 1),
  };
}

/**
 * Waits (up to `timeoutMs`) until every post is acknowledged, exists once, is on both home
 * timelines and the author's statuses_count is exact; fails with the last counts otherwise.
 */
export async function assertNothingLost(url: string, author: LoadAccount, follower: LoadAccount, posts: LoadPost[], timeoutMs = 90_000): Promise<void> {
  assert.equal(posts.filter((p) => !p.id).length, 0, "every post acknowledged");
  let last: LoadLoss | undefined;
  const clean = (l: LoadLoss) => Object.values(l).every((v) => v === 0);
  await waitFor(async () => clean((last = await loss(url, author, follower, posts))), { timeoutMs, what: "every post once, on both home timelines, with exact counters" }).catch(() => {
    assert.fail(`lost after the crash: ${JSON.stringify(last)}`);
  });
  const { body: followed } = await api<{ followers_count: number }>(url, author.token, `/api/v1/accounts/${author.id}`);
  const { body: following } = await api<{ following_count: number }>(url, follower.token, `/api/v1/accounts/${follower.id}`);
  assert.equal(followed.followers_count, 1);
  assert.equal(following.following_count, 1);
}
