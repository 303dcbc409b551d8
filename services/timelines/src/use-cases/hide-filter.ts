/**
 * Blocks and mutes in home feeds, as Mastodon's filter_from_home: a status stays out of a
 * receiver's home when the receiver blocks or mutes its author or an account it mentions, or
 * when the author blocks the receiver. A receiver's own statuses always stay.
 */
import type { Transaction } from "@starling/db";
import type { StatusRouting } from "../domain/home-delivery.ts";
import { hiddenFrom, receiversHiding, statusesMentioning } from "../data/blocks-and-mutes-queries.ts";
import { mentionedAccounts } from "../data/statuses-index-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";

/**
 * The receivers among `receiverIds` (never the author) whose home `status` may reach. For a
 * reblog, the reblogged status's author and mentions count too, and that author's blocks.
 */
export async function withoutHiders(deps: FeedDeps, trx: Transaction, status: StatusRouting, receiverIds: string[]): Promise<string[]> {
  if (receiverIds.length === 0) return receiverIds;
  const involved = [status.accountId, ...(await mentionedAccounts(deps.db, trx, status.id))];
  const original = status.reblogOfId && status.reblogOfAccountId ? { id: status.reblogOfId, accountId: status.reblogOfAccountId } : undefined;
  if (original) involved.push(original.accountId, ...(await mentionedAccounts(deps.db, trx, original.id)));
  const hiding = await receiversHiding(deps.db, trx, receiverIds, status.accountId, involved);
  if (original) for (const id of await receiversHiding(deps.db, trx, receiverIds, original.accountId, involved)) hiding.add(id);
  return hiding.size === 0 ? receiverIds : receiverIds.filter((id) => !hiding.has(id));
}

/** The statuses among `statuses` that `receiverId`'s blocks and mutes let into its home. */
export async function withoutHidden<S extends StatusRouting>(deps: FeedDeps, receiverId: string, statuses: S[], trx?: Transaction): Promise<S[]> {
  const { hidden, blockedBy } = await hiddenFrom(deps.db, receiverId, trx);
  if (hidden.size === 0 && blockedBy.size === 0) return statuses;
  const mentioning = await statusesMentioning(deps.db, statuses.flatMap((s) => [s.id, ...(s.reblogOfId ? [s.reblogOfId] : [])]), [...hidden], trx);
  const hides = (accountId: string | undefined, statusId: string | undefined) =>
    Boolean(accountId && (hidden.has(accountId) || blockedBy.has(accountId))) || Boolean(statusId && mentioning.has(statusId));
  // A reblog is hidden by what hides either status: its own author or the reblogged one's.
  return statuses.filter((s) => s.accountId === receiverId || !(hides(s.accountId, s.id) || hides(s.reblogOfAccountId, s.reblogOfId)));
}
