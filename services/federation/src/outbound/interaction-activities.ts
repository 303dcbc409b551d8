import { Create, Like, Note, Undo } from "@fedify/fedify/vocab";
import type { EventHandlers } from "@starling/events";
import { accountsById, inboxesOf, isLocal, isRemote } from "./addressing.ts";
import type { OutboundDeps } from "./deps.ts";
import { sendActivity } from "./send-activity.ts";

/** The remote status (and its author) a local account acted on, or undefined when either side is not so. */
async function localOnRemote(deps: OutboundDeps, actorId: string, statusId: string) {
  const [{ statuses }, accounts] = await Promise.all([deps.data.federatedStatuses.getStatusesForFederation({ ids: [statusId] }), accountsById(deps.data, [actorId])]);
  const federated = statuses[0];
  const actor = accounts.get(actorId);
  if (!federated?.status || !isLocal(actor)) return undefined;
  const author = (await accountsById(deps.data, [federated.status.accountId])).get(federated.status.accountId);
  return isRemote(author) ? { actor, author, federated } : undefined;
}

/** Favourites of and votes on remote statuses by local accounts, sent to the status's author. */
export const interactionHandlers: EventHandlers<OutboundDeps> = {
  "favourite.created": async (event, _envelope, deps) => {
    const found = await localOnRemote(deps, event.accountId, event.statusId);
    if (!found) return;
    const { actor, author, federated } = found;
    const like = new Like({ id: new URL(`${actor.uri}#likes/${event.favouriteId}`), actor: new URL(actor.uri), object: new URL(federated.status!.uri) });
    await sendActivity(deps, actor, like, await inboxesOf(deps.data, [author.id], { shared: false }));
  },

  "favourite.deleted": async (event, _envelope, deps) => {
    const found = await localOnRemote(deps, event.accountId, event.statusId);
    if (!found) return;
    const { actor, author, federated } = found;
    const likeId = `${actor.uri}#likes/${event.favouriteId}`;
    const undo = new Undo({
      id: new URL(`${likeId}/undo`),
      actor: new URL(actor.uri),
      object: new Like({ id: new URL(likeId), actor: new URL(actor.uri), object: new URL(federated.status!.uri) }),
    });
    await sendActivity(deps, actor, undo, await inboxesOf(deps.data, [author.id], { shared: false }));
  },

  // A vote on a remote poll is, as Mastodon sends it, one Note per chosen option, named by its
  // title, replying to the Question and addressed to its author alone.
  "poll.voted": async (event, envelope, deps) => {
    const found = await localOnRemote(deps, event.accountId, event.statusId);
    const poll = found?.federated.poll;
    if (!found || !poll) return;
    const { actor, author, federated } = found;
    const inboxes = await inboxesOf(deps.data, [author.id], { shared: false });
    for (const choice of event.choices) {
      const option = poll.options[choice];
      if (!option) continue;
      const voteId = `${actor.uri}#votes/${envelope.id}/${choice}`;
      const note = new Note({ id: new URL(voteId), name: option.title, replyTarget: new URL(federated.status!.uri), attribution: new URL(actor.uri), to: new URL(author.uri) });
      const create = new Create({ id: new URL(`${voteId}/activity`), actor: new URL(actor.uri), object: note, to: new URL(author.uri) });
      await sendActivity(deps, actor, create, inboxes);
    }
  },
};
