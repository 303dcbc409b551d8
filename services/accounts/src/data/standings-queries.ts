import type { Database } from "@starling/db";

/** One relation between a viewer and another account, as {@link standingMarks} lists them. */
export type StandingMark = "following" | "blocking" | "blocked_by" | "muting" | "domain_blocking";

/**
 * Every follow, block (both ways), live mute and domain block between `accountId` and `targetIds`,
 * in ONE query, as (target id, mark) pairs; what the read rules of statuses need per page.
 */
export async function standingMarks(db: Database, accountId: string, targetIds: readonly string[], now: Date): Promise<{ id: string; mark: StandingMark }[]> {
  if (targetIds.length === 0) return [];
  const list = targetIds.map(() => "?").join(", ");
  const { rows } = (await db.knex.raw(
    `select target_account_id as id, 'following' as mark from ??.follows where account_id = ? and target_account_id in (${list})
     union all select target_account_id, 'blocking' from ??.blocks where account_id = ? and target_account_id in (${list})
     union all select account_id, 'blocked_by' from ??.blocks where target_account_id = ? and account_id in (${list})
     union all select target_account_id, 'muting' from ??.mutes where account_id = ? and target_account_id in (${list}) and (expires_at is null or expires_at > ?)
     union all select id, 'domain_blocking' from ??.accounts where id in (${list}) and lower(domain) in (select domain from ??.account_domain_blocks where account_id = ?)`,
    [
      db.schema, accountId, ...targetIds,
      db.schema, accountId, ...targetIds,
      db.schema, accountId, ...targetIds,
      db.schema, accountId, ...targetIds, now,
      db.schema, ...targetIds, db.schema, accountId,
    ],
  )) as { rows: { id: string; mark: StandingMark }[] };
  return rows.map((r) => ({ id: String(r.id), mark: r.mark }));
}
