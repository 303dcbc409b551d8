import { outboxEvent } from "@starling/events";
import type { CreateIpBlockRequest, IpBlock, UpdateIpBlockRequest } from "@starling/proto/moderation/v1/blocks";
import { invalidArgument, parseIpRange } from "@starling/runtime";
import { allBlockRows, findBlockRow, insertBlockRow, updateBlockRow, type BlockRow } from "../data/block-rows-queries.ts";
import { choiceInput, IP_BLOCK_SEVERITIES } from "../domain/block-input.ts";
import { changeBlock, type BlockFamily } from "./block-records.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

const readIpBlock = (row: BlockRow): IpBlock => ({
  id: String(row.id),
  ip: String(row.ip),
  severity: String(row.severity),
  comment: String(row.comment),
  createdAt: new Date(row.created_at),
  expiresAt: row.expires_at ? new Date(row.expires_at as Date) : undefined,
});
const event = (type: "ip_block.created" | "ip_block.updated" | "ip_block.removed", row: BlockRow) => outboxEvent("moderation", type, String(row.id), { blockId: String(row.id) });

/** IP blocks (manage_blocks). */
export const IP_BLOCKS: BlockFamily<IpBlock> = {
  table: "ip_blocks",
  permission: "manage_blocks",
  name: "ip_block",
  read: readIpBlock,
  summary: (row) => `${String(row.ip)} (${String(row.severity)})`,
  removed: (row) => event("ip_block.removed", row),
};

function rangeInput(ip: string | undefined): string {
  if (ip === undefined || ip.trim() === "") throw invalidArgument("Validation failed: Ip can't be blank");
  const range = parseIpRange(ip);
  if (!range) throw invalidArgument("Validation failed: Ip is invalid");
  return range;
}

function expiryInput(deps: ModerationDeps, seconds: number | undefined): Date | null | undefined {
  if (seconds === undefined) return undefined;
  if (!Number.isInteger(seconds) || seconds <= 0) throw invalidArgument("Validation failed: expires_in must be a positive number of seconds");
  return new Date(deps.now().getTime() + seconds * 1000);
}

/** Blocks an address or CIDR range (a bare IPv6 address covers its /64) with a severity, a comment and an optional lifetime. */
export async function createIpBlock(deps: ModerationDeps, caller: Caller, input: CreateIpBlockRequest): Promise<IpBlock> {
  if (input.severity === undefined) throw invalidArgument("Validation failed: Severity can't be blank");
  const values = { ip: rangeInput(input.ip), severity: choiceInput("Severity", input.severity, IP_BLOCK_SEVERITIES), comment: input.comment?.trim() ?? "", expires_at: expiryInput(deps, input.expiresIn) ?? null };
  const row = await changeBlock(deps, caller, IP_BLOCKS, "create", async (trx) => {
    const stored = await insertBlockRow(deps.db, trx, "ip_blocks", { id: deps.newId(), ...values, created_at: deps.now() });
    return { row: stored, events: [event("ip_block.created", stored)] };
  });
  return readIpBlock(row);
}

/**
 * Changes a block; absent fields keep their value. Unlike Mastodon 4.0, which answers invalid input
 * with the unchanged record (reference §19), invalid input is a 422 here: a silent no-op hides the mistake.
 */
export async function updateIpBlock(deps: ModerationDeps, caller: Caller, input: UpdateIpBlockRequest): Promise<IpBlock> {
  const changes = Object.fromEntries(
    Object.entries({
      ip: input.ip === undefined ? undefined : rangeInput(input.ip),
      severity: input.severity === undefined ? undefined : choiceInput("Severity", input.severity, IP_BLOCK_SEVERITIES),
      comment: input.comment?.trim(),
      expires_at: expiryInput(deps, input.expiresIn),
    }).filter(([, value]) => value !== undefined),
  );
  const row = await changeBlock(deps, caller, IP_BLOCKS, "update", async (trx) => {
    if (!(await findBlockRow(deps.db, "ip_blocks", input.id, trx))) return undefined;
    const stored = (await updateBlockRow(deps.db, trx, "ip_blocks", input.id, changes))!;
    return { row: stored, events: [event("ip_block.updated", stored)] };
  });
  return readIpBlock(row);
}

/** The unexpired blocks, for the gateway's check of client addresses (no viewer: it asks as itself). */
export async function listActiveIpBlocks(deps: ModerationDeps): Promise<IpBlock[]> {
  const now = deps.now();
  return (await allBlockRows(deps.db, "ip_blocks")).map(readIpBlock).filter((b) => !b.expiresAt || b.expiresAt > now);
}
