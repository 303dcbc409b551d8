import { unauthenticated, type CallContext } from "@starling/runtime";

/** The signed viewer's account id: every timelines RPC but the public timeline needs a user. */
export function viewerAccount(ctx: CallContext): string {
  const accountId = ctx.viewer?.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  return accountId;
}
