import type { Database } from "@starling/db";

/** A relationship a local account started with a remote one by sending an activity (a later one for the same pair replaces it). */
export type SentRelationshipKind = "Follow" | "Block";

interface Edge {
  kind: SentRelationshipKind;
  accountId: string;
  targetAccountId: string;
}

const key = (edge: Edge) => ({ kind: edge.kind, account_id: edge.accountId, target_account_id: edge.targetAccountId });

/** Remembers the id of the Follow or Block sent (a later one for the same pair replaces it). */
export async function saveSentRelationship(db: Database, edge: Edge, activityId: string, now: Date): Promise<void> {
  await db
    .table("sent_relationships")
    .insert({ ...key(edge), activity_id: activityId, created_at: now })
    .onConflict(["kind", "account_id", "target_account_id"])
    .merge();
}

/** The id of the Follow or Block sent for this pair, if one stands. */
export async function findSentRelationship(db: Database, edge: Edge): Promise<string | undefined> {
  const row: { activity_id: string } | undefined = await db.table("sent_relationships").where(key(edge)).first("activity_id");
  return row?.activity_id;
}
