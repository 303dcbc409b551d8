import type { Database } from "@starling/db";
import type { RegistrationMode } from "../domain/registration-rules.ts";

/** The sign-up settings staff set in the instance settings. */
export interface SignUpSettings {
  /** Undefined when staff set none (or cleared it). */
  mode: RegistrationMode | undefined;
  /** Check the e-mail domain's mail servers against the e-mail domain blocks too. */
  emailMxCheck: boolean;
}

/** The settings staff set; no mode and no MX check while they set none. */
export async function readSignUpSettings(db: Database): Promise<SignUpSettings> {
  const row: { mode: RegistrationMode | null; email_mx_check: boolean } | undefined = await db.table("registration_mode").where({ id: 1 }).first();
  return { mode: row?.mode ?? undefined, emailMxCheck: row?.email_mx_check ?? false };
}

/** Keeps the settings of `updatedAt` unless later ones are already kept (late or repeated events change nothing). */
export async function saveSignUpSettings(db: Database, settings: SignUpSettings, updatedAt: Date): Promise<void> {
  await db
    .table("registration_mode")
    .insert({ id: 1, mode: settings.mode ?? null, email_mx_check: settings.emailMxCheck, updated_at: updatedAt })
    .onConflict("id")
    .merge()
    .where(`${db.schema}.registration_mode.updated_at`, "<", updatedAt);
}
