import type { JsonWebKey } from "node:crypto";
import type { Database } from "@starling/db";

/** One stored key pair of a local actor, as JWKs. */
export interface ActorKeyRecord {
  accountId: string;
  algorithm: string;
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
}

// jsonb comes back parsed; a string is tolerated all the same.
const jwk = (value: unknown): JsonWebKey => (typeof value === "string" ? JSON.parse(value) : value) as JsonWebKey;

/** The account's key pairs, oldest first. */
export async function findActorKeys(db: Database, accountId: string): Promise<ActorKeyRecord[]> {
  const rows: { account_id: string; algorithm: string; private_jwk: unknown; public_jwk: unknown }[] = await db.table("actor_keys").where({ account_id: accountId }).orderBy("created_at");
  return rows.map((row) => ({ accountId: String(row.account_id), algorithm: row.algorithm, privateJwk: jwk(row.private_jwk), publicJwk: jwk(row.public_jwk) }));
}

/**
 * Stores key pairs unless the account already has one of that algorithm: when two requests make
 * keys at once, the first write wins and both then read the same keys back.
 */
export async function insertActorKeysIfAbsent(db: Database, records: ActorKeyRecord[], now: Date): Promise<void> {
  if (records.length === 0) return;
  await db
    .table("actor_keys")
    .insert(records.map((r) => ({ account_id: r.accountId, algorithm: r.algorithm, private_jwk: JSON.stringify(r.privateJwk), public_jwk: JSON.stringify(r.publicJwk), created_at: now })))
    .onConflict(["account_id", "algorithm"])
    .ignore();
}
