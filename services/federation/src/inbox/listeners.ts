import type { Federation } from "@fedify/fedify";
import { Accept, Activity, Block, Flag, Follow, Move, Reject, Undo } from "@fedify/fedify/vocab";
import type { FederationContextData } from "../fedify/federation.ts";
import { registerContentListeners } from "./content-listeners.ts";
import { onFlag } from "./flag-handler.ts";
import { dropped, logged } from "./inbox-log.ts";
import { onAccept, onBlock, onFollow, onMove, onReject, onUndo } from "./relationship-handlers.ts";

/**
 * The personal inboxes (/users/{identifier}/inbox) and one without an owner, `sharedInboxPath`
 * (the shared /inbox, or the instance actor's /actor/inbox, which takes the same). Fedify answers
 * 401 before any listener runs when the HTTP signature (or a Linked Data signature or integrity
 * proof) does not verify, the Digest does not match the body, the Date is outside the window set
 * in createStarlingFederation, the key cannot be fetched, or the key's owner is not the activity's
 * actor; 400 for a body that is not JSON or not an activity. Each activity is logged (inbox-log.ts).
 */
export function registerInboxListeners(federation: Federation<FederationContextData>, sharedInboxPath: string): void {
  const setters = federation
    .setInboxListeners("/users/{identifier}/inbox", sharedInboxPath)
    .on(Follow, logged(onFollow))
    .on(Accept, logged(onAccept))
    .on(Reject, logged(onReject))
    .on(Undo, logged(onUndo))
    .on(Block, logged(onBlock))
    .on(Move, logged(onMove))
    .on(Flag, logged(onFlag));
  // Fedify hands an activity to the listener of its nearest registered class: this one takes the kinds not handled here.
  registerContentListeners(setters).on(
    Activity,
    logged(async () => dropped("an activity type not handled here")),
  );
}
