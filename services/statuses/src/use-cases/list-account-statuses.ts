import { recordCursors, recordPage, type RecordPageInput } from "../domain/record-page.ts";
import type { Status } from "../domain/status.ts";
import { accountStatusesPage } from "../data/account-statuses.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import type { RecordListPage } from "./list-interactions.ts";

/** What a profile listing asks for besides the account. */
export interface AccountStatusesInput {
  accountId: string;
  page?: RecordPageInput | undefined;
  excludeReplies: boolean;
  excludeReblogs: boolean;
  onlyMedia: boolean;
}

/**
 * An account's statuses as Mastodon's AccountStatusesFilter shows them: everything to the author,
 * followers-only ones as well to followers (one relationship call), public and unlisted to the
 * rest; newest first, paged by status id. Direct statuses mentioning the viewer are not listed yet.
 */
export async function listAccountStatuses(deps: StatusesDeps, caller: Caller, input: AccountStatusesInput): Promise<RecordListPage<Status>> {
  const page = recordPage(input.page, 20);
  const visibilities = await visibilitiesFor(deps, caller, input.accountId);
  const items = await accountStatusesPage(deps.db, input.accountId, { ...input, visibilities }, page);
  return { items, ...recordCursors(items.map((s) => s.id), page.limit) };
}

async function visibilitiesFor(deps: StatusesDeps, caller: Caller, accountId: string): Promise<string[]> {
  if (caller.accountId === accountId) return ["public", "unlisted", "private", "direct"];
  const follows = caller.accountId ? (await deps.accounts.followedByCaller([accountId], caller)).has(accountId) : false;
  return follows ? ["public", "unlisted", "private"] : ["public", "unlisted"];
}
