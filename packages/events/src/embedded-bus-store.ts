/**
 * Where the embedded bus keeps what must survive a kill -9: every message no consumer group has
 * passed yet, and each group's committed position per partition. The bus delivers from memory;
 * this is its durable copy, read back once when the process starts. Messages published through an
 * outbox relay are written in the relay's own transaction, so an outbox row leaves its table in the
 * same commit that puts the event here: no window where the event is in neither.
 */
import type { Database, Migration, Transaction } from "@starling/db";
import type { StoredMessage } from "./embedded-log.ts";

const MESSAGES = "messages";
const POSITIONS = "consumer_positions";

/** A message as stored, with where it sits. */
export interface StoredTopicMessage extends StoredMessage {
  topic: string;
  partition: number;
}

/** A consumer group's committed position in one partition: the offset it reads next. */
export interface GroupPosition {
  group: string;
  topic: string;
  partition: number;
  position: number;
}

/** What the store held when it was opened. */
export interface BusSnapshot {
  messages: StoredTopicMessage[];
  positions: GroupPosition[];
}

/** The durable side of the embedded bus. */
export interface BusStore {
  /** Everything held at open, in topic, partition and offset order. */
  readonly snapshot: BusSnapshot;
  /** Stores messages, inside `trx` when given (they then exist exactly when it commits). */
  insert(messages: StoredTopicMessage[], trx?: Transaction): Promise<void>;
  /** Records that `group` has handled everything in the partition below `position`. */
  commit(position: GroupPosition): Promise<void>;
  /** Deletes the partition's messages below `before`, once every group has passed them. */
  trim(topic: string, partition: number, before: number): Promise<void>;
}

/** The tables of the embedded bus, in the schema the bus's Database owns. */
export const busStoreMigration: Migration = {
  name: "0000_embedded_bus",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable(MESSAGES, (table) => {
      table.text("topic").notNullable();
      table.integer("partition").notNullable();
      table.bigInteger("offset").notNullable();
      table.text("key").notNullable();
      table.binary("envelope").notNullable();
      table.jsonb("headers").notNullable();
      table.primary(["topic", "partition", "offset"]);
    });
    await knex.schema.withSchema(schema).createTable(POSITIONS, (table) => {
      table.text("group_name").notNullable();
      table.text("topic").notNullable();
      table.integer("partition").notNullable();
      table.bigInteger("position").notNullable();
      table.primary(["group_name", "topic", "partition"]);
    });
  },
};

type MessageRow = { topic: string; partition: number; offset: string; key: string; envelope: Uint8Array; headers: string | Record<string, string> };
type PositionRow = { group_name: string; topic: string; partition: number; position: string };

/** Migrates the bus's schema and reads back what it holds. */
export async function openBusStore(db: Database): Promise<BusStore> {
  await db.migrate([busStoreMigration]);
  const rows: MessageRow[] = await db.table(MESSAGES).select("*").orderBy(["topic", "partition", "offset"]);
  const positions: PositionRow[] = await db.table(POSITIONS).select("*");
  const snapshot: BusSnapshot = {
    messages: rows.map((row) => ({
      topic: row.topic,
      partition: row.partition,
      offset: Number(row.offset),
      key: row.key,
      bytes: new Uint8Array(row.envelope),
      headers: typeof row.headers === "string" ? JSON.parse(row.headers) : row.headers,
    })),
    positions: positions.map((row) => ({ group: row.group_name, topic: row.topic, partition: row.partition, position: Number(row.position) })),
  };
  return {
    snapshot,
    async insert(messages, trx) {
      if (messages.length === 0) return;
      const rows = messages.map((m) => ({ topic: m.topic, partition: m.partition, offset: m.offset, key: m.key, envelope: Buffer.from(m.bytes), headers: JSON.stringify(m.headers) }));
      await db.table(MESSAGES, trx).insert(rows);
    },
    async commit({ group, topic, partition, position }) {
      await db
        .table(POSITIONS)
        .insert({ group_name: group, topic, partition, position })
        .onConflict(["group_name", "topic", "partition"])
        .merge(["position"]);
    },
    async trim(topic, partition, before) {
      await db.table(MESSAGES).where({ topic, partition }).where("offset", "<", before).delete();
    },
  };
}

/**
 * Runs store writes one at a time, in order, in `context` (outside any publisher's transaction), and
 * logs a failed one: a dead letter is then stored before the position that passes its original.
 * Resolves each write's turn, so a caller may wait for it.
 */
export function serialWrites(context: <T>(fn: () => T) => T, onError: (error: unknown) => void): (write: () => Promise<void>) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (write) => (last = last.then(() => context(write)).catch(onError));
}
