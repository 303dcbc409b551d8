import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import { deleteAccountStatuses } from "../use-cases/delete-account-statuses.ts";
import type { StatusesDeps } from "../use-cases/dependencies.ts";

/** Consumer group that removes the statuses of deleted accounts. */
export const ACCOUNT_DELETIONS_GROUP = "statuses.account-deletions";

type Deps = Pick<StatusesDeps, "db" | "relay" | "now">;

// No inbox row: the clean-up runs in batches of their own transactions and is idempotent by state
// (it touches only live statuses), which a single inbox transaction around it could not improve on.
const handlers: EventHandlers<Deps> = {
  "account.deleted": async (payload, _envelope, deps) => {
    await deleteAccountStatuses(deps, payload.accountId);
  },
};

/** Subscribes to the accounts topic for account.deleted. */
export function startAccountDeletionsConsumer(bus: EventBus, deps: Deps): Promise<Subscription> {
  return consumeEvents(bus, { topics: [TOPICS.accounts], group: ACCOUNT_DELETIONS_GROUP, fromBeginning: true, handlers, context: () => deps });
}
