/**
 * The refresh's SQL: every score recomputed from the read models in three statements, so a day of
 * 100,000 statuses is scored inside PostgreSQL, not row by row in Node. Scores are kept for all
 * languages together ("") and per language; silenced and suspended accounts, and the accounts of
 * servers staff silenced or suspended (an admin domain block on the domain or a parent of it), count
 * for nothing.
 */
import type { Database, Transaction } from "@starling/db";
import { HALF_LIFE_S, WINDOW_DAYS, type TrendThresholds } from "../domain/trend-rules.ts";

const WINDOW = `interval '${WINDOW_DAYS} days'`;
/** Whether the trend_accounts row `a` counts: neither it nor its server silenced or suspended. */
const counted = (s: string, a: string) => `not coalesce(${a}.silenced or ${a}.suspended, false) and not exists (
      select 1 from ${s}.trend_domain_blocks b
      where not b.removed and b.severity in ('silence', 'suspend')
        and (${a}.domain = b.domain or ${a}.domain like '%.' || b.domain or ${a}.domain like b.domain || ':%' or ${a}.domain like '%.' || b.domain || ':%'))`;

/** Tags: per account and day the latest use, decayed by the tags' half-life; enough distinct accounts. */
const tagScores = (s: string) => `
  insert into ${s}.trend_scores (kind, language, item_id, score)
  select 'tag', case when grouping(d.language) = 1 then '' else d.language end, cast(t.id as text), sum(d.weight)
  from (
    select u.tag, u.language, u.account_id,
           power(0.5, extract(epoch from (cast(:now as timestamptz) - max(u.used_at))) / :tagHalfLife) as weight
    from ${s}.trend_tag_uses u
    left join ${s}.trend_accounts a on a.account_id = u.account_id
    where u.used_at > cast(:now as timestamptz) - ${WINDOW} and u.used_at <= :now and ${counted(s, "a")}
    group by u.tag, u.language, u.account_id, date_trunc('day', u.used_at at time zone 'UTC')
  ) d
  join ${s}.trend_tags t on t.name = d.tag
  group by grouping sets ((t.id), (t.id, d.language))
  having count(distinct d.account_id) >= :tagAccounts and (grouping(d.language) = 1 or d.language <> '')`;

/** Posts: distinct interacting accounts, decayed by the posts' half-life from the post's time; one per author and language. */
const statusScores = (s: string) => `
  insert into ${s}.trend_scores (kind, language, item_id, score)
  select distinct on (l.language, p.account_id) 'status', l.language, cast(p.status_id as text), p.score
  from (
    select st.status_id, st.account_id, st.language,
           count(distinct i.account_id) * power(0.5, extract(epoch from (cast(:now as timestamptz) - st.created_at)) / :statusHalfLife) as score
    from ${s}.trend_statuses st
    join ${s}.trend_interactions i on i.status_id = st.status_id and i.account_id <> st.account_id
    left join ${s}.trend_accounts a on a.account_id = st.account_id
    left join ${s}.trend_accounts ia on ia.account_id = i.account_id
    where st.deleted_at is null and st.visibility = 'public' and not st.reply
      and st.created_at > cast(:now as timestamptz) - ${WINDOW} and st.created_at <= :now
      and ${counted(s, "a")} and ${counted(s, "ia")}
    group by st.status_id
    having count(distinct i.account_id) >= :statusInteractions
  ) p
  cross join lateral (values (''), (p.language)) l(language)
  order by l.language, p.account_id, p.score desc, p.status_id`;

/** Links: article cards shared by enough distinct accounts, each account's latest share decayed by the links' half-life. */
const linkScores = (s: string) => `
  insert into ${s}.trend_scores (kind, language, item_id, score)
  select 'link', case when grouping(d.language) = 1 then '' else d.language end, cast(d.card_id as text), sum(d.weight)
  from (
    select ls.card_id, st.language, st.account_id,
           power(0.5, extract(epoch from (cast(:now as timestamptz) - max(st.created_at))) / :linkHalfLife) as weight
    from ${s}.trend_link_shares ls
    join ${s}.trend_statuses st on st.status_id = ls.status_id
    left join ${s}.trend_accounts a on a.account_id = st.account_id
    where ls.link_type = 'article' and st.deleted_at is null and st.visibility = 'public'
      and st.created_at > cast(:now as timestamptz) - ${WINDOW} and st.created_at <= :now and ${counted(s, "a")}
    group by ls.card_id, st.language, st.account_id
  ) d
  group by grouping sets ((d.card_id), (d.card_id, d.language))
  having count(distinct d.account_id) >= :linkAccounts and (grouping(d.language) = 1 or d.language <> '')`;

/** Drops what fell out of the 7 daily buckets, then replaces every score. Returns the counts of each kind (all languages). */
export async function recomputeScores(db: Database, trx: Transaction, now: Date, thresholds: TrendThresholds): Promise<{ tags: number; statuses: number; links: number }> {
  const s = `"${db.schema}"`;
  const cutoff = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  await db.table("trend_tag_uses", trx).where("used_at", "<=", cutoff).delete();
  const old = db.table("trend_statuses", trx).where("created_at", "<=", cutoff).select("status_id");
  for (const table of ["trend_interactions", "trend_link_shares"]) await db.table(table, trx).whereIn("status_id", old.clone()).delete();
  await db.table("trend_statuses", trx).where("created_at", "<=", cutoff).delete();
  await db.table("trend_scores", trx).delete();
  const bindings = {
    now,
    tagHalfLife: HALF_LIFE_S.tag,
    statusHalfLife: HALF_LIFE_S.status,
    linkHalfLife: HALF_LIFE_S.link,
    tagAccounts: thresholds.tagAccounts,
    statusInteractions: thresholds.statusInteractions,
    linkAccounts: thresholds.linkAccounts,
  };
  await trx.raw(tagScores(s), bindings);
  await trx.raw(statusScores(s), bindings);
  await trx.raw(linkScores(s), bindings);
  const counts: { kind: string; n: string }[] = await db.table("trend_scores", trx).where({ language: "" }).groupBy("kind").select("kind").count({ n: "*" });
  const of = (kind: string) => Number(counts.find((row) => row.kind === kind)?.n ?? 0);
  return { tags: of("tag"), statuses: of("status"), links: of("link") };
}
