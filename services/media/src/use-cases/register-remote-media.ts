import { invalidArgument } from "@starling/runtime";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { ATTACHMENTS_PER_STATUS } from "../domain/media-rules.ts";
import { isHttpUrl, remoteMediaRecord, type RemoteMediaInput } from "../domain/remote-media.ts";
import { upsertRemoteMedia } from "../data/media-queries.ts";
import { queueUncached } from "../data/remote-cache-queries.ts";
import type { MediaDeps } from "./deps.ts";

/** RegisterRemoteMedia as the federation service sends it. */
export interface RegisterRemoteInput {
  accountId: string;
  items: RemoteMediaInput[];
  /** The server's media is rejected (reject_media): nothing is downloaded. */
  skipCache?: boolean;
}

/**
 * Records the attachments of a remote status and, unless its server's media is rejected, queues them for caching (see cache-remote-media):
 * they show from the remote server until the processing worker has stored a local copy. One row
 * per account and remote URL, so a repeated Create or an Update reuses the rows (and queues again
 * a download that failed or a copy `media remove-remote` dropped). All or none; answers in request order.
 */
export async function registerRemoteMedia(deps: MediaDeps, input: RegisterRemoteInput): Promise<MediaRecord[]> {
  if (!/^\d{1,19}$/.test(input.accountId)) throw invalidArgument("account_id must be an account id");
  // A URL named twice is one attachment, as first given.
  const items = input.items.filter((item, i) => input.items.findIndex((other) => other.remoteUrl === item.remoteUrl) === i);
  if (items.length > ATTACHMENTS_PER_STATUS) throw invalidArgument(`at most ${ATTACHMENTS_PER_STATUS} attachments per status`);
  if (items.some((item) => !isHttpUrl(item.remoteUrl))) throw invalidArgument("remote_url must be an http(s) URL");
  if (items.length === 0) return [];
  const now = deps.now();
  const stored = await deps.db.transaction(async (trx) => {
    const rows = await upsertRemoteMedia(deps.db, trx, items.map((item) => remoteMediaRecord(deps.newId(), input.accountId, item, now)));
    if (!input.skipCache) await queueUncached(deps.db, trx, rows.map((row) => row.id));
    return rows;
  });
  deps.nudgeWorker();
  const byUrl = new Map(stored.map((record) => [record.remoteUrl, record]));
  return items.map((item) => byUrl.get(item.remoteUrl)!);
}
