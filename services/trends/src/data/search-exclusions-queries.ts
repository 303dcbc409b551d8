import type { Database, Transaction } from "@starling/db";

/** The accounts service's relations that hide an author from a viewer's search, as events tell them. */
export type Exclusion =
  | { kind: "block"; accountId: string; targetAccountId: string }
  | { kind: "mute"; accountId: string; targetAccountId: string; expiresAt?: Date | undefined }
  | { kind: "domain"; accountId: string; domain: string };

const TABLE = { block: "search_blocks", mute: "search_mutes", domain: "search_domain_blocks" } as const;

const keyOf = (exclusion: Exclusion) =>
  exclusion.kind === "domain" ? { account_id: exclusion.accountId, domain: exclusion.domain.toLowerCase() } : { account_id: exclusion.accountId, target_account_id: exclusion.targetAccountId };

/** Stores a relation; a mute's new options replace the old (mute.created also announces changed ones). */
export async function saveExclusion(db: Database, trx: Transaction, exclusion: Exclusion): Promise<void> {
  const row = exclusion.kind === "mute" ? { ...keyOf(exclusion), expires_at: exclusion.expiresAt ?? null } : keyOf(exclusion);
  const insert = db.table(TABLE[exclusion.kind], trx).insert(row).onConflict(Object.keys(keyOf(exclusion)));
  await (exclusion.kind === "mute" ? insert.merge() : insert.ignore());
}

export async function removeExclusion(db: Database, trx: Transaction, exclusion: Exclusion): Promise<void> {
  await db.table(TABLE[exclusion.kind], trx).where(keyOf(exclusion)).delete();
}
