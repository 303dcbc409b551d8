import type { Database } from "@starling/db";

/** The instance's VAPID key pair, base64url as the web-push package reads them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Stores `candidate` unless a pair exists, then reads the stored pair: two replicas starting at
 * once both end up with the first one written.
 */
export async function keepVapidKeys(db: Database, candidate: VapidKeys): Promise<VapidKeys> {
  await db.table("vapid_keys").insert({ id: 1, public_key: candidate.publicKey, private_key: candidate.privateKey }).onConflict("id").ignore();
  const row: { public_key: string; private_key: string } = await db.table("vapid_keys").where({ id: 1 }).first();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

export async function findVapidKeys(db: Database): Promise<VapidKeys | undefined> {
  const row: { public_key: string; private_key: string } | undefined = await db.table("vapid_keys").where({ id: 1 }).first();
  return row && { publicKey: row.public_key, privateKey: row.private_key };
}
