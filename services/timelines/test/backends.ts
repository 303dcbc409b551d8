/**
 * The backends the integration tests run on: the embedded test server with the embedded store always, and real
 * PostgreSQL with real Redis when DATABASE_URL and REDIS_URL are set. Each opened database gets a
 * fresh schema and each store a fresh key prefix, so runs never see each other's data.
 */
import { databaseFor, openPostgres, testPostgresUrl, type Database } from "@starling/db";
import { createEmbeddedStore, createRedisStore, type KeyValueStore } from "@starling/kv";
import { uniqueName } from "@starling/testkit";

/** One place to run the tests. */
export interface Backend {
  name: string;
  /** A database on a fresh schema. */
  database(): Promise<Database>;
  /** An empty key-value store. */
  kv(): KeyValueStore;
  close(): Promise<void>;
}

function embeddedBackend(): Backend {
  let knex: Promise<ReturnType<typeof openPostgres>> | undefined;
  return {
    name: "embedded PostgreSQL and the embedded key-value store",
    async database() {
      knex ??= testPostgresUrl().then((url) => openPostgres(url));
      return databaseFor(await knex, uniqueName("timelines"));
    },
    kv: () => createEmbeddedStore(),
    async close() {
      if (knex) await (await knex).destroy();
    },
  };
}

function postgresBackend(url: string, redisUrl: string | undefined): Backend {
  const opened: Database[] = [];
  return {
    name: `PostgreSQL and ${redisUrl ? "Redis" : "the embedded key-value store"}`,
    async database() {
      const db = databaseFor(openPostgres(url), uniqueName("timelines"), { owned: true });
      opened.push(db);
      return db;
    },
    kv: () => (redisUrl ? createRedisStore({ url: redisUrl, keyPrefix: `${uniqueName("tl")}:` }) : createEmbeddedStore()),
    async close() {
      await Promise.all(opened.map(async (db) => {
        await db.knex.raw("drop schema if exists ?? cascade", [db.schema]);
        await db.close();
      }));
    },
  };
}

/** Every backend this run can reach. */
export function backends(): Backend[] {
  const list = [embeddedBackend()];
  const url = process.env["DATABASE_URL"];
  if (url) list.push(postgresBackend(url, process.env["REDIS_URL"]));
  return list;
}
