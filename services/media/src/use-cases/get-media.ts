import { notFound, unauthenticated } from "@starling/runtime";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { findMedia } from "../data/media-queries.ts";
import type { Caller, MediaDeps } from "./deps.ts";

/** Attachments by id in request order, unknown ids left out. */
export async function getMedia(deps: MediaDeps, ids: string[]): Promise<MediaRecord[]> {
  const byId = new Map((await findMedia(deps.db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One upload of the viewer not attached to a status yet, as GET /api/v1/media/:id shows it. */
export async function getOwnMedia(deps: MediaDeps, caller: Caller, id: string): Promise<MediaRecord> {
  if (!caller.accountId) throw unauthenticated("This method requires an authenticated user");
  const [record] = await findMedia(deps.db, [id]);
  if (!record || record.accountId !== caller.accountId || record.statusId !== null) throw notFound();
  return record;
}
