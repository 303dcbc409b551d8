import type { Database, Transaction } from "@starling/db";

/** The dashboard's copy of an account: enough to place its events on a server and in a sign-up cohort. */
export interface DashboardAccount {
  accountId: string;
  username: string;
  /** null for a local account. */
  domain: string | null;
  createdDay: string;
}

/** Remembers an account from account.created; a redelivered event keeps the first copy. */
export async function saveDashboardAccount(db: Database, trx: Transaction, account: DashboardAccount): Promise<void> {
  await db
    .table("dashboard_accounts", trx)
    .insert({ account_id: account.accountId, username: account.username, domain: account.domain, created_day: account.createdDay })
    .onConflict("account_id")
    .ignore();
}

/** Where an account lives: its domain, null for a local one, undefined when account.created has not been seen. */
export async function accountDomain(db: Database, trx: Transaction, accountId: string): Promise<string | null | undefined> {
  const row: { domain: string | null } | undefined = await db.table("dashboard_accounts", trx).where({ account_id: accountId }).first("domain");
  return row === undefined ? undefined : row.domain;
}

/** Usernames by account id. */
export async function usernamesOf(db: Database, accountIds: readonly string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows: { account_id: string; username: string }[] = await db.table("dashboard_accounts").whereIn("account_id", accountIds).select("account_id", "username");
  return new Map(rows.map((r) => [String(r.account_id), r.username]));
}

/**
 * Sign-up cohorts of local accounts (by day or month from `from` to `to`) and, for each cohort and
 * each later period up to `to`, how many of its accounts signed in during that period.
 */
export async function retentionRows(db: Database, frequency: "day" | "month", from: string, to: string): Promise<{ cohort: string; period: string; size: number; retained: number }[]> {
  const s = db.schema;
  const { rows } = await db.knex.raw(
    `with cohorts as (
       select date_trunc(?, created_day::timestamp) as cohort, account_id from ??.dashboard_accounts
       where domain is null and created_day between ?::date and ?::date
     ), sizes as (select cohort, count(*) as size from cohorts group by cohort),
     periods as (select generate_series(date_trunc(?, ?::date::timestamp), date_trunc(?, ?::date::timestamp), ('1 ' || ?)::interval) as period),
     active as (
       select distinct date_trunc(?, m.day::timestamp) as period, m.member::bigint as account_id from ??.dashboard_daily_members m
       where m.key = 'active_users' and m.dim = '' and m.day between ?::date and ?::date
     )
     select to_char(sizes.cohort, 'YYYY-MM-DD') as cohort, to_char(periods.period, 'YYYY-MM-DD') as period, sizes.size,
       (select count(*) from cohorts c join active a on a.account_id = c.account_id where c.cohort = sizes.cohort and a.period = periods.period) as retained
     from sizes join periods on periods.period >= sizes.cohort
     order by sizes.cohort, periods.period`,
    [frequency, s, from, to, frequency, from, frequency, to, frequency, frequency, s, from, to],
  );
  return (rows as { cohort: string; period: string; size: string; retained: string }[]).map((r) => ({ cohort: r.cohort, period: r.period, size: Number(r.size), retained: Number(r.retained) }));
}
