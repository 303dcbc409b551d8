import type { Transaction } from "@starling/db";

/**
 * Serializes, per author, the writes that race on that author's audience: a status fanned out while
 * someone starts following the author would otherwise miss the new follower's feed, each
 * transaction not seeing the other's uncommitted row. Held until the transaction ends.
 */
export async function lockAuthor(trx: Transaction, authorId: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('timelines.author'), hashtext(?))", [authorId]);
}
