import pg from "pg";
import type { StackInfra } from "@starling/e2e";

/** What the seeded year holds, for the bench's requests and note. */
export const SEEDED = { statuses: 100_000, localAccounts: 1_000, domains: 50, tags: 20, days: 365 } as const;

// Above every id Starling makes, as the fan-out bench's followers, so no real account collides.
const FIRST_ACCOUNT_ID = "900000000000000000";

/**
 * Writes into the moderation service's dashboard tables what its consumer would leave after a year
 * of {@link SEEDED} statuses (a quarter from 50 other servers, each with one of 20 tags and one of
 * four languages), a sign-in by each status's author that day, 1,000 local sign-ups and an
 * interaction per status: the same keys and rows the consumer writes, in a few set statements
 * instead of 100,000 events through Kafka.
 */
export async function seedDashboardCounters(infra: StackInfra): Promise<void> {
  const client = new pg.Client({ connectionString: infra.databaseUrl });
  await client.connect();
  const counts = (select: string) =>
    client.query(`insert into moderation.dashboard_daily_counts (key, dim1, dim2, day, count) ${select}
      on conflict (key, dim1, day, dim2) do update set count = moderation.dashboard_daily_counts.count + excluded.count`);
  const members = (select: string) => client.query(`insert into moderation.dashboard_daily_members (key, dim, day, member) ${select} on conflict do nothing`);
  try {
    await client.query("begin");
    await client.query(
      `create temp table bench_statuses on commit drop as select
         current_date - (g % $2::int) as day,
         ($3::bigint + g % $4::int)::text as account,
         case when g % 4 = 0 then 'peer' || (g / 4 % $5::int) || '.example' else '' end as domain,
         'benchtag' || (g % $6::int) as tag,
         (array['en', 'de', 'fr', 'ja'])[1 + g % 4] as language
       from generate_series(1, $1::int) g`,
      [SEEDED.statuses, SEEDED.days, FIRST_ACCOUNT_ID, SEEDED.localAccounts, SEEDED.domains, SEEDED.tags],
    );
    await client.query(
      `insert into moderation.dashboard_accounts (account_id, username, domain, created_day)
       select $1::bigint + g, 'bench' || g, null, current_date - (g % $3::int) from generate_series(0, $2::int - 1) g on conflict do nothing`,
      [FIRST_ACCOUNT_ID, SEEDED.localAccounts, SEEDED.days],
    );
    await counts("select 'new_users', '', '', created_day, count(*) from moderation.dashboard_accounts where account_id >= 900000000000000000 group by created_day");
    await counts("select 'statuses', domain, '', day, count(*) from bench_statuses group by domain, day");
    await counts("select 'interactions', '', '', day, count(*) from bench_statuses group by day");
    await counts("select 'tag_uses', tag, domain, day, count(*) from bench_statuses group by tag, domain, day");
    await counts("select 'status_languages', domain, language, day, count(*) from bench_statuses group by domain, language, day");
    await counts("select 'tag_languages', tag, language, day, count(*) from bench_statuses group by tag, language, day");
    await counts("select 'account_statuses', domain, account, day, count(*) from bench_statuses where domain <> '' group by domain, account, day");
    await members("select distinct 'active_users', '', day, account from bench_statuses");
    await members("select distinct 'tag_accounts', tag, day, account from bench_statuses");
    await members("select distinct 'tag_servers', tag, day, domain from bench_statuses where domain <> ''");
    await client.query(
      `insert into moderation.dashboard_monthly_members (key, dim, month, member)
       select distinct key, dim, date_trunc('month', day)::date, member from moderation.dashboard_daily_members on conflict do nothing`,
    );
    // The consumer bumps a set's daily counter as each new member arrives; these are those counters.
    await counts("select key, dim, '', day, count(*) from moderation.dashboard_daily_members where key in ('active_users', 'tag_accounts', 'tag_servers') group by key, dim, day");
    await client.query("commit");
    await client.query("analyze moderation.dashboard_daily_counts; analyze moderation.dashboard_daily_members; analyze moderation.dashboard_monthly_members");
  } finally {
    await client.end();
  }
}
