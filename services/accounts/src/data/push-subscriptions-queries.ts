import type { Database, Transaction } from "@starling/db";

/** A Web Push subscription of one access token. */
export interface PushSubscriptionRecord {
  id: string;
  tokenId: string;
  accountId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  accessToken: string;
  alerts: Record<string, boolean>;
  policy: string;
  createdAt: Date;
}

interface Row {
  id: string;
  token_id: string;
  account_id: string;
  endpoint: string;
  key_p256dh: string;
  key_auth: string;
  access_token: string;
  alerts: string;
  policy: string;
  created_at: Date;
}

const toRecord = (row: Row): PushSubscriptionRecord => ({
  id: String(row.id),
  tokenId: String(row.token_id),
  accountId: String(row.account_id),
  endpoint: row.endpoint,
  p256dh: row.key_p256dh,
  auth: row.key_auth,
  accessToken: row.access_token,
  alerts: JSON.parse(row.alerts) as Record<string, boolean>,
  policy: row.policy,
  createdAt: new Date(row.created_at),
});

/** Replaces the token's subscription with `s` (one per token, as Mastodon keeps them). */
export async function replacePushSubscription(db: Database, trx: Transaction, s: PushSubscriptionRecord): Promise<void> {
  await deletePushSubscriptionOfToken(db, trx, s.tokenId);
  await db.table("push_subscriptions", trx).insert({
    id: s.id,
    token_id: s.tokenId,
    account_id: s.accountId,
    endpoint: s.endpoint,
    key_p256dh: s.p256dh,
    key_auth: s.auth,
    access_token: s.accessToken,
    alerts: JSON.stringify(s.alerts),
    policy: s.policy,
    created_at: s.createdAt,
  });
}

export async function findPushSubscriptionOfToken(db: Database, tokenId: string, trx?: Transaction): Promise<PushSubscriptionRecord | undefined> {
  const row: Row | undefined = await db.table("push_subscriptions", trx).where({ token_id: tokenId }).first();
  return row && toRecord(row);
}

export async function updatePushSubscriptionData(db: Database, trx: Transaction, id: string, data: { alerts: Record<string, boolean>; policy: string }): Promise<void> {
  await db.table("push_subscriptions", trx).where({ id }).update({ alerts: JSON.stringify(data.alerts), policy: data.policy });
}

/** Removes a token's subscription and its pending pushes. */
export async function deletePushSubscriptionOfToken(db: Database, trx: Transaction, tokenId: string): Promise<void> {
  const ids = await db.table("push_subscriptions", trx).where({ token_id: tokenId }).pluck("id");
  await deletePushSubscriptions(db, trx, ids.map(String));
}

/** Removes subscriptions (the push service said they are gone) and their pending pushes. */
export async function deletePushSubscriptions(db: Database, trx: Transaction, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.table("notification_deliveries", trx).whereIn("subscription_id", ids).delete();
  await db.table("push_subscriptions", trx).whereIn("id", ids).delete();
}

/** The account's subscriptions whose tokens still work (a revoked token's subscription sends nothing). */
export async function livePushSubscriptionsOf(db: Database, trx: Transaction, accountId: string): Promise<PushSubscriptionRecord[]> {
  const rows: Row[] = await db
    .table("push_subscriptions as s", trx)
    .join("oauth_tokens as t", "t.id", "s.token_id")
    .whereNull("t.revoked_at")
    .where("s.account_id", accountId)
    .select("s.*");
  return rows.map(toRecord);
}

export async function findPushSubscription(db: Database, trx: Transaction, id: string): Promise<PushSubscriptionRecord | undefined> {
  const row: Row | undefined = await db.table("push_subscriptions", trx).where({ id }).first();
  return row && toRecord(row);
}
