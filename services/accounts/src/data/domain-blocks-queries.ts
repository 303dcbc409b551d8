import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";

/** A domain a user hides. */
export interface DomainBlockRecord {
  id: string;
  domain: string;
}

/** Records a domain block unless the user has it; true when it was new. */
export async function insertDomainBlock(db: Database, trx: Transaction, block: DomainBlockRecord & { accountId: string; createdAt: Date }): Promise<boolean> {
  const inserted: unknown[] = await db
    .table("account_domain_blocks", trx)
    .insert({ id: block.id, account_id: block.accountId, domain: block.domain, created_at: block.createdAt })
    .onConflict(["account_id", "domain"])
    .ignore()
    .returning("id");
  return inserted.length > 0;
}

/** Deletes a domain block; true when there was one. */
export async function deleteDomainBlock(db: Database, trx: Transaction, accountId: string, domain: string): Promise<boolean> {
  const deleted: unknown[] = await db.table("account_domain_blocks", trx).where({ account_id: accountId, domain }).delete().returning("id");
  return deleted.length > 0;
}

/** Which of `targetIds` are accounts on a domain `accountId` blocks. */
export async function onBlockedDomainsAmong(db: Database, accountId: string, targetIds: readonly string[], trx?: Transaction): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const rows: { id: string }[] = await db
    .table("accounts", trx)
    .whereIn("id", targetIds)
    .whereRaw("lower(domain) in (select domain from ??.account_domain_blocks where account_id = ?)", [db.schema, accountId])
    .select("id");
  return new Set(rows.map((row) => String(row.id)));
}

/** One page of the domains `accountId` blocks, newest block first. */
export async function domainBlocksPage(db: Database, accountId: string, page: Page): Promise<DomainBlockRecord[]> {
  const rows = await readPage<{ id: string; domain: string }>(db.table("account_domain_blocks").where({ account_id: accountId }).select("id", "domain"), "id", page);
  return rows.map((row) => ({ id: String(row.id), domain: row.domain }));
}

/** An edge between two accounts in "follows" or "follow_requests". */
export interface Pair {
  accountId: string;
  targetAccountId: string;
}

/**
 * Follows and pending requests between `accountId` and accounts on `domain`, in either
 * direction: what a domain block ends.
 */
export async function edgesWithDomain(db: Database, trx: Transaction, table: "follows" | "follow_requests", accountId: string, domain: string): Promise<Pair[]> {
  const onDomain = db.knex.withSchema(db.schema).from("accounts").whereRaw("lower(domain) = ?", [domain]).select("id");
  const rows: { account_id: string; target_account_id: string }[] = await db
    .table(table, trx)
    .where((w) => w.where("account_id", accountId).whereIn("target_account_id", onDomain.clone()))
    .orWhere((w) => w.where("target_account_id", accountId).whereIn("account_id", onDomain.clone()))
    .select("account_id", "target_account_id");
  return rows.map((row) => ({ accountId: String(row.account_id), targetAccountId: String(row.target_account_id) }));
}
