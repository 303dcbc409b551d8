import { enqueueEvents, outboxEvent } from "@starling/events";
import { hashToken } from "../domain/secrets.ts";
import { findTokenByHash, revokeToken as markRevoked } from "../data/oauth-queries.ts";
import { deletePushSubscriptionOfToken } from "../data/push-subscriptions-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { authenticateClient, oauthFailure } from "./oauth-client.ts";

/** What POST /oauth/revoke sends (client credentials from Basic auth or the form). */
export interface RevokeTokenInput {
  /** Absent: nothing to revoke. */
  token?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}

/**
 * RFC 7009 revocation: the client must authenticate; a token it does not know about is already
 * "revoked" as far as it can tell, so that is a success; another client's token is refused.
 */
export async function revokeToken(deps: AccountsDeps, input: RevokeTokenInput): Promise<void> {
  const app = await authenticateClient(deps, input.clientId, input.clientSecret);
  if (input.token === undefined) return;
  const token = await findTokenByHash(deps.db, hashToken(input.token));
  if (!token || token.revokedAt) return;
  if (token.appId !== app.id) throw oauthFailure("unauthorized_client");
  const revoked = await deps.db.transaction(async (trx) => {
    if (!(await markRevoked(deps.db, trx, token.id, deps.now()))) return false;
    await deletePushSubscriptionOfToken(deps.db, trx, token.id);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "token.revoked", token.accountId ?? token.id, { tokenId: token.id, accountId: token.accountId ?? undefined })]);
    return true;
  });
  if (revoked) deps.nudge();
}
