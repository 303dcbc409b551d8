import type { Federation } from "@fedify/fedify";
import { Accept, Block, Follow, Move, Reject, Undo } from "@fedify/fedify/vocab";
import type { FederationContextData } from "../fedify/federation.ts";
import { registerContentListeners } from "./content-listeners.ts";
import { onAccept, onBlock, onFollow, onMove, onReject, onUndo } from "./relationship-handlers.ts";

/**
 * The personal inboxes (/users/{identifier}/inbox) and the shared one (/inbox). Fedify answers
 * 401 before any listener runs when the HTTP signature (or a Linked Data signature or integrity
 * proof) does not verify, the Digest does not match the body, the Date is outside the window set
 * in createStarlingFederation, the key cannot be fetched, or the key's owner is not the activity's
 * actor; 400 for a body that is not JSON or not an activity.
 */
export function registerInboxListeners(federation: Federation<FederationContextData>): void {
  const setters = federation
    .setInboxListeners("/users/{identifier}/inbox", "/inbox")
    .on(Follow, onFollow)
    .on(Accept, onAccept)
    .on(Reject, onReject)
    .on(Undo, onUndo)
    .on(Block, onBlock)
    .on(Move, onMove);
  registerContentListeners(setters);
}
