import type { Database, Transaction } from "@starling/db";

/** Which restriction an event changed. */
export type RestrictionFlag = "suspended" | "silenced";

/**
 * Sets one flag of an account as of `changedAt`; an event older than the one that last set it
 * changes nothing. Returns whether it applied.
 */
export async function applyRestrictionFlag(db: Database, trx: Transaction, accountId: string, flag: RestrictionFlag, on: boolean, changedAt: Date): Promise<boolean> {
  const stamp = `${flag}_changed_at`;
  const epoch = new Date(0);
  const row = { account_id: accountId, suspended: false, silenced: false, suspended_changed_at: epoch, silenced_changed_at: epoch, [flag]: on, [stamp]: changedAt };
  const applied = await db
    .table("account_restrictions", trx)
    .insert(row)
    .onConflict("account_id")
    .merge({ [flag]: on, [stamp]: changedAt })
    .where(`account_restrictions.${stamp}`, "<=", changedAt)
    .returning("account_id");
  return applied.length > 0;
}

/**
 * Narrows a query over statuses (author column `column`) to authors neither suspended nor, when
 * `silenced`, silenced: what public and hashtag timelines show.
 */
export function withoutRestrictedAuthors<Q extends ReturnType<Database["table"]>>(db: Database, query: Q, column: string, silenced: boolean): Q {
  query.whereNotExists(
    db.knex
      .withSchema(db.schema)
      .from("account_restrictions as r")
      .whereRaw(`r.account_id = ${column}`)
      .where((flags) => {
        flags.where("r.suspended", true);
        if (silenced) flags.orWhere("r.silenced", true);
      }),
  );
  return query;
}

/** Whether staff silenced the account (its notifications reach only its followers). */
export async function isSilenced(db: Database, trx: Transaction, accountId: string): Promise<boolean> {
  const row: { silenced: boolean } | undefined = await db.table("account_restrictions", trx).where({ account_id: accountId }).first("silenced");
  return row?.silenced ?? false;
}
