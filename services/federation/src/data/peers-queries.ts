import type { Database } from "@starling/db";

/**
 * Domains of the remote actors this server knows, alphabetically, except those under a live domain
 * block (the blocked domain itself or any of its subdomains), as Mastodon leaves blocked domains out
 * of its peers.
 */
export async function listPeerDomains(db: Database): Promise<string[]> {
  const rows: { domain: string }[] = await db
    .table("remote_actors as r")
    .distinct("r.domain")
    .whereNotExists(function blocked() {
      this.select(db.knex.raw("1"))
        .from(`${db.schema}.instance_domain_blocks as b`)
        .where("b.removed", false)
        .whereNot("b.severity", "noop")
        .where((match) => match.whereRaw("r.domain = b.domain").orWhereRaw("r.domain like '%.' || b.domain"));
    })
    .orderBy("r.domain");
  return rows.map((r) => r.domain);
}
