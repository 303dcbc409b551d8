import { Flag } from "@fedify/fedify/vocab";
import type { EventHandlers } from "@starling/events";
import { INSTANCE_ACTOR_KEY_ID, INSTANCE_ACTOR_PATH } from "../fedify/instance-actor.ts";
import { accountsById, inboxesOf, isRemote } from "./addressing.ts";
import type { OutboundDeps } from "./deps.ts";
import { sendActivity } from "./send-activity.ts";

/**
 * report.forwarded: a Flag from the instance actor (so the reporter stays anonymous, as Mastodon
 * forwards) to the reported remote account's server, naming the account and the reported statuses.
 */
export const reportHandlers: EventHandlers<OutboundDeps> = {
  "report.forwarded": async (report, _envelope, deps) => {
    const target = (await accountsById(deps.data, [report.targetAccountId])).get(report.targetAccountId);
    if (!isRemote(target)) return;
    const { statuses } = report.statusIds.length ? await deps.data.federatedStatuses.getStatusesForFederation({ ids: report.statusIds }) : { statuses: [] };
    const flag = new Flag({
      id: new URL(`/reports/${report.reportId}`, deps.origin),
      actor: new URL(INSTANCE_ACTOR_PATH, deps.origin),
      objects: [new URL(target.uri), ...statuses.flatMap((status) => (status.status?.uri ? [new URL(status.status.uri)] : []))],
      content: report.comment,
    });
    await sendActivity(deps, { id: INSTANCE_ACTOR_KEY_ID }, flag, await inboxesOf(deps.data, [target.id], { shared: true }));
  },
};
