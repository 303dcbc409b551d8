import { notFound } from "@starling/runtime";
import { pollSnapshot, versionOfStatus, type StatusVersion } from "../domain/status-version.ts";
import { findPolls } from "../data/polls-queries.ts";
import { findStatusVersions } from "../data/status-edits-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatus } from "./find-visible-status.ts";

/**
 * The versions of a status the caller may see, oldest first. A status never edited has no stored
 * versions; it answers with its one current version, as Mastodon does, so clients always get the
 * original. Hidden, deleted and unknown statuses are NOT_FOUND.
 */
export async function getStatusHistory(deps: StatusesDeps, caller: Caller, id: string): Promise<StatusVersion[]> {
  const status = await findVisibleStatus(deps, caller, id);
  if (!status) throw notFound();
  const versions = await findStatusVersions(deps.db, status.id);
  if (versions.length > 0) return versions;
  const [poll] = status.pollId ? await findPolls(deps.db, [status.pollId]) : [];
  return [versionOfStatus(status.id, status, pollSnapshot(poll), status.editedAt ?? status.createdAt)];
}
