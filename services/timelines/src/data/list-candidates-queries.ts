/** What a list feed is rebuilt from: its members' statuses in the `statuses_index` read model. */
import type { Database } from "@starling/db";
import type { StatusRouting } from "../domain/home-delivery.ts";
import { ROUTING_COLUMNS, toRouting, type RoutingRow } from "./statuses-index-queries.ts";

/**
 * The newest live statuses of a list's members that followers may see (not direct), leaving out
 * reblogs by members whose reblogs the owner hides. The reply rules are applied by the caller.
 */
export async function listCandidates(db: Database, listId: string, ownerId: string, limit: number): Promise<StatusRouting[]> {
  const { schema } = db;
  const rows: RoutingRow[] = await db
    .table("statuses_index as s")
    .where("s.deleted", false)
    .whereNot("s.visibility", "direct")
    .whereIn("s.account_id", db.knex.withSchema(schema).from("list_accounts").where({ list_id: listId }).select("account_id"))
    .whereNot((hiddenReblog) =>
      hiddenReblog
        .whereNotNull("s.reblog_of_id")
        .whereIn("s.account_id", db.knex.withSchema(schema).from("follows").where({ account_id: ownerId, show_reblogs: false }).select("target_account_id")),
    )
    .orderBy("s.id", "desc")
    .limit(limit)
    .select(ROUTING_COLUMNS.map((c) => `s.${c}`));
  return rows.map(toRouting);
}
