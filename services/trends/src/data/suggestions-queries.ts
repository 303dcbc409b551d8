import type { Database } from "@starling/db";

export async function listStaffPickIds(db: Database): Promise<string[]> {
  const rows: { account_id: string }[] = await db.table("suggestion_staff_picks").select("account_id").orderBy("created_at").orderBy("account_id");
  return rows.map((r) => String(r.account_id));
}

export async function addStaffPick(db: Database, accountId: string, at: Date): Promise<void> {
  await db.table("suggestion_staff_picks").insert({ account_id: accountId, created_at: at }).onConflict("account_id").ignore();
}

export async function removeStaffPick(db: Database, accountId: string): Promise<void> {
  await db.table("suggestion_staff_picks").where({ account_id: accountId }).delete();
}

export async function addDismissal(db: Database, accountId: string, targetAccountId: string): Promise<void> {
  await db.table("suggestion_dismissals").insert({ account_id: accountId, target_account_id: targetAccountId }).onConflict(["account_id", "target_account_id"]).ignore();
}

export async function listDismissedIds(db: Database, accountId: string): Promise<Set<string>> {
  const rows: { target_account_id: string }[] = await db.table("suggestion_dismissals").where({ account_id: accountId }).select("target_account_id");
  return new Set(rows.map((r) => String(r.target_account_id)));
}

/** Authors whose posts the account favourited or reblogged, the most interacted with first. */
export async function listInteractedAuthorIds(db: Database, accountId: string, limit: number): Promise<string[]> {
  const rows: { account_id: string }[] = await db
    .table("search_interactions as i")
    .join(db.knex.raw("??.search_statuses as s", [db.schema]), "s.id", "i.status_id")
    .where("i.account_id", accountId)
    .whereIn("i.kind", ["favourite", "reblog"])
    .whereNot("s.account_id", accountId)
    .groupBy("s.account_id")
    .select("s.account_id")
    .orderByRaw("count(*) desc")
    .orderBy("s.account_id", "desc")
    .limit(limit);
  return rows.map((r) => String(r.account_id));
}
