import type { Database, Transaction } from "@starling/db";

type Query = ReturnType<Database["table"]>;

/** Records an admin domain block or its new state; a block already removed stays removed. */
export async function saveInstanceBlock(db: Database, block: { blockId: string; domain: string; severity: string }): Promise<void> {
  await db
    .table("instance_domain_blocks")
    .insert({ block_id: block.blockId, domain: block.domain.toLowerCase(), severity: block.severity })
    .onConflict("block_id")
    .merge(["domain", "severity"])
    .where(`${db.schema}.instance_domain_blocks.removed`, false);
}

/** Marks a block removed (a tombstone). */
export async function removeInstanceBlock(db: Database, blockId: string, domain: string): Promise<void> {
  await db.table("instance_domain_blocks").insert({ block_id: blockId, domain: domain.toLowerCase(), severity: "noop", removed: true }).onConflict("block_id").merge({ removed: true });
}

/**
 * Remote accounts (`r`) on a silenced or suspended server: the blocked domain itself, any
 * subdomain, with or without a port.
 */
function onSilencedServers(db: Database, trx?: Transaction): Query {
  return (trx ?? db.knex)
    .select(1)
    .from(`${db.schema}.remote_accounts as r`)
    .join(`${db.schema}.instance_domain_blocks as b`, (on) =>
      on.on(db.knex.raw("(r.domain = b.domain or r.domain like '%.' || b.domain or r.domain like b.domain || ':%' or r.domain like '%.' || b.domain || ':%')")),
    )
    .where("b.removed", false)
    .whereIn("b.severity", ["silence", "suspend"]);
}

/** Leaves out of `query` (over a table with `account_id`) the statuses of accounts on a silenced or suspended server. */
export function withoutSilencedServers(db: Database, query: Query, accountColumn: string): Query {
  return query.whereNotExists(onSilencedServers(db).whereRaw(`r.account_id = ${accountColumn}`));
}

/** Whether the account is on a server staff silenced (or suspended). */
export async function onSilencedServer(db: Database, trx: Transaction, accountId: string): Promise<boolean> {
  return (await onSilencedServers(db, trx).where("r.account_id", accountId).first()) !== undefined;
}
