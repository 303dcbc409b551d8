import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { RealServers } from "@starling/e2e";
import { createInfraProvider } from "@starling/platform";
import { TrendsServiceClient } from "@starling/proto/trends/v1/trends";
import { connectService, createServiceContext, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { uniqueName } from "@starling/testkit";
import { startTrendsService, trendsEnv } from "@starling/trends";
import { figure, type Column } from "./figures.ts";

/** A day of statuses, as the target names it. */
export const REFRESH_STATUSES = 100_000;
const SECRET = "bench-trends-secret-".padEnd(40, "x");

/**
 * Bulk SQL for the trends service's read models: a day of public statuses by 5,000 accounts in five
 * languages, two hashtags each of 2,000, three interactions each (on the first 5,000 statuses), a link on every third status
 * (600 cards, most of them articles), and 100 silenced accounts. Seeded in the database, not
 * through events, so the figure is the refresh alone.
 */
const seed = (s: string, n: number) => `
  insert into ${s}.trend_statuses (status_id, account_id, visibility, language, reply, created_at)
    select i, 1 + i % 5000, 'public', (array['en','de','fr','ja','es'])[1 + i % 5], i % 10 = 0, now() - (i % 86400) * interval '1 second'
    from generate_series(1, ${n}) i;
  insert into ${s}.trend_tags (id, name) select t, 'tag' || t from generate_series(1, 2000) t;
  insert into ${s}.trend_tag_uses (status_id, tag, account_id, language, used_at)
    select st.status_id, 'tag' || (1 + (st.status_id * 7 + k) % 2000), st.account_id, st.language, st.created_at
    from ${s}.trend_statuses st cross join (values (0), (1000)) k(k);
  insert into ${s}.trend_interactions (id, kind, status_id, account_id, created_at)
    select st.status_id * 3 + k, case when k = 0 then 'reblog' else 'favourite' end, 1 + (st.status_id * 31 + k * 977) % 5000, 1 + (st.status_id + (st.status_id / 5000) * 37 + k * 1777) % 5000, st.created_at
    from ${s}.trend_statuses st cross join generate_series(0, 2) k;
  insert into ${s}.trend_link_shares (status_id, card_id, url, publisher, link_type)
    select status_id, 1 + status_id % 600, 'https://news' || (status_id % 40) || '.example/' || (status_id % 600), 'news' || (status_id % 40) || '.example', case when status_id % 5 = 0 then 'unknown' else 'article' end
    from ${s}.trend_statuses where status_id % 3 = 0;
  insert into ${s}.trend_accounts (account_id, silenced) select a, true from generate_series(1, 100) a;
  analyze ${s}.trend_statuses; analyze ${s}.trend_tag_uses; analyze ${s}.trend_interactions; analyze ${s}.trend_link_shares;`;

/**
 * `trends-refresh`: the trends service on its own (embedded PostgreSQL, or a fresh database on the
 * real server), its read models seeded with {@link REFRESH_STATUSES} statuses, then one RefreshTrends
 * call timed end to end (target ≤ 10 s).
 */
export async function benchTrendsRefresh(servers: RealServers | undefined): Promise<Column["figures"]> {
  const dataDir = mkdtempSync(join(tmpdir(), "starling-bench-trends-"));
  const database = servers ? uniqueName("starling_bench_trends") : undefined;
  const admin = servers ? new pg.Client({ connectionString: servers.databaseUrl }) : undefined;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
  }
  const databaseUrl = servers ? Object.assign(new URL(servers.databaseUrl), { pathname: `/${database}` }).toString() : undefined;
  const env = { VIEWER_TOKEN_SECRET: SECRET, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const config = trendsEnv.parse(env);
  const context = createServiceContext("trends-bench", { logLevel: "warn", shutdownTimeoutMs: 10_000 });
  const infra = createInfraProvider(config, { clientId: "trends-bench", logger: context.logger, shutdown: context.shutdown });
  try {
    const service = await startTrendsService(config, context, infra, { relay: false, scheduler: false });
    const db = service.deps.db;
    await db.knex.raw(seed(`"${db.schema}"`, REFRESH_STATUSES));
    const client = connectService(TrendsServiceClient, `127.0.0.1:${service.grpcPort}`, { deadlineMs: 120_000 });
    const viewerToken = await signViewer(SECRET, { accountId: "1", role: OPERATOR_ROLE, scopes: ["admin:write"] });
    const startedAt = performance.now();
    const counts = await client.refreshTrends({}, { viewerToken });
    const elapsed = performance.now() - startedAt;
    client.close();
    return { trendsRefreshMs: figure(elapsed, `${counts.tags} tags, ${counts.statuses} posts, ${counts.links} links scored`) };
  } finally {
    await context.shutdown.run("bench finished");
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
