import { join, resolve } from "node:path";
import type { Knex } from "knex";
import { databaseFor, openPostgres, startEmbeddedPostgres, type Database } from "@starling/db";
import { createEmbeddedBus, createKafkaBus, openBusStore, type BusStore, type EventBus } from "@starling/events";
import { createEmbeddedStore, createRedisStore, type KeyValueStore } from "@starling/kv";
import type { Logger, Shutdown } from "@starling/runtime";
import type { InfraConfig } from "./infra-config.ts";

/**
 * Hands services their database, event bus and key-value store, creating each on first use and
 * closing it in the shutdown's "stores" phase. One provider per process: in the embedded launcher
 * every service shares it, so they share one pool on the embedded PostgreSQL (one schema each), one
 * in-process bus and one in-process store; a standalone service process has its own. The in-process
 * bus is durable in the provider's database (schema `event_bus`); it is read back before any service
 * gets its database, so no service can publish before the bus has what the last run left. A provider
 * whose `database` is never called (tests that bring their own schemas) hands out a bus in memory only.
 */
export interface InfraProvider {
  database(schema: string): Promise<Database>;
  bus(): EventBus;
  kv(): KeyValueStore;
}

/** Creates the provider for `config`; `clientId` names this process to Kafka. */
export function createInfraProvider(config: InfraConfig, options: { clientId: string; logger: Logger; shutdown: Shutdown }): InfraProvider {
  const { shutdown, logger } = options;
  let embedded: Promise<Knex> | undefined;
  let bus: EventBus | undefined;
  let kv: KeyValueStore | undefined;
  let busStore: Promise<BusStore> | undefined;
  const embeddedBusStore = () => (busStore ??= open("event_bus").then(openBusStore));
  async function open(schema: string): Promise<Database> {
    if (config.DATABASE_URL) {
      const knex = openPostgres(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX, applicationName: `starling-${schema}` });
      shutdown.add("stores", `postgres ${schema}`, () => knex.destroy());
      return databaseFor(knex, schema, { owned: true });
    }
    embedded ??= openEmbedded(join(resolve(config.DATA_DIR), "postgres"), logger, shutdown);
    return databaseFor(await embedded, schema, { owned: false });
  }
  return {
    async database(schema) {
      if (!config.KAFKA_BROKERS) await embeddedBusStore();
      return open(schema);
    },
    bus() {
      if (!bus) {
        bus = config.KAFKA_BROKERS
          ? createKafkaBus({ brokers: config.KAFKA_BROKERS.split(",").map((b) => b.trim()), clientId: options.clientId, topicPrefix: config.KAFKA_TOPIC_PREFIX, logger })
          : createEmbeddedBus({ ...(busStore && { store: busStore }), logger });
        const created = bus;
        shutdown.add("stores", "event bus", () => created.close());
      }
      return bus;
    },
    kv() {
      if (!kv) {
        // Embedded, the counters (rate limits, throttles) are journaled under DATA_DIR to survive a restart.
        kv = config.REDIS_URL ? createRedisStore({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX }) : createEmbeddedStore({ journal: join(resolve(config.DATA_DIR), "kv", "counters.jsonl") });
        const created = kv;
        shutdown.add("stores", "key-value store", () => created.close());
      }
      return kv;
    },
  };
}

// Every service of the process shares this pool. Each connection is a PostgreSQL process of about
// 15 MiB, and the services' pollers, firing independently, would keep a larger pool's connections
// open at idle; 4 connections still let reads and writes of different services run side by side.
const EMBEDDED_POOL_MAX = 4;

/** Starts the embedded PostgreSQL under `dir` and one pool on it, stopped in that order at shutdown. */
async function openEmbedded(dir: string, logger: Logger, shutdown: Shutdown): Promise<Knex> {
  logger.info({ dir }, "starting embedded PostgreSQL");
  const server = await startEmbeddedPostgres(dir, { onLog: (line) => logger.warn({ postgres: line }, "embedded PostgreSQL") });
  shutdown.add("stores", "embedded PostgreSQL", () => server.stop());
  const knex = openPostgres(server.url, { poolMax: EMBEDDED_POOL_MAX, applicationName: "starling" });
  shutdown.add("stores", "embedded PostgreSQL pool", () => knex.destroy()); // runs before the server stops
  return knex;
}
