import { getTypeId, type Activity } from "@fedify/fedify/vocab";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { MediaAttachment } from "@starling/proto/media/v1/media";
import { withAttachmentExtensions } from "../fedify/note-object.ts";
import type { OutboundDeps } from "./deps.ts";

/**
 * Hands an activity of a local account (or of the instance actor, id 0) to the delivery queue as compact JSON-LD. Its id must be
 * stable for the event it comes from: a redelivered event then queues nothing new. `media` are the
 * attachments of its object, whose blurhash and focal point are added here as Mastodon sends them.
 */
export async function sendActivity(
  deps: OutboundDeps,
  sender: Pick<Account, "id">,
  activity: Activity,
  inboxes: readonly string[],
  media: readonly MediaAttachment[] = [],
  /** Collection-Synchronization headers by inbox (followers-only statuses). */
  synchronization?: ReadonlyMap<string, string>,
): Promise<void> {
  if (inboxes.length === 0 || !activity.id) return;
  const ctx = deps.federation.createContext(new URL(deps.origin), deps.data);
  const json = withAttachmentExtensions(await activity.toJsonLd({ format: "compact", contextLoader: ctx.contextLoader }), media);
  const type = getTypeId(activity).href.replace(/^.*[#/]/, "");
  await deps.enqueue({ senderAccountId: sender.id, activityId: activity.id.href, activityType: type, activity: json, inboxes: [...new Set(inboxes)], ...(synchronization ? { synchronization } : {}) });
}
