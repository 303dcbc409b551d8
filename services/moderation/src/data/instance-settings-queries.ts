import type { Database, Transaction } from "@starling/db";

/** Every stored setting: its JSON value and when it last changed, by key. */
export async function readSettings(db: Database, trx?: Transaction): Promise<Map<string, { value: unknown; updatedAt: Date }>> {
  const rows: { key: string; value: unknown; updated_at: Date }[] = await db.table("instance_settings", trx);
  return new Map(rows.map((row) => [row.key, { value: row.value, updatedAt: new Date(row.updated_at) }]));
}

/** Sets settings (undefined: removes the key, back to the default). */
export async function writeSettings(db: Database, trx: Transaction, values: ReadonlyMap<string, unknown>, now: Date): Promise<void> {
  for (const [key, value] of values) {
    if (value === undefined) await db.table("instance_settings", trx).where({ key }).delete();
    else await db.table("instance_settings", trx).insert({ key, value: JSON.stringify(value), updated_at: now }).onConflict("key").merge();
  }
}
