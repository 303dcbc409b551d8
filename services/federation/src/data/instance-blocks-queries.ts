import type { Database } from "@starling/db";
import { domainAndParents } from "@starling/runtime";
import { federationRefused, type HostPolicy } from "../domain/host-policy.ts";

/** A domain block as the moderation service's events carry it. */
export interface DomainBlockFacts {
  blockId: string;
  domain: string;
  severity: string;
  rejectMedia: boolean;
  rejectReports: boolean;
}

/** Records a block or its new state; a block already removed stays removed. */
export async function saveDomainBlock(db: Database, block: DomainBlockFacts): Promise<void> {
  await db
    .table("instance_domain_blocks")
    .insert({ block_id: block.blockId, domain: block.domain, severity: block.severity, reject_media: block.rejectMedia, reject_reports: block.rejectReports })
    .onConflict("block_id")
    .merge(["domain", "severity", "reject_media", "reject_reports"])
    .where(`${db.schema}.instance_domain_blocks.removed`, false);
}

/** Marks a block removed (a tombstone, so a late copy of its creation cannot restore it). */
export async function removeDomainBlock(db: Database, blockId: string, domain: string): Promise<void> {
  await db
    .table("instance_domain_blocks")
    .insert({ block_id: blockId, domain, severity: "noop", reject_media: false, removed: true })
    .onConflict("block_id")
    .merge({ removed: true });
}

/** Records an allowed domain (limited-federation mode); a removed one stays removed. */
export async function saveDomainAllow(db: Database, allowId: string, domain: string): Promise<void> {
  await db.table("instance_domain_allows").insert({ allow_id: allowId, domain }).onConflict("allow_id").ignore();
}

/** Marks an allow removed. */
export async function removeDomainAllow(db: Database, allowId: string, domain: string): Promise<void> {
  await db.table("instance_domain_allows").insert({ allow_id: allowId, domain, removed: true }).onConflict("allow_id").merge({ removed: true });
}

/** What the blocks and allows on a host and its parent domains say about it. */
export async function hostPolicy(db: Database, host: string): Promise<HostPolicy> {
  const candidates = domainAndParents(host);
  const [blocks, allows] = await Promise.all([
    db.table("instance_domain_blocks").whereIn("domain", candidates).where({ removed: false }).select("severity", "reject_media", "reject_reports"),
    db.table("instance_domain_allows").whereIn("domain", candidates).where({ removed: false }).first("allow_id"),
  ]);
  const rows = blocks as { severity: string; reject_media: boolean; reject_reports: boolean }[];
  return {
    suspended: rows.some((r) => r.severity === "suspend"),
    silenced: rows.some((r) => r.severity === "silence"),
    rejectMedia: rows.some((r) => r.reject_media || r.severity === "suspend"),
    rejectReports: rows.some((r) => r.reject_reports),
    allowed: allows !== undefined,
  };
}

/** Of these hosts, the ones federation must not reach (see {@link federationRefused}). */
export async function refusedHosts(db: Database, hosts: readonly string[], limitedFederation: boolean): Promise<Set<string>> {
  const refused = new Set<string>();
  for (const host of new Set(hosts)) if (federationRefused(await hostPolicy(db, host), limitedFederation)) refused.add(host);
  return refused;
}
