import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import { CANONICAL_EMAILS, EMAIL_DOMAINS, removeSignUpBlock, saveSignUpBlock } from "../data/sign-up-blocks-queries.ts";
import { removeDomainAllow, saveDomainAllow } from "../data/domain-allows-queries.ts";
import { saveSignUpSettings } from "../data/registration-mode-queries.ts";
import type { RegistrationMode } from "../domain/registration-rules.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { clearDomainProfileImages, restoreDomainAccounts, suspendDomainAccounts } from "../use-cases/domain-suspensions.ts";

/** Consumer group of the moderation service's block events accounts acts on. */
export const MODERATION_BLOCKS_GROUP = "accounts.moderation-blocks";

// Sign-up blocks are a read model with tombstones, a domain suspension skips accounts already
// suspended and its lifting finds only accounts still marked with the block, and clearing profile
// images finds none left to clear, so a redelivered event changes nothing: no processed-events row
// is needed.
const handlers: EventHandlers<AccountsDeps & { limitedFederation: boolean }> = {
  "email_domain_block.created": async (p, _e, deps) => saveSignUpBlock(deps.db, EMAIL_DOMAINS, p.blockId, p.domain),
  "email_domain_block.removed": async (p, _e, deps) => removeSignUpBlock(deps.db, EMAIL_DOMAINS, p.blockId, p.domain),
  "canonical_email_block.created": async (p, _e, deps) => saveSignUpBlock(deps.db, CANONICAL_EMAILS, p.blockId, p.canonicalEmailHash),
  "canonical_email_block.removed": async (p, _e, deps) => removeSignUpBlock(deps.db, CANONICAL_EMAILS, p.blockId, p.canonicalEmailHash),
  "admin_domain_block.created": async (p, _e, deps) => {
    if (p.severity === "suspend") await suspendDomainAccounts(deps, p.blockId, p.domain);
    if (p.rejectMedia) await clearDomainProfileImages(deps, p.domain);
  },
  // Only a block that becomes a suspension suspends, and only one that stops being one restores.
  "admin_domain_block.updated": async (p, _e, deps) => {
    if (p.severity === "suspend" && p.previousSeverity !== "suspend") await suspendDomainAccounts(deps, p.blockId, p.domain);
    if (p.severity !== "suspend" && p.previousSeverity === "suspend") await restoreDomainAccounts(deps, p.blockId);
    if (p.rejectMedia) await clearDomainProfileImages(deps, p.domain);
  },
  "admin_domain_block.removed": async (p, _e, deps) => void (await restoreDomainAccounts(deps, p.blockId)),
  // In limited-federation mode a server whose allow is taken away is cut off: its accounts are
  // suspended on behalf of the removed allow, hidden now and purged after 30 days.
  "domain_allow.removed": async (p, _e, deps) => {
    await removeDomainAllow(deps.db, p.allowId, p.domain);
    if (deps.limitedFederation) await suspendDomainAccounts(deps, p.allowId, p.domain);
  },
  // The allows themselves: in limited-federation mode lookups find only allowed servers' accounts.
  "domain_allow.created": (p, _e, deps) => saveDomainAllow(deps.db, p.allowId, p.domain),
  // Staff's registration mode and MX check govern sign-up here; the event's time orders late deliveries.
  "instance_settings.updated": async (p, e, deps) =>
    saveSignUpSettings(deps.db, { mode: p.registrationsMode as RegistrationMode | undefined, emailMxCheck: p.emailMxCheck }, p.updatedAt ?? e.occurredAt ?? new Date(0)),
};

/** Subscribes accounts to the moderation topic: sign-up blocks and the registration mode into its read model, servers' suspensions applied and lifted. */
export function startModerationBlocksConsumer(deps: AccountsDeps, bus: EventBus, options: { limitedFederation: boolean }): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.moderation],
    group: MODERATION_BLOCKS_GROUP,
    fromBeginning: true,
    handlers,
    context: () => ({ ...deps, limitedFederation: options.limitedFederation }),
  });
}
