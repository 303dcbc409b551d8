import type { KeyValueStore } from "@starling/kv";

/** How long a Delete is remembered for a post not received yet (Mastodon keeps it six hours). */
export const DELETE_MEMORY_MS = 6 * 60 * 60 * 1000;

// Keyed by the sender too: only the author's own Delete may stop its post.
const key = (accountId: string, uri: string) => `federation:deleted-first:${accountId}:${uri}`;

/** Remembers that `accountId` deleted `uri`, so its Create arriving late is not stored. */
export async function rememberDeletion(kv: KeyValueStore, accountId: string, uri: string): Promise<void> {
  await kv.set(key(accountId, uri), "1", { ttlMs: DELETE_MEMORY_MS });
}

/** Whether `accountId` deleted `uri` in the last six hours. */
export async function deletedFirst(kv: KeyValueStore, accountId: string, uri: string): Promise<boolean> {
  return (await kv.get(key(accountId, uri))) !== null;
}
