import type { Status } from "../domain/status.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { favouriteEvent } from "./interaction-events.ts";
import { addRecord, removeRecord, type RecordKind } from "./record-interaction.ts";

/** Favourites: counted on the status, announced with favourite.created and favourite.deleted. */
export const favourites: RecordKind = {
  table: "favourites",
  counter: "favourites_count",
  events: (change, record, status, at) => [favouriteEvent(change === "created" ? "favourite.created" : "favourite.deleted", record, status, at)],
};

/** Favourites a status as the caller (idempotent), with favourites_count and favourite.created. */
export function favouriteStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  return addRecord(deps, caller, id, favourites);
}

/** Removes the caller's favourite, with favourites_count and favourite.deleted; harmless without one. */
export function unfavouriteStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  return removeRecord(deps, caller, id, favourites);
}
