import { Move, PUBLIC_COLLECTION, Update } from "@fedify/fedify/vocab";
import type { EventHandlers } from "@starling/events";
import { localActorDocument } from "../fedify/local-actor.ts";
import { accountsById, inboxesOf, isLocal, remoteFollowerIds } from "./addressing.ts";
import type { OutboundDeps } from "./deps.ts";
import { sendActivity } from "./send-activity.ts";

/** Profile changes and moves of local accounts, sent to their remote followers' servers. */
export const accountHandlers: EventHandlers<OutboundDeps> = {
  "account.updated": async (event, envelope, deps) => {
    const account = (await accountsById(deps.data, [event.accountId])).get(event.accountId);
    if (!isLocal(account)) return;
    const actor = await localActorDocument(deps.federation.createContext(new URL(deps.origin), deps.data), account);
    const update = new Update({ id: new URL(`${account.uri}#updates/${envelope.id}`), actor: new URL(account.uri), object: actor, to: PUBLIC_COLLECTION });
    const followers = await remoteFollowerIds(deps.data, account.id);
    await sendActivity(deps, account, update, await inboxesOf(deps.data, followers, { shared: true }));
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
