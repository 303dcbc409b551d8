import type { Database } from "@starling/db";

/** What PostgreSQL says of itself: the size of this deployment's database in bytes, and its version. */
export async function postgresFacts(db: Database): Promise<{ databaseBytes: number; version: string }> {
  const { rows } = await db.knex.raw("select pg_database_size(current_database()) as bytes, current_setting('server_version') as version");
  const row = (rows as { bytes: string; version: string }[])[0]!;
  return { databaseBytes: Number(row.bytes), version: row.version };
}
