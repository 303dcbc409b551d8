import { outboxEvent } from "@starling/events";
import type { DomainAllow } from "@starling/proto/moderation/v1/blocks";
import { findBlockRowsBy, insertBlockRowOnce, type BlockRow } from "../data/block-rows-queries.ts";
import { domainInput } from "../domain/block-input.ts";
import { requireStaff } from "../domain/staff.ts";
import { changeBlock, type BlockFamily } from "./block-records.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

const readDomainAllow = (row: BlockRow): DomainAllow => ({ id: String(row.id), domain: String(row.domain), createdAt: new Date(row.created_at) });
/** The event announcing a domain allow (its id and domain) made or taken away. */
export const domainAllowEvent = (type: "domain_allow.created" | "domain_allow.removed", row: BlockRow) => outboxEvent("moderation", type, String(row.id), { allowId: String(row.id), domain: String(row.domain) });

/** Domain allows of limited-federation mode (manage_federation). */
export const DOMAIN_ALLOWS: BlockFamily<DomainAllow> = {
  table: "domain_allows",
  permission: "manage_federation",
  name: "domain_allow",
  read: readDomainAllow,
  summary: (row) => String(row.domain),
  removed: (row) => domainAllowEvent("domain_allow.removed", row),
};

/** Allows a domain; one allowed already answers its existing record, no error and nothing written (spec Errors 2). */
export async function createDomainAllow(deps: ModerationDeps, caller: Caller, input: { domain: string }): Promise<DomainAllow> {
  requireStaff(caller, DOMAIN_ALLOWS.permission);
  const domain = domainInput(input.domain);
  const existing = async () => (await findBlockRowsBy(deps.db, "domain_allows", "domain", [domain]))[0];
  const found = await existing();
  if (found) return readDomainAllow(found);
  let raced = false;
  const row = await changeBlock(deps, caller, DOMAIN_ALLOWS, "create", async (trx) => {
    const stored = await insertBlockRowOnce(deps.db, trx, "domain_allows", { id: deps.newId(), domain, created_at: deps.now() }, "domain");
    if (stored) return { row: stored, events: [domainAllowEvent("domain_allow.created", stored)] };
    raced = true;
    throw new Error("allowed concurrently");
  }).catch(async (error: unknown) => {
    // Another request allowed the same domain between the check and the insert: answer its record.
    if (raced) return (await existing())!;
    throw error;
  });
  return readDomainAllow(row);
}
