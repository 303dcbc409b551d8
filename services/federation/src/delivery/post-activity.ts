import type { webcrypto } from "node:crypto";
import { signRequest } from "@fedify/fedify";
import { publicFetch, type PublicFetchResponse } from "@starling/runtime";
import { SYNCHRONIZATION_HEADER } from "../domain/followers-synchronization.ts";

/** What one POST needs. */
export interface SignedPost {
  inbox: string;
  /** The activity JSON, posted byte for byte. */
  body: string;
  /** The sender's RSA private key. */
  privateKey: webcrypto.CryptoKey;
  /** Where receivers find the public key (the actor document's publicKey id). */
  keyId: URL;
  timeoutMs: number;
  allowPrivateAddress: boolean;
  /** A Collection-Synchronization header to send (and sign), as Mastodon adds to followers-only deliveries. */
  collectionSynchronization?: string | null;
}

/**
 * The key id a local actor's RSA key is published under: Fedify names the first key pair of an
 * actor `#main-key` (as Mastodon does), and the actor document serves that key as its publicKey.
 */
export function mainKeyId(actorUri: string): URL {
  return new URL("#main-key", actorUri);
}

/**
 * POSTs the activity to an inbox, signed with a draft-cavage HTTP Signature over a Digest of the
 * body (what Mastodon and most servers verify) and every header sent. Refuses non-public addresses unless allowed, gives
 * up after `timeoutMs`; throws PublicFetchError for those and for network failures, and returns
 * whatever status the inbox answered.
 */
export async function postActivity(post: SignedPost): Promise<PublicFetchResponse> {
  const bytes = new TextEncoder().encode(post.body);
  const unsigned = new Request(post.inbox, {
    method: "POST",
    headers: {
      "content-type": "application/activity+json",
      accept: "application/activity+json",
      ...(post.collectionSynchronization ? { [SYNCHRONIZATION_HEADER]: post.collectionSynchronization } : {}),
    },
    body: bytes,
  });
  const signed = await signRequest(unsigned, post.privateKey, post.keyId, { spec: "draft-cavage-http-signatures-12", body: bytes.buffer as ArrayBuffer });
  return publicFetch(post.inbox, {
    method: "POST",
    body: bytes,
    headers: Object.fromEntries(signed.headers),
    timeoutMs: post.timeoutMs,
    maxBytes: 64 * 1024, // the answer is only looked at for its status
    allowPrivate: post.allowPrivateAddress,
  });
}
