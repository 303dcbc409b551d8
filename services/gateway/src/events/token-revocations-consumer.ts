import { randomUUID } from "node:crypto";
import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { TokenResolver } from "../http/authenticate.ts";

// Every account's tokens stop working when it is suspended, disabled or deleted (and a lifted
// suspension ends what a suspended token could do); one token when it is revoked.
const handlers: EventHandlers<TokenResolver> = {
  "token.revoked": async (p, _e, tokens) => tokens.forget({ tokenId: p.tokenId }),
  "account.suspended": async (p, _e, tokens) => tokens.forget({ accountId: p.accountId }),
  "account.deleted": async (p, _e, tokens) => tokens.forget({ accountId: p.accountId }),
  "account.unsuspended": async (p, _e, tokens) => tokens.forget({ accountId: p.accountId }),
  "account.restricted": async (p, _e, tokens) => (p.disabled ? tokens.forget({ accountId: p.accountId }) : undefined),
  // A changed role reaches tokens already issued: their next request asks accounts again.
  "account.role_changed": async (p, _e, tokens) => tokens.refresh({ accountId: p.accountId }),
  "role.updated": async (p, _e, tokens) => tokens.refresh({ roleId: p.roleId }),
};

/**
 * Drops revoked tokens from this gateway's cache. Each gateway replica holds its own cache, so each
 * reads every event in a consumer group of its own, from the moment it starts (what came before
 * was never cached here).
 */
export function startTokenRevocationsConsumer(bus: EventBus, tokens: TokenResolver): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.accounts],
    group: `gateway.token-revocations.${randomUUID()}`,
    fromBeginning: false,
    // Named afresh at each start: a durable bus must not keep this replica's group after it stops.
    transient: true,
    handlers,
    context: () => tokens,
  });
}
