import { outboxEvent } from "@starling/events";
import type { CreateDomainBlockRequest, DomainBlock, PublicDomainBlock, UpdateDomainBlockRequest } from "@starling/proto/moderation/v1/blocks";
import { domainAndParents, notFound, viewerHas } from "@starling/runtime";
import { allBlockRows, findBlockRow, findBlockRowsBy, insertBlockRowOnce, updateBlockRow, type BlockRow } from "../data/block-rows-queries.ts";
import { choiceInput, DOMAIN_BLOCK_SEVERITIES, domainInput, optionalText } from "../domain/block-input.ts";
import { domainDigest, obfuscatedDomain, type DomainBlocksAudience } from "../domain/public-domain.ts";
import { requireStaff } from "../domain/staff.ts";
import { changeBlock, type BlockFamily } from "./block-records.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

const readDomainBlock = (row: BlockRow): DomainBlock => ({
  id: String(row.id),
  domain: String(row.domain),
  createdAt: new Date(row.created_at),
  severity: String(row.severity),
  rejectMedia: Boolean(row.reject_media),
  rejectReports: Boolean(row.reject_reports),
  privateComment: (row.private_comment as string | null) ?? undefined,
  publicComment: (row.public_comment as string | null) ?? undefined,
  obfuscate: Boolean(row.obfuscate),
});

const changed = (row: BlockRow, previousSeverity?: string) => ({
  blockId: String(row.id), domain: String(row.domain), severity: String(row.severity), rejectMedia: Boolean(row.reject_media), rejectReports: Boolean(row.reject_reports), previousSeverity,
});

/** Admin domain blocks (manage_federation). */
export const DOMAIN_BLOCKS: BlockFamily<DomainBlock> = {
  table: "domain_blocks",
  permission: "manage_federation",
  name: "domain_block",
  read: readDomainBlock,
  summary: (row) => `${String(row.domain)} (${String(row.severity)})`,
  removed: (row) => outboxEvent("moderation", "admin_domain_block.removed", String(row.id), { blockId: String(row.id), domain: String(row.domain) }),
};

// Thrown when another request blocked the same domain between the check and the insert.
const RACED = new Error("domain blocked concurrently");

const rank = (severity: string) => DOMAIN_BLOCK_SEVERITIES.indexOf(severity as (typeof DOMAIN_BLOCK_SEVERITIES)[number]);

// Mastodon lets a subdomain get a block stricter than its parent's, and nothing else.
const stricterThan = (wanted: { severity: string; rejectMedia: boolean; rejectReports: boolean }, existing: DomainBlock) =>
  rank(wanted.severity) > rank(existing.severity) || (wanted.rejectMedia && !existing.rejectMedia) || (wanted.rejectReports && !existing.rejectReports);

/**
 * Blocks a domain (absent severity: silence, Mastodon's default). When a block on the domain, or a
 * parent's block at least as strict, exists, answers it as `existing` and changes nothing (spec Errors 1).
 */
export async function createDomainBlock(deps: ModerationDeps, caller: Caller, input: CreateDomainBlockRequest): Promise<{ created?: DomainBlock; existing?: DomainBlock }> {
  requireStaff(caller, DOMAIN_BLOCKS.permission);
  const domain = domainInput(input.domain);
  const wanted = { severity: choiceInput("Severity", input.severity ?? "silence", DOMAIN_BLOCK_SEVERITIES), rejectMedia: input.rejectMedia, rejectReports: input.rejectReports };
  const existing = await coveringBlock(deps, domain, wanted);
  if (existing) return { existing };
  try {
    const row = await changeBlock(deps, caller, DOMAIN_BLOCKS, "create", async (trx) => {
      const stored = await insertBlockRowOnce(deps.db, trx, "domain_blocks", {
        id: deps.newId(), domain, severity: wanted.severity, reject_media: wanted.rejectMedia, reject_reports: wanted.rejectReports,
        private_comment: optionalText(input.privateComment), public_comment: optionalText(input.publicComment), obfuscate: input.obfuscate, created_at: deps.now(),
      }, "domain");
      if (!stored) throw RACED;
      return { row: stored, events: [outboxEvent("moderation", "admin_domain_block.created", String(stored.id), changed(stored))] };
    });
    return { created: readDomainBlock(row) };
  } catch (error) {
    // Another request blocked the same domain between the check and the insert.
    const raced = error === RACED ? await coveringBlock(deps, domain, wanted) : undefined;
    if (raced) return { existing: raced };
    throw error;
  }
}

/** The block on the domain itself, or a parent's unless the wanted one is stricter; the most specific decides, as Mastodon's DomainBlock.rule_for. */
async function coveringBlock(deps: ModerationDeps, domain: string, wanted: { severity: string; rejectMedia: boolean; rejectReports: boolean }): Promise<DomainBlock | undefined> {
  const covering = (await findBlockRowsBy(deps.db, "domain_blocks", "domain", domainAndParents(domain))).map(readDomainBlock);
  const nearest = covering.sort((a, b) => b.domain.length - a.domain.length)[0];
  return nearest && (nearest.domain === domain || !stricterThan(wanted, nearest)) ? nearest : undefined;
}

/** Changes a block's severity, options and comments; absent fields keep their value. */
export async function updateDomainBlock(deps: ModerationDeps, caller: Caller, input: UpdateDomainBlockRequest): Promise<DomainBlock> {
  const severity = input.severity === undefined ? undefined : choiceInput("Severity", input.severity, DOMAIN_BLOCK_SEVERITIES);
  const row = await changeBlock(deps, caller, DOMAIN_BLOCKS, "update", async (trx) => {
    const before = await findBlockRow(deps.db, "domain_blocks", input.id, trx);
    if (!before) return undefined;
    const changes = Object.fromEntries(
      Object.entries({
        severity, reject_media: input.rejectMedia, reject_reports: input.rejectReports, obfuscate: input.obfuscate,
        private_comment: input.privateComment === undefined ? undefined : optionalText(input.privateComment),
        public_comment: input.publicComment === undefined ? undefined : optionalText(input.publicComment),
      }).filter(([, value]) => value !== undefined),
    );
    const stored = (await updateBlockRow(deps.db, trx, "domain_blocks", input.id, changes))!;
    return { row: stored, events: [outboxEvent("moderation", "admin_domain_block.updated", String(stored.id), changed(stored, String(before.severity)))] };
  });
  return readDomainBlock(row);
}

/**
 * GET /api/v1/instance/domain_blocks: every block as the public sees it (obfuscated where asked,
 * with its digest and public comment). NOT_FOUND unless the instance shows the list to this caller.
 */
export async function listPublicDomainBlocks(deps: ModerationDeps, caller: Caller, audience: DomainBlocksAudience): Promise<PublicDomainBlock[]> {
  const shown = audience === "all" || (audience === "users" && caller.viewer?.accountId !== undefined) || viewerHas(caller.viewer, "manage_federation");
  if (!shown) throw notFound("Record not found");
  return (await allBlockRows(deps.db, "domain_blocks")).map(readDomainBlock).map((b) => ({
    domain: b.obfuscate ? obfuscatedDomain(b.domain) : b.domain,
    digest: domainDigest(b.domain),
    severity: b.severity,
    comment: b.publicComment,
  }));
}
