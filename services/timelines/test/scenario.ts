/**
 * A small world told through events in three phases (follows, statuses, a late follow), with the
 * feeds and timelines it must end in whatever order and however often the events arrive.
 */
import type { PayloadOf } from "@starling/events";
import { createIdGenerator } from "@starling/runtime";
import type { Harness } from "./harness.ts";

const nextId = createIdGenerator();

/** A status.created payload with defaults: a public local post that is not a reply. */
export function post(accountId: string, extra: Partial<PayloadOf<"status.created">> = {}): PayloadOf<"status.created"> {
  return {
    statusId: nextId(),
    accountId,
    visibility: "public",
    local: true,
    mentionedAccountIds: [],
    createdAt: new Date(),
    language: "en",
    tags: [],
    hasMedia: false,
    ...extra,
  };
}

/** Fresh account ids. */
export function accounts<const N extends string>(...names: N[]): Record<N, string> {
  return Object.fromEntries(names.map((n) => [n, nextId()])) as Record<N, string>;
}

/** Publishes a follow.accepted. */
export function follow(h: Harness, accountId: string, targetAccountId: string, at?: Date): Promise<void> {
  return h.publish("follow.accepted", accountId, { followId: nextId(), accountId, targetAccountId, showReblogs: true, notify: false }, at);
}

/** Publishes a follow.removed. */
export function unfollow(h: Harness, accountId: string, targetAccountId: string, at?: Date): Promise<void> {
  return h.publish("follow.removed", accountId, { accountId, targetAccountId }, at);
}

/** Publishes a status.created; resolves its id. */
export async function publishPost(h: Harness, status: PayloadOf<"status.created">): Promise<string> {
  await h.publish("status.created", status.statusId, status);
  return status.statusId;
}

/** Publishes a status.deleted. */
export function deletePost(h: Harness, statusId: string, accountId: string): Promise<void> {
  return h.publish("status.deleted", statusId, { statusId, accountId, visibility: "public", local: true, tags: [], hasMedia: false });
}

/** The world's end state as the service reports it. */
export interface Observed {
  homes: Record<string, string[]>;
  publicAll: string[];
  publicLocal: string[];
  publicRemote: string[];
}

/** Plays the scenario on `h` and reads back every feed and timeline. */
export async function playScenario(h: Harness) {
  const who = accounts("alice", "bob", "carol", "dave", "erin", "frank");
  const { alice, bob, carol, dave, erin, frank } = who;
  const t = (n: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, n));
  await Promise.all([follow(h, bob, alice, t(1)), follow(h, carol, alice, t(2)), follow(h, carol, dave, t(3))]);
  await Promise.all([follow(h, erin, alice, t(4)), unfollow(h, erin, alice, t(5))]);
  await h.drain();
  // Reading builds every feed now, so what follows reaches them by fan-out and merge, not by rebuild.
  await observe(h, Object.values(who));
  const s1 = post(alice);
  const s2 = post(alice, { visibility: "private" });
  const d1 = post(dave, { local: false });
  const s3 = post(alice, { inReplyToId: d1.statusId, inReplyToAccountId: dave });
  const s4 = post(alice);
  const s5 = post(alice, { visibility: "direct", mentionedAccountIds: [bob] });
  const s6 = post(alice, { inReplyToId: s1.statusId, inReplyToAccountId: alice });
  const s7 = post(bob, { inReplyToId: s1.statusId, inReplyToAccountId: alice });
  for (const s of [s1, s2, d1, s3, s4]) await publishPost(h, s);
  await deletePost(h, s4.statusId, alice);
  for (const s of [s5, s6, s7]) await publishPost(h, s);
  await h.drain();
  await follow(h, frank, alice, t(6));
  await h.drain();
  const ids = { s1: s1.statusId, s2: s2.statusId, d1: d1.statusId, s3: s3.statusId, s4: s4.statusId, s5: s5.statusId, s6: s6.statusId, s7: s7.statusId };
  return { who, ids, observed: await observe(h, Object.values(who)) };
}

/** Reads every home feed of `accountIds` and the three public timelines. */
export async function observe(h: Harness, accountIds: string[]): Promise<Observed> {
  const homes: Record<string, string[]> = {};
  for (const id of accountIds) homes[id] = await h.home(id, { limit: 40 });
  return {
    homes,
    publicAll: await h.publicTimeline({ limit: 40 }),
    publicLocal: await h.publicTimeline({ limit: 40 }, { local: true }),
    publicRemote: await h.publicTimeline({ limit: 40 }, { remote: true }),
  };
}
