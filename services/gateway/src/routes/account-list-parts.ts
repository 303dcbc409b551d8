import { z } from "zod";
import type { Relationship } from "@starling/proto/accounts/v1/accounts";
import type { PageLinks, Route, RouteContext } from "../http/route.ts";
import { idParam, pageParams, pageRequest } from "../http/params.ts";
import { hydrateAccounts, presentAccount } from "../presenters/account.ts";
import { presentRelationship } from "../presenters/relationship.ts";

// Pieces the account-list and relationship-action routes share (followers, follow requests,
// endorsements, blocks, mutes): one definition of how they page and answer.

/** The parameters of an account list: max_id/since_id cursors, 40 by default, 80 at most. */
export const accountListParams = z.object(pageParams(40));
/** The parsed parameters of an account list. */
export type AccountListParams = z.infer<typeof accountListParams>;

/** The proto page of an account list: these lists take max_id and since_id only, never min_id. */
export const accountListPage = (input: Pick<AccountListParams, "max_id" | "since_id" | "limit">) => pageRequest({ max_id: input.max_id, since_id: input.since_id, limit: input.limit });

/** The Link cursors of an account list answer; these lists link rel="prev" with since_id, not min_id. */
export const accountListLinks = (r: { nextCursor?: string; prevCursor?: string }): PageLinks => ({
  next: r.nextCursor,
  prev: r.prevCursor,
  prevParam: "since_id",
});

/** The viewer's signed token as gRPC call options. */
export const as = (ctx: RouteContext) => ({ viewerToken: ctx.viewerToken });

const byId = z.object({ id: idParam });

/** A POST on one account (`:id`) that answers with the viewer's Relationship to it. */
export const relationshipAction = (path: string, scopes: string[], call: (ctx: RouteContext, id: string) => Promise<{ relationship?: Relationship }>): Route => ({
  method: "post",
  path,
  auth: "user",
  scopes,
  input: byId,
  call: (ctx, input: z.infer<typeof byId>) => call(ctx, input.id),
  present: (_ctx, r: { relationship?: Relationship }) => presentRelationship(r.relationship!),
});

/** Accounts in the order of `accountIds` (a page of records), hydrated with ONE accounts call. */
export async function accountsInOrder(ctx: RouteContext, page: { accountIds: string[] }): Promise<Record<string, unknown>[]> {
  if (page.accountIds.length === 0) return [];
  const { accounts } = await ctx.clients.accounts.getAccounts({ ids: page.accountIds }, as(ctx));
  const byAccount = new Map(accounts.map((a) => [a.id, a]));
  const { moved, emojis } = await hydrateAccounts(ctx, accounts);
  return page.accountIds.flatMap((id) => {
    const account = byAccount.get(id);
    return account ? [presentAccount(account, ctx.baseUrl, moved, emojis)] : [];
  });
}
