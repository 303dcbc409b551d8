import type { Database } from "@starling/db";
import { domainAndParents } from "@starling/runtime";

type Family = { table: "email_domain_blocks"; column: "domain" } | { table: "canonical_email_blocks"; column: "canonical_email_hash" };

/** E-mail domains blocked at sign-up, with their subdomains. */
export const EMAIL_DOMAINS: Family = { table: "email_domain_blocks", column: "domain" };
/** Canonical addresses (their SHA-256) blocked at sign-up. */
export const CANONICAL_EMAILS: Family = { table: "canonical_email_blocks", column: "canonical_email_hash" };

/** Records a block; a block already removed stays removed. */
export async function saveSignUpBlock(db: Database, family: Family, blockId: string, value: string): Promise<void> {
  await db.table(family.table).insert({ block_id: blockId, [family.column]: value }).onConflict("block_id").ignore();
}

/** Marks a block removed (a tombstone, so a late copy of its creation cannot restore it). */
export async function removeSignUpBlock(db: Database, family: Family, blockId: string, value: string): Promise<void> {
  await db.table(family.table).insert({ block_id: blockId, [family.column]: value, removed: true }).onConflict("block_id").merge({ removed: true });
}

/** Whether the address's domain, or a parent of it, is blocked. */
export async function emailDomainBlocked(db: Database, email: string): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf("@") + 1);
  return (await db.table(EMAIL_DOMAINS.table).whereIn("domain", domainAndParents(domain)).where({ removed: false }).first("block_id")) !== undefined;
}

/** Whether any of these mail server names (or a parent of one) or addresses is an e-mail domain block (the MX check). */
export async function mailHostsBlocked(db: Database, hosts: readonly string[], addresses: readonly string[]): Promise<boolean> {
  const values = [...new Set([...hosts.flatMap((host) => domainAndParents(host)), ...addresses])];
  if (values.length === 0) return false;
  return (await db.table(EMAIL_DOMAINS.table).whereIn("domain", values).where({ removed: false }).first("block_id")) !== undefined;
}

/** Whether a canonical e-mail hash is blocked. */
export async function canonicalEmailBlocked(db: Database, hash: string): Promise<boolean> {
  return (await db.table(CANONICAL_EMAILS.table).where({ canonical_email_hash: hash, removed: false }).first("block_id")) !== undefined;
}
