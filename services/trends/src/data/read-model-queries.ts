import type { Database, Transaction } from "@starling/db";

/** A status as trends keep it (originals only; reblogs count as interactions). */
export interface StatusRecord {
  statusId: string;
  accountId: string;
  visibility: string;
  language: string;
  reply: boolean;
  createdAt: Date;
  tags: string[];
}

/**
 * Records a status and, for a public one, its hashtag uses. A status already deleted (its
 * tombstone came first) gets no uses; a redelivery inserts nothing twice.
 */
export async function saveStatus(db: Database, trx: Transaction, status: StatusRecord, newId: () => string): Promise<void> {
  await db
    .table("trend_statuses", trx)
    .insert({ status_id: status.statusId, account_id: status.accountId, visibility: status.visibility, language: status.language, reply: status.reply, created_at: status.createdAt })
    .onConflict("status_id")
    .ignore();
  const row = await db.table("trend_statuses", trx).where({ status_id: status.statusId }).first("deleted_at");
  if (row?.deleted_at || status.visibility !== "public" || status.tags.length === 0) return;
  const tags = [...new Set(status.tags)];
  await db.table("trend_tags", trx).insert(tags.map((name) => ({ id: newId(), name }))).onConflict("name").ignore();
  await db.table("trend_tag_uses", trx)
    .insert(tags.map((tag) => ({ status_id: status.statusId, tag, account_id: status.accountId, language: status.language, used_at: status.createdAt })))
    .onConflict(["status_id", "tag"])
    .ignore();
}

/** Forgets a deleted status's uses, interactions and link, keeping a tombstone against late events. */
export async function deleteStatus(db: Database, trx: Transaction, status: { statusId: string; accountId: string; visibility: string }, at: Date): Promise<void> {
  await db.table("trend_statuses", trx)
    .insert({ status_id: status.statusId, account_id: status.accountId, visibility: status.visibility, language: "", reply: false, created_at: at, deleted_at: at })
    .onConflict("status_id")
    .merge({ deleted_at: at });
  for (const table of ["trend_tag_uses", "trend_interactions", "trend_link_shares"]) await db.table(table, trx).where({ status_id: status.statusId }).delete();
}

/** Records a reblog or favourite (ignored for a deleted status). */
export async function saveInteraction(db: Database, trx: Transaction, interaction: { id: string; kind: "reblog" | "favourite"; statusId: string; accountId: string; createdAt: Date }): Promise<void> {
  const status = await db.table("trend_statuses", trx).where({ status_id: interaction.statusId }).first("deleted_at");
  if (status?.deleted_at) return;
  await db.table("trend_interactions", trx)
    .insert({ id: interaction.id, kind: interaction.kind, status_id: interaction.statusId, account_id: interaction.accountId, created_at: interaction.createdAt })
    .onConflict("id")
    .ignore();
}

/** Forgets an undone reblog or favourite. */
export async function deleteInteraction(db: Database, trx: Transaction, id: string): Promise<void> {
  await db.table("trend_interactions", trx).where({ id }).delete();
}

/** Records the preview card of a status's first link. */
export async function saveLinkShare(db: Database, trx: Transaction, share: { statusId: string; cardId: string; url: string; publisher: string; linkType: string }): Promise<void> {
  const status = await db.table("trend_statuses", trx).where({ status_id: share.statusId }).first("deleted_at");
  if (status?.deleted_at) return;
  await db.table("trend_link_shares", trx)
    .insert({ status_id: share.statusId, card_id: share.cardId, url: share.url, publisher: share.publisher, link_type: share.linkType })
    .onConflict("status_id")
    .ignore();
}

/** Sets what staff decided about an account: a silenced or suspended account's uses do not count. */
export async function saveAccountState(db: Database, trx: Transaction, accountId: string, state: { silenced?: boolean; suspended?: boolean }): Promise<void> {
  await db.table("trend_accounts", trx)
    .insert({ account_id: accountId, silenced: state.silenced ?? false, suspended: state.suspended ?? false })
    .onConflict("account_id")
    .merge(state);
}

/** Records the server of a remote account (account.created), whose silence then keeps its uses out. */
export async function saveAccountDomain(db: Database, trx: Transaction, accountId: string, domain: string): Promise<void> {
  await db.table("trend_accounts", trx).insert({ account_id: accountId, domain: domain.toLowerCase() }).onConflict("account_id").merge(["domain"]);
}

/** Records an admin domain block or its new state; a block already removed stays removed. */
export async function saveDomainBlock(db: Database, trx: Transaction, block: { blockId: string; domain: string; severity: string }): Promise<void> {
  await db.table("trend_domain_blocks", trx)
    .insert({ block_id: block.blockId, domain: block.domain.toLowerCase(), severity: block.severity })
    .onConflict("block_id")
    .merge(["domain", "severity"])
    .where(`${db.schema}.trend_domain_blocks.removed`, false);
}

/** Marks a block removed (a tombstone). */
export async function removeDomainBlock(db: Database, trx: Transaction, blockId: string, domain: string): Promise<void> {
  await db.table("trend_domain_blocks", trx).insert({ block_id: blockId, domain: domain.toLowerCase(), severity: "noop", removed: true }).onConflict("block_id").merge({ removed: true });
}
