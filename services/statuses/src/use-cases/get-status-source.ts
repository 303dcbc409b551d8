import { notFound } from "@starling/runtime";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatus } from "./find-visible-status.ts";

/** Mastodon's StatusSource: what the author typed, to fill an edit form. */
export interface StatusSource {
  id: string;
  text: string;
  spoilerText: string;
}

/** The source of a status the caller may see (Mastodon checks only that); NOT_FOUND otherwise. */
export async function getStatusSource(deps: StatusesDeps, caller: Caller, id: string): Promise<StatusSource> {
  const status = await findVisibleStatus(deps, caller, id);
  if (!status) throw notFound();
  return { id: status.id, text: status.text, spoilerText: status.spoilerText };
}
