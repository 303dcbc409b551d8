import { enqueueEvents, outboxEvent } from "@starling/events";
import { notFound, permissionDenied, type Viewer } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import type { Relationship } from "../domain/relationship.ts";
import { adjustFollowCounters, findAccount } from "../data/accounts-queries.ts";
import { deleteEdge, findEdge, upsertEdge, type FollowRecord } from "../data/follows-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf, viewerAccountId } from "./get-relationships.ts";
import { assertFollowAllowed, followNeedsApproval } from "./follow-rules.ts";

/** Options of a follow; absent ones keep the current value (or the default on a new follow). */
export interface FollowInput {
  targetAccountId: string;
  reblogs?: boolean | undefined;
  notify?: boolean | undefined;
  /** Empty means unchanged on an existing follow and every language on a new one. */
  languages: string[];
}

/** What a follow became: in effect, or a request waiting for the target. */
export type FollowState = "following" | "requested";

/**
 * Follows an account: a pending request when the target approves followers (locked), otherwise a
 * follow with both counters bumped and follow.accepted in the same transaction. Following again
 * only updates the options.
 */
export async function followAccount(deps: AccountsDeps, viewer: Viewer | undefined, input: FollowInput): Promise<Relationship> {
  const accountId = viewerAccountId(viewer);
  const target = await findAccount(deps.db, input.targetAccountId);
  if (!target || target.suspendedAt) throw notFound();
  await startFollowing(deps, accountId, target, input);
  const [relationship] = await relationshipsOf(deps, accountId, [target.id]);
  return relationship!;
}

/**
 * The follow itself, whoever asks for it (a local user, a remote server's Follow, a move of the
 * followed account): refused when the rules forbid it, else a request or a follow as above.
 */
export async function startFollowing(deps: AccountsDeps, accountId: string, target: Account, input: FollowInput): Promise<FollowState> {
  if (target.id === accountId) throw permissionDenied("You cannot follow yourself");
  await assertFollowAllowed(deps, accountId, target);
  const { state, published } = await deps.db.transaction(async (trx) => {
    const existing = await findEdge(deps.db, "follows", accountId, target.id, trx);
    if (!existing && (await followNeedsApproval(deps, trx, accountId, target))) {
      const request = edgeFor(deps, accountId, target.id, input, await findEdge(deps.db, "follow_requests", accountId, target.id, trx));
      // Only a new request is announced (the target is told once); a repeat just updates options.
      if (!(await upsertEdge(deps.db, trx, "follow_requests", request))) return { state: "requested" as const, published: false };
      await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "follow.requested", accountId, { requestId: request.id, accountId, targetAccountId: target.id })]);
      return { state: "requested" as const, published: true };
    }
    const edge = edgeFor(deps, accountId, target.id, input, existing);
    const created = await upsertEdge(deps.db, trx, "follows", edge);
    if (created) {
      await deleteEdge(deps.db, trx, "follow_requests", accountId, target.id);
      await adjustFollowCounters(deps.db, trx, accountId, { following: 1 });
      await adjustFollowCounters(deps.db, trx, target.id, { followers: 1 });
    }
    // A changed show_reblogs (home feeds) or notify (status notifications) is announced like a new follow.
    if (!created && existing?.showReblogs === edge.showReblogs && existing.notify === edge.notify) return { state: "following" as const, published: false };
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "follow.accepted", accountId, {
      followId: existing?.id ?? edge.id,
      accountId,
      targetAccountId: target.id,
      showReblogs: edge.showReblogs,
      notify: edge.notify,
    })]);
    return { state: "following" as const, published: true };
  });
  if (published) deps.nudge();
  return state;
}

function edgeFor(deps: AccountsDeps, accountId: string, targetId: string, input: FollowInput, existing: FollowRecord | undefined): FollowRecord {
  return {
    id: existing?.id ?? deps.newId(),
    accountId,
    targetAccountId: targetId,
    showReblogs: input.reblogs ?? existing?.showReblogs ?? true,
    notify: input.notify ?? existing?.notify ?? false,
    languages: input.languages.length > 0 ? input.languages : (existing?.languages ?? null),
    createdAt: existing?.createdAt ?? deps.now(),
  };
}
