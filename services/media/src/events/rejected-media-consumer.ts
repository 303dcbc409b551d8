import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { Logger } from "@starling/runtime";
import type { MediaDeps } from "../use-cases/deps.ts";
import { dropDomainCache } from "../use-cases/remove-remote-cache.ts";

/** Consumer group clearing a server's cached files when staff reject its media. */
export const REJECTED_MEDIA_GROUP = "media.rejected-media";

type Context = { deps: MediaDeps; logger: Logger };

// Dropping what is already dropped changes nothing, so redeliveries need no processed-events row.
async function clear(context: Context, domain: string): Promise<void> {
  const freed = await dropDomainCache(context.deps, domain);
  if (freed.files > 0) context.logger.info({ domain, ...freed }, "cached media of a server whose media is rejected removed");
}

const handlers: EventHandlers<Context> = {
  "admin_domain_block.created": async (p, _e, context) => void (p.rejectMedia && (await clear(context, p.domain))),
  "admin_domain_block.updated": async (p, _e, context) => void (p.rejectMedia && (await clear(context, p.domain))),
};

/**
 * Subscribes media to the moderation topic: a domain block with reject_media (new, or changed to
 * it) drops that server's cached files at once, as Mastodon clears its media. From now on only: a
 * block older than this consumer already stopped its server's media from being cached.
 */
export function startRejectedMediaConsumer(bus: EventBus, deps: MediaDeps, logger: Logger): Promise<Subscription> {
  return consumeEvents(bus, { topics: [TOPICS.moderation], group: REJECTED_MEDIA_GROUP, fromBeginning: false, handlers, context: () => ({ deps, logger }) });
}
