import type { webcrypto } from "node:crypto";
import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import type { Database } from "@starling/db";
import { findActorKeys, insertActorKeysIfAbsent } from "../data/actor-keys-queries.ts";

/** RSA for draft-cavage HTTP Signatures (what Mastodon checks), Ed25519 for object integrity proofs. */
const ALGORITHMS = ["RSASSA-PKCS1-v1_5", "Ed25519"] as const;

/**
 * The local actor's key pairs, generated and stored on first use. RSA comes first: Fedify serves the
 * first pair as `publicKey` and signs HTTP requests with it.
 */
export async function actorKeyPairs(db: Database, accountId: string, now: () => Date = () => new Date()): Promise<webcrypto.CryptoKeyPair[]> {
  let stored = await findActorKeys(db, accountId);
  const missing = ALGORITHMS.filter((algorithm) => !stored.some((k) => k.algorithm === algorithm));
  if (missing.length > 0) {
    const made = await Promise.all(
      missing.map(async (algorithm) => {
        const pair = await generateCryptoKeyPair(algorithm);
        return { accountId, algorithm, privateJwk: await exportJwk(pair.privateKey), publicJwk: await exportJwk(pair.publicKey) };
      }),
    );
    await insertActorKeysIfAbsent(db, made, now());
    stored = await findActorKeys(db, accountId);
  }
  const ordered = ALGORITHMS.map((algorithm) => stored.find((k) => k.algorithm === algorithm)).filter((k) => k !== undefined);
  return Promise.all(ordered.map(async (k) => ({ privateKey: await importJwk(k.privateJwk, "private"), publicKey: await importJwk(k.publicJwk, "public") })));
}
