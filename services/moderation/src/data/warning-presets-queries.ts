import type { Database, Transaction } from "@starling/db";
import type { WarningPreset } from "../domain/warning-preset.ts";

interface PresetRow {
  id: string;
  title: string;
  text: string;
  created_at: Date;
  updated_at: Date;
}

const toPreset = (row: PresetRow): WarningPreset => ({ id: String(row.id), title: row.title, text: row.text, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) });

/** Every preset, by title then creation (Mastodon's alphabetic order). */
export async function listWarningPresets(db: Database): Promise<WarningPreset[]> {
  return ((await db.table("warning_presets").orderBy([{ column: "title" }, { column: "id" }])) as PresetRow[]).map(toPreset);
}

export async function findWarningPreset(db: Database, id: string, trx?: Transaction): Promise<WarningPreset | undefined> {
  const row: PresetRow | undefined = await db.table("warning_presets", trx).where({ id }).first();
  return row && toPreset(row);
}

export async function insertWarningPreset(db: Database, trx: Transaction, preset: WarningPreset): Promise<void> {
  await db.table("warning_presets", trx).insert({ id: preset.id, title: preset.title, text: preset.text, created_at: preset.createdAt, updated_at: preset.updatedAt });
}

export async function updateWarningPreset(db: Database, trx: Transaction, preset: WarningPreset): Promise<void> {
  await db.table("warning_presets", trx).where({ id: preset.id }).update({ title: preset.title, text: preset.text, updated_at: preset.updatedAt });
}

export async function deleteWarningPresetRow(db: Database, trx: Transaction, id: string): Promise<void> {
  await db.table("warning_presets", trx).where({ id }).delete();
}
