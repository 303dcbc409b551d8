import type { Database } from "@starling/db";
import type { RegistrationMode } from "../domain/registration-rules.ts";

/** The mode staff set, or undefined when they set none (or cleared it). */
export async function readRegistrationMode(db: Database): Promise<RegistrationMode | undefined> {
  const row: { mode: RegistrationMode | null } | undefined = await db.table("registration_mode").where({ id: 1 }).first();
  return row?.mode ?? undefined;
}

/** Keeps the mode set at `updatedAt` unless a later one is already kept (late or repeated events change nothing). */
export async function saveRegistrationMode(db: Database, mode: RegistrationMode | undefined, updatedAt: Date): Promise<void> {
  await db
    .table("registration_mode")
    .insert({ id: 1, mode: mode ?? null, updated_at: updatedAt })
    .onConflict("id")
    .merge()
    .where(`${db.schema}.registration_mode.updated_at`, "<", updatedAt);
}
