import type { Database } from "@starling/db";

/** Delivery and addressing facts of one remote actor. */
export interface RemoteActorRecord {
  accountId: string;
  uri: string;
  inboxUrl: string;
  sharedInboxUrl: string | null;
  followersUrl: string | null;
  domain: string;
  fetchedAt: Date;
}

interface Row {
  account_id: string | number;
  uri: string;
  inbox_url: string;
  shared_inbox_url: string | null;
  followers_url: string | null;
  domain: string;
  fetched_at: Date | string;
}

const fromRow = (row: Row): RemoteActorRecord => ({
  accountId: String(row.account_id),
  uri: row.uri,
  inboxUrl: row.inbox_url,
  sharedInboxUrl: row.shared_inbox_url,
  followersUrl: row.followers_url,
  domain: row.domain,
  fetchedAt: new Date(row.fetched_at),
});

/** Creates or refreshes the record of a remote actor (by account id). */
export async function saveRemoteActor(db: Database, actor: RemoteActorRecord): Promise<void> {
  await db
    .table("remote_actors")
    .insert({
      account_id: actor.accountId,
      uri: actor.uri,
      inbox_url: actor.inboxUrl,
      shared_inbox_url: actor.sharedInboxUrl,
      followers_url: actor.followersUrl,
      domain: actor.domain,
      fetched_at: actor.fetchedAt,
    })
    .onConflict("account_id")
    .merge();
}

/** The known remote actors among these account ids; local and unknown ids are left out. */
export async function findRemoteActors(db: Database, accountIds: readonly string[]): Promise<RemoteActorRecord[]> {
  if (accountIds.length === 0) return [];
  const rows: Row[] = await db.table("remote_actors").whereIn("account_id", [...new Set(accountIds)]);
  return rows.map(fromRow);
}

/** Every server's inbox known here, once each: its shared inbox where it has one. */
export async function knownInboxes(db: Database): Promise<string[]> {
  const rows: { inbox: string }[] = await db.table("remote_actors").distinct(db.knex.raw("coalesce(shared_inbox_url, inbox_url) as inbox"));
  return rows.map((row) => row.inbox);
}

/** The remote actor with this actor URI, if known. */
export async function findRemoteActorByUri(db: Database, uri: string): Promise<RemoteActorRecord | undefined> {
  const row: Row | undefined = await db.table("remote_actors").where({ uri }).first();
  return row ? fromRow(row) : undefined;
}

/** Remembers the id of a Follow a remote account sent a local one (the latest wins). */
export async function saveInboundFollow(db: Database, accountId: string, targetAccountId: string, activityId: string, now: Date): Promise<void> {
  await db
    .table("inbound_follows")
    .insert({ account_id: accountId, target_account_id: targetAccountId, activity_id: activityId, created_at: now })
    .onConflict(["account_id", "target_account_id"])
    .merge();
}

/** The id of the Follow the remote account sent the local one, if one was received. */
export async function findInboundFollow(db: Database, accountId: string, targetAccountId: string): Promise<string | undefined> {
  const row: { activity_id: string } | undefined = await db.table("inbound_follows").where({ account_id: accountId, target_account_id: targetAccountId }).first();
  return row?.activity_id;
}

/** Forgets the Follow a remote account sent a local one (it was undone). */
export async function deleteInboundFollow(db: Database, accountId: string, targetAccountId: string): Promise<void> {
  await db.table("inbound_follows").where({ account_id: accountId, target_account_id: targetAccountId }).delete();
}
