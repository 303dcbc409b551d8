import type { Database, Transaction } from "@starling/db";

/** A user's TOTP secret: pending until enabledAt is set. */
export interface TwoFactorSecret {
  userId: string;
  secret: string;
  enabledAt: Date | null;
  consumedTimestep: number | null;
}

interface SecretRow {
  user_id: string;
  secret: string;
  enabled_at: Date | null;
  consumed_timestep: string | number | null;
}

/** A recovery code not used yet. */
export interface StoredRecoveryCode {
  id: string;
  codeHash: string;
}

export async function findTwoFactorSecret(db: Database, userId: string, trx?: Transaction): Promise<TwoFactorSecret | undefined> {
  const row: SecretRow | undefined = await db.table("two_factor_secrets", trx).where({ user_id: userId }).first();
  if (!row) return undefined;
  return {
    userId: String(row.user_id),
    secret: row.secret,
    enabledAt: row.enabled_at === null ? null : new Date(row.enabled_at),
    consumedTimestep: row.consumed_timestep === null ? null : Number(row.consumed_timestep),
  };
}

/** Stores a new pending secret, replacing an earlier pending one (never an enabled one). */
export async function savePendingSecret(db: Database, trx: Transaction, userId: string, secret: string, at: Date): Promise<void> {
  await db
    .table("two_factor_secrets", trx)
    .insert({ user_id: userId, secret, enabled_at: null, consumed_timestep: null, created_at: at })
    .onConflict("user_id")
    .merge(["secret", "created_at", "consumed_timestep"]);
}

/** Puts the pending secret in force. */
export async function markSecretEnabled(db: Database, trx: Transaction, userId: string, at: Date): Promise<void> {
  await db.table("two_factor_secrets", trx).where({ user_id: userId }).update({ enabled_at: at });
}

/**
 * Records `step` as the last accepted TOTP step, unless a concurrent sign-in already used it or a
 * later one; false then, so two requests racing with one code cannot both pass.
 */
export async function consumeTimestep(db: Database, trx: Transaction, userId: string, step: number): Promise<boolean> {
  const updated = await db
    .table("two_factor_secrets", trx)
    .where({ user_id: userId })
    .andWhere((q) => q.whereNull("consumed_timestep").orWhere("consumed_timestep", "<", step))
    .update({ consumed_timestep: step });
  return updated === 1;
}

/** Forgets the secret and every recovery code. */
export async function deleteTwoFactor(db: Database, trx: Transaction, userId: string): Promise<void> {
  await db.table("recovery_codes", trx).where({ user_id: userId }).delete();
  await db.table("two_factor_secrets", trx).where({ user_id: userId }).delete();
}

/** Replaces the user's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Database, trx: Transaction, userId: string, codes: { id: string; codeHash: string }[]): Promise<void> {
  await db.table("recovery_codes", trx).where({ user_id: userId }).delete();
  if (codes.length > 0) await db.table("recovery_codes", trx).insert(codes.map((c) => ({ id: c.id, user_id: userId, code_hash: c.codeHash, used_at: null })));
}

export async function unusedRecoveryCodes(db: Database, userId: string, trx?: Transaction): Promise<StoredRecoveryCode[]> {
  const rows: { id: string; code_hash: string }[] = await db.table("recovery_codes", trx).where({ user_id: userId }).whereNull("used_at").select("id", "code_hash");
  return rows.map((row) => ({ id: String(row.id), codeHash: row.code_hash }));
}

/** Marks a code used; false when a concurrent request used it first. */
export async function useRecoveryCode(db: Database, trx: Transaction, id: string, at: Date): Promise<boolean> {
  return (await db.table("recovery_codes", trx).where({ id }).whereNull("used_at").update({ used_at: at })) === 1;
}
