import type { webcrypto } from "node:crypto";
import { getAuthenticatedDocumentLoader, kvCache, type FederationOptions, type HttpMessageSignaturesSpecDeterminer, type KvStore } from "@fedify/fedify";
import { getDocumentLoader, type DocumentLoader, type DocumentLoaderFactoryOptions } from "@fedify/fedify/runtime";
import type { Database } from "@starling/db";
import { instanceActorSigningKey } from "./instance-actor.ts";

/** Who outgoing fetches are signed as: a key id other servers can fetch, and its private key. */
export type FetchSigner = () => Promise<{ keyId: URL; privateKey: webcrypto.CryptoKey }>;

/**
 * The instance actor's key, read (or made) once and kept: every fetch signs with it. A failed read
 * is not kept, so the next fetch tries again.
 */
export function instanceActorSigner(db: Database, origin: string): FetchSigner {
  let key: ReturnType<FetchSigner> | null = null;
  return () => {
    key ??= instanceActorSigningKey(db, origin).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}

// Mastodon signs its fetches with draft-cavage, which every server in authorized-fetch mode checks;
// Fedify still knocks again with RFC 9421 when a server refuses it.
const cavageFirst: HttpMessageSignaturesSpecDeterminer = {
  determineSpec: () => "draft-cavage-http-signatures-12",
  rememberSpec: () => {},
};

/**
 * A loader fetching every document with an HTTP signature of `signer`, as Mastodon signs all its
 * fetches with its instance actor: servers in authorized-fetch mode (Mastodon's AUTHORIZED_FETCH)
 * answer only signed GETs. Private addresses stay refused unless `allowPrivateAddress`.
 */
export function signedDocumentLoader(signer: FetchSigner, options: DocumentLoaderFactoryOptions): DocumentLoader {
  return async (url, loadOptions) => {
    const loader = getAuthenticatedDocumentLoader(await signer(), { ...options, specDeterminer: cavageFirst });
    return loader(url, loadOptions);
  };
}

/**
 * Fedify's loaders with fetches signed by `signer`: `ctx.documentLoader` (actors, objects, the keys
 * of incoming signatures, cached a few minutes in the key-value store as Fedify's own loader is)
 * and the authenticated loaders of `ctx.getDocumentLoader(identity)`. JSON-LD contexts are public
 * documents and fetched unsigned. They replace Fedify's `allowPrivateAddress` option, which cannot
 * be combined with custom loaders: `allowPrivateAddress` applies here instead.
 */
export function signedLoaderFactories(options: { kv: KvStore; signer: FetchSigner; allowPrivateAddress: boolean }): Pick<
  FederationOptions<unknown>,
  "documentLoaderFactory" | "contextLoaderFactory" | "authenticatedDocumentLoaderFactory"
> {
  const { kv, signer, allowPrivateAddress } = options;
  const prefix = ["_fedify", "remoteDocument"] as const;
  return {
    documentLoaderFactory: (opts) => kvCache({ loader: signedDocumentLoader(signer, { ...opts, allowPrivateAddress }), kv, prefix, kind: "object" }),
    contextLoaderFactory: (opts) => kvCache({ loader: getDocumentLoader({ ...opts, allowPrivateAddress }), kv, prefix, kind: "context" }),
    authenticatedDocumentLoaderFactory: (identity, opts) => getAuthenticatedDocumentLoader(identity, { ...opts, allowPrivateAddress, specDeterminer: cavageFirst }),
  };
}
