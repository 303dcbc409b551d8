import type { InboxContext } from "@fedify/fedify";
import type { Flag } from "@fedify/fedify/vocab";
import { hostPolicy } from "../data/instance-blocks-queries.ts";
import type { FederationContextData } from "../fedify/federation.ts";
import { dropped } from "./inbox-log.ts";
import { localAccountOf, sender } from "./relationship-handlers.ts";

// A local status's URI: /users/{username}/statuses/{id} on our origin.
const LOCAL_STATUS = /^\/users\/[A-Za-z0-9_]+\/statuses\/(\d{1,19})$/;

/**
 * Flag from a remote server (Mastodon's report forwarding): its objects name a local account and
 * any of its statuses; the moderation service files it as a report from the sender, once per
 * activity id. Flags naming no local account, or from a server whose reports staff reject
 * (a domain block with reject_reports), are dropped.
 */
export async function onFlag(ctx: InboxContext<FederationContextData>, flag: Flag): Promise<void> {
  const origin = new URL(ctx.origin).origin;
  const ours = flag.objectIds.filter((id) => id.origin === origin);
  let target = null;
  for (const id of ours) if (!target && !LOCAL_STATUS.test(id.pathname)) target = await localAccountOf(ctx, id);
  if (!target || !flag.id || !flag.actorId) return dropped("a Flag naming no local account");
  if ((await hostPolicy(ctx.data.db, flag.actorId.host)).rejectReports) return dropped("a Flag from a server whose reports staff reject");
  const statusIds = ours.flatMap((id) => LOCAL_STATUS.exec(id.pathname)?.[1] ?? []);
  const reporter = await sender(ctx, flag);
  await ctx.data.reports.receiveFlag({
    accountId: reporter.id,
    targetAccountId: target.id,
    statusIds,
    comment: flag.content?.toString() ?? "",
    originDomain: flag.actorId.host,
    activityUri: flag.id.href,
  });
}
