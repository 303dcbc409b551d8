import { Delete, Move, PUBLIC_COLLECTION, Update } from "@fedify/fedify/vocab";
import type { EventHandlers } from "@starling/events";
import { findActorKeys } from "../data/actor-keys-queries.ts";
import { knownInboxes } from "../data/remote-actors-queries.ts";
import { localActorDocument } from "../fedify/local-actor.ts";
import { accountsById, inboxesOf, isLocal, remoteFollowerIds } from "./addressing.ts";
import type { OutboundDeps } from "./deps.ts";
import { sendActivity } from "./send-activity.ts";

/**
 * Sends the local account's actor as it now is, in an Update, to its remote followers' servers.
 * Suspension and its lifting go out this way too, as Mastodon 4 distributes them: the actor carries
 * `suspended`, so other servers hide the account without deleting their copy.
 */
async function sendActorUpdate(deps: OutboundDeps, accountId: string, eventId: string): Promise<void> {
  const account = (await accountsById(deps.data, [accountId])).get(accountId);
  if (!isLocal(account)) return;
  const actor = await localActorDocument(deps.federation.createContext(new URL(deps.origin), deps.data), account);
  const update = new Update({ id: new URL(`${account.uri}#updates/${eventId}`), actor: new URL(account.uri), object: actor, to: PUBLIC_COLLECTION });
  const followers = await remoteFollowerIds(deps.data, account.id);
  await sendActivity(deps, account, update, await inboxesOf(deps.data, followers, { shared: true }));
}

/** Profile changes, suspensions, moves and deletions of local accounts, sent to other servers. */
export const accountHandlers: EventHandlers<OutboundDeps> = {
  "account.updated": (event, envelope, deps) => sendActorUpdate(deps, event.accountId, envelope.id),
  "account.suspended": (event, envelope, deps) => sendActorUpdate(deps, event.accountId, envelope.id),
  "account.unsuspended": (event, envelope, deps) => sendActorUpdate(deps, event.accountId, envelope.id),

  // The account's follows are already gone, so (as Mastodon's DeleteAccountService does) the actor's
  // Delete goes to every server known here, which then drops its copy and everything of it. An
  // actor without keys was never served nor signed anything (a rejected sign-up): nobody knows it.
  "account.deleted": async (event, _envelope, deps) => {
    if (event.domain !== undefined || (await findActorKeys(deps.data.db, event.accountId)).length === 0) return;
    const uri = deps.federation.createContext(new URL(deps.origin), deps.data).getActorUri(event.username);
    const remove = new Delete({ id: new URL(`${uri.href}#delete`), actor: uri, object: uri, to: PUBLIC_COLLECTION });
    await sendActivity(deps, { id: event.accountId }, remove, await knownInboxes(deps.data.db));
  },

  "account.moved": async (event, envelope, deps) => {
    const accounts = await accountsById(deps.data, [event.accountId, event.targetAccountId]);
    const account = accounts.get(event.accountId);
    const target = accounts.get(event.targetAccountId);
    if (!isLocal(account) || !target) return;
    const move = new Move({
      id: new URL(`${account.uri}#moves/${envelope.id}`),
      actor: new URL(account.uri),
      object: new URL(account.uri),
      target: new URL(target.uri),
      to: new URL(`${account.uri}/followers`),
    });
    const followers = await remoteFollowerIds(deps.data, account.id);
    await sendActivity(deps, account, move, await inboxesOf(deps.data, followers, { shared: true }));
  },
};
