import type { Database } from "@starling/db";
import { domainAndParents } from "@starling/runtime";

/** Records an allowed domain; an allow already removed stays removed. */
export async function saveDomainAllow(db: Database, allowId: string, domain: string): Promise<void> {
  await db.table("domain_allows").insert({ allow_id: allowId, domain: domain.toLowerCase() }).onConflict("allow_id").ignore();
}

/** Marks an allow removed (a tombstone, so a late copy of its creation cannot restore it). */
export async function removeDomainAllow(db: Database, allowId: string, domain: string): Promise<void> {
  await db.table("domain_allows").insert({ allow_id: allowId, domain: domain.toLowerCase(), removed: true }).onConflict("allow_id").merge({ removed: true });
}

/** Whether an allow covers the server (the domain or a parent of it, any port). */
export async function domainAllowed(db: Database, domain: string): Promise<boolean> {
  return (await db.table("domain_allows").whereIn("domain", domainAndParents(domain.toLowerCase())).where({ removed: false }).first("allow_id")) !== undefined;
}
