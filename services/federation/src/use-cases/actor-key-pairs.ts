import { webcrypto } from "node:crypto";
import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import type { Database } from "@starling/db";
import { findActorKeys, insertActorKeysIfAbsent } from "../data/actor-keys-queries.ts";

/** RSA for draft-cavage HTTP Signatures (what Mastodon checks), Ed25519 for object integrity proofs. */
const ALGORITHMS = ["RSASSA-PKCS1-v1_5", "Ed25519"] as const;

/**
 * A new pair of `algorithm`. RSA keys are 2048-bit, as Mastodon's: Fedify's own generator makes
 * 4096-bit ones, whose generation takes seconds (and sometimes far longer) on a small CPU, on the
 * path of the first request for a new actor.
 */
function generateKeyPair(algorithm: (typeof ALGORITHMS)[number]): Promise<webcrypto.CryptoKeyPair> {
  if (algorithm !== "RSASSA-PKCS1-v1_5") return generateCryptoKeyPair(algorithm);
  const rsa = { name: algorithm, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" };
  return webcrypto.subtle.generateKey(rsa, true, ["sign", "verify"]);
}

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
        const pair = await generateKeyPair(algorithm);
        return { accountId, algorithm, privateJwk: await exportJwk(pair.privateKey), publicJwk: await exportJwk(pair.publicKey) };
      }),
    );
    await insertActorKeysIfAbsent(db, made, now());
    stored = await findActorKeys(db, accountId);
  }
  const ordered = ALGORITHMS.map((algorithm) => stored.find((k) => k.algorithm === algorithm)).filter((k) => k !== undefined);
  return Promise.all(ordered.map(async (k) => ({ privateKey: await importJwk(k.privateJwk, "private"), publicKey: await importJwk(k.publicJwk, "public") })));
}
