import { z } from "zod";
import type { ListScheduledStatusesResponse, ScheduledStatus } from "@starling/proto/statuses/v1/scheduled_statuses";
import type { CreateStatusRequest, Status } from "@starling/proto/statuses/v1/statuses";
import type { Route, RouteContext } from "../http/route.ts";
import { idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentScheduledStatus, presentScheduledStatuses } from "../presenters/scheduled-status.ts";
import { presentStatus } from "../presenters/status.ts";

const byId = z.object({ id: idParam });
const list = z.object(pageParams(20));

/** An ISO 8601 time as Mastodon parses `scheduled_at`; anything else is a 422 here. */
export const scheduledAtParam = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), "must be an ISO 8601 time")
  .transform((value) => new Date(value));

const reschedule = z.object({ id: idParam, scheduled_at: scheduledAtParam });

const asViewer = (ctx: RouteContext) => ({ viewerToken: ctx.viewerToken });

/** Scheduled statuses (reference §1.21): the viewer's own, listed by id with Link headers. */
export const scheduledStatusRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/scheduled_statuses",
    auth: "user",
    scopes: ["read", "read:statuses"],
    input: list,
    call: async (ctx, input: z.infer<typeof list>) =>
      ctx.clients.scheduledStatuses.listScheduledStatuses({ page: pageRequest(input) }, asViewer(ctx)),
    present: (ctx, r: ListScheduledStatusesResponse) => presentScheduledStatuses(ctx, r.scheduledStatuses),
    links: (r: ListScheduledStatusesResponse) => ({ next: r.nextMaxId, prev: r.prevMinId, prevParam: "min_id" }),
  },
  {
    method: "get",
    path: "/api/v1/scheduled_statuses/:id",
    auth: "user",
    scopes: ["read", "read:statuses"],
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => (await ctx.clients.scheduledStatuses.getScheduledStatus({ id: input.id }, asViewer(ctx))).scheduledStatus!,
    present: presentScheduledStatus,
  },
  ...(["put", "patch"] as const).map(
    (method): Route => ({
      method,
      path: "/api/v1/scheduled_statuses/:id",
      auth: "user",
      scopes: ["write", "write:statuses"],
      input: reschedule,
      call: async (ctx, input: z.infer<typeof reschedule>) =>
        (await ctx.clients.scheduledStatuses.rescheduleStatus({ id: input.id, scheduledAt: input.scheduled_at }, asViewer(ctx))).scheduledStatus!,
      present: presentScheduledStatus,
    }),
  ),
  {
    method: "delete",
    path: "/api/v1/scheduled_statuses/:id",
    auth: "user",
    scopes: ["write", "write:statuses"],
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => ctx.clients.scheduledStatuses.cancelScheduledStatus({ id: input.id }, asViewer(ctx)),
    present: () => ({}),
  },
];

/** `scheduled_at` of POST /api/v1/statuses: absent, null or "" mean "post now". */
export const optionalScheduledAtParam = z.preprocess((value) => (value === "" || value === null ? undefined : value), scheduledAtParam.optional());

/**
 * How POST /api/v1/statuses sends its request: to CreateStatus, or with `scheduled_at` to
 * ScheduleStatus, whose answer is a ScheduledStatus or (too close to wait) the posted Status.
 */
export function postOrSchedule(ctx: RouteContext, scheduledAt: Date | undefined) {
  return async (request: CreateStatusRequest, options: { viewerToken: string | undefined }): Promise<{ status?: Status | undefined; scheduledStatus?: ScheduledStatus | undefined }> =>
    scheduledAt ? ctx.clients.scheduledStatuses.scheduleStatus({ status: request, scheduledAt }, options) : ctx.clients.statuses.createStatus(request, options);
}

/** Renders what {@link postOrSchedule} answered: a decoded ScheduledStatus always has `params`, a Status never. */
export const presentPostedOrScheduled = (ctx: RouteContext, result: Status | ScheduledStatus) =>
  "params" in result ? presentScheduledStatus(ctx, result) : presentStatus(ctx, result as Status);
