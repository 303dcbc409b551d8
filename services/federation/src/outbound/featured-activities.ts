import { Add, Remove } from "@fedify/fedify/vocab";
import type { EventHandlers } from "@starling/events";
import { actorUrls } from "../fedify/actor-document.ts";
import { accountsById, inboxesOf, isLocal, remoteFollowerIds } from "./addressing.ts";
import type { OutboundDeps } from "./deps.ts";
import { sendActivity } from "./send-activity.ts";

/**
 * Pins of local accounts as Mastodon announces them: Add (or Remove) of the status's URI to the
 * actor's featured collection, sent to its remote followers' servers, which have the status from
 * its Create. Pins of remote accounts came from their servers and are not echoed.
 */
async function sendPinChange(deps: OutboundDeps, kind: "pin" | "unpin", accountId: string, statusId: string, eventId: string): Promise<void> {
  const account = (await accountsById(deps.data, [accountId])).get(accountId);
  if (!isLocal(account)) return;
  const actor = new URL(account.uri);
  const { featured, followers } = actorUrls(actor, deps.origin);
  const statusUri = `${account.uri}/statuses/${statusId}`;
  // One activity per event, so pinning again after an unpin is a new Add.
  const values = { id: new URL(`${statusUri}#${kind}s/${eventId}`), actor, object: new URL(statusUri), target: featured, to: followers };
  const activity = kind === "pin" ? new Add(values) : new Remove(values);
  const inboxes = await inboxesOf(deps.data, await remoteFollowerIds(deps.data, account.id), { shared: true });
  await sendActivity(deps, account, activity, inboxes);
}

export const featuredHandlers: EventHandlers<OutboundDeps> = {
  "status.pinned": (event, envelope, deps) => sendPinChange(deps, "pin", event.accountId, event.statusId, envelope.id),
  "status.unpinned": (event, envelope, deps) => sendPinChange(deps, "unpin", event.accountId, event.statusId, envelope.id),
};
