import { invalidArgument, type AsyncHandlers } from "@starling/runtime";
import type { ScheduledStatus as ScheduledStatusMessage, ScheduledStatusesServiceServer } from "@starling/proto/statuses/v1/scheduled_statuses";
import type { ScheduledStatus } from "../domain/scheduled-status.ts";
import { cancelScheduledStatus, getScheduledStatus, listScheduledStatuses, rescheduleStatus } from "../use-cases/manage-scheduled-statuses.ts";
import { scheduleStatus, type SchedulingDeps } from "../use-cases/schedule-status.ts";
import { callerOf } from "./caller-of.ts";
import { createStatusInputOf } from "./create-status-input.ts";
import { statusToProto } from "./status-to-proto.ts";

/** ScheduledStatusesService: decode → use case → encode. */
export function scheduledStatusesHandlers(deps: SchedulingDeps): AsyncHandlers<ScheduledStatusesServiceServer> {
  return {
    async scheduleStatus(request, ctx) {
      if (!request.status) throw invalidArgument("status is required");
      const result = await scheduleStatus(deps, callerOf(ctx), createStatusInputOf(request.status), requiredTime(request.scheduledAt));
      return result.scheduled ? { scheduledStatus: scheduledToProto(result.scheduled) } : { status: statusToProto(result.status) };
    },
    async listScheduledStatuses(request, ctx) {
      const page = await listScheduledStatuses(deps, callerOf(ctx), request.page);
      return { scheduledStatuses: page.items.map(scheduledToProto), nextMaxId: page.next, prevMinId: page.prev };
    },
    async getScheduledStatus(request, ctx) {
      return { scheduledStatus: scheduledToProto(await getScheduledStatus(deps, callerOf(ctx), request.id)) };
    },
    async rescheduleStatus(request, ctx) {
      return { scheduledStatus: scheduledToProto(await rescheduleStatus(deps, callerOf(ctx), request.id, requiredTime(request.scheduledAt))) };
    },
    async cancelScheduledStatus(request, ctx) {
      await cancelScheduledStatus(deps, callerOf(ctx), request.id);
      return {};
    },
  };
}

function requiredTime(at: Date | undefined): Date {
  if (!at || Number.isNaN(at.getTime())) throw invalidArgument("Validation failed: Scheduled at is not a valid time");
  return at;
}

function scheduledToProto(scheduled: ScheduledStatus): ScheduledStatusMessage {
  const { params } = scheduled;
  const poll = params.poll ? { options: params.poll.options, expiresIn: params.poll.expiresIn ?? undefined, multiple: params.poll.multiple, hideTotals: params.poll.hideTotals } : undefined;
  return {
    id: scheduled.id,
    scheduledAt: scheduled.scheduledAt,
    params: {
      text: params.text,
      poll,
      mediaIds: params.mediaIds,
      sensitive: params.sensitive,
      // No content warning is "" in the domain and absent in the contract; rows stored before
      // language and in_reply_to_id were optional hold "" for none.
      spoilerText: params.spoilerText || undefined,
      visibility: params.visibility ?? "public",
      language: params.language || undefined,
      inReplyToId: params.inReplyToId || undefined,
      application: params.application ?? undefined,
    },
  };
}
