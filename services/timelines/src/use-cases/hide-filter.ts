/**
 * Blocks and mutes in home feeds, as Mastodon's filter_from_home: a status stays out of a
 * receiver's home when the receiver blocks or mutes its author or an account it mentions, or
 * when the author blocks the receiver. A receiver's own statuses always stay.
 */
import type { StatusRouting } from "../domain/home-delivery.ts";
import { hiddenFrom, receiversHiding, statusesMentioning } from "../data/blocks-and-mutes-table.ts";
import { mentionedAccounts } from "../data/statuses-index-table.ts";
import type { Trx } from "../data/transaction.ts";
import type { FeedDeps } from "./feed-deps.ts";

/** The receivers among `receiverIds` (never the author) whose home `status` may reach. */
export async function withoutHiders(deps: FeedDeps, trx: Trx, status: StatusRouting, receiverIds: string[]): Promise<string[]> {
  if (receiverIds.length === 0) return receiverIds;
  const involved = [status.accountId, ...(await mentionedAccounts(deps.db, trx, status.id))];
  const hiding = await receiversHiding(deps.db, trx, receiverIds, status.accountId, involved);
  return hiding.size === 0 ? receiverIds : receiverIds.filter((id) => !hiding.has(id));
}

/** The statuses among `statuses` that `receiverId`'s blocks and mutes let into its home. */
export async function withoutHidden<S extends StatusRouting>(deps: FeedDeps, receiverId: string, statuses: S[], trx?: Trx): Promise<S[]> {
  const { hidden, blockedBy } = await hiddenFrom(deps.db, receiverId, trx);
  if (hidden.size === 0 && blockedBy.size === 0) return statuses;
  const mentioning = await statusesMentioning(deps.db, statuses.map((s) => s.id), [...hidden], trx);
  return statuses.filter((s) => s.accountId === receiverId || !(hidden.has(s.accountId) || blockedBy.has(s.accountId) || mentioning.has(s.id)));
}
