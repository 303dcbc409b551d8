/**
 * What each event means for notifications (Mastodon's NotifyService callers), run by the feed
 * consumer in the same inbox transaction as the read-model changes the event makes, just before
 * them: a follow.accepted for a follow already in force is then recognised as an options change.
 */
import type { Transaction } from "@starling/db";
import type { EventEnvelope, EventHandlers } from "@starling/events";
import { notifiedFollowers, whoFollows } from "../data/follows-queries.ts";
import { deleteNotificationOf, deleteNotificationsAbout } from "../data/notifications-queries.ts";
import { applyConversationMuteChange, applyDomainBlockChange, recordRemoteAccount } from "../data/notification-rules-queries.ts";
import { rebloggersOf } from "../data/statuses-index-queries.ts";
import { audienceOf } from "../domain/home-delivery.ts";
import type { FeedDeps } from "../use-cases/feed-deps.ts";
import { notifyAccounts } from "../use-cases/notify-accounts.ts";
import { receiversOf } from "../use-cases/reply-filter.ts";

type Extra = { deps: FeedDeps; trx: Transaction };

const at = (envelope: EventEnvelope, time?: Date) => time ?? envelope.occurredAt ?? new Date();

// One follow request per requester and target: answered, withdrawn or asked again, it is the same one.
const requestActivity = (requesterId: string) => `follow_request:${requesterId}`;

/** Notification handlers by event type. */
export const notificationHandlers: EventHandlers<Extra> = {
  "follow.accepted": async (follow, envelope, { deps, trx }) => {
    // An accepted request was announced as follow_request; that notification goes with the request.
    if (follow.requestId) return deleteNotificationOf(deps.db, trx, follow.targetAccountId, requestActivity(follow.accountId));
    // Changed options (reblogs, notify) are announced as follow.accepted again; the target heard of the follow already.
    if ((await whoFollows(deps.db, trx, [follow.accountId], follow.targetAccountId)).size > 0) return;
    await notifyAccounts(deps, trx, [follow.targetAccountId], { type: "follow", fromAccountId: follow.accountId, activity: `follow:${follow.followId}`, createdAt: at(envelope) });
  },
  "follow.requested": async (request, envelope, { deps, trx }) => {
    await notifyAccounts(deps, trx, [request.targetAccountId], { type: "follow_request", fromAccountId: request.accountId, activity: requestActivity(request.accountId), createdAt: at(envelope) });
  },
  "follow.rejected": (request, _envelope, { deps, trx }) => deleteNotificationOf(deps.db, trx, request.targetAccountId, requestActivity(request.accountId)),
  // A withdrawn request takes its notification; an ended follow removes nothing already sent.
  "follow.removed": (follow, _envelope, { deps, trx }) => deleteNotificationOf(deps.db, trx, follow.targetAccountId, requestActivity(follow.accountId)),
  "status.created": async (status, envelope, { deps, trx }) => {
    if (status.reblogOfId) return;
    const base = { fromAccountId: status.accountId, statusId: status.statusId, conversationRootId: status.conversationRootId, createdAt: at(envelope, status.createdAt) };
    await notifyAccounts(deps, trx, status.mentionedAccountIds, { ...base, type: "mention", activity: `mention:${status.statusId}` });
    if (audienceOf(status.visibility) === "mentioned") return;
    // Mastodon's FeedInsertWorker: followers who asked for it, when the status reaches their home.
    const routing = { id: status.statusId, accountId: status.accountId, visibility: status.visibility, inReplyToId: status.inReplyToId, inReplyToAccountId: status.inReplyToAccountId };
    const subscribers = await receiversOf(deps, trx, routing, await notifiedFollowers(deps.db, trx, status.accountId));
    await notifyAccounts(deps, trx, subscribers, { ...base, type: "status", activity: `status:${status.statusId}` });
  },
  "status.updated": async (status, envelope, { deps, trx }) => {
    const editedAt = at(envelope, status.editedAt);
    await notifyAccounts(deps, trx, await rebloggersOf(deps.db, trx, status.statusId), {
      type: "update",
      fromAccountId: status.accountId,
      statusId: status.statusId,
      activity: `update:${status.statusId}:${editedAt.getTime()}`,
      createdAt: editedAt,
    });
  },
  // Every notification about a deleted status goes (its mentions, favourites, reblogs, edits, poll).
  "status.deleted": (status, _envelope, { deps, trx }) => deleteNotificationsAbout(deps.db, trx, status.statusId),
  "reblog.created": async (reblog, envelope, { deps, trx }) => {
    await notifyAccounts(deps, trx, [reblog.statusAccountId], { type: "reblog", fromAccountId: reblog.accountId, statusId: reblog.statusId, activity: `reblog:${reblog.reblogId}`, createdAt: at(envelope, reblog.createdAt) });
  },
  "favourite.created": async (favourite, envelope, { deps, trx }) => {
    await notifyAccounts(deps, trx, [favourite.statusAccountId], {
      type: "favourite",
      fromAccountId: favourite.accountId,
      statusId: favourite.statusId,
      activity: `favourite:${favourite.favouriteId}`,
      createdAt: at(envelope, favourite.createdAt),
    });
  },
  // statuses' scheduler announces each end once; the author is told too (Mastodon's one exception to "not your own").
  "poll.ended": async (poll, envelope, { deps, trx }) => {
    await notifyAccounts(deps, trx, [poll.accountId, ...poll.voterAccountIds], {
      type: "poll",
      fromAccountId: poll.accountId,
      statusId: poll.statusId,
      activity: `poll:${poll.pollId}:${at(envelope, poll.endedAt).getTime()}`,
      createdAt: at(envelope, poll.endedAt),
    });
  },
  "user.signed_up": async (signUp, envelope, { deps, trx }) => {
    await notifyAccounts(deps, trx, signUp.moderatorAccountIds, { type: "admin.sign_up", fromAccountId: signUp.accountId, activity: `admin.sign_up:${signUp.accountId}`, createdAt: at(envelope) });
  },
  // A remote server's report (no reporter) is shown as from the reported account.
  "report.created": async (report, envelope, { deps, trx }) => {
    const fromAccountId = report.accountId ?? report.targetAccountId;
    await notifyAccounts(deps, trx, report.staffAccountIds, { type: "admin.report", fromAccountId, reportId: report.reportId, activity: `admin.report:${report.reportId}`, createdAt: at(envelope, report.createdAt) });
  },
  "account.created": async (account, _envelope, { deps, trx }) => {
    if (account.domain) await recordRemoteAccount(deps.db, trx, account.accountId, account.domain);
  },
  "conversation.muted": (mute, envelope, { deps, trx }) => applyConversationMuteChange(deps.db, trx, { ...mute, active: true, changedAt: at(envelope) }),
  "conversation.unmuted": (mute, envelope, { deps, trx }) => applyConversationMuteChange(deps.db, trx, { ...mute, active: false, changedAt: at(envelope) }),
  "domain_block.created": (block, envelope, { deps, trx }) => applyDomainBlockChange(deps.db, trx, { ...block, active: true, changedAt: at(envelope) }),
  "domain_block.removed": (block, envelope, { deps, trx }) => applyDomainBlockChange(deps.db, trx, { ...block, active: false, changedAt: at(envelope) }),
};
