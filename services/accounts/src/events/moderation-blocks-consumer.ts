import { dispatchEvent, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import { CANONICAL_EMAILS, EMAIL_DOMAINS, removeSignUpBlock, saveSignUpBlock } from "../data/sign-up-blocks-queries.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { purgeSuspendedDomain } from "../use-cases/purge-suspended-domain.ts";

/** Consumer group of the moderation service's block events accounts acts on. */
export const MODERATION_BLOCKS_GROUP = "accounts.moderation-blocks";

// Sign-up blocks are a read model with tombstones, and a purge skips accounts already purged, so a
// redelivered or late event changes nothing: no processed-events row is needed.
const handlers: EventHandlers<AccountsDeps> = {
  "email_domain_block.created": async (p, _e, deps) => saveSignUpBlock(deps.db, EMAIL_DOMAINS, p.blockId, p.domain),
  "email_domain_block.removed": async (p, _e, deps) => removeSignUpBlock(deps.db, EMAIL_DOMAINS, p.blockId, p.domain),
  "canonical_email_block.created": async (p, _e, deps) => saveSignUpBlock(deps.db, CANONICAL_EMAILS, p.blockId, p.canonicalEmailHash),
  "canonical_email_block.removed": async (p, _e, deps) => removeSignUpBlock(deps.db, CANONICAL_EMAILS, p.blockId, p.canonicalEmailHash),
  "admin_domain_block.created": async (p, _e, deps) => void (p.severity === "suspend" && (await purgeSuspendedDomain(deps, p.domain))),
  // Only a block that becomes a suspension purges; editing a suspension's comment purges nothing new.
  "admin_domain_block.updated": async (p, _e, deps) => void (p.severity === "suspend" && p.previousSeverity !== "suspend" && (await purgeSuspendedDomain(deps, p.domain))),
};

/** Subscribes accounts to the moderation topic: sign-up blocks into its read model, suspended servers purged. */
export function startModerationBlocksConsumer(deps: AccountsDeps, bus: EventBus): Promise<Subscription> {
  return bus.subscribe({
    topics: [TOPICS.moderation],
    group: MODERATION_BLOCKS_GROUP,
    fromBeginning: true,
    handler: async (envelope) => {
      await dispatchEvent(handlers, envelope, deps);
    },
  });
}
