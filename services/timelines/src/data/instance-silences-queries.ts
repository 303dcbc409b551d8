import type { Database } from "@starling/db";

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
 * Leaves out of `query` (over a table with `account_id`) the statuses of remote accounts on a
 * silenced or suspended server: the blocked domain itself, any subdomain, with or without a port.
 */
export function withoutSilencedServers(db: Database, query: Query, accountColumn: string): Query {
  return query.whereNotExists(
    db.knex
      .select(1)
      .from(`${db.schema}.remote_accounts as r`)
      .join(`${db.schema}.instance_domain_blocks as b`, (on) =>
        on.on(db.knex.raw("(r.domain = b.domain or r.domain like '%.' || b.domain or r.domain like b.domain || ':%' or r.domain like '%.' || b.domain || ':%')")),
      )
      .whereRaw(`r.account_id = ${accountColumn}`)
      .where("b.removed", false)
      .whereIn("b.severity", ["silence", "suspend"]),
  );
}
