import type { Transaction } from "@starling/db";
import { unauthenticated, type Viewer } from "@starling/runtime";
import { buildRelationship, type Relationship } from "../domain/relationship.ts";
import { edgesFrom, followersAmong, requestersAmong } from "../data/follows-queries.ts";
import { endorsedAmong } from "../data/endorsements-queries.ts";
import { notesOn } from "../data/account-notes-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { blockAndMuteEdgesOf } from "./block-and-mute-edges.ts";

/** The viewer's account id, or UNAUTHENTICATED for app-only and anonymous callers. */
export function viewerAccountId(viewer: Viewer | undefined): string {
  if (!viewer?.accountId) throw unauthenticated("This method requires an authenticated user");
  return viewer.accountId;
}

/** Relationships of `accountId` with each of `targetIds`, in the same order (duplicates kept). */
export async function relationshipsOf(deps: AccountsDeps, accountId: string, targetIds: readonly string[], trx?: Transaction): Promise<Relationship[]> {
  const ids = [...new Set(targetIds.filter((id) => /^\d{1,19}$/.test(id)))];
  const follows = await edgesFrom(deps.db, "follows", accountId, ids, trx);
  const requests = await edgesFrom(deps.db, "follow_requests", accountId, ids, trx);
  const followedBy = await followersAmong(deps.db, accountId, ids, trx);
  const requestedBy = await requestersAmong(deps.db, accountId, ids, trx);
  const endorsed = await endorsedAmong(deps.db, accountId, ids, trx);
  const notes = await notesOn(deps.db, accountId, ids, trx);
  const blocksAndMutes = await blockAndMuteEdgesOf(deps, accountId, ids, trx);
  return targetIds.map((id) =>
    buildRelationship(id, {
      follow: follows.get(id),
      request: requests.get(id),
      followedBy: followedBy.has(id),
      requestedBy: requestedBy.has(id),
      endorsed: endorsed.has(id),
      note: notes.get(id),
      ...blocksAndMutes.get(id),
    }),
  );
}

/** GET /api/v1/accounts/relationships for the viewer. */
export async function getRelationships(deps: AccountsDeps, viewer: Viewer | undefined, targetIds: readonly string[]): Promise<Relationship[]> {
  return relationshipsOf(deps, viewerAccountId(viewer), targetIds);
}
