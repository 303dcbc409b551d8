/**
 * Test fixture: runs a suite on the process's embedded test server always and on PostgreSQL when
 * DATABASE_URL is set, each test in a fresh schema of one knex (a schema costs nothing).
 */
import type { Knex } from "knex";
import { databaseFor, openPostgres, testPostgresUrl, type Database, type Migration } from "@starling/db";
import { uniqueName } from "@starling/testkit";

/** What a suite body gets: which backend it runs on, and fresh migrated schemas on demand. */
export interface DatabaseFixture {
  kind: "embedded" | "postgres";
  /** A new schema with `migrations` applied. */
  freshDatabase(migrations: Migration[]): Promise<Database>;
}

// Tests read the environment directly; there is no service config in a library's tests.
const postgresUrl = process.env.DATABASE_URL;

/** Declares `body` once per database backend. */
export function describeOnDatabases(title: string, body: (fixture: DatabaseFixture) => void): void {
  for (const kind of ["embedded", "postgres"] as const) {
    describe(`${title} (${kind})`, function () {
      this.timeout(60_000);
      let knex: Knex | undefined;
      before(async function () {
        this.timeout(120_000);
        if (kind === "postgres") {
          if (!postgresUrl) {
            console.log("    (skipped: set DATABASE_URL, e.g. `bash scripts/postgres.sh start` then DATABASE_URL=$(bash scripts/postgres.sh url))");
            return this.skip();
          }
          knex = openPostgres(postgresUrl);
        } else {
          knex = openPostgres(await testPostgresUrl());
        }
      });
      after(async () => {
        await knex?.destroy();
      });
      body({
        kind,
        async freshDatabase(migrations) {
          if (!knex) throw new Error("database not opened");
          const db = databaseFor(knex, uniqueName("events"));
          await db.migrate(migrations);
          return db;
        },
      });
    });
  }
}
