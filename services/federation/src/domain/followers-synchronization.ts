import { createHash } from "node:crypto";

// Followers collection synchronization (FEP-8fcf) as Mastodon does it: a delivery of a
// followers-only activity to another server carries the digest of the sender's followers on that
// server, which compares it with the local follows it knows of and, when they differ, fetches the
// list of them from the sender and brings its own side in line.

/** The header a synchronizing delivery carries. */
export const SYNCHRONIZATION_HEADER = "Collection-Synchronization";

/** What the header says: which collection, its digest for the receiving server, and where to list it. */
export interface SynchronizationParams {
  collectionId: string;
  url: string;
  digest: string;
}

/** The scheme, host and port of an http(s) URL (Mastodon's URL prefix), or undefined. */
export function urlPrefix(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
}

/** Whether an actor URI lives under a URL prefix (on that server). */
export const isUnder = (uri: string, prefix: string) => uri === prefix || uri.startsWith(`${prefix}/`);

/** XOR of the SHA-256 of each URI, in hex: the same whatever the order, 64 zeros for none. */
export function followersDigest(uris: Iterable<string>): string {
  const digest = Buffer.alloc(32);
  for (const uri of uris) {
    const hash = createHash("sha256").update(uri, "utf8").digest();
    for (let i = 0; i < 32; i++) digest[i]! ^= hash[i]!;
  }
  return digest.toString("hex");
}

/** The header's value, in the syntax of signature parameters. */
export function synchronizationHeader(params: SynchronizationParams): string {
  return `collectionId="${params.collectionId}", url="${params.url}", digest="${params.digest}"`;
}

/** Reads the header; undefined unless it names all three (quotes and backslashes never occur in them). */
export function parseSynchronizationHeader(value: string): SynchronizationParams | undefined {
  const params = new Map<string, string>();
  for (const match of value.matchAll(/([A-Za-z]+)\s*=\s*"([^"]*)"/g)) params.set(match[1]!, match[2]!);
  const [collectionId, url, digest] = [params.get("collectionId"), params.get("url"), params.get("digest")];
  if (!collectionId || !url || !digest || !/^[0-9a-f]{64}$/i.test(digest)) return undefined;
  return { collectionId, url, digest: digest.toLowerCase() };
}
