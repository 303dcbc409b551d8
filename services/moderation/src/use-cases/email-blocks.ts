import { outboxEvent } from "@starling/events";
import type { CanonicalEmailBlock, CreateCanonicalEmailBlockRequest, EmailDomainBlock } from "@starling/proto/moderation/v1/blocks";
import { alreadyExists, canonicalEmailHash, invalidArgument, isCanonicalEmailHash } from "@starling/runtime";
import { findBlockRowsBy, insertBlockRowOnce, type BlockRow } from "../data/block-rows-queries.ts";
import { domainInput } from "../domain/block-input.ts";
import { requireStaff } from "../domain/staff.ts";
import { changeBlock, type BlockFamily } from "./block-records.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

const readEmailDomainBlock = (row: BlockRow): EmailDomainBlock => ({ id: String(row.id), domain: String(row.domain), createdAt: new Date(row.created_at) });
const readCanonicalBlock = (row: BlockRow): CanonicalEmailBlock => ({ id: String(row.id), canonicalEmailHash: String(row.canonical_email_hash), createdAt: new Date(row.created_at) });
const domainEvent = (type: "email_domain_block.created" | "email_domain_block.removed", row: BlockRow) =>
  outboxEvent("moderation", type, String(row.id), { blockId: String(row.id), domain: String(row.domain) });
const canonicalEvent = (type: "canonical_email_block.created" | "canonical_email_block.removed", row: BlockRow) =>
  outboxEvent("moderation", type, String(row.id), { blockId: String(row.id), canonicalEmailHash: String(row.canonical_email_hash) });

/** E-mail domain blocks (manage_blocks): sign-ups from the domain and its subdomains are refused. */
export const EMAIL_DOMAIN_BLOCKS: BlockFamily<EmailDomainBlock> = {
  table: "email_domain_blocks",
  permission: "manage_blocks",
  name: "email_domain_block",
  read: readEmailDomainBlock,
  summary: (row) => String(row.domain),
  removed: (row) => domainEvent("email_domain_block.removed", row),
};

/** Canonical e-mail blocks (manage_blocks): every spelling of one address is refused at sign-up. */
export const CANONICAL_EMAIL_BLOCKS: BlockFamily<CanonicalEmailBlock> = {
  table: "canonical_email_blocks",
  permission: "manage_blocks",
  name: "canonical_email_block",
  read: readCanonicalBlock,
  summary: (row) => String(row.canonical_email_hash),
  removed: (row) => canonicalEvent("canonical_email_block.removed", row),
};

/** Blocks an e-mail domain; ALREADY_EXISTS (422) when it is blocked already. */
export async function createEmailDomainBlock(deps: ModerationDeps, caller: Caller, input: { domain: string }): Promise<EmailDomainBlock> {
  const domain = domainInput(input.domain);
  const row = await changeBlock(deps, caller, EMAIL_DOMAIN_BLOCKS, "create", async (trx) => {
    const stored = await insertBlockRowOnce(deps.db, trx, "email_domain_blocks", { id: deps.newId(), domain, created_at: deps.now() }, "domain");
    if (!stored) throw alreadyExists("Validation failed: Domain has already been taken");
    return { row: stored, events: [domainEvent("email_domain_block.created", stored)] };
  });
  return readEmailDomainBlock(row);
}

function hashInput(input: CreateCanonicalEmailBlockRequest): string {
  if (input.email !== undefined && input.email.trim() !== "") return canonicalEmailHash(input.email);
  const hash = input.canonicalEmailHash?.trim().toLowerCase() ?? "";
  if (hash === "") throw invalidArgument("Validation failed: Canonical email hash can't be blank");
  if (!isCanonicalEmailHash(hash)) throw invalidArgument("Validation failed: Canonical email hash is invalid");
  return hash;
}

/** Blocks an address (canonicalised, then hashed; the address itself is not kept) or a hash; ALREADY_EXISTS when blocked already. */
export async function createCanonicalEmailBlock(deps: ModerationDeps, caller: Caller, input: CreateCanonicalEmailBlockRequest): Promise<CanonicalEmailBlock> {
  const hash = hashInput(input);
  const row = await changeBlock(deps, caller, CANONICAL_EMAIL_BLOCKS, "create", async (trx) => {
    const stored = await insertBlockRowOnce(deps.db, trx, "canonical_email_blocks", { id: deps.newId(), canonical_email_hash: hash, created_at: deps.now() }, "canonical_email_hash");
    if (!stored) throw alreadyExists("Validation failed: Canonical email hash has already been taken");
    return { row: stored, events: [canonicalEvent("canonical_email_block.created", stored)] };
  });
  return readCanonicalBlock(row);
}

/** The blocks an address matches once canonicalised (POST /api/v1/admin/canonical_email_blocks/test). */
export async function testCanonicalEmailBlocks(deps: ModerationDeps, caller: Caller, email: string): Promise<CanonicalEmailBlock[]> {
  requireStaff(caller, CANONICAL_EMAIL_BLOCKS.permission);
  if (email.trim() === "") throw invalidArgument("Validation failed: email can't be blank");
  return (await findBlockRowsBy(deps.db, "canonical_email_blocks", "canonical_email_hash", [canonicalEmailHash(email)])).map(readCanonicalBlock);
}
