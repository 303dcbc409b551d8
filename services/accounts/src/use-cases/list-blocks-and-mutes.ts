import type { Viewer } from "@starling/runtime";
import { pageCursors, parsePage, type PageInput } from "@starling/paging";
import { ACCOUNT_PAGE_LIMITS, type AccountPage } from "../domain/account-page.ts";
import type { Account } from "../domain/account.ts";
import { blocksPage } from "../data/blocks-queries.ts";
import { mutesPage } from "../data/mutes-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { getAccounts } from "./get-accounts.ts";
import { viewerAccountId } from "./get-relationships.ts";

/** A muted account with its mute's options (Mastodon's MutedAccount). */
export interface MutedAccount {
  account: Account;
  expiresAt: Date | null;
  hideNotifications: boolean;
}

/** GET /api/v1/blocks: the viewer's blocked accounts, newest block first, paged by block id. */
export async function listBlocks(deps: AccountsDeps, viewer: Viewer | undefined, input: PageInput | undefined): Promise<AccountPage<Account>> {
  const accountId = viewerAccountId(viewer);
  const page = parsePage(input, ACCOUNT_PAGE_LIMITS);
  const blocks = await blocksPage(deps.db, accountId, page);
  const accounts = await getAccounts(deps, blocks.map((block) => block.targetAccountId));
  return { accounts, ...pageCursors(blocks.map((block) => block.id), page.limit) };
}

/** GET /api/v1/mutes: the viewer's live mutes, newest first, paged by mute id. */
export async function listMutes(deps: AccountsDeps, viewer: Viewer | undefined, input: PageInput | undefined): Promise<AccountPage<MutedAccount>> {
  const accountId = viewerAccountId(viewer);
  const page = parsePage(input, ACCOUNT_PAGE_LIMITS);
  const mutes = await mutesPage(deps.db, accountId, deps.now(), page);
  const accounts = new Map((await getAccounts(deps, mutes.map((mute) => mute.targetAccountId))).map((account) => [account.id, account]));
  const listed = mutes.flatMap((mute) => {
    const account = accounts.get(mute.targetAccountId);
    return account ? [{ account, expiresAt: mute.expiresAt, hideNotifications: mute.hideNotifications }] : [];
  });
  return { accounts: listed, ...pageCursors(mutes.map((mute) => mute.id), page.limit) };
}
