import { z } from "zod";

/**
 * Variables that choose the backing servers. Leaving one unset selects the embedded adapter:
 * a PostgreSQL server started under DATA_DIR, the in-process event bus, the in-process key-value store.
 */
export const infraEnv = {
  /** Folder for embedded data: the PostgreSQL cluster (DATA_DIR/postgres) when DATABASE_URL is unset, the key-value store's counters when REDIS_URL is unset. */
  DATA_DIR: z.string().default("./data"),
  /** PostgreSQL URL of this service's database; unset starts an embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Connections in this process's PostgreSQL pool (counted per replica: keep replicas × pool under max_connections); the embedded run uses a fixed small pool. */
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
  /** Redis URL; unset selects the in-process key-value store. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix on every Redis key and channel, so several instances can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default("starling:"),
  /** Comma-separated Kafka brokers; unset selects the in-process event bus. */
  KAFKA_BROKERS: z.string().optional(),
  /** Prefix on every Kafka topic, so several instances (or test runs) can share one cluster. */
  KAFKA_TOPIC_PREFIX: z.string().default(""),
};

/** The parsed infrastructure settings. */
export interface InfraConfig {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_MAX: number;
  REDIS_URL?: string | undefined;
  REDIS_KEY_PREFIX: string;
  KAFKA_BROKERS?: string | undefined;
  KAFKA_TOPIC_PREFIX: string;
}
